#!/usr/bin/env python3
# Cross-compiles (no GPU) the tensor-descriptor matmuls whose upstream
# Triton 3.6 TTIR and TTGIR the corpus-style tests ttgir-pipeline-tma*.test
# compare our TTGIR stage with, into Inputs/tma/ and Inputs/tma-fp8/.
# The kernel with device-made descriptors is bench/kernels/matmul_kernels.py's
# matmul_tma_kernel; host_desc_kernel below takes host-made descriptors.
# Usage: /work/venv-triton/bin/python gen-upstream-tma.py   (triton==3.6.0)
import os, sys
import triton
import triton.language as tl
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "..", "..", "bench", "kernels"))
import matmul_kernels as mk


@triton.jit
def host_desc_kernel(a_desc, b_desc, c_desc, M, N, K,
                     BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        a = a_desc.load([pid_m * BM, k * BK])
        b = b_desc.load([k * BK, pid_n * BN])
        acc = tl.dot(a, b, acc)
    c_desc.store([pid_m * BM, pid_n * BN], acc.to(c_desc.dtype))


def build(folder, name, fn, signature, constexprs, num_warps, num_stages, attrs=None):
    src = ASTSource(fn=fn, signature=signature, constexprs=constexprs, attrs=attrs or {})
    k = triton.compile(src, target=GPUTarget("cuda", 90, 32),
                       options={"num_warps": num_warps, "num_stages": num_stages})
    d = os.path.join(here, folder, name)
    os.makedirs(d, exist_ok=True)
    for ext in ("ttir", "ttgir"):
        with open(os.path.join(d, f"{fn.__name__}.{ext}"), "w") as f:
            f.write(k.asm[ext])
    print(f"{folder}/{name}")


ptrs = {"a_ptr": "*fp16", "b_ptr": "*fp16", "c_ptr": "*fp16", "M": "i32", "N": "i32", "K": "i32"}
div16 = {(i,): [["tt.divisibility", 16]] for i in range(6)}
build("tma", "tma-f16-128x128x32-w4-s4", mk.matmul_tma_kernel, ptrs,
      {"BM": 128, "BN": 128, "BK": 32, "GROUP_M": 8}, 4, 4, div16)
build("tma", "tma-bf16-128x256x64-w8-s3", mk.matmul_tma_kernel,
      dict(ptrs, a_ptr="*bf16", b_ptr="*bf16", c_ptr="*bf16"),
      {"BM": 128, "BN": 256, "BK": 64, "GROUP_M": 8}, 8, 3, div16)
build("tma", "hostdesc-f16-128x128x64-w4-s3", host_desc_kernel,
      {"a_desc": "tensordesc<fp16[128, 64]>", "b_desc": "tensordesc<fp16[64, 128]>",
       "c_desc": "tensordesc<fp16[128, 128]>", "M": "i32", "N": "i32", "K": "i32"},
      {"BM": 128, "BN": 128, "BK": 64}, 4, 3)
build("tma-fp8", "tma-fp8-128x256x128-w8-s3", mk.matmul_tma_kernel,
      dict(ptrs, a_ptr="*fp8e4nv", b_ptr="*fp8e4nv"),
      {"BM": 128, "BN": 256, "BK": 128, "GROUP_M": 8}, 8, 3, div16)
