// RUN: tt-opt %s --tritoncpu-lower-math | FileCheck %s

// bf16 arithmetic is computed in f32 and each result truncated once; the
// truncation and the extensions become integer arithmetic (no fptrunc to
// bfloat, which LLVM would make a __truncsfbf2 call on hosts without
// AVX512-BF16).
// CHECK-LABEL: func.func @mul_bf16
// CHECK-SAME: (%[[A:.*]]: bf16, %[[B:.*]]: bf16)
// CHECK-NOT: arith.mulf {{.*}} : bf16
// CHECK: %[[P:.*]] = arith.mulf {{.*}} : f32
// CHECK-NOT: arith.truncf
// CHECK: %[[BITS:.*]] = arith.bitcast %[[P]] : f32 to i32
// CHECK: arith.trunci {{.*}} : i32 to i16
// CHECK: arith.bitcast {{.*}} : i16 to bf16
func.func @mul_bf16(%a: bf16, %b: bf16) -> bf16 {
  %p = arith.mulf %a, %b : bf16
  return %p : bf16
}

// CHECK-LABEL: func.func @trunc_f32
// CHECK-NOT: arith.truncf
// CHECK: arith.bitcast {{.*}} : f32 to i32
// CHECK: return {{.*}} : bf16
func.func @trunc_f32(%x: f32) -> bf16 {
  %t = arith.truncf %x : f32 to bf16
  return %t : bf16
}

// f16 arithmetic is left to LLVM (its f16 promotion calls __truncsfhf2,
// which the C runtime has).
// CHECK-LABEL: func.func @add_f16
// CHECK: arith.addf {{.*}} : f16
func.func @add_f16(%a: f16, %b: f16) -> f16 {
  %s = arith.addf %a, %b : f16
  return %s : f16
}
