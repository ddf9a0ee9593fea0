#!/usr/bin/env bash
# Configures (once) and builds tt into ${TT_BUILD_DIR:-build}.
#   TT_STATIC=1 scripts/build.sh   fully static tools (the GPU bundle)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${TT_BUILD_DIR:-$root/build}
cxx=clang++-22 cc=clang-22
command -v "$cxx" >/dev/null || { cxx=g++; cc=gcc; }
if [ ! -f "$build/build.ninja" ]; then
  cmake -G Ninja -S "$root" -B "$build" \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_C_COMPILER="$cc" \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit \
    -DTT_STATIC="${TT_STATIC:-OFF}"
fi
ninja -C "$build" "$@"
