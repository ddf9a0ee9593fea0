#!/bin/sh
# concurrent-translate.sh DIR INPUT.ttir ROUNDS
# Two tt-translate processes build the same DIR/k.so at once, ROUNDS times;
# both must succeed and leave a whole shared library.
set -u
dir=$1 input=$2 rounds=$3
for i in $(seq "$rounds"); do
  tt-translate --target cpu --emit=so "$input" -o "$dir/k.so" &
  a=$!
  tt-translate --target cpu --emit=so "$input" -o "$dir/k.so" &
  b=$!
  wait $a || { echo "round $i: first writer failed"; exit 1; }
  wait $b || { echo "round $i: second writer failed"; exit 1; }
done
echo "concurrent: $rounds rounds"
