#!/usr/bin/env bash
# Builds tt-opt, tt-translate, tt-dump, tt-run and tt-tune fully static (TT_STATIC=ON, no
# shared LLVM/MLIR, static libstdc++) and packs them, stripped, into
# dist/tt-bundle-linux-x86_64.tar.xz for GPU machines that have only the
# NVIDIA driver (DESIGN.md section 6). Prints the sizes; fails above 64 MiB.
#
#   scripts/bundle.sh             a separate static build in build-static
#   scripts/bundle.sh --in-place  relinks the tools of the development build
#                                 (build/) statically, packs them, and links
#                                 them back: TT_STATIC changes only link
#                                 options, so no object is compiled again
#                                 (about 20 s instead of a full build)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# TT_BUNDLE_TOOLS="tt-dump tt-run" packs only those (a smaller carry)
read -r -a tools <<< "${TT_BUNDLE_TOOLS:-tt-opt tt-translate tt-dump tt-run tt-tune}"
stage=$(mktemp -d)
relink_back=0
cleanup() {
  rm -rf "$stage"
  if [ "$relink_back" = 1 ]; then
    cmake -DTT_STATIC=OFF "$build" > /dev/null && ninja -C "$build" > /dev/null
  fi
}
trap cleanup EXIT
if [ "${1:-}" = --in-place ]; then
  build=${TT_BUILD_DIR:-$root/build}
  [ -f "$build/build.ninja" ] || { echo "bundle.sh: no build in $build (run scripts/build.sh)" >&2; exit 2; }
  relink_back=1
  cmake -DTT_STATIC=ON "$build" > /dev/null
  ninja -C "$build" "${tools[@]}"
else
  build=${TT_STATIC_BUILD_DIR:-$root/build-static}
  TT_STATIC=ON TT_BUILD_DIR=$build "$root/scripts/build.sh" "${tools[@]}"
fi
mkdir -p "$stage/tt/bin" "$root/dist"
for t in "${tools[@]}"; do
  strip -o "$stage/tt/bin/$t" "$build/bin/$t"
done
out=$root/dist/tt-bundle-linux-x86_64.tar.xz
tar -C "$stage" -cf - tt | xz -T0 -6 > "$out"
ls -l "$stage/tt/bin"
for t in "$stage"/tt/bin/*; do
  echo "$(basename "$t") needs: $(ldd "$t" | awk '{print $1}' | tr '\n' ' ')"
done
size=$(stat -c %s "$out")
echo "bundle: $out ($((size / 1024 / 1024)) MiB)"
[ "$size" -lt $((64 * 1024 * 1024)) ]
