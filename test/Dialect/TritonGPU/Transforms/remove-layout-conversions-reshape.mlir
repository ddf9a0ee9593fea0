// RUN: tt-opt %s -split-input-file --tritongpu-remove-layout-conversions | FileCheck %s

// Layouts flow through tt.reshape (when it keeps the element order) and
// tt.trans: each takes the layout the ttg dialect infers from its operand's,
// so the chain moves no data, and only what leaves it converts.

// The kernel of upstream's test_trans_reshape after coalescing: a [32, 32]
// tile loaded 4 elements per thread, reshaped to [32, 4, 4, 2], permuted to
// [4, 4, 2, 32], flattened and stored. The load's layout reaches the
// flattened tensor (a #ttg.linear layout: no blocked layout holds those
// elements), which converts once to the store's layout.
#ld = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#d2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#d4 = #ttg.blocked<{sizePerThread = [1, 1, 1, 1], threadsPerWarp = [1, 4, 4, 2], warpsPerCTA = [4, 1, 1, 1], order = [3, 2, 1, 0]}>
#t4 = #ttg.blocked<{sizePerThread = [1, 1, 1, 1], threadsPerWarp = [4, 4, 2, 1], warpsPerCTA = [1, 1, 1, 4], order = [2, 1, 0, 3]}>
#d4t = #ttg.blocked<{sizePerThread = [1, 1, 1, 1], threadsPerWarp = [1, 1, 1, 32], warpsPerCTA = [1, 2, 2, 1], order = [3, 2, 1, 0]}>
#d1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#st = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-DAG: #[[LD:.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
  // CHECK-DAG: #[[R4:.*]] = #ttg.blocked<{sizePerThread = [1, 1, 2, 2], threadsPerWarp = [4, 4, 2, 1], warpsPerCTA = [4, 1, 1, 1], order = [3, 2, 1, 0]}>
  // CHECK-DAG: #[[T4:.*]] = #ttg.blocked<{sizePerThread = [1, 2, 2, 1], threadsPerWarp = [4, 2, 1, 4], warpsPerCTA = [1, 1, 1, 4], order = [2, 1, 0, 3]}>
  // CHECK-DAG: #[[FLAT:.*]] = #ttg.linear<{register = {{\[}}[32], [64], [16]], lane = {{\[}}[128], [256], [512], [1], [2]], warp = {{\[}}[4], [8]], block = []}>
  // CHECK-DAG: #[[ST:.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
  // CHECK-LABEL: tt.func @trans_reshape
  // CHECK: %[[X:.*]] = tt.load %{{.*}} : tensor<32x32x!tt.ptr<i32>, #[[LD]]>
  // CHECK-NOT: ttg.convert_layout
  // CHECK: %[[R:.*]] = tt.reshape %[[X]] : tensor<32x32xi32, #[[LD]]> -> tensor<32x4x4x2xi32, #[[R4]]>
  // CHECK: %[[T:.*]] = tt.trans %[[R]] {order = array<i32: 1, 2, 3, 0>} : tensor<32x4x4x2xi32, #[[R4]]> -> tensor<4x4x2x32xi32, #[[T4]]>
  // CHECK: %[[F:.*]] = tt.reshape %[[T]] : tensor<4x4x2x32xi32, #[[T4]]> -> tensor<1024xi32, #[[FLAT]]>
  // CHECK: %[[S:.*]] = ttg.convert_layout %[[F]] : tensor<1024xi32, #[[FLAT]]> -> tensor<1024xi32, #[[ST]]>
  // CHECK-NOT: ttg.convert_layout
  // CHECK: tt.store %{{.*}}, %[[S]] : tensor<1024x!tt.ptr<i32>, #[[ST]]>
  tt.func @trans_reshape(%p: tensor<32x32x!tt.ptr<i32>, #ld>, %q: tensor<1024x!tt.ptr<i32>, #st>) {
    %x = tt.load %p : tensor<32x32x!tt.ptr<i32>, #ld>
    %c = ttg.convert_layout %x : tensor<32x32xi32, #ld> -> tensor<32x32xi32, #d2>
    %r = tt.reshape %c : tensor<32x32xi32, #d2> -> tensor<32x4x4x2xi32, #d4>
    %t = tt.trans %r {order = array<i32: 1, 2, 3, 0>} : tensor<32x4x4x2xi32, #d4> -> tensor<4x4x2x32xi32, #t4>
    %ct = ttg.convert_layout %t : tensor<4x4x2x32xi32, #t4> -> tensor<4x4x2x32xi32, #d4t>
    %f = tt.reshape %ct : tensor<4x4x2x32xi32, #d4t> -> tensor<1024xi32, #d1>
    %s = ttg.convert_layout %f : tensor<1024xi32, #d1> -> tensor<1024xi32, #st>
    tt.store %q, %s : tensor<1024x!tt.ptr<i32>, #st>
    tt.return
  }
}

