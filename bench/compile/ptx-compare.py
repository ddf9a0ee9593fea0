#!/usr/bin/env python3
#===- ptx-compare.py - two tt builds, the same PTX? ------------*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""Compiles every kernel under DIR to PTX with two builds of tt and lists the
kernels whose PTX differs: the check that a compile-time change leaves the
code alone.

    ptx-compare.py DIR --before TOOLS_DIR --after TOOLS_DIR [--how server|process] [--filter RE]

--how server (default) sends every kernel to one `tt-translate --serve` per
build, in path order and then again in reverse order (a server keeps state
between kernels: its pass managers, LLVM objects), and checks that both
orders give the same PTX; --how process runs one `tt-translate --ptx` per
kernel. Options from the kernel's metadata (kernelset.options_for). Exit
status 1 when anything differs.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kernelset  # noqa: E402


def via_server(tools, paths, target):
    tool = os.path.join(tools, "tt-translate")
    proc = subprocess.Popen([tool, "--serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    out = {}
    for path in paths:
        opts = kernelset.options_for(path)
        request = kernelset.server_request(path, opts, target, tool)
        request.update(emit="ptx", stages=["ptx"])
        proc.stdin.write((json.dumps(request) + "\n").encode())
        proc.stdin.flush()
        response = json.loads(proc.stdout.readline())
        out[path] = response.get("stages", {}).get("ptx") if response.get("status") == "ok" else \
            "error: " + response.get("diagnostic", "")
    proc.stdin.close()
    proc.wait()
    return out


def via_process(tools, paths, target):
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        for path in paths:
            dest = os.path.join(tmp, "k.ptx")
            cmd = [os.path.join(tools, "tt-translate"), "--target", target,
                   *kernelset.tt_flags(kernelset.options_for(path)), "--ptx", path, "-o", dest]
            proc = subprocess.run(cmd, capture_output=True, text=True)
            if proc.returncode == 0:
                with open(dest) as f:
                    out[path] = f.read()
            else:
                out[path] = "error: " + proc.stderr
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dir")
    ap.add_argument("--before", required=True)
    ap.add_argument("--after", required=True)
    ap.add_argument("--how", default="server", choices=("server", "process"))
    ap.add_argument("--target", default="cuda:90")
    ap.add_argument("--filter")
    ap.add_argument("--limit", type=int, default=0)
    args = ap.parse_args()
    paths = kernelset.select(args.dir, args.filter, args.limit, "ptx-compare.py")
    run = via_server if args.how == "server" else via_process
    before = run(args.before, paths, args.target)
    after = run(args.after, paths, args.target)
    differ = [p for p in paths if before[p] != after[p]]
    if args.how == "server":
        again = run(args.after, paths[::-1], args.target)
        differ += [p + " (reverse order)" for p in paths if again[p] != after[p]]
    errors = sum(1 for p in paths if (after[p] or "").startswith("error: "))
    for p in differ:
        print("DIFF", os.path.relpath(p, args.dir))
    print(f"{len(paths)} kernels ({args.how}), {errors} refused by the second build, {len(differ)} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
