#!/bin/sh
# Runs a command with stderr merged into stdout, then reports its exit code
# and how many lines it printed.
out=$("$@" 2>&1)
rc=$?
if [ -n "$out" ]; then
  printf '%s\n' "$out"
  lines=$(printf '%s\n' "$out" | wc -l)
else
  lines=0
fi
echo "exit code: $rc, lines: $lines"
