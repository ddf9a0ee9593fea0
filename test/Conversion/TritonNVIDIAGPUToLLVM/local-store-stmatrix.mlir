// RUN: tt-opt %s --tt-llir -split-input-file | FileCheck %s

// The TMA matmul epilogue on Hopper: the f16 accumulator (#ttg.nvidia_mma
// version 3, 8 warps of 16 rows) into the 128-byte-swizzled buffer the TMA
// store reads. Each thread's 64 pair registers leave in 16 stmatrix x4 and
// no st.shared. The row addresses follow the buffer's layout: lane bits 0-2
// pick rows 1, 2, 4 of an 8x8 matrix (128-byte rows, the chunk XORed with
// the row: 128 + 16, 256 + 32, 512 + 64 bytes), lane bit 3 the second
// matrix (row 8: 1024), lane bit 4 the third (columns 8-15: chunk 1, 16
// bytes); warps move by 16 rows (2048 bytes). The four instructions of a
// 64-column block XOR columns 16, 32 into the chunk (bases ^ 32, ^ 64,
// ^ 96); the next 64-column blocks are 16 KiB further (immediates).
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @tma_epilogue(
  // CHECK-DAG: llvm.mlir.constant(144 : i32)
  // CHECK-DAG: llvm.mlir.constant(288 : i32)
  // CHECK-DAG: llvm.mlir.constant(576 : i32)
  // CHECK-DAG: llvm.mlir.constant(1024 : i32)
  // CHECK-DAG: llvm.mlir.constant(16 : i32)
  // CHECK-DAG: llvm.mlir.constant(2048 : i32)
  // CHECK-DAG: llvm.mlir.constant(4096 : i32)
  // CHECK-DAG: llvm.mlir.constant(8192 : i32)
  // CHECK-DAG: llvm.mlir.constant(32 : i32)
  // CHECK-DAG: llvm.mlir.constant(64 : i32)
  // CHECK-DAG: llvm.mlir.constant(96 : i32)
  // CHECK-NOT: llvm.store
  // CHECK-COUNT-4: "stmatrix.sync.aligned.m8n8.x4.shared.b16 [ $0 + 0 ], {$1, $2, $3, $4};", "r,r,r,r,r"
  // CHECK-COUNT-4: "stmatrix.sync.aligned.m8n8.x4.shared.b16 [ $0 + 16384 ], {$1, $2, $3, $4};", "r,r,r,r,r"
  // CHECK-COUNT-4: "stmatrix.sync.aligned.m8n8.x4.shared.b16 [ $0 + 32768 ], {$1, $2, $3, $4};", "r,r,r,r,r"
  // CHECK-COUNT-4: "stmatrix.sync.aligned.m8n8.x4.shared.b16 [ $0 + 49152 ], {$1, $2, $3, $4};", "r,r,r,r,r"
  // CHECK-NOT: stmatrix
  // CHECK-NOT: llvm.store {{.*}}!llvm.ptr<3>
  // CHECK: fence.proxy.async.shared::cta
  tt.func public @tma_epilogue(%acc: tensor<128x256xf32, #mma>) {
    %c = arith.truncf %acc : tensor<128x256xf32, #mma> to tensor<128x256xf16, #mma>
    %s = ttg.local_alloc %c : (tensor<128x256xf16, #mma>) -> !ttg.memdesc<128x256xf16, #shared, #smem>
    ttng.fence_async_shared {bCluster = false}
    tt.return
  }
}

// -----

// local_store of an mma.sync accumulator (#ttg.nvidia_mma version 2, bf16,
// 4 warps in 2x2) into a swizzled buffer (a chained dot's operand): 16
// pairs per thread in 4 stmatrix x4.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @mma_v2_local_store(
  // CHECK-NOT: llvm.store
  // CHECK-COUNT-4: "stmatrix.sync.aligned.m8n8.x4.shared.b16
  // CHECK-NOT: stmatrix
  // CHECK-NOT: llvm.store
  // CHECK: llvm.return
  tt.func public @mma_v2_local_store(%c: tensor<64x64xbf16, #mma>) {
    %s = ttg.local_alloc : () -> !ttg.memdesc<64x64xbf16, #shared, #smem, mutable>
    ttg.local_store %c, %s : tensor<64x64xbf16, #mma> -> !ttg.memdesc<64x64xbf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// A single 16x8 mma.sync tile in one warp: two pair registers, one
// stmatrix x2.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @mma_v2_x2(
  // CHECK: "stmatrix.sync.aligned.m8n8.x2.shared.b16 [ $0 + 0 ], {$1, $2};", "r,r,r"
  // CHECK-NOT: stmatrix
  tt.func public @mma_v2_x2(%c: tensor<16x8xf16, #mma>) {
    %s = ttg.local_alloc %c : (tensor<16x8xf16, #mma>) -> !ttg.memdesc<16x8xf16, #shared, #smem>
    tt.return
  }
}

// -----

// Fallbacks to st.shared. The same epilogue for cuda:80 (no stmatrix):
// 64 four-byte stores.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @no_stmatrix_sm80(
  // CHECK-NOT: stmatrix
  // CHECK-COUNT-64: llvm.store %{{.*}} {alignment = 4 : i64} : i32, !llvm.ptr<3>
  // CHECK-NOT: stmatrix
  // CHECK: llvm.return
  tt.func public @no_stmatrix_sm80(%c: tensor<128x256xf16, #mma>) {
    %s = ttg.local_alloc %c : (tensor<128x256xf16, #mma>) -> !ttg.memdesc<128x256xf16, #shared, #smem>
    tt.return
  }
}

// -----

// 32-bit elements (the f32 accumulator itself): not a 16-bit matrix.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @no_stmatrix_f32(
  // CHECK-NOT: stmatrix
  // CHECK: llvm.store %{{.*}} : vector<2xi32>, !llvm.ptr<3>
  // CHECK-NOT: stmatrix
  // CHECK: llvm.return
  tt.func public @no_stmatrix_f32(%c: tensor<64x64xf32, #mma>) {
    %s = ttg.local_alloc %c : (tensor<64x64xf32, #mma>) -> !ttg.memdesc<64x64xf32, #shared, #smem>
    tt.return
  }
}

// -----

// A column-major buffer: a thread's pair is two rows apart in memory, no
// 16-byte matrix row exists.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @no_stmatrix_column_major(
  // CHECK-NOT: stmatrix
  // CHECK: llvm.store %{{.*}} : f16, !llvm.ptr<3>
  // CHECK-NOT: stmatrix
  // CHECK: llvm.return
  tt.func public @no_stmatrix_column_major(%c: tensor<64x64xf16, #mma>) {
    %s = ttg.local_alloc %c : (tensor<64x64xf16, #mma>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    tt.return
  }
}

// -----

// A blocked source (each thread's 8 halves already one 16-byte row): one
// vector store per row, as before.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @no_stmatrix_blocked(
  // CHECK-NOT: stmatrix
  // CHECK-COUNT-8: llvm.store %{{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<3>
  // CHECK-NOT: stmatrix
  // CHECK: llvm.return
  tt.func public @no_stmatrix_blocked(%x: tensor<128x64xf16, #blocked>) {
    %s = ttg.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    tt.return
  }
}

// -----

// A view inside a larger buffer (memdesc_subslice: runtime offsets): the
// element-wise path.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @no_stmatrix_subslice(
  // CHECK-NOT: stmatrix
  // CHECK: llvm.store %{{.*}} : f16, !llvm.ptr<3>
  // CHECK-NOT: stmatrix
  // CHECK: llvm.return
  tt.func public @no_stmatrix_subslice(%c: tensor<64x64xf16, #mma>) {
    %s = ttg.local_alloc : () -> !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
    %v = ttg.memdesc_subslice %s[0, 64] : !ttg.memdesc<64x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 64x128>
    ttg.local_store %c, %v : tensor<64x64xf16, #mma> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 64x128>
    tt.return
  }
}
