// RUN: tt-opt %s -split-input-file --triton-nvidia-gpu-fence-insertion | FileCheck %s
// RUN: tt-opt %s -split-input-file --triton-nvidia-gpu-fence-insertion=compute-capability=80 | FileCheck %s --check-prefix=SM80

#b = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // Registers stored to shared memory, then read by wgmma: a proxy fence
  // goes between them.
  // CHECK-LABEL: tt.func @alloc_then_wgmma
  // CHECK: %[[A:.*]] = ttg.local_alloc %arg0
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttng.warp_group_dot %[[A]]
  // SM80-LABEL: tt.func @alloc_then_wgmma
  // SM80-NOT: fence_async_shared
  tt.func @alloc_then_wgmma(%a: tensor<128x64xf16, #b>, %bs: !ttg.memdesc<64x128xf16, #shared, #smem>) -> tensor<128x128xf32, #mma> {
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %as = ttg.local_alloc %a : (tensor<128x64xf16, #b>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %d = ttng.warp_group_dot %as, %bs, %zero {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
    tt.return %d : tensor<128x128xf32, #mma>
  }

  // The store happens before the loop: one fence before the loop covers
  // every iteration.
  // CHECK-LABEL: tt.func @hoisted_out_of_loop
  // CHECK: ttg.local_alloc %arg0
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: scf.for
  // CHECK-NOT: fence_async_shared
  // CHECK: ttng.warp_group_dot
  tt.func @hoisted_out_of_loop(%a: tensor<128x64xf16, #b>, %bs: !ttg.memdesc<64x128xf16, #shared, #smem>, %n: i32) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %as = ttg.local_alloc %a : (tensor<128x64xf16, #b>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x128xf32, #mma>) : i32 {
      %d = ttng.warp_group_dot %as, %bs, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
      scf.yield %d : tensor<128x128xf32, #mma>
    }
    tt.return %r : tensor<128x128xf32, #mma>
  }

  // A buffer written in the loop (local_store through a slot view) needs
  // the fence inside the loop.
  // CHECK-LABEL: tt.func @store_in_loop
  // CHECK: scf.for
  // CHECK: ttg.local_store
  // CHECK: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttng.warp_group_dot
  tt.func @store_in_loop(%a: tensor<128x64xf16, #b>, %bs: !ttg.memdesc<64x128xf16, #shared, #smem>, %n: i32) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x128xf32, #mma>) : i32 {
      %slot = ttg.memdesc_index %buf[%c0] : !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
      ttg.local_store %a, %slot : tensor<128x64xf16, #b> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
      %d = ttng.warp_group_dot %slot, %bs, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
      scf.yield %d : tensor<128x128xf32, #mma>
    }
    tt.return %r : tensor<128x128xf32, #mma>
  }

  // Buffers filled by asynchronous copies (the pipelined form) and kernel
  // arguments need no fence.
  // CHECK-LABEL: tt.func @async_copies
  // CHECK-NOT: fence_async_shared
  // CHECK: tt.return
  tt.func @async_copies(%p: tensor<128x64x!tt.ptr<f16>, #b>, %bs: !ttg.memdesc<64x128xf16, #shared, #smem>) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable>
    %slot = ttg.memdesc_index %buf[%c0] : !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    %t = ttg.async_copy_global_to_local %p, %slot : tensor<128x64x!tt.ptr<f16>, #b> -> <128x64xf16, #shared, #smem, mutable>
    %g = ttg.async_commit_group tokens %t
    %w = ttg.async_wait %g {num = 0 : i32}
    %d = ttng.warp_group_dot %slot, %bs, %zero {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
    tt.return %d : tensor<128x128xf32, #mma>
  }
}
