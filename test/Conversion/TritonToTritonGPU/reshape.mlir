// RUN: tt-opt %s -split-input-file --convert-triton-to-tritongpu="num-warps=4 target=cuda:90" | FileCheck %s

// tt.reshape takes the result layout inferred from its operand's, the one
// that keeps every element in its thread. The default layout of a shape
// reshapes into the default layout of the new shape, so a reshape between
// default layouts needs no conversion, whatever the ranks.
// CHECK-DAG: #[[D2:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[D4:.*]] = #ttg.blocked<{sizePerThread = [1, 1, 1, 1], threadsPerWarp = [1, 4, 4, 2], warpsPerCTA = [4, 1, 1, 1], order = [3, 2, 1, 0]}>
// CHECK-DAG: #[[T4:.*]] = #ttg.blocked<{sizePerThread = [1, 1, 1, 1], threadsPerWarp = [4, 4, 2, 1], warpsPerCTA = [1, 1, 1, 4], order = [2, 1, 0, 3]}>
// CHECK-DAG: #[[D4T:.*]] = #ttg.blocked<{sizePerThread = [1, 1, 1, 1], threadsPerWarp = [1, 1, 1, 32], warpsPerCTA = [1, 2, 2, 1], order = [3, 2, 1, 0]}>
// CHECK-DAG: #[[D1:.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @trans_reshape
// CHECK-NEXT: %[[R:.*]] = tt.reshape %{{.*}} : tensor<32x32xi32, #[[D2]]> -> tensor<32x4x4x2xi32, #[[D4]]>
// The transposed layout goes back to the default one before the next
// reshape (the layout propagation later lets the chain keep the
// transposed one).
// CHECK-NEXT: %[[T:.*]] = tt.trans %[[R]] {order = array<i32: 1, 2, 3, 0>} : tensor<32x4x4x2xi32, #[[D4]]> -> tensor<4x4x2x32xi32, #[[T4]]>
// CHECK-NEXT: %[[C:.*]] = ttg.convert_layout %[[T]] : tensor<4x4x2x32xi32, #[[T4]]> -> tensor<4x4x2x32xi32, #[[D4T]]>
// CHECK-NEXT: %[[F:.*]] = tt.reshape %[[C]] : tensor<4x4x2x32xi32, #[[D4T]]> -> tensor<1024xi32, #[[D1]]>
// CHECK-NEXT: tt.return %[[F]]
tt.func @trans_reshape(%x: tensor<32x32xi32>) -> tensor<1024xi32> {
  %r = tt.reshape %x : tensor<32x32xi32> -> tensor<32x4x4x2xi32>
  %t = tt.trans %r {order = array<i32: 1, 2, 3, 0>} : tensor<32x4x4x2xi32> -> tensor<4x4x2x32xi32>
  %f = tt.reshape %t : tensor<4x4x2x32xi32> -> tensor<1024xi32>
  tt.return %f : tensor<1024xi32>
}

// -----

// Tensors smaller than the CTA: lanes and warps beyond the elements hold
// copies in both layouts.
// CHECK-DAG: #[[SMALL:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[FLAT:.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @small
// CHECK-NEXT: %[[R:.*]] = tt.reshape %{{.*}} : tensor<2x4xf32, #[[SMALL]]> -> tensor<8xf32, #[[FLAT]]>
// CHECK-NEXT: tt.return %[[R]]
tt.func @small(%x: tensor<2x4xf32>) -> tensor<8xf32> {
  %r = tt.reshape %x : tensor<2x4xf32> -> tensor<8xf32>
  tt.return %r : tensor<8xf32>
}

// -----

// Unit dimensions inserted in between.
// CHECK-DAG: #[[FLAT:.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[UNIT:.*]] = #ttg.blocked<{sizePerThread = [1, 1, 1, 1], threadsPerWarp = [1, 2, 1, 16], warpsPerCTA = [1, 4, 1, 1], order = [3, 2, 1, 0]}>
// CHECK-LABEL: tt.func @unit_dims
// CHECK-NEXT: %[[R:.*]] = tt.reshape %{{.*}} : tensor<256xf32, #[[FLAT]]> -> tensor<1x16x1x16xf32, #[[UNIT]]>
// CHECK-NEXT: tt.return %[[R]]
tt.func @unit_dims(%x: tensor<256xf32>) -> tensor<1x16x1x16xf32> {
  %r = tt.reshape %x : tensor<256xf32> -> tensor<1x16x1x16xf32>
  tt.return %r : tensor<1x16x1x16xf32>
}

// -----

// A reshape that may reorder its elements gets the same layout, the order
// that moves no data; the reduction over it takes a slice of it.
// CHECK-DAG: #[[IN:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
// CHECK-DAG: #[[SPLIT:.*]] = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 1, 32], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]}>
// CHECK-LABEL: tt.func @reorder
// CHECK-NEXT: %[[R:.*]] = tt.reshape %{{.*}} allow_reorder : tensor<64x128xf32, #[[IN]]> -> tensor<64x4x32xf32, #[[SPLIT]]>
// CHECK-NEXT: "tt.reduce"(%[[R]])
tt.func @reorder(%x: tensor<64x128xf32>) -> tensor<64x4xf32> {
  %r = tt.reshape %x allow_reorder : tensor<64x128xf32> -> tensor<64x4x32xf32>
  %s = "tt.reduce"(%r) <{axis = 2 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %m = arith.addf %a, %b : f32
    tt.reduce.return %m : f32
  }) : (tensor<64x4x32xf32>) -> tensor<64x4xf32>
  tt.return %s : tensor<64x4xf32>
}
