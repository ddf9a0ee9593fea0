// RUN: tt-opt %s -split-input-file -verify-diagnostics

// Encodings

// expected-error @+1 {{sizePerThread (2), threadsPerWarp (2), warpsPerCTA (1) and order (2) must have the same length}}
#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4], order = [1, 0]}>

// -----

// expected-error @+1 {{#ttg.blocked: order [1, 1] is not a permutation of 0..1}}
#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 1]}>

// -----

// expected-error @+1 {{#ttg.blocked: threadsPerWarp[1] = 6 is not a power of two}}
#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 6], warpsPerCTA = [4, 1], order = [1, 0]}>

// -----

// expected-error @+1 {{#ttg.blocked: unknown key 'warpsPerCta'}}
#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCta = [4, 1], order = [1, 0]}>

// -----

// expected-error @+1 {{#ttg.blocked: missing 'order'}}
#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1]}>

// -----

// expected-error @+1 {{#ttg.blocked: basis #0 of 'CGALayout' has 1 entries, but the layout has rank 2}}
#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1]]}>

// -----

// expected-error @+1 {{give the CTA layout either as 'CGALayout' or as CTAsPerCGA/CTASplitNum/CTAOrder, not both}}
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CGALayout = [[1]], CTAsPerCGA = [2]}>

// -----

// expected-error @+1 {{CTASplitNum[0] = 4 must be a power of two dividing CTAsPerCGA[0] = 2}}
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CTAsPerCGA = [2], CTASplitNum = [4], CTAOrder = [0]}>

// -----

// expected-error @+1 {{CGA layout basis #0 moves along more than one dimension}}
#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 1]]}>

// -----

#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// expected-error @+1 {{#ttg.slice: dim 2 is out of range for the rank-2 parent layout}}
#s = #ttg.slice<{dim = 2, parent = #b}>

// -----

#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// expected-error @+1 {{#ttg.slice: the parent layout has rank 1, but slicing needs rank 2 or more}}
#s = #ttg.slice<{dim = 0, parent = #b}>

// -----

#sh = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// expected-error @+1 {{#ttg.slice: the parent must be a distributed (register) layout}}
#s = #ttg.slice<{dim = 0, parent = #sh}>

// -----

#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// expected-error @+1 {{#ttg.dot_op: opIdx must be 0 (A operand) or 1 (B operand), got 2}}
#d = #ttg.dot_op<{opIdx = 2, parent = #b}>

// -----

#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// expected-error @+1 {{#ttg.dot_op: kWidth is not allowed when the parent is #ttg.blocked}}
#d = #ttg.dot_op<{opIdx = 0, parent = #b, kWidth = 2}>

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// expected-error @+1 {{#ttg.dot_op: kWidth is required when the parent is an Ampere or Hopper #ttg.nvidia_mma}}
#d = #ttg.dot_op<{opIdx = 0, parent = #mma}>

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
// expected-error @+1 {{#ttg.dot_op: only operand A (opIdx = 0) of a Hopper wgmma can live in registers}}
#d = #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>

// -----

// expected-error @+1 {{#ttg.nvidia_mma: versionMajor must be 1 (Volta), 2 (Turing/Ampere) or 3 (Hopper), got 5}}
#mma = #ttg.nvidia_mma<{versionMajor = 5, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>

// -----

// expected-error @+1 {{#ttg.nvidia_mma: wgmma instructions have M = 16 and N a multiple of 8 up to 256, got instrShape = [16, 260, 16]}}
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 260, 16]}>

// -----

// expected-error @+1 {{#ttg.nvidia_mma: wgmma runs on whole warp groups, so the product of warpsPerCTA (2) must be a multiple of 4}}
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [2, 1], instrShape = [16, 64, 16]}>

// -----

// expected-error @+1 {{#ttg.nvidia_mma: a version 2 (mma.sync) layout of rank 2 needs instrShape = [16, 8]}}
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8, 16]}>

// -----

// expected-error @+1 {{#ttg.amd_mfma: no MFMA instruction has M x N = 8 x 8}}
#mfma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [8, 8, 8], isTransposed = false}>

// -----

