// RUN: tt-opt %s -split-input-file | FileCheck %s

// tt.reshape with layouts: the result layout keeps every element in the
// register, lane and warp that hold it in the operand. Each reshape below
// has the layout the ttg dialect infers (tt-opt checks it) or one with the
// same linear layout.

#in = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// Merging the dimensions: 4 consecutive elements per thread.
#flat = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// Splitting the fastest dimension: lanes spread over both halves.
#split = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [4, 4, 2], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
// Unit dimensions in front and in between.
#unit0 = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [1, 4, 8], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]}>
#unit1 = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [4, 1, 8], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
// Splitting both dimensions.
#split4 = #ttg.blocked<{sizePerThread = [1, 1, 1, 4], threadsPerWarp = [1, 4, 2, 4], warpsPerCTA = [1, 4, 1, 1], order = [3, 2, 1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @blocked
  // CHECK-COUNT-5: tt.reshape
  tt.func @blocked(%x: tensor<32x32xf32, #in>) {
    %a = tt.reshape %x : tensor<32x32xf32, #in> -> tensor<1024xf32, #flat>
    %b = tt.reshape %x : tensor<32x32xf32, #in> -> tensor<32x4x8xf32, #split>
    %c = tt.reshape %x : tensor<32x32xf32, #in> -> tensor<1x32x32xf32, #unit0>
    %d = tt.reshape %x : tensor<32x32xf32, #in> -> tensor<32x1x32xf32, #unit1>
    %e = tt.reshape %x : tensor<32x32xf32, #in> -> tensor<2x16x2x16xf32, #split4>
    tt.return
  }
}

// -----

// A column-major layout flattened row-major: no blocked layout holds those
// elements, the result is the linear layout itself. Reshaping back gives
// the same linear layout over [32, 16], which #cols is too.
#cols = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [0, 1]}>
#lin = #ttg.linear<{register = [[16], [32]], lane = [[64], [128], [1], [2], [4]], warp = [[256], [8]], block = []}>
#back = #ttg.linear<{register = [[1, 0], [2, 0]], lane = [[4, 0], [8, 0], [0, 1], [0, 2], [0, 4]], warp = [[16, 0], [0, 8]], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @linear
  // CHECK: tt.reshape %{{.*}} : tensor<32x16xf32, #{{.*}}> -> tensor<512xf32, #linear>
  // CHECK: tt.reshape %{{.*}} : tensor<512xf32, #linear> -> tensor<32x16xf32, #linear1>
  // CHECK: tt.reshape %{{.*}} : tensor<512xf32, #linear> -> tensor<32x16xf32, #blocked>
  tt.func @linear(%x: tensor<32x16xf32, #cols>) {
    %f = tt.reshape %x : tensor<32x16xf32, #cols> -> tensor<512xf32, #lin>
    %b = tt.reshape %f : tensor<512xf32, #lin> -> tensor<32x16xf32, #back>
    %c = tt.reshape %f : tensor<512xf32, #lin> -> tensor<32x16xf32, #cols>
    tt.return
  }
}

// -----

// Other register layouts go through their linear layouts: a slice, a
// Hopper accumulator and an mma.sync operand.
#p = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#rows = #ttg.linear<{register = [[2, 0], [4, 0]], lane = [[0, 0], [0, 0], [0, 0], [0, 1], [0, 2]], warp = [[0, 4], [1, 0]], block = []}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#acc = #ttg.linear<{register = [[0, 0, 1], [8, 0, 0], [0, 0, 8], [0, 0, 16], [0, 1, 0]], lane = [[0, 0, 2], [0, 0, 4], [1, 0, 0], [2, 0, 0], [4, 0, 0]], warp = [[16, 0, 0], [32, 0, 0]], block = []}>
#v2 = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#opa = #ttg.linear<{register = [[0, 0, 1], [8, 0, 0], [0, 0, 8], [0, 1, 0]], lane = [[0, 0, 2], [0, 0, 4], [1, 0, 0], [2, 0, 0], [4, 0, 0]], warp = [[0, 0, 0], [16, 0, 0]], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @other_layouts
  // CHECK-COUNT-3: tt.reshape
  tt.func @other_layouts(%s: tensor<64xf32, #ttg.slice<{dim = 1, parent = #p}>>, %m: tensor<64x64xf32, #mma>, %a: tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #v2, kWidth = 2}>>) {
    %0 = tt.reshape %s : tensor<64xf32, #ttg.slice<{dim = 1, parent = #p}>> -> tensor<8x8xf32, #rows>
    %1 = tt.reshape %m : tensor<64x64xf32, #mma> -> tensor<64x2x32xf32, #acc>
    %2 = tt.reshape %a : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #v2, kWidth = 2}>> -> tensor<32x2x16xf16, #opa>
    tt.return
  }
}

// -----

// With allow_reorder the result may be placed in any layout.
#cols = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [0, 1]}>
#flat = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @reorder
  // CHECK: tt.reshape %{{.*}} allow_reorder
  tt.func @reorder(%x: tensor<32x16xf32, #cols>) {
    %f = tt.reshape %x allow_reorder : tensor<32x16xf32, #cols> -> tensor<512xf32, #flat>
    tt.return
  }
}
