// RUN: tt-opt %s --convert-triton-gpu-to-llvm -split-input-file -verify-diagnostics

// Shared memory was laid out (the module has ttg.shared) before this
// descriptor was added: it has no staging buffer, which is refused.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32, ttg.shared = 0 : i32} {
  tt.func public @no_staging(%base: !tt.ptr<f16>, %n: i32, %s: i64) {
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %p = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    // expected-error @+2 {{no shared memory was allocated for this operation (run allocate-shared-memory first)}}
    // expected-error @+1 {{failed to legalize}}
    ttng.tensormap_create %p, %base, [%c64, %c64], [%n, %n], [%s], [%c1, %c1] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    tt.return
  }
}
