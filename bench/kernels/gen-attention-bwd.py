#!/usr/bin/env python3
# Compiles the backward attention kernels of attention_bwd.py (issue 24) with
# upstream Triton 3.6 for cuda:90, without a GPU, and writes every stage the
# way the corpus holds them:
#   OUTDIR/attn-bwd-<dtype>-d<HEAD_DIM>[-causal]/<kernel>.{source.ttir,ttir,ttgir,llir,ptx,json}
# Usage: build/venv/bin/python bench/kernels/gen-attention-bwd.py OUTDIR [--inputs DIR]
# With --inputs, each kernel's TTIR (without debug locations) is also written
# to DIR/bwd-<kernel>-<dtype>-d<HEAD_DIM>[-causal].ttir: the small files
# committed in bench/kernels/attention/ that the lit tests and tt-run YAMLs read.
import argparse, importlib, os, sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
import attention_bwd as ab
import upstream_stages
strip_locations = importlib.import_module("gen-attention").strip_locations

CONFIGS = [(dt, d, c) for dt in ("f16", "bf16") for d in (64, 128) for c in (False, True)]


def build(out_root, dtype, head_dim, causal, inputs=None):
    sigs = ab.signatures(dtype)
    tag = f"{dtype}-d{head_dim}{'-causal' if causal else ''}"
    kernels = [("attn_bwd_dkdv", ab.attn_bwd_dkdv, ab.DKDV_BLOCKS), ("attn_bwd_dq", ab.attn_bwd_dq, ab.DQ_BLOCKS)]
    if not causal:  # the preprocess kernel does not depend on the mask
        kernels.insert(0, ("attn_bwd_preprocess", ab.attn_bwd_preprocess, None))
    for name, fn, blocks in kernels:
        if blocks is None:
            constexprs = {"HEAD_DIM": head_dim, "BLOCK_M": ab.PRE_BLOCK_M}
        else:
            constexprs = {"HEAD_DIM": head_dim, "BLOCK_M": blocks[0], "BLOCK_N": blocks[1], "CAUSAL": causal}
        k = upstream_stages.compile_kernel(fn, sigs[name], constexprs, ab.DIV16, ab.warps(head_dim), ab.STAGES)
        meta = upstream_stages.write_stages(k, os.path.join(out_root, f"attn-bwd-{tag}"), name)
        if inputs:
            os.makedirs(inputs, exist_ok=True)
            short = name.replace("attn_bwd_", "")
            ktag = f"{dtype}-d{head_dim}" if blocks is None else tag
            with open(os.path.join(inputs, f"bwd-{short}-{ktag}.ttir"), "w") as f:
                f.write(strip_locations(k.asm["ttir"]))
        print(f"attn-bwd-{tag}/{name}: shared={meta['shared']}")


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("outdir")
    ap.add_argument("--inputs", default=None)
    a = ap.parse_args()
    for dtype, head_dim, causal in CONFIGS:
        build(a.outdir, dtype, head_dim, causal, a.inputs)
