// The TTGIR stage on a 0-d tensor: the default blocked layout was computed
// for rank 0 by reading order[rank - 1], out of bounds (an assertion in
// checked builds, a heap overflow otherwise). The pass now refuses 0-d
// tensors. Found by fuzz-ttgir-pipeline (fuzz/regressions/).
// RUN: tt-opt %s --tt-ttgir -verify-diagnostics

tt.func @zero_d(%s: f32) {
  // expected-error @+1 {{has a 0-d tensor, which has no GPU layout; convert-triton-to-tritongpu needs tensors of rank 1 or more}}
  %0 = tt.splat %s : f32 -> tensor<f32>
  tt.return
}
