// RUN: tt-opt %s -split-input-file -verify-diagnostics
//
// Ill-formed tt IR: one case (at least) per verifier rule, plus syntax
// errors and an unknown op. Each case names the rule it breaks.

// Syntax error: missing the `->` of tt.splat.
tt.func @syntax_error(%x: f32) {
  // expected-error @+1 {{expected '->'}}
  %0 = tt.splat %x : f32 tensor<4xf32>
  tt.return
}

// -----

// Unknown op of the tt dialect.
tt.func @unknown_op(%x: f32) {
  // expected-error @+1 {{custom op 'tt.no_such_op' is unknown}}
  %0 = tt.no_such_op %x : f32
  tt.return
}

// -----

// Tensor sizes: a power-of-two number of elements...
tt.func @non_power_of_two(%x: f32) {
  // expected-error @+1 {{'tt.splat' op result #0 ('tensor<3xf32>') has 3 elements; tt tensors must have a power-of-two number of elements}}
  %0 = tt.splat %x : f32 -> tensor<3xf32>
  tt.return
}

// -----

// ... and at most 2^20 of them.
tt.func @too_large(%x: f32) {
  // expected-error @+1 {{has 2097152 elements, more than the limit of 1048576}}
  %0 = tt.splat %x : f32 -> tensor<2048x1024xf32>
  tt.return
}

// -----

tt.func @make_range_wrong_length() {
  // expected-error @+1 {{result has 64 elements, but the range [0, 128) has 128}}
  %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<64xi32>
  tt.return
}

// -----

tt.func @return_mismatch(%x: f32) -> i32 {
  // expected-error @+1 {{operand #0 has type 'f32', but the enclosing function @return_mismatch returns 'i32'}}
  tt.return %x : f32
}

// -----

//===----------------------------------------------------------------------===//
// Casts and elementwise ops
//===----------------------------------------------------------------------===//

tt.func @bitcast_width(%x: tensor<128xf32>) {
  // expected-error @+1 {{cannot bitcast 'f32' (32 bits) to 'i16' (16 bits): the widths must be equal}}
  %0 = tt.bitcast %x : tensor<128xf32> -> tensor<128xi16>
  tt.return
}

// -----

tt.func @bitcast_pointer(%p: !tt.ptr<f32>) {
  // expected-error @+1 {{cannot bitcast between a pointer and a non-pointer type}}
  %0 = tt.bitcast %p : !tt.ptr<f32> -> i64
  tt.return
}

// -----

tt.func @fp_to_fp_narrowing_needs_rounding(%x: tensor<64xf32>) {
  // expected-error @+1 {{narrowing conversion from 'f32' to 'f8E5M2' requires a rounding mode}}
  %0 = tt.fp_to_fp %x : tensor<64xf32> -> tensor<64xf8E5M2>
  tt.return
}

// -----

tt.func @fp_to_fp_widening_takes_no_rounding(%x: tensor<64xf16>) {
  // expected-error @+1 {{widening conversion from 'f16' to 'f32' is exact and takes no rounding mode}}
  %0 = tt.fp_to_fp %x, rounding = rtne : tensor<64xf16> -> tensor<64xf32>
  tt.return
}

// -----

tt.func @int_to_ptr_needs_i64(%x: i32) {
  // expected-error @+1 {{operand #0 must be 64-bit signless integer or ranked tensor of 64-bit signless integer values}}
  %0 = tt.int_to_ptr %x : i32 -> !tt.ptr<f32>
  tt.return
}

// -----

tt.func @inline_asm_packing(%x: tensor<128xf32>) {
  // expected-error @+1 {{packed_element (3) must divide the number of elements (128)}}
  %0 = tt.elementwise_inline_asm "" {constraints = "=r,r", packed_element = 3 : i32, pure = true} %x : tensor<128xf32> -> tensor<128xf32>
  tt.return
}

// -----

tt.func @inline_asm_shapes(%x: tensor<128xf32>, %y: tensor<64xf32>) {
  // The Elementwise trait checks the shapes before the op's own verifier.
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %0 = tt.elementwise_inline_asm "" {constraints = "=r,r,r", packed_element = 1 : i32, pure = true} %x, %y : tensor<128xf32>, tensor<64xf32> -> tensor<128xf32>
  tt.return
}

// -----

//===----------------------------------------------------------------------===//
// Shape ops
//===----------------------------------------------------------------------===//

