#!/usr/bin/env python3
#===- replay-report.py - per-kernel replay of a captured model run -*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""The per-kernel report of a run captured with TT_TRITON_CAPTURE (or
torch-workloads.py --capture DIR): every kernel replayed by tt-run with tt's
and upstream's binaries, worst offenders first, and a chart.

    replay-report.py DIR/gpt2 [--tt-run build/bin/tt-run] [--svg gpt2.svg] [--html gpt2.html]
    replay-report.py DIR/gpt2 --target cpu       # tt's kernels on the CPU backend, checked only

The same as `python -m tt_triton.capture_report` from this checkout, without
installing the plugin (triton is needed only to compile upstream's PTX of a
capture made through tt).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                                "python"))

from tt_triton import capture_report  # noqa: E402

if __name__ == "__main__":
    sys.exit(capture_report.main())
