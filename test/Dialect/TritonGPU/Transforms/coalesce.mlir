// RUN: tt-opt %s -split-input-file --tritongpu-coalesce | FileCheck %s

// 16-byte aligned f32 pointers with contiguous offsets: 4 elements per
// thread (128-bit accesses); operands converted, the result converted back.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK: #[[V4:.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
  // CHECK-LABEL: tt.func @aligned
  tt.func @aligned(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}) -> tensor<1024xf32, #blocked> {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %s = tt.splat %p : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %q = tt.addptr %s, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    // CHECK: %[[P:.*]] = ttg.convert_layout %{{.*}} -> tensor<1024x!tt.ptr<f32>, #[[V4]]>
    // CHECK: %[[L:.*]] = tt.load %[[P]] : tensor<1024x!tt.ptr<f32>, #[[V4]]>
    // CHECK: ttg.convert_layout %[[L]] : tensor<1024xf32, #[[V4]]> -> tensor<1024xf32, #{{.*}}>
    %v = tt.load %q : tensor<1024x!tt.ptr<f32>, #blocked>
    tt.return %v : tensor<1024xf32, #blocked>
  }
}

// -----

// Without a divisibility hint the alignment is unknown: the layout stays.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @unaligned
  // CHECK-NOT: convert_layout
  // CHECK: tt.load
  tt.func @unaligned(%p: !tt.ptr<f32>) -> tensor<1024xf32, #blocked> {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %s = tt.splat %p : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %q = tt.addptr %s, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %v = tt.load %q : tensor<1024x!tt.ptr<f32>, #blocked>
    tt.return %v : tensor<1024xf32, #blocked>
  }
}

// -----

// A row-major 2-D tile of f16: the contiguous dimension (1) comes first in
// the order and gets 8 elements (16 bytes) per thread.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#sl = #ttg.slice<{dim = 0, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK: #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
  // CHECK-LABEL: tt.func @tile
  tt.func @tile(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}) -> tensor<64x64xf16, #blocked> {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #sl>
    %e = tt.expand_dims %r {axis = 0 : i32} : tensor<64xi32, #sl> -> tensor<1x64xi32, #blocked>
    %b = tt.broadcast %e : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %s = tt.splat %p : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked>
    %q = tt.addptr %s, %b : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
    %v = tt.load %q : tensor<64x64x!tt.ptr<f16>, #blocked>
    tt.return %v : tensor<64x64xf16, #blocked>
  }
}
