#!/usr/bin/env bash
# Prepares bench/gpu/carry/ (git-ignored) for a run on the GPU machine, which
# has the NVIDIA driver but no LLVM and no ../shared: our tt-run (static),
# our PTX + metadata for every corpus kernel we compile, and a copy of the
# upstream corpus (its PTX + JSON are the baseline).
#   bench/gpu/prepare.sh [BUILD_DIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$root/build}
carry=$root/bench/gpu/carry
rm -rf "$carry" && mkdir -p "$carry/bin" "$carry/ours"
cp "$build/bin/tt-run" "$carry/bin/"
mkdir -p "$carry/shared"
cp -r "$root/../shared/corpus" "$carry/shared/"
for entry in add-f32-1024-w4-s3/add_kernel:4 softmax-f32-1024-w4-s3/softmax_kernel:4 \
             softmax-f32-4096-w8-s3/softmax_kernel:8 softmax-f32-16384-w16-s3/softmax_kernel:16 \
             layernorm-f16-4096-w8-s3/layernorm_kernel:8 layernorm-f16-8192-w8-s3/layernorm_kernel:8; do
  k=${entry%%:*}; w=${entry##*:}
  d=$(dirname "$k"); n=$(basename "$k")
  mkdir -p "$carry/ours/$d"
  start=$(date +%s.%N)
  "$build/bin/tt-translate" --target cuda:90 --num-warps "$w" --ptx \
      --metadata "$carry/ours/$d/$n.json" \
      "$root/../shared/corpus/$k.ttir" -o "$carry/ours/$d/$n.ptx"
  end=$(date +%s.%N)
  printf '%-40s ptx in %.2f s\n' "$k" "$(echo "$end - $start" | bc)"
done
du -sh "$carry"
