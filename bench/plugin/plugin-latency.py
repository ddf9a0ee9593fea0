#!/usr/bin/env python3
#===- plugin-latency.py - per-kernel time through the plugin ---*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""Per-kernel compile time through the plugin: compile server vs one process per kernel.

    plugin-latency.py [--tools build/bin] [--kernels N] [--modes server,process,upstream]

Cross-compiles (cuda:90, no GPU) a fixed set of kernels made by varying the
kernels of python/tests/kernels.py over block sizes, dtypes and warps
(elementwise, softmax, row reduction, dot), each with triton.compile in one
Python process per mode, the triton cache off (TRITON_ALWAYS_COMPILE=1):

  server    the plugin's default (TT_TRITON_SERVER unset): one `--serve` tool process
  process   TT_TRITON_SERVER=0: one tool process per kernel
  upstream  the plugin off: upstream's own stages

From the plugin's log (TT_TRITON_LOG) it prints, per mode, the median, p90
and max of `tt` (the tool's part: request to answer, or process start to
exit) and `total` (the whole triton.compile), in ms; for upstream, the
wall time of triton.compile. The first kernel of each run (warm-up:
imports, the server's start) is left out of the figures and shown apart.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _variants():
    """(case name, signature, constexprs, options), in a fixed order."""
    out = []
    for dtype in ("fp32", "fp16", "bf16", "i32", "fp64"):
        for block in (128, 256, 512, 1024, 2048, 4096):
            for warps in (1, 2, 4, 8):
                out.append(("elementwise", {"x_ptr": f"*{dtype}", "y_ptr": f"*{dtype}", "out_ptr": f"*{dtype}",
                                            "n": "i32"}, {"BLOCK": block}, {"num_warps": warps}))
    for dtype in ("fp32", "fp16"):
        for block in (256, 512, 1024, 2048, 4096):
            for warps in (2, 4, 8):
                out.append(("softmax", {"out_ptr": f"*{dtype}", "in_ptr": f"*{dtype}", "row_stride": "i32",
                                        "n_cols": "i32"}, {"BLOCK": block}, {"num_warps": warps}))
    for dtype in ("fp32", "fp16"):
        for bm in (8, 16, 32, 64):
            for bn in (32, 64, 128):
                out.append(("reduction", {"in_ptr": f"*{dtype}", "out_ptr": "*fp32", "M": "i32", "N": "i32"},
                            {"BLOCK_M": bm, "BLOCK_N": bn}, {}))
    for bm, bn, bk in ((64, 64, 32), (64, 128, 32), (128, 64, 32), (128, 128, 32), (64, 64, 64), (128, 128, 64)):
        for stages in (2, 3):
            out.append(("dot", {
                "a_ptr": "*fp16", "b_ptr": "*fp16", "c_ptr": "*fp16", "M": "i32", "N": "i32", "K": "i32",
                "stride_am": "i32", "stride_bk": "i32", "stride_cm": "i32"
            }, {"BLOCK_M": bm, "BLOCK_N": bn, "BLOCK_K": bk}, {"num_warps": 4, "num_stages": stages}))
    return out


def worker(mode, count, out_path):
    """Compiles the kernels in this process; writes {"wall": [...]} to out_path."""
    sys.path.insert(0, os.path.join(ROOT, "python", "tests"))
    sys.path.insert(0, os.path.join(ROOT, "python"))
    import triton
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource
    import kernels
    import tt_triton
    if mode != "upstream":
        tt_triton.enable()
    walls = []
    for case, signature, constexprs, options in _variants()[:count]:
        fn = kernels.CASES[case][0]
        start = time.perf_counter()
        triton.compile(ASTSource(fn, signature, constexprs), target=GPUTarget("cuda", 90, 32), options=options)
        walls.append(time.perf_counter() - start)
    with open(out_path, "w") as f:
        json.dump({"wall": walls}, f)


def _stats(values):
    values = sorted(values)
    p90 = values[min(len(values) - 1, int(round(0.9 * (len(values) - 1))))]
    return f"{statistics.median(values):7.1f} {p90:7.1f} {values[-1]:7.1f}"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tools", default=os.path.join(ROOT, "build", "bin"))
    ap.add_argument("--kernels", type=int, default=len(_variants()))
    ap.add_argument("--modes", default="server,process,upstream")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    ap.add_argument("--out", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        worker(args.worker, args.kernels, args.out)
        return
    count = min(args.kernels, len(_variants()))
    print(f"{count} kernels, cuda:90, tools {args.tools}")
    print(f"{'mode':9} {'what':6} {'median':>7} {'p90':>7} {'max':>7}   first (ms)")
    for mode in args.modes.split(","):
        with tempfile.TemporaryDirectory() as tmp:
            env = dict(os.environ, TT_TOOLS_DIR=os.path.abspath(args.tools), TRITON_ALWAYS_COMPILE="1",
                       TRITON_CACHE_DIR=os.path.join(tmp, "cache"), TT_TRITON_LOG=os.path.join(tmp, "tt.log"))
            env.pop("TRITON_TT", None)
            env.pop("TT_TRITON_SERVER", None)
            if mode == "process":
                env["TT_TRITON_SERVER"] = "0"
            out = os.path.join(tmp, "walls.json")
            subprocess.run([sys.executable, __file__, "--worker", mode, "--kernels", str(count), "--out", out],
                           env=env, check=True)
            with open(out) as f:
                walls = [w * 1000 for w in json.load(f)["wall"]]
            if mode == "upstream":
                print(f"{mode:9} {'total':6} {_stats(walls[1:])}   {walls[0]:.0f}")
                continue
            records = []
            with open(os.path.join(tmp, "tt.log")) as f:
                records = [json.loads(line) for line in f if line.strip()]
            bad = [r for r in records if r["status"] != "ok"]
            if bad:
                print(f"{mode}: {len(bad)} kernels not ok, first: {bad[0].get('message')}")
            tt_ms = [r["ms"]["tt"] for r in records]
            totals = [r["ms"]["total"] for r in records]
            print(f"{mode:9} {'tt':6} {_stats(tt_ms[1:])}   {tt_ms[0]:.0f}")
            print(f"{mode:9} {'total':6} {_stats(totals[1:])}   {totals[0]:.0f}")


if __name__ == "__main__":
    main()
