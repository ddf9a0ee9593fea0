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

// -----

tt.func public @dot_scaled(%a: tensor<16x16xbf16>, %b: tensor<16x16xbf16>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
  // expected-error @+1 {{'tt.dot_scaled' op is not supported by the CPU backend: block-scaled dot products are not implemented by the CPU backend}}
  %d = tt.dot_scaled %a, %b, %c lhs = bf16 rhs = bf16 {fastMath = false} : tensor<16x16xbf16> * tensor<16x16xbf16> -> tensor<16x16xf32>
  tt.return %d : tensor<16x16xf32>
}

// -----

tt.func public @map_elementwise_pack(%x: tensor<128xi32>) -> tensor<128xi32> {
  // expected-error @+1 {{'tt.map_elementwise' op is not supported by the CPU backend: map_elementwise with pack > 1 or several blocks is not implemented by the CPU backend}}
  %r = "tt.map_elementwise"(%x) <{pack = 2 : i32}> ({
  ^bb0(%a: i32, %b: i32):
    tt.map_elementwise.return %b, %a : i32, i32
  }) : (tensor<128xi32>) -> tensor<128xi32>
  tt.return %r : tensor<128xi32>
}

// -----

tt.func public @not_ttir(%x: tensor<16xf32>) -> tensor<16xf32> {
  // expected-error @+1 {{'tensor.empty' op is not supported by the CPU backend: the CPU backend expects TTIR (tt, arith, math, scf, cf and ub operations only)}}
  %e = tensor.empty() : tensor<16xf32>
  tt.return %e : tensor<16xf32>
}

// -----

tt.func public @extern_conflict(%x: tensor<16xf32>, %y: tensor<16xf64>) {
  %a = tt.extern_elementwise %x {libname = "m", libpath = "", pure = true, symbol = "f"} : (tensor<16xf32>) -> tensor<16xf32>
  // The pattern refuses the op, which then stays illegal.
  // expected-error @+2 {{'tt.extern_elementwise' op calls 'f' with a signature that conflicts with another use}}
  // expected-error @+1 {{failed to legalize operation 'tt.extern_elementwise' that was explicitly marked illegal}}
  %b = tt.extern_elementwise %y {libname = "m", libpath = "", pure = true, symbol = "f"} : (tensor<16xf64>) -> tensor<16xf64>
  tt.return
}
