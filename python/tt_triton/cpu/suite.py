#===- suite.py - upstream's language tests on tt's CPU driver --*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""Runs upstream Triton's language tests with `--device cpu` through tt's CPU
driver, and sorts what failed into classes (docs/cpu-backend.md).

    python -m tt_triton.cpu.suite run --tests ../shared/upstream-tests/python/test/unit \\
        --out DIR [-n 2] [-k EXPR] [FILES...]
    python -m tt_triton.cpu.suite summary DIR/junit.xml

`run` starts pytest in the tests' folder (they are never copied) with
TRITON_TT_DEVICE=cpu, a fresh TRITON_CACHE_DIR, `-p tt_triton.cpu.suite`
(this module as a pytest plugin: it skips, with the reason, the tests that
exercise what has no meaning on a CPU, listed in CPU_SKIPS) and junit XML,
then prints the summary: passed / failed / skipped, and the failures by
class (tt refused the kernel, with tt's first error line; tt crashed; wrong
result; Python error in the launch; worker crash) and by test function.
"""

import argparse
import collections
import os
import re
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

#: Test functions of upstream's suite that check something a CPU compile
#: does not have, with the reason the plugin gives when it skips them.
#: Keyed by function name (every parametrization); only under --device cpu.
CPU_SKIPS = {
    # They read GPU assembly (asm["ptx"], asm["ttgir"], asm["amdgcn"]) of
    # the compiled kernel; a CPU compile makes TTIR and a shared library.
    "test_optimize_thread_locality": "reads the TTGIR (GPU layouts); the CPU backend has no TTGIR",
    "test_no_rematerialization_op": "reads the TTGIR (GPU layouts); the CPU backend has no TTGIR",
    "test_load_cache_modifier": "checks PTX/AMDGCN cache-modifier instructions; no GPU assembly on the CPU",
    "test_store_cache_modifier": "checks PTX/AMDGCN cache-modifier instructions; no GPU assembly on the CPU",
    "test_store_eviction_policy": "checks PTX eviction-policy instructions; no GPU assembly on the CPU",
    "test_vectorization": "checks PTX vector widths; no GPU assembly on the CPU",
    "test_vectorization_hints": "checks PTX vector widths; no GPU assembly on the CPU",
    "test_globaltimer": "reads %globaltimer through PTX inline assembly",
    "test_smid": "reads %smid through PTX inline assembly",
    "test_enable_fp_fusion": "checks fma instructions in PTX",
    "test_enable_reflect_ftz": "checks libdevice's flush-to-zero in PTX",
    "test_override_arch": "checks the PTX target of TRITON_OVERRIDE_ARCH",
    "test_maxnreg": "checks PTX's .maxnreg (registers of a GPU thread)",
    "test_num_ctas_pre_sm90": "checks a CUDA capability error (thread-block clusters)",
    "test_inline_asm": "PTX inline assembly has no CPU meaning",
    "test_inline_asm_packed": "PTX inline assembly has no CPU meaning",
    "test_inline_asm_with_pointers": "PTX inline assembly has no CPU meaning",
    "test_inline_asm_multiple_outputs": "PTX inline assembly has no CPU meaning",
    "test_inline_asm_packed_multiple_outputs": "PTX inline assembly has no CPU meaning",
    "test_inline_asm_pack_multiple_outputs": "PTX inline assembly has no CPU meaning",
    "test_assume": "reads the TTGIR of the GPU pipeline",
    "test_trans_reshape": "reads the TTGIR (GPU layouts); the CPU backend has no TTGIR",
    "test_tl_range_fuse": "reads the TTGIR of the GPU pipeline (its fused loop nest)",
    "test_tl_range_fuse_dependent": "reads the TTGIR of the GPU pipeline (its fused loop nest)",
    "test_poison_return": "reads the GPU pipeline's LLVM IR",
    "test_disable_licm": "reads the GPU pipeline's LLVM IR (its loop metadata)",
    "test_pointer_arguments": "checks that a GPU launch refuses host memory; on the CPU host memory is the device's",
    "test_zero_strided_tensors": "switches CUDA devices (torch.cuda.device)",
}

_TT_REFUSED = re.compile(r"tt (refused|crashed|timed out)")


def pytest_addoption(parser):
    """Pytest hook: --tt-cpu-sample N keeps the first N cases of every test
    function (in collection order), the fixed selection CI runs."""
    parser.addoption("--tt-cpu-sample", type=int, default=0,
                     help="run only the first N parametrizations of each test function")


def _function(item):
    return getattr(item, "originalname", None) or item.name.split("[")[0]


def pytest_collection_modifyitems(config, items):
    """Pytest hook: the sample, then CPU_SKIPS skipped with their reasons
    (under --device cpu only)."""
    sample = config.getoption("--tt-cpu-sample")
    if sample > 0:
        seen = collections.Counter()
        kept, dropped = [], []
        for item in items:
            key = (item.module.__name__ if getattr(item, "module", None) else "", _function(item))
            seen[key] += 1
            (kept if seen[key] <= sample else dropped).append(item)
        if dropped:
            config.hook.pytest_deselected(items=dropped)
            items[:] = kept
    try:
        device = config.getoption("--device")
    except ValueError:
        return
    if device != "cpu":
        return
    import pytest
    for item in items:
        reason = CPU_SKIPS.get(_function(item))
        if reason:
            item.add_marker(pytest.mark.skip(reason=f"tt CPU: {reason}"))


def classify(message, text):
    """A failure's class and its representative line."""
    blob = (message or "") + "\n" + (text or "")
    m = _TT_REFUSED.search(blob)
    if m or "TTCompileError" in blob:
        what = m.group(1) if m else "refused"
        kind = {"refused": "tt refusal", "crashed": "tt crash", "timed out": "tt timeout"}[what]
        m = re.search(r"\berror: (.*)", message or "")
        if m and "ld returned" not in m.group(1):
            return kind, ("error: " + m.group(1))[:160]
        for line in blob.splitlines():
            s = line.strip()
            if "error:" in s and not s.startswith("E   tt_triton"):
                s = re.sub(r"^E\s+", "", s)
                s = re.sub(r"^\S+:\d+:\d+: ", "", s)  # drop the location
                s = re.sub(r"/tmp/\S+", "<tmp>", s)
                return kind, s[:160]
        return kind, (message or "").splitlines()[0][:160] if message else kind
    if "worker" in blob and "crashed" in blob:
        return "worker crash", "pytest worker crashed"
    if "AssertionError" in blob or "Mismatched elements" in blob or "Not equal" in blob:
        first = (message or "").splitlines()[0] if message else "AssertionError"
        return "wrong result", re.sub(r"\d+(\.\d+)?", "N", first)[:160]
    first = (message or "").splitlines()[0] if message else "?"
    return "python error", re.sub(r"0x[0-9a-f]+", "0x..", first)[:160]


