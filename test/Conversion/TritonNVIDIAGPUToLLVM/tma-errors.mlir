// RUN: tt-opt %s --tt-llir -split-input-file -verify-diagnostics

// TMA copies the lowering refuses: a clean error each. The descriptors are
// made from pointers (as device-side ones are): a host descriptor argument
// is checked at the kernel's signature first (the last case).

// Six dimensions: the TMA unit moves 1 to 5.
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @rank6(%dp: !tt.ptr<i8>, %x: i32, %p: i1) {
    %d = ttng.reinterpret_tensor_descriptor %dp : !tt.ptr<i8> to !tt.tensordesc<tensor<2x2x2x2x2x64xf16, #shared>>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<2x2x2x2x2x64xf16, #shared, #smem, mutable>
    // expected-error @+2 {{cannot lower a TMA copy of a rank-6 block: TMA moves 1 to 5 dimensions}}
    // expected-error @+1 {{failed to legalize}}
    ttng.async_tma_copy_global_to_local %d[%x, %x, %x, %x, %x, %x] %b, %bar, %p : !tt.tensordesc<tensor<2x2x2x2x2x64xf16, #shared>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<2x2x2x2x2x64xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// Rows of 8 bytes: a box's innermost dimension must be a multiple of 16.
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @narrow(%dp: !tt.ptr<i8>, %x: i32, %p: i1) {
    %d = ttng.reinterpret_tensor_descriptor %dp : !tt.ptr<i8> to !tt.tensordesc<tensor<32x4xf16, #shared>>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<32x4xf16, #shared, #smem, mutable>
    // expected-error @+2 {{cannot lower a TMA copy: the innermost box dimension is 8 bytes; TMA needs a multiple of 16}}
    // expected-error @+1 {{failed to legalize}}
    ttng.async_tma_copy_global_to_local %d[%x, %x] %b, %bar, %p : !tt.tensordesc<tensor<32x4xf16, #shared>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<32x4xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// A transposed (K-major) buffer.
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @transposed(%dp: !tt.ptr<i8>, %x: i32, %p: i1) {
    %d = ttng.reinterpret_tensor_descriptor %dp : !tt.ptr<i8> to !tt.tensordesc<tensor<64x64xf16, #shared>>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    // expected-error @+2 {{only untransposed #ttg.nvmma_shared and unswizzled #ttg.swizzled_shared buffers are supported}}
    // expected-error @+1 {{failed to legalize}}
    ttng.async_tma_copy_global_to_local %d[%x, %x] %b, %bar, %p : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// A buffer of another shape (same number of elements) than the block.
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @reshaped(%dp: !tt.ptr<i8>, %x: i32) {
    %d = ttng.reinterpret_tensor_descriptor %dp : !tt.ptr<i8> to !tt.tensordesc<tensor<64x128xf16, #shared>>
    %b = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    // expected-error @+2 {{the shapes must be the same}}
    // expected-error @+1 {{failed to legalize}}
    ttng.async_tma_copy_local_to_global %d[%x, %x] %b : !tt.tensordesc<tensor<64x128xf16, #shared>>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// A host descriptor whose block TMA cannot copy (8-byte rows): the launcher
// would need a CUtensorMap for it, so the kernel is refused at its
// signature even when no copy uses the descriptor.
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 32}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // expected-error @+2 {{the innermost dimension spans 8 bytes, which is not a multiple of 16}}
  // expected-error @+1 {{failed to legalize}}
  tt.func public @unused_host_desc(%d: !tt.tensordesc<tensor<32x2xf32, #shared>>, %s0: i32, %s1: i32, %t0: i64, %t1: i64) {
    tt.return
  }
}
