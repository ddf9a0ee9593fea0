#===- capture_report.py - replay captured kernels: tt vs upstream -*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""The per-kernel report of a captured run (docs/python.md, "Capture").

    python -m tt_triton.capture_report DIR [--tt-run PATH] [--target cuda|cpu]
                                           [--svg FILE] [--html FILE] [--json FILE]

Replays every DIR/**/launch<i>.run.yaml that tt_triton.capture wrote with
tt-run, once per kernel binary: tt's (tt-run compiles <name>.ttir) and
upstream's (<name>.ptx; compiled from the TTIR with the installed triton
when the capture ran through tt), checks both against the captured outputs,
times both (`tt-run --bench`), and prints one row per kernel, the kernel
that loses the most time first:

    kernel  share  launches  upstream ms  tt ms  tt/up  check

`share` is the kernel's part of the run's time: upstream's replay time
times the launches the capture counted (DIR/**/launches-*.json), over the
sum of that for every kernel. With --target cpu there is no upstream
binary: only tt's column, and the order is by share.
"""

import argparse
import glob
import html
import json
import os
import re
import shutil
import subprocess
import sys


def find_tt_run(explicit=None):
    if explicit:
        return explicit
    for folder in (os.environ.get("TT_TOOLS_DIR"), os.path.join(os.path.dirname(__file__), "bin")):
        if folder and os.access(os.path.join(folder, "tt-run"), os.X_OK):
            return os.path.join(folder, "tt-run")
    found = shutil.which("tt-run")
    if not found:
        sys.exit("capture_report: no tt-run (give --tt-run, or put it in $TT_TOOLS_DIR or on PATH)")
    return found


class Kernel:
    """One captured kernel: its folder, name, launch specs and counted launches."""

    def __init__(self, folder, name):
        self.folder, self.name = folder, name
        self.key = os.path.basename(folder)
        self.specs = sorted(glob.glob(os.path.join(folder, "launch*.run.yaml")))
        self.launches = 0
        self.up_ms = self.tt_ms = None
        self.checks = {}  # label -> "ok" / "FAIL" / "unchecked" / error text
        self.errors = []


def collect(root):
    """The captured kernels under root, with their launch counts."""
    kernels = {}
    for spec in sorted(glob.glob(os.path.join(root, "**", "launch*.run.yaml"), recursive=True)):
        folder = os.path.dirname(spec)
        if folder in kernels:
            continue
        ttir = glob.glob(os.path.join(folder, "*.ttir"))
        if len(ttir) != 1:
            continue
        kernels[folder] = Kernel(folder, os.path.basename(ttir[0])[:-len(".ttir")])
    by_key = {}
    for k in kernels.values():
        by_key.setdefault((os.path.dirname(k.folder), k.key), k)
    counted = glob.glob(os.path.join(root, "**", "launches-*.json"), recursive=True)
    for path in counted:
        try:
            with open(path) as f:
                counts = json.load(f).get("kernels", {})
        except (OSError, ValueError):
            continue
        for key, entry in counts.items():
            k = by_key.get((os.path.dirname(path), key))
            if k is not None:
                k.launches += int(entry.get("launches", 0))
    if not counted:  # no counts: weigh every kernel once
        for k in kernels.values():
            k.launches = 1
    return list(kernels.values())


def compile_upstream(kernel):
    """<name>.ptx and <name>.json by upstream's compiler from the captured
    TTIR and the options of the run's metadata (the capture ran through tt)."""
    ptx = os.path.join(kernel.folder, kernel.name + ".ptx")
    if os.path.exists(ptx):
        return ptx
    meta_path = os.path.join(kernel.folder, kernel.name + ".tt.json")
    with open(meta_path) as f:
        meta = json.load(f)
    import triton
    from triton.backends.compiler import GPUTarget
    try:
        from . import hook
        was_enabled = hook.is_enabled()
        if was_enabled:
            hook.disable()
    except Exception:
        was_enabled = False
    try:
        target = meta["target"]
        options = {k: meta[k] for k in ("num_warps", "num_stages", "num_ctas", "enable_fp_fusion", "maxnreg")
                   if meta.get(k) is not None}
        if meta.get("total_num_warps"):
            options["num_warps"] = meta["num_warps"]
        compiled = triton.compile(os.path.join(kernel.folder, kernel.name + ".ttir"),
                                  target=GPUTarget(target["backend"], target["arch"], target["warp_size"]),
                                  options=options)
    finally:
        if was_enabled:
            hook.enable()
    out = compiled.metadata._asdict()
    out["target"] = {k: getattr(out["target"], k) for k in ("backend", "arch", "warp_size")}
    with open(os.path.join(kernel.folder, kernel.name + ".json"), "w") as f:
        json.dump(out, f, indent=1, sort_keys=True, default=str)
    with open(ptx, "w") as f:
        f.write(compiled.asm["ptx"])
    return ptx