def summarize(junit, out=sys.stdout, top=12):
    tree = ET.parse(junit)
    counts = collections.Counter()
    classes = collections.defaultdict(collections.Counter)
    functions = collections.defaultdict(collections.Counter)
    skips = collections.Counter()
    for case in tree.iter("testcase"):
        name = case.get("name", "")
        func = name.split("[")[0]
        failure = case.find("failure")
        if failure is None:
            failure = case.find("error")
        skipped = case.find("skipped")
        if failure is not None:
            counts["failed"] += 1
            kind, line = classify(failure.get("message"), failure.text)
            classes[kind][line] += 1
            functions[kind][func] += 1
        elif skipped is not None:
            counts["skipped"] += 1
            reason = (skipped.get("message") or "").strip()
            reason = re.sub(r"^Skipped: ", "", reason)
            skips[reason[:120]] += 1
        else:
            counts["passed"] += 1
    total = sum(counts.values())
    print(f"{counts['passed']} passed, {counts['failed']} failed, {counts['skipped']} skipped ({total} cases)",
          file=out)
    for kind in sorted(classes, key=lambda k: -sum(classes[k].values())):
        print(f"\n== {kind}: {sum(classes[kind].values())}", file=out)
        for line, n in classes[kind].most_common(top):
            print(f"{n:6d}  {line}", file=out)
        print("  by test function:", file=out)
        for func, n in functions[kind].most_common(top):
            print(f"{n:6d}  {func}", file=out)
    if skips:
        print(f"\n== skipped: {counts['skipped']}", file=out)
        for reason, n in skips.most_common(top * 2):
            print(f"{n:6d}  {reason}", file=out)
    return counts


def run(args):
    os.makedirs(args.out, exist_ok=True)
    junit = os.path.join(os.path.abspath(args.out), "junit.xml")
    env = dict(os.environ, TRITON_TT_DEVICE="cpu")
    env.setdefault("TRITON_CACHE_DIR", tempfile.mkdtemp(prefix="tt-cpu-suite-cache-"))
    here = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env["PYTHONPATH"] = os.pathsep.join([here] + [p for p in [env.get("PYTHONPATH")] if p])
    files = args.files or ["language/test_core.py", "language/test_standard.py", "language/test_conversions.py"]
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "tt_triton.cpu.suite", "--device",
               "cpu", "-q", f"--junitxml={junit}", "-o", "junit_logging=no"]
    if args.workers and args.workers > 1:
        command += ["-n", str(args.workers)]
    if args.k:
        command += ["-k", args.k]
    if args.sample:
        command += ["--tt-cpu-sample", str(args.sample)]
    if args.timeout:
        command += ["-o", f"faulthandler_timeout={args.timeout}"]
    command += files
    start = time.monotonic()
    print("+ cd", args.tests, "&&", " ".join(command), file=sys.stderr)
    proc = subprocess.run(command, cwd=args.tests, env=env)
    seconds = time.monotonic() - start
    with open(os.path.join(args.out, "summary.txt"), "w") as f:
        counts = summarize(junit, f)
        print(f"\nwall: {seconds:.0f} s; command: cd {args.tests} && {' '.join(command)}", file=f)
    with open(os.path.join(args.out, "summary.txt")) as f:
        sys.stdout.write(f.read())
    if args.max_failures is not None and proc.returncode in (0, 1):
        # Known gaps are listed in docs/cpu-backend.md; more failures than
        # that is a regression.
        if counts["failed"] > args.max_failures:
            print(f"tt_triton.cpu.suite: {counts['failed']} failures, more than the {args.max_failures} allowed",
                  file=sys.stderr)
            return 1
        return 0
    return proc.returncode


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tt_triton.cpu.suite", description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run", help="run the suite with --device cpu and summarize")
    r.add_argument("--tests", required=True, help="upstream's python/test/unit folder")
    r.add_argument("--out", required=True, help="folder for junit.xml and summary.txt")
    r.add_argument("-n", dest="workers", type=int, default=2, help="pytest-xdist workers (default 2)")
    r.add_argument("-k", default=None, help="pytest -k expression")
    r.add_argument("--timeout", type=int, default=0, help="faulthandler timeout per test (s)")
    r.add_argument("--sample", type=int, default=0, help="only the first N cases of each test function")
    r.add_argument("--max-failures", type=int, default=None,
                   help="exit 0 when at most this many cases fail (the known gaps)")
    r.add_argument("files", nargs="*", help="test files, relative to --tests")
    s = sub.add_parser("summary", help="summarize a junit XML")
    s.add_argument("junit")
    args = p.parse_args(argv)
    if args.cmd == "summary":
        summarize(args.junit)
        return 0
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
