// RUN: tt-opt %s --allocate-shared-memory --insert-shared-memory-barriers -split-input-file | FileCheck %s

// A store then a load of the same buffer by other threads: a barrier
// between them. Two loads: none. A store to another buffer after a load:
// none. A store after a load of the same buffer: a barrier.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @hazards
  tt.func public @hazards(%x: tensor<64x64xf16, #blocked>, %p: tensor<64x64x!tt.ptr<f16>, #blocked1>) {
    %a = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    // CHECK: ttg.local_store
    // CHECK-NEXT: ttg.local_barrier
    // CHECK-NEXT: ttg.local_load
    // CHECK-NEXT: ttg.local_load
    // CHECK-NEXT: ttg.local_store
    // CHECK-NEXT: ttg.local_barrier
    // CHECK-NEXT: ttg.local_store
    ttg.local_store %x, %a : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %l0 = ttg.local_load %a : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf16, #blocked1>
    %l1 = ttg.local_load %a : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf16, #blocked1>
    ttg.local_store %x, %b : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttg.local_store %x, %a : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    tt.store %p, %l0 : tensor<64x64x!tt.ptr<f16>, #blocked1>
    tt.store %p, %l1 : tensor<64x64x!tt.ptr<f16>, #blocked1>
    tt.return
  }
}

// -----

// A software-pipelined wgmma loop (the shape of upstream's pipeliner
// output): copies in flight are not retired by barriers, only by
// ttg.async_wait; the barrier goes after the wait, before the wgmma reads
// the stage. The wgmma's reads end at warp_group_dot_wait, and the next
// copies into the buffers it read need a barrier. The copies of the
// prologue, into distinct stages and read by nobody yet, need none; the
// layout conversion after the loop synchronizes itself.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @pipelined
  tt.func public @pipelined(%pa: tensor<128x64x!tt.ptr<f16>, #blocked>, %pb: tensor<64x128x!tt.ptr<f16>, #blocked1>, %pc: tensor<128x128x!tt.ptr<f16>, #blocked1>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %a = ttg.local_alloc : () -> !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<2x64x128xf16, #shared, #smem, mutable>
    // CHECK-COUNT-2: ttg.async_copy_global_to_local
    // CHECK-NOT: ttg.local_barrier
    // CHECK: scf.for
    %a0 = ttg.memdesc_index %a[%c0] : !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    %t0 = ttg.async_copy_global_to_local %pa, %a0 : tensor<128x64x!tt.ptr<f16>, #blocked> -> <128x64xf16, #shared, #smem, mutable>
    %b0 = ttg.memdesc_index %b[%c0] : !ttg.memdesc<2x64x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
    %u0 = ttg.async_copy_global_to_local %pb, %b0 : tensor<64x128x!tt.ptr<f16>, #blocked1> -> <64x128xf16, #shared, #smem, mutable>
    %g0 = ttg.async_commit_group tokens %t0, %u0
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0, %g = %g0) -> (tensor<128x128xf32, #mma>, !ttg.async.token) : i32 {
      // CHECK: ttg.async_wait
      // CHECK: ttg.local_barrier
      // CHECK-NEXT: ttng.warp_group_dot
      %w = ttg.async_wait %g {num = 0 : i32}
      %s = arith.remsi %i, %c2 : i32
      %as = ttg.memdesc_index %a[%s] : !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
      %bs = ttg.memdesc_index %b[%s] : !ttg.memdesc<2x64x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
      %d = ttng.warp_group_dot %as, %bs, %acc {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x128xf16, #shared, #smem, mutable> -> tensor<128x128xf32, #mma>
      // CHECK: ttng.warp_group_dot_wait
      // CHECK: ttg.local_barrier
      // CHECK-NEXT: ttg.async_copy_global_to_local
      // CHECK-NEXT: ttg.async_copy_global_to_local
      // CHECK-NEXT: ttg.async_commit_group
      %dw:3 = ttng.warp_group_dot_wait %d, %as, %bs {pendings = 0 : i32} : tensor<128x128xf32, #mma>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
      %nx = arith.subi %c1, %s : i32
      %an = ttg.memdesc_index %a[%nx] : !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
      %bn = ttg.memdesc_index %b[%nx] : !ttg.memdesc<2x64x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
      %t = ttg.async_copy_global_to_local %pa, %an : tensor<128x64x!tt.ptr<f16>, #blocked> -> <128x64xf16, #shared, #smem, mutable>
      %u = ttg.async_copy_global_to_local %pb, %bn : tensor<64x128x!tt.ptr<f16>, #blocked1> -> <64x128xf16, #shared, #smem, mutable>
      %gn = ttg.async_commit_group tokens %t, %u
      scf.yield %dw#0, %gn : tensor<128x128xf32, #mma>, !ttg.async.token
    }
    // CHECK: ttg.async_wait {num = 0 : i32}
    // CHECK-NEXT: ttg.local_dealloc
    // CHECK-NEXT: ttg.local_dealloc
    // CHECK-NEXT: arith.truncf
    // CHECK-NEXT: ttg.convert_layout
    %z = ttg.async_wait {num = 0 : i32}
    ttg.local_dealloc %a : !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable>
    ttg.local_dealloc %b : !ttg.memdesc<2x64x128xf16, #shared, #smem, mutable>
    %h = arith.truncf %r#0 : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
    %cv = ttg.convert_layout %h : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked1>
    tt.store %pc, %cv : tensor<128x128x!tt.ptr<f16>, #blocked1>
    tt.return
  }
}

// -----

// wgmma reads through the asynchronous proxy: a buffer written by ordinary
// stores (a local_alloc with a source) needs fence.proxy.async after the
// stores and before the barrier that precedes the read. When the loop around
// the read writes no shared memory, the fence goes before the loop.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @fence
  tt.func public @fence(%x: tensor<64x64xf16, #blocked>, %acc: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    // CHECK: ttg.local_alloc %
    // CHECK-NEXT: ttg.local_alloc %
    // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
    // CHECK-NEXT: ttg.local_barrier
    // CHECK-NEXT: ttng.warp_group_dot
    %a = ttg.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    %b = ttg.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    %d = ttng.warp_group_dot %a, %b, %acc : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }

  // CHECK-LABEL: tt.func public @hoisted
  tt.func public @hoisted(%x: tensor<64x64xf16, #blocked>, %acc0: tensor<64x64xf32, #mma>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    // CHECK: ttg.local_alloc %
    // CHECK: ttng.fence_async_shared {bCluster = false}
    // CHECK-NEXT: scf.for
    // CHECK-NOT: ttng.fence_async_shared
    // CHECK: ttg.local_barrier
    // CHECK-NEXT: ttng.warp_group_dot
    // CHECK-NOT: ttng.fence_async_shared
    // CHECK: tt.return
    %a = ttg.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (tensor<64x64xf32, #mma>) : i32 {
      %d = ttng.warp_group_dot %a, %a, %acc : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }

  // Copies made with cp.async are not fenced (upstream does not either).
  // CHECK-LABEL: tt.func public @cpasync
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK: tt.return
  tt.func public @cpasync(%p: tensor<64x64x!tt.ptr<f16>, #blocked>, %acc: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %a = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %t = ttg.async_copy_global_to_local %p, %a : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
    %g = ttg.async_commit_group tokens %t
    %w = ttg.async_wait %g {num = 0 : i32}
    %d = ttng.warp_group_dot %a, %a, %acc : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}
