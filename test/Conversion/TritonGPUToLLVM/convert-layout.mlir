// RUN: tt-opt %s --tt-llir -split-input-file | FileCheck %s

// The matmul epilogue on Hopper: the f16 result in the wgmma accumulator
// layout (#ttg.nvidia_mma version 3, 8 warps of 16 rows each) goes to
// 16-byte rows for the global stores. Each thread's 64 pair registers
// leave in 16 stmatrix x4 (one 16-byte row address per lane), into an
// unpadded 64 KiB buffer (no padding: the chunks are XOR-swizzled), and
// come back as 16 16-byte loads. No 4-byte shared stores are left.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 65536 : i32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @mma_v3(
  // CHECK: nvvm.barrier0
  // CHECK-NOT: llvm.store
  // CHECK-COUNT-16: "stmatrix.sync.aligned.m8n8.x4.shared.b16 [ $0 + {{[0-9]+}} ], {$1, $2, $3, $4};", "r,r,r,r,r"
  // CHECK-NOT: stmatrix
  // CHECK-NOT: llvm.store
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-16: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xi32>
  // CHECK-NOT: llvm.load %{{.*}} : !llvm.ptr<3>
  tt.func public @mma_v3(%c: tensor<128x256xf16, #mma>, %p: tensor<128x256x!tt.ptr<f16>, #blocked>) {
    %cv = ttg.convert_layout %c : tensor<128x256xf16, #mma> -> tensor<128x256xf16, #blocked>
    tt.store %p, %cv : tensor<128x256x!tt.ptr<f16>, #blocked>
    tt.return
  }
}

// -----

// The first stmatrix: lanes 0-7 name the rows of matrix 0 (lane bits 2-4
// of the accumulator: rows 1, 2, 4, 512-byte rows), lane 8 the pair
// register 1 (row 8), lane 16 register 2 (columns 8-15: the next chunk).
// The chunk column is XORed with the row (rows 1, 2, 4 flip chunk bits 1,
// 2, 4: 16, 32, 64 bytes), so that the 8 rows of a matrix and the 8 chunks
// a quarter warp reads fall in 8 distinct bank groups. Row 8's 4096 bytes
// and the warp's 16 rows (8192 bytes per warp) are plain offsets.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @mma_v3_addresses(
  // CHECK-DAG: llvm.mlir.constant(528 : i32)
  // CHECK-DAG: llvm.mlir.constant(1056 : i32)
  // CHECK-DAG: llvm.mlir.constant(2112 : i32)
  // CHECK-DAG: llvm.mlir.constant(4096 : i32)
  // CHECK-DAG: llvm.mlir.constant(8192 : i32)
  // CHECK: stmatrix
  tt.func public @mma_v3_addresses(%c: tensor<128x256xf16, #mma>, %p: tensor<128x256x!tt.ptr<f16>, #blocked>) {
    %cv = ttg.convert_layout %c : tensor<128x256xf16, #mma> -> tensor<128x256xf16, #blocked>
    tt.store %p, %cv : tensor<128x256x!tt.ptr<f16>, #blocked>
    tt.return
  }
}

// -----

// An mma.sync accumulator (#ttg.nvidia_mma version 2) on Hopper, bf16, 4
// warps in 2x2: 16 pairs per thread in 4 stmatrix x4, 4 loads of 16 bytes.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 8192 : i32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @mma_v2(
  // CHECK-COUNT-4: "stmatrix.sync.aligned.m8n8.x4.shared.b16
  // CHECK-NOT: stmatrix
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-4: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xi32>
  // CHECK-NOT: llvm.load %{{.*}} : !llvm.ptr<3>
  tt.func public @mma_v2(%c: tensor<64x64xbf16, #mma>, %p: tensor<64x64x!tt.ptr<bf16>, #blocked>) {
    %cv = ttg.convert_layout %c : tensor<64x64xbf16, #mma> -> tensor<64x64xbf16, #blocked>
    tt.store %p, %cv : tensor<64x64x!tt.ptr<bf16>, #blocked>
    tt.return
  }
}

// -----

// Two warps, each holding one 16x8 accumulator tile: two pair registers
// per thread, so one stmatrix x2; on the destination side each warp's 32
// lanes hold all 32 rows (its warp bit is a broadcast), so the data crosses
// warps and goes through shared memory.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [32, 1], warpsPerCTA = [1, 2], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @mma_v2_x2(
  // CHECK: "stmatrix.sync.aligned.m8n8.x2.shared.b16 [ $0 + 0 ], {$1, $2};", "r,r,r"
  // CHECK-NOT: stmatrix
  // CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xi32>
  tt.func public @mma_v2_x2(%c: tensor<32x8xf16, #mma>, %p: tensor<32x8x!tt.ptr<f16>, #blocked>) {
    %cv = ttg.convert_layout %c : tensor<32x8xf16, #mma> -> tensor<32x8xf16, #blocked>
    tt.store %p, %cv : tensor<32x8x!tt.ptr<f16>, #blocked>
    tt.return
  }
}

// -----

