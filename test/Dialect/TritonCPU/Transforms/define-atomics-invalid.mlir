// RUN: tt-opt %s -split-input-file --tritoncpu-define-atomics -verify-diagnostics

// A helper whose name spells no LLVM atomic operation.
module {
  // expected-error @+1 {{unknown atomic operation in __tt_cpu_atomicrmw.frob.acq_rel.f32}}
  llvm.func @__tt_cpu_atomicrmw.frob.acq_rel.f32(!llvm.ptr, f32) -> f32
}

// -----

// A read-modify-write helper whose name spells no LLVM atomic ordering.
module {
  // expected-error @+1 {{unknown atomic ordering in __tt_cpu_atomicrmw.add.sometimes.i32}}
  llvm.func @__tt_cpu_atomicrmw.add.sometimes.i32(!llvm.ptr, i32) -> i32
}

// -----

// A compare-and-swap helper whose name spells no LLVM atomic ordering.
module {
  // expected-error @+1 {{unknown atomic ordering in __tt_cpu_cmpxchg.eventually.f32}}
  llvm.func @__tt_cpu_cmpxchg.eventually.f32(!llvm.ptr, f32, f32) -> f32
}
