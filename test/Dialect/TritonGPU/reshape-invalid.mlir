// RUN: tt-opt %s -split-input-file -verify-diagnostics

// Without allow_reorder, a reshape whose result layout would move elements
// between threads is refused at the op: the data movement must be a
// ttg.convert_layout. Here the column-major tile flattened row-major is the
// linear layout the message names, not #flat.
#cols = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [0, 1]}>
#flat = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @moves_elements(%x: tensor<32x16xf32, #cols>) {
    // expected-error @+1 {{'tt.reshape' op result layout #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}> moves elements between threads; without allow_reorder the result needs the operand's layout reshaped, #ttg.linear<{register = [[16], [32]], lane = [[64], [128], [1], [2], [4]], warp = [[256], [8]], block = []}>}}
    %f = tt.reshape %x : tensor<32x16xf32, #cols> -> tensor<512xf32, #flat>
    tt.return
  }
}

// -----

// The default layout of the new shape is not the reshaped layout of a
// non-default operand: 4 consecutive elements per thread stay 4.
#in = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#d1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @not_default(%x: tensor<32x32xi32, #in>) {
    // expected-error @+1 {{without allow_reorder the result needs the operand's layout reshaped, #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>}}
    %f = tt.reshape %x : tensor<32x32xi32, #in> -> tensor<1024xi32, #d1>
    tt.return
  }
}

// -----

// After a transpose: the permuted tile's row-major order is not the one
// the threads hold, so flattening it in a blocked layout moves data.
#r4 = #ttg.blocked<{sizePerThread = [1, 1, 2, 2], threadsPerWarp = [4, 4, 2, 1], warpsPerCTA = [4, 1, 1, 1], order = [3, 2, 1, 0]}>
#t4 = #ttg.blocked<{sizePerThread = [1, 2, 2, 1], threadsPerWarp = [4, 2, 1, 4], warpsPerCTA = [1, 1, 1, 4], order = [2, 1, 0, 3]}>
#st = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @after_trans(%x: tensor<32x4x4x2xi32, #r4>) {
    %t = tt.trans %x {order = array<i32: 1, 2, 3, 0>} : tensor<32x4x4x2xi32, #r4> -> tensor<4x4x2x32xi32, #t4>
    // expected-error @+1 {{the operand's layout reshaped, #ttg.linear<{register = [[32], [64], [16]], lane = [[128], [256], [512], [1], [2]], warp = [[4], [8]], block = []}>}}
    %f = tt.reshape %t : tensor<4x4x2x32xi32, #t4> -> tensor<1024xi32, #st>
    tt.return
  }
}

// -----

// Only register layouts reshape.
#sh = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#sh1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @shared(%x: tensor<16x16xf32, #sh>) {
    // expected-error @+1 {{tt.reshape needs a register layout, got #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>}}
    %r = tt.reshape %x : tensor<16x16xf32, #sh> -> tensor<256xf32, #sh1>
    tt.return
  }
}

// -----

// A layout without a linear layout (an MFMA shape the layout library does
// not describe) cannot be reshaped.
#mfma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [64, 4, 4], isTransposed = false}>
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @no_linear_layout(%x: tensor<64x64xf32, #mfma>) {
    // expected-error @+1 {{reshaping a tensor in the layout #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [64, 4, 4], isTransposed = false}> is not supported: it has no linear layout}}
    %r = tt.reshape %x : tensor<64x64xf32, #mfma> -> tensor<4096xf32, #b>
    tt.return
  }
}
