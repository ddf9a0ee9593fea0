#!/usr/bin/env bash
# Runs on the H200 machine from the repository root: the tf32 and int8
# matmuls of bench/kernels (our PTX compiled from upstream's unchanged TTIR
# next to upstream's PTX, same tt-run, same YAML, same inputs), the int8
# and tf32 kernels compiled for cuda:80 (mma.sync m16n8k32 s8, m16n8k8
# tf32; run on the H200), and the
# tritongpu-prefetch check kernel (cuda:80, plain vs prefetched). Checks
# first (tf32 against float64 at 1024^3 with rtol/atol 2e-2, int8 exactly
# at 1024^3 and 4096^3), then times (CUDA events, L2 flushed, median of
# 100). Prints a table last; JSON goes to $OUT.
# Prepared here by (from the repository root; C=bench/gpu/carry/h4):
#   tt-translate --target cuda:90 --num-warps 4 --num-stages 3 --ptx --metadata $C/tf32-ours.json \
#     bench/kernels/matmul-tf32-128x128x32-w4-s3/matmul_acc_kernel.ttir -o $C/tf32-ours.ptx
#   tt-translate --target cuda:90 --num-warps 8 --num-stages 3 --ptx --metadata $C/i8-ours.json \
#     bench/kernels/matmul-i8-128x256x128-w8-s3/matmul_acc_kernel.ttir -o $C/i8-ours.ptx
#   tt-translate --target cuda:80 --num-warps 8 --num-stages 3 --ptx --metadata $C/i8sm80-ours.json \
#     bench/kernels/matmul-i8-128x256x128-w8-s3/matmul_acc_kernel.ttir -o $C/i8sm80-ours.ptx
#   tt-translate --target cuda:80 --num-warps 4 --num-stages 3 --ptx --metadata $C/tf32sm80-ours.json \
#     bench/kernels/matmul-tf32-128x128x32-w4-s3/matmul_acc_kernel.ttir -o $C/tf32sm80-ours.ptx
#   ({i8,tf32}sm80-up.{ptx,json}: gen-upstream.py's int8 and tf32 kernels with arch=80)
#   I=test/Conversion/TritonNVIDIAGPUToLLVM/Inputs/prefetch-matmul-sm80.ttgir
#   tt-translate --target cuda:80 --ptx --metadata $C/pf-plain.json $I -o $C/pf-plain.ptx
#   tt-opt $I --tritongpu-prefetch | tt-translate --target cuda:80 --ptx --metadata $C/pf-prefetch.json -o $C/pf-prefetch.ptx
#   cp build-static/bin/tt-run $C/
set -u
C=${TT_H4_CARRY:-bench/gpu/carry/h4}
T=$C/tt-run
K=bench/kernels
M=examples/matmul
OUT=${OUT:-/tmp/out}; mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
run() { # label yaml [tt-run args...]
  local label=$1 yaml=$2; shift 2
  timeout 60 "$T" --json-file "$OUT/$label.json" "$@" "$yaml" > "$OUT/$label.txt" 2>&1
  echo "$label rc=$?"; tail -2 "$OUT/$label.txt"
}
tf32="--kernel upstream=$K/matmul-tf32-128x128x32-w4-s3/matmul_acc_kernel.ptx --kernel tt=$C/tf32-ours.ptx"
i8="--kernel upstream=$K/matmul-i8-128x256x128-w8-s3/matmul_acc_kernel.ptx --kernel tt=$C/i8-ours.ptx"
i8sm80="--kernel upstream=$C/i8sm80-up.ptx --kernel tt=$C/i8sm80-ours.ptx"
tf32sm80="--kernel upstream=$C/tf32sm80-up.ptx --kernel tt=$C/tf32sm80-ours.ptx"
run tf32-1024 $M/matmul-tf32-128x128x32.run.yaml --bench $tf32
run tf32-4096 $M/matmul-tf32-128x128x32.run.yaml --bench --no-check --set M=4096 --set N=4096 --set K=4096 $tf32
run tf32-8192 $M/matmul-tf32-128x128x32.run.yaml --bench --no-check --set M=8192 --set N=8192 --set K=8192 $tf32
run i8-1024 $M/matmul-i8-128x256x128.run.yaml --bench $i8
run i8-4096 $M/matmul-i8-128x256x128.run.yaml --bench --set M=4096 --set N=4096 --set K=4096 $i8
run i8-8192 $M/matmul-i8-128x256x128.run.yaml --bench --no-check --set M=8192 --set N=8192 --set K=8192 $i8
run i8sm80-1024 $M/matmul-i8-128x256x128.run.yaml $i8sm80
run i8sm80-4096 $M/matmul-i8-128x256x128.run.yaml --bench --no-check --set M=4096 --set N=4096 --set K=4096 $i8sm80
run tf32sm80-1024 $M/matmul-tf32-128x128x32.run.yaml $tf32sm80
run tf32sm80-4096 $M/matmul-tf32-128x128x32.run.yaml --bench --no-check --set M=4096 --set N=4096 --set K=4096 $tf32sm80
run prefetch-1024 $M/prefetch-sm80.run.yaml --bench --kernel upstream=$C/pf-plain.ptx --kernel tt=$C/pf-prefetch.ptx
python3 - "$OUT" <<'PY'
import json, sys, glob, os
print(f"{'run':<16}{'checks':>7}{'upstream ms':>13}{'tt ms':>10}{'up T(FL)OP/s':>14}{'tt T(FL)OP/s':>14}{'tt/up time':>11}")
for f in sorted(glob.glob(os.path.join(sys.argv[1], "*.json"))):
    name = os.path.basename(f)[:-5]
    try:
        doc = json.load(open(f))
    except Exception:
        print(f"{name:<16}{'ERR':>7}"); continue
    for r in doc["results"]:
        v = {x["label"]: x for x in r["variants"]}
        get = lambda l, k: ((v.get(l) or {}).get("bench") or {}).get(k)
        checks = [c for x in r["variants"] for c in (x.get("checks") or [])]
        ok = all(c["passed"] for c in checks) and all(x.get("status") == "ok" for x in r["variants"])
        state = ("ok" if checks else "run") if ok else "FAIL"
        u, t = get("upstream", "median_ms"), get("tt", "median_ms")
        ut, tt = get("upstream", "tflops"), get("tt", "tflops")
        fmt = lambda x, p: f"{x:.{p}f}" if x is not None else "-"
        print(f"{name:<16}{state:>7}{fmt(u,4):>13}{fmt(t,4):>10}{fmt(ut,1):>14}{fmt(tt,1):>14}"
              f"{(f'{t/u:.3f}' if u and t else '-'):>11}")
PY
