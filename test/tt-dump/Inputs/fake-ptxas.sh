#!/bin/sh
# A stand-in for ptxas: claims CUDA 12.4 and writes a fake cubin.
if [ "$1" = "--version" ]; then
  echo "Cuda compilation tools, release 12.4, V12.4.131"
  exit 0
fi
out=""
while [ $# -gt 0 ]; do
  if [ "$1" = "-o" ]; then out="$2"; shift; fi
  shift
done
echo "fake cubin" > "$out"
