// RUN: tt-opt %s --tt-llir -split-input-file | FileCheck %s

// TMA loads on 4 warps. A (128x64 f16, 128-byte swizzle) is one box
// (64 x 128, the swizzle row is 64 elements): warp 0's elected lane issues
// it when %p holds, coordinates innermost first ({y, x}). B (64x256) is
// four 64x64 boxes, box i by warp i: column y + 64 i, landing 8192 i bytes
// into the buffer (the layout's 64-column blocks follow each other). Both
// complete on the mbarrier; no CTA barrier between the announcement, the
// copies and the wait.
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @load(
  // CHECK-SAME: %[[DA:[^:]*]]: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant}, %[[DB:[^:]*]]: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant}, %[[X:[^:]*]]: i32, %[[Y:[^:]*]]: i32, %[[P:[^:]*]]: i1,
  // CHECK-DAG: %[[C0:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK-DAG: %[[C1:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK-DAG: %[[C2:.*]] = llvm.mlir.constant(2 : i32) : i32
  // CHECK-DAG: %[[C6:.*]] = llvm.mlir.constant(6 : i32) : i32
  // CHECK-DAG: %[[BOX:.*]] = llvm.mlir.constant(8192 : i32) : i32
  // CHECK: %[[SMEM:.*]] = llvm.ptrtoint %{{.*}} : !llvm.ptr<3> to i32
  // CHECK: %[[BAR:.*]] = llvm.add %[[SMEM]], %{{.*}} : i32
  // CHECK: %[[ABUF:.*]] = llvm.add %[[SMEM]], %{{.*}} : i32
  // CHECK: mbarrier.init
  // CHECK: nvvm.barrier0
  // CHECK: mbarrier.arrive.expect_tx.shared::cta.b64 _, [$1], 49152;
  // CHECK-NOT: nvvm.barrier0
  // CHECK: %[[DA64:.*]] = llvm.ptrtoint %[[DA]] : !llvm.ptr to i64
  // CHECK: %[[W:.*]] = nvvm.shfl.sync idx %{{.*}}, %{{.*}}, %[[C0]], %{{.*}} : i32 -> i32
  // CHECK-NEXT: %[[E:.*]] = nvvm.elect.sync -> i1
  // CHECK-NEXT: %[[EP:.*]] = llvm.and %[[P]], %[[E]] : i1
  // CHECK-NEXT: %[[W0:.*]] = llvm.icmp "ult" %[[W]], %[[C1]] : i32
  // CHECK-NEXT: %[[PA:.*]] = llvm.and %[[EP]], %[[W0]] : i1
  // CHECK-NEXT: %[[DSTA:.*]] = llvm.add %[[ABUF]], %[[C0]] : i32
  // CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att "@$0 cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [$1], [$2, {$3, $4}], [$5];", "b,r,l,r,r,r" %[[PA]], %[[DSTA]], %[[DA64]], %[[Y]], %[[X]], %[[BAR]]
  // CHECK-NOT: nvvm.barrier0
  // CHECK: %[[DB64:.*]] = llvm.ptrtoint %[[DB]] : !llvm.ptr to i64
  // CHECK: %[[WB:.*]] = nvvm.shfl.sync idx
  // CHECK-NEXT: %[[EB:.*]] = nvvm.elect.sync -> i1
  // CHECK-NEXT: %[[PB:.*]] = llvm.and %[[P]], %[[EB]] : i1
  // CHECK-NEXT: %[[B0:.*]] = llvm.and %[[WB]], %[[C1]] : i32
  // CHECK-NEXT: %[[S0:.*]] = llvm.shl %[[B0]], %[[C6]] : i32
  // CHECK-NEXT: %[[Y0:.*]] = llvm.add %[[Y]], %[[S0]] : i32
  // CHECK-NEXT: %[[B1:.*]] = llvm.and %[[WB]], %[[C2]] : i32
  // CHECK-NEXT: %[[S1:.*]] = llvm.shl %[[B1]], %[[C6]] : i32
  // CHECK-NEXT: %[[YB:.*]] = llvm.add %[[Y0]], %[[S1]] : i32
  // CHECK-NEXT: %[[OFF:.*]] = llvm.mul %[[WB]], %[[BOX]] : i32
  // CHECK-NEXT: %[[DSTB:.*]] = llvm.add %[[SMEM]], %[[OFF]] : i32
  // CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att "@$0 cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [$1], [$2, {$3, $4}], [$5];", "b,r,l,r,r,r" %[[PB]], %[[DSTB]], %[[DB64]], %[[YB]], %[[X]], %[[BAR]]
  // CHECK-NOT: nvvm.barrier0
  // CHECK: mbarrier.try_wait.parity.shared::cta.b64
  tt.func public @load(%da: !tt.tensordesc<tensor<128x64xf16, #shared>>, %db: !tt.tensordesc<tensor<64x256xf16, #shared>>, %x: i32, %y: i32, %p: i1) {
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    %a = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<64x256xf16, #shared, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.barrier_expect %bar, 49152, %p : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.async_tma_copy_global_to_local %da[%x, %y] %a, %bar, %p : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ttng.async_tma_copy_global_to_local %db[%x, %y] %b, %bar, %p : !tt.tensordesc<tensor<64x256xf16, #shared>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x256xf16, #shared, #smem, mutable>
    %c0 = arith.constant 0 : i32
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    tt.return
  }
}

