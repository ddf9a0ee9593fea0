// RUN: tt-opt %s --tt-llir -split-input-file | FileCheck %s

// tf32 (f32 operands, inputPrecision = tf32): 8-deep K steps (m64n128k8),
// four for K = 32, times two 64-row repetitions of the warp group. tf32
// wgmma has the scale immediates but no transpose immediates, so both
// operands are K-major: A row-major, B `transposed = true`. Both
// descriptors are the K-major one of a 128-byte swizzle (32 f32 per row):
// no leading offset, 1024 bytes (8 rows) stride, 0x4000004000000000; each
// K step adds 32 bytes (2 in the >> 4 field), the second repetition's A
// starts 64 rows (8192 bytes, 512) further.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 8]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#sharedT = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 32}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @dot_tf32(
  // CHECK-DAG: %[[DESC:.*]] = llvm.mlir.constant(4611686293305294848 : i64) : i64
  // CHECK-DAG: %[[K1:.*]] = llvm.mlir.constant(2 : i64) : i64
  // CHECK-DAG: llvm.mlir.constant(512 : i64) : i64
  // CHECK: %[[A:.*]] = llvm.or %{{.*}}, %[[DESC]] : i64
  // CHECK: %[[B:.*]] = llvm.or %{{.*}}, %[[DESC]] : i64
  // CHECK: nvvm.wgmma.fence.aligned
  // CHECK: llvm.inline_asm has_side_effects {{.*}}"wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32 {$0,$1,{{.*}},$63}, $128, $129, $130, 1, 1;", "=f,{{.*}},=f,0,1,{{.*}},63,l,l,b" {{.*}}, %[[A]], %[[B]], %{{.*}} : {{.*}} -> !llvm.struct<(f32,
  // CHECK: %[[A1:.*]] = llvm.add %[[A]], %[[K1]] : i64
  // CHECK: %[[B1:.*]] = llvm.add %[[B]], %[[K1]] : i64
  // CHECK: wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32 {{.*}}, 1, 1;", {{.*}}, %[[A1]], %[[B1]], %{{.*}} :
  // CHECK-COUNT-6: wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32 {{.*}}, 1, 1;"
  // CHECK-NOT: wgmma.mma_async
  // CHECK: nvvm.wgmma.commit.group.sync.aligned
  // CHECK-NEXT: wgmma.wait_group.sync.aligned 0;
  tt.func public @dot_tf32(%a: !ttg.memdesc<128x32xf32, #shared, #smem>, %b: !ttg.memdesc<32x128xf32, #sharedT, #smem>, %c: tensor<128x128xf32, #mma>, %p: !tt.ptr<f32>) {
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32} : !ttg.memdesc<128x32xf32, #shared, #smem> * !ttg.memdesc<32x128xf32, #sharedT, #smem> -> tensor<128x128xf32, #mma>
    %s = "tt.reduce"(%d) <{axis = 0 : i32}> ({
    ^bb0(%x: f32, %y: f32):
      %r = arith.addf %x, %y : f32
      tt.reduce.return %r : f32
    }) : (tensor<128x128xf32, #mma>) -> tensor<128xf32, #ttg.slice<{dim = 0, parent = #mma}>>
    %t = "tt.reduce"(%s) <{axis = 0 : i32}> ({
    ^bb0(%x: f32, %y: f32):
      %r = arith.addf %x, %y : f32
      tt.reduce.return %r : f32
    }) : (tensor<128xf32, #ttg.slice<{dim = 0, parent = #mma}>>) -> f32
    tt.store %p, %t : !tt.ptr<f32>
    tt.return
  }
}

// -----

// int8 (upstream's 128x256x128 tile on 8 warps): i8 x i8 accumulating in
// i32 as `.s32.s8.s8` m64n128k32, which has neither scale nor transpose
// immediates (the instruction ends at scale-d) and takes its accumulators
// in 32-bit integer registers ("=r"). Two warp groups stacked along M, each
// with 2 N repetitions x 4 K steps of 32: 8 instructions per warp group.
// Asynchronous, then waited with the accumulators passed through as i32.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 32]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
#sharedT = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 8}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @dot_s8(
  // CHECK-DAG: %[[DESC:.*]] = llvm.mlir.constant(4611686293305294848 : i64) : i64
  // CHECK: %[[A:.*]] = llvm.or %{{.*}}, %[[DESC]] : i64
  // CHECK: %[[B:.*]] = llvm.or %{{.*}}, %[[DESC]] : i64
  // CHECK: nvvm.wgmma.fence.aligned
  // CHECK: llvm.inline_asm has_side_effects {{.*}}"wgmma.mma_async.sync.aligned.m64n128k32.s32.s8.s8 {$0,$1,{{.*}},$63}, $128, $129, $130;", "=r,{{.*}},=r,0,1,{{.*}},63,l,l,b" {{.*}}, %[[A]], %[[B]], %{{.*}} : {{.*}} -> !llvm.struct<(i32,
  // CHECK-COUNT-7: wgmma.mma_async.sync.aligned.m64n128k32.s32.s8.s8 {{.*}}, $130;", "=r,
  // CHECK-NOT: wgmma.mma_async
  // CHECK: nvvm.wgmma.commit.group.sync.aligned
  // CHECK-NOT: wgmma.wait_group
  // CHECK: llvm.inline_asm has_side_effects {{.*}}wgmma.wait_group.sync.aligned 0;", "=r,{{.*}},=r,0,1,{{.*}},127"
  tt.func public @dot_s8(%a: !ttg.memdesc<128x128xi8, #shared, #smem>, %b: !ttg.memdesc<128x256xi8, #sharedT, #smem>, %c: tensor<128x256xi32, #mma>, %p: !tt.ptr<i32>) {
    %d = ttng.warp_group_dot %a, %b, %c {isAsync = true} : !ttg.memdesc<128x128xi8, #shared, #smem> * !ttg.memdesc<128x256xi8, #sharedT, #smem> -> tensor<128x256xi32, #mma>
    %w = ttng.warp_group_dot_wait %d {pendings = 0 : i32} : tensor<128x256xi32, #mma>
    %s = "tt.reduce"(%w) <{axis = 0 : i32}> ({
    ^bb0(%x: i32, %y: i32):
      %r = arith.addi %x, %y : i32
      tt.reduce.return %r : i32
    }) : (tensor<128x256xi32, #mma>) -> tensor<256xi32, #ttg.slice<{dim = 0, parent = #mma}>>
    %t = "tt.reduce"(%s) <{axis = 0 : i32}> ({
    ^bb0(%x: i32, %y: i32):
      %r = arith.addi %x, %y : i32
      tt.reduce.return %r : i32
    }) : (tensor<256xi32, #ttg.slice<{dim = 0, parent = #mma}>>) -> i32
    tt.store %p, %t : !tt.ptr<i32>
    tt.return
  }
}