// expected-error @+1 {{#ttg.amd_wmma: WMMA v1 has no instruction of shape [16, 16, 32]}}
#wmma = #ttg.amd_wmma<{version = 1, isTranspose = false, warpsPerCTA = [2, 2], instrShape = [16, 16, 32]}>

// -----

// expected-error @+1 {{#ttg.linear: 'register' basis #0 moves along more than one dimension}}
#l = #ttg.linear<{register = [[1, 1]], lane = [], warp = [], block = []}>

// -----

// expected-error @+1 {{#ttg.linear: the bases along dimension 0 are not linearly independent, so two hardware positions would hold the same element}}
#l = #ttg.linear<{register = [[1, 0], [0, 1]], lane = [[1, 0]], warp = [], block = []}>

// -----

// expected-error @+1 {{#ttg.linear: missing the 'block' bases}}
#l = #ttg.linear<{register = [[1]], lane = [], warp = []}>

// -----

// expected-error @+1 {{#ttg.swizzled_shared: order [0, 0] is not a permutation of 0..1}}
#sh = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 0]}>

// -----

// The swizzled layouts share their verifier, which names the one at fault.
// expected-error @+1 {{#ttg.amd_rotating_shared: vec, perPhase and maxPhase must be at least 1}}
#sh = #ttg.amd_rotating_shared<{vec = 0, perPhase = 1, maxPhase = 8, order = [1, 0]}>

// -----

// The MMA layouts share the checks of their warp grid and tilesPerWarp.
// expected-error @+1 {{#ttg.amd_mfma: tilesPerWarp has 1 entries, but warpsPerCTA has 2}}
#mfma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = false, tilesPerWarp = [2]}>

// -----

// expected-error @+1 {{#ttg.amd_wmma: warpsPerCTA[0] = 3 is not a power of two}}
#wmma = #ttg.amd_wmma<{version = 1, isTranspose = false, warpsPerCTA = [3, 2]}>

// -----

// expected-error @+1 {{#ttg.nvidia_mma: warpsPerCTA must not be empty}}
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [], instrShape = [16, 8]}>

// -----

// expected-error @+1 {{#ttg.nvmma_shared: swizzlingByteWidth must be 0, 32, 64 or 128, got 96}}
#sh = #ttg.nvmma_shared<{swizzlingByteWidth = 96, transposed = false, elementBitWidth = 16}>

// -----

// Tensor and memory descriptor types

#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// expected-error @+1 {{tensor of rank 1 cannot have the rank-2 layout}}
tt.func @rank_mismatch(%arg0: tensor<64xf32, #b>) {
  tt.return
}

// -----

#sh = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
// expected-error @+1 {{memdesc dimension 1 must be a power of two, got 48}}
tt.func @memdesc_pow2(%arg0: !ttg.memdesc<64x48xf16, #sh, #smem>) {
  tt.return
}

// -----

#sh = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
// expected-error @+1 {{memdesc shape 64x64 does not fit in its allocation shape 32x64}}
tt.func @memdesc_alloc_shape(%arg0: !ttg.memdesc<64x64xf16, #sh, #smem, 32x64>) {
  tt.return
}

// -----

#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#smem = #ttg.shared_memory
// expected-error @+1 {{a shared-memory descriptor needs a shared layout encoding}}
tt.func @memdesc_register_layout(%arg0: !ttg.memdesc<64x64xf16, #b, #smem>) {
  tt.return
}

// -----

#sh = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [2, 1, 0]}>
#smem = #ttg.shared_memory
// expected-error @+1 {{memdesc of rank 2 cannot have the rank-3 layout}}
tt.func @memdesc_rank(%arg0: !ttg.memdesc<64x64xf16, #sh, #smem>) {
  tt.return
}

// -----

// Layouts against the module's launch shape

#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @wrong_lanes() {
    // expected-error @+1 {{'arith.constant' op result #0: layout #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}> distributes over 64 threads per warp, but the module has "ttg.threads-per-warp" = 32}}
    %c = arith.constant dense<0.0> : tensor<64x64xf32, #b>
    tt.return
  }
}

// -----

