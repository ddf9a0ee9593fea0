#!/usr/bin/env python3
#===- compile-latency.py - per-kernel compile time: upstream vs tt -*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""Per-kernel compile latency of upstream's triton.compile and of each tt tool.

    compile-latency.py [--tools DIR] [-n N]

For the kernels of python/tests/kernels.py (cross-compiled for cuda:90, no
GPU needed): upstream's in-process triton.compile (cache off), then, on the
TTIR it produced, each tool as the plugin runs it (`tt-dump`, and
`tt-translate --cubin` with a dump directory), plus the start of the tool
alone (`--version`). Prints the minimum and the median of N runs in ms.
Both tools are given the wheel's ptxas and libdevice, as the plugin does.
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _ms(values):
    return f"{min(values) * 1000:6.0f} {statistics.median(values) * 1000:6.0f}"


def _timed(fn, n):
    out = []
    for _ in range(n):
        start = time.perf_counter()
        fn()
        out.append(time.perf_counter() - start)
    return out


def _tool_command(tool, ttir, warps, stages, work):
    if os.path.basename(tool) == "tt-dump":
        return [tool, ttir, "--target", "cuda:90", "--num-warps", warps, "--num-stages", stages, "--dump-dir", work], {}
    return ([tool, "--target", "cuda:90", "--num-warps", warps, "--num-stages", stages, "--cubin", ttir, "-o",
             os.path.join(work, "k.cubin"), "--metadata", os.path.join(work, "k.json")],
            {"TRITON_KERNEL_DUMP": "1", "TRITON_DUMP_DIR": os.path.join(work, "dump")})


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tools", default=os.environ.get("TT_TOOLS_DIR") or os.path.join(ROOT, "build", "bin"))
    parser.add_argument("-n", type=int, default=5)
    args = parser.parse_args(argv)
    sys.path[:0] = [os.path.join(ROOT, "python"), os.path.join(ROOT, "python", "tests")]
    import kernels
    import triton
    from triton import knobs
    from triton.backends.compiler import GPUTarget
    from triton.backends.nvidia.compiler import get_ptxas
    from triton.compiler import ASTSource

    tools = [os.path.join(args.tools, t) for t in ("tt-dump", "tt-translate")
             if os.access(os.path.join(args.tools, t), os.X_OK)]
    if not tools:
        sys.exit(f"compile-latency.py: no tt-dump or tt-translate in {args.tools}")
    env = {k: v for k, v in os.environ.items() if k not in ("TRITON_CACHE_DIR", "TRITON_KERNEL_DUMP")}
    env.setdefault("TRITON_PTXAS_PATH", get_ptxas(90).path)
    knobs.compilation.always_compile = True
    print(f"{'':14s} {'upstream':>13s} " + " ".join(f"{os.path.basename(t):>13s}" for t in tools) +
          "   (min, median ms)")
    starts = [_ms(_timed(lambda: subprocess.run([t, "--version"], capture_output=True, env=env), args.n))
              for t in tools]
    print(f"{'tool start':14s} {'-':>13s} " + " ".join(f"{r:>13s}" for r in starts), flush=True)
    for case, (fn, sig, cx, opts) in kernels.CASES.items():
        kernel = None

        def upstream():
            nonlocal kernel
            kernel = triton.compile(ASTSource(fn, sig, cx), target=GPUTarget("cuda", 90, 32), options=opts)

        row = [_ms(_timed(upstream, args.n))]
        env["TRITON_LIBDEVICE_PATH"] = dict(kernel.metadata.extern_libs)["libdevice"]
        with tempfile.TemporaryDirectory() as scratch:
            ttir = os.path.join(scratch, f"{kernel.name}.ttir")
            with open(ttir, "w") as f:
                f.write(kernel.asm["ttir"])
            for tool in tools:

                def run_tool():
                    work = tempfile.mkdtemp(dir=scratch)
                    cmd, extra = _tool_command(tool, ttir, str(opts.get("num_warps", 4)),
                                               str(opts.get("num_stages", 3)), work)
                    proc = subprocess.run(cmd, env=dict(env, **extra), capture_output=True, text=True)
                    if proc.returncode != 0:
                        sys.exit(f"{' '.join(cmd)} failed:\n{proc.stderr}")

                row.append(_ms(_timed(run_tool, args.n)))
        print(f"{case:14s} " + " ".join(f"{r:>13s}" for r in row), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
