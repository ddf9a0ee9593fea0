// RUN: tt-opt %s --tt-llir -split-input-file -verify-diagnostics

// FMA dots the lowering refuses: a located error each.

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @narrower_acc(%a: tensor<16x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<16x16xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<16x16xf16, #blocked>) -> tensor<16x16xf16, #blocked> {
    // expected-error @+2 {{cannot lower the FMA tt.dot of 'f32' x 'f32' accumulating in 'f16' (operands of one integer or f16/bf16/f32/f64 type, no wider than the accumulator, are supported)}}
    // expected-error @+1 {{failed to legalize}}
    %d = tt.dot %a, %b, %c : tensor<16x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x16xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<16x16xf16, #blocked>
    tt.return %d : tensor<16x16xf16, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @bf16_into_f16(%a: tensor<16x16xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<16x16xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<16x16xf16, #blocked>) -> tensor<16x16xf16, #blocked> {
    // expected-error @+2 {{cannot lower the FMA tt.dot of bf16 accumulating in f16}}
    // expected-error @+1 {{failed to legalize}}
    %d = tt.dot %a, %b, %c : tensor<16x16xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x16xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<16x16xf16, #blocked>
    tt.return %d : tensor<16x16xf16, #blocked>
  }
}
