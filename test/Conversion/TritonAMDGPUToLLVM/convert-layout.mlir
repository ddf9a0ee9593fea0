// RUN: tt-opt %s --convert-scf-to-cf --convert-triton-amdgpu-to-llvm | FileCheck %s

// AMD never takes the stmatrix path, even for a layout of the accumulator
// arrangement it needs (wave32, 16-bit pairs, 4 lanes per 8-column row, 8
// rows per matrix; with ttg.target = "cuda:90" it takes one stmatrix x4):
// the conversion stays on the row-major buffer (rows of 32 bytes are not
// padded: 512 bytes), 4-byte stores and 16-byte loads.
#acc = #ttg.linear<{register = [[0, 1], [8, 0], [0, 8]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 2], warpsPerCTA = [1, 1], order = [1, 0]}>
// CHECK: llvm.mlir.global internal @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<512 x i8>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx1100", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @accumulator(
  // CHECK-NOT: stmatrix
  // CHECK-COUNT-4: llvm.store %{{.*}} {alignment = 4 : i64} : i32, !llvm.ptr<3>
  // CHECK-NOT: stmatrix
  // CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xi32>
  // CHECK-NOT: stmatrix
  tt.func public @accumulator(%c: tensor<16x16xf16, #acc>, %p: tensor<16x16x!tt.ptr<f16>, #blocked>) {
    %cv = ttg.convert_layout %c : tensor<16x16xf16, #acc> -> tensor<16x16xf16, #blocked>
    tt.store %p, %cv : tensor<16x16x!tt.ptr<f16>, #blocked>
    tt.return
  }
}