#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // expected-error @+1 {{'tt.func' op region #0 argument #0: layout #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}> distributes over 8 warps, but "ttg.num-warps" is 4}}
  tt.func @wrong_warps(%arg0: tensor<64x64xf32, #b>) {
    tt.return
  }
}

// -----

#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // expected-error @+1 {{'tt.func' op region #0 argument #0: layout #ttg.slice<{dim = 1, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>}> distributes over 2 CTAs, but "ttg.num-ctas" is 1}}
  tt.func @wrong_ctas(%arg0: tensor<64xf32, #ttg.slice<{dim = 1, parent = #b}>>) {
    tt.return
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32} {
  tt.func @mma_lanes() {
    // expected-error @+1 {{distributes over 32 threads per warp, but the module has "ttg.threads-per-warp" = 64}}
    %c = arith.constant dense<0.0> : tensor<32x32xf32, #mma>
    tt.return
  }
}

// -----

// A tt.func may carry its own warp count.
#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 8 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @own_warps(%arg0: tensor<64x64xf32, #b>) attributes {"ttg.num-warps" = 4 : i32} {
    tt.return
  }
  // expected-error @+1 {{distributes over 4 warps, but "ttg.num-warps" is 8}}
  tt.func @module_warps(%arg0: tensor<64x64xf32, #b>) {
    tt.return
  }
}

// -----

// Module attributes

// expected-error @+1 {{attribute "ttg.num-warps" must be a positive power of two, got 3}}
module attributes {"ttg.num-warps" = 3 : i32} {
}

// -----

// expected-error @+1 {{attribute "ttg.threads-per-warp" must be an i32 integer}}
module attributes {"ttg.threads-per-warp" = 32 : i64} {
}

// -----

// expected-error @+1 {{attribute "ttg.target" must be a non-empty string such as "cuda:90" or "hip:gfx942"}}
module attributes {ttg.target = 90 : i32} {
}

// -----

tt.func @misplaced() {
  // expected-error @+1 {{has attribute "ttg.num-ctas", which belongs on a module}}
  %c = arith.constant {"ttg.num-ctas" = 1 : i32} 0 : i32
  tt.return
}

// -----

// Ops

#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
tt.func @convert_shape(%arg0: tensor<64x64xf32, #b>) {
  // expected-error @+1 {{changes the shape from 64x64 to 64x32; only the layout may change}}
  %0 = ttg.convert_layout %arg0 : tensor<64x64xf32, #b> -> tensor<64x32xf32, #b>
  tt.return
}

// -----

#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
tt.func @convert_element(%arg0: tensor<64x64xf32, #b>) {
  // expected-error @+1 {{changes the element type from 'f32' to 'f16'; only the layout may change}}
  %0 = ttg.convert_layout %arg0 : tensor<64x64xf32, #b> -> tensor<64x64xf16, #b>
  tt.return
}

// -----

#sh = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @alloc_immutable() {
  // expected-error @+1 {{without an initializer must return a mutable memdesc, or the buffer could never be written}}
  %0 = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #sh, #smem>
  tt.return
}

// -----

#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#sh = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @alloc_init_shape(%arg0: tensor<64x32xf16, #b>) {
  // expected-error @+1 {{the initializer has shape 64x32, but the buffer has shape 64x64}}
  %0 = ttg.local_alloc %arg0 : (tensor<64x32xf16, #b>) -> !ttg.memdesc<64x64xf16, #sh, #smem>
  tt.return
}

// -----

#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#sh = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @store_immutable(%arg0: tensor<64x64xf16, #b>, %arg1: !ttg.memdesc<64x64xf16, #sh, #smem>) {
  // expected-error @+1 {{cannot store into an immutable buffer}}
  ttg.local_store %arg0, %arg1 : tensor<64x64xf16, #b> -> !ttg.memdesc<64x64xf16, #sh, #smem>
  tt.return
}

// -----

#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#sh = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @load_element(%arg0: !ttg.memdesc<64x64xf16, #sh, #smem>) {
  // expected-error @+1 {{the result has element type 'f32', but the source buffer has element type 'f16'}}
  %0 = ttg.local_load %arg0 : !ttg.memdesc<64x64xf16, #sh, #smem> -> tensor<64x64xf32, #b>
  tt.return
}

// -----

