// RUN: tt-opt %s --tt-llir -split-input-file | FileCheck %s

// The FMA dot: a tt.dot on a #ttg.blocked result, each thread
// multiply-adding its own elements. 16x16x8 f32 over 128 threads: two
// results per thread, eight K steps each.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @fma_f32(
  // CHECK-COUNT-16: llvm.intr.fmuladd(%{{.*}}, %{{.*}}, %{{.*}}) : (f32, f32, f32) -> f32
  // CHECK-NOT: llvm.intr.fmuladd
  // CHECK-NOT: mma
  tt.func public @fma_f32(%a: tensor<16x8xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<8x16xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<16x16xf32, #blocked>, %p: tensor<16x16x!tt.ptr<f32>, #blocked>) {
    %d = tt.dot %a, %b, %c : tensor<16x8xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<8x16xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<16x16xf32, #blocked>
    tt.store %p, %d : tensor<16x16x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// Integers: sign-extended to the accumulator, then mul and add.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @fma_i8(
  // CHECK: llvm.sext %{{.*}} : i8 to i32
  // CHECK: %[[M:.*]] = llvm.mul %{{.*}}, %{{.*}} : i32
  // CHECK: llvm.add %{{.*}}, %[[M]] : i32
  // CHECK-NOT: llvm.intr.fmuladd
  tt.func public @fma_i8(%a: tensor<16x4xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<4x16xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<16x16xi32, #blocked>, %p: tensor<16x16x!tt.ptr<i32>, #blocked>) {
    %d = tt.dot %a, %b, %c : tensor<16x4xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<4x16xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<16x16xi32, #blocked>
    tt.store %p, %d : tensor<16x16x!tt.ptr<i32>, #blocked>
    tt.return
  }
}

// -----

// f16 operands accumulating in f32 are extended first; a batched (rank 3)
// FMA dot multiplies within each batch: 2x8x8x4 over 128 threads is one
// result per thread, four K steps.
#blocked = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 4, 8], warpsPerCTA = [2, 2, 1], order = [2, 1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @fma_batched(
  // CHECK-COUNT-8: llvm.fpext %{{.*}} : f16 to f32
  // CHECK-COUNT-4: llvm.intr.fmuladd(%{{.*}}, %{{.*}}, %{{.*}}) : (f32, f32, f32) -> f32
  // CHECK-NOT: llvm.intr.fmuladd
  tt.func public @fma_batched(%a: tensor<2x8x4xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<2x4x8xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<2x8x8xf32, #blocked>, %p: tensor<2x8x8x!tt.ptr<f32>, #blocked>) {
    %d = tt.dot %a, %b, %c : tensor<2x8x4xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<2x4x8xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<2x8x8xf32, #blocked>
    tt.store %p, %d : tensor<2x8x8x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
