#!/usr/bin/env python3
#===- upstream-compile.py - upstream's triton.compile of TTIR files -*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""Times upstream Triton's own in-process compilation of TTIR files to cubin.

    upstream-compile.py DIR [--json OUT] [--filter REGEX] [--limit N] [--target cuda:90]

Run with a python that has triton 3.6 (scripts/python-venv.sh makes one:
build/venv/bin/python); no GPU is needed (cross-compilation). Every `.ttir`
under DIR is compiled by `triton.compile(path, target=GPUTarget(...))` in
this one warm process (a first kernel is compiled untimed), with a fresh
cache directory so nothing is served from an earlier run; ptxas included.
The JSON maps each path (relative to DIR) to seconds, or to an error
string; compile-all.py --upstream JSON compares tt's times with it.
"""

import argparse
import json
import kernelset
import os
import sys
import tempfile
import time


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("dir")
    parser.add_argument("--json", required=True)
    parser.add_argument("--filter")
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--target", default="cuda:90")
    args = parser.parse_args(argv)
    os.environ["TRITON_CACHE_DIR"] = tempfile.mkdtemp(prefix="tt-upstream-cache-")
    os.environ.pop("TRITON_TT", None)
    os.environ["TRITON_ALWAYS_COMPILE"] = "1"  # identical TTIR files must not hit the cache
    import triton
    from triton.backends.compiler import GPUTarget
    backend, arch = args.target.split(":")
    target = GPUTarget(backend, int(arch), 32)
    paths = kernelset.select(args.dir, args.filter, args.limit, "upstream-compile.py")
    try:  # warm-up: imports, backend and driver set-up stay out of the figures
        triton.compile(paths[0], target=target)
    except Exception:  # noqa: BLE001 - the timed run reports it
        pass
    results = {}
    for path in paths:
        start = time.perf_counter()
        try:
            triton.compile(path, target=target, options={"num_warps": 4, "num_stages": 3})
            results[os.path.relpath(path, args.dir)] = round(time.perf_counter() - start, 4)
        except Exception as e:  # noqa: BLE001 - recorded per kernel
            results[os.path.relpath(path, args.dir)] = f"error: {str(e).splitlines()[0][:200]}"
    with open(args.json, "w") as f:
        json.dump(results, f, indent=1)
    ok = [v for v in results.values() if isinstance(v, float)]
    print(f"{len(ok)} of {len(results)} compiled by upstream; median {sorted(ok)[len(ok) // 2]:.3f} s" if ok else
          "none compiled")
    return 0


if __name__ == "__main__":
    sys.exit(main())
