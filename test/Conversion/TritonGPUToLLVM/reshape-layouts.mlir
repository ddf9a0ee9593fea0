// RUN: tt-opt %s --tt-llir -split-input-file | FileCheck %s

// A reshape of a column-major tile gives a #ttg.linear layout (no blocked
// layout holds those elements), and what consumes the reshape works in it.
// Reducing over dimension 1 takes the slice of the linear layout: its
// parent is read over a size-1 dimension 1, so the bases along it wrap to
// copies. Here the 8 elements of a row in each thread (register bases along
// dimension 1) add up first, lane bit 4 (the only lane basis along
// dimension 1) takes one butterfly shuffle at distance 16 per row, and the
// warps (both along dimension 1) combine through shared memory.
#lin = #ttg.linear<{register = [[0, 32], [1, 0], [0, 8], [0, 16]], lane = [[2, 0], [4, 0], [8, 0], [16, 0], [0, 1]], warp = [[0, 2], [0, 4]], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @reduce_linear(
  // CHECK-SAME: !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)>
  // CHECK: %[[D16:.*]] = llvm.mlir.constant(16 : i32) : i32
  // CHECK-COUNT-14: llvm.fadd
  // CHECK-NOT: nvvm.barrier0
  // CHECK: nvvm.shfl.sync bfly %{{.*}}, %{{.*}}, %[[D16]], %{{.*}} : i32 -> i32
  // CHECK-NOT: nvvm.barrier0
  // CHECK: nvvm.shfl.sync bfly %{{.*}}, %{{.*}}, %[[D16]], %{{.*}} : i32 -> i32
  // CHECK-NOT: nvvm.shfl.sync
  // CHECK: nvvm.barrier0
  tt.func public @reduce_linear(%x: tensor<32x64xf32, #lin>, %out: tensor<32x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #lin}>>) {
    %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %m = arith.addf %a, %b : f32
      tt.reduce.return %m : f32
    }) : (tensor<32x64xf32, #lin>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #lin}>>
    tt.store %out, %s : tensor<32x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #lin}>>
    tt.return
  }
}
