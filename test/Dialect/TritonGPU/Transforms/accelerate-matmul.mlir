// RUN: tt-opt %s -split-input-file --tritongpu-accelerate-matmul | FileCheck %s

// Hopper, f16, 4 warps: a wgmma with both operands stored to 128-byte
// swizzled shared memory right after their loads; four warps along M and
// one instruction covering all 128 columns.
// CHECK-DAG: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
// CHECK-DAG: #[[SH:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-LABEL: tt.func @wgmma_f16
// CHECK: %[[A:.*]] = tt.load %arg0
// CHECK-NEXT: %[[AS:.*]] = ttg.local_alloc %[[A]] : (tensor<128x64xf16, #{{.*}}>) -> !ttg.memdesc<128x64xf16, #[[SH]], #smem>
// CHECK: %[[B:.*]] = tt.load %arg1
// CHECK-NEXT: %[[BS:.*]] = ttg.local_alloc %[[B]] : (tensor<64x128xf16, #{{.*}}>) -> !ttg.memdesc<64x128xf16, #[[SH]], #smem>
// CHECK: %[[ACC:.*]] = ttg.convert_layout %{{.*}} -> tensor<128x128xf32, #[[MMA]]>
// CHECK: %[[D:.*]] = ttng.warp_group_dot %[[AS]], %[[BS]], %[[ACC]] {inputPrecision = 0 : i32}
// CHECK: %[[R:.*]] = ttg.convert_layout %[[D]] : tensor<128x128xf32, #[[MMA]]> -> tensor<128x128xf32, #[[ACCL:blocked[0-9]*]]>
// CHECK: tt.store %arg2, %[[R]] : tensor<128x128x!tt.ptr<f32>, #[[ACCL]]>
// CHECK-NOT: tt.dot
#a = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#c = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @wgmma_f16(%pa: tensor<128x64x!tt.ptr<f16>, #a>, %pb: tensor<64x128x!tt.ptr<f16>, #b>, %pc: tensor<128x128x!tt.ptr<f32>, #c>) {
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #c>
    %a = tt.load %pa : tensor<128x64x!tt.ptr<f16>, #a>
    %b = tt.load %pb : tensor<64x128x!tt.ptr<f16>, #b>
    %ao = ttg.convert_layout %a : tensor<128x64xf16, #a> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #c}>>
    %bo = ttg.convert_layout %b : tensor<64x128xf16, #b> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #c}>>
    %d = tt.dot %ao, %bo, %zero, inputPrecision = tf32 : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #c}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #c}>> -> tensor<128x128xf32, #c>
    tt.store %pc, %d : tensor<128x128x!tt.ptr<f32>, #c>
    tt.return
  }
}

// -----

// Hopper, bf16, 8 warps on a 128x256 tile: warps double along M while the
// tile has rows for them; one 256-wide instruction.
// CHECK-DAG: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
// CHECK-LABEL: tt.func @wgmma_bf16_8warps
// CHECK: ttng.warp_group_dot {{.*}} -> tensor<128x256xf32, #[[MMA]]>
#a = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
#c = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 8], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @wgmma_bf16_8warps(%pa: tensor<128x64x!tt.ptr<bf16>, #a>, %pb: tensor<64x256x!tt.ptr<bf16>, #b>, %pc: tensor<128x256x!tt.ptr<f32>, #c>) {
    %zero = arith.constant dense<0.000000e+00> : tensor<128x256xf32, #c>
    %a = tt.load %pa : tensor<128x64x!tt.ptr<bf16>, #a>
    %b = tt.load %pb : tensor<64x256x!tt.ptr<bf16>, #b>
    %ao = ttg.convert_layout %a : tensor<128x64xbf16, #a> -> tensor<128x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #c}>>
    %bo = ttg.convert_layout %b : tensor<64x256xbf16, #b> -> tensor<64x256xbf16, #ttg.dot_op<{opIdx = 1, parent = #c}>>
    %d = tt.dot %ao, %bo, %zero, inputPrecision = tf32 : tensor<128x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #c}>> * tensor<64x256xbf16, #ttg.dot_op<{opIdx = 1, parent = #c}>> -> tensor<128x256xf32, #c>
    tt.store %pc, %d : tensor<128x256x!tt.ptr<f32>, #c>
    tt.return
  }
}

// -----