tt.func @unsplat_many(%x: tensor<2x1xf32>) {
  // expected-error @+1 {{operand must have exactly one element, but 'tensor<2x1xf32>' has 2}}
  %0 = tt.unsplat %x : tensor<2x1xf32>
  tt.return
}

// -----

// Result types are inferred while parsing, before operand constraints are
// checked: a scalar operand must be reported, not crash the parser.
tt.func @unsplat_scalar(%x: f32) {
  // expected-error @+1 {{'tt.unsplat' op operand must be a ranked tensor, but is 'f32'}}
  %0 = tt.unsplat %x : f32
  tt.return
}

// -----

tt.func @expand_dims_axis(%x: tensor<128xi32>) {
  // expected-error @+2 {{axis 2 is out of range [0, 1] for a rank-1 operand}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = tt.expand_dims %x {axis = 2 : i32} : tensor<128xi32> -> tensor<128x1xi32>
  tt.return
}

// -----

tt.func @expand_dims_result(%x: tensor<128xi32>) {
  // expected-error @+2 {{inferred type(s) 'tensor<1x128xi32>' are incompatible with return type(s) of operation 'tensor<128x1xi32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = tt.expand_dims %x {axis = 0 : i32} : tensor<128xi32> -> tensor<128x1xi32>
  tt.return
}

// -----

tt.func @broadcast_rank(%x: tensor<128xi32>) {
  // expected-error @+1 {{operand rank (1) must equal result rank (2)}}
  %0 = tt.broadcast %x : tensor<128xi32> -> tensor<128x32xi32>
  tt.return
}

// -----

tt.func @broadcast_non_unit(%x: tensor<2x32xi32>) {
  // expected-error @+1 {{dimension 0 has size 2 in the operand and 128 in the result; only size-1 dimensions can be broadcast}}
  %0 = tt.broadcast %x : tensor<2x32xi32> -> tensor<128x32xi32>
  tt.return
}

// -----

tt.func @broadcast_element_type(%x: tensor<1x32xi32>) {
  // expected-error @+1 {{requires the same element type for all operands and results}}
  %0 = tt.broadcast %x : tensor<1x32xi32> -> tensor<4x32xi64>
  tt.return
}

// -----

tt.func @reshape_elements(%x: tensor<32x128xf16>) {
  // expected-error @+1 {{cannot reshape 'tensor<32x128xf16>' (4096 elements) to 'tensor<64x32xf16>' (2048 elements): the number of elements must agree}}
  %0 = tt.reshape %x : tensor<32x128xf16> -> tensor<64x32xf16>
  tt.return
}

// -----

tt.func @trans_not_permutation(%x: tensor<16x32xf32>) {
  // expected-error @+2 {{order [0, 0] must be a permutation of 0..1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = tt.trans %x {order = array<i32: 0, 0>} : tensor<16x32xf32> -> tensor<32x16xf32>
  tt.return
}

// -----

tt.func @trans_order_length(%x: tensor<16x32xf32>) {
  // expected-error @+2 {{order has 3 entries, but the operand has rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = tt.trans %x {order = array<i32: 2, 1, 0>} : tensor<16x32xf32> -> tensor<32x16xf32>
  tt.return
}

// -----

tt.func @trans_result(%x: tensor<16x32xf32>) {
  // expected-error @+2 {{inferred type(s) 'tensor<32x16xf32>' are incompatible}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = tt.trans %x {order = array<i32: 1, 0>} : tensor<16x32xf32> -> tensor<16x32xf32>
  tt.return
}

// -----

tt.func @cat_rank(%x: tensor<32xf32>) {
  // expected-error @+1 {{result rank (2) must equal operand rank (1)}}
  %0 = tt.cat %x, %x : tensor<32xf32> -> tensor<8x8xf32>
  tt.return
}

// -----

tt.func @cat_elements(%x: tensor<32xf32>) {
  // expected-error @+1 {{result has 128 elements, but the operands have 32 each (expected 64)}}
  %0 = tt.cat %x, %x : tensor<32xf32> -> tensor<128xf32>
  tt.return
}

// -----

// expected-note @+1 {{prior use here}}
tt.func @join_operand_types(%x: tensor<32xf32>, %y: tensor<32xf16>) {
  // expected-error @+1 {{use of value '%y' expects different type than prior uses}}
  %0 = tt.join %x, %y : tensor<32xf32> -> tensor<32x2xf32>
  tt.return
}

