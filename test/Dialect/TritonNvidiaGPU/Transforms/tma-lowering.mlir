// RUN: tt-opt %s -split-input-file --triton-nvidia-tma-lowering --canonicalize | FileCheck %s

// A descriptor made on the device: 128 bytes of global scratch filled by
// tensormap_create. Dimensions go innermost first; a box row is one
// 128-byte swizzle (64 f16) wide; strides are in bytes, the innermost one
// left out.
// CHECK-LABEL: tt.func @make_descriptor
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : i32
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : i64
// CHECK: %[[RAW:.*]] = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
// CHECK: %[[STRIDE:.*]] = arith.muli %arg3, %[[C2]] : i64
// CHECK: ttng.tensormap_create %[[RAW]], %arg0, [%[[C64]], %[[C64]]], [%arg2, %arg1], [%[[STRIDE]]], [%[[C1]], %[[C1]]] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
// CHECK: ttng.tensormap_fenceproxy_acquire %[[RAW]] : !tt.ptr<i8>
// CHECK: %[[DESC:.*]] = ttng.reinterpret_tensor_descriptor %[[RAW]] : !tt.ptr<i8> to !tt.tensordesc<tensor<64x256xf16, #shared>>
// CHECK: tt.return %[[DESC]]
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @make_descriptor(%p: !tt.ptr<f16>, %m: i32, %n: i32, %ld: i64) -> !tt.tensordesc<tensor<64x256xf16, #shared>> {
    %c1 = arith.constant 1 : i64
    %d = tt.make_tensor_descriptor %p, [%m, %n], [%ld, %c1] : <f16>, <tensor<64x256xf16, #shared>>
    tt.return %d : !tt.tensordesc<tensor<64x256xf16, #shared>>
  }
}

// -----

// Element codes and boxes: bf16 (10) with a 64-byte swizzle, i8 (0)
// without swizzle (the box is the block, at most 256 per dimension), f32
// (7) of rank 3 with NaN padding (fill mode 1).
// CHECK-LABEL: tt.func @codes
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : i32
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : i32
// CHECK-DAG: %[[C256:.*]] = arith.constant 256 : i32
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : i32
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : i32
// CHECK: ttng.tensormap_create {{.*}}, [%[[C32]], %[[C16]]], {{.*}} {elem_type = 10 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 2 : i32}
// CHECK: ttng.tensormap_create {{.*}}, [%[[C16]], %[[C256]]], {{.*}} {elem_type = 0 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 0 : i32}
// CHECK: ttng.tensormap_create {{.*}}, [%[[C32]], %[[C8]], %[[C4]]], [%arg1, %arg1, %arg1], [%{{.*}}, %{{.*}}], {{.*}} {elem_type = 7 : i32, fill_mode = 1 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32}
#nv64 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#flat = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#nv128 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @codes(%p: !tt.ptr<bf16>, %m: i32, %ld: i64, %q: !tt.ptr<i8>, %r: !tt.ptr<f32>) -> (!tt.tensordesc<tensor<16x64xbf16, #nv64>>, !tt.tensordesc<tensor<512x16xi8, #flat>>, !tt.tensordesc<tensor<4x8x32xf32, #nv128>>) {
    %c1 = arith.constant 1 : i64
    %a = tt.make_tensor_descriptor %p, [%m, %m], [%ld, %c1] : <bf16>, <tensor<16x64xbf16, #nv64>>
    %b = tt.make_tensor_descriptor %q, [%m, %m], [%ld, %c1] : <i8>, <tensor<512x16xi8, #flat>>
    %c = tt.make_tensor_descriptor %r, [%m, %m, %m], [%ld, %ld, %c1] {padding = 2 : i32} : <f32>, <tensor<4x8x32xf32, #nv128>>
    tt.return %a, %b, %c : !tt.tensordesc<tensor<16x64xbf16, #nv64>>, !tt.tensordesc<tensor<512x16xi8, #flat>>, !tt.tensordesc<tensor<4x8x32xf32, #nv128>>
  }
}

// -----

