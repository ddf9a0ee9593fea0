// RUN: tt-opt %s -split-input-file -triton-reorder-broadcast | FileCheck %s

// elementwise(splat(a), splat(b)) -> splat(elementwise(a, b))
// CHECK-LABEL: tt.func @splat_elementwise
// CHECK-SAME: (%[[X:.*]]: f32, %[[Y:.*]]: f32)
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[X]], %[[Y]] : f32
// CHECK-NEXT: %[[T:.*]] = tt.splat %[[S]] : f32 -> tensor<128xf32>
// CHECK-NEXT: tt.return %[[T]]
tt.func @splat_elementwise(%x: f32, %y: f32) -> tensor<128xf32> {
  %a = tt.splat %x : f32 -> tensor<128xf32>
  %b = tt.splat %y : f32 -> tensor<128xf32>
  %c = arith.addf %a, %b : tensor<128xf32>
  tt.return %c : tensor<128xf32>
}

// -----

// Splat constants count as splats; the result element type may differ.
// CHECK-LABEL: tt.func @splat_and_constant_compare
// CHECK-SAME: (%[[X:.*]]: i32)
// CHECK: %[[C:.*]] = arith.constant 7 : i32
// CHECK: %[[CMP:.*]] = arith.cmpi slt, %[[X]], %[[C]] : i32
// CHECK-NEXT: %[[T:.*]] = tt.splat %[[CMP]] : i1 -> tensor<64xi1>
// CHECK-NEXT: tt.return %[[T]]
tt.func @splat_and_constant_compare(%x: i32) -> tensor<64xi1> {
  %a = tt.splat %x : i32 -> tensor<64xi32>
  %c = arith.constant dense<7> : tensor<64xi32>
  %r = arith.cmpi slt, %a, %c : tensor<64xi32>
  tt.return %r : tensor<64xi1>
}

// -----

// Pointer arithmetic is elementwise too.
// CHECK-LABEL: tt.func @splat_addptr
// CHECK-SAME: (%[[P:.*]]: !tt.ptr<f16>, %[[O:.*]]: i32)
// CHECK-NEXT: %[[Q:.*]] = tt.addptr %[[P]], %[[O]] : !tt.ptr<f16>, i32
// CHECK-NEXT: %[[T:.*]] = tt.splat %[[Q]] : !tt.ptr<f16> -> tensor<32x!tt.ptr<f16>>
// CHECK-NEXT: tt.return %[[T]]
tt.func @splat_addptr(%p: !tt.ptr<f16>, %o: i32) -> tensor<32x!tt.ptr<f16>> {
  %a = tt.splat %p : !tt.ptr<f16> -> tensor<32x!tt.ptr<f16>>
  %b = tt.splat %o : i32 -> tensor<32xi32>
  %c = tt.addptr %a, %b : tensor<32x!tt.ptr<f16>>, tensor<32xi32>
  tt.return %c : tensor<32x!tt.ptr<f16>>
}

// -----

// Negative: one operand is a genuine tensor.
// CHECK-LABEL: tt.func @splat_and_range
// CHECK: %[[S:.*]] = tt.splat
// CHECK: %[[R:.*]] = tt.make_range
// CHECK: arith.addi %[[S]], %[[R]] : tensor<128xi32>
tt.func @splat_and_range(%x: i32) -> tensor<128xi32> {
  %a = tt.splat %x : i32 -> tensor<128xi32>
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %c = arith.addi %a, %r : tensor<128xi32>
  tt.return %c : tensor<128xi32>
}

// -----

// elementwise(broadcast(a), splat(b)) -> broadcast(elementwise(a, splat'(b)))
// CHECK-LABEL: tt.func @broadcast_elementwise
// CHECK-SAME: (%[[A:.*]]: tensor<1x64xf32>, %[[Y:.*]]: f32)
// CHECK: %[[S:.*]] = tt.splat %[[Y]] : f32 -> tensor<1x64xf32>
// CHECK-NEXT: %[[M:.*]] = arith.mulf %[[A]], %[[S]] : tensor<1x64xf32>
// CHECK-NEXT: %[[B:.*]] = tt.broadcast %[[M]] : tensor<1x64xf32> -> tensor<32x64xf32>
// CHECK-NEXT: tt.return %[[B]]
tt.func @broadcast_elementwise(%a: tensor<1x64xf32>, %y: f32) -> tensor<32x64xf32> {
  %b = tt.broadcast %a : tensor<1x64xf32> -> tensor<32x64xf32>
  %s = tt.splat %y : f32 -> tensor<32x64xf32>
  %m = arith.mulf %b, %s : tensor<32x64xf32>
  tt.return %m : tensor<32x64xf32>
}