def replay(kernel, tt_run, target, bench=True, extra=()):
    """Runs every launch spec of the kernel; fills times (median of the
    launches' medians, ms) and checks."""
    variants = [("tt", kernel.name + ".ttir")]
    if target != "cpu":
        try:
            variants.append(("upstream", os.path.basename(compile_upstream(kernel))))
        except Exception as e:
            kernel.errors.append(f"no upstream PTX: {type(e).__name__}: {e}")
    times = {label: [] for label, _ in variants}
    states = {}
    for spec in kernel.specs:
        # One tt-run per binary: one that does not compile or faults leaves
        # the other's result intact (and on a GPU each runs in its own process).
        for label, path in variants:
            cmd = [tt_run, "--json"] + (["--bench"] if bench else []) + (["--target", target] if target else []) + \
                (["--isolate"] if target != "cpu" else []) + ["--kernel", f"{label}={path}"] + list(extra) + \
                [os.path.basename(spec)]
            proc = subprocess.run(cmd, cwd=kernel.folder, capture_output=True, text=True)
            try:
                result = json.loads(proc.stdout)["results"][0]
            except (ValueError, KeyError, IndexError):
                lines = proc.stderr.strip().splitlines() or ["no output"]
                kernel.errors.append(f"{label}: {lines[-1]}")
                states.setdefault(label, []).append("error")
                continue
            if result.get("error"):
                kernel.errors.append(f"{label}: {result['error']}")
            if not result.get("variants"):
                states.setdefault(label, []).append("error")
            for v in result.get("variants", []):
                checks = v.get("checks") or []
                state = "ok" if v.get("status") == "ok" else (v.get("status") or "error")
                if state == "ok" and not checks:
                    state = "unchecked"
                states.setdefault(label, []).append(state)
                if v.get("error"):
                    kernel.errors.append(f"{label}: {v['error']}")
                ms = (v.get("bench") or {}).get("median_ms")
                if ms is not None:
                    times[label].append(ms)
    for label, seen in states.items():
        bad = [s for s in seen if s not in ("ok", "unchecked")]
        kernel.checks[label] = bad[0] if bad else ("ok" if "ok" in seen else "unchecked")
    med = lambda xs: sorted(xs)[len(xs) // 2] if xs else None
    kernel.tt_ms, kernel.up_ms = med(times.get("tt", [])), med(times.get("upstream", []))


def rows(kernels):
    """Rows worst offender first: the time tt loses over upstream's
    (launch-weighted), then the share."""
    total = sum((k.up_ms if k.up_ms is not None else (k.tt_ms or 0)) * k.launches for k in kernels) or 1.0
    out = []
    for k in kernels:
        base = k.up_ms if k.up_ms is not None else k.tt_ms
        share = (base or 0) * k.launches / total
        ratio = k.tt_ms / k.up_ms if k.tt_ms and k.up_ms else None
        lost = (k.tt_ms - k.up_ms) * k.launches if ratio is not None else None
        out.append({
            "kernel": k.name, "key": k.key, "folder": k.folder, "launches": k.launches, "share": share,
            "upstream_ms": k.up_ms, "tt_ms": k.tt_ms, "ratio": ratio, "lost_ms": lost,
            "check_tt": k.checks.get("tt", "not run"), "check_upstream": k.checks.get("upstream"), "errors": k.errors
        })
    out.sort(key=lambda r: (-(r["lost_ms"] if r["lost_ms"] is not None else float("-inf")), -r["share"]))
    return out


def _f(x, spec):
    if isinstance(x, (int, float)):
        return format(x, spec)
    width = re.match(r"\d*", spec).group(0)
    return "-".rjust(int(width)) if width else "-"


def print_table(table, out=None):
    out = out or sys.stdout
    width = max([len("kernel")] + [len(r["kernel"]) for r in table])
    head = f"{'kernel':{width}s}  {'share':>6s} {'launches':>8s} {'upstream ms':>12s} {'tt ms':>10s} {'tt/up':>6s}  check"
    out.write(head + "\n" + "-" * len(head) + "\n")
    for r in table:
        check = "tt " + r["check_tt"]
        if r["check_upstream"]:
            check += ", upstream " + r["check_upstream"]
        flag = "!" if r["ratio"] and r["ratio"] > 1.05 and r["share"] > 0.01 else " "
        out.write(f"{r['kernel']:{width}s}  {100 * r['share']:5.1f}% {r['launches']:8d} "
                  f"{_f(r['upstream_ms'], '12.4f')} {_f(r['tt_ms'], '10.4f')} {_f(r['ratio'], '6.2f')}{flag} {check}\n")
        for e in r["errors"][:3]:
            out.write(f"{'':{width}s}  {e}\n")


def svg_chart(table, title="tt vs upstream, per kernel (time x launches)"):
    """A horizontal bar chart: per kernel, upstream's and tt's launch-weighted time."""
    bar_h, gap, left, right, top = 12, 10, 360, 140, 40
    values = [(r["upstream_ms"] or 0) * r["launches"] for r in table] + [(r["tt_ms"] or 0) * r["launches"] for r in table]
    scale = max(values + [1e-12])
    width = left + 420 + right
    height = top + len(table) * (2 * bar_h + gap) + 30
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" '
        f'font-size="11">',
        f'<text x="8" y="20" font-size="14">{html.escape(title)}</text>',
        f'<rect x="{left}" y="26" width="10" height="8" fill="#7f7f7f"/><text x="{left + 14}" y="34">upstream</text>',
        f'<rect x="{left + 80}" y="26" width="10" height="8" fill="#1f77b4"/><text x="{left + 94}" y="34">tt</text>',
    ]
    y = top
    for r in table:
        name = r["kernel"] if len(r["kernel"]) <= 56 else r["kernel"][:53] + "..."
        parts.append(f'<text x="{left - 6}" y="{y + bar_h + 4}" text-anchor="end">{html.escape(name)}</text>')
        for i, (label, color) in enumerate((("upstream_ms", "#7f7f7f"), ("tt_ms", "#1f77b4"))):
            v = (r[label] or 0) * r["launches"]
            w = 420 * v / scale
            parts.append(f'<rect x="{left}" y="{y + i * bar_h}" width="{w:.1f}" height="{bar_h - 2}" fill="{color}">'
                         f'<title>{html.escape(r["kernel"])} {label[:-3]}: {v:.4f} ms</title></rect>')
        note = (f'{r["ratio"]:.2f}x' if r["ratio"] else "") + (f' {100 * r["share"]:.1f}%')
        bad = r["check_tt"] not in ("ok", "unchecked")
        parts.append(f'<text x="{left + 426}" y="{y + bar_h + 4}" fill="{"#d62728" if bad else "#000"}">'
                     f'{html.escape(note + (" check " + r["check_tt"] if bad else ""))}</text>')
        y += 2 * bar_h + gap
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tt_triton.capture_report", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("dir", help="the TT_TRITON_CAPTURE folder (or one above several)")
    parser.add_argument("--tt-run", help="tt-run (default: $TT_TOOLS_DIR, tt_triton/bin, PATH)")
    parser.add_argument("--target", choices=("cuda", "cpu"), default="cuda",
                        help="cpu: replay tt's kernel on the CPU backend only (no upstream binary)")
    parser.add_argument("--no-bench", action="store_true", help="check only, no timing")
    parser.add_argument("--reps", type=int, help="timed launches per binary (tt-run --reps)")
    parser.add_argument("--svg", help="write the bar chart here")
    parser.add_argument("--html", help="write the table and the chart as one HTML page here")
    parser.add_argument("--json", help="write the rows here")
    parser.add_argument("--all", action="store_true",
                        help="also the kernels the counted launches never ran (autotuning's other candidates)")
    args = parser.parse_args(argv)
    tt_run = find_tt_run(args.tt_run)
    kernels = collect(args.dir)
    if not kernels:
        sys.exit(f"capture_report: no launch*.run.yaml under {args.dir}")
    idle = [k for k in kernels if k.launches == 0]
    if idle and not args.all:
        kernels = [k for k in kernels if k.launches > 0]
        sys.stderr.write(f"capture_report: {len(idle)} captured kernels never ran in the counted launches "
                         "(autotuning's other candidates): not replayed (--all replays them)\n")
    extra = ["--reps", str(args.reps)] if args.reps else []
    for i, k in enumerate(kernels):
        sys.stderr.write(f"[{i + 1}/{len(kernels)}] {k.name}\n")
        replay(k, tt_run, args.target, bench=not args.no_bench, extra=extra)
    table = rows(kernels)
    print_table(table)
    if args.svg or args.html:
        chart = svg_chart(table)
        if args.svg:
            with open(args.svg, "w") as f:
                f.write(chart)
        if args.html:
            import io
            text = io.StringIO()
            print_table(table, text)
            with open(args.html, "w") as f:
                f.write("<!doctype html><meta charset=utf-8><title>tt replay report</title>\n"
                        f"<h1>{html.escape(os.path.abspath(args.dir))}</h1>\n{chart}"
                        f"<pre>{html.escape(text.getvalue())}</pre>\n")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(table, f, indent=1)
    failed = [r for r in table if r["check_tt"] not in ("ok", "unchecked")]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