// -----

tt.func @join_result(%x: tensor<32x32xf32>) {
  // expected-error @+1 {{result shape must be 32x32x2 (the operand shape with a new minor dimension of 2), but got 32x64}}
  %0 = tt.join %x, %x : tensor<32x32xf32> -> tensor<32x64xf32>
  tt.return
}

// -----

tt.func @split_last_dim(%x: tensor<32xf32>) {
  // expected-error @+2 {{the last dimension of the operand must have size 2, but the operand is 'tensor<32xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0, %1 = tt.split %x : tensor<32xf32> -> tensor<16xf32>
  tt.return
}

// -----

tt.func @gather_rank(%src: tensor<128xf32>, %idx: tensor<512x4xi32>) {
  // expected-error @+1 {{operand and indices must have the same rank, but have ranks 1 and 2}}
  %0 = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<128xf32>, tensor<512x4xi32>) -> tensor<512x4xf32>
  tt.return
}

// -----

tt.func @gather_axis(%src: tensor<128x16xf32>, %idx: tensor<512x16xi32>) {
  // expected-error @+1 {{axis 3 is out of range [0, 2)}}
  %0 = tt.gather %src[%idx] {axis = 3 : i32} : (tensor<128x16xf32>, tensor<512x16xi32>) -> tensor<512x16xf32>
  tt.return
}

// -----

tt.func @gather_other_dims(%src: tensor<128x16xf32>, %idx: tensor<512x32xi32>) {
  // expected-error @+1 {{indices dimension 1 has size 32, but the operand's has 16 (only the gather axis may differ)}}
  %0 = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<128x16xf32>, tensor<512x32xi32>) -> tensor<512x32xf32>
  tt.return
}

// -----

tt.func @gather_result(%src: tensor<128x16xf16>, %idx: tensor<512x16xi32>) {
  // expected-error @+2 {{inferred type(s) 'tensor<512x16xf16>' are incompatible}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<128x16xf16>, tensor<512x16xi32>) -> tensor<512x16xf32>
  tt.return
}

// -----

tt.func @histogram_rank(%x: tensor<32x32xi32>) {
  // expected-error @+1 {{operand must be 1-D, but is 'tensor<32x32xi32>'}}
  %0 = tt.histogram %x : tensor<32x32xi32> -> tensor<16xi32>
  tt.return
}

// -----

//===----------------------------------------------------------------------===//
// Encodings
//===----------------------------------------------------------------------===//

// Operand and result of broadcast must share the encoding.
tt.func @broadcast_encoding(%x: tensor<1x32xi32, 1 : i32>) {
  // expected-error @+1 {{requires the same encoding for all operands and results}}
  %0 = tt.broadcast %x : tensor<1x32xi32, 1 : i32> -> tensor<4x32xi32, 2 : i32>
  tt.return
}

// -----

// Result layouts come from the encoding's dialect; a builtin attribute has
// no layout inference.
tt.func @expand_dims_unknown_encoding(%x: tensor<32xi32, 1 : i32>) {
  // expected-error @+2 {{cannot infer the result layout: the dialect of encoding 1 : i32 does not implement DialectInferLayoutInterface}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = tt.expand_dims %x {axis = 0 : i32} : tensor<32xi32, 1 : i32> -> tensor<1x32xi32, 1 : i32>
  tt.return
}

// -----

//===----------------------------------------------------------------------===//
// Dot
//===----------------------------------------------------------------------===//

tt.func @dot_k(%a: tensor<128x64xf16>, %b: tensor<32x128xf16>, %c: tensor<128x128xf32>) {
  // expected-error @+1 {{a is M x K = 128 x 64 but b is K x N = 32 x 128: the K dimensions must agree}}
  %0 = tt.dot %a, %b, %c : tensor<128x64xf16> * tensor<32x128xf16> -> tensor<128x128xf32>
  tt.return
}

// -----

tt.func @dot_accumulator(%a: tensor<128x64xf16>, %b: tensor<64x128xf16>, %c: tensor<64x128xf32>) {
  // expected-error @+1 {{accumulator is 64 x 128, but a * b is 128 x 128}}
  %0 = tt.dot %a, %b, %c : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<64x128xf32>
  tt.return
}

// -----

