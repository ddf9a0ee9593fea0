// RUN: tt-opt %s -split-input-file | FileCheck %s
// RUN: tt-opt %s -split-input-file | tt-opt -split-input-file | FileCheck %s
// RUN: tt-opt %s -split-input-file -mlir-print-op-generic | tt-opt -split-input-file | FileCheck %s

// Round trip of every ttg op in upstream Triton 3.6's syntax, through the
// custom and the generic form.

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {

// CHECK-LABEL: tt.func @convert_layout
// CHECK-SAME: (%[[X:.*]]: tensor<64x64xf16, #blocked>)
// CHECK: %[[Y:.*]] = ttg.convert_layout %[[X]] : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #mma>
// CHECK: tt.return %[[Y]]
tt.func @convert_layout(%x: tensor<64x64xf16, #blocked>) -> tensor<64x64xf16, #mma> {
  %y = ttg.convert_layout %x : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #mma>
  tt.return %y : tensor<64x64xf16, #mma>
}

// CHECK-LABEL: tt.func @local_memory
// CHECK-SAME: (%[[T:.*]]: tensor<64x64xf16, #blocked>, %[[I:.*]]: i32)
// CHECK: %[[A:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
// CHECK: %[[S:.*]] = ttg.memdesc_index %[[A]][%[[I]]] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
// CHECK: ttg.local_store %[[T]], %[[S]] : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
// CHECK: ttg.local_barrier
// CHECK: %[[L:.*]] = ttg.local_load %[[S]] : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf16, #blocked1>
// CHECK: %[[C:.*]] = ttg.local_alloc %[[L]] {alignment = 128 : i32} : (tensor<64x64xf16, #blocked1>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
// CHECK: %[[P:.*]] = ttg.memdesc_subslice %[[C]][32, 0] : !ttg.memdesc<64x64xf16, #shared, #smem> -> !ttg.memdesc<32x64xf16, #shared, #smem, 64x64>
// CHECK: %[[TR:.*]] = ttg.memdesc_trans %[[P]] {order = array<i32: 1, 0>} : !ttg.memdesc<32x64xf16, #shared, #smem, 64x64> -> !ttg.memdesc<64x32xf16, #shared1, #smem, 64x64>
// CHECK: ttg.memdesc_reshape %[[A]] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
// CHECK: ttg.memdesc_reinterpret %[[A]] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<4096xi64, #shared2, #smem, mutable>
// CHECK: ttg.local_dealloc %[[A]] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
tt.func @local_memory(%t: tensor<64x64xf16, #blocked>, %i: i32) -> tensor<64x64xf16, #blocked1> {
  %a = ttg.local_alloc : () -> !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
  %s = ttg.memdesc_index %a[%i] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
  ttg.local_store %t, %s : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
  ttg.local_barrier
  %l = ttg.local_load %s : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf16, #blocked1>
  %c = ttg.local_alloc %l {alignment = 128 : i32} : (tensor<64x64xf16, #blocked1>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
  %p = ttg.memdesc_subslice %c [32, 0] : !ttg.memdesc<64x64xf16, #shared, #smem> -> !ttg.memdesc<32x64xf16, #shared, #smem, 64x64>
  %tr = ttg.memdesc_trans %p {order = array<i32: 1, 0>} : !ttg.memdesc<32x64xf16, #shared, #smem, 64x64> -> !ttg.memdesc<64x32xf16, #shared1, #smem, 64x64>
  %r = ttg.memdesc_reshape %a : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
  %q = ttg.memdesc_reinterpret %a : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<4096xi64, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, #smem, mutable>
  ttg.local_dealloc %a : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
  tt.return %l : tensor<64x64xf16, #blocked1>
}

// CHECK-LABEL: tt.func @async_copies
// CHECK-SAME: (%[[PTRS:[^:]*]]: tensor<64x64x!tt.ptr<f16>, #blocked>, %[[MASK:[^:]*]]: tensor<64x64xi1, #blocked>, %[[BUF:[^:]*]]: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>)
// CHECK: %[[ZERO:.*]] = arith.constant
// CHECK: %[[T0:.*]] = ttg.async_copy_global_to_local %[[PTRS]], %[[BUF]] mask %[[MASK]] other %[[ZERO]] {contiguity = 8 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
// CHECK: %[[T1:.*]] = ttg.async_copy_global_to_local %[[PTRS]], %[[BUF]] cacheModifier = cg evictionPolicy = evict_last : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
// CHECK: %[[G:.*]] = ttg.async_commit_group tokens %[[T0]], %[[T1]]
// CHECK: %[[E:.*]] = ttg.async_commit_group{{$}}
// CHECK: %[[W:.*]] = ttg.async_wait %[[G]], %[[E]] {num = 1 : i32}
// CHECK: ttg.async_wait {num = 0 : i32}
// CHECK: ttg.local_load %[[BUF]] token %[[W]] : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf16, #blocked>
tt.func @async_copies(%ptrs: tensor<64x64x!tt.ptr<f16>, #blocked>, %mask: tensor<64x64xi1, #blocked>,
                      %buf: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>) -> tensor<64x64xf16, #blocked> {
  %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf16, #blocked>
  %t0 = ttg.async_copy_global_to_local %ptrs, %buf mask %mask other %zero {contiguity = 8 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
  %t1 = ttg.async_copy_global_to_local %ptrs, %buf evictionPolicy = evict_last cacheModifier = cg : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
  %g = ttg.async_commit_group tokens %t0, %t1
  %e = ttg.async_commit_group
  %w = ttg.async_wait %g, %e {num = 1 : i32}
  %w0 = ttg.async_wait {num = 0 : i32}
  %l = ttg.local_load %buf token %w : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf16, #blocked>
  tt.return %l : tensor<64x64xf16, #blocked>
}

// CHECK-LABEL: tt.func @barriers
// CHECK: ttg.barrier local{{$}}
// CHECK: ttg.barrier local|global_read|global_write{{$}}
// CHECK: ttg.barrier all{{$}}
// CHECK: ttg.barrier none{{$}}
// CHECK: ttg.barrier local|tensor_write{{$}}
tt.func @barriers() {
  ttg.barrier local
  ttg.barrier global_write | local | global_read
  ttg.barrier local|global_read|global_write|tensor_read|tensor_write
  ttg.barrier none
  ttg.barrier tensor_write|local
  tt.return
}

// CHECK-LABEL: tt.func @misc
// CHECK: %[[SCR:.*]] = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 1024 : i32} : !tt.ptr<i8>
// CHECK: ttg.fp4_to_fp %{{.*}} {axis = 1 : i32} : tensor<64x32xi8, #blocked> -> tensor<64x64xbf16, #blocked>
tt.func @misc(%packed: tensor<64x32xi8, #blocked>) -> !tt.ptr<i8> {
  %p = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 1024 : i32} : !tt.ptr<i8>
  %f = ttg.fp4_to_fp %packed {axis = 1 : i32} : tensor<64x32xi8, #blocked> -> tensor<64x64xbf16, #blocked>
  tt.return %p : !tt.ptr<i8>
}

}

