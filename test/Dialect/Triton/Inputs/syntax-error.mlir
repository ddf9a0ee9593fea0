// A tt.splat without its `->`: rejected by the parser.
tt.func @f(%x: f32) {
  %0 = tt.splat %x : f32 tensor<4xf32>
  tt.return
}
