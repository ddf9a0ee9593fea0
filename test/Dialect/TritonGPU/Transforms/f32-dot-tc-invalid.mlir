// RUN: tt-opt %s -split-input-file --tritongpu-F32DotTC="emu-tf32=1" -verify-diagnostics | FileCheck %s

// The tf32 rounding of tf32x3 is PTX of sm_80 on: with emu-tf32 a module
// for an AMD target, or for NVIDIA before Ampere, is refused.
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @tf32x3_on_amd(%a: tensor<64x32xf32>, %b: tensor<32x64xf32>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
    // expected-error @+1 {{inputPrecision = tf32x3 with emu-tf32 needs an NVIDIA target of cuda:80 or later (cvt.rna.tf32.f32), not "hip:gfx942"}}
    %d = tt.dot %a, %b, %c, inputPrecision = tf32x3 : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
    tt.return %d : tensor<64x64xf32>
  }
}

// -----

module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:75", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tf32x3_on_turing(%a: tensor<64x32xf32>, %b: tensor<32x64xf32>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
    // expected-error @+1 {{needs an NVIDIA target of cuda:80 or later}}
    %d = tt.dot %a, %b, %c, inputPrecision = tf32x3 : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
    tt.return %d : tensor<64x64xf32>
  }
}

// -----

// Left alone: tf32 and ieee (printed without the attribute) f32 dots, dots of narrower operands whatever
// their inputPrecision says, and f64 dots.
// CHECK-LABEL: tt.func @left_alone
// CHECK-NOT: elementwise_inline_asm
// CHECK-NOT: arith.truncf
// CHECK: tt.dot %arg0, %arg1, %arg2, inputPrecision = tf32 :
// CHECK-NEXT: tt.dot %arg0, %arg1, %{{.*}} : tensor<64x32xf32>
// CHECK-NEXT: tt.dot %arg3, %arg4, %{{.*}}, inputPrecision = tf32x3 : tensor<64x32xf16>
// CHECK-NEXT: tt.dot %arg3, %arg4, %{{.*}}, inputPrecision = bf16x3 : tensor<64x32xf16>
// CHECK-NEXT: tt.dot %arg5, %arg6, %arg7, inputPrecision = bf16x6 : tensor<16x16xf64>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @left_alone(%a: tensor<64x32xf32>, %b: tensor<32x64xf32>, %c: tensor<64x64xf32>,
                      %ah: tensor<64x32xf16>, %bh: tensor<32x64xf16>,
                      %ad: tensor<16x16xf64>, %bd: tensor<16x16xf64>, %cd: tensor<16x16xf64>) -> (tensor<64x64xf32>, tensor<16x16xf64>) {
    %0 = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
    %1 = tt.dot %a, %b, %0, inputPrecision = ieee : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
    %2 = tt.dot %ah, %bh, %1, inputPrecision = tf32x3 : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
    %3 = tt.dot %ah, %bh, %2, inputPrecision = bf16x3 : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
    %4 = tt.dot %ad, %bd, %cd, inputPrecision = bf16x6 : tensor<16x16xf64> * tensor<16x16xf64> -> tensor<16x16xf64>
    tt.return %3, %4 : tensor<64x64xf32>, tensor<16x16xf64>
  }
}
