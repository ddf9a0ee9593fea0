// RUN: tt-opt %s --tt-llir -split-input-file -verify-diagnostics | FileCheck %s

// A 1024-wide cumsum on 4 warps with 4 elements per thread: along the axis
// 2 register bits (R1), 5 lane bits, 2 warp bits, then 1 register bit (the
// layout repeats). Per chunk: 3 in-thread adds, 5 shfl.sync.up steps and one
// more for the exclusive prefix; then the warps' totals through shared
// memory, written by lane 31 only; the second chunk adds all four warp
// totals of the first, so 7 distinct slots are read.
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @cumsum(
  // CHECK-COUNT-3: llvm.add %{{.*}}, %{{.*}} : i32
  // CHECK: %[[UP:.*]] = nvvm.shfl.sync {{ *}}up %{{.*}}, %[[T:.*]], %{{.*}}, %{{.*}} : i32 -> i32
  // CHECK: %[[HAS:.*]] = llvm.icmp "uge" %{{.*}}, %{{.*}} : i32
  // CHECK: %[[A:.*]] = llvm.add %[[UP]], %[[T]] : i32
  // CHECK: llvm.select %[[HAS]], %[[A]], %[[T]] : i1, i32
  // CHECK-COUNT-5: nvvm.shfl.sync {{ *}}up
  // CHECK-COUNT-6: nvvm.shfl.sync {{ *}}up
  // CHECK-NOT: nvvm.shfl.sync
  // CHECK: %[[LAST:.*]] = llvm.icmp "eq" %{{.*}}, %{{.*}} : i32
  // CHECK: nvvm.barrier0
  // CHECK: "@$0 st.shared.b32 [ $1 + 0 ], $2;", "b,r,r" %[[LAST]],
  // CHECK: "@$0 st.shared.b32 [ $1 + 0 ], $2;", "b,r,r" %[[LAST]],
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-7: llvm.load %{{.*}} : !llvm.ptr<3> -> i32
  // CHECK-NOT: llvm.load
  // CHECK: llvm.return
  tt.func public @cumsum(%x: tensor<1024xi32, #blocked>, %out: tensor<1024x!tt.ptr<i32>, #blocked>) {
    %c = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: i32, %b: i32):
      %s = arith.addi %a, %b : i32
      tt.scan.return %s : i32
    }) : (tensor<1024xi32, #blocked>) -> tensor<1024xi32, #blocked>
    tt.store %out, %c : tensor<1024x!tt.ptr<i32>, #blocked>
    tt.return
  }
}

// -----

// reverse = true: the lane steps shuffle down, and the writer is lane 0.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @reverse(
  // CHECK-NOT: nvvm.shfl.sync {{ *}}up
  // CHECK-COUNT-6: nvvm.shfl.sync {{ *}}down
  // CHECK: nvvm.barrier0
  // CHECK: st.shared.b32
  // CHECK: nvvm.barrier0
  // CHECK: llvm.fmul
  tt.func public @reverse(%x: tensor<64xf32, #blocked>, %out: tensor<64x!tt.ptr<f32>, #blocked>) {
    %c = "tt.scan"(%x) <{axis = 0 : i32, reverse = true}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.mulf %a, %b : f32
      tt.scan.return %s : f32
    }) : (tensor<64xf32, #blocked>) -> tensor<64xf32, #blocked>
    tt.store %out, %c : tensor<64x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// One warp, the layout repeating 4 times along the axis (2 register bits
// above the lanes): no shared memory; each repetition's total comes from
// lane 31 by shfl.sync.idx and is carried into the next.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @repeat(
  // CHECK-COUNT-24: nvvm.shfl.sync {{ *}}up
  // CHECK-NOT: nvvm.barrier0
  // CHECK: nvvm.shfl.sync {{ *}}idx
  // CHECK-NOT: nvvm.barrier0
  // CHECK: llvm.return
  tt.func public @repeat(%x: tensor<128xi32, #blocked>, %out: tensor<128x!tt.ptr<i32>, #blocked>) {
    %c = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: i32, %b: i32):
      %s = arith.addi %a, %b : i32
      tt.scan.return %s : i32
    }) : (tensor<128xi32, #blocked>) -> tensor<128xi32, #blocked>
    tt.store %out, %c : tensor<128x!tt.ptr<i32>, #blocked>
    tt.return
  }
}

// -----

// A 2-D scan along axis 1 with two operands (a running argmax-style pair):
// only the 8 lanes along dim 1 shuffle (3 steps + 1), 4 warps run
// independent rows, so no shared memory.
#blocked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @rows(
  // CHECK-COUNT-8: nvvm.shfl.sync {{ *}}up
  // CHECK-NOT: nvvm.shfl.sync
  // CHECK-NOT: nvvm.barrier0
  // CHECK: llvm.return
  tt.func public @rows(%x: tensor<16x16xf32, #blocked>, %i: tensor<16x16xi32, #blocked>, %out: tensor<16x16x!tt.ptr<f32>, #blocked>, %outi: tensor<16x16x!tt.ptr<i32>, #blocked>) {
    %c:2 = "tt.scan"(%x, %i) <{axis = 1 : i32, reverse = false}> ({
    ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
      %gt = arith.cmpf ogt, %b, %a : f32
      %m = arith.select %gt, %b, %a : f32
      %mi = arith.select %gt, %bi, %ai : i32
      tt.scan.return %m, %mi : f32, i32
    }) : (tensor<16x16xf32, #blocked>, tensor<16x16xi32, #blocked>) -> (tensor<16x16xf32, #blocked>, tensor<16x16xi32, #blocked>)
    tt.store %out, %c#0 : tensor<16x16x!tt.ptr<f32>, #blocked>
    tt.store %outi, %c#1 : tensor<16x16x!tt.ptr<i32>, #blocked>
    tt.return
  }
}

// -----

// Warps below lanes along the axis: refused, never miscompiled.
#linear = #ttg.linear<{register = [], lane = [[2], [4], [8], [16], [32]], warp = [[1]], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @bad(%x: tensor<64xi32, #linear>, %out: tensor<64x!tt.ptr<i32>, #linear>) {
    // expected-error @+2 {{cannot lower a scan over this layout: along the axis, lanes must follow registers and warps follow lanes}}
    // expected-error @+1 {{failed to legalize}}
    %c = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: i32, %b: i32):
      %s = arith.addi %a, %b : i32
      tt.scan.return %s : i32
    }) : (tensor<64xi32, #linear>) -> tensor<64xi32, #linear>
    tt.store %out, %c : tensor<64x!tt.ptr<i32>, #linear>
    tt.return
  }
}
