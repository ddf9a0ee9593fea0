#!/bin/sh
# ttir-pipeline.sh TOOL CORPUS_DIR EXPECTED_COUNT
# For each CORPUS_DIR/*/NAME.source.ttir (the frontend's raw output), run
# `TOOL --tt-ttir` and check the result against upstream's NAME.ttir from the
# same folder:
#   - the pipeline succeeds (the tool verifies after every pass) and its
#     output parses and verifies again;
#   - no tt.call and no private tt.func is left (everything was inlined and
#     the helpers deleted);
#   - for every op kind, we have at most as many ops as upstream: the
#     frontend's dead overflow checks (arith.extsi/arith.cmpi/arith.andi on
#     i64) and everything else upstream removes are gone.
# Prints one line per kernel (ok/FAIL, with the offending op kinds) and a
# summary; exits non-zero unless all EXPECTED_COUNT kernels pass.
tool=$1 dir=$2 want=$3
tmp=${TMPDIR:-/tmp}/tt-ttir-pipeline.$$
mkdir -p "$tmp" || exit 2
trap 'rm -rf "$tmp"' EXIT

# "<op-name> <count>" for every op kind in an MLIR file.
count_ops() { "$(dirname "$0")/../Support/count-ops.sh" "$1"; }

n=0 ok=0
for src in "$dir"/*/*.source.ttir; do
  n=$((n+1))
  name=$(basename "$(dirname "$src")")
  ref=${src%.source.ttir}.ttir
  out="$tmp/$name.ttir"
  problems=""
  if ! "$tool" "$src" --tt-ttir -o "$out" 2>"$tmp/err"; then
    echo "FAIL $name: tt-opt --tt-ttir failed"; head -5 "$tmp/err"
    continue
  fi
  if ! "$tool" "$out" -o /dev/null 2>"$tmp/err"; then
    problems="$problems output-does-not-verify"
  fi
  grep -q 'tt\.call' "$out" && problems="$problems tt.call-left"
  grep -q 'tt\.func private' "$out" && problems="$problems private-func-left"
  count_ops "$out" >"$tmp/ours"
  count_ops "$ref" >"$tmp/ref"
  more=$(join -a1 -e0 -o 0,1.2,2.2 "$tmp/ours" "$tmp/ref" |
         awk '$2 > $3 { printf " %s:%d>%d", $1, $2, $3 }')
  [ -n "$more" ] && problems="$problems more-ops-than-upstream[$more ]"
  total=$(awk '{ s += $2 } END { print s }' "$tmp/ours")
  reftotal=$(awk '{ s += $2 } END { print s }' "$tmp/ref")
  if [ -z "$problems" ]; then
    ok=$((ok+1))
    echo "ok $name: $total ops (upstream $reftotal)"
  else
    echo "FAIL $name:$problems"
  fi
done
echo "ttir-pipeline: $n files, $ok ok"
[ "$n" = "$want" ] && [ "$ok" = "$n" ]