#sh = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @index_shape(%arg0: !ttg.memdesc<4x64x64xf16, #sh, #smem, mutable>, %i: i32) {
  // expected-error @+1 {{result shape 32x64 is not the source shape without its first dimension (64x64)}}
  %0 = ttg.memdesc_index %arg0[%i] : !ttg.memdesc<4x64x64xf16, #sh, #smem, mutable> -> !ttg.memdesc<32x64xf16, #sh, #smem, mutable>
  tt.return
}

// -----

#sh = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @index_range(%arg0: !ttg.memdesc<4x64x64xf16, #sh, #smem, mutable>) {
  %c4 = arith.constant 4 : i32
  // expected-error @+1 {{index 4 is out of range [0, 4)}}
  %0 = ttg.memdesc_index %arg0[%c4] : !ttg.memdesc<4x64x64xf16, #sh, #smem, mutable> -> !ttg.memdesc<64x64xf16, #sh, #smem, mutable>
  tt.return
}

// -----

#sh = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @index_mutability(%arg0: !ttg.memdesc<4x64x64xf16, #sh, #smem, mutable>, %i: i32) {
  // expected-error @+1 {{changes the mutability of the buffer}}
  %0 = ttg.memdesc_index %arg0[%i] : !ttg.memdesc<4x64x64xf16, #sh, #smem, mutable> -> !ttg.memdesc<64x64xf16, #sh, #smem>
  tt.return
}

// -----

#sh = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @subslice_range(%arg0: !ttg.memdesc<64x64xf16, #sh, #smem>) {
  // expected-error @+1 {{slice [64, 96) of dimension 1 is out of range [0, 64)}}
  %0 = ttg.memdesc_subslice %arg0[0, 64] : !ttg.memdesc<64x64xf16, #sh, #smem> -> !ttg.memdesc<64x32xf16, #sh, #smem, 64x64>
  tt.return
}

// -----

#sh = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @subslice_offsets(%arg0: !ttg.memdesc<64x64xf16, #sh, #smem>) {
  // expected-error @+1 {{has 1 offsets for a rank-2 source}}
  %0 = ttg.memdesc_subslice %arg0[0] : !ttg.memdesc<64x64xf16, #sh, #smem> -> !ttg.memdesc<64x32xf16, #sh, #smem, 64x64>
  tt.return
}

// -----

#sh = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @subslice_alloc(%arg0: !ttg.memdesc<64x64xf16, #sh, #smem>) {
  // expected-error @+1 {{result allocation shape 64x32 differs from the source allocation shape 64x64}}
  %0 = ttg.memdesc_subslice %arg0[0, 32] : !ttg.memdesc<64x64xf16, #sh, #smem> -> !ttg.memdesc<64x32xf16, #sh, #smem>
  tt.return
}

// -----

#sh = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @trans_order(%arg0: !ttg.memdesc<64x32xf16, #sh, #smem>) {
  // expected-error @+1 {{order is not a permutation of the source dimensions}}
  %0 = ttg.memdesc_trans %arg0 {order = array<i32: 0, 0>} : !ttg.memdesc<64x32xf16, #sh, #smem> -> !ttg.memdesc<32x64xf16, #sh, #smem>
  tt.return
}

// -----

#sh = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @trans_shape(%arg0: !ttg.memdesc<64x32xf16, #sh, #smem>) {
  // expected-error @+1 {{result shape 64x32 is not the permuted source shape 32x64}}
  %0 = ttg.memdesc_trans %arg0 {order = array<i32: 1, 0>} : !ttg.memdesc<64x32xf16, #sh, #smem> -> !ttg.memdesc<64x32xf16, #sh, #smem>
  tt.return
}

// -----

#sh = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @reshape_size(%arg0: !ttg.memdesc<64x32xf16, #sh, #smem>) {
  // expected-error @+1 {{reshapes 64x32 (2048 elements) to 64x64 (4096 elements)}}
  %0 = ttg.memdesc_reshape %arg0 : !ttg.memdesc<64x32xf16, #sh, #smem> -> !ttg.memdesc<64x64xf16, #sh, #smem>
  tt.return
}

// -----