// Hopper, f32 with TF32 rounding: 8-deep instructions and K-major operands,
// so B (stored N-contiguous by its load) gets a transposed buffer.
// CHECK-DAG: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 8]}>
// CHECK-DAG: #[[SA:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
// CHECK-DAG: #[[SB:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 32}>
// CHECK-LABEL: tt.func @wgmma_tf32
// CHECK: %[[AS:.*]] = ttg.local_alloc {{.*}} -> !ttg.memdesc<128x64xf32, #[[SA]], #smem>
// CHECK: %[[BS:.*]] = ttg.local_alloc {{.*}} -> !ttg.memdesc<64x128xf32, #[[SB]], #smem>
// CHECK: ttng.warp_group_dot %[[AS]], %[[BS]], {{.*}} {inputPrecision = 0 : i32}
#a = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#c = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @wgmma_tf32(%pa: tensor<128x64x!tt.ptr<f32>, #a>, %pb: tensor<64x128x!tt.ptr<f32>, #b>, %pc: tensor<128x128x!tt.ptr<f32>, #c>) {
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #c>
    %a = tt.load %pa : tensor<128x64x!tt.ptr<f32>, #a>
    %b = tt.load %pb : tensor<64x128x!tt.ptr<f32>, #b>
    %ao = ttg.convert_layout %a : tensor<128x64xf32, #a> -> tensor<128x64xf32, #ttg.dot_op<{opIdx = 0, parent = #c}>>
    %bo = ttg.convert_layout %b : tensor<64x128xf32, #b> -> tensor<64x128xf32, #ttg.dot_op<{opIdx = 1, parent = #c}>>
    %d = tt.dot %ao, %bo, %zero, inputPrecision = tf32 : tensor<128x64xf32, #ttg.dot_op<{opIdx = 0, parent = #c}>> * tensor<64x128xf32, #ttg.dot_op<{opIdx = 1, parent = #c}>> -> tensor<128x128xf32, #c>
    tt.store %pc, %d : tensor<128x128x!tt.ptr<f32>, #c>
    tt.return
  }
}

// -----

// Hopper, fp8 (e4m3 x e5m2) whose partial sums may stay imprecise: 32-deep
// instructions, K-major operands (B transposed); 64 bytes of K swizzle by
// 64 bytes.
// CHECK-DAG: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 32]}>
// CHECK-DAG: #[[SA:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
// CHECK-DAG: #[[SB:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
// CHECK-LABEL: tt.func @wgmma_fp8
// CHECK: ttg.local_alloc {{.*}} -> !ttg.memdesc<128x64xf8E4M3FN, #[[SA]], #smem>
// CHECK: ttg.local_alloc {{.*}} -> !ttg.memdesc<64x128xf8E5M2, #[[SB]], #smem>
// CHECK: ttng.warp_group_dot {{.*}} {inputPrecision = 0 : i32, maxNumImpreciseAcc = 1073741824 : i32}
#a = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#c = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @wgmma_fp8(%pa: tensor<128x64x!tt.ptr<f8E4M3FN>, #a>, %pb: tensor<64x128x!tt.ptr<f8E5M2>, #b>, %pc: tensor<128x128x!tt.ptr<f32>, #c>) {
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #c>
    %a = tt.load %pa : tensor<128x64x!tt.ptr<f8E4M3FN>, #a>
    %b = tt.load %pb : tensor<64x128x!tt.ptr<f8E5M2>, #b>
    %ao = ttg.convert_layout %a : tensor<128x64xf8E4M3FN, #a> -> tensor<128x64xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #c}>>
    %bo = ttg.convert_layout %b : tensor<64x128xf8E5M2, #b> -> tensor<64x128xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #c}>>
    %d = tt.dot %ao, %bo, %zero, inputPrecision = tf32 {maxNumImpreciseAcc = 1073741824 : i32} : tensor<128x64xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #c}>> * tensor<64x128xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #c}>> -> tensor<128x128xf32, #c>
    tt.store %pc, %d : tensor<128x128x!tt.ptr<f32>, #c>
    tt.return
  }
}

// -----

