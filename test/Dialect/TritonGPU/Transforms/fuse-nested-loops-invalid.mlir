// RUN: tt-opt %s -split-input-file --tritongpu-fuse-nested-loops -verify-diagnostics | FileCheck %s

// Nests marked tt.flatten that the pass cannot flatten are left as they
// are, with a remark saying why.

// CHECK-LABEL: tt.func @no_inner_loop
// CHECK: scf.for
// CHECK-NOT: scf.if
tt.func @no_inner_loop(%ub: i32, %out: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-remark @+1 {{loop not flattened: its body holds no loop}}
  scf.for %i = %c0 to %ub step %c1 : i32 {
    %p = tt.addptr %out, %i : !tt.ptr<i32>, i32
    tt.store %p, %i : !tt.ptr<i32>
  } {tt.flatten}
  tt.return
}

// -----

// CHECK-LABEL: tt.func @two_inner_loops
// CHECK-COUNT-3: scf.for
tt.func @two_inner_loops(%ub: i32, %out: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-remark @+1 {{loop not flattened: its body holds more than one loop}}
  scf.for %i = %c0 to %ub step %c1 : i32 {
    scf.for %j = %c0 to %ub step %c1 : i32 {
      tt.store %out, %j : !tt.ptr<i32>
    }
    scf.for %j = %c0 to %ub step %c1 : i32 {
      tt.store %out, %i : !tt.ptr<i32>
    }
  } {tt.flatten}
  tt.return
}

// -----

// CHECK-LABEL: tt.func @three_levels
// CHECK-COUNT-3: scf.for
tt.func @three_levels(%ub: i32, %out: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-remark @+1 {{loop not flattened: the nest is deeper than two loops}}
  scf.for %i = %c0 to %ub step %c1 : i32 {
    scf.for %j = %c0 to %ub step %c1 : i32 {
      scf.for %k = %c0 to %ub step %c1 : i32 {
        tt.store %out, %k : !tt.ptr<i32>
      }
    }
  } {tt.flatten}
  tt.return
}

// -----

// The inner range [i, 2i) is empty for i = 0 and nothing says otherwise.
// CHECK-LABEL: tt.func @maybe_empty_dependent
// CHECK-COUNT-2: scf.for
tt.func @maybe_empty_dependent(%ub: i32, %out: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  // expected-remark @+1 {{loop not flattened: the inner loop may not run and its bounds vary with the outer loop}}
  scf.for %i = %c0 to %ub step %c1 : i32 {
    %hi = arith.muli %i, %c2 : i32
    scf.for %j = %i to %hi step %c1 : i32 {
      tt.store %out, %j : !tt.ptr<i32>
    }
  } {tt.flatten}
  tt.return
}

// -----

// CHECK-LABEL: tt.func @bound_from_iter_arg
// CHECK-COUNT-2: scf.for
tt.func @bound_from_iter_arg(%ub: i32, %out: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-remark @+1 {{loop not flattened: the inner loop's bounds depend on values the outer loop carries}}
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%n = %c1) -> (i32) : i32 {
    scf.for %j = %c0 to %n step %c1 : i32 {
      tt.store %out, %j : !tt.ptr<i32>
    }
    %n1 = arith.addi %n, %c1 : i32
    scf.yield %n1 : i32
  } {tt.flatten}
  tt.return
}

// -----

// CHECK-LABEL: tt.func @bound_from_load
// CHECK-COUNT-2: scf.for
tt.func @bound_from_load(%ub: i32, %sizes: !tt.ptr<i32>, %out: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-remark @+1 {{loop not flattened: the inner loop's bounds depend on an operation with side effects}}
  scf.for %i = %c0 to %ub step %c1 : i32 {
    %p = tt.addptr %sizes, %i : !tt.ptr<i32>, i32
    %n = tt.load %p : !tt.ptr<i32>
    scf.for %j = %c0 to %n step %c1 : i32 {
      tt.store %out, %j : !tt.ptr<i32>
    }
  } {tt.flatten}
  tt.return
}
