// An op the tt dialect does not have.
tt.func @f(%x: f32) {
  %0 = tt.frobnicate %x : f32
  tt.return
}
