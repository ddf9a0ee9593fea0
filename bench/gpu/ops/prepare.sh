#!/usr/bin/env bash
# Prepares the ops kernels (atomics, histogram, scan, trans/join/split/
# reshape/cat, gather, print/assert, noinline calls in scf.while) for the
# GPU machine, which has no LLVM: our PTX + metadata JSON for each kernel
# (tt-translate, sm_90a) and the .npy inputs/references (gen.py), all under
# bench/gpu/carry/ops (git-ignored; carried with bench/gpu/carry). Then, where
# the CPU backend supports the ops, runs each YAML on the CPU with tt-run.
#   bench/gpu/ops/prepare.sh [BUILD_DIR]        (default: build)
#   TT_OPS_CPU=0 bench/gpu/ops/prepare.sh ...   skips the CPU runs
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
build=${1:-$root/build}
inputs=$root/test/Conversion/TritonGPUToLLVM/Inputs
out=$root/bench/gpu/carry/ops
rm -rf "$out" && mkdir -p "$out/data"
python3 "$here/gen.py" "$out/data"
for k in hist atomics cumsum cumsum4 transpose shapes gather print assert_fail call_while; do
  src=$inputs/${k}_kernel.ttir
  [ -f "$src" ] || src=$inputs/${k}_kernel.ttgir
  start=$(date +%s.%N)
  "$build/bin/tt-translate" --target cuda:90 --num-warps 4 --ptx \
      --metadata "$out/${k}_kernel.json" "$src" -o "$out/${k}_kernel.ptx"
  end=$(date +%s.%N)
  printf '%-22s ptx in %.2f s\n' "${k}_kernel" "$(echo "$end - $start" | bc)"
done
du -sh "$out"

# The same YAMLs on the CPU backend (tt-run compiles the .ttir through
# tt-translate --target cpu). print/assert are GPU-only checks, and cumsum4
# is TTGIR, which the CPU backend does not take.
if [ "${TT_OPS_CPU:-1}" != 0 ] && [ -x "$build/bin/tt-run" ]; then
  status=0
  for y in hist atomics cumsum transpose shapes gather call-while; do
    if TT_TRANSLATE="$build/bin/tt-translate" "$build/bin/tt-run" --target cpu \
         "$here/$y.run.yaml" > "$out/cpu-$y.txt" 2>&1; then
      echo "cpu $y: ok"
    else
      echo "cpu $y: FAILED ($out/cpu-$y.txt)"; tail -5 "$out/cpu-$y.txt"; status=1
    fi
  done
  exit $status
fi
