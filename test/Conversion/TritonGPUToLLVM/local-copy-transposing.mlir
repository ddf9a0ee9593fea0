// RUN: tt-opt %s --tt-llir -split-input-file | FileCheck %s

// The fp8 wgmma operand B of a TMA matmul with a row-major B: the block
// arrives N-major (128-byte swizzle), is read back (`local_load`, in the
// layout upstream's coalesce gives it: 16 bytes along N per thread) and
// stored K-major for the wgmma (`local_alloc` into a transposed buffer).
// Done as written that is 8 16-byte loads and 128 one-byte stores per
// thread, which collide in the banks; the pair is lowered as one copy
// instead, in a layout of its own: each thread reads 128 bytes of one
// column (lanes on consecutive columns share words) and writes them as 8
// 16-byte stores. The local_load's own lowering is dead and goes.
#blocked = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 8}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @transposing_copy(
  // CHECK-NOT: llvm.store
  // CHECK-COUNT-128: llvm.load %{{.*}} {alignment = 1 : i64} : !llvm.ptr<3> -> i8
  // CHECK-NOT: llvm.load
  // CHECK-COUNT-8: llvm.store %{{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<3>
  // CHECK-NOT: llvm.store %{{.*}} : i8, !llvm.ptr<3>
  // CHECK: fence.proxy.async.shared::cta
  tt.func public @transposing_copy(%i: i32, %p: tensor<128x256x!tt.ptr<f8E4M3FN>, #blocked1>) {
    %a = ttg.local_alloc : () -> !ttg.memdesc<2x128x256xf8E4M3FN, #shared, #smem, mutable>
    %s = ttg.memdesc_index %a[%i] : !ttg.memdesc<2x128x256xf8E4M3FN, #shared, #smem, mutable> -> !ttg.memdesc<128x256xf8E4M3FN, #shared, #smem, mutable>
    %l = ttg.local_load %s : !ttg.memdesc<128x256xf8E4M3FN, #shared, #smem, mutable> -> tensor<128x256xf8E4M3FN, #blocked>
    %t = ttg.local_alloc %l : (tensor<128x256xf8E4M3FN, #blocked>) -> !ttg.memdesc<128x256xf8E4M3FN, #shared1, #smem>
    ttng.fence_async_shared {bCluster = false}
    // The ring stays live (read again below), so %t does not reuse it.
    %again = ttg.local_load %s : !ttg.memdesc<128x256xf8E4M3FN, #shared, #smem, mutable> -> tensor<128x256xf8E4M3FN, #blocked1>
    tt.store %p, %again : tensor<128x256x!tt.ptr<f8E4M3FN>, #blocked1>
    tt.return
  }
}

// -----

// Fallback: when the new buffer reuses the old one's bytes, a barrier
// separates the read from the write and the two stay apart: 16-byte loads
// as the local_load's layout says, then one-byte stores.
#blocked = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 8}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @aliasing(
  // CHECK-COUNT-8: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xi32>
  // CHECK: nvvm.barrier0
  // CHECK: llvm.store %{{.*}} {alignment = 1 : i64} : i8, !llvm.ptr<3>
  // CHECK-NOT: vector<4xi32>, !llvm.ptr<3>
  // CHECK: llvm.return
  tt.func public @aliasing(%i: i32) {
    %a = ttg.local_alloc : () -> !ttg.memdesc<2x128x256xf8E4M3FN, #shared, #smem, mutable>
    %s = ttg.memdesc_index %a[%i] : !ttg.memdesc<2x128x256xf8E4M3FN, #shared, #smem, mutable> -> !ttg.memdesc<128x256xf8E4M3FN, #shared, #smem, mutable>
    %l = ttg.local_load %s : !ttg.memdesc<128x256xf8E4M3FN, #shared, #smem, mutable> -> tensor<128x256xf8E4M3FN, #blocked>
    %t = ttg.local_alloc %l : (tensor<128x256xf8E4M3FN, #blocked>) -> !ttg.memdesc<128x256xf8E4M3FN, #shared1, #smem>
    ttng.fence_async_shared {bCluster = false}
    tt.return
  }
}

// -----

// Fallback: a copy between buffers contiguous along the same dim is not a
// transposition; the loaded tensor is also used in registers.
#blocked = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
#shared2 = #ttg.swizzled_shared<{vec = 16, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @same_contiguity(
  // CHECK-NOT: : i8, !llvm.ptr<3>
  // CHECK-NOT: -> i8
  // CHECK: llvm.return
  tt.func public @same_contiguity(%i: i32, %p: tensor<128x256x!tt.ptr<f8E4M3FN>, #blocked>) {
    %a = ttg.local_alloc : () -> !ttg.memdesc<2x128x256xf8E4M3FN, #shared, #smem, mutable>
    %s = ttg.memdesc_index %a[%i] : !ttg.memdesc<2x128x256xf8E4M3FN, #shared, #smem, mutable> -> !ttg.memdesc<128x256xf8E4M3FN, #shared, #smem, mutable>
    %l = ttg.local_load %s : !ttg.memdesc<128x256xf8E4M3FN, #shared, #smem, mutable> -> tensor<128x256xf8E4M3FN, #blocked>
    %t = ttg.local_alloc %l : (tensor<128x256xf8E4M3FN, #blocked>) -> !ttg.memdesc<128x256xf8E4M3FN, #shared2, #smem>
    tt.store %p, %l : tensor<128x256x!tt.ptr<f8E4M3FN>, #blocked>
    tt.return
  }
}
