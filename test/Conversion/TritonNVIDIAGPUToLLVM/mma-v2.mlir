// RUN: tt-opt %s --tt-llir | FileCheck %s

// Ampere tensor cores: a 64x64x32 f16 tt.dot on a #ttg.nvidia_mma version 2
// accumulator, 4 warps in 2x2. The operands come from swizzled shared
// memory with ldmatrix: A (K contiguous) as x4, one per 16x16 tile; B (N
// contiguous) as x4.trans, two 16x8 tiles each. Each warp's 32x32 result is
// 2x4 tiles of mma.sync m16n8k16, two K steps each: 16 instructions.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @mma(
  // CHECK-COUNT-4: llvm.store %{{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<3>
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-4: "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {$0,$1,$2,$3}, [ $4 + {{[0-9]+}} ];", "=r,=r,=r,=r,r"
  // CHECK-COUNT-4: "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {$0,$1,$2,$3}, [ $4 + {{[0-9]+}} ];", "=r,=r,=r,=r,r"
  // CHECK-COUNT-16: "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {$0,$1,$2,$3}, {$4,$5,$6,$7}, {$8,$9}, {$10,$11,$12,$13};", "=f,=f,=f,=f,r,r,r,r,r,r,0,1,2,3"
  // CHECK-NOT: mma.sync
  tt.func public @mma(%a: tensor<64x32xf16, #blocked>, %b: tensor<32x64xf16, #blocked>, %c: tensor<64x64xf32, #mma>, %p: !tt.ptr<f32>) {
    %as = ttg.local_alloc %a : (tensor<64x32xf16, #blocked>) -> !ttg.memdesc<64x32xf16, #shared, #smem>
    %bs = ttg.local_alloc %b : (tensor<32x64xf16, #blocked>) -> !ttg.memdesc<32x64xf16, #shared, #smem>
    %ad = ttg.local_load %as : !ttg.memdesc<64x32xf16, #shared, #smem> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %bd = ttg.local_load %bs : !ttg.memdesc<32x64xf16, #shared, #smem> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    %d = tt.dot %ad, %bd, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
    %s = "tt.reduce"(%d) <{axis = 0 : i32}> ({
    ^bb0(%x: f32, %y: f32):
      %r = arith.addf %x, %y : f32
      tt.reduce.return %r : f32
    }) : (tensor<64x64xf32, #mma>) -> tensor<64xf32, #ttg.slice<{dim = 0, parent = #mma}>>
    %t = "tt.reduce"(%s) <{axis = 0 : i32}> ({
    ^bb0(%x: f32, %y: f32):
      %r = arith.addf %x, %y : f32
      tt.reduce.return %r : f32
    }) : (tensor<64xf32, #ttg.slice<{dim = 0, parent = #mma}>>) -> f32
    tt.store %p, %t : !tt.ptr<f32>
    tt.return
  }
}