// -----

// Backward: offsets computed as a reshaped range are recomputed in the
// load's layout. The range takes the layout the reshape infers back from
// the wanted one (4 consecutive elements per thread), and no conversion is
// left.
#ld = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#d2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#d1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-DAG: #[[LD:.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
  // CHECK-DAG: #[[V4:.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
  // CHECK-LABEL: tt.func @range_reshape
  // CHECK-NOT: ttg.convert_layout
  // CHECK: %[[I:.*]] = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #[[V4]]>
  // CHECK: %[[I2:.*]] = tt.reshape %[[I]] : tensor<1024xi32, #[[V4]]> -> tensor<32x32xi32, #[[LD]]>
  // CHECK: tt.addptr %{{.*}}, %[[I2]] : tensor<32x32x!tt.ptr<f32>, #[[LD]]>, tensor<32x32xi32, #[[LD]]>
  // CHECK-NOT: ttg.convert_layout
  tt.func @range_reshape(%p: !tt.ptr<f32>) -> tensor<32x32xf32, #ld> {
    %i = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #d1>
    %i2 = tt.reshape %i : tensor<1024xi32, #d1> -> tensor<32x32xi32, #d2>
    %c = ttg.convert_layout %i2 : tensor<32x32xi32, #d2> -> tensor<32x32xi32, #ld>
    %s = tt.splat %p : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>, #ld>
    %a = tt.addptr %s, %c : tensor<32x32x!tt.ptr<f32>, #ld>, tensor<32x32xi32, #ld>
    %v = tt.load %a : tensor<32x32x!tt.ptr<f32>, #ld>
    tt.return %v : tensor<32x32xf32, #ld>
  }
}

// -----

// A reshape feeding a reduction: the load's 4-wide layout reaches the
// reshaped rows and the reduction runs in it; only the row sums convert to
// the store's layout.
#b4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#d2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-DAG: #[[B4:.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
  // CHECK-DAG: #[[ROWS:.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
  // CHECK-LABEL: tt.func @reshape_reduce
  // CHECK: %[[X:.*]] = tt.load %{{.*}} : tensor<4096x!tt.ptr<f32>, #[[B4]]>
  // CHECK-NOT: ttg.convert_layout
  // CHECK: %[[R:.*]] = tt.reshape %[[X]] : tensor<4096xf32, #[[B4]]> -> tensor<8x512xf32, #[[ROWS]]>
  // CHECK: "tt.reduce"(%[[R]])
  // CHECK: (tensor<8x512xf32, #[[ROWS]]>) -> tensor<8xf32, #ttg.slice<{dim = 1, parent = #[[ROWS]]}>>
  // CHECK: ttg.convert_layout %{{.*}} : tensor<8xf32, #ttg.slice<{dim = 1, parent = #[[ROWS]]}>> -> tensor<8xf32, #{{.*}}>
  // CHECK-NOT: ttg.convert_layout
  // CHECK: tt.store
  tt.func @reshape_reduce(%p: tensor<4096x!tt.ptr<f32>, #b4>, %q: tensor<8x!tt.ptr<f32>, #b1>) {
    %x = tt.load %p : tensor<4096x!tt.ptr<f32>, #b4>
    %c = ttg.convert_layout %x : tensor<4096xf32, #b4> -> tensor<4096xf32, #b1>
    %r = tt.reshape %c : tensor<4096xf32, #b1> -> tensor<8x512xf32, #d2>
    %s = "tt.reduce"(%r) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %m = arith.addf %a, %b : f32
      tt.reduce.return %m : f32
    }) : (tensor<8x512xf32, #d2>) -> tensor<8xf32, #ttg.slice<{dim = 1, parent = #d2}>>
    %cs = ttg.convert_layout %s : tensor<8xf32, #ttg.slice<{dim = 1, parent = #d2}>> -> tensor<8xf32, #b1>
    tt.store %q, %cs : tensor<8x!tt.ptr<f32>, #b1>
    tt.return
  }
}

