#===- kernelset.py - the TTIR files a compile benchmark takes -*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""The one selection of kernels that compile-all.py and upstream-compile.py
share, so that both compile the same files: every `.ttir` under a folder
(not the frontend's `.source.ttir` twins), sorted by path, filtered by a
regular expression, cut to the first `limit`."""

import os
import re
import sys


def select(folder, pattern=None, limit=0, tool="compile"):
    paths = sorted(os.path.join(d, f) for d, _, fs in os.walk(folder) for f in fs
                   if f.endswith(".ttir") and not f.endswith(".source.ttir"))
    if pattern:
        paths = [p for p in paths if re.search(pattern, p)]
    if limit:
        paths = paths[:limit]
    if not paths:
        sys.exit(f"{tool}: no .ttir files under {folder}")
    return paths
