// RUN: tt-opt %s -split-input-file | FileCheck %s
// RUN: tt-opt %s -split-input-file | tt-opt -split-input-file | FileCheck %s
// RUN: tt-opt %s -split-input-file -mlir-print-op-generic | tt-opt -split-input-file | FileCheck %s

// Round trip of the ttng ops of Hopper TTGIR in upstream Triton 3.6's syntax.

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#shared2 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {

// CHECK-LABEL: tt.func @wgmma
// CHECK-SAME: (%[[A:[^:]*]]: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, %[[B:[^:]*]]: !ttg.memdesc<64x128xf16, #shared, #smem, mutable>, %[[ARF:[^:]*]]: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %[[USE:[^:]*]]: i1)
// CHECK: %[[C:.*]] = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
// CHECK: %[[D:.*]] = ttng.warp_group_dot %[[A]], %[[B]], %[[C]] {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x128xf16, #shared, #smem, mutable> -> tensor<128x128xf32, #mma>
// CHECK: %[[W:.*]]:3 = ttng.warp_group_dot_wait %[[D]], %[[A]], %[[B]] {pendings = 1 : i32} : tensor<128x128xf32, #mma>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
// CHECK: %[[E:.*]] = ttng.warp_group_dot %[[ARF]], %[[B]], %[[W]]#0, %[[USE]] {maxNumImpreciseAcc = 32 : i32} : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x128xf16, #shared, #smem, mutable> -> tensor<128x128xf32, #mma>
// CHECK: %[[F:.*]] = ttng.warp_group_dot_wait %[[E]] {pendings = 0 : i32} : tensor<128x128xf32, #mma>
// CHECK: tt.return %[[F]]
tt.func @wgmma(%a: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, %b: !ttg.memdesc<64x128xf16, #shared, #smem, mutable>,
               %arf: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %use: i1) -> tensor<128x128xf32, #mma> {
  %c = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
  %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x128xf16, #shared, #smem, mutable> -> tensor<128x128xf32, #mma>
  %w:3 = ttng.warp_group_dot_wait %d, %a, %b {pendings = 1 : i32} : tensor<128x128xf32, #mma>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
  %e = ttng.warp_group_dot %arf, %b, %w#0, %use {maxNumImpreciseAcc = 32 : i32, inputPrecision = 2 : i32} : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x128xf16, #shared, #smem, mutable> -> tensor<128x128xf32, #mma>
  %f = ttng.warp_group_dot_wait %e {pendings = 0 : i32} : tensor<128x128xf32, #mma>
  tt.return %f : tensor<128x128xf32, #mma>
}

// CHECK-LABEL: tt.func @mbarriers
// CHECK: %[[BAR:.*]] = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK: ttng.init_barrier %[[BAR]], 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK: ttng.fence_mbarrier_init_release_cluster
// CHECK: ttng.barrier_expect %[[BAR]], 16384, %{{.*}} : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK: ttng.arrive_barrier %[[BAR]], 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK: ttng.arrive_barrier %[[BAR]], 2, %{{.*}} : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK: ttng.wait_barrier %[[BAR]], %{{.*}} : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK: ttng.wait_barrier %[[BAR]], %{{.*}}, %{{.*}} deps %{{.*}} : !ttg.memdesc<1xi64, #shared1, #smem, mutable>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
// CHECK: ttng.async_copy_mbarrier_arrive %[[BAR]] {noIncrement} : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK: ttng.inval_barrier %[[BAR]] : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
// CHECK: ttng.fence_async_shared {bCluster = false}
// CHECK: ttng.cluster_arrive {relaxed = true}
// CHECK: ttng.cluster_wait
tt.func @mbarriers(%phase: i32, %pred: i1, %buf: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>) {
  %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
  ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
  ttng.fence_mbarrier_init_release_cluster
  ttng.barrier_expect %bar, 16384, %pred : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
  ttng.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
  ttng.arrive_barrier %bar, 2, %pred : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
  ttng.wait_barrier %bar, %phase : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
  ttng.wait_barrier %bar, %phase, %pred deps %buf : !ttg.memdesc<1xi64, #shared1, #smem, mutable>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
  ttng.async_copy_mbarrier_arrive %bar {noIncrement} : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
  ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
  ttng.fence_async_shared {bCluster = false}
  ttng.cluster_arrive {relaxed = true}
  ttng.cluster_wait
  tt.return
}

// CHECK-LABEL: tt.func @tma
// CHECK-SAME: (%[[DESC:[^:]*]]: !tt.tensordesc<tensor<128x64xf16, #shared>>
// CHECK: ttng.async_tma_copy_global_to_local %[[DESC]][%[[X:.*]], %[[Y:.*]]] %[[BUF:.*]], %[[BAR:.*]], %[[P:.*]] : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
// CHECK: ttng.async_tma_copy_global_to_local %[[DESC]][%[[X]], %[[Y]]] %[[BUF]], %[[BAR]], %[[P]] cacheModifier = ca evictionPolicy = evict_first : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
// CHECK: ttng.async_tma_copy_local_to_global %[[DESC]][%[[X]], %[[Y]]] %[[BUF]] : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
// CHECK: ttng.async_tma_reduce add, %[[DESC]][%[[X]], %[[Y]]] %[[BUF]] : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
// CHECK: ttng.async_tma_store_wait {pendings = 0 : i32}
tt.func @tma(%desc: !tt.tensordesc<tensor<128x64xf16, #shared>>, %x: i32, %y: i32, %pred: i1,
             %buf: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, %bar: !ttg.memdesc<1xi64, #shared1, #smem, mutable>) {
  ttng.async_tma_copy_global_to_local %desc[%x, %y] %buf, %bar, %pred : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
  ttng.async_tma_copy_global_to_local %desc[%x, %y] %buf, %bar, %pred evictionPolicy = evict_first cacheModifier = ca : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
  ttng.async_tma_copy_local_to_global %desc[%x, %y] %buf : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
  ttng.async_tma_reduce add, %desc[%x, %y] %buf : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
  ttng.async_tma_store_wait {pendings = 0 : i32}
  tt.return
}

