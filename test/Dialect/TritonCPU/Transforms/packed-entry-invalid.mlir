// RUN: tt-opt %s -split-input-file --tritoncpu-packed-entry -verify-diagnostics

// A kernel returns nothing.
module {
  // expected-error @+1 {{a CPU kernel must return nothing and end with the six i32 grid parameters}}
  llvm.func @returns(%p: !llvm.ptr, %px: i32, %py: i32, %pz: i32, %nx: i32, %ny: i32, %nz: i32) -> i32 attributes {tt.cpu.kernel} {
    llvm.return %px : i32
  }
}

// -----

// A kernel ends with the six grid parameters.
module {
  // expected-error @+1 {{a CPU kernel must return nothing and end with the six i32 grid parameters}}
  llvm.func @too_few(%px: i32, %py: i32, %pz: i32, %nx: i32, %ny: i32) attributes {tt.cpu.kernel} {
    llvm.return
  }
}
