#!/usr/bin/env python3
#===- server-ab.py - two compile servers, the same kernels -----*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""A/B of compile servers: the same kernels sent to each server in turn,
round after round, so that the machine's load weighs on both alike.

    server-ab.py ROUNDS "TOOL [FLAGS]" "TOOL [FLAGS]" ... [--kernels K1,K2,...]

For each kernel and server it prints the median request time (wall), the
median CPU time of the server process itself (all its threads, from
/proc/PID/task/*/schedstat: ptxas, a child, is not in it; this is the
figure that load disturbs least) and the median of each stage of the
answer's `ms`. Requests are the plugin's (emit all, stages ttgir, llir,
ptx, cubin, json). Default kernels: the corpus add, softmax 1024,
layernorm 4096 and matmul 128x128x64.
"""

import argparse
import json
import os
import statistics
import subprocess
import time

CORPUS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared", "corpus")
DEFAULT = ["add-f32-1024-w4-s3/add_kernel.ttir", "softmax-f32-1024-w4-s3/softmax_kernel.ttir",
           "layernorm-f16-4096-w8-s3/layernorm_kernel.ttir", "matmul-f16-128x128x64-w4-s4/matmul_kernel.ttir"]


def cpu_ms(pid):
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/schedstat") as f:
                total += int(f.read().split()[0])
        except OSError:
            pass
    return total / 1e6


def ask(proc, path):
    request = {"input": path, "target": "cuda:90", "emit": "all", "stages": ["ttgir", "llir", "ptx", "cubin", "json"]}
    c0 = cpu_ms(proc.pid)
    start = time.perf_counter()
    proc.stdin.write((json.dumps(request) + "\n").encode())
    proc.stdin.flush()
    answer = json.loads(proc.stdout.readline())
    wall = (time.perf_counter() - start) * 1000
    if answer.get("status") != "ok":
        raise SystemExit(f"{path}: {answer.get('diagnostic')}")
    return wall, cpu_ms(proc.pid) - c0, answer["ms"]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("rounds", type=int)
    ap.add_argument("servers", nargs="+")
    ap.add_argument("--kernels", help="comma-separated .ttir paths")
    args = ap.parse_args()
    kernels = args.kernels.split(",") if args.kernels else [os.path.join(CORPUS, k) for k in DEFAULT]
    procs = [subprocess.Popen(s.split() + ["--serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
             for s in args.servers]
    for p in procs:  # the first request of a server pays first use
        for k in kernels:
            ask(p, k)
    runs = {(i, k): [] for i in range(len(procs)) for k in kernels}
    for _ in range(args.rounds):
        for k in kernels:
            for i, p in enumerate(procs):
                runs[(i, k)].append(ask(p, k))
    print(f"load {os.getloadavg()[0]:.1f}, {args.rounds} rounds")
    for k in kernels:
        print(os.path.basename(os.path.dirname(k)) or k)
        for i, server in enumerate(args.servers):
            r = runs[(i, k)]
            stages = sorted({s for _, _, ms in r for s in ms if s != "total"})
            med = {s: statistics.median(ms.get(s, 0.0) for _, _, ms in r) for s in stages}
            print(f"  wall {statistics.median(w for w, _, _ in r):7.1f} ms  server cpu "
                  f"{statistics.median(c for _, c, _ in r):6.1f} ms  " +
                  " ".join(f"{s}={v:.1f}" for s, v in med.items()) + f"  [{server}]")
    for p in procs:
        p.stdin.close()
        p.wait()


if __name__ == "__main__":
    main()
