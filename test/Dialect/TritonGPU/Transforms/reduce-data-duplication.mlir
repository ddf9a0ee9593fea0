// RUN: tt-opt %s -split-input-file --tritongpu-reduce-data-duplication | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // A blocked tile to an mma operand layout goes through a swizzled buffer.
  // CHECK: #[[SH:.*]] = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
  // CHECK-LABEL: tt.func @to_dot_operand
  // CHECK: %[[A:.*]] = ttg.local_alloc %{{.*}} : (tensor<128x64xf16, #{{.*}}>) -> !ttg.memdesc<128x64xf16, #[[SH]], #smem>
  // CHECK: ttg.local_load %[[A]] : !ttg.memdesc<128x64xf16, #[[SH]], #smem> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #{{.*}}, kWidth = 2}>>
  // CHECK-NOT: ttg.convert_layout
  tt.func @to_dot_operand(%x: tensor<128x64xf16, #blocked>) -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> {
    %c = ttg.convert_layout %x : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    tt.return %c : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  }
}

// -----

#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // Other conversions are left alone.
  // CHECK-LABEL: tt.func @other
  // CHECK: ttg.convert_layout
  // CHECK-NOT: ttg.local_alloc
  tt.func @other(%x: tensor<512xf32, #b1>) -> tensor<512xf32, #b4> {
    %c = ttg.convert_layout %x : tensor<512xf32, #b1> -> tensor<512xf32, #b4>
    tt.return %c : tensor<512xf32, #b4>
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 64, 16]}>
#mma1 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]}>
#mma2 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 2], instrShape = [16, 64, 16]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // A wgmma accumulator (f16 after truncation) whose registers already are
  // the A operand fragments of the next wgmma (attention's P): each thread
  // holds what it needs, so the conversion stays (register renaming only).
  // CHECK-LABEL: tt.func @accumulator_is_operand
  // CHECK-NOT: ttg.local_alloc
  // CHECK: ttg.convert_layout %{{.*}} : tensor<128x64xf16, #mma> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>>
  // CHECK-NOT: ttg.local_alloc
  tt.func @accumulator_is_operand(%x: tensor<128x64xf16, #mma>) -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>> {
    %c = ttg.convert_layout %x : tensor<128x64xf16, #mma> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>>
    tt.return %c : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>>
  }

  // With the warps of the next dot split along N, the operand's rows are
  // held by other warps than the accumulator's: through shared memory.
  // CHECK-LABEL: tt.func @accumulator_other_warps
  // CHECK: ttg.local_alloc
  // CHECK: ttg.local_load {{.*}} -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma2, kWidth = 2}>>
  tt.func @accumulator_other_warps(%x: tensor<128x64xf16, #mma>) -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma2, kWidth = 2}>> {
    %c = ttg.convert_layout %x : tensor<128x64xf16, #mma> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma2, kWidth = 2}>>
    tt.return %c : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma2, kWidth = 2}>>
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 64, 32]}>
#mma1 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 32]}>
#mma2 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 2], instrShape = [16, 64, 32]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // Attention's P in fp8: the accumulator's column pairs are not the 8-bit
  // operand's runs of four K, but every warp keeps its 16 rows, so the
  // lanes of a row exchange bytes by shuffles: the conversion stays.
  // CHECK-LABEL: tt.func @fp8_accumulator_in_warp
  // CHECK-NOT: ttg.local_alloc
  // CHECK: ttg.convert_layout %{{.*}} : tensor<128x64xf8E4M3FN, #mma> -> tensor<128x64xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 4}>>
  // CHECK-NOT: ttg.local_alloc
  tt.func @fp8_accumulator_in_warp(%x: tensor<128x64xf8E4M3FN, #mma>) -> tensor<128x64xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 4}>> {
    %c = ttg.convert_layout %x : tensor<128x64xf8E4M3FN, #mma> -> tensor<128x64xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 4}>>
    tt.return %c : tensor<128x64xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 4}>>
  }

  // The same with the next dot's warps split along N crosses warps.
  // CHECK-LABEL: tt.func @fp8_accumulator_other_warps
  // CHECK: ttg.local_alloc
  // CHECK: ttg.local_load {{.*}} -> tensor<128x64xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #mma2, kWidth = 4}>>
  tt.func @fp8_accumulator_other_warps(%x: tensor<128x64xf8E4M3FN, #mma>) -> tensor<128x64xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #mma2, kWidth = 4}>> {
    %c = ttg.convert_layout %x : tensor<128x64xf8E4M3FN, #mma> -> tensor<128x64xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #mma2, kWidth = 4}>>
    tt.return %c : tensor<128x64xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #mma2, kWidth = 4}>>
  }
}
