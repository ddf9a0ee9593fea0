// Tensor shapes too large to exist, and shapes whose element count
// overflows 64 bits, are refused by the verifier with a diagnostic; they
// used to wrap around (2^62 x 4 elements counted as 0, 2^62 x 2 as a
// negative power of two that passed).
// RUN: tt-opt %s -split-input-file -verify-diagnostics

tt.func @gigantic(%x: f32) {
  // expected-error @+1 {{'tt.splat' op result #0 ('tensor<1073741824x1073741824xf32>') has 1152921504606846976 elements, more than the limit of 1048576}}
  %0 = tt.splat %x : f32 -> tensor<1073741824x1073741824xf32>
  tt.return
}

// -----

tt.func @wraps_to_zero(%x: f32) {
  // expected-error @+1 {{'tt.splat' op result #0 ('tensor<4611686018427387904x4xf32>') has more elements than fit in 64 bits; the limit is 1048576}}
  %0 = tt.splat %x : f32 -> tensor<4611686018427387904x4xf32>
  tt.return
}

// -----

tt.func @wraps_to_a_power_of_two(%x: f32) {
  // expected-error @+1 {{has more elements than fit in 64 bits}}
  %0 = tt.splat %x : f32 -> tensor<4611686018427387904x2xf32>
  tt.return
}

// -----

tt.func @three_dims(%p: !tt.ptr<f16>) {
  // expected-error @+1 {{has more elements than fit in 64 bits}}
  %0 = tt.splat %p : !tt.ptr<f16> -> tensor<65536x65536x4294967296x!tt.ptr<f16>>
  tt.return
}

// -----

tt.func @operand(%x: tensor<4611686018427387904x2xf32>) {
  // expected-error @+1 {{'tt.reshape' op operand #0 ('tensor<4611686018427387904x2xf32>') has more elements than fit in 64 bits}}
  %0 = tt.reshape %x : tensor<4611686018427387904x2xf32> -> tensor<16xf32>
  tt.return
}
