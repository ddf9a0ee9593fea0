#!/usr/bin/env python3
#===- bench-attention.py - forward attention: tt, upstream, SDPA -*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""Forward attention (bench/kernels/attention_fwd.py) on the GPU, in one process:
the kernel compiled by upstream Triton 3.6 and by tt (through the plugin,
python/tt_triton, strict mode), checked against torch's SDPA and timed next
to torch's SDPA on its cuDNN and FlashAttention back ends.

    python3 bench/kernels/attention/bench-attention.py [--tools DIR] [--sizes 1024,4096,...]
        [--json OUT.json] [--quick]

Each configuration (f16/bf16, head dim 64/128, causal or not, Z=4 x 32
heads, 128x64 blocks, 8 warps, 3 stages) is checked at N = 1024 against
SDPA's math back end in float32 (max abs error of O printed for both
compilers), then timed at every N with triton.testing.do_bench (median
ms, L2 cleared), TFLOP/s = 4 Z H N^2 D (halved when causal). The two
compilers use two JITFunction objects of the same Python function, so
neither serves the other's binary; the plugin is enabled only around
tt's first launch of each specialization.
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
import attention_fwd as af  # noqa: E402
import tt_triton  # noqa: E402

BLOCK_M, BLOCK_N, WARPS, STAGES = 128, 64, 8, 3
Z, HEADS = 4, 32


def launch(fn, q, k, v, causal):
    """O for q, k, v; fp8 inputs take V transposed ([Z, H, D, N]) and give f16."""
    zz, hh, n, d = q.shape
    fp8 = q.dtype == torch.float8_e4m3fn
    out = torch.empty(q.shape, device=q.device, dtype=torch.float16 if fp8 else q.dtype)
    m = torch.empty((zz * hh, n), device=q.device, dtype=torch.float32)
    grid = (n // BLOCK_M, zz * hh)
    fn[grid](q, k, v, 1.0 / math.sqrt(d), m, out, q.stride(0), q.stride(1), q.stride(2), hh, n,
             HEAD_DIM=d, BLOCK_M=BLOCK_M, BLOCK_N=BLOCK_N, CAUSAL=causal, V_TRANSPOSED=fp8,
             num_warps=WARPS, num_stages=STAGES)
    return out


def sdpa(q, k, v, causal, backend):
    from torch.nn.attention import sdpa_kernel
    with sdpa_kernel(backend):
        return torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=causal)


HEADER = (f"{'config':22s} {'N':>6s} {'err up':>8s} {'err tt':>8s} {'ms up':>8s} {'ms tt':>8s} {'tt/up':>6s} "
          f"{'TF up':>6s} {'TF tt':>6s} {'TF cudnn':>8s} {'TF flash':>8s}")


def finish_row(row, name, n, flops):
    """Adds the TFLOP/s of every timed column to `row`, prints its table line, returns it."""
    tf = {key: (flops / (row[f"ms_{key}"] * 1e-3) / 1e12 if row.get(f"ms_{key}") else None)
          for key in ("up", "tt", "cudnn", "flash")}
    row.update({f"tflops_{k}": v for k, v in tf.items()})

    def f(x, w=8, p=3):
        return f"{x:{w}.{p}f}" if isinstance(x, float) else f"{'-':>{w}s}"
    err_up = row.get("err_up", float("nan"))
    err_tt = row.get("err_tt", row.get("tt_vs_up", float("nan")))
    print(f"{name:22s} {n:6d} {err_up:8.1e} {err_tt:8.1e} {f(row['ms_up'])} {f(row['ms_tt'])} "
          f"{row['ms_tt'] / row['ms_up']:6.2f} {f(tf['up'], 6, 0)} {f(tf['tt'], 6, 0)} "
          f"{f(tf['cudnn'], 8, 0)} {f(tf['flash'], 8, 0)}", flush=True)
    return row


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
    dtypes = ["f16", "bf16", "fp8"]
    if args.quick:
        sizes, dtypes = [1024, 4096], ["f16"]
    upstream_fn = JITFunction(af.attn_fwd.fn)
    tt_fn = JITFunction(af.attn_fwd.fn)
    rows = []
    print(HEADER)
    for dt in dtypes:
        dtype = {"f16": torch.float16, "bf16": torch.bfloat16, "fp8": torch.float8_e4m3fn}[dt]
        for d in (64, 128):
            for causal in (False, True):
                name = f"{dt}-d{d}{'-causal' if causal else ''}"
                for n in sizes:
                    g = torch.Generator(device="cuda").manual_seed(n + d)
                    q, k, v = (torch.randn((Z, HEADS, n, d), device="cuda", generator=g).to(dtype)
                               for _ in range(3))
                    vt = v.transpose(2, 3).contiguous() if dt == "fp8" else v  # what the kernel reads
                    row = {"config": name, "N": n}
                    o_up = launch(upstream_fn, q, k, vt, causal)
                    tt_triton.enable()
                    try:
                        o_tt = launch(tt_fn, q, k, vt, causal)
                    except Exception as e:  # a refusal or crash: record it, go on
                        tt_triton.disable()
                        row["tt_error"] = str(e)[:500]
                        print(f"{name:22s} {n:6d} tt failed: {str(e).splitlines()[0][:120]}")
                        rows.append(row)
                        continue
                    tt_triton.disable()
                    if n == sizes[0]:
                        ref = sdpa(q.float(), k.float(), v.float(), causal, SDPBackend.MATH)
                        row["err_up"] = (o_up.float() - ref).abs().max().item()
                        row["err_tt"] = (o_tt.float() - ref).abs().max().item()
                    else:
                        row["tt_vs_up"] = (o_tt.float() - o_up.float()).abs().max().item()
                    flops = 4 * Z * HEADS * n * n * d / (2 if causal else 1)
                    row["ms_up"] = triton.testing.do_bench(lambda: launch(upstream_fn, q, k, vt, causal))
                    row["ms_tt"] = triton.testing.do_bench(lambda: launch(tt_fn, q, k, vt, causal))
                    for label, backend in (("cudnn", SDPBackend.CUDNN_ATTENTION),
                                           ("flash", SDPBackend.FLASH_ATTENTION)):
                        try:
                            row[f"ms_{label}"] = triton.testing.do_bench(lambda: sdpa(q, k, v, causal, backend))
                        except Exception:
                            row[f"ms_{label}"] = None
                    rows.append(finish_row(row, name, n, flops))
    if args.json:
        with open(args.json, "w") as out:
            json.dump(rows, out, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
