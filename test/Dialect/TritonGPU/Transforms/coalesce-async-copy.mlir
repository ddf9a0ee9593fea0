// RUN: tt-opt %s -split-input-file --tritongpu-coalesce-async-copy | FileCheck %s
// RUN: tt-opt %s -split-input-file --tritongpu-coalesce-async-copy --tritongpu-remove-layout-conversions | FileCheck %s --check-prefix=CLEAN

// 16 i8 per thread into a buffer that keeps runs of 8 (vec = 8, swizzled):
// the copy gets 8 per thread (lanes spread again: 32 along the row), its
// pointer, mask and other converted.
#b16 = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#sh8 = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 16, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-DAG: #[[B8:.*]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
  // CHECK-LABEL: tt.func @narrow
  // CHECK: %[[P:.*]] = ttg.convert_layout %arg0 : tensor<64x256x!tt.ptr<i8>, #{{.*}}> -> tensor<64x256x!tt.ptr<i8>, #[[B8]]>
  // CHECK: %[[M:.*]] = ttg.convert_layout %arg1 : tensor<64x256xi1, #{{.*}}> -> tensor<64x256xi1, #[[B8]]>
  // CHECK: %[[O:.*]] = ttg.convert_layout %{{.*}} : tensor<64x256xi8, #{{.*}}> -> tensor<64x256xi8, #[[B8]]>
  // CHECK: ttg.async_copy_global_to_local %[[P]], %{{.*}} mask %[[M]] other %[[O]] : tensor<64x256x!tt.ptr<i8>, #[[B8]]>
  tt.func @narrow(%p: tensor<64x256x!tt.ptr<i8>, #b16>, %m: tensor<64x256xi1, #b16>) -> !ttg.async.token {
    %zero = arith.constant dense<0> : tensor<64x256xi8, #b16>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x256xi8, #sh8, #smem, mutable>
    %t = ttg.async_copy_global_to_local %p, %buf mask %m other %zero : tensor<64x256x!tt.ptr<i8>, #b16> -> <64x256xi8, #sh8, #smem, mutable>
    tt.return %t : !ttg.async.token
  }
}

// -----

// A pipelined loop advancing the pointer it copies from: the pointer is
// carried in the narrow layout (it and the loop-invariant step converted
// once before the loop): no conversion in the loop.
#b16 = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#sh8 = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 16, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @carried
  // CHECK: %[[INIT:.*]] = ttg.convert_layout %arg0 {{.*}} -> tensor<64x256x!tt.ptr<i8>, #[[B8:.*]]>
  // CHECK: %[[STEP:.*]] = ttg.convert_layout %{{.*}} -> tensor<64x256xi32, #[[B8]]>
  // CHECK: scf.for {{.*}} iter_args(%[[ARG:.*]] = %[[INIT]]) -> (tensor<64x256x!tt.ptr<i8>, #[[B8]]>)
  // CHECK-NOT: ttg.convert_layout
  // CHECK: %[[NEXT:.*]] = tt.addptr %[[ARG]], %[[STEP]] : tensor<64x256x!tt.ptr<i8>, #[[B8]]>
  // CHECK: ttg.async_copy_global_to_local %[[NEXT]], %{{.*}} : tensor<64x256x!tt.ptr<i8>, #[[B8]]>
  // CHECK: scf.yield %[[NEXT]]
  // CLEAN-LABEL: tt.func @carried
  // CLEAN: scf.for
  // CLEAN-NOT: ttg.convert_layout
  // CLEAN: scf.yield
  tt.func @carried(%p0: tensor<64x256x!tt.ptr<i8>, #b16>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %step = arith.constant dense<256> : tensor<64x256xi32, #b16>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x256xi8, #sh8, #smem, mutable>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%p = %p0) -> (tensor<64x256x!tt.ptr<i8>, #b16>) : i32 {
      %next = tt.addptr %p, %step : tensor<64x256x!tt.ptr<i8>, #b16>, tensor<64x256xi32, #b16>
      %t = ttg.async_copy_global_to_local %next, %buf : tensor<64x256x!tt.ptr<i8>, #b16> -> <64x256xi8, #sh8, #smem, mutable>
      %g = ttg.async_commit_group tokens %t
      scf.yield %next : tensor<64x256x!tt.ptr<i8>, #b16>
    }
    tt.return
  }
}

// -----

// Left alone: runs as long as the thread's vector (vec = 16), an
// unswizzled buffer (maxPhase = 1: whole rows contiguous), a buffer whose
// fastest dimension is the other one, and a non-swizzled encoding.
#b16 = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#sh16 = #ttg.swizzled_shared<{vec = 16, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#flat = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#cols = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @kept
  // CHECK-NOT: ttg.convert_layout
  // CHECK: tt.return
  tt.func @kept(%p: tensor<64x256x!tt.ptr<i8>, #b16>) {
    %a = ttg.local_alloc : () -> !ttg.memdesc<64x256xi8, #sh16, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<64x256xi8, #flat, #smem, mutable>
    %c = ttg.local_alloc : () -> !ttg.memdesc<64x256xi8, #cols, #smem, mutable>
    %d = ttg.local_alloc : () -> !ttg.memdesc<64x256xi8, #nvmma, #smem, mutable>
    %ta = ttg.async_copy_global_to_local %p, %a : tensor<64x256x!tt.ptr<i8>, #b16> -> <64x256xi8, #sh16, #smem, mutable>
    %tb = ttg.async_copy_global_to_local %p, %b : tensor<64x256x!tt.ptr<i8>, #b16> -> <64x256xi8, #flat, #smem, mutable>
    %tc = ttg.async_copy_global_to_local %p, %c : tensor<64x256x!tt.ptr<i8>, #b16> -> <64x256xi8, #cols, #smem, mutable>
    %td = ttg.async_copy_global_to_local %p, %d : tensor<64x256x!tt.ptr<i8>, #b16> -> <64x256xi8, #nvmma, #smem, mutable>
    tt.return
  }
}
