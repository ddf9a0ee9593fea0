#===- site.py - the plugin importable without pip ---------------*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""Lays the plugin out in a folder for PYTHONPATH, entry point included.

For machines where pip cannot install (no network, an externally managed
Python): `python -m tt_triton site DIR` (with this checkout's python/ on
PYTHONPATH) copies the package into DIR and writes the dist-info that
importlib.metadata reads the triton.backends entry point from; then
PYTHONPATH=DIR makes every process of that Python see the plugin as
`pip install ./python` would.
"""

import os
import shutil

from ._version import __version__

_PACKAGE = os.path.dirname(os.path.abspath(__file__))


def make_site(dest):
    """Writes DIR/tt_triton and DIR/tt_triton-VERSION.dist-info; returns DIR."""
    dest = os.path.abspath(dest)
    os.makedirs(dest, exist_ok=True)
    target = os.path.join(dest, "tt_triton")
    if os.path.exists(target):
        shutil.rmtree(target)
    shutil.copytree(_PACKAGE, target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    info = os.path.join(dest, f"tt_triton-{__version__}.dist-info")
    os.makedirs(info, exist_ok=True)
    with open(os.path.join(info, "METADATA"), "w") as f:
        f.write(f"Metadata-Version: 2.1\nName: tt-triton\nVersion: {__version__}\n")
    with open(os.path.join(info, "entry_points.txt"), "w") as f:
        f.write("[triton.backends]\ntt = tt_triton.backend\ntt_cpu = tt_triton.cpu\n")
    with open(os.path.join(info, "top_level.txt"), "w") as f:
        f.write("tt_triton\n")
    return dest
