#!/bin/sh
# kill-mid-run.sh CACHE TMPDIR CMD...: runs CMD in the background, waits
# until CACHE holds a first entry, kills CMD with SIGKILL and waits (up to
# 30 s) for TMPDIR to be empty again. Prints what it saw.
cache=$1
tmp=$2
shift 2
"$@" > /dev/null 2>&1 &
pid=$!
i=0
until grep -q '"median_ms"' "$cache" 2>/dev/null; do
  i=$((i + 1))
  if [ $i -gt 1200 ]; then echo "no entry after 120 s"; kill -9 $pid; exit 1; fi
  if ! kill -0 $pid 2>/dev/null; then echo "ended before it was killed"; exit 1; fi
  sleep 0.1
done
kill -9 $pid
wait $pid 2>/dev/null
echo "killed"
i=0
while [ -n "$(ls -A "$tmp")" ]; do
  i=$((i + 1))
  if [ $i -gt 300 ]; then echo "left in $tmp:"; ls -A "$tmp"; exit 1; fi
  sleep 0.1
done
echo "temporary folder removed"
