#!/usr/bin/env bash
# Builds tt with AddressSanitizer + UndefinedBehaviorSanitizer into
# ${TT_ASAN_BUILD_DIR:-build-asan} and runs the whole lit suite (which also
# runs the gtest binaries) against it. See docs/reliability.md.
#
#   scripts/asan.sh                 configure (once), build, run every test
#   scripts/asan.sh --build-only    configure and build only
#   scripts/asan.sh --lit-args '-sv --filter tt-run'   extra arguments to lit
#
# Any sanitizer report makes the tool abort with a non-zero exit code, so the
# test that ran it fails: undefined behaviour is not recoverable here
# (-fno-sanitize-recover) and ASan stops at the first error.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${TT_ASAN_BUILD_DIR:-$root/build-asan}
jobs=${TT_JOBS:-2}
build_only=0
lit_args=(-sv)
while [ $# -gt 0 ]; do
  case "$1" in
    --build-only) build_only=1 ;;
    --lit-args) shift; read -r -a lit_args <<< "$1" ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) echo "asan.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
  shift
done

. "$root/scripts/sanitizers.sh"
need_clang_runtime asan.sh asan "the sanitizer runtime"
flags=$san_cflags
start=$(date +%s)
if [ ! -f "$build/build.ninja" ]; then
  cmake -G Ninja -S "$root" -B "$build" \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_COMPILER=clang++-22 -DCMAKE_C_COMPILER=clang-22 \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="$flags" \
    -DCMAKE_C_FLAGS_RELWITHDEBINFO="$flags" \
    -DCMAKE_EXE_LINKER_FLAGS="$san" \
    -DCMAKE_SHARED_LINKER_FLAGS="$san" \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit >/dev/null
fi
ninja -C "$build" -j"$jobs"
echo "asan.sh: build: $(( $(date +%s) - start )) s"
[ "$build_only" = 1 ] && exit 0

# Leak checking stays on: a leak in a tool is a test failure. Manual
# poisoning is off: LLVM's headers poison BumpPtrAllocator slabs in our
# (instrumented) code that Debian's uninstrumented libMLIR then writes, a
# false use-after-poison (fuzz/SanitizerDefaults.cpp). The symbolizer turns
# addresses into file:line in the reports.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allow_user_poisoning=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export ASAN_SYMBOLIZER_PATH=${ASAN_SYMBOLIZER_PATH:-/usr/lib/llvm-22/bin/llvm-symbolizer}
lit_start=$(date +%s)
status=0
/usr/lib/llvm-22/bin/lit "${lit_args[@]}" "$build/test" || status=$?
echo "asan.sh: lit: $(( $(date +%s) - lit_start )) s, total: $(( $(date +%s) - start )) s"
exit $status
