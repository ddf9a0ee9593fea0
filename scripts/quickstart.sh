#!/usr/bin/env bash
# The newcomer's first command: set up the machine, build the tools, then
# compile the vector-add example (examples/add/add.ttir) and run it with
# tt-run on 2^20 random elements, checking out == x + y. On a machine with
# an NVIDIA GPU it runs there, next to upstream Triton's own binary when the
# corpus is present; otherwise on the CPU backend.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh" tt-opt tt-translate tt-run
build=${TT_BUILD_DIR:-$root/build}
export PATH="$build/bin:$PATH"
cd "$root/examples/add"

echo "== the TTIR stage of add.ttir (first lines)"
tt-opt add.ttir --tt-ttir --mlir-use-nameloc-as-prefix | head -12

if command -v nvidia-smi >/dev/null && nvidia-smi -L >/dev/null 2>&1; then
  echo "== tt-run on the GPU: our add next to upstream's"
  kernels=(--kernel tt=add.ttir)
  upstream=$root/../shared/corpus/add-f32-1024-w4-s3/add_kernel.ptx
  [ -f "$upstream" ] && kernels+=(--kernel "upstream=$upstream")
  tt-run --bench --set 'n=2**24' "${kernels[@]}" add.run.yaml
else
  echo "== no NVIDIA GPU here: tt-run on the CPU backend"
  tt-run --target cpu --bench --reps 5 --kernel tt=add.ttir --set 'n=2**20' add.run.yaml
fi
