// RUN: tt-opt %s --tt-llir -split-input-file -verify-diagnostics

// f32 operands with inputPrecision = ieee: wgmma only reads f32 as tf32.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 8]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#sharedT = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 32}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @ieee(%a: !ttg.memdesc<64x32xf32, #shared, #smem>, %b: !ttg.memdesc<32x64xf32, #sharedT, #smem>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    // expected-error @+2 {{cannot lower warp_group_dot of f32 operands with inputPrecision = ieee: wgmma reads f32 only as tf32}}
    // expected-error @+1 {{failed to legalize}}
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 2 : i32} : !ttg.memdesc<64x32xf32, #shared, #smem> * !ttg.memdesc<32x64xf32, #sharedT, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// tf32 needs 8-deep K steps: the 16-bit instruction shape is refused.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#sharedT = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 32}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tf32_k16(%a: !ttg.memdesc<64x32xf32, #shared, #smem>, %b: !ttg.memdesc<32x64xf32, #sharedT, #smem>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    // expected-error @+2 {{cannot lower warp_group_dot: instrShape must be [16, N, 8] for 32-bit operands}}
    // expected-error @+1 {{failed to legalize}}
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32} : !ttg.memdesc<64x32xf32, #shared, #smem> * !ttg.memdesc<32x64xf32, #sharedT, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// tf32 with A stored M-major (transposed = true): no transpose immediate.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 8]}>
#sharedT = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 32}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tf32_m_major(%a: !ttg.memdesc<64x32xf32, #sharedT, #smem>, %b: !ttg.memdesc<32x64xf32, #sharedT, #smem>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    // expected-error @+2 {{operand A must be K-major in shared memory (its K dim the contiguous one), tf32 wgmma cannot transpose}}
    // expected-error @+1 {{failed to legalize}}
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32} : !ttg.memdesc<64x32xf32, #sharedT, #smem> * !ttg.memdesc<32x64xf32, #sharedT, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}
