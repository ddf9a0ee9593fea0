#!/usr/bin/env python3
# Compiles the extra matmul kernels of issue #7 (tensor descriptors, fp8
# operands, bf16) with upstream Triton 3.6 for cuda:90 (and the corpus
# matmuls for cuda:80), without a GPU, and
# writes every stage the way the corpus holds them:
#   bench/kernels/<name>/<kernel>.{source.ttir,ttir,ttgir,llir,ptx,json}
# (the Python source of all of them is matmul_kernels.py beside this script)
# Usage: python gen-upstream.py [OUTDIR]   (needs `pip install triton==3.6.0`)
import os, sys

here = os.path.dirname(os.path.abspath(__file__))
out_root = sys.argv[1] if len(sys.argv) > 1 else here
sys.path.insert(0, here)
import matmul_kernels as mk
import upstream_stages


def build(name, fn, signature, constexprs, num_warps, num_stages, arch=90):
    # Pointers and the M/N/K/stride scalars that are multiples of 16, as the
    # launcher would specialize them for the sizes we time (all 16-aligned).
    k = upstream_stages.compile_kernel(fn, signature, constexprs, mk.DIV16, num_warps, num_stages, arch)
    meta = upstream_stages.write_stages(k, os.path.join(out_root, name), fn.__name__, arch)
    print(f"{name}: shared={meta['shared']} global_scratch={meta['global_scratch_size']}")


for spec in mk.KERNELS:
    build(**spec)
