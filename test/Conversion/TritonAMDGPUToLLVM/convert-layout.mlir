// RUN: tt-opt %s -split-input-file --convert-scf-to-cf --convert-triton-amdgpu-to-llvm | FileCheck %s

// AMD never takes the stmatrix path, even for a layout of the accumulator
// arrangement it needs (wave32, 16-bit pairs, 4 lanes per 8-column row, 8
// rows per matrix; with ttg.target = "cuda:90" it takes stmatrix): the
// conversion, which crosses the two warps (rows 16-31 are the second
// warp's on one side, every warp's on the other), stays on the row-major
// buffer (rows of 32 bytes are not padded: 1024 bytes), 4-byte stores and
// 16-byte loads.
#acc = #ttg.linear<{register = [[0, 1], [8, 0], [0, 8]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0]], block = []}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 2], warpsPerCTA = [1, 2], order = [1, 0]}>
// CHECK: llvm.mlir.global internal @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<1024 x i8>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "hip:gfx1100", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @accumulator(
  // CHECK-NOT: stmatrix
  // CHECK-COUNT-4: llvm.store %{{.*}} {alignment = 4 : i64} : i32, !llvm.ptr<3>
  // CHECK-NOT: stmatrix
  // CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xi32>
  // CHECK-NOT: stmatrix
  tt.func public @accumulator(%c: tensor<32x16xf16, #acc>, %p: tensor<32x16x!tt.ptr<f16>, #blocked>) {
    %cv = ttg.convert_layout %c : tensor<32x16xf16, #acc> -> tensor<32x16xf16, #blocked>
    tt.store %p, %cv : tensor<32x16x!tt.ptr<f16>, #blocked>
    tt.return
  }
}

// -----

// In one warp the same conversion never leaves the warp: lane permutes
// (ds_bpermute) of 32-bit words, two halves each, no LDS buffer, no barrier.
#acc = #ttg.linear<{register = [[0, 1], [8, 0], [0, 8]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 2], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx1100", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @one_warp(
  // CHECK-NOT: llvm.store {{.*}} !llvm.ptr<3>
  // CHECK-NOT: rocdl.barrier
  // CHECK: rocdl.ds_bpermute
  // CHECK-NOT: llvm.store {{.*}} !llvm.ptr<3>
  // CHECK-NOT: rocdl.barrier
  tt.func public @one_warp(%c: tensor<16x16xf16, #acc>, %p: tensor<16x16x!tt.ptr<f16>, #blocked>) {
    %cv = ttg.convert_layout %c : tensor<16x16xf16, #acc> -> tensor<16x16xf16, #blocked>
    tt.store %p, %cv : tensor<16x16x!tt.ptr<f16>, #blocked>
    tt.return
  }
}
