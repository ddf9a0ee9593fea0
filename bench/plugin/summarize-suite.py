#!/usr/bin/env python3
#===- summarize-suite.py - upstream's tests: upstream vs tt ----*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""Compares two runs of upstream's test suite (bench/plugin/run-suite.sh).

    summarize-suite.py UPSTREAM TT [--log TT_TRITON_LOG] [--top N]

Each run is a junit XML file (.xml) or the JSON lines of the
tt_suite_report plugin (.jsonl), which exist even when the run was cut off.

Prints passed/failed/skipped for each run, then the tests that pass with
upstream's compiler but not through tt, grouped by failure class (tt
refusal with the first line of tt's message, tt crash, what the plugin
knows tt does not implement, wrong result, GPU fault, other) and by test
function, and the number of kernels tt compiled (from the plugin's log).
"""

import argparse
import collections
import json
import re
import sys
import xml.etree.ElementTree as ET

PASSED, FAILED, SKIPPED = "passed", "failed", "skipped"

# Failure classes, tried in order on the failure's message and text.
GPU_FAULT = re.compile(r"CUDA error|illegal memory access|illegal instruction|misaligned address|"
                       r"unspecified launch failure|device-side assert|CUDA_ERROR_|illegal address|"
                       r"cudaErrorLaunchFailure|Xid")
WORKER_CRASH = re.compile(r"worker '?gw\d+'? crashed|node down|Replacing crashed worker")


def read_junit(path):
    """{test id: (outcome, message, text)} of one junit XML file."""
    root = ET.parse(path).getroot()
    results = {}
    for case in root.iter("testcase"):
        test_id = f"{case.get('classname', '')}::{case.get('name', '')}"
        outcome, message, text = PASSED, "", ""
        for child in case:
            if child.tag in ("failure", "error"):
                outcome = FAILED
                message = child.get("message") or ""
                text = child.text or ""
                break
            if child.tag == "skipped":
                outcome = SKIPPED
                message = child.get("message") or ""
                break
        results[test_id] = (outcome, message, text)
    return results


def normalize_id(nodeid):
    """A pytest node id (language/test_core.py::test_x[..]) in junit's form."""
    parts = nodeid.split("::")
    module = parts[0][:-3] if parts[0].endswith(".py") else parts[0]
    return ".".join([module.replace("/", ".")] + parts[1:-1]) + "::" + parts[-1]


WATCHDOG = "tt_suite_report watchdog"
CUT_OFF = "still running when the run was cut off"


def read_reportlog(path):
    """{test id: (outcome, message, text)} of tt_suite_report's JSON lines."""
    phases = collections.defaultdict(dict)
    started, timed_out = set(), {}
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            try:
                record = json.loads(line)
            except ValueError:
                continue
            if "start" in record:
                started.add(normalize_id(record["start"]))
            elif "timeout" in record:
                timed_out[normalize_id(record["timeout"])] = record.get("limit")
            elif "id" in record:
                phases[normalize_id(record["id"])][record["when"]] = record
    results = {}
    for test_id in started | set(phases):
        ph = phases.get(test_id, {})
        failed = next((r for r in ph.values() if r["outcome"] == "failed"), None)
        if test_id in timed_out:
            results[test_id] = (FAILED, f"ran over {timed_out[test_id]} s ({WATCHDOG})", "")
        elif failed is not None:
            text = failed.get("text", "")
            message = next((l[2:].strip() for l in text.splitlines() if l.startswith("E ")), "")
            results[test_id] = (FAILED, message or _first_line(text[-300:]), text)
        elif any(r["outcome"] == "skipped" for r in ph.values()):
            text = next(r.get("text", "") for r in ph.values() if r["outcome"] == "skipped")
            results[test_id] = (SKIPPED, text[-200:], "")
        elif "call" in ph:
            results[test_id] = (PASSED, "", "")
        else:
            results[test_id] = (FAILED, CUT_OFF, "")
    return results


def read_results(path):
    return read_reportlog(path) if path.endswith(".jsonl") else read_junit(path)


def counts(results):
    c = collections.Counter(outcome for outcome, _, _ in results.values())
    return c[PASSED], c[FAILED], c[SKIPPED]


def _tt_first_line(blob):
    """The first line of tt's own diagnostic in a TTCompileError report."""
    lines = blob.splitlines()
    for i, line in enumerate(lines):
        if re.search(r"tt (refused|crashed|timed out|wrote no)", line):
            for follow in lines[i + 1:]:
                follow = re.sub(r"^E\s+", "", follow).strip()
                if follow and ("error" in follow.lower() or "LLVM ERROR" in follow):
                    return _shorten(follow)
            return _shorten(re.sub(r"^E\s+", "", line).strip())
    return ""


def _shorten(line, width=160):
    # Locations and SSA names differ per test; keep the words that name the cause.
    line = re.sub(r"^\S+:\d+:\d+:\s*", "", line)
    line = re.sub(r"0x[0-9a-fA-F]+", "0x?", line)
    return line if len(line) <= width else line[:width - 3] + "..."


def classify(message, text):
    """(class, detail) of one failure."""
    blob = f"{message}\n{text}"
    if WATCHDOG in message:
        return "timeout", "ran over the per-test limit"
    if message == CUT_OFF:
        return "cut off", CUT_OFF
    if "TTCompileError" in blob or re.search(r"tt (refused|crashed|timed out|does not implement|wrote no)", blob):
        m = re.search(r"tt does not implement (.+?)(?: \(kernel '|\n|$)", blob)
        if m:
            return "tt: not implemented", _shorten(m.group(1))
        if re.search(r"tt (crashed|timed out|wrote no)", blob):
            return "tt crash", _tt_first_line(blob) or _first_line(message)
        return "tt refusal", _tt_first_line(blob) or _first_line(message)
    if "TTToolNotFound" in blob:
        return "tt tools not found", _first_line(message)
    if WORKER_CRASH.search(blob):
        return "GPU fault", "pytest worker crashed"
    if GPU_FAULT.search(blob):
        m = GPU_FAULT.search(blob)
        return "GPU fault", m.group(0)
    if "AssertionError" in blob or message.startswith("assert") or "Mismatched elements" in blob:
        return "wrong result", _first_line(message)
    return "other", _first_line(message)


def _first_line(message):
    """The first line of a message, with the next one when it ends in ':'."""
    lines = [line.strip() for line in message.splitlines() if line.strip()]
    if not lines:
        return ""
    first = lines[0]
    if first.endswith(":") and len(lines) > 1:
        first = f"{first} {lines[1]}"
    return _shorten(first)


def function_of(test_id):
    return test_id.split("[", 1)[0]


def regressions(upstream, tt):
    """Tests that pass upstream and fail (or are missing) through tt."""
    out = []
    for test_id, (outcome, _, _) in sorted(upstream.items()):
        if outcome != PASSED:
            continue
        theirs = tt.get(test_id)
        if theirs is None:
            out.append((test_id, "missing", "not in the tt run (run aborted?)"))
        elif theirs[0] == FAILED:
            cls, detail = classify(theirs[1], theirs[2])
            out.append((test_id, cls, detail))
    return out


def log_summary(path):
    statuses = collections.Counter()
    kernels = collections.Counter()
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            try:
                record = json.loads(line)
            except ValueError:
                statuses["unreadable"] += 1
                continue
            statuses[record.get("status", "?")] += 1
            if record.get("status") == "ok":
                kernels[record.get("kernel")] += 1
    return statuses, kernels


def report(upstream, tt, log_path=None, top=20, out=sys.stdout):
    p = out.write
    for label, results in (("upstream", upstream), ("tt", tt)):
        passed, failed, skipped = counts(results)
        p(f"{label:9s} {passed} passed, {failed} failed, {skipped} skipped\n")
    regs = regressions(upstream, tt)
    p(f"\npass upstream, fail through tt: {len(regs)}\n")
    by_class = collections.defaultdict(list)
    for test_id, cls, detail in regs:
        by_class[cls].append((test_id, detail))
    for cls, items in sorted(by_class.items(), key=lambda kv: -len(kv[1])):
        p(f"\n== {cls}: {len(items)}\n")
        details = collections.Counter(detail for _, detail in items)
        for detail, n in details.most_common(top):
            p(f"  {n:6d}  {detail or '(no message)'}\n")
        if len(details) > top:
            p(f"  ... {len(details) - top} more distinct messages\n")
        functions = collections.Counter(function_of(test_id) for test_id, _ in items)
        p("  by test function:\n")
        for fn, n in functions.most_common(top):
            p(f"  {n:6d}  {fn}\n")
        if len(functions) > top:
            p(f"  ... {len(functions) - top} more test functions\n")
    if log_path:
        statuses, kernels = log_summary(log_path)
        total = sum(statuses.values())
        p(f"\nkernels compiled through the plugin: {total} "
          f"({', '.join(f'{k} {v}' for k, v in sorted(statuses.items()))}); "
          f"by tt: {statuses['ok']} ({len(kernels)} distinct names)\n")
    return regs


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("upstream", help="upstream's run: .xml or .jsonl")
    parser.add_argument("tt", help="the run through tt: .xml or .jsonl")
    parser.add_argument("--log", help="the TT_TRITON_LOG file of the tt run")
    parser.add_argument("--top", type=int, default=20, help="lines per group (default 20)")
    args = parser.parse_args(argv)
    report(read_results(args.upstream), read_results(args.tt), args.log, args.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
