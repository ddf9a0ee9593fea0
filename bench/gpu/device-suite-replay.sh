#!/usr/bin/env bash
# One device call: upstream's language suite with upstream's compiler and
# through tt (bench/plugin/device-suite.sh, both halves, same call: the pass
# counts and wall times of issue 22), then a capture of a few torch.compile
# cases and their per-kernel replay report (issue 23). The device returns at
# most 8 files, so each part is packed: $OUT/suite.tar.xz, $OUT/replay.tar.xz,
# and the summary is printed last.
#
#   bench/gpu/device-suite-replay.sh [UP_S TT_S REPLAY_S] [REPLAY_CASES]
#
# Carry dist/ and bench/gpu/carry/{python,upstream-tests}.
set -uo pipefail
out=${OUT:-/tmp/device-suite-replay}; mkdir -p "$out"
up_s=${1:-150}; tt_s=${2:-200}; replay_s=${3:-120}; cases=${4:-flex,resnet18}
if [ -d bench/gpu/carry/python ]; then rm -rf python && cp -r bench/gpu/carry/python python; fi
work=/tmp/dsr; rm -rf "$work"; mkdir -p "$work/suite" "$work/replay"
start=$(date +%s)
OUT=$work/suite TT_SUITE_DUMP=0 TT_SUITE_LIMITS="$up_s $tt_s" bash bench/plugin/device-suite.sh > "$work/suite/suite-run.txt" 2>&1
suite_end=$(date +%s)
tools=/tmp/tt-tools; rm -rf "$tools" && mkdir -p "$tools"
tar -xJf dist/tt-bundle-linux-x86_64.tar.xz -C "$tools"
cap=/tmp/tt-capture; rm -rf "$cap"
if [ "$replay_s" -gt 0 ]; then
  timeout -k 5 $((replay_s / 2)) python3 bench/plugin/torch-workloads.py --bundle dist/tt-bundle-linux-x86_64.tar.xz \
      --iters 5 --warmup 2 --timeout 60 --cases "$cases" --capture "$cap" > "$work/replay/capture.txt" 2>&1
  per=$((replay_s / 2 / $(echo "$cases" | tr ',' '\n' | wc -l)))
  for c in ${cases//,/ }; do
    [ -d "$cap/$c" ] || continue
    timeout -k 5 "$per" python3 bench/plugin/replay-report.py "$cap/$c" --tt-run "$tools/tt/bin/tt-run" \
        --svg "$work/replay/$c.svg" --html "$work/replay/$c.html" --json "$work/replay/$c.json" \
        > "$work/replay/$c.txt" 2>&1
  done
  # The captured kernels themselves (TTIR, metadata, upstream's PTX), without the tensors.
  ( cd "$cap" && find . -name '*.ttir' -o -name '*.ptx' -o -name '*.json' -o -name '*.yaml' | tar -cf - -T - ) \
      | xz -T8 > "$work/replay/kernels.tar.xz"
fi
end=$(date +%s)
tar -C "$work" -cJf "$out/suite.tar.xz" suite
tar -C "$work" -cJf "$out/replay.tar.xz" replay
echo "== times: suite $((suite_end - start)) s, capture + replay $((end - suite_end)) s"
echo "== suite"; cat "$work/suite/summary.txt" 2>/dev/null | head -40 || tail -20 "$work/suite/suite-run.txt"
for c in ${cases//,/ }; do echo "== replay $c"; head -16 "$work/replay/$c.txt" 2>/dev/null; done
