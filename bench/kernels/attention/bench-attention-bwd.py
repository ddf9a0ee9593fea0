#!/usr/bin/env python3
#===- bench-attention-bwd.py - backward attention: tt, upstream, SDPA -*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""Backward attention (bench/kernels/attention_bwd.py: preprocess, dkdv, dq)
on the GPU, in one process: the three kernels compiled by upstream Triton 3.6
and by tt (through the plugin, python/tt_triton, strict mode), checked
against torch autograd of SDPA's math back end in float32, and timed next to
torch's SDPA backward on its cuDNN and FlashAttention back ends.

    python3 bench/kernels/attention/bench-attention-bwd.py [--tools DIR] [--sizes 1024,4096,...]
        [--json OUT.json] [--quick]

The forward pass (attention_fwd.py, compiled by upstream) gives O and M once
per configuration and size; both compilers' backward kernels then read the
same O, M and dO. Each configuration (f16/bf16, head dim 64/128, causal or
not, Z=4 x 32 heads) is checked at the first N (max abs error of dQ, dK, dV
for both compilers), then timed at every N with triton.testing.do_bench
(median ms of the three launches, L2 cleared). TFLOP/s = 2.5 x the forward's
4 Z H N^2 D (halved when causal), as upstream's tutorial counts it; SDPA's
backward is timed as torch.autograd.grad of its output.
"""

import argparse
import json
import math
import os
import sys

import torch
import triton
from triton.runtime.jit import JITFunction

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(here))  # bench/kernels
sys.path.insert(0, os.path.join(here, "..", "..", "..", "python"))
import attention_bwd as ab  # noqa: E402
import attention_fwd as af  # noqa: E402
import tt_triton  # noqa: E402
import importlib.util  # noqa: E402

# The table's header and rows, shared with the forward benchmark.
_spec = importlib.util.spec_from_file_location("bench_attention", os.path.join(here, "bench-attention.py"))
_fwd = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_fwd)
HEADER, finish_row = _fwd.HEADER, _fwd.finish_row

Z, HEADS = 4, 32


def forward(q, k, v, causal):
    zz, hh, n, d = q.shape
    o = torch.empty_like(q)
    m = torch.empty((zz * hh, n), device=q.device, dtype=torch.float32)
    af.attn_fwd[(n // 128, zz * hh)](q, k, v, 1.0 / math.sqrt(d), m, o, q.stride(0), q.stride(1), q.stride(2),
                                     hh, n, HEAD_DIM=d, BLOCK_M=128, BLOCK_N=64, CAUSAL=causal,
                                     num_warps=8, num_stages=3)
    return o, m


class Backward:
    """The three kernels as JITFunction objects of their own (one set per compiler)."""

    def __init__(self):
        self.pre = JITFunction(ab.attn_bwd_preprocess.fn)
        self.dkdv = JITFunction(ab.attn_bwd_dkdv.fn)
        self.dq = JITFunction(ab.attn_bwd_dq.fn)

    def __call__(self, q, k, v, o, m, do, causal):
        zz, hh, n, d = q.shape
        scale, warps = 1.0 / math.sqrt(d), ab.warps(d)
        delta = torch.empty_like(m)
        dq, dk, dv = torch.empty_like(q), torch.empty_like(k), torch.empty_like(v)
        self.pre[(n // ab.PRE_BLOCK_M, zz * hh)](o, do, delta, n, HEAD_DIM=d, BLOCK_M=ab.PRE_BLOCK_M,
                                                 num_warps=warps)
        strides = (q.stride(0), q.stride(1), q.stride(2), hh, n)
        bm, bn = ab.DKDV_BLOCKS
        self.dkdv[(n // bn, zz * hh)](q, k, v, scale, do, dk, dv, m, delta, *strides, HEAD_DIM=d,
                                      BLOCK_M=bm, BLOCK_N=bn, CAUSAL=causal,
                                      num_warps=warps, num_stages=ab.STAGES)
        bm, bn = ab.DQ_BLOCKS
        self.dq[(n // bm, zz * hh)](q, k, v, scale, do, dq, m, delta, *strides, HEAD_DIM=d,
                                    BLOCK_M=bm, BLOCK_N=bn, CAUSAL=causal,
                                    num_warps=warps, num_stages=ab.STAGES)
        return dq, dk, dv


def sdpa_grad_fn(q, k, v, do, causal, backend):
    """A closure timing SDPA's backward alone (the forward runs once here)."""
    from torch.nn.attention import sdpa_kernel
    q, k, v = (t.detach().requires_grad_() for t in (q, k, v))
    with sdpa_kernel(backend):
        o = torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=causal)

    def run():
        with sdpa_kernel(backend):
            return torch.autograd.grad(o, (q, k, v), do, retain_graph=True)
    return run


