#!/usr/bin/env python3
#===- compile-all.py - every kernel of a dump through tt-translate -*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""Compiles every kernel of a folder of TTIR files with tt-translate.

    compile-all.py DIR [--tools build/bin] [--target cuda:90] [--emit ptx|cubin]
                   [-j N] [--json OUT] [--failures DIR] [--filter REGEX]

DIR holds `.ttir` files at any depth, for instance upstream's
TRITON_KERNEL_DUMP folders (bench/plugin/device-suite.sh packs those of
upstream's test suite into kernels.tar.xz). A `<name>.json` beside a kernel
(upstream's metadata) gives num_warps/num_stages/num_ctas; else 4 warps and
3 stages. Prints the outcome classes (ok, refused with tt's first error
line, crashed), the compile-time distribution, and the slowest kernels.
--failures DIR copies one input per failure class there (DIR/NNN-class.ttir).
"""

import argparse
import collections
import concurrent.futures
import json
import kernelset
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

CRASH = ("PLEASE submit a bug report", "Stack dump", "LLVM ERROR", "Assertion `")


def options_for(path):
    base = os.path.splitext(path)[0]
    for meta in (base + ".json", os.path.join(os.path.dirname(path), "metadata.json")):
        if os.path.exists(meta):
            try:
                with open(meta) as f:
                    m = json.load(f)
                return int(m.get("num_warps", 4)), int(m.get("num_stages", 3))
            except (ValueError, OSError):
                pass
    return 4, 3


def first_error(stderr):
    for line in stderr.splitlines():
        if "LLVM ERROR" in line or "error:" in line:
            line = re.sub(r"^.*?error: ", "error: ", line)
            return line.strip()
    lines = [l for l in stderr.splitlines() if l.strip()]
    return lines[0].strip() if lines else "(no message)"


def normalize(line):
    line = re.sub(r"\d+", "N", line)
    line = re.sub(r"'[^']*'", "'_'", line) if "legalize" not in line else line
    return line[:140]


def compile_one(args, path, scratch):
    warps, stages = options_for(path)
    out = os.path.join(scratch, f"{os.getpid()}-{abs(hash(path))}.{args.emit}")
    cmd = [os.path.join(args.tools, "tt-translate"), "--target", args.target, "--num-warps", str(warps),
           "--num-stages", str(stages), f"--{args.emit}", path, "-o", out]
    start = time.perf_counter()
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, errors="replace", timeout=args.timeout)
        rc, err = proc.returncode, proc.stderr
    except subprocess.TimeoutExpired:
        rc, err = -999, f"timeout after {args.timeout} s"
    seconds = time.perf_counter() - start
    if os.path.exists(out):
        os.remove(out)
    if rc == 0:
        return path, "ok", "", seconds
    crashed = rc < 0 or rc > 1 or any(m in err for m in CRASH)
    return path, "crashed" if crashed else "refused", first_error(err), seconds


def compare(results, args):
    """The distribution of tt's time over upstream's, kernel by kernel."""
    with open(args.upstream) as f:
        upstream = json.load(f)
    pairs = []
    for path, kind, _, seconds in results:
        theirs = upstream.get(os.path.relpath(path, args.dir))
        if isinstance(theirs, dict):  # upstream-compile.py's {"total", "stages"}
            theirs = theirs.get("total")
        if kind == "ok" and isinstance(theirs, (int, float)) and theirs > 0:
            pairs.append((seconds / theirs, seconds, theirs, os.path.relpath(path, args.dir)))
    if not pairs:
        print("\nno kernel compiled by both")
        return
    pairs.sort()
    q = lambda f: pairs[min(len(pairs) - 1, int(f * len(pairs)))][0]
    tt_total = sum(p[1] for p in pairs)
    up_total = sum(p[2] for p in pairs)
    print(f"\ntt / upstream compile time over the {len(pairs)} kernels both compiled: "
          f"median {q(0.5):.2f}  p90 {q(0.9):.2f}  p99 {q(0.99):.2f}  max {pairs[-1][0]:.2f}  "
          f"(sums: tt {tt_total:.1f} s, upstream {up_total:.1f} s)")
    for ratio, mine, theirs, path in pairs[-5:][::-1]:
        print(f"  {ratio:6.2f}  tt {mine:.3f} s  upstream {theirs:.3f} s  {path}")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("dir")
    parser.add_argument("--tools", default=os.path.join(os.path.dirname(__file__), "..", "..", "build", "bin"))
    parser.add_argument("--target", default="cuda:90")
    parser.add_argument("--emit", default="ptx", choices=("ptx", "cubin", "llvmir", "so"))
    parser.add_argument("-j", type=int, default=os.cpu_count())
    parser.add_argument("--timeout", type=float, default=120)
    parser.add_argument("--json", help="write every kernel's outcome here")
    parser.add_argument("--failures", help="copy one input per failure class into this folder")
    parser.add_argument("--filter", help="only paths matching this regular expression")
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--upstream", help="upstream-compile.py's JSON: print the tt/upstream time ratios")
    parser.add_argument("--limit", type=int, default=0, help="only the first N kernels (sorted by path)")
    args = parser.parse_args(argv)
    paths = kernelset.select(args.dir, args.filter, args.limit, "compile-all.py")
    scratch = tempfile.mkdtemp(prefix="tt-compile-all-")
    # A snapshot of the tool: a rebuild during the run must not swap it.
    tool = os.path.join(scratch, "tt-translate")
    shutil.copy2(os.path.join(args.tools, "tt-translate"), tool)
    args.tools = scratch
    results = []
    wall = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(args.j) as pool:
        for r in pool.map(lambda p: compile_one(args, p, scratch), paths):
            results.append(r)
    wall = time.perf_counter() - wall
    shutil.rmtree(scratch, ignore_errors=True)

    outcome = collections.Counter(r[1] for r in results)
    print(f"{len(results)} kernels in {wall:.1f} s ({args.j} jobs, {args.target}, --{args.emit}): "
          + ", ".join(f"{n} {k}" for k, n in outcome.most_common()))
    classes = collections.defaultdict(list)
    for path, kind, msg, _ in results:
        if kind != "ok":
            classes[(kind, normalize(msg))].append(path)
    if classes:
        print(f"\n{'count':>6}  {'kind':8s}  first error line")
        for i, ((kind, msg), ps) in enumerate(sorted(classes.items(), key=lambda kv: -len(kv[1]))):
            print(f"{len(ps):6d}  {kind:8s}  {msg}")
            if args.failures:
                os.makedirs(args.failures, exist_ok=True)
                shutil.copy(ps[0], os.path.join(args.failures, f"{i:03d}-{kind}.ttir"))
    times = sorted(r[3] for r in results if r[1] == "ok")
    if times:
        q = lambda f: times[min(len(times) - 1, int(f * len(times)))]
        print(f"\ncompile time of the {len(times)} compiled (s): median {statistics.median(times):.3f}  "
              f"p90 {q(0.9):.3f}  p99 {q(0.99):.3f}  max {times[-1]:.3f}")
        slow = sorted((r for r in results if r[1] == "ok"), key=lambda r: -r[3])[:min(args.top, 10)]
        for path, _, _, s in slow:
            print(f"  {s:7.3f}  {os.path.relpath(path, args.dir)}")
    if args.upstream:
        compare(results, args)
    if args.json:
        with open(args.json, "w") as f:
            json.dump([{"path": os.path.relpath(p, args.dir), "outcome": k, "error": m, "seconds": round(s, 4)}
                       for p, k, m, s in results], f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
