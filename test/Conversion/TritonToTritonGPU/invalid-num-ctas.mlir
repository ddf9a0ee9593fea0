// RUN: tt-opt %s -split-input-file -verify-diagnostics --convert-triton-to-tritongpu="target=cuda:90 num-warps=4 num-ctas=2"

// Several CTAs per program (thread-block clusters) are refused at the
// kernel, before any layout is made.
// expected-error @+1 {{num-ctas=2: tt compiles one CTA per program; thread-block clusters (num_ctas > 1) are not supported}}
tt.func @clusters(%p: !tt.ptr<f32>) {
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  tt.return
}