tt.func @dot_rank(%a: tensor<64xf16>, %b: tensor<64xf16>, %c: tensor<64xf32>) {
  // expected-error @+1 {{operands must be 2-D (M x K, K x N) or 3-D with a leading batch dimension, but a has rank 1}}
  %0 = tt.dot %a, %b, %c : tensor<64xf16> * tensor<64xf16> -> tensor<64xf32>
  tt.return
}

// -----

tt.func @dot_batch(%a: tensor<2x16x16xf32>, %b: tensor<4x16x16xf32>, %c: tensor<2x16x16xf32>) {
  // expected-error @+1 {{batch dimensions differ: 2, 4 and 2}}
  %0 = tt.dot %a, %b, %c : tensor<2x16x16xf32> * tensor<4x16x16xf32> -> tensor<2x16x16xf32>
  tt.return
}

// -----

tt.func @dot_widths(%a: tensor<16x16xf16>, %b: tensor<16x16xf32>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{a and b elements ('f16', 'f32') must be of the same kind and width}}
  %0 = tt.dot %a, %b, %c : tensor<16x16xf16> * tensor<16x16xf32> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @dot_int_float(%a: tensor<16x16xi8>, %b: tensor<16x16xi8>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{integer inputs need an integer accumulator}}
  %0 = tt.dot %a, %b, %c : tensor<16x16xi8> * tensor<16x16xi8> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @dot_result_type(%a: tensor<16x16xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{failed to verify that result has the accumulator's type}}
  %0 = "tt.dot"(%a, %b, %c) : (tensor<16x16xf16>, tensor<16x16xf16>, tensor<16x16xf32>) -> tensor<16x16xf16>
  tt.return
}

// -----

tt.func @dot_scaled_storage(%a: tensor<128x64xf16>, %b: tensor<64x128xf8E4M3FN>, %c: tensor<128x128xf32>) {
  // expected-error @+1 {{operand a holds e4m3 values, so its elements must be 'f8E4M3FN', not 'f16'}}
  %0 = tt.dot_scaled %a, %b, %c lhs = e4m3 rhs = e4m3 {fastMath = false} : tensor<128x64xf16> * tensor<64x128xf8E4M3FN> -> tensor<128x128xf32>
  tt.return
}

// -----

// Packed fp4 holds two values per byte along K: a is 128 x 64, b 32 x 128.
tt.func @dot_scaled_k(%a: tensor<128x32xi8>, %b: tensor<32x128xf8E4M3FN>, %c: tensor<128x128xf32>) {
  // expected-error @+1 {{K of a (64) and of b (32) differ}}
  %0 = tt.dot_scaled %a, %b, %c lhs = e2m1 rhs = e4m3 {fastMath = false} : tensor<128x32xi8> * tensor<32x128xf8E4M3FN> -> tensor<128x128xf32>
  tt.return
}

// -----

tt.func @dot_scaled_scale(%a: tensor<128x32xi8>, %as: tensor<128x8xi8>, %b: tensor<64x128xf8E4M3FN>, %c: tensor<128x128xf32>) {
  // expected-error @+1 {{a_scale has 8 scales per row for K = 64; each scale must cover 16 or 32 elements}}
  %0 = tt.dot_scaled %a scale %as, %b, %c lhs = e2m1 rhs = e4m3 {fastMath = false} : tensor<128x32xi8>, tensor<128x8xi8> * tensor<64x128xf8E4M3FN> -> tensor<128x128xf32>
  tt.return
}

// -----

//===----------------------------------------------------------------------===//
// Reduce, scan, map_elementwise
//===----------------------------------------------------------------------===//

tt.func @reduce_axis(%v: tensor<4x128xf32>) {
  // expected-error @+2 {{axis 2 is out of range [0, 2) for operand 'tensor<4x128xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %a = "tt.reduce"(%v) <{axis = 2 : i32}> ({
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    tt.reduce.return %s : f32
  }) : (tensor<4x128xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @reduce_result(%v: tensor<4x128xf32>) {
  // expected-error @+2 {{inferred type(s) 'tensor<128xf32>' are incompatible with return type(s) of operation 'tensor<4xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %a = "tt.reduce"(%v) <{axis = 0 : i32}> ({
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    tt.reduce.return %s : f32
  }) : (tensor<4x128xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @reduce_region_arity(%v: tensor<128xf32>) {
  // expected-error @+1 {{combining region must take 2 arguments (two per operand), but takes 3}}
  %a = "tt.reduce"(%v) <{axis = 0 : i32}> ({
  ^bb0(%x: f32, %y: f32, %z: f32):
    %s = arith.addf %x, %y : f32
    tt.reduce.return %s : f32
  }) : (tensor<128xf32>) -> f32
  tt.return
}

// -----

tt.func @reduce_region_types(%v: tensor<128xf64>) {
  // expected-error @+1 {{combining region argument #0 has type 'f32', but operand #0 has elements of type 'f64'}}
  %a = "tt.reduce"(%v) <{axis = 0 : i32}> ({
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    tt.reduce.return %s : f32
  }) : (tensor<128xf64>) -> f64
  tt.return
}

// -----

tt.func @reduce_return_count(%v: tensor<128xf32>) {
  %a = "tt.reduce"(%v) <{axis = 0 : i32}> ({
  ^bb0(%x: f32, %y: f32):
    // expected-error @+1 {{yields 2 values, but the tt.reduce has 1 operands}}
    tt.reduce.return %x, %y : f32, f32
  }) : (tensor<128xf32>) -> f32
  tt.return
}

// -----

tt.func @reduce_return_type(%v: tensor<128xi32>) {
  %a = "tt.reduce"(%v) <{axis = 0 : i32}> ({
  ^bb0(%x: i32, %y: i32):
    %e = arith.extsi %x : i32 to i64
    // expected-error @+1 {{value #0 has type 'i64', but operand #0 has elements of type 'i32'}}
    tt.reduce.return %e : i64
  }) : (tensor<128xi32>) -> i32
  tt.return
}

// -----

tt.func @reduce_operand_shapes(%a: tensor<32x64xf32>, %b: tensor<16x64xf32>) {
  // expected-error @+1 {{requires the same shape for all operands}}
  %0:2 = "tt.reduce"(%a, %b) <{axis = 1 : i32}> ({
  ^bb0(%x0: f32, %x1: f32, %y0: f32, %y1: f32):
    tt.reduce.return %x0, %x1 : f32, f32
  }) : (tensor<32x64xf32>, tensor<16x64xf32>) -> (tensor<32xf32>, tensor<16xf32>)
  tt.return
}

// -----

tt.func @reduce_return_outside(%x: f32) {
  // expected-error @+1 {{expects parent op 'tt.reduce'}}
  tt.reduce.return %x : f32
}

// -----

tt.func @scan_axis(%v: tensor<128xi32>) {
  // expected-error @+1 {{axis 1 is out of range [0, 1)}}
  %a = "tt.scan"(%v) <{axis = 1 : i32, reverse = false}> ({
  ^bb0(%x: i32, %y: i32):
    %s = arith.addi %x, %y : i32
    tt.scan.return %s : i32
  }) : (tensor<128xi32>) -> tensor<128xi32>
  tt.return
}

// -----

tt.func @scan_shape(%v: tensor<4x128xf32>) {
  // expected-error @+1 {{requires the same shape for all operands and results}}
  %a = "tt.scan"(%v) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    tt.scan.return %s : f32
  }) : (tensor<4x128xf32>) -> tensor<128xf32>
  tt.return
}

