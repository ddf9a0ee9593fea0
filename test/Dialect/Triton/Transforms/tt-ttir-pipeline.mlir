// RUN: tt-opt %s --tt-ttir | FileCheck %s

// The whole TTIR stage on a small kernel: the helper is inlined and deleted,
// the block pointer becomes loop-carried i64 offsets (one: the row offset
// never changes and folds to a constant), its loop-invariant address parts
// leave the loop, the dead overflow check disappears, the add folds into the
// dot, and the tagged loop is unrolled by two.

// CHECK-NOT: tt.func private
// CHECK-LABEL: tt.func public @kernel
// CHECK-NOT: tt.call
// CHECK-NOT: tt.make_tensor_ptr
// CHECK-NOT: arith.extsi %{{.*}} : i32 to i64
// CHECK: %[[C2:.*]] = arith.constant 2 : i32
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[C2]] iter_args(%[[ACC:.*]] = %{{.*}}, %[[OFF:.*]] = %{{.*}}) -> (tensor<32x32xf32>, i64)
// CHECK: tt.splat %[[OFF]] : i64 -> tensor<32xi64>
// CHECK: %[[A:.*]] = tt.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x32x!tt.ptr<f16>>
// CHECK: %[[D:.*]] = tt.dot %[[A]], %{{.*}}, %[[ACC]]
// CHECK: tt.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x32x!tt.ptr<f16>>
// CHECK: tt.dot %{{.*}}, %{{.*}}, %[[D]]
// CHECK: scf.yield
// CHECK-NOT: tt.loop_unroll_factor
// CHECK: tt.store
// CHECK-NOT: tt.func
module {
  tt.func public @kernel(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b: tensor<32x32xf16>, %out: tensor<32x32x!tt.ptr<f32>>, %m: i64, %k: i64) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c8 = arith.constant 8 : i32
    %c32 = arith.constant 32 : i32
    %c1_i64 = arith.constant 1 : i64
    %zero = tt.call @zeros() : () -> tensor<32x32xf32>
    %bp = tt.make_tensor_ptr %a, [%m, %k], [%k, %c1_i64], [%c0, %c0] {order = array<i32: 1, 0>} : <tensor<32x32xf16>>
    %r:2 = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %zero, %p = %bp) -> (tensor<32x32xf32>, !tt.ptr<tensor<32x32xf16>>) : i32 {
      // A frontend overflow check whose result nobody uses.
      %w0 = arith.extsi %i : i32 to i64
      %w1 = arith.extsi %c32 : i32 to i64
      %w2 = arith.muli %w0, %w1 : i64
      %lim = arith.constant 2147483647 : i64
      %ok = arith.cmpi sle, %w2, %lim : i64
      %x = tt.load %p {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<32x32xf16>>
      %z = tt.call @zeros() : () -> tensor<32x32xf32>
      %d = tt.dot %x, %b, %z : tensor<32x32xf16> * tensor<32x32xf16> -> tensor<32x32xf32>
      %s = arith.addf %acc, %d : tensor<32x32xf32>
      %q = tt.advance %p, [%c0, %c32] : <tensor<32x32xf16>>
      scf.yield %s, %q : tensor<32x32xf32>, !tt.ptr<tensor<32x32xf16>>
    } {tt.loop_unroll_factor = 2 : i32}
    tt.store %out, %r#0 : tensor<32x32x!tt.ptr<f32>>
    tt.return
  }
  tt.func private @zeros() -> tensor<32x32xf32> attributes {noinline = false} {
    %cst = arith.constant 0.000000e+00 : f32
    %t = tt.splat %cst : f32 -> tensor<32x32xf32>
    tt.return %t : tensor<32x32xf32>
  }
}
