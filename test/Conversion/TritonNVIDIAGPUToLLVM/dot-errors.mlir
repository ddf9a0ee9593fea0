// RUN: tt-opt %s --tt-llir -split-input-file -verify-diagnostics

// Tensor-core inputs the NVIDIA lowering does not handle (yet): a clean
// error each.

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // A in registers must pack 32 bits of K per register (kWidth 2 for f16).
  tt.func public @register_a_kwidth(%a: tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    // expected-error @+2 {{cannot lower warp_group_dot: operand A in registers must have the layout #ttg.dot_op<{opIdx = 0, parent = <the result layout>, kWidth = 2}> (32 bits of K per register)}}
    // expected-error @+1 {{failed to legalize}}
    %d = ttng.warp_group_dot %a, %b, %c : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @bf16_f16_acc(%a: !ttg.memdesc<64x64xbf16, #shared, #smem>, %b: !ttg.memdesc<64x64xbf16, #shared, #smem>, %c: tensor<64x64xf16, #mma>) -> tensor<64x64xf16, #mma> {
    // expected-error @+2 {{cannot lower warp_group_dot accumulating in 'f16' (f32 is supported) for 'bf16' operands}}
    // expected-error @+1 {{failed to legalize}}
    %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<64x64xbf16, #shared, #smem> * !ttg.memdesc<64x64xbf16, #shared, #smem> -> tensor<64x64xf16, #mma>
    tt.return %d : tensor<64x64xf16, #mma>
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#swizzled = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @not_nvmma(%a: !ttg.memdesc<64x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x64xf16, #swizzled, #smem>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    // expected-error @+2 {{cannot lower warp_group_dot: operand B must be in a #ttg.nvmma_shared buffer}}
    // expected-error @+1 {{failed to legalize}}
    %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #swizzled, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @ampere(%a: !ttg.memdesc<64x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    // expected-error @+2 {{warp_group_dot needs Hopper (cuda:90); the target is cuda:80}}
    // expected-error @+1 {{failed to legalize}}
    %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// tf32 wgmma (f32 operands) with B stored N-major: tf32 has no transpose
// immediate, so this layout cannot be read.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 8]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tf32(%a: !ttg.memdesc<64x32xf32, #shared, #smem>, %b: !ttg.memdesc<32x64xf32, #shared, #smem>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    // expected-error @+2 {{cannot lower warp_group_dot of 32-bit operands: operand B must be K-major in shared memory (its K dim the contiguous one), tf32 wgmma cannot transpose}}
    // expected-error @+1 {{failed to legalize}}
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32} : !ttg.memdesc<64x32xf32, #shared, #smem> * !ttg.memdesc<32x64xf32, #shared, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// int8 wgmma accumulates in s32 only.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
#sharedT = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 8}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @int8(%a: !ttg.memdesc<64x128xi8, #shared, #smem>, %b: !ttg.memdesc<128x64xi8, #sharedT, #smem>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    // expected-error @+2 {{cannot lower warp_group_dot accumulating in 'f32' (i32 is supported) for 'i8' operands}}
    // expected-error @+1 {{failed to legalize}}
    %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<64x128xi8, #shared, #smem> * !ttg.memdesc<128x64xi8, #sharedT, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// fp8 with B stored N-major (transposed = false: N contiguous): 8-bit wgmma
// has no transpose immediate, so this layout cannot be read.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fp8_n_major(%a: !ttg.memdesc<64x64xf8E4M3FN, #shared, #smem>, %b: !ttg.memdesc<64x64xf8E4M3FN, #shared, #smem>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    // expected-error @+2 {{cannot lower warp_group_dot of 8-bit operands: operand B must be K-major in shared memory (its K dim the contiguous one), 8-bit wgmma cannot transpose}}
    // expected-error @+1 {{failed to legalize}}
    %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<64x64xf8E4M3FN, #shared, #smem> * !ttg.memdesc<64x64xf8E4M3FN, #shared, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// fp8 with the 16-bit instruction shape: its K must be 32.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
#sharedT = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 8}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fp8_k16(%a: !ttg.memdesc<64x128xf8E5M2, #shared, #smem>, %b: !ttg.memdesc<128x64xf8E5M2, #sharedT, #smem>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    // expected-error @+2 {{cannot lower warp_group_dot: instrShape must be [16, N, 32] for 8-bit operands}}
    // expected-error @+1 {{failed to legalize}}
    %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<64x128xf8E5M2, #shared, #smem> * !ttg.memdesc<128x64xf8E5M2, #sharedT, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @narrow(%a: !ttg.memdesc<64x32xf16, #shared, #smem>, %b: !ttg.memdesc<32x64xf16, #shared, #smem>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    // expected-error @+2 {{cannot lower warp_group_dot: operand A of type '!ttg.memdesc<64x32xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>, #ttg.shared_memory>' has no layout (one swizzle tile is 8 rows of 128 bytes along its contiguous dim)}}
    // expected-error @+1 {{failed to legalize}}
    %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<64x32xf16, #shared, #smem> * !ttg.memdesc<32x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @other_one(%p: tensor<64x64x!tt.ptr<f16>, #blocked>, %m: tensor<64x64xi1, #blocked>) {
    %one = arith.constant dense<1.000000e+00> : tensor<64x64xf16, #blocked>
    %a = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    // expected-error @+2 {{cannot lower an async copy whose `other` is not zero (cp.async can only zero-fill masked elements)}}
    // expected-error @+1 {{failed to legalize}}
    %t = ttg.async_copy_global_to_local %p, %a mask %m other %one : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @two_bytes(%p: tensor<64x64x!tt.ptr<f16>, #blocked>) {
    %a = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    // expected-error @+2 {{cannot lower this async copy: each thread's vectors are 2 bytes (cp.async copies 4, 8 or 16), from 1 consecutive elements known contiguous and aligned in both memories}}
    // expected-error @+1 {{failed to legalize}}
    %t = ttg.async_copy_global_to_local %p, %a : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// A dot left on a blocked layout is an FMA dot; fp8 operands are not
// converted for it.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fma(%a: tensor<16x16xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<16x16xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<16x16xf32, #blocked>) -> tensor<16x16xf32, #blocked> {
    // expected-error @+2 {{cannot lower the FMA tt.dot of 'f8E5M2' x 'f8E5M2' accumulating in 'f32' (operands of one integer or f16/bf16/f32/f64 type, no wider than the accumulator, are supported)}}
    // expected-error @+1 {{failed to legalize}}
    %d = tt.dot %a, %b, %c : tensor<16x16xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x16xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<16x16xf32, #blocked>
    tt.return %d : tensor<16x16xf32, #blocked>
  }
}

