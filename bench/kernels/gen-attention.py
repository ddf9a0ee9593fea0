#!/usr/bin/env python3
# Compiles the forward attention kernel of attention_fwd.py (issue 24) with
# upstream Triton 3.6 for cuda:90, without a GPU, and writes every stage the
# way the corpus holds them:
#   OUTDIR/attn-fwd-<dtype>-d<HEAD_DIM>[-causal]-w<W>-s<S>/attn_fwd.{source.ttir,ttir,ttgir,llir,ptx,json}
# Usage: build/venv/bin/python bench/kernels/gen-attention.py OUTDIR [--warps W...] [--stages S]
#            [--inputs DIR]
# (the venv comes from scripts/python-venv.sh). With --inputs, the TTIR of
# each 8-warp configuration is also written to DIR/<dtype>-d<HEAD_DIM>[-causal].ttir
# without its debug locations: those are the small files committed in
# bench/kernels/attention/ (what the lit tests and the tt-run YAMLs read);
# the rest is reference material kept outside the repository.
import argparse, os, sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
import attention_fwd as af
import upstream_stages


def folder(dtype, head_dim, causal, warps, stages):
    return f"attn-fwd-{dtype}-d{head_dim}{'-causal' if causal else ''}-w{warps}-s{stages}"


def strip_locations(ttir):
    # Drops the #loc aliases and every `loc(...)` (balanced parentheses).
    lines = [l for l in ttir.split("\n") if not l.startswith("#loc")]
    text, out, i = "\n".join(lines), [], 0
    while True:
        j = text.find(" loc(", i)
        if j < 0:
            out.append(text[i:])
            return "".join(out)
        out.append(text[i:j])
        depth, k = 0, j + 4
        while True:
            depth += {"(": 1, ")": -1}.get(text[k], 0)
            k += 1
            if depth == 0:
                break
        i = k


def build(out_root, dtype, head_dim, causal, warps, stages, inputs=None):
    sig = af.signature(dtype)
    constexprs = {"HEAD_DIM": head_dim, "BLOCK_M": 128, "BLOCK_N": 64, "CAUSAL": causal,
                  "V_TRANSPOSED": dtype == "fp8"}
    k = upstream_stages.compile_kernel(af.attn_fwd, sig, constexprs, af.DIV16, warps, stages)
    d = os.path.join(out_root, folder(dtype, head_dim, causal, warps, stages))
    meta = upstream_stages.write_stages(k, d, "attn_fwd")
    if inputs and warps == 8:
        os.makedirs(inputs, exist_ok=True)
        name = f"{dtype}-d{head_dim}{'-causal' if causal else ''}.ttir"
        with open(os.path.join(inputs, name), "w") as f:
            f.write(strip_locations(k.asm["ttir"]))
    print(f"{os.path.basename(d)}: shared={meta['shared']}")


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("outdir")
    ap.add_argument("--warps", type=int, nargs="*", default=None)
    ap.add_argument("--stages", type=int, default=None)
    ap.add_argument("--inputs", default=None)
    a = ap.parse_args()
    for dtype, head_dim, causal, warps, stages in af.CONFIGS:
        for w in (a.warps or [warps]):
            build(a.outdir, dtype, head_dim, causal, w, a.stages or stages, a.inputs)
