// RUN: tt-opt --split-input-file --convert-triton-gpu-to-llvm %s | FileCheck %s

// cuda:90: fp8 -> f16 through cvt.rn.f16x2.e4m3x2 on the byte widened to a
// pair, then widened exactly to f32.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @e4m3_to_f32
  // CHECK: %[[P:.*]] = llvm.zext %{{.*}} : i8 to i16
  // CHECK: %[[H:.*]] = llvm.inline_asm {{.*}}"cvt.rn.f16x2.e4m3x2 $0, $1;", "=r,h" %[[P]] : (i16) -> i32
  // CHECK: %[[T:.*]] = llvm.trunc %[[H]] : i32 to i16
  // CHECK: %[[F:.*]] = llvm.bitcast %[[T]] : i16 to f16
  // CHECK: llvm.fpext %[[F]] : f16 to f32
  tt.func public @e4m3_to_f32(%x: tensor<128xf8E4M3FN, #blocked>) -> tensor<128xf32, #blocked> {
    %y = tt.fp_to_fp %x : tensor<128xf8E4M3FN, #blocked> -> tensor<128xf32, #blocked>
    tt.return %y : tensor<128xf32, #blocked>
  }

  // bf16 -> e5m2 rtne: widened to f32, cvt.rn.satfinite of the value paired
  // with itself, the low byte kept.
  // CHECK-LABEL: llvm.func @bf16_to_e5m2
  // CHECK: %[[W:.*]] = llvm.fpext %{{.*}} : bf16 to f32
  // CHECK: %[[Q:.*]] = llvm.inline_asm {{.*}}"cvt.rn.satfinite.e5m2x2.f32 $0, $1, $1;", "=h,f" %[[W]] : (f32) -> i16
  // CHECK: llvm.trunc %[[Q]] : i16 to i8
  tt.func public @bf16_to_e5m2(%x: tensor<128xbf16, #blocked>) -> tensor<128xf8E5M2, #blocked> {
    %y = tt.fp_to_fp %x, rounding = rtne : tensor<128xbf16, #blocked> -> tensor<128xf8E5M2, #blocked>
    tt.return %y : tensor<128xf8E5M2, #blocked>
  }

  // f32 -> e5m2 toward zero has no cvt: the integer sequence, no rounding
  // increment, infinities kept.
  // CHECK-LABEL: llvm.func @f32_to_e5m2_rtz
  // CHECK-NOT: llvm.inline_asm
  // CHECK: llvm.bitcast %{{.*}} : f32 to i32
  // CHECK: llvm.intr.umin
  // CHECK: llvm.trunc %{{.*}} : i32 to i8
  tt.func public @f32_to_e5m2_rtz(%x: tensor<128xf32, #blocked>) -> tensor<128xf8E5M2, #blocked> {
    %y = tt.fp_to_fp %x, rounding = rtz : tensor<128xf32, #blocked> -> tensor<128xf8E5M2, #blocked>
    tt.return %y : tensor<128xf8E5M2, #blocked>
  }

  // f32 -> f16 toward zero: cvt.rz.f16.f32.
  // CHECK-LABEL: llvm.func @f32_to_f16_rtz
  // CHECK: llvm.inline_asm {{.*}}"cvt.rz.f16.f32 $0, $1;", "=h,f"
  tt.func public @f32_to_f16_rtz(%x: tensor<128xf32, #blocked>) -> tensor<128xf16, #blocked> {
    %y = tt.fp_to_fp %x, rounding = rtz : tensor<128xf32, #blocked> -> tensor<128xf16, #blocked>
    tt.return %y : tensor<128xf16, #blocked>
  }

  // arith.extf and arith.truncf on fp8 are the same conversions.
  // CHECK-LABEL: llvm.func @arith_on_fp8
  // CHECK: "cvt.rn.f16x2.e5m2x2 $0, $1;"
  // CHECK: "cvt.rn.satfinite.e4m3x2.f32 $0, $1, $1;"
  tt.func public @arith_on_fp8(%x: tensor<128xf8E5M2, #blocked>) -> tensor<128xf8E4M3FN, #blocked> {
    %y = arith.extf %x : tensor<128xf8E5M2, #blocked> to tensor<128xf16, #blocked>
    %z = arith.truncf %y : tensor<128xf16, #blocked> to tensor<128xf8E4M3FN, #blocked>
    tt.return %z : tensor<128xf8E4M3FN, #blocked>
  }
}

// -----

// cuda:80 has no fp8 cvt: the integer sequence decodes sign, exponent and
// mantissa, subnormals through uitofp * 2^-9.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @e4m3_to_f16_sm80
  // CHECK-NOT: llvm.inline_asm
  // CHECK: llvm.uitofp %{{.*}} : i32 to f32
  // CHECK: llvm.mlir.constant(0.001953125 : f32)
  // CHECK: llvm.fptrunc %{{.*}} : f32 to f16
  tt.func public @e4m3_to_f16_sm80(%x: tensor<128xf8E4M3FN, #blocked>) -> tensor<128xf16, #blocked> {
    %y = tt.fp_to_fp %x : tensor<128xf8E4M3FN, #blocked> -> tensor<128xf16, #blocked>
    tt.return %y : tensor<128xf16, #blocked>
  }
}