// The same tile in one warp never leaves it: four 32-bit shuffles (the
// destination's eight halves per lane, two per word), no shared memory.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [32, 1], warpsPerCTA = [1, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @mma_v2_one_warp(
  // CHECK-NOT: stmatrix
  // CHECK-COUNT-4: nvvm.shfl.sync idx {{.*}} : i32 -> i32
  // CHECK-NOT: nvvm.shfl.sync
  // CHECK-NOT: nvvm.barrier0
  tt.func public @mma_v2_one_warp(%c: tensor<16x8xf16, #mma>, %p: tensor<16x8x!tt.ptr<f16>, #blocked>) {
    %cv = ttg.convert_layout %c : tensor<16x8xf16, #mma> -> tensor<16x8xf16, #blocked>
    tt.store %p, %cv : tensor<16x8x!tt.ptr<f16>, #blocked>
    tt.return
  }
}

// -----

// Fallbacks to the padded rows (64 rows of 64 + 8 halves: 9216 bytes):
// Ampere has no stmatrix; f32 elements are not pairs of 16 bits; a
// destination of 8-byte rows does not read whole chunks.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 9216 : i32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @sm80(
  // CHECK-NOT: stmatrix
  // CHECK-COUNT-16: llvm.store %{{.*}} {alignment = 4 : i64} : i32, !llvm.ptr<3>
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-4: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xi32>
  tt.func public @sm80(%c: tensor<64x64xf16, #mma>, %p: tensor<64x64x!tt.ptr<f16>, #blocked>) {
    %cv = ttg.convert_layout %c : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #blocked>
    tt.store %p, %cv : tensor<64x64x!tt.ptr<f16>, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @f32(
  // CHECK-NOT: stmatrix
  // CHECK: llvm.store %{{.*}} {alignment = 8 : i64} : vector<2xi32>, !llvm.ptr<3>
  // CHECK-NOT: stmatrix
  // CHECK: llvm.return
  tt.func public @f32(%c: tensor<64x64xf32, #mma>, %p: tensor<64x64x!tt.ptr<f32>, #blocked>) {
    %cv = ttg.convert_layout %c : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked>
    tt.store %p, %cv : tensor<64x64x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 9216 : i32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @rows8(
  // CHECK-NOT: stmatrix
  // CHECK-COUNT-16: llvm.store %{{.*}} {alignment = 4 : i64} : i32, !llvm.ptr<3>
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-8: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<3> -> vector<2xi32>
  tt.func public @rows8(%c: tensor<64x64xf16, #mma>, %p: tensor<64x64x!tt.ptr<f16>, #blocked>) {
    %cv = ttg.convert_layout %c : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #blocked>
    tt.store %p, %cv : tensor<64x64x!tt.ptr<f16>, #blocked>
    tt.return
  }
}

// -----

// Within a warp: attention's P in fp8, from the wgmma accumulator (each lane
// holds column pairs) to the 8-bit register operand A (kWidth 4: four
// consecutive K per lane). Every warp keeps its 16 rows, so the bytes move
// between the four lanes of a row group by index shuffles of 32-bit words
// (four bytes each): 64 bytes per thread in 16 shuffles, no shared memory,
// no barrier.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 32]}>
#dot = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 0 : i32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @fp8_acc_to_operand_a(
  // CHECK-NOT: nvvm.barrier0
  // CHECK-COUNT-16: nvvm.shfl.sync idx {{.*}} : i32 -> i32
  // CHECK-NOT: nvvm.shfl.sync
  // CHECK-NOT: nvvm.barrier0
  // CHECK-NOT: llvm.store {{.*}} !llvm.ptr<3>
  tt.func public @fp8_acc_to_operand_a(%p: tensor<128x128xf8E4M3FN, #mma>, %q: tensor<128x128x!tt.ptr<f8E4M3FN>, #dot>) {
    %a = ttg.convert_layout %p : tensor<128x128xf8E4M3FN, #mma> -> tensor<128x128xf8E4M3FN, #dot>
    tt.store %q, %a : tensor<128x128x!tt.ptr<f8E4M3FN>, #dot>
    tt.return
  }
}

// -----

// Within a warp, 32-bit elements: threads of a warp arranged 4x8 against
// 8x4 over the same 16x32 warp tile; one element per word, one shuffle per
// element (16 per thread).
#a = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [0, 1]}>
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 0 : i32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @lanes_permuted_f32(
  // CHECK-NOT: nvvm.barrier0
  // CHECK-COUNT-16: nvvm.shfl.sync idx
  // CHECK-NOT: nvvm.shfl.sync
  // CHECK-NOT: nvvm.barrier0
  tt.func public @lanes_permuted_f32(%x: tensor<64x32xf32, #a>, %q: tensor<64x32x!tt.ptr<f32>, #b>) {
    %y = ttg.convert_layout %x : tensor<64x32xf32, #a> -> tensor<64x32xf32, #b>
    tt.store %q, %y : tensor<64x32x!tt.ptr<f32>, #b>
    tt.return
  }
}

// -----

// Warps that hold different rows on the two sides still go through shared
// memory (here: warps along rows against warps along columns).
#a = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [1, 0]}>
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = {{[1-9][0-9]*}} : i32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @across_warps(
  // CHECK-NOT: nvvm.shfl.sync
  // CHECK: nvvm.barrier0
  tt.func public @across_warps(%x: tensor<64x64xf32, #a>, %q: tensor<64x64x!tt.ptr<f32>, #b>) {
    %y = ttg.convert_layout %x : tensor<64x64xf32, #a> -> tensor<64x64xf32, #b>
    tt.store %q, %y : tensor<64x64x!tt.ptr<f32>, #b>
    tt.return
  }
}
