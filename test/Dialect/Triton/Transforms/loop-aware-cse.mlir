// RUN: tt-opt %s -split-input-file -triton-loop-aware-cse | FileCheck %s

// Two arguments with the same start and the same update are one.
// CHECK-LABEL: tt.func @same_update
// CHECK-SAME: (%[[X:.*]]: i32, %[[N:.*]]: i32)
// CHECK: %[[R:.*]] = scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[A:.*]] = %[[X]]) -> (i32)
// CHECK-NEXT: %[[A1:.*]] = arith.addi %[[A]], %{{.*}} : i32
// CHECK-NEXT: scf.yield %[[A1]] : i32
// CHECK: tt.return %[[R]], %[[R]] : i32, i32
tt.func @same_update(%x: i32, %n: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x, %b = %x) -> (i32, i32) : i32 {
    %a1 = arith.addi %a, %c3 : i32
    %b1 = arith.addi %b, %c3 : i32
    scf.yield %a1, %b1 : i32, i32
  }
  tt.return %r#0, %r#1 : i32, i32
}

// -----

// Equality is proved by induction, even when each argument's update reads
// the other one. The initial values are equal only after plain CSE.
// CHECK-LABEL: tt.func @crossed_update
// CHECK: scf.for {{.*}} iter_args(%[[A:[^ ]*]] = %{{.*}}) -> (tensor<64x!tt.ptr<f32>>)
// CHECK-NEXT: %[[A1:.*]] = tt.addptr %[[A]], %{{.*}}
// CHECK-NEXT: scf.yield %[[A1]]
tt.func @crossed_update(%p: !tt.ptr<f32>, %n: i32) -> (tensor<64x!tt.ptr<f32>>, tensor<64x!tt.ptr<f32>>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %off = arith.constant dense<64> : tensor<64xi32>
  %p0 = tt.splat %p : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %p1 = tt.splat %p : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %p0, %b = %p1) -> (tensor<64x!tt.ptr<f32>>, tensor<64x!tt.ptr<f32>>) : i32 {
    %a1 = tt.addptr %b, %off : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %b1 = tt.addptr %a, %off : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    scf.yield %a1, %b1 : tensor<64x!tt.ptr<f32>>, tensor<64x!tt.ptr<f32>>
  }
  tt.return %r#0, %r#1 : tensor<64x!tt.ptr<f32>>, tensor<64x!tt.ptr<f32>>
}

// -----

// Negative: different initial values.
// CHECK-LABEL: tt.func @different_init
// CHECK: scf.for {{.*}} -> (i32, i32)
tt.func @different_init(%x: i32, %y: i32, %n: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x, %b = %y) -> (i32, i32) : i32 {
    %a1 = arith.addi %a, %c1 : i32
    %b1 = arith.addi %b, %c1 : i32
    scf.yield %a1, %b1 : i32, i32
  }
  tt.return %r#0, %r#1 : i32, i32
}

// -----

// Negative: different updates; and updates through the induction variable
// are not equal to updates through a constant.
// CHECK-LABEL: tt.func @different_update
// CHECK: scf.for {{.*}} -> (i32, i32, i32)
tt.func @different_update(%x: i32, %n: i32) -> (i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x, %b = %x, %c = %x) -> (i32, i32, i32) : i32 {
    %a1 = arith.addi %a, %c3 : i32
    %b1 = arith.muli %b, %c3 : i32
    %c2 = arith.addi %c, %i : i32
    scf.yield %a1, %b1, %c2 : i32, i32, i32
  }
  tt.return %r#0, %r#1, %r#2 : i32, i32, i32
}

// -----

// Negative: values read from memory are not known equal, even from the same
// address: a store may come in between.
// CHECK-LABEL: tt.func @loaded_update
// CHECK: scf.for {{.*}} -> (i32, i32)
// CHECK-COUNT-2: tt.load
tt.func @loaded_update(%p: !tt.ptr<i32>, %x: i32, %n: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x, %b = %x) -> (i32, i32) : i32 {
    %la = tt.load %p : !tt.ptr<i32>
    tt.store %p, %a : !tt.ptr<i32>
    %lb = tt.load %p : !tt.ptr<i32>
    scf.yield %la, %lb : i32, i32
  }
  tt.return %r#0, %r#1 : i32, i32
}

// -----

// Three equal arguments collapse into the first.
// CHECK-LABEL: tt.func @three_equal
// CHECK: %[[R:.*]] = scf.for {{.*}} -> (f32)
// CHECK: tt.return %[[R]], %[[R]], %[[R]]
tt.func @three_equal(%x: f32, %n: i32) -> (f32, f32, f32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x, %b = %x, %c = %x) -> (f32, f32, f32) : i32 {
    %a1 = arith.mulf %a, %a : f32
    %b1 = arith.mulf %b, %b : f32
    %c1_ = arith.mulf %c, %c : f32
    scf.yield %a1, %b1, %c1_ : f32, f32, f32
  }
  tt.return %r#0, %r#1, %r#2 : f32, f32, f32
}
