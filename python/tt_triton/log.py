#===- log.py - TT_TRITON_LOG: one JSON line per kernel ---------*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""Appends one JSON object per compiled kernel to $TT_TRITON_LOG.

Each line is written with one write() on a file opened O_APPEND, so the
lines of concurrent processes (Inductor's compile workers, pytest -n) do not
interleave.
"""

import json
import os
import time

from . import config

_MAX_DIAGNOSTIC = 4000


def write(record):
    path = config.log_path()
    if not path:
        return
    record = dict(record)
    record.setdefault("time", time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime()))
    record.setdefault("pid", os.getpid())
    diagnostic = record.get("diagnostic")
    if isinstance(diagnostic, str) and len(diagnostic) > _MAX_DIAGNOSTIC:
        record["diagnostic"] = diagnostic[:_MAX_DIAGNOSTIC] + "..."
    line = (json.dumps(record, default=str) + "\n").encode("utf-8")
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        os.write(fd, line)
    finally:
        os.close(fd)


def read(path):
    """The records of a log file (for tests and bench/plugin)."""
    records = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line:
                records.append(json.loads(line))
    return records
