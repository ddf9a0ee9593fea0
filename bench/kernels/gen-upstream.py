#!/usr/bin/env python3
# Compiles the extra matmul kernels of issue #7 (tensor descriptors, fp8
# operands, bf16) with upstream Triton 3.6 for cuda:90 (and the corpus
# matmuls for cuda:80), without a GPU, and
# writes every stage the way the corpus holds them:
#   bench/kernels/<name>/<kernel>.{source.ttir,ttir,ttgir,llir,ptx,json}
# (the Python source of all of them is matmul_kernels.py beside this script)
# Usage: python gen-upstream.py [OUTDIR]   (needs `pip install triton==3.6.0`)
import json, os, sys
import triton
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource

here = os.path.dirname(os.path.abspath(__file__))
out_root = sys.argv[1] if len(sys.argv) > 1 else here
sys.path.insert(0, here)
import matmul_kernels as mk


def build(name, fn, signature, constexprs, num_warps, num_stages, arch=90):
    attrs = {}
    # Pointers and the M/N/K/stride scalars that are multiples of 16, as the
    # launcher would specialize them for the sizes we time (all 16-aligned).
    for i, (arg, ty) in enumerate(signature.items()):
        if ty.startswith("*") or arg in mk.DIV16:
            attrs[(i,)] = [["tt.divisibility", 16]]
    src = ASTSource(fn=fn, signature=signature, constexprs=constexprs, attrs=attrs)
    k = triton.compile(src, target=GPUTarget("cuda", arch, 32),
                       options={"num_warps": num_warps, "num_stages": num_stages})
    d = os.path.join(out_root, name)
    os.makedirs(d, exist_ok=True)
    kname = fn.__name__
    for ext in ("source.ttir", "ttir", "ttgir", "llir", "ptx"):
        key = "source" if ext == "source.ttir" else ext
        if key in k.asm:
            with open(os.path.join(d, f"{kname}.{ext}"), "w") as f:
                f.write(k.asm[key])
    meta = k.metadata._asdict()
    meta["target"] = {"backend": "cuda", "arch": arch, "warp_size": 32}
    with open(os.path.join(d, f"{kname}.json"), "w") as f:
        json.dump(meta, f, default=str)
    print(f"{name}: shared={meta['shared']} global_scratch={meta['global_scratch_size']}")

for spec in mk.KERNELS:
    build(**spec)