// -----

tt.func @scan_region(%v: tensor<128xi32>) {
  // expected-error @+1 {{combining region argument #1 has type 'i64', but operand #0 has elements of type 'i32'}}
  %a = "tt.scan"(%v) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%x: i32, %y: i64):
    tt.scan.return %x : i32
  }) : (tensor<128xi32>) -> tensor<128xi32>
  tt.return
}

// -----

tt.func @map_elementwise_args(%v: tensor<256xi32>) {
  // expected-error @+1 {{region must take 1 scalars (pack = 1 per operand), but takes 2}}
  %0 = "tt.map_elementwise"(%v) <{pack = 1 : i32}> ({
  ^bb0(%a: i64, %b: i32):
    tt.map_elementwise.return %b : i32
  }) : (tensor<256xi32>) -> tensor<256xi32>
  tt.return
}

// -----

tt.func @map_elementwise_return(%v: tensor<256xi32>) {
  %0 = "tt.map_elementwise"(%v) <{pack = 2 : i32}> ({
  ^bb0(%a: i32, %b: i32):
    // expected-error @+1 {{must yield 2 scalars (pack = 2 per result) of types 'i32', 'i32', but yields 'i32'}}
    tt.map_elementwise.return %a : i32
  }) : (tensor<256xi32>) -> tensor<256xi32>
  tt.return
}

