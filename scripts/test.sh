#!/usr/bin/env bash
# Sets up a Debian 12 machine, builds tt, and runs every test: the lit suite
# (which also runs the gtest binaries and, in a venv with triton 3.6,
# the Python plugin's tests) and ctest.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh"
start=$(date +%s)
"$root/scripts/build.sh"
echo "build: $(( $(date +%s) - start )) s"
build=${TT_BUILD_DIR:-$root/build}
if [ "${TT_SKIP_PYTHON:-0}" != 1 ]; then
  "$root/scripts/python-venv.sh"   # triton 3.6 for the plugin's tests (test/Python)
fi
/usr/lib/llvm-22/bin/lit -sv "$build/test"
echo "build + tests: $(( $(date +%s) - start )) s"
