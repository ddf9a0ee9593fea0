// RUN: tt-opt %s --tt-llir -split-input-file | FileCheck %s

// mma.sync accumulating in f16: each 16x8 tile's four accumulators travel
// as two 32-bit registers of two f16 (packed before the K loop, unpacked
// after it). A batched 2x32x32x32 dot with all 4 warps on the batch dim:
// each warp's batch is 2x4 tiles, two K steps each.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1, 1], instrShape = [1, 16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @batched_f16_acc(
  // CHECK: llvm.bitcast %{{.*}} : vector<2xf16> to i32
  // CHECK-COUNT-16: "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {$0,$1}, {$2,$3,$4,$5}, {$6,$7}, {$8,$9};", "=r,=r,r,r,r,r,r,r,0,1"
  // CHECK-NOT: mma.sync
  // CHECK: llvm.bitcast %{{.*}} : i32 to vector<2xf16>
  tt.func public @batched_f16_acc(%a: tensor<2x32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<2x32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<2x32x32xf16, #mma>) -> tensor<2x32x32xf16, #mma> {
    %d = tt.dot %a, %b, %c : tensor<2x32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<2x32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<2x32x32xf16, #mma>
    tt.return %d : tensor<2x32x32xf16, #mma>
  }
}

// -----

// A result smaller than one tile (2x4, one warp): the instruction computes
// a whole 16x8 tile whose rows and columns wrap onto the tensor's.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @small(
  // CHECK-COUNT-2: "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
  // CHECK-NOT: mma.sync
  tt.func public @small(%a: tensor<2x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<32x4xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<2x4xf32, #mma>) -> tensor<2x4xf32, #mma> {
    %d = tt.dot %a, %b, %c : tensor<2x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x4xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<2x4xf32, #mma>
    tt.return %d : tensor<2x4xf32, #mma>
  }
}

// -----

// wgmma accumulating in f16: N/4 f16x2 registers per instruction (16 for
// m64n64k16), packed before the fence; the wait takes them in pairs. B is
// N-major (its transpose immediate 1).
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @wgmma_f16_acc(
  // CHECK: llvm.bitcast %{{.*}} : vector<2xf16> to i32
  // CHECK: nvvm.wgmma.fence.aligned
  // CHECK-COUNT-4: "wgmma.mma_async.sync.aligned.m64n64k16.f16.f16.f16 {$0,$1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15}, $32, $33, $34, 1, 1, 0, 1;", "=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,l,l,b"
  // CHECK: nvvm.wgmma.commit.group.sync.aligned
  // CHECK: wgmma.wait_group.sync.aligned 0;", "=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15"
  tt.func public @wgmma_f16_acc(%a: !ttg.memdesc<64x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>, %c: tensor<64x64xf16, #mma>) -> tensor<64x64xf16, #mma> {
    %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf16, #mma>
    tt.return %d : tensor<64x64xf16, #mma>
  }
}
