// RUN: tt-opt %s -split-input-file --triton-nvidia-tma-lowering -verify-diagnostics

// Descriptors need their shared layout (optimize-descriptor-encoding).
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @no_layout(%p: !tt.ptr<f16>, %m: i32, %ld: i64) -> !tt.tensordesc<tensor<64x64xf16>> {
    %c1 = arith.constant 1 : i64
    // expected-error @+1 {{has no shared-memory layout; run triton-nvidia-optimize-descriptor-encoding first}}
    %d = tt.make_tensor_descriptor %p, [%m, %m], [%ld, %c1] : <f16>, <tensor<64x64xf16>>
    tt.return %d : !tt.tensordesc<tensor<64x64xf16>>
  }
}

// -----

// A box row of 4 f16 is 8 bytes: TMA moves rows in multiples of 16 bytes.
#flat = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @narrow_rows(%p: !tt.ptr<f16>, %m: i32, %ld: i64) -> !tt.tensordesc<tensor<64x4xf16, #flat>> {
    %c1 = arith.constant 1 : i64
    // expected-error @+1 {{the innermost dimension spans 8 bytes, which is not a multiple of 16}}
    %d = tt.make_tensor_descriptor %p, [%m, %m], [%ld, %c1] : <f16>, <tensor<64x4xf16, #flat>>
    tt.return %d : !tt.tensordesc<tensor<64x4xf16, #flat>>
  }
}

// -----

// Booleans are not bytes.
#flat = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @bool_elements(%p: !tt.ptr<i1>, %m: i32, %ld: i64) -> !tt.tensordesc<tensor<64x128xi1, #flat>> {
    %c1 = arith.constant 1 : i64
    // expected-error @+1 {{TMA cannot copy elements of type 'i1': they must be 1, 2, 4 or 8 bytes wide}}
    %d = tt.make_tensor_descriptor %p, [%m, %m], [%ld, %c1] : <i1>, <tensor<64x128xi1, #flat>>
    tt.return %d : !tt.tensordesc<tensor<64x128xi1, #flat>>
  }
}

// -----

// A swizzle wider than the block's rows, and a swizzled layout with
// vectors: TMA writes neither.
#nv128 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#vec = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @too_wide_swizzle(%d: !tt.tensordesc<tensor<64x32xf16, #nv128>>, %x: i32) -> tensor<64x32xf16, #blocked> {
    // expected-error @+1 {{TMA cannot copy blocks of '!tt.tensordesc<tensor<64x32xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>>>': its layout is neither an untransposed #ttg.nvmma_shared whose swizzle fits in a row nor an unswizzled #ttg.swizzled_shared}}
    %t = tt.descriptor_load %d[%x, %x] : !tt.tensordesc<tensor<64x32xf16, #nv128>> -> tensor<64x32xf16, #blocked>
    tt.return %t : tensor<64x32xf16, #blocked>
  }
  tt.func @vector_swizzle(%d: !tt.tensordesc<tensor<64x64xf16, #vec>>, %x: i32, %v: tensor<64x64xf16, #blocked>) {
    // expected-error @+1 {{its layout is neither an untransposed #ttg.nvmma_shared}}
    tt.descriptor_store %d[%x, %x], %v : !tt.tensordesc<tensor<64x64xf16, #vec>>, tensor<64x64xf16, #blocked>
    tt.return
  }
}

// -----

// Leading unit dimensions left out of the accessed tensor are not
// reshaped here.
#nv = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @rank_reducing(%d: !tt.tensordesc<tensor<1x64x64xf16, #nv>>, %x: i32) -> tensor<64x64xf16, #blocked> {
    // expected-error @+1 {{rank-reducing TMA accesses are not supported}}
    %t = tt.descriptor_load %d[%x, %x, %x] : !tt.tensordesc<tensor<1x64x64xf16, #nv>> -> tensor<64x64xf16, #blocked>
    tt.return %t : tensor<64x64xf16, #blocked>
  }
}
