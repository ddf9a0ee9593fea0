// RUN: tt-opt %s -split-input-file --tritongpu-remove-layout-conversions | FileCheck %s

#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // The load's layout flows into the arithmetic and the reduction; the
  // pointer chain is recomputed in the store's layout: no conversion left.
  // CHECK-LABEL: tt.func @propagate
  // CHECK-NOT: ttg.convert_layout
  // CHECK: tt.load {{.*}} #[[L:blocked[0-9]*]]>
  // CHECK: arith.mulf {{.*}} : tensor<512xf32, #[[L]]>
  // CHECK: "tt.reduce"
  // CHECK: (tensor<512xf32, #[[L]]>) -> f32
  // CHECK-NOT: ttg.convert_layout
  tt.func @propagate(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %o: !tt.ptr<f32>) {
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #b1>
    %s = tt.splat %p : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #b1>
    %q = tt.addptr %s, %r : tensor<512x!tt.ptr<f32>, #b1>, tensor<512xi32, #b1>
    %q4 = ttg.convert_layout %q : tensor<512x!tt.ptr<f32>, #b1> -> tensor<512x!tt.ptr<f32>, #b4>
    %v4 = tt.load %q4 : tensor<512x!tt.ptr<f32>, #b4>
    %v = ttg.convert_layout %v4 : tensor<512xf32, #b4> -> tensor<512xf32, #b1>
    %sq = arith.mulf %v, %v : tensor<512xf32, #b1>
    %sum = "tt.reduce"(%sq) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %c = arith.addf %a, %b : f32
      tt.reduce.return %c : f32
    }) : (tensor<512xf32, #b1>) -> f32
    %os = tt.splat %o : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #b1>
    %oq = tt.addptr %os, %r : tensor<512x!tt.ptr<f32>, #b1>, tensor<512xi32, #b1>
    %oq4 = ttg.convert_layout %oq : tensor<512x!tt.ptr<f32>, #b1> -> tensor<512x!tt.ptr<f32>, #b4>
    %sq4 = ttg.convert_layout %sq : tensor<512xf32, #b1> -> tensor<512xf32, #b4>
    tt.store %oq4, %sq4 : tensor<512x!tt.ptr<f32>, #b4>
    tt.store %o, %sum : !tt.ptr<f32>
    tt.return
  }
}

// -----

#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // A conversion of a loaded value feeding a function result cannot be
  // recomputed (loads are never duplicated): it stays.
  // CHECK-LABEL: tt.func @keep
  // CHECK: %[[V:.*]] = tt.load
  // CHECK: ttg.convert_layout %[[V]]
  tt.func @keep(%p: tensor<512x!tt.ptr<f32>, #b4>) -> tensor<512xf32, #b1> {
    %v4 = tt.load %p : tensor<512x!tt.ptr<f32>, #b4>
    %v = ttg.convert_layout %v4 : tensor<512xf32, #b4> -> tensor<512xf32, #b1>
    tt.return %v : tensor<512xf32, #b1>
  }
}
