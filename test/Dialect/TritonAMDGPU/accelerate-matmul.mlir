// RUN: tt-opt %s -split-input-file --tritonamdgpu-accelerate-matmul | FileCheck %s

// CDNA3: 32x32 MFMA tiles, transposed, warps spread 2x2, kWidth 4.
// CHECK: #[[MFMA:.*]] = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
// CHECK-LABEL: tt.func @mfma32
// CHECK: %[[A:.*]] = ttg.convert_layout %{{.*}} : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #{{.*}}}>> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #[[MFMA]], kWidth = 4}>>
// CHECK: %[[B:.*]] = ttg.convert_layout %{{.*}} -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #[[MFMA]], kWidth = 4}>>
// CHECK: %[[C:.*]] = ttg.convert_layout %{{.*}} -> tensor<128x128xf32, #[[MFMA]]>
// CHECK: %[[D:.*]] = tt.dot %[[A]], %[[B]], %[[C]]{{.*}} -> tensor<128x128xf32, #[[MFMA]]>
// CHECK: ttg.convert_layout %[[D]] : tensor<128x128xf32, #[[MFMA]]> -> tensor<128x128xf32, #blocked>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 64], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @mfma32(%a: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<128x128xf32, #blocked>) -> tensor<128x128xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x128xf32, #blocked>
    tt.return %d : tensor<128x128xf32, #blocked>
  }
}

// -----

// 8 warps over 4x8 tiles of 32: two along M, four along N. gfx90a is CDNA2.
// CHECK: #ttg.amd_mfma<{version = 2, warpsPerCTA = [2, 4], instrShape = [32, 32, 8], isTransposed = true}>
// CHECK-LABEL: tt.func @mfma_8warps
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 64], warpsPerCTA = [2, 4], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "hip:gfx90a", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @mfma_8warps(%a: tensor<128x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<64x256xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<128x256xf32, #blocked>) -> tensor<128x256xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<128x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x256xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x256xf32, #blocked>
    tt.return %d : tensor<128x256xf32, #blocked>
  }
}

// -----

// M = 16: 16x16x16 tiles; every warp along N.
// CHECK: #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 4], instrShape = [16, 16, 16], isTransposed = true}>
// CHECK-LABEL: tt.func @mfma16
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 64], warpsPerCTA = [1, 4], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @mfma16(%a: tensor<16x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<16x64xf32, #blocked>) -> tensor<16x64xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<16x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<16x64xf32, #blocked>
    tt.return %d : tensor<16x64xf32, #blocked>
  }
}

// -----

// RDNA3: WMMA v1, 16x16x16 on 32-lane waves, kWidth 16.
// CHECK: #[[WMMA:.*]] = #ttg.amd_wmma<{version = 1, isTranspose = false, warpsPerCTA = [2, 2]}>
// CHECK-LABEL: tt.func @wmma
// CHECK: tt.dot {{.*}} : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[WMMA]], kWidth = 16}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #[[WMMA]], kWidth = 16}>> -> tensor<64x64xf32, #[[WMMA]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx1100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @wmma(%a: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// f32 operands have no MFMA mapping here: the dot is left alone.
// CHECK-LABEL: tt.func @f32_unchanged
// CHECK-NOT: amd_mfma
// CHECK: tt.dot {{.*}} -> tensor<64x64xf32, #blocked>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 64], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @f32_unchanged(%a: tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}
