// Options: forced 16x16 tiles and kPack = 2 (8 K elements per lane).
// RUN: tt-opt %s --tritonamdgpu-accelerate-matmul="matrix-instruction-size=16 kPack=2" | FileCheck %s
// The architecture option wins over the module's target.
// RUN: tt-opt %s --tritonamdgpu-accelerate-matmul="gfx-arch=gfx90a" | FileCheck %s --check-prefix=ARCH

// CHECK: #[[MFMA:.*]] = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [16, 16, 16], isTransposed = true}>
// CHECK: tt.dot {{.*}}#ttg.dot_op<{opIdx = 0, parent = #[[MFMA]], kWidth = 8}>
// ARCH: #ttg.amd_mfma<{version = 2,
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 64], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @dot(%a: tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}
