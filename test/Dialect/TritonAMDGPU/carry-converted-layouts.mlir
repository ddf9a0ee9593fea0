// RUN: tt-opt %s --tritonamdgpu-carry-converted-layouts | FileCheck %s
// RUN: tt-opt %s --tritonamdgpu-carry-converted-layouts --tritongpu-remove-layout-conversions | FileCheck %s --check-prefix=CLEAN

// A pointer tensor carried in #blocked but converted to #blocked1 on every
// iteration is carried in #blocked1: converted once before the loop and at
// the yield; the results are converted back for users after the loop.
// CHECK-LABEL: tt.func @loop
// CHECK: %[[INIT:.*]] = ttg.convert_layout %{{.*}} : tensor<64x64x!tt.ptr<f16>, #blocked> -> tensor<64x64x!tt.ptr<f16>, #blocked1>
// CHECK: %[[FOR:.*]]:2 = scf.for {{.*}} iter_args(%[[P:.*]] = %[[INIT]], %{{.*}} = %{{.*}}) -> (tensor<64x64x!tt.ptr<f16>, #blocked1>, tensor<64x64xf16, #blocked1>)
// CHECK: tt.load %[[P]] : tensor<64x64x!tt.ptr<f16>, #blocked1>
// CHECK: %[[NEXT:.*]] = ttg.convert_layout %{{.*}} : tensor<64x64x!tt.ptr<f16>, #blocked> -> tensor<64x64x!tt.ptr<f16>, #blocked1>
// CHECK: scf.yield %[[NEXT]]
// CHECK: ttg.convert_layout %[[FOR]]#0 : tensor<64x64x!tt.ptr<f16>, #blocked1> -> tensor<64x64x!tt.ptr<f16>, #blocked>
// After layout propagation no conversion is left in the loop.
// CLEAN-LABEL: tt.func @loop
// CLEAN: scf.for
// CLEAN-NOT: ttg.convert_layout
// CLEAN: scf.yield
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 64], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @loop(%base: !tt.ptr<f16>, %n: i32) -> (tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xf16, #blocked1>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %step = arith.constant dense<64> : tensor<64x64xi32, #blocked>
    %zero = arith.constant dense<0.0> : tensor<64x64xf16, #blocked1>
    %p0 = tt.splat %base : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%p = %p0, %acc = %zero) -> (tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xf16, #blocked1>) : i32 {
      %pc = ttg.convert_layout %p : tensor<64x64x!tt.ptr<f16>, #blocked> -> tensor<64x64x!tt.ptr<f16>, #blocked1>
      %v = tt.load %pc : tensor<64x64x!tt.ptr<f16>, #blocked1>
      %a = arith.addf %acc, %v : tensor<64x64xf16, #blocked1>
      %pn = tt.addptr %p, %step : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
      scf.yield %pn, %a : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xf16, #blocked1>
    }
    tt.return %r#0, %r#1 : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xf16, #blocked1>
  }
}
