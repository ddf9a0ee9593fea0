
// Descriptors need their shared layout (optimize-descriptor-encoding).
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @no_layout(%p: !tt.ptr<f16>, %m: i32, %ld: i64) -> !tt.tensordesc<tensor<64x64xf16>> {
    %c1 = arith.constant 1 : i64
    %d = tt.make_tensor_descriptor %p, [%m, %m], [%ld, %c1] : <f16>, <tensor<64x64xf16>>
    tt.return %d : !tt.tensordesc<tensor<64x64xf16>>
  }
}
