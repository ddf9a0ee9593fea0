// RUN: tt-opt %s -split-input-file --convert-triton-amdgpu-to-llvm -verify-diagnostics

// expected-error @+1 {{unknown AMD GPU architecture 'gfx999'}}
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx999", "ttg.threads-per-warp" = 64 : i32} {
}

// -----

// expected-error @+1 {{ttg.threads-per-warp is 32, but gfx942 runs waves of 64 lanes}}
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 32 : i32} {
}

// -----

// expected-error @+1 {{the module's target is 'cuda:90', not hip:gfxNNN}}
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
}

// -----

module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @print(%x: i32) {
    // expected-error @+1 {{'tt.print' is not supported by the AMD backend yet}}
    tt.print "x" {hex = false, isSigned = array<i32: 1>} : %x : i32
    tt.return
  }
}

// -----

module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @atomic(%p: !tt.ptr<f32>, %v: f32) {
    // expected-error @+1 {{'tt.atomic_rmw' is not supported by the AMD backend yet}}
    %0 = tt.atomic_rmw fadd, relaxed, gpu, %p, %v : (!tt.ptr<f32>, f32) -> f32
    tt.return
  }
}

// -----

// A bf16 MFMA with 4 elements per lane does not exist on gfx908 (CDNA1).
#mma = #ttg.amd_mfma<{version = 1, warpsPerCTA = [1, 1], instrShape = [32, 32, 8], isTransposed = true}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx908", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @bf16_on_cdna1(%a: tensor<32x16xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: tensor<16x32xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %c: tensor<32x32xf32, #mma>) -> tensor<32x32xf32, #mma> {
    // expected-error @+2 {{bf16 MFMA with 4 elements per lane needs gfx90a or newer, not gfx908}}
    // expected-error @+1 {{failed to legalize operation 'tt.dot'}}
    %d = tt.dot %a, %b, %c : tensor<32x16xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<16x32xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<32x32xf32, #mma>
    tt.return %d : tensor<32x32xf32, #mma>
  }
}

// -----

// A dot on a blocked layout is an FMA dot; fp8 operands are not converted
// for it.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 64], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @fma_dot(%a: tensor<16x16xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<16x16xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<16x16xf32, #blocked>) -> tensor<16x16xf32, #blocked> {
    // expected-error @+2 {{cannot lower the FMA tt.dot of 'f8E4M3FN' x 'f8E4M3FN' accumulating in 'f32'}}
    // expected-error @+1 {{failed to legalize operation 'tt.dot'}}
    %d = tt.dot %a, %b, %c : tensor<16x16xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x16xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<16x16xf32, #blocked>
    tt.return %d : tensor<16x16xf32, #blocked>
  }
}
