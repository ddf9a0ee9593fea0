// RUN: tt-opt %s -split-input-file --tritongpu-coalesce | FileCheck %s

// Tensor-descriptor loads and stores get 16 bytes per thread along the
// block's rows, as upstream's coalesce gives them: a 128x256 fp8 load over
// 8 warps is sizePerThread [1, 16] with 16 lanes per row, a 128x256 f16
// store [1, 8] with 32 lanes per row. The users see the old layout through
// a conversion.
// CHECK-DAG: #[[LOAD:.*]] = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0]}>
// CHECK-DAG: #[[STORE:.*]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 8], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @descriptors(
  // CHECK: %[[L:.*]] = tt.descriptor_load %{{.*}} -> tensor<128x256xf8E4M3FN, #[[LOAD]]>
  // CHECK: ttg.convert_layout %[[L]] : tensor<128x256xf8E4M3FN, #[[LOAD]]> -> tensor<128x256xf8E4M3FN, #blocked>
  // CHECK: %[[S:.*]] = ttg.convert_layout %{{.*}} : tensor<128x256xf16, #blocked> -> tensor<128x256xf16, #[[STORE]]>
  // CHECK: tt.descriptor_store %{{.*}}, %[[S]] : !tt.tensordesc<tensor<128x256xf16>>, tensor<128x256xf16, #[[STORE]]>
  tt.func @descriptors(%a: !tt.tensordesc<tensor<128x256xf8E4M3FN>>, %c: !tt.tensordesc<tensor<128x256xf16>>, %i: i32, %v: tensor<128x256xf16, #blocked>) -> tensor<128x256xf8E4M3FN, #blocked> {
    %t = tt.descriptor_load %a[%i, %i] : !tt.tensordesc<tensor<128x256xf8E4M3FN>> -> tensor<128x256xf8E4M3FN, #blocked>
    tt.descriptor_store %c[%i, %i], %v : !tt.tensordesc<tensor<128x256xf16>>, tensor<128x256xf16, #blocked>
    tt.return %t : tensor<128x256xf8E4M3FN, #blocked>
  }
}

// -----

// A small block (64 f32 over 4 warps): fewer elements than 16 bytes' worth
// per thread, so one per thread.
// CHECK-DAG: #[[SMALL:.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @small(
  // CHECK: tt.descriptor_load %{{.*}} -> tensor<64xf32, #[[SMALL]]>
  tt.func @small(%a: !tt.tensordesc<tensor<64xf32>>, %i: i32) -> tensor<64xf32, #blocked> {
    %t = tt.descriptor_load %a[%i] : !tt.tensordesc<tensor<64xf32>> -> tensor<64xf32, #blocked>
    tt.return %t : tensor<64xf32, #blocked>
  }
}