// -----

// Two broadcasts of the same source shape, and a splat constant.
// CHECK-LABEL: tt.func @two_broadcasts_same_shape
// CHECK-SAME: (%[[A:.*]]: tensor<8x1xi32>, %[[B:.*]]: tensor<8x1xi32>)
// CHECK-DAG: %[[C:.*]] = arith.constant dense<3> : tensor<8x1xi32>
// CHECK-DAG: %[[S:.*]] = arith.select %{{.*}}, %[[A]], %[[C]] : tensor<8x1xi1>, tensor<8x1xi32>
// CHECK: %[[R:.*]] = tt.broadcast %[[S]] : tensor<8x1xi32> -> tensor<8x16xi32>
// CHECK-NEXT: tt.return %[[R]]
tt.func @two_broadcasts_same_shape(%a: tensor<8x1xi32>, %b: tensor<8x1xi32>) -> tensor<8x16xi32> {
  %ba = tt.broadcast %a : tensor<8x1xi32> -> tensor<8x16xi32>
  %bb = tt.broadcast %b : tensor<8x1xi32> -> tensor<8x16xi32>
  %cond = arith.cmpi sgt, %ba, %bb : tensor<8x16xi32>
  %c = arith.constant dense<3> : tensor<8x16xi32>
  %r = arith.select %cond, %ba, %c : tensor<8x16xi1>, tensor<8x16xi32>
  tt.return %r : tensor<8x16xi32>
}

// -----

// Negative: broadcasts from different shapes (an outer product) stay.
// CHECK-LABEL: tt.func @broadcasts_different_shapes
// CHECK: %[[BA:.*]] = tt.broadcast %{{.*}} : tensor<8x1xi32> -> tensor<8x16xi32>
// CHECK: %[[BB:.*]] = tt.broadcast %{{.*}} : tensor<1x16xi32> -> tensor<8x16xi32>
// CHECK: arith.addi %[[BA]], %[[BB]] : tensor<8x16xi32>
tt.func @broadcasts_different_shapes(%a: tensor<8x1xi32>, %b: tensor<1x16xi32>) -> tensor<8x16xi32> {
  %ba = tt.broadcast %a : tensor<8x1xi32> -> tensor<8x16xi32>
  %bb = tt.broadcast %b : tensor<1x16xi32> -> tensor<8x16xi32>
  %r = arith.addi %ba, %bb : tensor<8x16xi32>
  tt.return %r : tensor<8x16xi32>
}

// -----

// Negative: a non-splat operand next to the broadcast.
// CHECK-LABEL: tt.func @broadcast_and_tensor
// CHECK: %[[B:.*]] = tt.broadcast
// CHECK-NEXT: arith.addf %[[B]], %{{.*}} : tensor<8x16xf32>
tt.func @broadcast_and_tensor(%a: tensor<8x1xf32>, %x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %b = tt.broadcast %a : tensor<8x1xf32> -> tensor<8x16xf32>
  %r = arith.addf %b, %x : tensor<8x16xf32>
  tt.return %r : tensor<8x16xf32>
}

// -----

