#!/usr/bin/env bash
# Launch overhead of tt-aot's generated launchers against a bare
# cuLaunchKernel (aot-overhead.c says what is timed).
#
#   bench/gpu/aot-overhead.sh prepare [BUILD_DIR]   here, with tt's tools:
#       generates the launchers (C sources with the cubins embedded) and
#       the bare cubin into bench/gpu/carry/aot/ (git-ignored; run it after
#       bench/gpu/prepare.sh, which empties bench/gpu/carry)
#   bench/gpu/aot-overhead.sh                         on the GPU machine,
#       from the repository root with bench/gpu/carry carried: compiles them
#       with the C compiler there (gcc or cc, and /usr/local/cuda/include;
#       no LLVM needed) and runs the benchmark. Results go to stdout and
#       $OUT/aot-overhead.txt when OUT is set.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
carry=$root/bench/gpu/carry/aot

if [ "${1:-}" = prepare ]; then
  build=${2:-$root/build}
  rm -rf "$carry" && mkdir -p "$carry"
  vadd=$root/examples/aot/vadd.ttir
  # The bare path and vadd_any launch the very same cubin.
  "$build/bin/tt-translate" --target cuda:90 --cubin "$vadd" \
      -o "$carry/vadd_any.cubin" --metadata "$carry/vadd_any.json"
  "$build/bin/tt-aot" "$vadd" --target "cuda:90=$carry/vadd_any.cubin" \
      --grid 'cdiv(n, 1024)' --name vadd_any -o "$carry/vadd_any"
  "$build/bin/tt-aot" "$vadd" --target cuda:90 --grid 'cdiv(n, 1024)' \
      --hint x=16 --hint y=16 --hint out=16 --hint n=16 \
      --name vadd_16 -o "$carry/vadd_16"
  "$build/bin/tt-aot" link "$carry/vadd_16.h" "$carry/vadd_any.h" \
      --name vadd -o "$carry/vadd"
  ls -l "$carry"
  exit 0
fi

[ -f "$carry/vadd.c" ] || { echo "no $carry/vadd.c: run '$0 prepare' first (where tt is built) and carry bench/gpu/carry" >&2; exit 2; }
cuda=${CUDA_HOME:-/usr/local/cuda}
cc=${CC:-$(command -v gcc || command -v cc || command -v clang || true)}
[ -n "$cc" ] || { echo "no C compiler (gcc, cc or clang) found" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$cc" -O2 -std=c11 -Wall -Wextra -Werror -I"$carry" -I"$cuda/include" \
    "$root/bench/gpu/aot-overhead.c" "$carry/vadd.c" "$carry/vadd_16.c" \
    "$carry/vadd_any.c" -L"$cuda/lib64/stubs" -lcuda -o "$work/aot-overhead"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader || true
if [ -n "${OUT:-}" ]; then
  mkdir -p "$OUT"
  "$work/aot-overhead" "$carry/vadd_any.cubin" | tee "$OUT/aot-overhead.txt"
else
  "$work/aot-overhead" "$carry/vadd_any.cubin"
fi