// -----

tt.func @map_elementwise_pack(%v: tensor<2xi32>) {
  // expected-error @+1 {{pack (4) must divide the number of elements (2)}}
  %0 = "tt.map_elementwise"(%v) <{pack = 4 : i32}> ({
  ^bb0(%a0: i32, %a1: i32, %a2: i32, %a3: i32):
    tt.map_elementwise.return %a0, %a1, %a2, %a3 : i32, i32, i32, i32
  }) : (tensor<2xi32>) -> tensor<2xi32>
  tt.return
}

// -----

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

// expected-note @+1 {{prior use here}}
tt.func @load_mask_shape(%p: tensor<128x!tt.ptr<f32>>, %m: tensor<64xi1>) {
  // expected-error @+1 {{use of value '%m' expects different type than prior uses: 'tensor<128xi1>' vs 'tensor<64xi1>'}}
  %0 = tt.load %p, %m : tensor<128x!tt.ptr<f32>>
  tt.return
}

// -----

tt.func @make_tensor_ptr_operands(%base: !tt.ptr<f16>, %m: i64, %o: i32) {
  // expected-error @+1 {{the block has rank 2, so it needs 2 shape, stride and offset operands, not 1}}
  %0 = tt.make_tensor_ptr %base, [%m], [%m], [%o] {order = array<i32: 0>} : <tensor<128x64xf16>>
  tt.return
}

// -----

tt.func @make_tensor_ptr_order(%base: !tt.ptr<f16>, %m: i64, %o: i32) {
  // expected-error @+1 {{order must be a permutation of 0..1}}
  %0 = tt.make_tensor_ptr %base, [%m, %m], [%m, %m], [%o, %o] {order = array<i32: 1, 1>} : <tensor<128x64xf16>>
  tt.return
}

// -----

// expected-note @+1 {{prior use here}}
tt.func @make_tensor_ptr_base(%base: !tt.ptr<f32>, %m: i64, %o: i32) {
  // expected-error @+1 {{use of value '%base' expects different type than prior uses: '!tt.ptr<f16>' vs '!tt.ptr<f32>'}}
  %0 = tt.make_tensor_ptr %base, [%m], [%m], [%o] {order = array<i32: 0>} : <tensor<128xf16>>
  tt.return
}

// -----

tt.func @advance_offsets(%bp: !tt.ptr<tensor<128x64xf16>>, %o: i32) {
  // expected-error @+1 {{needs one offset per block dimension (2), but has 1}}
  %0 = tt.advance %bp, [%o] : <tensor<128x64xf16>>
  tt.return
}

// -----

tt.func @atomic_fadd_int(%p: !tt.ptr<i32>, %v: i32) {
  // expected-error @+1 {{fadd needs floating-point values, not 'i32'}}
  %0 = tt.atomic_rmw fadd, relaxed, gpu, %p, %v : (!tt.ptr<i32>, i32) -> i32
  tt.return
}

// -----

tt.func @atomic_and_float(%p: !tt.ptr<f32>, %v: f32) {
  // expected-error @+1 {{and needs integer values, not 'f32'}}
  %0 = tt.atomic_rmw and, relaxed, gpu, %p, %v : (!tt.ptr<f32>, f32) -> f32
  tt.return
}

// -----

tt.func @atomic_pointer_type(%p: !tt.ptr<f16>, %v: f32) {
  // expected-error @+1 {{failed to verify that ptr points to elements of val's type}}
  %0 = tt.atomic_rmw fadd, relaxed, gpu, %p, %v : (!tt.ptr<f16>, f32) -> f32
  tt.return
}

// -----

tt.func @atomic_result(%p: !tt.ptr<f32>, %v: f32) {
  // expected-error @+1 {{result (the old values) must have the type of val, 'f32', not 'f16'}}
  %0 = tt.atomic_rmw fadd, relaxed, gpu, %p, %v : (!tt.ptr<f32>, f32) -> f16
  tt.return
}

// -----

tt.func @atomic_cas_types(%p: !tt.ptr<i32>, %c: i32, %v: i64) {
  // expected-error @+1 {{failed to verify that ptr points to elements of val's type}}
  %0 = tt.atomic_cas acq_rel, gpu, %p, %c, %v : (!tt.ptr<i32>, i32, i64) -> i32
  tt.return
}

