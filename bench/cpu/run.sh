#!/usr/bin/env bash
# CPU backend against plain C loops (-O3 -march=native -fopenmp, all cores)
# and, for matmul, OpenBLAS (Debian libopenblas-dev, used when installed), in
# one run on this machine. Ours: the corpus kernels' unchanged TTIR compiled
# by tt-translate --target cpu and timed by tt-run --bench --target cpu
# (median of REPS, grid over all cores). Prints a table last.
#   bench/cpu/run.sh [BUILD_DIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$root/build}
corpus=$root/../shared/corpus
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export PATH=$build/bin:$PATH

blas=()
if [ -f /usr/include/x86_64-linux-gnu/cblas.h ] || [ -f /usr/include/cblas.h ]; then
  blas=(-DHAVE_OPENBLAS -lopenblas)
else
  echo "(OpenBLAS not installed: apt-get install libopenblas-dev to compare matmul)"
fi
gcc -O3 -march=native -fopenmp "$root/bench/cpu/ref.c" -o "$work/ref" -lm "${blas[@]}"
"$work/ref" > "$work/ref.txt"

python3 "$root/bench/cpu/make-f32-matmul.py" \
  "$corpus/matmul-f16-128x128x64-w4-s4/matmul_kernel.ttir" "$work/matmul_f32.ttir"
sed 's/tensor: f16/tensor: f32/' "$root/examples/matmul/matmul-128x128x64.run.yaml" \
  > "$root/examples/matmul/.bench-f32.run.yaml"
trap 'rm -rf "$work" "$root/examples/matmul/.bench-f32.run.yaml"' EXIT

ours() { # label yaml kernel [--set ...]
  local label=$1 yaml=$2 kernel=$3; shift 3
  tt-run --target cpu --bench --reps 20 --warmup 2 --no-flush --json-file "$work/$label.json" \
    --kernel "tt=$kernel" "$@" "$yaml" > "$work/$label.txt"
  python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(d['results'][0]['variants'][0]['bench']['median_ms'])" "$work/$label.json"
}
declare -A t
t[add]=$(ours add "$root/examples/add/add.run.yaml" "$corpus/add-f32-1024-w4-s3/add_kernel.ttir" --set 'n=2**24')
t[softmax]=$(ours softmax "$root/examples/softmax/softmax-1024.run.yaml" "$corpus/softmax-f32-1024-w4-s3/softmax_kernel.ttir" --set M=4096)
t[layernorm]=$(ours layernorm "$root/examples/layernorm/layernorm-4096.run.yaml" "$corpus/layernorm-f16-4096-w8-s3/layernorm_kernel.ttir" --set M=4096)
t[matmul_f16]=$(ours mm16 "$root/examples/matmul/matmul-128x128x64.run.yaml" "$corpus/matmul-f16-128x128x64-w4-s4/matmul_kernel.ttir" --no-check --set M=1024 --set N=1024 --set K=1024)
t[matmul_f32]=$(ours mm32 "$root/examples/matmul/.bench-f32.run.yaml" "$work/matmul_f32.ttir" --no-check --set M=1024 --set N=1024 --set K=1024)

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
printf '%-12s %12s %12s %10s\n' kernel "tt ms" "C loops ms" "C/tt"
for k in add softmax layernorm matmul_f16 matmul_f32; do
  c=$(awk -v k=$k '$1==k {print $2}' "$work/ref.txt")
  printf '%-12s %12.3f %12.3f %10.2f\n' "$k" "${t[$k]}" "$c" "$(echo "$c / ${t[$k]}" | bc -l)"
done
b=$(awk '$1=="openblas_sgemm" {print $2}' "$work/ref.txt")
if [ -n "$b" ]; then
  printf '%-12s %12.3f %12s %10.2f  (OpenBLAS sgemm 1024^3 / tt f32 matmul)\n' openblas "$b" - "$(echo "$b / ${t[matmul_f32]}" | bc -l)"
fi