// Ampere: mma.sync with a version 2 accumulator and dot-operand layouts of
// it holding 32 bits of K per register (kWidth = 2 for f16); 4 warps
// tile 128x128 as 2x2.
// CHECK-DAG: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func @mma_v2
// CHECK: %[[AO:.*]] = ttg.convert_layout %{{.*}} -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 2}>>
// CHECK: %[[BO:.*]] = ttg.convert_layout %{{.*}} -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #[[MMA]], kWidth = 2}>>
// CHECK: %[[ACC:.*]] = ttg.convert_layout %{{.*}} -> tensor<128x128xf32, #[[MMA]]>
// CHECK: %[[D:.*]] = tt.dot %[[AO]], %[[BO]], %[[ACC]], inputPrecision = tf32 {{.*}} -> tensor<128x128xf32, #[[MMA]]>
// CHECK: ttg.convert_layout %[[D]]
// CHECK-NOT: ttng.warp_group_dot
#a = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#c = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @mma_v2(%pa: tensor<128x64x!tt.ptr<f16>, #a>, %pb: tensor<64x128x!tt.ptr<f16>, #b>, %pc: tensor<128x128x!tt.ptr<f32>, #c>) {
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #c>
    %a = tt.load %pa : tensor<128x64x!tt.ptr<f16>, #a>
    %b = tt.load %pb : tensor<64x128x!tt.ptr<f16>, #b>
    %ao = ttg.convert_layout %a : tensor<128x64xf16, #a> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #c}>>
    %bo = ttg.convert_layout %b : tensor<64x128xf16, #b> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #c}>>
    %d = tt.dot %ao, %bo, %zero, inputPrecision = tf32 : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #c}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #c}>> -> tensor<128x128xf32, #c>
    tt.store %pc, %d : tensor<128x128x!tt.ptr<f32>, #c>
    tt.return
  }
}

// -----

// Hopper cannot use wgmma for 32 rows (a warp group computes 64): the dot
// falls back to mma.sync; the warps, 4 of them, go 1x4 over 32x128.
// CHECK-DAG: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 4], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func @small_m_falls_back
// CHECK: tt.dot {{.*}} -> tensor<32x128xf32, #[[MMA]]>
#a = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#c = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @small_m_falls_back(%pa: tensor<32x64x!tt.ptr<f16>, #a>, %pb: tensor<64x128x!tt.ptr<f16>, #b>, %pc: tensor<32x128x!tt.ptr<f32>, #c>) {
    %zero = arith.constant dense<0.000000e+00> : tensor<32x128xf32, #c>
    %a = tt.load %pa : tensor<32x64x!tt.ptr<f16>, #a>
    %b = tt.load %pb : tensor<64x128x!tt.ptr<f16>, #b>
    %ao = ttg.convert_layout %a : tensor<32x64xf16, #a> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 0, parent = #c}>>
    %bo = ttg.convert_layout %b : tensor<64x128xf16, #b> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #c}>>
    %d = tt.dot %ao, %bo, %zero, inputPrecision = tf32 : tensor<32x64xf16, #ttg.dot_op<{opIdx = 0, parent = #c}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #c}>> -> tensor<32x128xf32, #c>
    tt.store %pc, %d : tensor<32x128x!tt.ptr<f32>, #c>
    tt.return
  }
}

// -----

// Two chained dots (attention): the first, whose result feeds the second,
// puts every warp along M; the second tiles its 64 rows as usual (four
// warps along M, two along N). The second's A, computed from the first's
// result (not loaded), stays in registers: a conversion to the dot-operand
// layout of the second's accumulator, 32 bits of K per register; B and the
// first dot's operands go to shared memory.
// CHECK-DAG: #[[FIRST:.*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 32, 16]}>
// CHECK-DAG: #[[SECOND:.*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 2], instrShape = [16, 32, 16]}>
// CHECK-LABEL: tt.func @chained
// CHECK: %[[S:.*]] = ttng.warp_group_dot %{{.*}}, %{{.*}}, %{{.*}} {{.*}} : !ttg.memdesc<64x64xf16, {{.*}}> * !ttg.memdesc<64x64xf16, {{.*}}> -> tensor<64x64xf32, #[[FIRST]]>
// CHECK: %[[P:.*]] = arith.truncf
// CHECK: %[[PA:.*]] = ttg.convert_layout %[[P]] : tensor<64x64xf16, #{{.*}}> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #[[SECOND]], kWidth = 2}>>
// CHECK: ttng.warp_group_dot %[[PA]], %{{.*}}, %{{.*}} {{.*}} : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #[[SECOND]], kWidth = 2}>> * !ttg.memdesc<64x64xf16, {{.*}}> -> tensor<64x64xf32, #[[SECOND]]>
#a = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#c = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 8], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @chained(%q: tensor<64x64xf16, #a>, %k: tensor<64x64xf16, #a>, %v: tensor<64x64xf16, #a>, %pc: tensor<64x64x!tt.ptr<f32>, #c>) {
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #c>
    %qo = ttg.convert_layout %q : tensor<64x64xf16, #a> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #c}>>
    %ko = ttg.convert_layout %k : tensor<64x64xf16, #a> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #c}>>
    %s = tt.dot %qo, %ko, %zero, inputPrecision = tf32 : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #c}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #c}>> -> tensor<64x64xf32, #c>
    %p = arith.truncf %s : tensor<64x64xf32, #c> to tensor<64x64xf16, #c>
    %po = ttg.convert_layout %p : tensor<64x64xf16, #c> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #c}>>
    %vo = ttg.convert_layout %v : tensor<64x64xf16, #a> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #c}>>
    %o = tt.dot %po, %vo, %zero, inputPrecision = tf32 : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #c}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #c}>> -> tensor<64x64xf32, #c>
    tt.store %pc, %o : tensor<64x64x!tt.ptr<f32>, #c>
    tt.return
  }
}

