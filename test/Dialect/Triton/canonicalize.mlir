// RUN: tt-opt %s -split-input-file -canonicalize | FileCheck %s
//
// Folders and canonicalization patterns of tt ops, one function each.

// CHECK-LABEL: tt.func @broadcast_same_type
// CHECK-SAME: (%[[X:.*]]: tensor<1x4xf32>)
// CHECK-NEXT: tt.return %[[X]]
tt.func @broadcast_same_type(%x: tensor<1x4xf32>) -> tensor<1x4xf32> {
  %0 = tt.broadcast %x : tensor<1x4xf32> -> tensor<1x4xf32>
  tt.return %0 : tensor<1x4xf32>
}

// -----

// CHECK-LABEL: tt.func @broadcast_of_splat
// CHECK-SAME: (%[[S:.*]]: f32)
// CHECK-NEXT: %[[R:.*]] = tt.splat %[[S]] : f32 -> tensor<8x4xf32>
// CHECK-NEXT: tt.return %[[R]]
tt.func @broadcast_of_splat(%s: f32) -> tensor<8x4xf32> {
  %0 = tt.splat %s : f32 -> tensor<1x4xf32>
  %1 = tt.broadcast %0 : tensor<1x4xf32> -> tensor<8x4xf32>
  tt.return %1 : tensor<8x4xf32>
}

// -----

// CHECK-LABEL: tt.func @broadcast_of_constant
// CHECK-NEXT: %[[C:.*]] = arith.constant dense<2.000000e+00> : tensor<8x4xf32>
// CHECK-NEXT: tt.return %[[C]]
tt.func @broadcast_of_constant() -> tensor<8x4xf32> {
  %0 = arith.constant dense<2.0> : tensor<8x1xf32>
  %1 = tt.broadcast %0 : tensor<8x1xf32> -> tensor<8x4xf32>
  tt.return %1 : tensor<8x4xf32>
}

// -----

// CHECK-LABEL: tt.func @broadcast_of_broadcast
// CHECK-SAME: (%[[X:.*]]: tensor<1x1xf32>)
// CHECK-NEXT: %[[R:.*]] = tt.broadcast %[[X]] : tensor<1x1xf32> -> tensor<8x4xf32>
// CHECK-NEXT: tt.return %[[R]]
tt.func @broadcast_of_broadcast(%x: tensor<1x1xf32>) -> tensor<8x4xf32> {
  %0 = tt.broadcast %x : tensor<1x1xf32> -> tensor<1x4xf32>
  %1 = tt.broadcast %0 : tensor<1x4xf32> -> tensor<8x4xf32>
  tt.return %1 : tensor<8x4xf32>
}

// -----

// CHECK-LABEL: tt.func @expand_dims_of_splat
// CHECK-SAME: (%[[S:.*]]: i32)
// CHECK-NEXT: %[[R:.*]] = tt.splat %[[S]] : i32 -> tensor<1x16xi32>
// CHECK-NEXT: tt.return %[[R]]
tt.func @expand_dims_of_splat(%s: i32) -> tensor<1x16xi32> {
  %0 = tt.splat %s : i32 -> tensor<16xi32>
  %1 = tt.expand_dims %0 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  tt.return %1 : tensor<1x16xi32>
}

// -----