// -----

// A reshape that may reorder its elements takes the load's layout too:
// keeping every element where it is is one of the orders it allows, and
// the reduction over the split-off dimension stays within each thread.
#b4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#d3 = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 1, 32], warpsPerCTA = [1, 1, 4], order = [2, 1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-DAG: #[[B4:.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
  // CHECK-DAG: #[[LOCAL:.*]] = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [1, 32, 1], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]}>
  // CHECK-LABEL: tt.func @reorder_follows
  // CHECK: %[[X:.*]] = tt.load %{{.*}} : tensor<4096x!tt.ptr<f32>, #[[B4]]>
  // CHECK-NOT: ttg.convert_layout
  // CHECK: %[[R:.*]] = tt.reshape %[[X]] allow_reorder : tensor<4096xf32, #[[B4]]> -> tensor<8x128x4xf32, #[[LOCAL]]>
  // CHECK: "tt.reduce"(%[[R]]) <{axis = 2 : i32}>
  // CHECK: (tensor<8x128x4xf32, #[[LOCAL]]>) -> tensor<8x128xf32, #ttg.slice<{dim = 2, parent = #[[LOCAL]]}>>
  tt.func @reorder_follows(%p: tensor<4096x!tt.ptr<f32>, #b4>) -> tensor<8x128xf32, #ttg.slice<{dim = 2, parent = #d3}>> {
    %x = tt.load %p : tensor<4096x!tt.ptr<f32>, #b4>
    %c = ttg.convert_layout %x : tensor<4096xf32, #b4> -> tensor<4096xf32, #b1>
    %r = tt.reshape %c allow_reorder : tensor<4096xf32, #b1> -> tensor<8x128x4xf32, #d3>
    %s = "tt.reduce"(%r) <{axis = 2 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %m = arith.maxnumf %a, %b : f32
      tt.reduce.return %m : f32
    }) : (tensor<8x128x4xf32, #d3>) -> tensor<8x128xf32, #ttg.slice<{dim = 2, parent = #d3}>>
    tt.return %s : tensor<8x128xf32, #ttg.slice<{dim = 2, parent = #d3}>>
  }
}

// -----

// A reshape whose layout was chosen on purpose (efficient_layout, as
// tritongpu-optimize-thread-locality sets it) keeps it: the load's layout
// stops there, and the conversion in front of it stays.
#b4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#d2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-DAG: #[[B4:.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
  // CHECK-DAG: #[[B1:.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
  // CHECK-DAG: #[[D2:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
  // CHECK-LABEL: tt.func @efficient_kept
  // CHECK: %[[X:.*]] = tt.load %{{.*}} : tensor<4096x!tt.ptr<f32>, #[[B4]]>
  // CHECK: %[[C:.*]] = ttg.convert_layout %[[X]] : tensor<4096xf32, #[[B4]]> -> tensor<4096xf32, #[[B1]]>
  // CHECK: tt.reshape %[[C]] allow_reorder efficient_layout : tensor<4096xf32, #[[B1]]> -> tensor<8x512xf32, #[[D2]]>
  tt.func @efficient_kept(%p: tensor<4096x!tt.ptr<f32>, #b4>) -> tensor<8xf32, #ttg.slice<{dim = 1, parent = #d2}>> {
    %x = tt.load %p : tensor<4096x!tt.ptr<f32>, #b4>
    %c = ttg.convert_layout %x : tensor<4096xf32, #b4> -> tensor<4096xf32, #b1>
    %r = tt.reshape %c allow_reorder efficient_layout : tensor<4096xf32, #b1> -> tensor<8x512xf32, #d2>
    %s = "tt.reduce"(%r) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %m = arith.maxnumf %a, %b : f32
      tt.reduce.return %m : f32
    }) : (tensor<8x512xf32, #d2>) -> tensor<8xf32, #ttg.slice<{dim = 1, parent = #d2}>>
    tt.return %s : tensor<8xf32, #ttg.slice<{dim = 1, parent = #d2}>>
  }
}
