// RUN: tt-opt %s -split-input-file --convert-triton-to-linalg -verify-diagnostics

tt.func public @inline_asm(%x: tensor<16xi32>) -> tensor<16xi32> {
  // expected-error @+1 {{'tt.elementwise_inline_asm' op is not supported by the CPU backend: inline assembly is target specific and cannot run on the CPU}}
  %r = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %x : tensor<16xi32> -> tensor<16xi32>
  tt.return %r : tensor<16xi32>
}

// -----

tt.func public @block_pointer(%base: !tt.ptr<f16>, %m: i64, %o: i32) {
  %c1 = arith.constant 1 : i64
  // expected-error @+1 {{'tt.make_tensor_ptr' op is not supported by the CPU backend: block pointers must be rewritten to tensors of pointers first (triton-rewrite-tensor-pointer, part of the tt-ttir pipeline)}}
  %bp = tt.make_tensor_ptr %base, [%m], [%c1], [%o] {order = array<i32: 0>} : <tensor<64xf16>>
  tt.return
}

// -----

tt.func public @fp8(%x: tensor<64xf32>) {
  // expected-error @+1 {{'tt.fp_to_fp' op is not supported by the CPU backend: fp8 element types, block pointers and tensor descriptors are not supported by the CPU backend}}
  %h = tt.fp_to_fp %x, rounding = rtne : tensor<64xf32> -> tensor<64xf8E4M3FN>
  tt.return
}

// -----

tt.func public @descriptor(%base: !tt.ptr<f16>, %m: i32, %s: i64) {
  %c1 = arith.constant 1 : i64
  // expected-error @+1 {{'tt.make_tensor_descriptor' op is not supported by the CPU backend: tensor descriptors (TMA) are not implemented by the CPU backend}}
  %d = tt.make_tensor_descriptor %base, [%m, %m], [%s, %c1] : !tt.ptr<f16>, !tt.tensordesc<tensor<64x64xf16>>
  tt.return
}
