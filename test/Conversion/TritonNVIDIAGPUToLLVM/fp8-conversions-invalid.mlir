// RUN: tt-opt --split-input-file --convert-triton-gpu-to-llvm --verify-diagnostics %s

// The float conversions the lowering refuses, as upstream's NVIDIA backend
// does: fp8 from f64, rtz from anything but f32.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @f64_to_fp8(%x: tensor<128xf64, #blocked>) -> tensor<128xf8E4M3FN, #blocked> {
    // expected-error @below {{no rtne conversion from 'f64' to 'f8E4M3FN'}}
    // expected-error @below {{failed to legalize operation 'tt.fp_to_fp'}}
    %y = tt.fp_to_fp %x, rounding = rtne : tensor<128xf64, #blocked> -> tensor<128xf8E4M3FN, #blocked>
    tt.return %y : tensor<128xf8E4M3FN, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @f64_to_f32_rtz(%x: tensor<128xf64, #blocked>) -> tensor<128xf32, #blocked> {
    // expected-error @below {{no rtz conversion from 'f64' to 'f32'}}
    // expected-error @below {{failed to legalize operation 'tt.fp_to_fp'}}
    %y = tt.fp_to_fp %x, rounding = rtz : tensor<128xf64, #blocked> -> tensor<128xf32, #blocked>
    tt.return %y : tensor<128xf32, #blocked>
  }
}
