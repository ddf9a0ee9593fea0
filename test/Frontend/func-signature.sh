#!/bin/sh
# func-signature.sh FILE.ttir
# Prints the `tt.func public` line of a TTIR file (printed with
# --mlir-use-nameloc-as-prefix and debug info) without its locations, so the
# kernel signatures of two files (argument names, types, attributes) can be
# compared with diff.
grep 'tt.func public' "$1" | sed -E 's/ loc\(("[^"]*"\()?#loc[0-9]*\)?\)//g'
