#!/usr/bin/env bash
# Makes (or reuses) the venv the Python plugin's tests run in (test/Python,
# docs/python.md): ${TT_VENV:-$build/venv} with triton==3.6.0, numpy,
# pytest, setuptools and wheel from PyPI, then the plugin from python/
# (no network for that step). A venv that already has them is only given
# the plugin again (a few seconds).
#   TT_SKIP_PYTHON=1 scripts/test.sh    skips it (the plugin tests then report UNSUPPORTED)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${TT_BUILD_DIR:-$root/build}
venv=${TT_VENV:-$build/venv}
start=$(date +%s)
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
pip=("$venv/bin/python" -m pip --disable-pip-version-check -q)
if ! "$venv/bin/python" -c 'import triton, numpy, pytest, wheel, setuptools
assert triton.__version__ == "3.6.0"' 2>/dev/null; then
  "${pip[@]}" install triton==3.6.0 numpy pytest wheel "setuptools>=61"
fi
rm -rf "$root/python/build"  # setuptools builds in the tree; start clean
"${pip[@]}" install --no-deps --no-build-isolation --force-reinstall "$root/python"
echo "python venv: $venv ($(du -sm "$venv" | cut -f1) MiB, $(( $(date +%s) - start )) s)"