// -----

// mma.sync reads f32 operands only as tf32: ieee is refused.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tf32(%a: tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>, %b: tensor<16x16xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>, %c: tensor<32x16xf32, #mma>) -> tensor<32x16xf32, #mma> {
    // expected-error @+2 {{cannot lower tt.dot of f32 operands with inputPrecision = ieee with mma.sync, which reads f32 only as tf32}}
    // expected-error @+1 {{failed to legalize}}
    %d = tt.dot %a, %b, %c : tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<16x16xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<32x16xf32, #mma>
    tt.return %d : tensor<32x16xf32, #mma>
  }
}

// -----

// mma.sync accumulates bf16 products in f32 only.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @bf16_acc(%a: tensor<32x16xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<16x16xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<32x16xbf16, #mma>) -> tensor<32x16xbf16, #mma> {
    // expected-error @+2 {{cannot lower tt.dot of 'bf16' accumulating in 'bf16' with mma.sync (f32 is supported)}}
    // expected-error @+1 {{failed to legalize}}
    %d = tt.dot %a, %b, %c : tensor<32x16xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<16x16xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x16xbf16, #mma>
    tt.return %d : tensor<32x16xbf16, #mma>
  }
}

// -----

// mma.sync m16n8k16 consumes K 16 deep: a K of 8 would need padding.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1, 1], instrShape = [1, 16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @short_k(%a: tensor<2x16x8xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<2x8x8xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<2x16x8xf32, #mma>) -> tensor<2x16x8xf32, #mma> {
    // expected-error @+2 {{cannot lower tt.dot with mma.sync: K = 8 is not a multiple of 16}}
    // expected-error @+1 {{failed to legalize}}
    %d = tt.dot %a, %b, %c : tensor<2x16x8xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<2x8x8xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<2x16x8xf32, #mma>
    tt.return %d : tensor<2x16x8xf32, #mma>
  }
}
