#!/bin/sh
# roundtrip.sh TOOL CORPUS_DIR EXT EXPECTED_COUNT
# For each CORPUS_DIR/*/*.EXT (which includes *.source.EXT): parse and print
# (with debug info), re-parse and print again; the two prints must be equal.
# Same for the generic op form. Prints one line per failure and a summary.
tool=$1 dir=$2 ext=$3 want=$4
tmp=${TMPDIR:-/tmp}/tt-roundtrip.$$
mkdir -p "$tmp" || exit 2
n=0 ok=0
for f in "$dir"/*/*."$ext"; do
  n=$((n+1))
  if "$tool" "$f" -mlir-print-debuginfo -o "$tmp/a.mlir" 2>"$tmp/err" &&
     "$tool" "$tmp/a.mlir" -mlir-print-debuginfo -o "$tmp/b.mlir" 2>>"$tmp/err" &&
     cmp -s "$tmp/a.mlir" "$tmp/b.mlir" &&
     "$tool" "$f" -mlir-print-op-generic -mlir-print-debuginfo -o "$tmp/g.mlir" 2>>"$tmp/err" &&
     "$tool" "$tmp/g.mlir" -mlir-print-debuginfo -o "$tmp/c.mlir" 2>>"$tmp/err" &&
     cmp -s "$tmp/a.mlir" "$tmp/c.mlir"; then
    ok=$((ok+1))
  else
    echo "FAIL $f"; head -5 "$tmp/err"
  fi
done
rm -rf "$tmp"
echo "roundtrip: $n files, $ok ok"
[ "$n" = "$want" ] && [ "$ok" = "$n" ]
