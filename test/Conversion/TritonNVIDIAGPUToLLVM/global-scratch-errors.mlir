// RUN: tt-opt %s --tritongpu-global-scratch-memory-allocation -split-input-file -verify-diagnostics

// A function called by the kernel has no slice of its own: refused.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @callee(%v: i8) attributes {noinline = true} {
    // expected-error @+1 {{global scratch memory can only be allocated in a kernel (a public tt.func), not in a function it calls}}
    %a = ttg.global_scratch_alloc {alignment = 16 : i32, nbytes = 16 : i32} : !tt.ptr<i8>
    tt.store %a, %v : !tt.ptr<i8>
    tt.return
  }
  tt.func public @kernel(%v: i8) {
    tt.call @callee(%v) : (i8) -> ()
    tt.return
  }
}
