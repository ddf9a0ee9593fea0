#!/bin/sh
# A stand-in for ptxas (no-shell.test): records its arguments, one per
# line, in `args` beside itself and writes "fake cubin" to the -o file.
here=$(dirname "$0")
if [ "$1" = --version ]; then
  echo "Cuda compilation tools, release 12.8, V12.8.61"
  exit 0
fi
printf '%s\n' "$@" > "$here/args"
out= prev=
for a in "$@"; do
  [ "$prev" = -o ] && out=$a
  prev=$a
done
echo "fake cubin" > "$out"