// -----

tt.func @print_signedness(%x: tensor<128xi32>) {
  // expected-error @+1 {{isSigned needs one entry per printed value (1), but has 2}}
  tt.print ": " {hex = false, isSigned = array<i32: 1, 1>} : %x : tensor<128xi32>
  tt.return
}

// -----

tt.func @assert_condition(%x: tensor<128xi32>) {
  // expected-error @+1 {{operand #0 must be 1-bit signless integer or ranked tensor of 1-bit signless integer values}}
  tt.assert %x, "no" : tensor<128xi32>
  tt.return
}

// -----

//===----------------------------------------------------------------------===//
// Tensor descriptors
//===----------------------------------------------------------------------===//

tt.func @make_desc_operands(%p: !tt.ptr<f16>, %m: i32, %s: i64) {
  // expected-error @+1 {{the block has rank 2, so it needs 2 shape and stride operands, not 1}}
  %0 = tt.make_tensor_descriptor %p, [%m], [%s] : <f16>, <tensor<64x64xf16>>
  tt.return
}

// -----

tt.func @make_desc_element(%p: !tt.ptr<f32>, %m: i32, %s: i64) {
  // expected-error @+1 {{base points to 'f32', but the block holds 'f16'}}
  %0 = tt.make_tensor_descriptor %p, [%m, %m], [%s, %s] : <f32>, <tensor<64x64xf16>>
  tt.return
}

// -----

tt.func @desc_load_indices(%d: !tt.tensordesc<tensor<16x16xf32>>, %i: i32) {
  // expected-error @+1 {{needs one index per block dimension (2), but has 1}}
  %0 = tt.descriptor_load %d[%i] : !tt.tensordesc<tensor<16x16xf32>> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @desc_load_shape(%d: !tt.tensordesc<tensor<16x16xf32>>, %i: i32) {
  // expected-error @+1 {{result 'tensor<16xf32>' does not match the block 'tensor<16x16xf32>': only leading dimensions of size 1 may be left out}}
  %0 = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<16x16xf32>> -> tensor<16xf32>
  tt.return
}

// -----

tt.func @desc_load_element(%d: !tt.tensordesc<tensor<16x16xf32>>, %i: i32) {
  // expected-error @+1 {{result elements ('f16') differ from the block's ('f32')}}
  %0 = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<16x16xf32>> -> tensor<16x16xf16>
  tt.return
}

// -----

tt.func @desc_store_shape(%d: !tt.tensordesc<tensor<16x16xf32>>, %v: tensor<32x16xf32>, %i: i32) {
  // expected-error @+1 {{stored value shape 'tensor<32x16xf32>' does not match the block 'tensor<16x16xf32>'}}
  tt.descriptor_store %d[%i, %i], %v : !tt.tensordesc<tensor<16x16xf32>>, tensor<32x16xf32>
  tt.return
}

// -----

tt.func @desc_reduce_kind(%d: !tt.tensordesc<tensor<16x16xf32>>, %v: tensor<16x16xf32>, %i: i32) {
  // expected-error @+1 {{xor needs integer elements, not 'f32'}}
  tt.descriptor_reduce xor, %d[%i, %i], %v : !tt.tensordesc<tensor<16x16xf32>>, tensor<16x16xf32>
  tt.return
}

// -----

tt.func @desc_gather_block(%d: !tt.tensordesc<tensor<2x64xf16>>, %rows: tensor<32xi32>, %y: i32) {
  // expected-error @+1 {{descriptor block must be one row (1 x W), but is 'tensor<2x64xf16>'}}
  %0 = tt.descriptor_gather %d[%rows, %y] : (!tt.tensordesc<tensor<2x64xf16>>, tensor<32xi32>, i32) -> tensor<32x64xf16>
  tt.return
}

// -----

tt.func @desc_scatter_shape(%d: !tt.tensordesc<tensor<1x64xf16>>, %rows: tensor<32xi32>, %y: i32, %v: tensor<16x64xf16>) {
  // expected-error @+1 {{stored value must be 32 x 64 (rows x block width), but is 'tensor<16x64xf16>'}}
  tt.descriptor_scatter %d[%rows, %y], %v : !tt.tensordesc<tensor<1x64xf16>>, tensor<32xi32>, i32, tensor<16x64xf16>
  tt.return
}