// A store: the value goes to shared memory in the descriptor's layout
// (from before the layout conversion), then a proxy fence, the TMA store
// and a wait until it has read the buffer.
// CHECK-LABEL: tt.func @store
// CHECK-NOT: ttg.convert_layout
// CHECK: %[[BUF:.*]] = ttg.local_alloc %arg2 : (tensor<128x256xf16, #mma>) -> !ttg.memdesc<128x256xf16, #shared, #smem>
// CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
// CHECK-NEXT: ttng.async_tma_copy_local_to_global %arg0[%arg1, %arg1] %[[BUF]] : !tt.tensordesc<tensor<128x256xf16, #shared>>, !ttg.memdesc<128x256xf16, #shared, #smem>
// CHECK-NEXT: ttng.async_tma_store_wait {pendings = 0 : i32}
// CHECK-NOT: tt.descriptor_store
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @store(%d: !tt.tensordesc<tensor<128x256xf16, #shared>>, %x: i32, %v: tensor<128x256xf16, #mma>) {
    %b = ttg.convert_layout %v : tensor<128x256xf16, #mma> -> tensor<128x256xf16, #blocked>
    tt.descriptor_store %d[%x, %x], %b : !tt.tensordesc<tensor<128x256xf16, #shared>>, tensor<128x256xf16, #blocked>
    tt.return
  }
}

// -----

// A reduction takes the same path with async_tma_reduce.
// CHECK-LABEL: tt.func @reduce
// CHECK: %[[BUF:.*]] = ttg.local_alloc %arg2 : (tensor<64x64xf32, #blocked>) -> !ttg.memdesc<64x64xf32, #shared, #smem>
// CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
// CHECK-NEXT: ttng.async_tma_reduce add, %arg0[%arg1, %arg1] %[[BUF]]
// CHECK-NEXT: ttng.async_tma_store_wait {pendings = 0 : i32}
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @reduce(%d: !tt.tensordesc<tensor<64x64xf32, #shared>>, %x: i32, %v: tensor<64x64xf32, #blocked>) {
    tt.descriptor_reduce add, %d[%x, %x], %v : !tt.tensordesc<tensor<64x64xf32, #shared>>, tensor<64x64xf32, #blocked>
    tt.return
  }
}

// -----

// A load outside a pipelined loop: a TMA copy into a new buffer, completed
// on a one-shot mbarrier expecting the block's 8192 bytes, then read back.
// CHECK-LABEL: tt.func @load
// CHECK-DAG: %[[TRUE:.*]] = arith.constant true
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
// CHECK: %[[BAR:.*]] = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK: ttng.init_barrier %[[BAR]], 1
// CHECK: ttng.barrier_expect %[[BAR]], 8192, %[[TRUE]]
// CHECK: ttng.async_tma_copy_global_to_local %arg0[%arg1, %arg1] %[[BUF]], %[[BAR]], %[[TRUE]]
// CHECK: ttng.wait_barrier %[[BAR]], %[[ZERO]]
// CHECK: ttng.inval_barrier %[[BAR]]
// CHECK: %[[V:.*]] = ttg.local_load %[[BUF]] : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf16, #blocked>
// CHECK: tt.return %[[V]]
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @load(%d: !tt.tensordesc<tensor<64x64xf16, #shared>>, %x: i32) -> tensor<64x64xf16, #blocked> {
    %t = tt.descriptor_load %d[%x, %x] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
    tt.return %t : tensor<64x64xf16, #blocked>
  }
}

// -----

// A block only stored back to shared memory for wgmma is used where TMA
// put it: no local_load, no second buffer.
// CHECK-LABEL: tt.func @load_for_wgmma
// CHECK: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
// CHECK: ttng.async_tma_copy_global_to_local
// CHECK-NOT: ttg.local_load
// CHECK-NOT: ttg.local_alloc
// CHECK: ttng.warp_group_dot %[[BUF]], %arg2
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @load_for_wgmma(%d: !tt.tensordesc<tensor<128x64xf16, #shared>>, %x: i32, %b: !ttg.memdesc<64x64xf16, #shared, #smem>) -> tensor<128x64xf32, #mma> {
    %zero = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma>
    %t = tt.descriptor_load %d[%x, %x] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
    %a = ttg.local_alloc %t : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %r = ttng.warp_group_dot %a, %b, %zero {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<128x64xf32, #mma>
    tt.return %r : tensor<128x64xf32, #mma>
  }
}
