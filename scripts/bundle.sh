#!/usr/bin/env bash
# Builds tt-opt, tt-translate, tt-dump, tt-run and tt-tune fully static (TT_STATIC=ON, no
# shared LLVM/MLIR, static libstdc++) and packs them, stripped, into
# dist/tt-bundle-linux-x86_64.tar.xz for GPU machines that have only the
# NVIDIA driver (DESIGN.md section 6). Prints the sizes; fails above 64 MiB.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${TT_STATIC_BUILD_DIR:-$root/build-static}
TT_STATIC=ON TT_BUILD_DIR=$build "$root/scripts/build.sh" tt-opt tt-translate tt-dump tt-run tt-tune
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/tt/bin" "$root/dist"
for t in tt-opt tt-translate tt-dump tt-run tt-tune; do
  strip -o "$stage/tt/bin/$t" "$build/bin/$t"
done
out=$root/dist/tt-bundle-linux-x86_64.tar.xz
tar -C "$stage" -cJf "$out" tt
ls -l "$stage/tt/bin"
for t in "$stage"/tt/bin/*; do
  echo "$(basename "$t") needs: $(ldd "$t" | awk '{print $1}' | tr '\n' ' ')"
done
size=$(stat -c %s "$out")
echo "bundle: $out ($((size / 1024 / 1024)) MiB)"
[ "$size" -lt $((64 * 1024 * 1024)) ]