// -----

// More boxes than warps: a 64x512 block is eight 64x64 boxes, so each of
// the 4 warps issues two, boxes w and w + 4. An unswizzled 32x32 f32 block
// is one box (128-byte rows).
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared0 = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 32}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @rounds(
  // CHECK-DAG: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
  // CHECK-DAG: %[[BOX:.*]] = llvm.mlir.constant(8192 : i32) : i32
  // CHECK: %[[W:.*]] = nvvm.shfl.sync idx
  // CHECK: %[[OFF0:.*]] = llvm.mul %[[W]], %[[BOX]] : i32
  // CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
  // CHECK: %[[W4:.*]] = llvm.add %[[W]], %[[C4]] : i32
  // CHECK: %[[OFF1:.*]] = llvm.mul %[[W4]], %[[BOX]] : i32
  // CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
  // CHECK: nvvm.elect.sync
  // CHECK: llvm.icmp "ult"
  // CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
  // CHECK-NOT: cp.async.bulk.tensor
  // CHECK: llvm.return
  tt.func public @rounds(%d: !tt.tensordesc<tensor<64x512xf16, #shared>>, %d0: !tt.tensordesc<tensor<32x32xf32, #shared0>>, %x: i32, %y: i32, %p: i1) {
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<64x512xf16, #shared, #smem, mutable>
    %c = ttg.local_alloc : () -> !ttg.memdesc<32x32xf32, #shared0, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.async_tma_copy_global_to_local %d[%x, %y] %b, %bar, %p : !tt.tensordesc<tensor<64x512xf16, #shared>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x512xf16, #shared, #smem, mutable>
    ttng.async_tma_copy_global_to_local %d0[%x, %y] %c, %bar, %p : !tt.tensordesc<tensor<32x32xf32, #shared0>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<32x32xf32, #shared0, #smem, mutable>
    tt.return
  }
}

// -----

// A TMA store on 8 warps: the result stored into its 128-byte-swizzled
// buffer, the proxy fence, a barrier, then four 128x64 boxes (16384 bytes
// each) by warps 0-3 (the others have none), every thread closing its bulk
// group; the store wait is cp.async.bulk.wait_group.read.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @store(
  // CHECK-SAME: %[[D:[^:]*]]: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant}, %{{[^:]*}}: !llvm.struct<{{.*}}>, %[[X:[^:]*]]: i32, %[[Y:[^:]*]]: i32,
  // CHECK-DAG: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
  // CHECK-DAG: %[[BOX:.*]] = llvm.mlir.constant(16384 : i32) : i32
  // CHECK: stmatrix.sync.aligned.m8n8.x4.shared.b16
  // CHECK: fence.proxy.async.shared::cta;
  // CHECK-NEXT: nvvm.barrier0
  // CHECK-NEXT: %[[D64:.*]] = llvm.ptrtoint %[[D]] : !llvm.ptr to i64
  // CHECK-NEXT: %[[W:.*]] = nvvm.shfl.sync idx
  // CHECK-NEXT: %[[E:.*]] = nvvm.elect.sync -> i1
  // CHECK-NEXT: %[[LT:.*]] = llvm.icmp "ult" %[[W]], %[[C4]] : i32
  // CHECK-NEXT: %[[PR:.*]] = llvm.and %[[E]], %[[LT]] : i1
  // CHECK: %[[OFF:.*]] = llvm.mul %[[W]], %[[BOX]] : i32
  // CHECK-NEXT: %[[SRC:.*]] = llvm.add %{{.*}}, %[[OFF]] : i32
  // CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att "@$0 cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [$1, {$2, $3}], [$4];", "b,l,r,r,r" %[[PR]], %[[D64]], %{{.*}}, %[[X]], %[[SRC]]
  // CHECK-NEXT: nvvm.cp.async.bulk.commit.group
  // CHECK-NEXT: nvvm.cp.async.bulk.wait_group 0 {read}
  // CHECK-NEXT: llvm.return
  tt.func public @store(%d: !tt.tensordesc<tensor<128x256xf16, #shared>>, %v: tensor<128x256xf16, #mma>, %x: i32, %y: i32) {
    %s = ttg.local_alloc %v : (tensor<128x256xf16, #mma>) -> !ttg.memdesc<128x256xf16, #shared, #smem>
    ttng.fence_async_shared {bCluster = false}
    ttng.async_tma_copy_local_to_global %d[%x, %y] %s : !tt.tensordesc<tensor<128x256xf16, #shared>>, !ttg.memdesc<128x256xf16, #shared, #smem>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }
}