// -----

// tt shape ops infer their result layouts through the ttg layout interface.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked3 = #ttg.blocked<{sizePerThread = [1, 4, 2], threadsPerWarp = [4, 8, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: tt.func @layout_inference
// CHECK: "tt.reduce"
// CHECK: -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK: tt.expand_dims %{{.*}} {axis = 1 : i32} : tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xf32, #blocked>
// CHECK: tt.trans %{{.*}} {order = array<i32: 1, 0>} : tensor<64x32xf32, #blocked> -> tensor<32x64xf32, #blocked{{[0-9]+}}>
// CHECK: tt.join %{{.*}}, %{{.*}} : tensor<64x32xf32, #blocked> -> tensor<64x32x2xf32, #blocked{{[0-9]+}}>
tt.func @layout_inference(%x: tensor<64x32xf32, #blocked>) {
  %r = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<64x32xf32, #blocked>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  %e = tt.expand_dims %r {axis = 1 : i32} : tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xf32, #blocked>
  %t = tt.trans %x {order = array<i32: 1, 0>} : tensor<64x32xf32, #blocked> -> tensor<32x64xf32, #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>>
  %j = tt.join %x, %x : tensor<64x32xf32, #blocked> -> tensor<64x32x2xf32, #blocked3>
  tt.return
}
}
