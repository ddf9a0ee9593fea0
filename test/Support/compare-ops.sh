#!/bin/sh
# compare-ops.sh OURS.ttir UPSTREAM.ttir
# Counts the ops of each kind in two MLIR files (custom or generic form) and
# prints one line per kind, sorted: "<op> <ours> <upstream> same|DIFF",
# then "total <ours> <upstream>".
count_ops() { "$(dirname "$0")/count-ops.sh" "$1"; }
tmp=${TMPDIR:-/tmp}/tt-compare-ops.$$
trap 'rm -f "$tmp".a "$tmp".b' EXIT
count_ops "$1" > "$tmp.a" || exit 2
count_ops "$2" > "$tmp.b" || exit 2
join -a1 -a2 -e0 -o 0,1.2,2.2 "$tmp.a" "$tmp.b" |
  awk '{ print $1, $2, $3, ($2 == $3 ? "same" : "DIFF"); a += $2; b += $3 }
       END { print "total", a, b }'
