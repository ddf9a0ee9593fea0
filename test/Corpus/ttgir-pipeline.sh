#!/bin/sh
# ttgir-pipeline.sh TOOL CORPUS_DIR EXPECTED_COUNT
# For each CORPUS_DIR/*/NAME.ttgir of a kernel with a tt.dot (the matmuls),
# run `TOOL NAME.ttir --tt-ttgir` with the target, warps and stages upstream
# used (-wW-sS in the folder name; cuda:90, or cuda:80 for a folder whose
# name ends in -sm80) and compare with upstream's
# NAME.ttgir:
#   - the pipeline succeeds and its output parses and verifies again;
#   - every op kind occurs exactly as often as in upstream's output;
#   - the layout and shared-memory encodings defined at the top of the file
#     are the same set (alias names aside).
# Prints a table per kernel (op, ours, upstream), one ok/FAIL line per kernel
# and a summary; exits non-zero unless all EXPECTED_COUNT kernels pass.
tool=$1 dir=$2 want=$3
tmp=${TMPDIR:-/tmp}/tt-ttgir-pipeline.$$
mkdir -p "$tmp" || exit 2
trap 'rm -rf "$tmp"' EXIT

# "<op-name> <count>" for every op kind in an MLIR file.
count_ops() { "$(dirname "$0")/../Support/count-ops.sh" "$1"; }

# The encodings defined as aliases (`#name = #ttg.<...>`), without names.
layouts() {
  grep -E '^#[A-Za-z0-9_]+ = #ttg\.' "$1" | sed 's/^#[A-Za-z0-9_]* = //' | sort
}

n=0 ok=0
for ref in "$dir"/*/*.ttgir; do
  grep -q 'tt\.dot\|warp_group_dot' "$ref" || continue
  n=$((n+1))
  folder=$(basename "$(dirname "$ref")")
  src=${ref%.ttgir}.ttir
  target=cuda:90 base=$folder
  case $folder in *-sm80) target=cuda:80 base=${folder%-sm80} ;; esac
  warps=$(echo "$base" | sed -n 's/.*-w\([0-9]*\)-s[0-9]*$/\1/p')
  stages=$(echo "$base" | sed -n 's/.*-s\([0-9]*\)$/\1/p')
  out="$tmp/$folder.ttgir"
  problems=""
  if ! "$tool" "$src" --tt-ttgir="target=$target num-warps=$warps num-stages=$stages" \
       -o "$out" 2>"$tmp/err"; then
    echo "FAIL $folder: tt-opt --tt-ttgir failed"; head -5 "$tmp/err"
    continue
  fi
  if ! "$tool" "$out" -o /dev/null 2>"$tmp/err"; then
    problems="$problems output-does-not-verify"
  fi
  count_ops "$out" >"$tmp/ours"
  count_ops "$ref" >"$tmp/ref"
  echo "$folder: op, ours, upstream"
  join -a1 -a2 -e0 -o 0,1.2,2.2 "$tmp/ours" "$tmp/ref" >"$tmp/table"
  awk '{ printf "  %-34s %4d %4d%s\n", $1, $2, $3, ($2 == $3 ? "" : "  differs") }' "$tmp/table"
  diff=$(awk '$2 != $3 { printf " %s:%d/%d", $1, $2, $3 }' "$tmp/table")
  [ -n "$diff" ] && problems="$problems op-counts-differ[$diff ]"
  layouts "$out" >"$tmp/ours.layouts"
  layouts "$ref" >"$tmp/ref.layouts"
  if ! cmp -s "$tmp/ours.layouts" "$tmp/ref.layouts"; then
    problems="$problems layouts-differ"
    diff "$tmp/ref.layouts" "$tmp/ours.layouts" | sed 's/^/  /'
  fi
  if [ -z "$problems" ]; then
    ok=$((ok+1))
    echo "ok $folder: $(wc -l <"$tmp/ours.layouts") layouts, $(awk '{ s += $2 } END { print s }' "$tmp/ours") ops"
  else
    echo "FAIL $folder:$problems"
  fi
done
echo "ttgir-pipeline: $n dot kernels, $ok ok"
[ "$n" = "$want" ] && [ "$ok" = "$n" ]
