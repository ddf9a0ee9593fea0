#!/usr/bin/env bash
# Runs on the H200 machine from the repository root, after prepare.sh here:
# every ops kernel, our PTX launched by tt-run from its YAML and checked
# against its reference at sizes that are not multiples of the block. The
# print kernel must exit 0 and print the expected lines; the failing assert
# must make the launch fail (exit 1) with the assertion's message.
# Prints a table last; logs go to $OUT. TT_RUN overrides the tt-run binary
# (default bench/gpu/carry/bin/tt-run).
set -u
root=$PWD
carry=$root/bench/gpu/carry
T=${TT_RUN:-$carry/bin/tt-run}
ops=$root/bench/gpu/ops
OUT=${OUT:-/tmp/out}; mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
results=()
record() { results+=("$(printf '%-12s %-6s %s' "$1" "$2" "$3")"); }

for y in hist atomics cumsum cumsum4 transpose shapes gather call-while; do
  k=${y//-/_}_kernel
  "$T" --kernel "tt=$carry/ops/$k.ptx" "$ops/$y.run.yaml" > "$OUT/$y.txt" 2>&1
  rc=$?
  if [ $rc = 0 ]; then record "$y" ok "checks passed"; else record "$y" FAIL "rc=$rc"; fi
  tail -3 "$OUT/$y.txt"
done

# print: exit status 0 and the device printf lines (8 elements, 2 programs;
# like upstream, every thread holding an element prints it, so duplicates
# are counted once).
"$T" --kernel "tt=$carry/ops/print_kernel.ptx" "$ops/print.run.yaml" > "$OUT/print.txt" 2>&1
rc=$?
lines=$(sort -u "$OUT/print.txt" | grep -c '^pid ([01], 0, 0) idx ([0-3]) x: [0-7]$')
if [ $rc = 0 ] && [ "$lines" = 8 ] && grep -q '^pid (1, 0, 0) idx (3) x: 7$' "$OUT/print.txt" \
   && grep -q '^pid (1, 0, 0) idx () start: 4$' "$OUT/print.txt" \
   && grep -q '^pid (0, 0, 0) hello from tt$' "$OUT/print.txt"; then
  record print ok "rc=0, $lines distinct element lines"
else
  record print FAIL "rc=$rc, $lines distinct element lines"
fi
sort -u "$OUT/print.txt" | head -20

# assert: the launch must fail.
"$T" --kernel "tt=$carry/ops/assert_fail_kernel.ptx" "$ops/assert-fail.run.yaml" > "$OUT/assert.txt" 2>&1
rc=$?
if [ $rc = 1 ] && grep -qi 'assert' "$OUT/assert.txt"; then
  record assert ok "launch failed as expected (rc=1)"
else
  record assert FAIL "rc=$rc"
fi
tail -5 "$OUT/assert.txt"

echo
printf '%-12s %-6s %s\n' kernel result detail
for r in "${results[@]}"; do echo "$r"; done
