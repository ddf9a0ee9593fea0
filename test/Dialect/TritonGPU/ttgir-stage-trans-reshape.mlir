// RUN: tt-opt %s --tt-ttgir="target=cuda:90 num-warps=4 num-stages=3" | FileCheck %s

// The TTGIR stage on upstream's test_trans_reshape kernel: a [32, 32] tile
// reshaped to [32, 4, 4, 2], permuted to [4, 4, 2, 32] and flattened, i.e.
// transposed. The load's coalesced layout flows through both reshapes and
// the permutation, each keeping every element in its thread, and the
// flattened tensor converts once to the store's layout (upstream's test
// asserts exactly one ttg.convert_layout).
// CHECK-DAG: #[[LD:.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[R4:.*]] = #ttg.blocked<{sizePerThread = [1, 1, 2, 2], threadsPerWarp = [4, 4, 2, 1], warpsPerCTA = [4, 1, 1, 1], order = [3, 2, 1, 0]}>
// CHECK-DAG: #[[T4:.*]] = #ttg.blocked<{sizePerThread = [1, 2, 2, 1], threadsPerWarp = [4, 2, 1, 4], warpsPerCTA = [1, 1, 1, 4], order = [2, 1, 0, 3]}>
// CHECK-DAG: #[[FLAT:.*]] = #ttg.linear<{register = {{\[}}[32], [64], [16]], lane = {{\[}}[128], [256], [512], [1], [2]], warp = {{\[}}[4], [8]], block = []}>
// CHECK-DAG: #[[ST:.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func public @trans_reshape
// CHECK-NOT: ttg.convert_layout
// CHECK: %[[X:.*]] = tt.load %{{.*}} : tensor<32x32x!tt.ptr<i32>, #[[LD]]>
// CHECK-NOT: ttg.convert_layout
// CHECK: %[[R:.*]] = tt.reshape %[[X]] : tensor<32x32xi32, #[[LD]]> -> tensor<32x4x4x2xi32, #[[R4]]>
// CHECK-NOT: ttg.convert_layout
// CHECK: %[[T:.*]] = tt.trans %[[R]] {{.*}} -> tensor<4x4x2x32xi32, #[[T4]]>
// CHECK-NOT: ttg.convert_layout
// CHECK: %[[F:.*]] = tt.reshape %[[T]] : tensor<4x4x2x32xi32, #[[T4]]> -> tensor<1024xi32, #[[FLAT]]>
// CHECK-NOT: ttg.convert_layout
// CHECK: %[[S:.*]] = ttg.convert_layout %[[F]] : tensor<1024xi32, #[[FLAT]]> -> tensor<1024xi32, #[[ST]]>
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.store %{{.*}}, %[[S]] : tensor<1024x!tt.ptr<i32>, #[[ST]]>
module {
  tt.func public @trans_reshape(%in: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %out: !tt.ptr<i32> {tt.divisibility = 16 : i32}) {
    %c32 = arith.constant dense<32> : tensor<32x1xi32>
    %rows = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %r2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %rs = arith.muli %r2, %c32 : tensor<32x1xi32>
    %rb = tt.broadcast %rs : tensor<32x1xi32> -> tensor<32x32xi32>
    %c2 = tt.expand_dims %rows {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %cb = tt.broadcast %c2 : tensor<1x32xi32> -> tensor<32x32xi32>
    %offs = arith.addi %rb, %cb : tensor<32x32xi32>
    %base = tt.splat %in : !tt.ptr<i32> -> tensor<32x32x!tt.ptr<i32>>
    %ptrs = tt.addptr %base, %offs : tensor<32x32x!tt.ptr<i32>>, tensor<32x32xi32>
    %x = tt.load %ptrs : tensor<32x32x!tt.ptr<i32>>
    %x4 = tt.reshape %x : tensor<32x32xi32> -> tensor<32x4x4x2xi32>
    %t = tt.trans %x4 {order = array<i32: 1, 2, 3, 0>} : tensor<32x4x4x2xi32> -> tensor<4x4x2x32xi32>
    %f = tt.reshape %t : tensor<4x4x2x32xi32> -> tensor<1024xi32>
    %idx = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %obase = tt.splat %out : !tt.ptr<i32> -> tensor<1024x!tt.ptr<i32>>
    %optrs = tt.addptr %obase, %idx : tensor<1024x!tt.ptr<i32>>, tensor<1024xi32>
    tt.store %optrs, %f : tensor<1024x!tt.ptr<i32>>
    tt.return
  }
}
