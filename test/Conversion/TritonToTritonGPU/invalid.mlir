// RUN: tt-opt %s --convert-triton-to-tritongpu="num-warps=3" -verify-diagnostics

// expected-error @below {{num-warps must be a power of two, got 3}}
module {
  tt.func @k() {
    tt.return
  }
}
