// RUN: tt-opt %s -split-input-file --tritonamdgpu-accelerate-matmul -verify-diagnostics
// RUN: not tt-opt %s -split-input-file --tritonamdgpu-accelerate-matmul="gfx-arch=gfx942 kPack=3" 2>&1 | FileCheck %s --check-prefix=KPACK
// RUN: not tt-opt %s -split-input-file --tritonamdgpu-accelerate-matmul="gfx-arch=gfx942 matrix-instruction-size=8" 2>&1 | FileCheck %s --check-prefix=SIZE

// KPACK: kPack must be 1 or 2, got 3
// SIZE: matrix-instruction-size must be 0, 16 or 32, got 8

// expected-error @+1 {{unknown AMD GPU architecture 'gfx123'}}
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx123", "ttg.threads-per-warp" = 64 : i32} {
}

// -----

// expected-error @+1 {{needs gfx-arch or a module ttg.target of the form hip:gfxNNN}}
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
}