// -----

// An operand A that is a loaded tile up-cast for the dot (f8 to f16 here)
// is still read from shared memory: the cast's result is stored.
// CHECK-LABEL: tt.func @cast_of_load_stays_shared
// CHECK: %[[X:.*]] = arith.extf
// CHECK: %[[XS:.*]] = ttg.local_alloc %[[X]]
// CHECK: ttng.warp_group_dot %[[XS]], %{{.*}}, %{{.*}} {{.*}} : !ttg.memdesc<128x64xf16
// CHECK-NOT: #ttg.dot_op<{opIdx = 0, parent = #mma
#a = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#c = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @cast_of_load_stays_shared(%pa: tensor<128x64x!tt.ptr<f8E5M2>, #a>, %b: tensor<64x128xf16, #a>, %pc: tensor<128x128x!tt.ptr<f32>, #c>) {
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #c>
    %a8 = tt.load %pa : tensor<128x64x!tt.ptr<f8E5M2>, #a>
    %a = arith.extf %a8 : tensor<128x64xf8E5M2, #a> to tensor<128x64xf16, #a>
    %ao = ttg.convert_layout %a : tensor<128x64xf16, #a> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #c}>>
    %bo = ttg.convert_layout %b : tensor<64x128xf16, #a> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #c}>>
    %d = tt.dot %ao, %bo, %zero, inputPrecision = tf32 : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #c}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #c}>> -> tensor<128x128xf32, #c>
    tt.store %pc, %d : tensor<128x128x!tt.ptr<f32>, #c>
    tt.return
  }
}

// -----

// A tile two dots read (the causal attention kernel's Q, in both of its
// loops) is stored to shared memory once; its buffer is immutable.
// CHECK-LABEL: tt.func @shared_operand_stored_once
// CHECK: %[[AS:.*]] = ttg.local_alloc %arg0
// CHECK-NOT: ttg.local_alloc %arg0
// CHECK: ttng.warp_group_dot %[[AS]],
// CHECK: ttng.warp_group_dot %[[AS]],
#a = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#c = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @shared_operand_stored_once(%a: tensor<128x64xf16, #a>, %b: tensor<64x128xf16, #a>, %b2: tensor<64x128xf16, #a>, %pc: tensor<128x128x!tt.ptr<f32>, #c>) {
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #c>
    %ao = ttg.convert_layout %a : tensor<128x64xf16, #a> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #c}>>
    %bo = ttg.convert_layout %b : tensor<64x128xf16, #a> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #c}>>
    %b2o = ttg.convert_layout %b2 : tensor<64x128xf16, #a> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #c}>>
    %d = tt.dot %ao, %bo, %zero, inputPrecision = tf32 : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #c}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #c}>> -> tensor<128x128xf32, #c>
    %e = tt.dot %ao, %b2o, %d, inputPrecision = tf32 : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #c}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #c}>> -> tensor<128x128xf32, #c>
    tt.store %pc, %e : tensor<128x128x!tt.ptr<f32>, #c>
    tt.return
  }
}

// -----

// What tensor cores cannot compute is left alone: f32 with full IEEE
// precision, and any dot on a non-NVIDIA target.
// CHECK-LABEL: tt.func @ieee_f32_stays
// CHECK-NOT: ttng.warp_group_dot
// CHECK-NOT: nvidia_mma
// CHECK: tt.dot {{.*}} -> tensor<128x128xf32, #blocked
#a = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#c = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @ieee_f32_stays(%a: tensor<128x64xf32, #a>, %b: tensor<64x128xf32, #a>, %pc: tensor<128x128x!tt.ptr<f32>, #c>) {
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #c>
    %ao = ttg.convert_layout %a : tensor<128x64xf32, #a> -> tensor<128x64xf32, #ttg.dot_op<{opIdx = 0, parent = #c}>>
    %bo = ttg.convert_layout %b : tensor<64x128xf32, #a> -> tensor<64x128xf32, #ttg.dot_op<{opIdx = 1, parent = #c}>>
    %d = tt.dot %ao, %bo, %zero : tensor<128x64xf32, #ttg.dot_op<{opIdx = 0, parent = #c}>> * tensor<64x128xf32, #ttg.dot_op<{opIdx = 1, parent = #c}>> -> tensor<128x128xf32, #c>
    tt.store %pc, %d : tensor<128x128x!tt.ptr<f32>, #c>
    tt.return
  }
}

