#===- tt_suite_report.py - pytest plugin: results as they happen -*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""A pytest plugin for bench/plugin/run-suite.sh (loaded with -p tt_suite_report).

junit XML is written when pytest ends, so a run that the device command's
limit cuts off leaves nothing. This plugin appends one JSON line per test
phase to $TT_SUITE_REPORT as it happens (pytest-xdist forwards the workers'
reports to the controller, which writes them), plus a "start" line per test,
so a cut-off run still has every finished test and names the ones that were
running when it stopped.

In each worker a watchdog ends a test that runs longer than
$TT_SUITE_TEST_LIMIT seconds (default 120): it writes a "timeout" line and
exits the worker, which pytest-xdist reports as a crashed worker and
replaces; one kernel that does not terminate then costs one test, not the
run. faulthandler dumps the stacks if even that does not end the process.

A CUDA fault (illegal address, illegal instruction, ...) poisons the
worker's CUDA context: every later test in that process would fail with the
same error. After a test that faulted, the worker writes a "restart" line
and exits once its report is sent, so the fault is counted once and the
next tests run in a fresh worker.
"""

import faulthandler
import json
import os
import re
import sys
import threading
import time

_PATH = os.environ.get("TT_SUITE_REPORT")
_LIMIT = float(os.environ.get("TT_SUITE_TEST_LIMIT", "120"))


def _write(record):
    if not _PATH:
        return
    line = json.dumps(record) + "\n"
    fd = os.open(_PATH, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        os.write(fd, line.encode("utf-8", "replace"))
    finally:
        os.close(fd)


def _in_worker():
    return os.environ.get("PYTEST_XDIST_WORKER") is not None


def pytest_runtest_logstart(nodeid, location):
    # With xdist the controller receives every worker's hooks and writes
    # them; without it, the one process does.
    if _in_worker():
        return
    _write({"start": nodeid, "t": time.time()})


def pytest_runtest_logreport(report):
    global _faulted
    if _in_worker():
        if report.failed and _CUDA_FAULT.search(str(report.longreprtext)):
            _faulted = report.nodeid
        return
    text = ""
    if report.failed or report.skipped:
        try:
            text = str(report.longreprtext)
        except Exception:  # pragma: no cover - defensive
            text = repr(report.longrepr)
    _write({"id": report.nodeid, "when": report.when, "outcome": report.outcome,
            "duration": round(report.duration, 3), "text": text[-6000:]})


_timer = None
_faulted = None
_CUDA_FAULT = re.compile(r"illegal memory access|illegal instruction|misaligned address|unspecified launch "
                         r"failure|CUDA_ERROR_ILLEGAL|device-side assert|an illegal")


def _expire(nodeid):
    _write({"timeout": nodeid, "limit": _LIMIT, "t": time.time()})
    sys.stderr.write(f"tt_suite_report: {nodeid} ran over {_LIMIT:.0f} s; ending this worker\n")
    sys.stderr.flush()
    os._exit(3)


def pytest_runtest_setup(item):
    global _timer
    if not _in_worker():
        return
    _timer = threading.Timer(_LIMIT, _expire, args=(item.nodeid,))
    _timer.daemon = True
    _timer.start()
    faulthandler.dump_traceback_later(_LIMIT + 30, exit=True)


def pytest_runtest_teardown(item, nextitem):
    global _timer
    if _timer is not None:
        _timer.cancel()
        _timer = None
        faulthandler.cancel_dump_traceback_later()


def pytest_runtest_logfinish(nodeid, location):
    # After the test's last report: a faulted worker leaves (see the top).
    if _in_worker() and _faulted is not None:
        _write({"restart": _faulted, "t": time.time()})
        sys.stderr.write(f"tt_suite_report: {_faulted} faulted the GPU; restarting this worker\n")
        sys.stderr.flush()
        time.sleep(0.5)  # let the report reach the controller
        os._exit(4)