// Descriptor blocks keep the frontend's integer signedness (`si8`, `ui32`);
// the buffers they fill are signless: the element types agree by width.
// CHECK-LABEL: tt.func @tma_signed
// CHECK: ttng.async_tma_copy_global_to_local {{.*}} : !tt.tensordesc<tensor<64x64xsi8, #shared2>>, {{.*}} -> !ttg.memdesc<64x64xi8, #shared2, #smem, mutable>
// CHECK: ttng.async_tma_copy_local_to_global {{.*}} : !tt.tensordesc<tensor<64x64xui8, #shared2>>, !ttg.memdesc<64x64xi8, #shared2, #smem, mutable>
tt.func @tma_signed(%desc: !tt.tensordesc<tensor<64x64xsi8, #shared2>>, %udesc: !tt.tensordesc<tensor<64x64xui8, #shared2>>, %x: i32, %pred: i1,
                    %buf: !ttg.memdesc<64x64xi8, #shared2, #smem, mutable>, %bar: !ttg.memdesc<1xi64, #shared1, #smem, mutable>) {
  ttng.async_tma_copy_global_to_local %desc[%x, %x] %buf, %bar, %pred : !tt.tensordesc<tensor<64x64xsi8, #shared2>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xi8, #shared2, #smem, mutable>
  ttng.async_tma_copy_local_to_global %udesc[%x, %x] %buf : !tt.tensordesc<tensor<64x64xui8, #shared2>>, !ttg.memdesc<64x64xi8, #shared2, #smem, mutable>
  tt.return
}

// CHECK-LABEL: tt.func @tma_rows
// CHECK: ttng.async_tma_gather %{{.*}}[%{{.*}}, %{{.*}}] %{{.*}}, %{{.*}}, %{{.*}} : !tt.tensordesc<tensor<1x64xf16, #shared>>, tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>, i32, !ttg.memdesc<1xi64, #shared1, #smem, mutable>, !ttg.memdesc<32x64xf16, #shared, #smem, mutable>, i1
// CHECK: ttng.async_tma_scatter %{{.*}}[%{{.*}}, %{{.*}}] %{{.*}} : !tt.tensordesc<tensor<1x64xf16, #shared>>, tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>, i32, !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
tt.func @tma_rows(%desc: !tt.tensordesc<tensor<1x64xf16, #shared>>,
                  %rows: tensor<32xi32, #ttg.slice<{dim = 0, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>}>>,
                  %col: i32, %pred: i1, %buf: !ttg.memdesc<32x64xf16, #shared, #smem, mutable>, %bar: !ttg.memdesc<1xi64, #shared1, #smem, mutable>) {
  ttng.async_tma_gather %desc[%rows, %col] %buf, %bar, %pred : !tt.tensordesc<tensor<1x64xf16, #shared>>, tensor<32xi32, #ttg.slice<{dim = 0, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>}>>, i32, !ttg.memdesc<1xi64, #shared1, #smem, mutable>, !ttg.memdesc<32x64xf16, #shared, #smem, mutable>, i1
  ttng.async_tma_scatter %desc[%rows, %col] %buf : !tt.tensordesc<tensor<1x64xf16, #shared>>, tensor<32xi32, #ttg.slice<{dim = 0, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>}>>, i32, !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
  tt.return
}

// CHECK-LABEL: tt.func @tensormaps
// CHECK-SAME: (%[[D:[^:]*]]: !tt.ptr<i8>, %[[G:[^:]*]]: !tt.ptr<f16>, %[[S:[^:]*]]: i32, %[[ST:[^:]*]]: i64)
// CHECK: ttng.tensormap_create %[[D]], %[[G]], [%[[S]], %[[S]]], [%[[S]], %[[S]]], [%[[ST]]], [%[[S]], %[[S]]] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
// CHECK: ttng.tensormap_fenceproxy_acquire %[[D]] : !tt.ptr<i8>
// CHECK: %[[DESC:.*]] = ttng.reinterpret_tensor_descriptor %[[D]] : !tt.ptr<i8> to !tt.tensordesc<tensor<128x64xf16, #shared>>
// CHECK: tt.return %[[DESC]]
tt.func @tensormaps(%desc: !tt.ptr<i8>, %base: !tt.ptr<f16>, %size: i32, %stride: i64) -> !tt.tensordesc<tensor<128x64xf16, #shared>> {
  ttng.tensormap_create %desc, %base, [%size, %size], [%size, %size], [%stride], [%size, %size] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
  ttng.tensormap_fenceproxy_acquire %desc : !tt.ptr<i8>
  %d = ttng.reinterpret_tensor_descriptor %desc : !tt.ptr<i8> to !tt.tensordesc<tensor<128x64xf16, #shared>>
  tt.return %d : !tt.tensordesc<tensor<128x64xf16, #shared>>
}

}
