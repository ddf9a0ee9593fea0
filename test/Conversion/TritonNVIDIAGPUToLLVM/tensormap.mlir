// RUN: tt-opt %s --tt-llir -split-input-file | FileCheck %s

// A 2-D descriptor of a row-major f16 matrix made on the device, as
// upstream 3.6 emits it for `tl.make_tensor_descriptor`: a CTA barrier (its
// shared staging buffer is scratch space), the 128-byte staging buffer
// aligned up to 128 inside its 256 scratch bytes and zeroed by warp 0 (one
// word per lane), thread 0 replacing every field (rank 1 means 2-D; boxes,
// sizes and strides innermost first; the f16 element type 6, 128-byte
// swizzle 3), then warp 0 copying it to its global-scratch slot with the
// release fence. The acquire: warp 0 fences the descriptor through its
// generic address and waits for its bulk copies, then a CTA barrier. The
// descriptor is that generic address.
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK: module attributes {ttg.global_scratch_memory_alignment = 128 : i32, ttg.global_scratch_memory_size = 128 : i32
  // CHECK-SAME: ttg.shared = 256 : i32
  // CHECK-LABEL: llvm.func @create(
  // CHECK-SAME: %[[BASE:[^:]*]]: !llvm.ptr<1>, %[[ROWS:[^:]*]]: i32, %[[COLS:[^:]*]]: i32, %[[SCRATCH:[^:]*]]: !llvm.ptr<1>
  // CHECK-DAG: %[[C1:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK-DAG: %[[C64:.*]] = llvm.mlir.constant(64 : i32) : i32
  // CHECK-DAG: %[[C128:.*]] = llvm.mlir.constant(128 : i32) : i32
  // CHECK: %[[STRIDE:.*]] = llvm.mul %{{.*}}, %{{.*}} : i64
  // CHECK: %[[SLOT:.*]] = llvm.getelementptr %[[SCRATCH]][%{{.*}}] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i8
  // CHECK: %[[SMEM:.*]] = llvm.ptrtoint %{{.*}} : !llvm.ptr<3> to i32
  // CHECK-NEXT: nvvm.barrier0
  // CHECK-NEXT: %[[UP:.*]] = llvm.add %[[SMEM]], %{{.*}} : i32
  // CHECK-NEXT: %[[STAGE:.*]] = llvm.and %[[UP]], %{{.*}} : i32
  // CHECK-NEXT: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
  // CHECK-NEXT: %[[WARP0:.*]] = llvm.icmp "ult" %[[TID]], %{{.*}} : i32
  // CHECK-NEXT: %[[THREAD0:.*]] = llvm.icmp "eq" %[[TID]], %{{.*}} : i32
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "@$0 st.shared.b32 [$1], $2;", "b,r,r" %[[WARP0]],
  // CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att "bar.warp.sync -1;"
  // CHECK-NEXT: %[[STAGE64:.*]] = llvm.zext %[[STAGE]] : i32 to i64
  // CHECK-NEXT: %[[ADDR:.*]] = llvm.ptrtoint %[[BASE]] : !llvm.ptr<1> to i64
  // CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att
  // CHECK-SAME: "@$0 tensormap.replace.tile.global_address.shared::cta.b1024.b64 [$1], $2;
  // CHECK-SAME: @$0 tensormap.replace.tile.rank.shared::cta.b1024.b32 [$1], 1;
  // CHECK-SAME: @$0 tensormap.replace.tile.box_dim.shared::cta.b1024.b32 [$1], 0, $3;
  // CHECK-SAME: @$0 tensormap.replace.tile.box_dim.shared::cta.b1024.b32 [$1], 1, $4;
  // CHECK-SAME: @$0 tensormap.replace.tile.global_dim.shared::cta.b1024.b32 [$1], 0, $5;
  // CHECK-SAME: @$0 tensormap.replace.tile.global_dim.shared::cta.b1024.b32 [$1], 1, $6;
  // CHECK-SAME: @$0 tensormap.replace.tile.global_stride.shared::cta.b1024.b64 [$1], 0, $7;
  // CHECK-SAME: @$0 tensormap.replace.tile.element_stride.shared::cta.b1024.b32 [$1], 0, $8;
  // CHECK-SAME: @$0 tensormap.replace.tile.element_stride.shared::cta.b1024.b32 [$1], 1, $9;
  // CHECK-SAME: @$0 tensormap.replace.tile.elemtype.shared::cta.b1024.b32 [$1], 6;
  // CHECK-SAME: @$0 tensormap.replace.tile.interleave_layout.shared::cta.b1024.b32 [$1], 0;
  // CHECK-SAME: @$0 tensormap.replace.tile.swizzle_mode.shared::cta.b1024.b32 [$1], 3;
  // CHECK-SAME: @$0 tensormap.replace.tile.fill_mode.shared::cta.b1024.b32 [$1], 0;
  // CHECK-SAME: "b,l,l,r,r,r,r,l,r,r" %[[THREAD0]], %[[STAGE64]], %[[ADDR]], %[[C64]], %[[C128]], %[[COLS]], %[[ROWS]], %[[STRIDE]], %[[C1]], %[[C1]] :
  // CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att "bar.warp.sync -1;"
  // CHECK-NEXT: %[[SLOT64:.*]] = llvm.ptrtoint %[[SLOT]] : !llvm.ptr<1> to i64
  // CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att "@$0 tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned [$1], [$2], 128;", "b,l,l" %[[WARP0]], %[[SLOT64]], %[[STAGE64]]
  // CHECK-NEXT: %[[DESC:.*]] = llvm.addrspacecast %[[SLOT]] : !llvm.ptr<1> to !llvm.ptr
  // CHECK-NEXT: %[[DESC64:.*]] = llvm.ptrtoint %[[DESC]] : !llvm.ptr to i64
  // CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att "@$0 fence.proxy.tensormap::generic.acquire.gpu [$1], 128;
  // CHECK-SAME: @$0 cp.async.bulk.commit_group;
  // CHECK-SAME: @$0 cp.async.bulk.wait_group.read 0;", "b,l" %[[WARP0]], %[[DESC64]]
  // CHECK-NEXT: nvvm.barrier0
  // CHECK-NEXT: llvm.return %[[DESC]] : !llvm.ptr
  tt.func public @create(%base: !tt.ptr<f16>, %rows: i32, %cols: i32) -> !tt.tensordesc<tensor<128x64xf16, #shared>> {
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %c128 = arith.constant 128 : i32
    %c2 = arith.constant 2 : i64
    %w = arith.extsi %cols : i32 to i64
    %stride = arith.muli %w, %c2 : i64
    %p = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    ttng.tensormap_create %p, %base, [%c64, %c128], [%cols, %rows], [%stride], [%c1, %c1] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    ttng.tensormap_fenceproxy_acquire %p : !tt.ptr<i8>
    %d = ttng.reinterpret_tensor_descriptor %p : !tt.ptr<i8> to !tt.tensordesc<tensor<128x64xf16, #shared>>
    tt.return %d : !tt.tensordesc<tensor<128x64xf16, #shared>>
  }
}

