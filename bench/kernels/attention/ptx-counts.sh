#!/bin/sh
# ptx-counts.sh PTX... : per kernel, the shared-memory and cross-lane
# traffic of a PTX file (ld.shared, st.shared, shfl, bar.sync/barrier.sync,
# ldmatrix, stmatrix lines), its wgmma instructions, and what ptxas -arch=sm_90a
# reports (registers, spill stores). Issue 24's PTX comparison
# (bench/RESULTS.md). PTXAS overrides the ptxas used.
ptxas=${PTXAS:-/usr/local/cuda/bin/ptxas}
for f in "$@"; do
  n() { grep -cE "^[[:space:]]*($1)" "$f"; }
  v=$("$ptxas" -arch=sm_90a -v "$f" -o /dev/null 2>&1)
  regs=$(printf '%s\n' "$v" | sed -nE 's/.*Used ([0-9]+) registers.*/\1/p')
  spill=$(printf '%s\n' "$v" | sed -nE 's/.* ([0-9]+) bytes spill stores.*/\1/p')
  echo "$f ld.shared=$(n 'ld\.shared') st.shared=$(n 'st\.shared') shfl=$(n 'shfl\.') bar=$(n 'bar\.sync|barrier\.sync') ldmatrix=$(n ldmatrix) stmatrix=$(n stmatrix) wgmma=$(n 'wgmma\.mma_async') regs=$regs spill=$spill"
done