// -----

// CHECK-LABEL: tt.func @not_nvidia
// CHECK-NOT: nvidia_mma
// CHECK: tt.dot {{.*}} -> tensor<128x128xf32, #blocked
#a = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#c = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 64], warpsPerCTA = [1, 4], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @not_nvidia(%a: tensor<128x64xf16, #a>, %b: tensor<64x128xf16, #a>, %pc: tensor<128x128x!tt.ptr<f32>, #c>) {
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #c>
    %ao = ttg.convert_layout %a : tensor<128x64xf16, #a> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #c}>>
    %bo = ttg.convert_layout %b : tensor<64x128xf16, #a> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #c}>>
    %d = tt.dot %ao, %bo, %zero, inputPrecision = tf32 : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #c}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #c}>> -> tensor<128x128xf32, #c>
    tt.store %pc, %d : tensor<128x128x!tt.ptr<f32>, #c>
    tt.return
  }
}

// -----

// The chain of @chained in fp8 (attention's forward in e4m3): the probabilities
// rounded to fp8 stay in registers too, four elements of K per register
// (kWidth 4), so the second wgmma can stay in flight while the loop runs on.
// CHECK-DAG: #[[FIRST8:.*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 32, 32]}>
// CHECK-DAG: #[[SECOND8:.*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 2], instrShape = [16, 32, 32]}>
// CHECK-LABEL: tt.func @chained_fp8
// CHECK: ttng.warp_group_dot %{{.*}}, %{{.*}}, %{{.*}} {{.*}} : !ttg.memdesc<64x64xf8E4M3FN, {{.*}}> * !ttg.memdesc<64x64xf8E4M3FN, {{.*}}> -> tensor<64x64xf32, #[[FIRST8]]>
// CHECK: %[[P8:.*]] = tt.fp_to_fp
// CHECK: %[[PA8:.*]] = ttg.convert_layout %[[P8]] : tensor<64x64xf8E4M3FN, #{{.*}}> -> tensor<64x64xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #[[SECOND8]], kWidth = 4}>>
// CHECK: ttng.warp_group_dot %[[PA8]], %{{.*}}, %{{.*}} {{.*}} : tensor<64x64xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #[[SECOND8]], kWidth = 4}>> * !ttg.memdesc<64x64xf8E4M3FN, {{.*}}> -> tensor<64x64xf32, #[[SECOND8]]>
#a = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#c = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 8], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @chained_fp8(%q: tensor<64x64xf8E4M3FN, #a>, %k: tensor<64x64xf8E4M3FN, #a>, %v: tensor<64x64xf8E4M3FN, #a>, %pc: tensor<64x64x!tt.ptr<f32>, #c>) {
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #c>
    %qo = ttg.convert_layout %q : tensor<64x64xf8E4M3FN, #a> -> tensor<64x64xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #c}>>
    %ko = ttg.convert_layout %k : tensor<64x64xf8E4M3FN, #a> -> tensor<64x64xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #c}>>
    %s = tt.dot %qo, %ko, %zero, inputPrecision = tf32 {maxNumImpreciseAcc = 1073741824 : i32} : tensor<64x64xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #c}>> * tensor<64x64xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #c}>> -> tensor<64x64xf32, #c>
    %p = tt.fp_to_fp %s, rounding = rtne : tensor<64x64xf32, #c> -> tensor<64x64xf8E4M3FN, #c>
    %po = ttg.convert_layout %p : tensor<64x64xf8E4M3FN, #c> -> tensor<64x64xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #c}>>
    %vo = ttg.convert_layout %v : tensor<64x64xf8E4M3FN, #a> -> tensor<64x64xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #c}>>
    %o = tt.dot %po, %vo, %zero, inputPrecision = tf32 {maxNumImpreciseAcc = 1073741824 : i32} : tensor<64x64xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #c}>> * tensor<64x64xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #c}>> -> tensor<64x64xf32, #c>
    tt.store %pc, %o : tensor<64x64x!tt.ptr<f32>, #c>
    tt.return
  }
}