// -----

// A 3-D descriptor: rank field 2, two byte strides (ordinals 0 and 1), the
// enumerations as given (interleave 0, no swizzle, fill with NaN 1).
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @create3d(
  // CHECK: tensormap.replace.tile.rank.shared::cta.b1024.b32 [$1], 2;
  // CHECK-SAME: tensormap.replace.tile.box_dim.shared::cta.b1024.b32 [$1], 2, $5;
  // CHECK-SAME: tensormap.replace.tile.global_stride.shared::cta.b1024.b64 [$1], 0, $9;
  // CHECK-SAME: tensormap.replace.tile.global_stride.shared::cta.b1024.b64 [$1], 1, $10;
  // CHECK-SAME: tensormap.replace.tile.element_stride.shared::cta.b1024.b32 [$1], 2, $13;
  // CHECK-SAME: tensormap.replace.tile.elemtype.shared::cta.b1024.b32 [$1], 7;
  // CHECK-SAME: tensormap.replace.tile.swizzle_mode.shared::cta.b1024.b32 [$1], 0;
  // CHECK-SAME: tensormap.replace.tile.fill_mode.shared::cta.b1024.b32 [$1], 1;
  // CHECK-SAME: "b,l,l,r,r,r,r,r,r,l,l,r,r,r"
  tt.func public @create3d(%base: !tt.ptr<f32>, %d0: i32, %d1: i32, %d2: i32, %s1: i64, %s2: i64) {
    %c1 = arith.constant 1 : i32
    %c8 = arith.constant 8 : i32
    %c32 = arith.constant 32 : i32
    %p = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    ttng.tensormap_create %p, %base, [%c32, %c8, %c8], [%d2, %d1, %d0], [%s2, %s1], [%c1, %c1, %c1] {elem_type = 7 : i32, fill_mode = 1 : i32, interleave_layout = 0 : i32, swizzle_mode = 0 : i32} : (!tt.ptr<i8>, !tt.ptr<f32>, i32, i32, i32, i32, i32, i32, i64, i64, i32, i32, i32) -> ()
    ttng.tensormap_fenceproxy_acquire %p : !tt.ptr<i8>
    tt.return
  }
}
