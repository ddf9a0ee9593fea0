// The TTGIR stage on input whose tensors already have layouts:
// convert-triton-to-tritongpu kept them and then set module attributes
// they contradict ("distributes over 1 threads per warp, but the module
// has 32"), leaving IR that does not verify. It now refuses such input.
// Found by fuzz-ttgir-pipeline (fuzz/regressions/fuzz-ttgir-pipeline/).
// RUN: tt-opt %s --tt-ttgir -verify-diagnostics

// expected-error @+1 {{has tensors with a layout already; convert-triton-to-tritongpu takes TTIR, whose tensors have none}}
tt.func @linear_xor(%a: tensor<4xf32, #ttg.linear<{register = [[1], [3]], lane = [], warp = [], block = []}>>) {
  tt.return
}
