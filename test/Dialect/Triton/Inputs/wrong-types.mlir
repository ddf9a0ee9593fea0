// The mask of a load must have the pointer tensor's shape.
tt.func @f(%p: tensor<128x!tt.ptr<f32>>, %m: tensor<64xi1>) {
  %0 = tt.load %p, %m : tensor<128x!tt.ptr<f32>>
  tt.return
}
