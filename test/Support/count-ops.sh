#!/bin/sh
# count-ops.sh FILE
# Prints "<op-name> <count>" for every op kind in an MLIR file (custom or
# generic form), sorted by name. Shared by the corpus pipeline checks and the
# frontend's comparisons with upstream (compare-ops.sh).
awk '{
  line = $0
  sub(/^[ \t]+/, "", line)
  if (line ~ /^#/ || line ~ /^\/\//) next
  sub(/^(%[^ =]+(, *%[^ =]+)* = )/, "", line)
  if (match(line, /^"?[a-z_][a-z0-9_]*\.[a-z0-9_.]+"?/)) {
    op = substr(line, RSTART, RLENGTH); gsub(/"/, "", op); n[op]++
  }
} END { for (op in n) print op, n[op] }' "$1" | sort
