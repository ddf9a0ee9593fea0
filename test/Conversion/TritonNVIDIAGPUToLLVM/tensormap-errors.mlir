// RUN: tt-opt %s --tt-llir -split-input-file -verify-diagnostics

// A box wider than the 256 elements TMA moves per dimension.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @wide_box(%base: !tt.ptr<f16>, %n: i32, %s: i64) {
    %c1 = arith.constant 1 : i32
    %c512 = arith.constant 512 : i32
    %c64 = arith.constant 64 : i32
    %p = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    // expected-error @+2 {{box dimension 1 is 512 elements; TMA boxes have 1 to 256}}
    // expected-error @+1 {{failed to legalize}}
    ttng.tensormap_create %p, %base, [%c64, %c512], [%n, %n], [%s], [%c1, %c1] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    tt.return
  }
}

// -----

// Six dimensions: the TMA moves 1 to 5 (the verifier says so).
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @rank6(%base: !tt.ptr<f16>, %n: i32, %s: i64) {
    %c1 = arith.constant 1 : i32
    %p = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    // expected-error @+1 {{TMA descriptors have 1 to 5 dimensions, got 6 box dimensions}}
    ttng.tensormap_create %p, %base, [%c1, %c1, %c1, %c1, %c1, %c1], [%n, %n, %n, %n, %n, %n], [%s, %s, %s, %s, %s], [%c1, %c1, %c1, %c1, %c1, %c1] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 0 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i64, i64, i64, i64, i64, i32, i32, i32, i32, i32, i32) -> ()
    tt.return
  }
}
