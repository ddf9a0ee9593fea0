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


def find_tool(name):
    """The absolute path of tool `name`, or TTToolNotFound saying where we looked."""
    looked = []
    tools_dir = os.environ.get(config.TOOLS_DIR)
    if tools_dir:
        candidate = os.path.join(tools_dir, name)
        if _executable(candidate):
            return os.path.abspath(candidate)
        looked.append(f"${config.TOOLS_DIR}={tools_dir}")
    candidate = os.path.join(_PACKAGE_BIN, name)
    if _executable(candidate):
        return candidate
    looked.append(_PACKAGE_BIN)
    on_path = shutil.which(name)
    if on_path:
        return os.path.abspath(on_path)
    looked.append("PATH")
    raise TTToolNotFound(f"tt_triton: cannot find {name} (looked in {', '.join(looked)}); build it "
                         f"(scripts/build.sh {name}) and set {config.TOOLS_DIR} to its folder")


def find_compiler():
    """The tool that compiles kernels: the first of config.tool_names() found."""
    errors = []
    for name in config.tool_names():
        try:
            return find_tool(name)
        except TTToolNotFound as e:
            errors.append(str(e))
    raise TTToolNotFound("; ".join(errors))


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
