// RUN: tt-opt %s -split-input-file -triton-loop-unroll -verify-diagnostics | FileCheck %s

// A constant trip count divisible by the factor: one loop, no epilogue.
// CHECK-LABEL: tt.func @unroll_by_two
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : i32
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : i32
// CHECK: %[[R:.*]] = scf.for %[[I:.*]] = %[[C0]] to %[[C8]] step %[[C2]] iter_args(%[[ACC:.*]] = %{{.*}}) -> (i32)
// CHECK-NEXT: %[[A1:.*]] = arith.addi %[[ACC]], %[[I]] : i32
// CHECK: %[[I2:.*]] = arith.addi %[[I]], %{{.*}} : i32
// CHECK-NEXT: %[[A2:.*]] = arith.addi %[[A1]], %[[I2]] : i32
// CHECK-NEXT: scf.yield %[[A2]] : i32
// CHECK-NOT: tt.loop_unroll_factor
// CHECK-NOT: scf.for
// CHECK: tt.return %[[R]]
tt.func @unroll_by_two() -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    %a = arith.addi %acc, %i : i32
    scf.yield %a : i32
  } {tt.loop_unroll_factor = 2 : i32}
  tt.return %r : i32
}

// -----

// A dynamic trip count: the leftover iterations run in an epilogue loop
// that software pipelining must leave alone.
// CHECK-LABEL: tt.func @unroll_dynamic_with_epilogue
// CHECK: %[[MAIN:[0-9]+]]:2 = scf.for {{.*}} -> (tensor<256xf32>, tensor<256x!tt.ptr<f32>>)
// CHECK-COUNT-4: tt.load
// CHECK: scf.yield
// CHECK-NEXT: }
// CHECK-NOT: tt.loop_unroll_factor
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[MAIN]]#0, %{{.*}} = %[[MAIN]]#1)
// CHECK-NEXT: tt.load
// CHECK-NOT: tt.load
// CHECK: } {tt.num_stages = 1 : i32}
tt.func @unroll_dynamic_with_epilogue(%p: tensor<256x!tt.ptr<f32>>, %n: i32) -> tensor<256xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %one = arith.constant dense<1> : tensor<256xi32>
  %zero = arith.constant dense<0.000000e+00> : tensor<256xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %ptr = %p) -> (tensor<256xf32>, tensor<256x!tt.ptr<f32>>) : i32 {
    %v = tt.load %ptr : tensor<256x!tt.ptr<f32>>
    %a = arith.addf %acc, %v : tensor<256xf32>
    %q = tt.addptr %ptr, %one : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    scf.yield %a, %q : tensor<256xf32>, tensor<256x!tt.ptr<f32>>
  } {tt.loop_unroll_factor = 4 : i32}
  tt.return %r#0 : tensor<256xf32>
}

// -----

// Negative: a factor of one asks for nothing; the loop and its attribute
// stay as they are.
// CHECK-LABEL: tt.func @factor_one
// CHECK: scf.for
// CHECK-COUNT-1: arith.addi
// CHECK: } {tt.loop_unroll_factor = 1 : i32}
tt.func @factor_one(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    %a = arith.addi %acc, %i : i32
    scf.yield %a : i32
  } {tt.loop_unroll_factor = 1 : i32}
  tt.return %r : i32
}

// -----

// Negative: loops without the attribute are untouched.
// CHECK-LABEL: tt.func @no_attribute
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// CHECK-NEXT: arith.addi
// CHECK-NEXT: scf.yield
tt.func @no_attribute(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    %a = arith.addi %acc, %i : i32
    scf.yield %a : i32
  }
  tt.return %r : i32
}

// -----

// Only the tagged inner loop is unrolled.
// CHECK-LABEL: tt.func @nested
// CHECK: scf.for
// CHECK: scf.for
// CHECK-COUNT-2: tt.store
// CHECK-NOT: tt.store
tt.func @nested(%p: !tt.ptr<i32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.for %j = %c0 to %c4 step %c1 : i32 {
      tt.store %p, %j : !tt.ptr<i32>
    } {tt.loop_unroll_factor = 2 : i32}
  }
  tt.return
}

// -----

tt.func @bad_factor(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-error @+1 {{'tt.loop_unroll_factor' must be an integer attribute, got "two"}}
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.yield
  } {tt.loop_unroll_factor = "two"}
  tt.return
}
