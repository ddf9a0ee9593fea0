#!/bin/sh
# concurrent-writers.sh DIR ROUNDS
# Runs two tt-run processes that save different 16 MiB arrays to the same
# DIR/out/x.npy at the same time, ROUNDS times. After each round x.npy must
# be byte for byte one of the two arrays (DIR/ref-a, DIR/ref-b), and no
# temporary file may remain. Then kills a writer mid-way: x.npy must still
# be a whole array.
set -u
dir=$1 rounds=$2
for i in $(seq "$rounds"); do
  tt-run --dry-run --save-inputs "$dir/out" "$dir/big-a.run.yaml" >/dev/null &
  a=$!
  tt-run --dry-run --save-inputs "$dir/out" "$dir/big-b.run.yaml" >/dev/null &
  b=$!
  wait $a || { echo "round $i: writer a failed"; exit 1; }
  wait $b || { echo "round $i: writer b failed"; exit 1; }
  if ! cmp -s "$dir/out/x.npy" "$dir/ref-a/x.npy" &&
     ! cmp -s "$dir/out/x.npy" "$dir/ref-b/x.npy"; then
    echo "round $i: x.npy is neither writer's array"
    exit 1
  fi
  if ls "$dir/out" | grep -q tmp; then
    echo "round $i: temporary files left: $(ls "$dir/out")"
    exit 1
  fi
done
echo "concurrent: $rounds rounds, x.npy whole every time"
for delay in 0.05 0.1 0.2 0.3; do
  tt-run --dry-run --save-inputs "$dir/out" "$dir/big-b.run.yaml" >/dev/null &
  pid=$!
  sleep $delay
  kill -9 $pid 2>/dev/null
  wait $pid 2>/dev/null
  if ! cmp -s "$dir/out/x.npy" "$dir/ref-a/x.npy" &&
     ! cmp -s "$dir/out/x.npy" "$dir/ref-b/x.npy"; then
    echo "killed after ${delay}s: x.npy is neither writer's array"
    exit 1
  fi
done
echo "killed writers: x.npy whole every time"
