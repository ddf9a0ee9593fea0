// RUN: tt-opt %s --tt-llir -split-input-file | FileCheck %s

// local_store / local_load of a 128x64 f16 tile in a 128-byte swizzled
// buffer: each thread's 8 consecutive halves are one 16-byte access; the
// swizzle only permutes 16-byte chunks within 8-row groups, so the rows a
// thread's registers add (16 apart) are address immediates 2048 bytes apart.
// memdesc_index moves the address by index * 16384 bytes.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK: llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64}
  // CHECK-LABEL: llvm.func @roundtrip(
  // CHECK: %[[SLICE:.*]] = llvm.mlir.constant(16384 : i32) : i32
  // CHECK: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
  // CHECK: llvm.ptrtoint %[[SMEM]] : !llvm.ptr<3> to i32
  // CHECK: llvm.mul %{{.*}}, %[[SLICE]] : i32
  // CHECK: llvm.store %{{.*}}, %[[P0:.*]] {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<3>
  // CHECK: %[[P1:.*]] = llvm.getelementptr %[[P0]][2048] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
  // CHECK: llvm.store %{{.*}}, %[[P1]] {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<3>
  // CHECK-COUNT-6: llvm.store %{{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<3>
  // CHECK-NEXT: nvvm.barrier0
  // CHECK-NEXT: llvm.load %[[P0]] {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xi32>
  // CHECK: llvm.load %[[P1]] {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xi32>
  tt.func public @roundtrip(%x: tensor<128x64xf16, #blocked>, %p: tensor<128x64x!tt.ptr<f16>, #blocked>, %i: i32) {
    %a = ttg.local_alloc : () -> !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable>
    %s = ttg.memdesc_index %a[%i] : !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ttg.local_store %x, %s : tensor<128x64xf16, #blocked> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    %l = ttg.local_load %s : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> -> tensor<128x64xf16, #blocked>
    tt.store %p, %l : tensor<128x64x!tt.ptr<f16>, #blocked>
    tt.return
  }
}

// -----

// cp.async of 16-byte vectors into a swizzled tile: one copy per 8 halves,
// the destination's register part as the immediate, a masked-off vector
// copying 0 bytes (zero fill). Groups: cp.async.commit_group / wait_group.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @copy(
  // CHECK-DAG: %[[SIXTEEN:.*]] = llvm.mlir.constant(16 : i32) : i32
  // CHECK-DAG: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK: %[[N:.*]] = llvm.select %{{.*}}, %[[SIXTEEN]], %[[ZERO]] : i1, i32
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "cp.async.cg.shared.global [ $0 + 0 ], [ $1 + 0 ], 16, $2;", "r,l,r" %{{.*}}, %{{.*}}, %[[N]]
  // CHECK: "cp.async.cg.shared.global [ $0 + 2048 ], [ $1 + 0 ], 16, $2;"
  // CHECK-COUNT-6: cp.async.cg.shared.global
  // CHECK: nvvm.cp.async.commit.group
  // CHECK: nvvm.cp.async.wait.group 0
  // CHECK: nvvm.barrier0
  tt.func public @copy(%p: tensor<128x64x!tt.ptr<f16>, #blocked> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}, %q: tensor<128x64x!tt.ptr<f16>, #blocked>) {
    %zero = arith.constant dense<0.000000e+00> : tensor<128x64xf16, #blocked>
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %e = tt.expand_dims %r {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %ns = tt.splat %n : i32 -> tensor<1x64xi32, #blocked>
    %m1 = arith.cmpi slt, %e, %ns : tensor<1x64xi32, #blocked>
    %m = tt.broadcast %m1 : tensor<1x64xi1, #blocked> -> tensor<128x64xi1, #blocked>
    %a = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    %t = ttg.async_copy_global_to_local %p, %a mask %m other %zero {contiguity = 8 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked> -> <128x64xf16, #shared, #smem, mutable>
    %g = ttg.async_commit_group tokens %t
    %w = ttg.async_wait %g {num = 0 : i32}
    %l = ttg.local_load %a : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> -> tensor<128x64xf16, #blocked>
    tt.store %q, %l : tensor<128x64x!tt.ptr<f16>, #blocked>
    tt.return
  }
}

// -----

// The proxy fence and the mbarrier operations; the barrier's initialization
// is made visible to every thread before its first use, and the last use
// completes before its invalidation.
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @barriers(
  // CHECK: "fence.proxy.async.shared::cta;"
  // CHECK: "@$0 mbarrier.init.shared::cta.b64 [$1], 1;", "b,r"
  // CHECK-NEXT: nvvm.barrier0
  // CHECK: "@$0 mbarrier.arrive.expect_tx.shared::cta.b64 _, [$1], 16384;", "b,r"
  // CHECK: "@$0 mbarrier.arrive.shared::cta.b64 _, [$1], 1;", "b,r"
  // CHECK: mbarrier.try_wait.parity.shared::cta.b64 done, [$0], $1;
  // CHECK-SAME: "r,r,b"
  // CHECK-NEXT: nvvm.barrier0
  // CHECK-NEXT: "@$0 mbarrier.inval.shared::cta.b64 [$1];", "b,r"
  tt.func public @barriers(%phase: i32, %pred: i1) {
    ttng.fence_async_shared {bCluster = false}
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.barrier_expect %bar, 16384, %pred : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.wait_barrier %bar, %phase : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    tt.return
  }
}
