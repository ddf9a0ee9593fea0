// RUN: tt-opt %s -split-input-file -verify-diagnostics
//
// The value hints tt.divisibility, tt.contiguity and tt.constancy, on
// kernel arguments (one integer; a divisibility is a power of two) and on
// the ops tl.multiple_of and friends annotate (an integer or one per
// dimension, each at least 1). Well-formed hints come first.

tt.func public @good(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32},
                     %n: i32 {tt.divisibility = 1 : i32},
                     %m: i64 {tt.contiguity = 3 : i32, tt.constancy = 5 : i32}) {
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %h = arith.addi %r, %r {tt.divisibility = dense<12> : tensor<1xi32>, tt.contiguity = 4 : i32} : tensor<64xi32>
  tt.return
}

// -----

// expected-error @+1 {{'tt.func' op argument 0: "tt.divisibility" must be an integer, got "sixteen"}}
tt.func public @string_divisibility(%p: !tt.ptr<f32> {tt.divisibility = "sixteen"}) {
  tt.return
}

// -----

// expected-error @+1 {{'tt.func' op argument 1: "tt.divisibility" must be a positive power of two, got 12}}
tt.func public @not_power_of_two(%p: !tt.ptr<f32>, %n: i32 {tt.divisibility = 12 : i32}) {
  tt.return
}

// -----

// expected-error @+1 {{'tt.func' op argument 0: "tt.divisibility" must be a positive power of two, got 0}}
tt.func public @zero(%n: i32 {tt.divisibility = 0 : i32}) {
  tt.return
}

// -----

// expected-error @+1 {{'tt.func' op argument 0: "tt.contiguity" must be at least 1, got -4}}
tt.func public @negative_contiguity(%n: i32 {tt.contiguity = -4 : i32}) {
  tt.return
}

// -----

// expected-error @+1 {{'tt.func' op argument 0: "tt.constancy" must be an integer, got 1.000000e+00 : f32}}
tt.func public @float_constancy(%n: i32 {tt.constancy = 1.0 : f32}) {
  tt.return
}

// -----

tt.func public @op_hint_zero() {
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  // expected-error @+1 {{'arith.addi' op "tt.divisibility" values must be at least 1, got 0}}
  %h = arith.addi %r, %r {tt.divisibility = dense<0> : tensor<1xi32>} : tensor<64xi32>
  tt.return
}

// -----

tt.func public @op_hint_string() {
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  // expected-error @+1 {{'arith.addi' op "tt.constancy" must be an integer or a dense integer array, got "many"}}
  %h = arith.addi %r, %r {tt.constancy = "many"} : tensor<64xi32>
  tt.return
}
