#!/usr/bin/env python3
#===- compile-time.py - tt and upstream TTIR -> cubin, stage by stage -*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""TTIR -> cubin compile time of tt and of upstream Triton 3.6, kernel by
kernel, split into stages (issue 27's table). No GPU needed.

    compile-time.py DIR [--modes upstream,server,process] [--repeat N] [--rounds N] [--limit N] [--filter RE]
                    [--tools build/bin] [--python build/venv/bin/python] [--upstream-json FILE]
                    [--server-tool tt-dump|tt-translate] [--json OUT] [--top N] [--table] [--report JSON]

Modes, each over every `.ttir` under DIR (kernelset.select), with the
options of the kernel's metadata JSON (kernelset.options_for):

  upstream  upstream-compile.py under --python: triton.compile(path) in one
            warm process, cache off (or read from --upstream-json)
  server    one `<tool> --serve` process (the plugin's compile server:
            tt-dump by default, the plugin's request), one request per
            kernel; time = request written to answer read
  process   one `tt-translate --cubin` process per kernel; time = spawn to exit
  server-nottir, process-nottir
            the same with tt's TTIR stage skipped (request field
            no_ttir_stage, --no-ttir-stage): the inputs are upstream's
            make_ttir output, which upstream's triton.compile of a .ttir file
            does not rerun either
  cpu       tt's CPU backend (issue 21): one `tt-translate --serve`, target
            cpu, emit so; reported apart (totals, stage medians), no upstream
            counterpart

tt's stages: in process mode from --mlir-timing (JSON output) of the same
run, in server mode from the answer's `ms` (a server given --mlir-timing
would not keep its pass managers between kernels):
  ttgir   (parse +) TTIR stage + TTGIR stage (upstream: make_ttgir; it skips
          its TTIR stage for a .ttir input, the -nottir modes skip tt's)
  llir    TTGIR -> LLVM dialect -> LLVM IR
  opt     LLVM's O3 pipeline (libdevice linking included)
  ptx     NVPTX code generation
  ptxas   the ptxas process
  other   the rest: the tool's start and exit (process), parsing, the
          request's JSON and the stage texts (server), Python (upstream)

Both compilers use the same ptxas: tt gets TRITON_PTXAS_PATH = the wheel's
(unless it is set). With --repeat N each kernel is compiled N times in a row,
with --rounds N every mode runs N times interleaved; the fastest run is kept. Prints, per mode, the median of each stage and of the
total, the tt/upstream ratio distribution (median, p90, p99, max) and the
slowest kernels with their splits; --table prints the per-kernel table.
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kernelset  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
STAGES = ("ttgir", "llir", "opt", "ptx", "ptxas", "other")
TIMING_FLAGS = ["--mlir-timing", "--mlir-output-format=json"]


# -- tt's timing report -------------------------------------------------------


def parse_timing(text):
    """The JSON timing tree --mlir-timing --mlir-output-format=json printed
    into `text` (a list of {name, wall: {duration}, passes: [...]}), or None."""
    start = text.find("[")
    while start >= 0:
        depth = 0
        for i in range(start, len(text)):
            c = text[i]
            if c == "[":
                depth += 1
            elif c == "]":
                depth -= 1
                if depth == 0:
                    try:
                        tree = json.loads(text[start:i + 1])
                        if isinstance(tree, list) and tree and isinstance(tree[0], dict) and "wall" in tree[0]:
                            return tree
                    except ValueError:
                        pass
                    break
        start = text.find("[", start + 1)
    return None


def tt_stages(tree, wall):
    """tt's split (seconds) of a compilation from its timing tree (the
    top-level scopes the compile driver opens: Parse, one per MLIR stage,
    LLVM IR translation, LLVM optimization, LLVM IR to PTX, ptxas); `wall`
    is the time measured around it, the rest of which is 'other'."""
    top = {}
    for node in tree:
        name = node.get("name", "")
        top[name] = top.get(name, 0.0) + node.get("wall", {}).get("duration", 0.0)
    s = {
        "ttgir": top.get("Parse", 0.0) + top.get("TTIR", 0.0) + top.get("TTGIR", 0.0),
        "llir": top.get("LLIR", 0.0) + top.get("LLVM IR translation", 0.0),
        "opt": top.get("LLVM optimization", 0.0),
        "ptx": top.get("LLVM IR to PTX", 0.0),
        "ptxas": top.get("ptxas", 0.0),
    }
    s["other"] = max(0.0, wall - sum(s.values()))
    return {k: round(v, 5) for k, v in s.items()}


def server_stages(ms, wall):
    """tt's split (seconds) from a server answer's `ms` (milliseconds per
    stage, `llir.opt` the LLVM part of `llir`)."""
    ms = {k: v / 1000 for k, v in ms.items()}
    s = {
        "ttgir": ms.get("ttir", 0.0) + ms.get("ttgir", 0.0),
        "llir": ms.get("llir", 0.0) - ms.get("llir.opt", 0.0),
        "opt": ms.get("llir.opt", 0.0),
        "ptx": ms.get("ptx", 0.0),
        "ptxas": ms.get("cubin", 0.0),
    }
    s["other"] = max(0.0, wall - sum(s.values()))
    return {k: round(v, 5) for k, v in s.items()}


# -- the modes ------------------------------------------------------------------


def run_upstream(args, paths):
    if args.upstream_json and os.path.exists(args.upstream_json):
        with open(args.upstream_json) as f:
            return json.load(f)
    out = os.path.join(args.scratch, "upstream.json")
    cmd = [args.python, os.path.join(os.path.dirname(os.path.abspath(__file__)), "upstream-compile.py"), args.dir,
           "--json", out, "--repeat", str(args.repeat), "--target", args.target]
    if args.filter:
        cmd += ["--filter", args.filter]
    if args.limit:
        cmd += ["--limit", str(args.limit)]
    subprocess.run(cmd, check=True)
    with open(out) as f:
        return json.load(f)


def run_process(args, paths, env, no_ttir_stage=False):
    tool = os.path.join(args.tools, "tt-translate")
    results = {}
    for path in paths:
        rel = os.path.relpath(path, args.dir)
        out = os.path.join(args.scratch, "k.cubin")
        cmd = [tool, "--target", args.target, *kernelset.tt_flags(kernelset.options_for(path)), "--cubin", path,
               "-o", out, *TIMING_FLAGS, *(["--no-ttir-stage"] if no_ttir_stage else [])]
        best = None
        for _ in range(args.repeat):
            start = time.perf_counter()
            proc = subprocess.run(cmd, capture_output=True, text=True, errors="replace", env=env)
            wall = time.perf_counter() - start
            if proc.returncode != 0:
                best = "error: " + (proc.stderr.strip().splitlines() or ["?"])[0][:200]
                break
            if best is None or wall < best["total"]:
                tree = parse_timing(proc.stderr)
                best = {"total": round(wall, 5), "stages": tt_stages(tree, wall) if tree else {}}
        results[rel] = best
    return results


def run_server(args, paths, env, no_ttir_stage=False):
    tool = os.path.join(args.tools, args.server_tool)
    # No --mlir-timing here: a server keeps its stage pass managers between
    # kernels only while they are not instrumented; its answer's `ms` has
    # the split (server_stages).
    proc = subprocess.Popen([tool, "--serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
    results = {}

    def ask(request):
        proc.stdin.write((json.dumps(request) + "\n").encode())
        proc.stdin.flush()
        line = proc.stdout.readline()
        if not line:
            raise RuntimeError(f"{args.server_tool} --serve died")
        return json.loads(line)

    # Warm-up, as upstream's: the server's first request pays first use.
    def request_for(path):
        request = kernelset.server_request(path, kernelset.options_for(path), args.target, tool)
        if no_ttir_stage:
            request["no_ttir_stage"] = True
        return request

    ask(request_for(paths[0]))
    for path in paths:
        rel = os.path.relpath(path, args.dir)
        request = request_for(path)
        best = None
        for _ in range(args.repeat):
            start = time.perf_counter()
            response = ask(request)
            wall = time.perf_counter() - start
            if response.get("status") != "ok":
                best = "error: " + (response.get("diagnostic", "").strip().splitlines() or ["?"])[0][:200]
                break
            if best is None or wall < best["total"]:
                best = {"total": round(wall, 5), "stages": server_stages(response.get("ms", {}), wall)}
        results[rel] = best
    proc.stdin.close()
    proc.wait()
    return results


def merge(into, results):
    """Keeps each kernel's fastest run over the rounds (an error wins: a
    kernel that failed once is reported as failed)."""
    for k, v in results.items():
        old = into.get(k)
        if old is None or not isinstance(v, dict) or (isinstance(old, dict) and v["total"] < old["total"]):
            into[k] = v


def run_cpu(args, paths, env):
    """The CPU backend (issue 21): every kernel through one `tt-translate
    --serve`, target cpu, emit so (linked by the system cc), as tt-run and
    the plugin's CPU driver compile; time = request to answer. No upstream
    counterpart: totals and the server's stage times only."""
    proc = subprocess.Popen([os.path.join(args.tools, "tt-translate"), "--serve"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, env=env)
    results = {}
    for i, path in enumerate(paths):
        opts = kernelset.options_for(path)
        request = {"input": path, "target": "cpu", "emit": "so", "num_warps": opts["num_warps"],
                   "stages": ["json"]}
        best = None
        for _ in range(args.repeat + (1 if i == 0 else 0)):  # the first request warms the server up
            start = time.perf_counter()
            proc.stdin.write((json.dumps(request) + "\n").encode())
            proc.stdin.flush()
            response = json.loads(proc.stdout.readline())
            wall = time.perf_counter() - start
            if response.get("status") != "ok":
                best = "error: " + (response.get("diagnostic", "").strip().splitlines() or ["?"])[0][:200]
                break
            if best is None or wall < best["total"]:
                best = {"total": round(wall, 5), "ms": response.get("ms", {})}
        results[os.path.relpath(path, args.dir)] = best
    proc.stdin.close()
    proc.wait()
    return results


def report_cpu(ok):
    times = sorted(v["total"] for v in ok.values())
    if not times:
        return
    stages = sorted({s for v in ok.values() for s in v.get("ms", {}) if s != "total"})
    med = {s: statistics.median(v["ms"].get(s, 0.0) for v in ok.values()) for s in stages}
    print(f"\ncpu (the CPU backend, --emit=so through the server): {len(times)} kernels, median {fmt_ms(quantile(times, 0.5))}"
          f" ms, p90 {fmt_ms(quantile(times, 0.9))}, p99 {fmt_ms(quantile(times, 0.99))}, max {fmt_ms(times[-1])}; "
          "stage medians (ms): " + ", ".join(f"{s} {v:.1f}" for s, v in med.items()))
    for k in sorted(ok, key=lambda k: -ok[k]["total"])[:5]:
        print(f"  {fmt_ms(ok[k]['total']):>8}  {k}")


# -- report -----------------------------------------------------------------------


def quantile(values, f):
    values = sorted(values)
    return values[min(len(values) - 1, int(f * len(values)))]


def fmt_ms(s):
    return f"{s * 1000:.1f}"


def report(args, modes):
    modes = dict(modes)
    for n, r in modes.items():
        bad = [k for k, v in r.items() if not isinstance(v, dict)]
        print(f"{n}: {len(r) - len(bad)} compiled, {len(bad)} failed" +
              (f" (first: {bad[0]}: {r[bad[0]]})" if bad else ""))
    cpu = modes.pop("cpu", None)
    names = list(modes)
    ok = {n: {k: v for k, v in r.items() if isinstance(v, dict)} for n, r in modes.items()}
    if not names:
        names, ok = [], {}
    common = sorted(set.intersection(*(set(v) for v in ok.values()))) if ok else []
    if not names:
        report_cpu({k: v for k, v in cpu.items() if isinstance(v, dict)})
        return
    print(f"\n{len(common)} kernels compiled by every mode; medians over them (ms):\n")
    print("| mode | " + " | ".join(STAGES) + " | total |")
    print("|---|" + "---|" * (len(STAGES) + 1))
    for n in names:
        cells = []
        for st in STAGES:
            vals = [ok[n][k]["stages"].get(st, 0.0) for k in common if ok[n][k].get("stages")]
            cells.append(fmt_ms(statistics.median(vals)) if vals else "-")
        cells.append(fmt_ms(statistics.median(ok[n][k]["total"] for k in common)) if common else "-")
        print(f"| {n} | " + " | ".join(cells) + " |")
    if "upstream" in ok and common:
        print("\ntt / upstream, per kernel:\n")
        print("| mode | median | p90 | p99 | max | sum tt / sum upstream | kernels > 2 s |")
        print("|---|---|---|---|---|---|---|")
        for n in names:
            if n == "upstream":
                continue
            ratios = [ok[n][k]["total"] / ok["upstream"][k]["total"] for k in common]
            slow = sum(1 for k in common if ok[n][k]["total"] > 2.0)
            tsum = sum(ok[n][k]["total"] for k in common)
            usum = sum(ok["upstream"][k]["total"] for k in common)
            print(f"| {n} | {statistics.median(ratios):.2f} | {quantile(ratios, 0.9):.2f} | "
                  f"{quantile(ratios, 0.99):.2f} | {max(ratios):.2f} | {tsum / usum:.2f} | {slow} |")
    for n in names:
        if n == "upstream":
            continue
        print(f"\n{n}: slowest kernels (ms; tt split / upstream split: " + " ".join(STAGES) + ")")
        for k in sorted(common, key=lambda k: -ok[n][k]["total"])[:args.top]:
            line = f"  {fmt_ms(ok[n][k]['total']):>8}  {k}"
            if "upstream" in ok:
                line += f"  (upstream {fmt_ms(ok['upstream'][k]['total'])}, x{ok[n][k]['total'] / ok['upstream'][k]['total']:.2f})"
            print(line)
            for m in (n, "upstream"):
                if m in ok and ok[m][k].get("stages"):
                    print(f"      {m:9}" + " ".join(f"{fmt_ms(ok[m][k]['stages'].get(s, 0)):>7}" for s in STAGES))
        if "upstream" in ok:
            print(f"{n}: largest tt/upstream ratios")
            for k in sorted(common, key=lambda k: -ok[n][k]["total"] / ok["upstream"][k]["total"])[:args.top]:
                print(f"  x{ok[n][k]['total'] / ok['upstream'][k]['total']:.2f}  tt {fmt_ms(ok[n][k]['total'])}"
                      f"  upstream {fmt_ms(ok['upstream'][k]['total'])}  {k}")
    if args.table:
        print("\n| kernel | " + " | ".join(f"{n} ms ({'/'.join(STAGES)})" for n in names) + " |")
        print("|---|" + "---|" * len(names))
        for k in common:
            cells = []
            for n in names:
                st = ok[n][k].get("stages") or {}
                cells.append(f"**{fmt_ms(ok[n][k]['total'])}** ({'/'.join(fmt_ms(st.get(s, 0)) for s in STAGES)})")
            print(f"| {k} | " + " | ".join(cells) + " |")
    if cpu is not None:
        report_cpu({k: v for k, v in cpu.items() if isinstance(v, dict)})


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dir")
    ap.add_argument("--modes", default="upstream,server,process")
    ap.add_argument("--tools", default=os.path.join(ROOT, "build", "bin"))
    ap.add_argument("--python", default=os.path.join(ROOT, "build", "venv", "bin", "python"))
    ap.add_argument("--upstream-json", help="upstream's figures: read if the file exists (no upstream run), "
                    "else written there")
    ap.add_argument("--server-tool", default="tt-dump", choices=("tt-dump", "tt-translate"))
    ap.add_argument("--target", default="cuda:90")
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--filter")
    ap.add_argument("--top", type=int, default=8)
    ap.add_argument("--table", action="store_true", help="print every kernel's row")
    ap.add_argument("--rounds", type=int, default=1,
                    help="run every mode this many times, interleaved, keeping each kernel's fastest run "
                    "(the machine's load then weighs on every mode alike)")
    ap.add_argument("--json", help="write every mode's per-kernel figures here")
    ap.add_argument("--report", metavar="JSON", help="print the report of a run saved with --json (DIR, "
                    "--filter and --limit select its kernels); compile nothing")
    args = ap.parse_args(argv)
    paths = kernelset.select(args.dir, args.filter, args.limit, "compile-time.py")
    if args.report:
        with open(args.report) as f:
            saved = json.load(f)
        keep = {os.path.relpath(p, args.dir) for p in paths}
        report(args, {m: {k: v for k, v in r.items() if k in keep} for m, r in saved.items()})
        return 0
    args.scratch = tempfile.mkdtemp(prefix="tt-compile-time-")
    # A snapshot of the tools: a rebuild during the run must not swap them.
    for t in ("tt-translate", "tt-dump"):
        shutil.copy2(os.path.join(args.tools, t), os.path.join(args.scratch, t))
    args.tools = args.scratch
    env = dict(os.environ)
    for var in ("TRITON_CACHE_DIR", "TRITON_KERNEL_DUMP", "MLIR_ENABLE_TIMING", "MLIR_ENABLE_DUMP"):
        env.pop(var, None)
    if "TRITON_PTXAS_PATH" not in env:
        wheel = subprocess.run([args.python, "-c", "import os, triton; print(os.path.join(os.path.dirname("
                                "triton.__file__), 'backends', 'nvidia', 'bin', 'ptxas'))"],
                               capture_output=True, text=True).stdout.strip()
        if wheel and os.path.exists(wheel):
            env["TRITON_PTXAS_PATH"] = wheel
    print(f"{len(paths)} kernels under {args.dir}, {args.target}, repeat {args.repeat}, "
          f"ptxas {env.get('TRITON_PTXAS_PATH', '(PATH)')}, load {os.getloadavg()[0]:.1f}")
    modes = {}
    for round_ in range(args.rounds):
        for mode in args.modes.split(","):
            start = time.perf_counter()
            base, _, variant = mode.partition("-")
            if variant not in ("", "nottir") or base not in ("upstream", "server", "process", "cpu") or \
                    (base in ("upstream", "cpu") and variant):
                sys.exit(f"compile-time.py: unknown mode '{mode}'")
            if base == "cpu":
                got = run_cpu(args, paths, env)
            elif base == "upstream":
                got = run_upstream(args, paths)
            elif base == "server":
                got = run_server(args, paths, env, variant == "nottir")
            else:
                got = run_process(args, paths, env, variant == "nottir")
            merge(modes.setdefault(mode, {}), got)
            print(f"round {round_ + 1}, {mode}: {time.perf_counter() - start:.1f} s, load {os.getloadavg()[0]:.1f}",
                  flush=True)
    if args.upstream_json and not os.path.exists(args.upstream_json) and "upstream" in modes:
        with open(args.upstream_json, "w") as f:
            json.dump(modes["upstream"], f, indent=1)
    shutil.rmtree(args.scratch, ignore_errors=True)
    report(args, modes)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(modes, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
