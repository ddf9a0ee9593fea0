#!/usr/bin/env bash
# One device call measuring the wave's figures together (bench/RESULTS.md):
# forward and backward attention (bench/kernels/attention), upstream's
# language suite through tt (bench/plugin/device-suite.sh, tt's half only:
# upstream's result is stable), and torch.compile workloads with errors over
# several input draws (bench/plugin/torch-workloads.py --seeds). Each part
# has its own time cap so that one slow part cannot cost the others.
#
#   bench/gpu/device-all.sh [ATTN_S SUITE_S WORKLOADS_S] [CASES]   (0 seconds skips a part)
#
# Run from the repository root on the GPU machine with dist/ (scripts/bundle.sh)
# and bench/gpu/carry/{python,upstream-tests} carried (a committed snapshot
# of python/ and a copy of ../shared/upstream-tests). Writes $OUT/*.txt and
# *.json and prints a short summary last.
set -uo pipefail
out=${OUT:-/tmp/device-all}; mkdir -p "$out"
attn_s=${1:-150}; suite_s=${2:-170}; work_s=${3:-230}
cases=${4:-llama,gpt2,bert,flex}
if [ -d bench/gpu/carry/python ]; then rm -rf python && cp -r bench/gpu/carry/python python; fi
tools=/tmp/tt-tools; rm -rf "$tools" && mkdir -p "$tools"
tar -xJf dist/tt-bundle-linux-x86_64.tar.xz -C "$tools"
for f in "$tools"/tt/bin/*.xz; do [ -f "$f" ] && xz -d "$f"; done
export TRITON_CACHE_DIR=/tmp/attn-cache
start=$(date +%s)
# A part given 0 seconds is skipped.
if [ "$attn_s" -gt 0 ]; then
  timeout -k 5 $((attn_s * 55 / 100)) python3 bench/kernels/attention/bench-attention.py --tools "$tools/tt/bin" \
      --sizes 1024,4096,16384 --json "$out/fwd.json" > "$out/fwd.txt" 2>&1
  timeout -k 5 $((attn_s * 45 / 100)) python3 bench/kernels/attention/bench-attention-bwd.py --tools "$tools/tt/bin" \
      --sizes 1024,4096,16384 --json "$out/bwd.json" > "$out/bwd.txt" 2>&1
fi
attn_end=$(date +%s)
if [ "$suite_s" -gt 0 ]; then
  TT_SUITE_UPSTREAM=0 TT_SUITE_DUMP=0 TT_SUITE_LIMITS="0 $suite_s" bash bench/plugin/device-suite.sh > "$out/suite-run.txt" 2>&1
fi
suite_end=$(date +%s)
if [ "$work_s" -gt 0 ]; then
  timeout -k 5 "$work_s" python3 bench/plugin/torch-workloads.py --bundle dist/tt-bundle-linux-x86_64.tar.xz \
      --seeds 3 --iters 30 --warmup 5 --timeout 100 --profile --cases "$cases" --json "$out/workloads.json" \
      > "$out/workloads.txt" 2>&1
fi
end=$(date +%s)
echo "== times: attention $((attn_end - start)) s, suite $((suite_end - attn_end)) s, workloads $((end - suite_end)) s"
echo "== attention (tt/up per row)"; grep -E '^(f16|bf16|fp8|bwd)' "$out/fwd.txt" "$out/bwd.txt" | awk '{print $1, $2, $7}' | sed 's|.*/||'
echo "== suite"; tail -5 "$out/summary.txt" 2>/dev/null || tail -5 "$out/suite-run.txt"
echo "== workloads"; sed -n '/^case/,$p' "$out/workloads.txt"
