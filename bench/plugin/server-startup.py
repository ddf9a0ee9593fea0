#!/usr/bin/env python3
#===- server-startup.py - where a one-shot tool's time goes ---*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""Splits a one-shot compile's time: start, Compiler, first use, the compile.

    TRITON_PTXAS_PATH=... server-startup.py KERNEL.ttir [--tools build/bin] [-n 15]

Medians of N runs (ms): `tt-dump --version` (the process start),
`tt-dump --serve` with empty input (start + Compiler built), a one-shot
`tt-dump KERNEL`, the first request a fresh server answers and the later
ones (with the server's stage times). The one-shot time minus start minus
a warm request is the first-use cost a server pays once.
"""

import argparse
import json
import os
import statistics
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def timed(cmd, n):
    out = []
    for _ in range(n):
        start = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        out.append((time.perf_counter() - start) * 1000)
    return statistics.median(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("kernel")
    ap.add_argument("--tools", default=os.path.join(ROOT, "build", "bin"))
    ap.add_argument("-n", type=int, default=15)
    args = ap.parse_args()
    tool = os.path.join(args.tools, "tt-dump")
    load = lambda: " ".join(open("/proc/loadavg").read().split()[:3])
    print(f"load {load()}")
    print(f"--version                 {timed([tool, '--version'], args.n):7.1f}")
    print(f"--serve, no request       {timed([tool, '--serve'], args.n):7.1f}")
    with tempfile.TemporaryDirectory() as d:
        print(f"one-shot tt-dump          {timed([tool, args.kernel, '--dump-dir', d], args.n):7.1f}")
    proc = subprocess.Popen([tool, "--serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    walls, stages = [], {}
    for i in range(args.n + 1):
        start = time.perf_counter()
        proc.stdin.write(json.dumps({"input": args.kernel}) + "\n")
        proc.stdin.flush()
        response = json.loads(proc.stdout.readline())
        wall = (time.perf_counter() - start) * 1000
        ms = {k: round(v, 1) for k, v in response["ms"].items()}
        if i == 0:
            print(f"first served request      {wall:7.1f}  {ms}")
            continue
        walls.append(wall)
        for k, v in response["ms"].items():
            stages.setdefault(k, []).append(v)
    proc.stdin.close()
    proc.wait()
    warm = {k: round(statistics.median(v), 1) for k, v in stages.items()}
    print(f"later served requests     {statistics.median(walls):7.1f}  {warm}")
    print(f"load {load()}")


if __name__ == "__main__":
    main()
