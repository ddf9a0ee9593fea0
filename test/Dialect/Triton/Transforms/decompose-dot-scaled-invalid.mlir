// RUN: tt-opt %s -split-input-file -triton-decompose-dot-scaled -verify-diagnostics

// What triton-decompose-dot-scaled refuses.

tt.func @batched(%a: tensor<2x32x64xf8E4M3FN>, %s: tensor<2x32x2xi8>, %b: tensor<2x64x32xbf16>, %c: tensor<2x32x32xf32>) -> tensor<2x32x32xf32> {
  // expected-error @below {{batched (3-D) tt.dot_scaled is not decomposed}}
  %d = tt.dot_scaled %a scale %s, %b, %c lhs = e4m3 rhs = bf16 {fastMath = false} : tensor<2x32x64xf8E4M3FN>, tensor<2x32x2xi8> * tensor<2x64x32xbf16> -> tensor<2x32x32xf32>
  tt.return %d : tensor<2x32x32xf32>
}

// -----

tt.func @fp4_along_m(%a: tensor<16x64xi8>, %s: tensor<32x2xi8>, %b: tensor<64x32xbf16>, %c: tensor<32x32xf32>) -> tensor<32x32xf32> {
  // expected-error @below {{fp4 operands packed along M/N are not decomposed}}
  %d = tt.dot_scaled %a scale %s, %b, %c lhs = e2m1 rhs = bf16 {fastMath = false, lhs_k_pack = false} : tensor<16x64xi8>, tensor<32x2xi8> * tensor<64x32xbf16> -> tensor<32x32xf32>
  tt.return %d : tensor<32x32xf32>
}

// -----

tt.func @bf16_fp16(%a: tensor<32x64xbf16>, %b: tensor<64x32xf16>, %c: tensor<32x32xf32>) -> tensor<32x32xf32> {
  // expected-error @below {{bf16 with fp16 operands are not decomposed}}
  %d = tt.dot_scaled %a, %b, %c lhs = bf16 rhs = fp16 {fastMath = false} : tensor<32x64xbf16> * tensor<64x32xf16> -> tensor<32x32xf32>
  tt.return %d : tensor<32x32xf32>
}

// -----

tt.func @e2m3(%a: tensor<32x64xi8>, %s: tensor<32x2xi8>, %b: tensor<64x32xbf16>, %c: tensor<32x32xf32>) -> tensor<32x32xf32> {
  // expected-error @below {{operands in e2m3 are not decomposed}}
  %d = tt.dot_scaled %a scale %s, %b, %c lhs = e2m3 rhs = bf16 {fastMath = false} : tensor<32x64xi8>, tensor<32x2xi8> * tensor<64x32xbf16> -> tensor<32x32xf32>
  tt.return %d : tensor<32x32xf32>
}

// -----

tt.func @fp8_scale(%a: tensor<32x64xi8>, %s: tensor<32x4xf8E4M3FN>, %b: tensor<128x32xbf16>, %c: tensor<32x32xf32>) -> tensor<32x32xf32> {
  // expected-error @below {{only e8m0 (i8) scales are decomposed}}
  %d = tt.dot_scaled %a scale %s, %b, %c lhs = e2m1 rhs = bf16 {fastMath = false} : tensor<32x64xi8>, tensor<32x4xf8E4M3FN> * tensor<128x32xbf16> -> tensor<32x32xf32>
  tt.return %d : tensor<32x32xf32>
}
