// RUN: tt-opt %s --tritonamdgpu-optimize-epilogue | FileCheck %s
// RUN: tt-opt %s --tritonamdgpu-optimize-epilogue --tritongpu-remove-layout-conversions | FileCheck %s --check-prefix=CLEAN

// The accumulator is stored in its MFMA layout; the pointers and the mask
// are converted instead (and then recomputed in that layout).
// CHECK-LABEL: tt.func @epilogue
// CHECK: %[[PTR:.*]] = ttg.convert_layout %{{.*}} : tensor<64x64x!tt.ptr<f16>, #blocked> -> tensor<64x64x!tt.ptr<f16>, #mma>
// CHECK: %[[MASK:.*]] = ttg.convert_layout %{{.*}} : tensor<64x64xi1, #blocked> -> tensor<64x64xi1, #mma>
// CHECK: tt.store %[[PTR]], %[[ACC:.*]], %[[MASK]] : tensor<64x64x!tt.ptr<f16>, #mma>
// CLEAN-LABEL: tt.func @epilogue
// CLEAN-NOT: ttg.convert_layout
// CLEAN: tt.store {{.*}} : tensor<64x64x!tt.ptr<f16>, #mma>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @epilogue(%acc: tensor<64x64xf16, #mma>, %base: !tt.ptr<f16>, %n: i32) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %e = tt.expand_dims %r {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %b = tt.broadcast %e : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %p = tt.splat %base : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked>
    %pp = tt.addptr %p, %b : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
    %nn = tt.splat %n : i32 -> tensor<64x64xi32, #blocked>
    %m = arith.cmpi slt, %b, %nn : tensor<64x64xi32, #blocked>
    %v = ttg.convert_layout %acc : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #blocked>
    tt.store %pp, %v, %m : tensor<64x64x!tt.ptr<f16>, #blocked>
    tt.return
  }
}
