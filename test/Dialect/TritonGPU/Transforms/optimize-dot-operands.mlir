// RUN: tt-opt %s -split-input-file --tritongpu-optimize-dot-operands | FileCheck %s
// RUN: tt-opt %s -split-input-file --tritongpu-optimize-dot-operands=hoist-layout-conversion=false | FileCheck %s --check-prefix=NOHOIST

// A transpose stored for wgmma becomes a transposed view of the stored
// source: the buffer's `transposed` flag flips instead of data moving.
#b = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#bt = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#sharedT = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @fuse_transpose
  // CHECK-NOT: tt.trans
  // CHECK: %[[S:.*]] = ttg.local_alloc %arg1 : (tensor<64x64xf16, #{{.*}}>) -> !ttg.memdesc<64x64xf16, #[[T:shared[0-9]*]], #smem>
  // CHECK: %[[V:.*]] = ttg.memdesc_trans %[[S]] {order = array<i32: 1, 0>} : !ttg.memdesc<64x64xf16, #[[T]], #smem> -> !ttg.memdesc<64x64xf16, #{{shared[0-9]*}}, #smem>
  // CHECK: ttng.warp_group_dot %{{.*}}, %[[V]]
  tt.func @fuse_transpose(%as: !ttg.memdesc<128x64xf16, #shared, #smem>, %k: tensor<64x64xf16, #b>) -> tensor<128x64xf32, #mma> {
    %zero = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma>
    %kt = tt.trans %k {order = array<i32: 1, 0>} : tensor<64x64xf16, #b> -> tensor<64x64xf16, #bt>
    %ks = ttg.local_alloc %kt : (tensor<64x64xf16, #bt>) -> !ttg.memdesc<64x64xf16, #sharedT, #smem>
    %d = ttng.warp_group_dot %as, %ks, %zero {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #sharedT, #smem> -> tensor<128x64xf32, #mma>
    tt.return %d : tensor<128x64xf32, #mma>
  }
}

// -----

// An upcast of a loaded operand runs after the conversion to the
// dot-operand layout, not before.
#a = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @hoist_conversion
  // CHECK: %[[L:.*]] = tt.load
  // CHECK: %[[C:.*]] = ttg.convert_layout %[[L]] : tensor<128x64xf8E4M3FN, #{{.*}}> -> tensor<128x64xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  // CHECK: tt.fp_to_fp %[[C]] : tensor<128x64xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  // NOHOIST-LABEL: tt.func @hoist_conversion
  // NOHOIST: tt.fp_to_fp %{{.*}} : tensor<128x64xf8E4M3FN, #blocked> -> tensor<128x64xf16, #blocked>
  tt.func @hoist_conversion(%p: tensor<128x64x!tt.ptr<f8E4M3FN>, #a>) -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> {
    %v = tt.load %p : tensor<128x64x!tt.ptr<f8E4M3FN>, #a>
    %h = tt.fp_to_fp %v : tensor<128x64xf8E4M3FN, #a> -> tensor<128x64xf16, #a>
    %o = ttg.convert_layout %h : tensor<128x64xf16, #a> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    tt.return %o : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  }
}