// expand_dims(splat(x)) -> splat(x)
// CHECK-LABEL: tt.func @expand_dims_of_splat
// CHECK-SAME: (%[[X:.*]]: i32)
// CHECK-NEXT: %[[S:.*]] = tt.splat %[[X]] : i32 -> tensor<1x64xi32>
// CHECK-NEXT: tt.return %[[S]]
tt.func @expand_dims_of_splat(%x: i32) -> tensor<1x64xi32> {
  %s = tt.splat %x : i32 -> tensor<64xi32>
  %e = tt.expand_dims %s {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  tt.return %e : tensor<1x64xi32>
}

// -----

// expand_dims(broadcast(x)) -> broadcast(expand_dims(x)), which lets the
// broadcast keep moving down past the multiply.
// CHECK-LABEL: tt.func @expand_dims_of_broadcast
// CHECK-SAME: (%[[A:.*]]: tensor<1x32xf32>, %[[Y:.*]]: f32)
// CHECK: %[[E:.*]] = tt.expand_dims %[[A]] {axis = 2 : i32} : tensor<1x32xf32> -> tensor<1x32x1xf32>
// CHECK: %[[M:.*]] = arith.mulf %[[E]], %{{.*}} : tensor<1x32x1xf32>
// CHECK-NEXT: %[[B:.*]] = tt.broadcast %[[M]] : tensor<1x32x1xf32> -> tensor<16x32x1xf32>
// CHECK-NEXT: tt.return %[[B]]
tt.func @expand_dims_of_broadcast(%a: tensor<1x32xf32>, %y: f32) -> tensor<16x32x1xf32> {
  %b = tt.broadcast %a : tensor<1x32xf32> -> tensor<16x32xf32>
  %e = tt.expand_dims %b {axis = 2 : i32} : tensor<16x32xf32> -> tensor<16x32x1xf32>
  %s = tt.splat %y : f32 -> tensor<16x32x1xf32>
  %m = arith.mulf %e, %s : tensor<16x32x1xf32>
  tt.return %m : tensor<16x32x1xf32>
}

// -----

// broadcast(splat(x)) -> splat(x); broadcast(broadcast(x)) -> broadcast(x)
// CHECK-LABEL: tt.func @broadcast_chains
// CHECK-SAME: (%[[X:.*]]: f32, %[[T:.*]]: tensor<1x1xf32>)
// CHECK-DAG: %[[S:.*]] = tt.splat %[[X]] : f32 -> tensor<4x8xf32>
// CHECK-DAG: %[[B:.*]] = tt.broadcast %[[T]] : tensor<1x1xf32> -> tensor<4x8xf32>
// CHECK: tt.return %[[S]], %[[B]]
tt.func @broadcast_chains(%x: f32, %t: tensor<1x1xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %s = tt.splat %x : f32 -> tensor<1x8xf32>
  %bs = tt.broadcast %s : tensor<1x8xf32> -> tensor<4x8xf32>
  %b1 = tt.broadcast %t : tensor<1x1xf32> -> tensor<1x8xf32>
  %b2 = tt.broadcast %b1 : tensor<1x8xf32> -> tensor<4x8xf32>
  tt.return %bs, %b2 : tensor<4x8xf32>, tensor<4x8xf32>
}

// -----

// Negative: elementwise ops with memory effects are not moved. An impure
// extern call might read or write memory once per element.
// CHECK-LABEL: tt.func @impure_elementwise
// CHECK: %[[S:.*]] = tt.splat
// CHECK-NEXT: tt.extern_elementwise %[[S]]
tt.func @impure_elementwise(%x: f32) -> tensor<16xf32> {
  %s = tt.splat %x : f32 -> tensor<16xf32>
  %r = tt.extern_elementwise %s {libname = "m", libpath = "", pure = false, symbol = "f"} : (tensor<16xf32>) -> tensor<16xf32>
  tt.return %r : tensor<16xf32>
}

// -----

// The same call declared pure is computed once on the scalar.
// CHECK-LABEL: tt.func @pure_elementwise
// CHECK-SAME: (%[[X:.*]]: f32)
// CHECK-NEXT: %[[R:.*]] = tt.extern_elementwise %[[X]] {{.*}} : (f32) -> f32
// CHECK-NEXT: %[[S:.*]] = tt.splat %[[R]] : f32 -> tensor<16xf32>
// CHECK-NEXT: tt.return %[[S]]
tt.func @pure_elementwise(%x: f32) -> tensor<16xf32> {
  %s = tt.splat %x : f32 -> tensor<16xf32>
  %r = tt.extern_elementwise %s {libname = "m", libpath = "", pure = true, symbol = "f"} : (tensor<16xf32>) -> tensor<16xf32>
  tt.return %r : tensor<16xf32>
}
