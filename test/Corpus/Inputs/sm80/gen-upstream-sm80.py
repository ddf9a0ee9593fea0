#!/usr/bin/env python3
# Upstream Triton 3.6's cuda:80 builds (mma.sync, cp.async) of the tf32 and
# int8 matmul_acc_kernel of bench/kernels/matmul_kernels.py, same tiles,
# warps and stages as bench/kernels/matmul-{tf32,i8}-*: their TTIR (which is
# the cuda:90 one) and TTGIR, cross-compiled without a GPU.
# Usage (from the repository root, triton==3.6.0 installed):
#   python test/Corpus/Inputs/sm80/gen-upstream-sm80.py [OUTDIR]
import os, sys
here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "../../../../bench/kernels"))
import triton, triton.language as tl
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource
import matmul_kernels as mk

out = sys.argv[1] if len(sys.argv) > 1 else here
for name, dtype, acc, tile, warps, prec in [
        ("matmul-tf32-128x128x32-w4-s3-sm80", "*fp32", tl.float32, (128, 128, 32), 4, "tf32"),
        ("matmul-i8-128x256x128-w8-s3-sm80", "*i8", tl.int32, (128, 256, 128), 8, "ieee")]:
    sig = {"a_ptr": dtype, "b_ptr": dtype, "c_ptr": "*i32" if acc == tl.int32 else "*fp32",
           "M": "i32", "N": "i32", "K": "i32", "sam": "i32", "sak": "constexpr",
           "sbk": "i32", "sbn": "constexpr", "scm": "i32", "scn": "constexpr"}
    attrs = {(i,): [["tt.divisibility", 16]] for i, t in enumerate(sig.values()) if t != "constexpr"}
    consts = {"sak": 1, "sbn": 1, "scn": 1, "BM": tile[0], "BN": tile[1], "BK": tile[2],
              "GROUP_M": 8, "ACC": acc, "PRECISION": prec}
    k = triton.compile(ASTSource(fn=mk.matmul_acc_kernel, signature=sig, constexprs=consts, attrs=attrs),
                       target=GPUTarget("cuda", 80, 32), options={"num_warps": warps, "num_stages": 3})
    d = os.path.join(out, name)
    os.makedirs(d, exist_ok=True)
    for ext in ("ttir", "ttgir"):
        with open(os.path.join(d, f"matmul_acc_kernel.{ext}"), "w") as f:
            f.write(k.asm[ext])
    print(name)
