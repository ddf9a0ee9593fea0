// RUN: tt-opt %s --tt-llir -split-input-file | FileCheck %s

// An asynchronous 128x128x64 f16 wgmma on 4 warps: two 64-row repetitions
// times four 16-deep K steps, 8 wgmma.mma_async m64n128k16 between a fence
// and a commit. A is K-major (no leading offset, 1024-byte stride offset,
// 128-byte swizzle: 0x4000004000000000); B is N-major (transpose flag 1,
// leading offset 8192 bytes between 64-column swizzle atoms, stride 1024:
// 0x4000004002000000). Each K step adds 32 bytes to A's start address (2 in
// the >> 4 field) and 2048 to B's (128); the second repetition's A starts
// 64 rows (8192 bytes, 512) further. warp_group_dot_wait passes the 64
// accumulator registers through wgmma.wait_group 1.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @dot_async(
  // CHECK-DAG: %[[ADESC:.*]] = llvm.mlir.constant(4611686293305294848 : i64) : i64
  // CHECK-DAG: %[[BDESC:.*]] = llvm.mlir.constant(4611686293338849280 : i64) : i64
  // CHECK-DAG: llvm.mlir.constant(2 : i64) : i64
  // CHECK-DAG: llvm.mlir.constant(128 : i64) : i64
  // CHECK-DAG: llvm.mlir.constant(512 : i64) : i64
  // CHECK: %[[A:.*]] = llvm.or %{{.*}}, %[[ADESC]] : i64
  // CHECK: %[[B:.*]] = llvm.or %{{.*}}, %[[BDESC]] : i64
  // CHECK: nvvm.wgmma.fence.aligned
  // CHECK: llvm.inline_asm has_side_effects {{.*}}"wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {$0,$1,{{.*}},$63}, $128, $129, $130, 1, 1, 0, 1;", "=f,{{.*}},=f,0,1,{{.*}},63,l,l,b" {{.*}}, %[[A]], %[[B]], %{{.*}} :
  // CHECK-COUNT-7: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
  // CHECK: nvvm.wgmma.commit.group.sync.aligned
  // CHECK: llvm.inline_asm has_side_effects {{.*}}wgmma.wait_group.sync.aligned 1;", "=f,{{.*}},=f,0,1,{{.*}},127"
  tt.func public @dot_async(%a: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, %b: !ttg.memdesc<64x128xf16, #shared, #smem, mutable>, %c: tensor<128x128xf32, #mma>, %p: !tt.ptr<f32>) {
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x128xf16, #shared, #smem, mutable> -> tensor<128x128xf32, #mma>
    %w:3 = ttng.warp_group_dot_wait %d, %a, %b {pendings = 1 : i32} : tensor<128x128xf32, #mma>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
    %s = "tt.reduce"(%w#0) <{axis = 0 : i32}> ({
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

// bf16 operands, synchronous (no isAsync): the group is waited for at once.
// With 8 warps (two warp groups stacked along M) each warp group reads its
// own 64 rows of A: 8192 bytes further for warps 4-7, a runtime part of the
// start address; N = 256 in one m64n256k16 instruction per K step.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @dot_bf16(
  // CHECK: llvm.mlir.constant(8192 : i32) : i32
  // CHECK: nvvm.wgmma.fence.aligned
  // CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16 {$0,{{.*}},$127}, $256, $257, $258, 1, 1, 0, 1;
  // CHECK-NOT: wgmma.mma_async
  // CHECK: nvvm.wgmma.commit.group.sync.aligned
  // CHECK-NEXT: wgmma.wait_group.sync.aligned 0;
  tt.func public @dot_bf16(%a: !ttg.memdesc<128x64xbf16, #shared, #smem>, %b: !ttg.memdesc<64x256xbf16, #shared, #smem>, %c: tensor<128x256xf32, #mma>, %p: !tt.ptr<f32>) {
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xbf16, #shared, #smem> * !ttg.memdesc<64x256xbf16, #shared, #smem> -> tensor<128x256xf32, #mma>
    %s = "tt.reduce"(%d) <{axis = 0 : i32}> ({
    ^bb0(%x: f32, %y: f32):
      %r = arith.addf %x, %y : f32
      tt.reduce.return %r : f32
    }) : (tensor<128x256xf32, #mma>) -> tensor<256xf32, #ttg.slice<{dim = 0, parent = #mma}>>
    %t = "tt.reduce"(%s) <{axis = 0 : i32}> ({
    ^bb0(%x: f32, %y: f32):
      %r = arith.addf %x, %y : f32
      tt.reduce.return %r : f32
    }) : (tensor<256xf32, #ttg.slice<{dim = 0, parent = #mma}>>) -> f32
    tt.store %p, %t : !tt.ptr<f32>
    tt.return
  }
}