#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#sh = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @async_copy_immutable(%p: tensor<64x64x!tt.ptr<f16>, #b>, %buf: !ttg.memdesc<64x64xf16, #sh, #smem>) {
  // expected-error @+1 {{writes into an immutable buffer; the destination memdesc must be mutable}}
  %t = ttg.async_copy_global_to_local %p, %buf : tensor<64x64x!tt.ptr<f16>, #b> -> <64x64xf16, #sh, #smem>
  tt.return
}

// -----

#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#sh = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @async_copy_element(%p: tensor<64x64x!tt.ptr<f32>, #b>, %buf: !ttg.memdesc<64x64xf16, #sh, #smem, mutable>) {
  // expected-error @+1 {{the loaded tile has element type 'f32', but the destination buffer has element type 'f16'}}
  %t = ttg.async_copy_global_to_local %p, %buf : tensor<64x64x!tt.ptr<f32>, #b> -> <64x64xf16, #sh, #smem, mutable>
  tt.return
}

// -----

tt.func @barrier_space() {
  // expected-error @+1 {{unknown address space 'shared'; expected none, local, global_read, global_write, tensor_read, tensor_write or all}}
  ttg.barrier shared
  tt.return
}

// -----

tt.func @barrier_none() {
  // expected-error @+1 {{'none' cannot be combined with other address spaces}}
  ttg.barrier local|none
  tt.return
}

// -----

#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
tt.func @fp4_shape(%arg0: tensor<64x32xi8, #b>) {
  // expected-error @+1 {{result dimension 0 must be 64 (two fp4 values per i8 along axis 1), got 128}}
  %0 = ttg.fp4_to_fp %arg0 {axis = 1 : i32} : tensor<64x32xi8, #b> -> tensor<128x32xbf16, #b>
  tt.return
}

// -----

tt.func @scratch_alignment() {
  // expected-error @+1 {{alignment must be a positive power of two, got 3}}
  %0 = ttg.global_scratch_alloc {alignment = 3 : i32, nbytes = 16 : i32} : !tt.ptr<i8>
  tt.return
}

// -----

// Layout inference of tt shape ops

#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
tt.func @expand_dims_not_slice(%arg0: tensor<64xf32, #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>) {
  // expected-error @+2 {{the operand of tt.expand_dims must have a #ttg.slice layout}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = tt.expand_dims %arg0 {axis = 1 : i32} : tensor<64xf32, #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>> -> tensor<64x1xf32, #b>
  tt.return
}

// -----

#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
tt.func @expand_dims_wrong_axis(%arg0: tensor<64xf32, #ttg.slice<{dim = 0, parent = #b}>>) {
  // expected-error @+2 {{tt.expand_dims inserts dimension 1, but the operand's layout slices away dimension 0}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = tt.expand_dims %arg0 {axis = 1 : i32} : tensor<64xf32, #ttg.slice<{dim = 0, parent = #b}>> -> tensor<64x1xf32, #b>
  tt.return
}

// -----

tt.func @async_wait_num() {
  // expected-error @+1 {{num must be non-negative, got -1}}
  %0 = ttg.async_wait {num = -1 : i32}
  tt.return
}

// -----

tt.func @barrier_mask() {
  // expected-error @+1 {{address-space mask 64 has bits outside local|global_read|global_write|tensor_read|tensor_write}}
  "ttg.barrier"() <{addrSpace = 64 : i32}> : () -> ()
  tt.return
}

// -----

// expected-error @+1 {{#ttg.linear: 'block' basis #0 is not a multiple of the per-CTA extent 4 along dimension 0}}
#l = #ttg.linear<{register = [[1], [2]], lane = [], warp = [], block = [[6]]}>

// -----

#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// expected-error @+1 {{#ttg.dot_op: the parent layout must have rank 2 (or 3 with a batch dimension), got rank 1}}
#d = #ttg.dot_op<{opIdx = 1, parent = #b}>

// -----

// 2 = 3 xor 1: dependent even though no two bases are equal.
// expected-error @+1 {{#ttg.linear: the bases along dimension 0 are not linearly independent}}
#l = #ttg.linear<{register = [[3], [1]], lane = [[2]], warp = [], block = []}>
