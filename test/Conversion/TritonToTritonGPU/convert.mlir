// RUN: tt-opt %s -split-input-file --convert-triton-to-tritongpu="num-warps=4 target=cuda:90" -verify-diagnostics | FileCheck %s

// Default layouts: one element per thread, lanes then warps from the fastest
// dimension; launch attributes on the module.
// CHECK-DAG: #[[B1D:.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[B2D:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
// CHECK-DAG: #[[B2DS:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32}
// CHECK-LABEL: tt.func @shapes
tt.func @shapes(%p: !tt.ptr<f32>) {
  // CHECK: tt.make_range {{.*}} : tensor<128xi32, #[[B1D]]>
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  // CHECK: %[[C:.*]] = arith.constant dense<1.000000e+00> : tensor<64x256xf32, #[[B2D]]>
  %c = arith.constant dense<1.0> : tensor<64x256xf32>
  // CHECK: arith.constant dense<0> : tensor<16x8xi32, #[[B2DS]]>
  %z = arith.constant dense<0> : tensor<16x8xi32>
  tt.return
}

// -----

// expand_dims takes a slice of its result's layout; reductions give a slice
// of their operand's; both through ttg.convert_layout where the defaults
// differ.
// CHECK-LABEL: tt.func @tied
tt.func @tied(%x: tensor<64x128xf32>) -> tensor<64xf32> {
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  // CHECK: %[[S:.*]] = ttg.convert_layout %{{.*}} : tensor<64xi32, #{{.*}}> -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #[[P:.*]]}>>
  // CHECK: tt.expand_dims %[[S]] {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #[[P]]}>> -> tensor<64x1xi32, #[[P]]>
  %e = tt.expand_dims %r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  // CHECK: %[[RED:.*]] = "tt.reduce"
  // CHECK: -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #{{.*}}}>>
  // CHECK: ttg.convert_layout %[[RED]]
  %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %m = arith.addf %a, %b : f32
    tt.reduce.return %m : f32
  }) : (tensor<64x128xf32>) -> tensor<64xf32>
  tt.return %s : tensor<64xf32>
}

// -----

// dot operands get #ttg.dot_op layouts of the accumulator's.
// CHECK-LABEL: tt.func @dot
tt.func @dot(%a: tensor<32x16xf16>, %b: tensor<16x32xf16>, %c: tensor<32x32xf32>) -> tensor<32x32xf32> {
  // CHECK: ttg.convert_layout %{{.*}} -> tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #[[ACC:.*]]}>>
  // CHECK: ttg.convert_layout %{{.*}} -> tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #[[ACC]]}>>
  // CHECK: tt.dot {{.*}} -> tensor<32x32xf32, #[[ACC]]>
  %d = tt.dot %a, %b, %c : tensor<32x16xf16> * tensor<16x32xf16> -> tensor<32x32xf32>
  tt.return %d : tensor<32x32xf32>
}

// -----

// split needs both halves of the last dimension in each thread: the default
// layout of a [128, 2] tensor spreads them over two lanes, so the operand is
// converted to one holding [1, 2] per thread first.
// CHECK-DAG: #[[PAIRS:.*]] = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @split_pairs
// CHECK: %[[C:.*]] = ttg.convert_layout %{{.*}} : tensor<128x2xi32, #{{.*}}> -> tensor<128x2xi32, #[[PAIRS]]>
// CHECK: tt.split %[[C]] : tensor<128x2xi32, #[[PAIRS]]> -> tensor<128xi32, #{{.*}}>
tt.func @split_pairs(%x: tensor<256xi32>) -> tensor<128xi32> {
  %p = tt.reshape %x : tensor<256xi32> -> tensor<128x2xi32>
  %a, %b = tt.split %p : tensor<128x2xi32> -> tensor<128xi32>
  %s = arith.addi %a, %b : tensor<128xi32>
  tt.return %s : tensor<128xi32>
}

// -----

// A dot's result is laid out in register blocks, as upstream lays it out:
// 4x4 per thread when each thread holds at least 16 elements, 2x2 from 4,
// else 1x1; the operands take the dot_op layouts of that parent. (A dot on
// FMA units reuses each loaded operand element across the block.)
// CHECK-DAG: #[[B44:.*]] = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[B22:.*]] = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @dot_blocks
// CHECK: tt.dot {{.*}} : tensor<128x32xf32, #ttg.dot_op<{opIdx = 0, parent = #[[B44]]}>> * tensor<32x128xf32, #ttg.dot_op<{opIdx = 1, parent = #[[B44]]}>> -> tensor<128x128xf32, #[[B44]]>
// CHECK: tt.dot {{.*}} -> tensor<32x32xf32, #[[B22]]>
tt.func @dot_blocks(%a: tensor<128x32xf32>, %b: tensor<32x128xf32>, %c: tensor<128x128xf32>,
                    %d: tensor<32x16xf32>, %e: tensor<16x32xf32>, %f: tensor<32x32xf32>) -> (tensor<128x128xf32>, tensor<32x32xf32>) {
  %0 = tt.dot %a, %b, %c, inputPrecision = ieee : tensor<128x32xf32> * tensor<32x128xf32> -> tensor<128x128xf32>
  %1 = tt.dot %d, %e, %f, inputPrecision = ieee : tensor<32x16xf32> * tensor<16x32xf32> -> tensor<32x32xf32>
  tt.return %0, %1 : tensor<128x128xf32>, tensor<32x32xf32>
}
