#!/usr/bin/env bash
# One device call for the torch.compile workloads (issues 21 and 23): every
# case of bench/plugin/torch-workloads.py with upstream's compiler and
# through tt, errors over several input draws and the per-kernel device
# profile; then a capture of a few cases and their per-kernel replay report
# (tt_triton.capture_report: tt's and upstream's binary of every kernel in
# one tt-run, worst offenders first, SVG and HTML charts).
#
#   bench/gpu/device-workloads.sh [WORK_S REPLAY_S] [CASES] [REPLAY_CASES]
#
# Run from the repository root on the GPU machine with dist/ (scripts/bundle.sh)
# and bench/gpu/carry/python (a committed snapshot of python/) carried.
# Writes $OUT/*.txt, *.json, *.svg, *.html and prints a summary last.
set -uo pipefail
out=${OUT:-/tmp/device-workloads}; mkdir -p "$out"
work_s=${1:-330}; replay_s=${2:-200}
cases=${3:-gpt2,llama,bert,resnet18,vit,mm_relu,flex,scatter}
replay_cases=${4:-bert,resnet18,llama}
if [ -d bench/gpu/carry/python ]; then rm -rf python && cp -r bench/gpu/carry/python python; fi
tools=/tmp/tt-tools; rm -rf "$tools" && mkdir -p "$tools"
tar -xJf dist/tt-bundle-linux-x86_64.tar.xz -C "$tools"
for f in "$tools"/tt/bin/*.xz; do [ -f "$f" ] && xz -d "$f"; done
start=$(date +%s)
timeout -k 5 "$work_s" python3 bench/plugin/torch-workloads.py --bundle dist/tt-bundle-linux-x86_64.tar.xz \
    --seeds 3 --iters 30 --warmup 5 --timeout 90 --profile --cases "$cases" --json "$out/workloads.json" \
    > "$out/workloads.txt" 2>&1
work_end=$(date +%s)
cap=/tmp/tt-capture; rm -rf "$cap"
left=$((replay_s - 10))
timeout -k 5 $((left * 6 / 10)) python3 bench/plugin/torch-workloads.py --bundle dist/tt-bundle-linux-x86_64.tar.xz \
    --iters 5 --warmup 2 --timeout 60 --cases "$replay_cases" --capture "$cap" > "$out/capture.txt" 2>&1
for c in ${replay_cases//,/ }; do
  [ -d "$cap/$c" ] || continue
  timeout -k 5 $((left * 4 / 10 / 3)) python3 bench/plugin/replay-report.py "$cap/$c" --tt-run "$tools/tt/bin/tt-run" \
      --svg "$out/replay-$c.svg" --html "$out/replay-$c.html" --json "$out/replay-$c.json" \
      > "$out/replay-$c.txt" 2>&1
done
end=$(date +%s)
echo "== times: workloads $((work_end - start)) s, capture + replay $((end - work_end)) s"
echo "== workloads"; sed -n '/^case/,$p' "$out/workloads.txt" | head -40
for c in ${replay_cases//,/ }; do
  echo "== replay $c"; head -14 "$out/replay-$c.txt" 2>/dev/null
done