// A constant keeps its element order when a unit dimension is inserted.
// CHECK-LABEL: tt.func @expand_dims_of_constant
// CHECK-NEXT: %[[C:.*]] = arith.constant dense<{{\[}}[0], [1], [2], [3]]> : tensor<4x1xi32>
// CHECK-NEXT: tt.return %[[C]]
tt.func @expand_dims_of_constant() -> tensor<4x1xi32> {
  %0 = arith.constant dense<[0, 1, 2, 3]> : tensor<4xi32>
  %1 = tt.expand_dims %0 {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
  tt.return %1 : tensor<4x1xi32>
}

// -----

// CHECK-LABEL: tt.func @expand_dims_of_broadcast
// CHECK-SAME: (%[[X:.*]]: tensor<1xf32>)
// CHECK-NEXT: %[[E:.*]] = tt.expand_dims %[[X]] {axis = 0 : i32} : tensor<1xf32> -> tensor<1x1xf32>
// CHECK-NEXT: %[[B:.*]] = tt.broadcast %[[E]] : tensor<1x1xf32> -> tensor<1x8xf32>
// CHECK-NEXT: tt.return %[[B]]
tt.func @expand_dims_of_broadcast(%x: tensor<1xf32>) -> tensor<1x8xf32> {
  %0 = tt.broadcast %x : tensor<1xf32> -> tensor<8xf32>
  %1 = tt.expand_dims %0 {axis = 0 : i32} : tensor<8xf32> -> tensor<1x8xf32>
  tt.return %1 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: tt.func @reshape_same_type
// CHECK-SAME: (%[[X:.*]]: tensor<4x8xf32>)
// CHECK-NEXT: tt.return %[[X]]
tt.func @reshape_same_type(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = tt.reshape %x : tensor<4x8xf32> -> tensor<4x8xf32>
  tt.return %0 : tensor<4x8xf32>
}

// -----

// CHECK-LABEL: tt.func @reshape_of_splat
// CHECK-SAME: (%[[S:.*]]: f16)
// CHECK-NEXT: %[[R:.*]] = tt.splat %[[S]] : f16 -> tensor<32xf16>
// CHECK-NEXT: tt.return %[[R]]
tt.func @reshape_of_splat(%s: f16) -> tensor<32xf16> {
  %0 = tt.splat %s : f16 -> tensor<4x8xf16>
  %1 = tt.reshape %0 : tensor<4x8xf16> -> tensor<32xf16>
  tt.return %1 : tensor<32xf16>
}

// -----

// CHECK-LABEL: tt.func @reshape_of_reshape
// CHECK-SAME: (%[[X:.*]]: tensor<4x8xf32>)
// CHECK-NEXT: %[[R:.*]] = tt.reshape %[[X]] allow_reorder : tensor<4x8xf32> -> tensor<2x16xf32>
// CHECK-NEXT: tt.return %[[R]]
tt.func @reshape_of_reshape(%x: tensor<4x8xf32>) -> tensor<2x16xf32> {
  %0 = tt.reshape %x allow_reorder : tensor<4x8xf32> -> tensor<32xf32>
  %1 = tt.reshape %0 : tensor<32xf32> -> tensor<2x16xf32>
  tt.return %1 : tensor<2x16xf32>
}

// -----

// CHECK-LABEL: tt.func @reshape_of_constant
// CHECK-NEXT: %[[C:.*]] = arith.constant dense<{{\[}}[1, 2], [3, 4]]> : tensor<2x2xi32>
// CHECK-NEXT: tt.return %[[C]]
tt.func @reshape_of_constant() -> tensor<2x2xi32> {
  %0 = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %1 = tt.reshape %0 : tensor<4xi32> -> tensor<2x2xi32>
  tt.return %1 : tensor<2x2xi32>
}

// -----

// CHECK-LABEL: tt.func @trans_identity
// CHECK-SAME: (%[[X:.*]]: tensor<4x8xf32>)
// CHECK-NEXT: tt.return %[[X]]
tt.func @trans_identity(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = tt.trans %x {order = array<i32: 0, 1>} : tensor<4x8xf32> -> tensor<4x8xf32>
  tt.return %0 : tensor<4x8xf32>
}

// -----

// Two transposes compose into one: result dim i is x's dim inner[outer[i]].
// CHECK-LABEL: tt.func @trans_of_trans
// CHECK-SAME: (%[[X:.*]]: tensor<2x4x8xf32>)
// CHECK-NEXT: %[[T:.*]] = tt.trans %[[X]] {order = array<i32: 2, 1, 0>} : tensor<2x4x8xf32> -> tensor<8x4x2xf32>
// CHECK-NEXT: tt.return %[[T]]
tt.func @trans_of_trans(%x: tensor<2x4x8xf32>) -> tensor<8x4x2xf32> {
  %0 = tt.trans %x {order = array<i32: 1, 2, 0>} : tensor<2x4x8xf32> -> tensor<4x8x2xf32>
  %1 = tt.trans %0 {order = array<i32: 1, 0, 2>} : tensor<4x8x2xf32> -> tensor<8x4x2xf32>
  tt.return %1 : tensor<8x4x2xf32>
}

// -----

// A transpose undone by another disappears.
// CHECK-LABEL: tt.func @trans_round_trip
// CHECK-SAME: (%[[X:.*]]: tensor<4x8xf32>)
// CHECK-NEXT: tt.return %[[X]]
tt.func @trans_round_trip(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = tt.trans %x {order = array<i32: 1, 0>} : tensor<4x8xf32> -> tensor<8x4xf32>
  %1 = tt.trans %0 {order = array<i32: 1, 0>} : tensor<8x4xf32> -> tensor<4x8xf32>
  tt.return %1 : tensor<4x8xf32>
}

// -----

// CHECK-LABEL: tt.func @trans_of_splat
// CHECK-SAME: (%[[S:.*]]: f32)
// CHECK-NEXT: %[[R:.*]] = tt.splat %[[S]] : f32 -> tensor<8x4xf32>
// CHECK-NEXT: tt.return %[[R]]
tt.func @trans_of_splat(%s: f32) -> tensor<8x4xf32> {
  %0 = tt.splat %s : f32 -> tensor<4x8xf32>
  %1 = tt.trans %0 {order = array<i32: 1, 0>} : tensor<4x8xf32> -> tensor<8x4xf32>
  tt.return %1 : tensor<8x4xf32>
}

// -----

// CHECK-LABEL: tt.func @unsplat_of_splat
// CHECK-SAME: (%[[S:.*]]: f32)
// CHECK-NEXT: tt.return %[[S]]
tt.func @unsplat_of_splat(%s: f32) -> f32 {
  %0 = tt.splat %s : f32 -> tensor<1x1xf32>
  %1 = tt.unsplat %0 : tensor<1x1xf32>
  tt.return %1 : f32
}

// -----

// CHECK-LABEL: tt.func @splat_of_unsplat
// CHECK-SAME: (%[[T:.*]]: tensor<1xi32>)
// CHECK-NEXT: tt.return %[[T]]
tt.func @splat_of_unsplat(%t: tensor<1xi32>) -> tensor<1xi32> {
  %0 = tt.unsplat %t : tensor<1xi32>
  %1 = tt.splat %0 : i32 -> tensor<1xi32>
  tt.return %1 : tensor<1xi32>
}

// -----

// CHECK-LABEL: tt.func @unsplat_of_constant
// CHECK-NEXT: %[[C:.*]] = arith.constant 7 : i32
// CHECK-NEXT: tt.return %[[C]]
tt.func @unsplat_of_constant() -> i32 {
  %0 = arith.constant dense<7> : tensor<1xi32>
  %1 = tt.unsplat %0 : tensor<1xi32>
  tt.return %1 : i32
}

// -----

// CHECK-LABEL: tt.func @split_of_join
// CHECK-SAME: (%[[A:.*]]: tensor<4xf32>, %[[B:.*]]: tensor<4xf32>)
// CHECK-NEXT: tt.return %[[A]], %[[B]]
tt.func @split_of_join(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = tt.join %a, %b : tensor<4xf32> -> tensor<4x2xf32>
  %1, %2 = tt.split %0 : tensor<4x2xf32> -> tensor<4xf32>
  tt.return %1, %2 : tensor<4xf32>, tensor<4xf32>
}

// -----

// CHECK-LABEL: tt.func @advance_by_zero
// CHECK-SAME: (%[[P:.*]]: !tt.ptr<tensor<16x16xf16>>)
// CHECK-NEXT: tt.return %[[P]]
tt.func @advance_by_zero(%p: !tt.ptr<tensor<16x16xf16>>) -> !tt.ptr<tensor<16x16xf16>> {
  %c0 = arith.constant 0 : i32
  %0 = tt.advance %p, [%c0, %c0] : <tensor<16x16xf16>>
  tt.return %0 : !tt.ptr<tensor<16x16xf16>>
}

// -----

// A nonzero offset keeps the advance.
// CHECK-LABEL: tt.func @advance_by_nonzero
// CHECK: tt.advance
tt.func @advance_by_nonzero(%p: !tt.ptr<tensor<16x16xf16>>) -> !tt.ptr<tensor<16x16xf16>> {
  %c0 = arith.constant 0 : i32
  %c16 = arith.constant 16 : i32
  %0 = tt.advance %p, [%c0, %c16] : <tensor<16x16xf16>>
  tt.return %0 : !tt.ptr<tensor<16x16xf16>>
}

// -----

// CHECK-LABEL: tt.func @bitcast_round_trip
// CHECK-SAME: (%[[X:.*]]: tensor<8xf32>)
// CHECK-NEXT: tt.return %[[X]]
tt.func @bitcast_round_trip(%x: tensor<8xf32>) -> tensor<8xf32> {
  %0 = tt.bitcast %x : tensor<8xf32> -> tensor<8xi32>
  %1 = tt.bitcast %0 : tensor<8xi32> -> tensor<8xf32>
  tt.return %1 : tensor<8xf32>
}

// -----

// CHECK-LABEL: tt.func @bitcast_chain
// CHECK-SAME: (%[[X:.*]]: f16)
// CHECK-NEXT: %[[R:.*]] = tt.bitcast %[[X]] : f16 -> bf16
// CHECK-NEXT: tt.return %[[R]]
tt.func @bitcast_chain(%x: f16) -> bf16 {
  %0 = tt.bitcast %x : f16 -> i16
  %1 = tt.bitcast %0 : i16 -> bf16
  tt.return %1 : bf16
}

// -----

// CHECK-LABEL: tt.func @int_ptr_round_trips
// CHECK-SAME: (%[[P:.*]]: !tt.ptr<f32>, %[[I:.*]]: i64)
// CHECK-NEXT: tt.return %[[P]], %[[I]]
tt.func @int_ptr_round_trips(%p: !tt.ptr<f32>, %i: i64) -> (!tt.ptr<f32>, i64) {
  %0 = tt.ptr_to_int %p : !tt.ptr<f32> -> i64
  %1 = tt.int_to_ptr %0 : i64 -> !tt.ptr<f32>
  %2 = tt.int_to_ptr %i : i64 -> !tt.ptr<f16>
  %3 = tt.ptr_to_int %2 : !tt.ptr<f16> -> i64
  tt.return %1, %3 : !tt.ptr<f32>, i64
}

// -----

// CHECK-LABEL: tt.func @fp_to_fp_constant
// CHECK-DAG: arith.constant dense<1.500000e+00> : tensor<8xf8E4M3FN>
// CHECK-DAG: arith.constant 2.500000e-01 : f8E5M2
// CHECK-NOT: tt.fp_to_fp
tt.func @fp_to_fp_constant() -> (tensor<8xf8E4M3FN>, f8E5M2) {
  %0 = arith.constant dense<1.5> : tensor<8xf32>
  %1 = tt.fp_to_fp %0, rounding = rtne : tensor<8xf32> -> tensor<8xf8E4M3FN>
  %2 = arith.constant 0.25 : f16
  %3 = tt.fp_to_fp %2, rounding = rtz : f16 -> f8E5M2
  tt.return %1, %3 : tensor<8xf8E4M3FN>, f8E5M2
}

// -----

// 1000.0 is beyond f8E4M3FN's range (448): the hardware's saturation rule
// decides, so the conversion stays.
// CHECK-LABEL: tt.func @fp_to_fp_overflow
// CHECK: tt.fp_to_fp
tt.func @fp_to_fp_overflow() -> f8E4M3FN {
  %0 = arith.constant 1000.0 : f32
  %1 = tt.fp_to_fp %0, rounding = rtne : f32 -> f8E4M3FN
  tt.return %1 : f8E4M3FN
}

// -----

// CHECK-LABEL: tt.func @assert_true
// CHECK-NOT: tt.assert
// CHECK: tt.assert %{{.*}}, "may fail"
// CHECK-NOT: tt.assert
tt.func @assert_true(%c: tensor<4xi1>) {
  %true = arith.constant dense<true> : tensor<4xi1>
  tt.assert %true, "never fails" : tensor<4xi1>
  tt.assert %c, "may fail" : tensor<4xi1>
  tt.return
}

// -----

// Existing patterns of the core ops.
// CHECK-LABEL: tt.func @splat_constant_and_addptr_zero
// CHECK-SAME: (%[[P:.*]]: tensor<4x!tt.ptr<f32>>)
// CHECK-NEXT: %[[C:.*]] = arith.constant dense<3.000000e+00> : tensor<4xf32>
// CHECK-NEXT: tt.store %[[P]], %[[C]] : tensor<4x!tt.ptr<f32>>
tt.func @splat_constant_and_addptr_zero(%p: tensor<4x!tt.ptr<f32>>) {
  %c = arith.constant 3.0 : f32
  %0 = tt.splat %c : f32 -> tensor<4xf32>
  %z = arith.constant dense<0> : tensor<4xi32>
  %1 = tt.addptr %p, %z : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  %true = arith.constant dense<true> : tensor<4xi1>
  tt.store %1, %0, %true : tensor<4x!tt.ptr<f32>>
  tt.return
}
