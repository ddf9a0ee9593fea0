// RUN: tt-opt %s --tt-llir | FileCheck %s

// An FMA dot of fp8 operands (a dot tensor cores do not take, such as
// upstream's test_dot_max_num_imprecise_acc on small tiles): each operand
// byte is converted to the accumulator's type (cvt on sm_90), then
// multiplied and added.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @fma_fp8
  // CHECK: cvt.rn.f16x2.e5m2x2
  // CHECK: llvm.intr.fmuladd
  // CHECK-NOT: tt.dot
  tt.func public @fma_fp8(%a: tensor<16x16xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<16x16xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<16x16xf32, #blocked>) -> tensor<16x16xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<16x16xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x16xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<16x16xf32, #blocked>
    tt.return %d : tensor<16x16xf32, #blocked>
  }
}
