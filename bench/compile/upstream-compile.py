#!/usr/bin/env python3
#===- upstream-compile.py - upstream's triton.compile of TTIR files -*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""Times upstream Triton's own in-process compilation of TTIR files to cubin,
stage by stage.

    upstream-compile.py DIR --json OUT [--filter REGEX] [--limit N] [--target cuda:90] [--repeat N]

Run with a python that has triton 3.6 (scripts/python-venv.sh makes one:
build/venv/bin/python); no GPU is needed (cross-compilation). Every `.ttir`
under DIR is compiled by `triton.compile(path, target=GPUTarget(...),
options=...)` in this one warm process (a first kernel is compiled untimed),
with the options of its metadata JSON (kernelset.options_for, the ones tt
gets), a fresh cache directory and TRITON_ALWAYS_COMPILE so nothing is
served from a cache; ptxas included. A .ttir input starts at upstream's
make_ttgir (triton.compile skips the stage an IR file is the output of).

The time is split as tt's (compile-time.py):
  ttgir   make_ttgir (TTIR -> TTGIR)
  llir    make_llir without its LLVM O3 (TTGIR -> LLVM dialect -> LLVM IR)
  opt     llvm.optimize_module (O3), timed by wrapping that binding
  ptx     make_ptx (NVPTX code generation)
  ptxas   the ptxas process, timed by wrapping the subprocess module the
          NVIDIA backend calls it through (no wrapper script: a shell
          between would add its own start to upstream's time)
  other   the rest of triton.compile: parsing the file, the cache key,
          writing the stages to the cache, make_cubin around ptxas
With --repeat N each kernel is compiled N times in a row and the fastest
run kept (the figures of a 2-core machine shared with builds are noisy).

The JSON maps each path (relative to DIR) to {"total": s, "stages": {...}}
(seconds), or to an error string.
"""

import argparse
import json
import kernelset
import os
import sys
import tempfile
import time

STAGES = ("ttgir", "llir", "opt", "ptx", "ptxas")


class StageClock:
    """Accumulates seconds per stage name for the compilation in progress."""

    def __init__(self):
        self.seconds = {}

    def add(self, name, seconds):
        self.seconds[name] = self.seconds.get(name, 0.0) + seconds

    def timed(self, name, fn):

        def wrapper(*args, **kwargs):
            start = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                self.add(name, time.perf_counter() - start)

        return wrapper


def install_clock(clock):
    """Wraps upstream's stage functions, its O3 binding and its ptxas call."""
    from triton import knobs
    from triton._C.libtriton import llvm
    import triton.backends.nvidia.compiler as nvcompiler
    import subprocess as real_subprocess

    previous = knobs.runtime.add_stages_inspection_hook

    def hook(backend, stages, options, language, capability):
        if previous is not None:
            previous(backend, stages, options, language, capability)
        for name in list(stages):
            stages[name] = clock.timed("stage:" + name, stages[name])

    knobs.runtime.add_stages_inspection_hook = hook
    llvm.optimize_module = clock.timed("opt", llvm.optimize_module)

    class TimedSubprocess:
        """The subprocess module, with run() timed when it runs ptxas."""

        def __getattr__(self, name):
            return getattr(real_subprocess, name)

        @staticmethod
        def run(cmd, *args, **kwargs):
            if cmd and os.path.basename(str(cmd[0])).startswith("ptxas") and "--version" not in cmd:
                return clock.timed("ptxas", real_subprocess.run)(cmd, *args, **kwargs)
            return real_subprocess.run(cmd, *args, **kwargs)

    nvcompiler.subprocess = TimedSubprocess()


def split(clock, total):
    s = clock.seconds
    stages = {
        "ttgir": s.get("stage:ttgir", 0.0),
        "llir": s.get("stage:llir", 0.0) - s.get("opt", 0.0),
        "opt": s.get("opt", 0.0),
        "ptx": s.get("stage:ptx", 0.0),
        "ptxas": s.get("ptxas", 0.0),
    }
    stages["other"] = total - sum(stages.values())
    return {k: round(v, 5) for k, v in stages.items()}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("dir")
    parser.add_argument("--json", required=True)
    parser.add_argument("--filter")
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--target", default="cuda:90")
    parser.add_argument("--repeat", type=int, default=1, help="compile each kernel N times, keep the fastest")
    args = parser.parse_args(argv)
    os.environ["TRITON_CACHE_DIR"] = tempfile.mkdtemp(prefix="tt-upstream-cache-")
    os.environ.pop("TRITON_TT", None)
    os.environ["TRITON_ALWAYS_COMPILE"] = "1"  # identical TTIR files must not hit the cache
    import triton
    from triton.backends.compiler import GPUTarget
    backend, arch = args.target.split(":")
    target = GPUTarget(backend, int(arch), 32)
    paths = kernelset.select(args.dir, args.filter, args.limit, "upstream-compile.py")
    clock = StageClock()
    install_clock(clock)
    try:  # warm-up: imports, backend and driver set-up stay out of the figures
        triton.compile(paths[0], target=target, options=kernelset.options_for(paths[0]))
    except Exception:  # noqa: BLE001 - the timed run reports it
        pass
    results = {}
    for path in paths:
        rel = os.path.relpath(path, args.dir)
        best = None
        for _ in range(max(1, args.repeat)):
            clock.seconds = {}
            start = time.perf_counter()
            try:
                triton.compile(path, target=target, options=kernelset.options_for(path))
            except Exception as e:  # noqa: BLE001 - recorded per kernel
                best = f"error: {str(e).splitlines()[0][:200] if str(e) else type(e).__name__}"
                break
            total = time.perf_counter() - start
            if best is None or total < best["total"]:
                best = {"total": round(total, 5), "stages": split(clock, total)}
        results[rel] = best
    with open(args.json, "w") as f:
        json.dump(results, f, indent=1)
    ok = sorted(v["total"] for v in results.values() if isinstance(v, dict))
    print(f"{len(ok)} of {len(results)} compiled by upstream; median {ok[len(ok) // 2]:.3f} s" if ok else
          "none compiled")
    return 0


if __name__ == "__main__":
    sys.exit(main())
