#===- tools.py - finding tt's tools and naming their build ----*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""Where tt's tools are, and an identity of them for the compile cache key.

Lookup order for a tool (tt-dump, tt-translate):
  1. $TT_TOOLS_DIR/<tool>
  2. <this package>/bin/<tool> (a wheel that bundles scripts/bundle.sh's tools)
  3. <tool> on PATH
"""

import functools
import hashlib
import os
import shutil
import subprocess

from . import config
from .errors import TTToolNotFound

_PACKAGE_BIN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bin")


def _executable(path):
    return os.path.isfile(path) and os.access(path, os.X_OK)


def _places():
    """(label, folder or None for PATH) in lookup order."""
    places = []
    tools_dir = os.environ.get(config.TOOLS_DIR)
    if tools_dir:
        places.append((f"${config.TOOLS_DIR}={tools_dir}", tools_dir))
    places.append((_PACKAGE_BIN, _PACKAGE_BIN))
    places.append(("PATH", None))
    return places


def _find(names):
    """The first of `names` in the first place holding one, or TTToolNotFound."""
    for _, folder in _places():
        for name in names:
            if folder is None:
                found = shutil.which(name)
                if found:
                    return os.path.abspath(found)
            elif _executable(os.path.join(folder, name)):
                return os.path.abspath(os.path.join(folder, name))
    looked = ", ".join(label for label, _ in _places())
    wanted = " or ".join(names)
    raise TTToolNotFound(f"tt_triton: cannot find {wanted} (looked in {looked}); build it "
                         f"(scripts/build.sh {' '.join(names)}) and set {config.TOOLS_DIR} to its folder")


def find_tool(name):
    """The absolute path of tool `name`, or TTToolNotFound saying where we looked."""
    return _find((name, ))


def find_compiler():
    """The tool that compiles kernels: of config.tool_names(), the first found in
    the first place that holds one (so $TT_TOOLS_DIR's tt-translate wins over a
    tt-dump on PATH)."""
    return _find(tuple(config.tool_names()))


def _file_digest(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


@functools.lru_cache(maxsize=None)
def _digest_of(path, size, mtime_ns):
    # Keyed by size and mtime too: a rebuilt tool gets a new digest.
    del size, mtime_ns
    return _file_digest(path)


def binary_digest(path):
    """SHA-256 of the tool's file, memoized per process."""
    st = os.stat(path)
    return _digest_of(path, st.st_size, st.st_mtime_ns)


@functools.lru_cache(maxsize=None)
def _version_of(path, size, mtime_ns):
    del size, mtime_ns
    try:
        out = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as e:
        return f"unknown ({e})"
    text = (out.stdout or out.stderr).strip()
    # LLVM's --version output is several lines; the first names the tool.
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return " / ".join(lines[:3]) if lines else "unknown"


def tool_version(path):
    st = os.stat(path)
    return _version_of(path, st.st_size, st.st_mtime_ns)