def reference(q, k, v, do, causal):
    from torch.nn.attention import SDPBackend, sdpa_kernel
    q, k, v = (t.detach().float().requires_grad_() for t in (q, k, v))
    with sdpa_kernel(SDPBackend.MATH):
        o = torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=causal)
    return torch.autograd.grad(o, (q, k, v), do.float())


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tools", help="tt's tools (default: TT_TOOLS_DIR)")
    ap.add_argument("--sizes", default="1024,2048,4096,8192,16384")
    ap.add_argument("--json")
    ap.add_argument("--quick", action="store_true", help="f16 only, N = 1024 and 4096")
    args = ap.parse_args()
    if args.tools:
        os.environ["TT_TOOLS_DIR"] = args.tools
    from torch.nn.attention import SDPBackend
    sizes = [int(s) for s in args.sizes.split(",")]
    dtypes = ["f16", "bf16"]
    if args.quick:
        sizes, dtypes = [1024, 4096], ["f16"]
    up, tt = Backward(), Backward()
    rows = []
    print(HEADER)
    for dt in dtypes:
        dtype = {"f16": torch.float16, "bf16": torch.bfloat16}[dt]
        for d in (64, 128):
            for causal in (False, True):
                name = f"bwd-{dt}-d{d}{'-causal' if causal else ''}"
                for n in sizes:
                    g = torch.Generator(device="cuda").manual_seed(n + d)
                    q, k, v, do = (torch.randn((Z, HEADS, n, d), device="cuda", dtype=dtype, generator=g)
                                   for _ in range(4))
                    o, m = forward(q, k, v, causal)
                    row = {"config": name, "N": n}
                    g_up = up(q, k, v, o, m, do, causal)
                    tt_triton.enable()
                    try:
                        g_tt = tt(q, k, v, o, m, do, causal)
                        torch.cuda.synchronize()
                    except Exception as e:  # a refusal or crash: record it, go on
                        tt_triton.disable()
                        row["tt_error"] = str(e)[:500]
                        print(f"{name:22s} {n:6d} tt failed: {str(e).splitlines()[0][:120]}", flush=True)
                        rows.append(row)
                        continue
                    tt_triton.disable()
                    if n == sizes[0]:
                        ref = reference(q, k, v, do, causal)
                        row["err_up"] = max((a.float() - r).abs().max().item() for a, r in zip(g_up, ref))
                        row["err_tt"] = max((a.float() - r).abs().max().item() for a, r in zip(g_tt, ref))
                    else:
                        row["tt_vs_up"] = max((a.float() - b.float()).abs().max().item() for a, b in zip(g_tt, g_up))
                    flops = 2.5 * 4 * Z * HEADS * n * n * d / (2 if causal else 1)
                    row["ms_up"] = triton.testing.do_bench(lambda: up(q, k, v, o, m, do, causal))
                    row["ms_tt"] = triton.testing.do_bench(lambda: tt(q, k, v, o, m, do, causal))
                    for label, backend in (("cudnn", SDPBackend.CUDNN_ATTENTION),
                                           ("flash", SDPBackend.FLASH_ATTENTION)):
                        try:
                            row[f"ms_{label}"] = triton.testing.do_bench(sdpa_grad_fn(q, k, v, do, causal, backend))
                        except Exception:
                            row[f"ms_{label}"] = None
                    rows.append(finish_row(row, name, n, flops))
    if args.json:
        with open(args.json, "w") as out:
            json.dump(rows, out, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
