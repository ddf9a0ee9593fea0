// RUN: tt-opt %s --convert-triton-gpu-to-llvm -split-input-file -verify-diagnostics

// The module says its global scratch was laid out, but this buffer has no
// offset (it was added afterwards): refused rather than guessed.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32, ttg.global_scratch_memory_size = 0 : i32, ttg.global_scratch_memory_alignment = 1 : i32} {
  tt.func public @late(%v: i8) {
    // expected-error @+2 {{no global scratch memory was allocated for this operation (run tritongpu-global-scratch-memory-allocation first)}}
    // expected-error @+1 {{failed to legalize}}
    %a = ttg.global_scratch_alloc {alignment = 16 : i32, nbytes = 16 : i32} : !tt.ptr<i8>
    tt.store %a, %v : !tt.ptr<i8>
    tt.return
  }
}
