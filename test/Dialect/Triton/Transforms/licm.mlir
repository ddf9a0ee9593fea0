// RUN: tt-opt %s -split-input-file -triton-licm | FileCheck %s

// An invariant load in a read-only loop is hoisted, predicated on the loop
// running at least once.
// CHECK-LABEL: tt.func @hoist_load
// CHECK-SAME: (%[[P:.*]]: tensor<128x!tt.ptr<f32>>, %[[LB:.*]]: i32, %[[UB:.*]]: i32)
// CHECK: %[[RUNS:.*]] = arith.cmpi slt, %[[LB]], %[[UB]] : i32
// CHECK-NEXT: %[[MASK:.*]] = tt.splat %[[RUNS]] : i1 -> tensor<128xi1>
// CHECK-NEXT: %[[V:.*]] = tt.load %[[P]], %[[MASK]] : tensor<128x!tt.ptr<f32>>
// CHECK-NEXT: scf.for
// CHECK-NOT: tt.load
// CHECK: arith.addf %{{.*}}, %[[V]]
tt.func @hoist_load(%p: tensor<128x!tt.ptr<f32>>, %lb: i32, %ub: i32) -> tensor<128xf32> {
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.000000e+00> : tensor<128xf32>
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %zero) -> (tensor<128xf32>) : i32 {
    %v = tt.load %p : tensor<128x!tt.ptr<f32>>
    %a = arith.addf %acc, %v : tensor<128xf32>
    scf.yield %a : tensor<128xf32>
  }
  tt.return %r : tensor<128xf32>
}

// -----

// An existing mask is combined with the trip condition; `other` is kept.
// Scalar loads take the i1 condition directly.
// CHECK-LABEL: tt.func @hoist_masked_and_scalar
// CHECK-SAME: (%[[P:.*]]: tensor<64x!tt.ptr<f16>>, %[[M:.*]]: tensor<64xi1>, %[[Q:.*]]: !tt.ptr<i32>, %[[N:.*]]: i32)
// CHECK: %[[RUNS:.*]] = arith.cmpi slt, %{{.*}}, %[[N]] : i32
// CHECK-NEXT: %[[S:.*]] = tt.splat %[[RUNS]] : i1 -> tensor<64xi1>
// CHECK-NEXT: %[[AND:.*]] = arith.andi %[[M]], %[[S]] : tensor<64xi1>
// CHECK-NEXT: %[[V:.*]] = tt.load %[[P]], %[[AND]], %{{.*}} : tensor<64x!tt.ptr<f16>>
// CHECK-NEXT: %[[W:.*]] = tt.load %[[Q]], %[[RUNS]] : !tt.ptr<i32>
// CHECK-NEXT: scf.for
tt.func @hoist_masked_and_scalar(%p: tensor<64x!tt.ptr<f16>>, %m: tensor<64xi1>, %q: !tt.ptr<i32>, %n: i32) -> (tensor<64xf16>, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %other = arith.constant dense<1.000000e+00> : tensor<64xf16>
  %zero = arith.constant dense<0.000000e+00> : tensor<64xf16>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %s = %c0) -> (tensor<64xf16>, i32) : i32 {
    %v = tt.load %p, %m, %other : tensor<64x!tt.ptr<f16>>
    %w = tt.load %q : !tt.ptr<i32>
    %a = arith.addf %acc, %v : tensor<64xf16>
    %b = arith.addi %s, %w : i32
    scf.yield %a, %b : tensor<64xf16>, i32
  }
  tt.return %r#0, %r#1 : tensor<64xf16>, i32
}

// -----

// Unsigned loops compare their bounds unsigned.
// CHECK-LABEL: tt.func @hoist_unsigned_loop
// CHECK: arith.cmpi ult
// CHECK: tt.load
// CHECK-NEXT: scf.for unsigned
tt.func @hoist_unsigned_loop(%q: !tt.ptr<i32>, %n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for unsigned %i = %c0 to %n step %c1 iter_args(%s = %c0) -> (i32) : i32 {
    %w = tt.load %q : !tt.ptr<i32>
    %b = arith.addi %s, %w : i32
    scf.yield %b : i32
  }
  tt.return %r : i32
}

// -----

// Negative: the loop writes memory, which may change what the load reads.
// CHECK-LABEL: tt.func @loop_with_store
// CHECK: scf.for
// CHECK-NEXT: tt.load
// CHECK: tt.store
tt.func @loop_with_store(%p: tensor<128x!tt.ptr<f32>>, %out: tensor<128x!tt.ptr<f32>>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    %v = tt.load %p : tensor<128x!tt.ptr<f32>>
    tt.store %out, %v : tensor<128x!tt.ptr<f32>>
  }
  tt.return
}

// -----

// Negative: the address depends on the induction variable; volatile loads
// count as writes.
// CHECK-LABEL: tt.func @variant_and_volatile
// CHECK: scf.for
// CHECK: tt.addptr
// CHECK-NEXT: tt.load
// CHECK: tt.load %{{.*}} {isVolatile = true}
tt.func @variant_and_volatile(%p: !tt.ptr<i32>, %q: !tt.ptr<i32>, %n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %c0) -> (i32) : i32 {
    %pi = tt.addptr %p, %i : !tt.ptr<i32>, i32
    %a = tt.load %pi : !tt.ptr<i32>
    %b = tt.load %q {isVolatile = true} : !tt.ptr<i32>
    %t = arith.addi %s, %a : i32
    %u = arith.addi %t, %b : i32
    scf.yield %u : i32
  }
  tt.return %r : i32
}

// -----

// Pure invariant arithmetic is hoisted from any loop; a division that may
// trap is not, and loads stay in scf.while loops.
// CHECK-LABEL: tt.func @while_loop
// CHECK-SAME: (%[[Q:.*]]: !tt.ptr<i32>, %[[X:.*]]: i32, %[[Y:.*]]: i32)
// CHECK: %[[M:.*]] = arith.muli %[[X]], %[[Y]] : i32
// CHECK-NEXT: scf.while
// CHECK: scf.condition
// CHECK: tt.load %[[Q]] : !tt.ptr<i32>
// CHECK: arith.divsi %[[X]], %[[Y]]
tt.func @while_loop(%q: !tt.ptr<i32>, %x: i32, %y: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %r = scf.while (%s = %c0) : (i32) -> i32 {
    %c = arith.cmpi slt, %s, %x : i32
    scf.condition(%c) %s : i32
  } do {
  ^bb0(%s: i32):
    %m = arith.muli %x, %y : i32
    %w = tt.load %q : !tt.ptr<i32>
    %d = arith.divsi %x, %y : i32
    %t = arith.addi %s, %m : i32
    %u = arith.addi %t, %w : i32
    %v = arith.addi %u, %d : i32
    scf.yield %v : i32
  }
  tt.return %r : i32
}

// -----

// Inner loops go first: the load leaves the inner loop guarded by the inner
// trip condition, then the outer loop guarded by the outer one too.
// CHECK-LABEL: tt.func @nested
// CHECK-SAME: (%[[P:.*]]: !tt.ptr<f32>, %[[N:.*]]: i32, %[[M:.*]]: i32)
// CHECK: %[[INNER:.*]] = arith.cmpi slt, %{{.*}}, %[[M]]
// CHECK: %[[OUTER:.*]] = arith.cmpi slt, %{{.*}}, %[[N]]
// CHECK: %[[BOTH:.*]] = arith.andi %[[INNER]], %[[OUTER]] : i1
// CHECK-NEXT: %[[V:.*]] = tt.load %[[P]], %[[BOTH]] : !tt.ptr<f32>
// CHECK-NEXT: scf.for
// CHECK-NEXT: scf.for
// CHECK-NEXT: arith.addf %{{.*}}, %[[V]]
tt.func @nested(%p: !tt.ptr<f32>, %n: i32, %m: i32) -> f32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant 0.000000e+00 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) : i32 {
    %s = scf.for %j = %c0 to %m step %c1 iter_args(%a = %acc) -> (f32) : i32 {
      %v = tt.load %p : !tt.ptr<f32>
      %b = arith.addf %a, %v : f32
      scf.yield %b : f32
    }
    scf.yield %s : f32
  }
  tt.return %r : f32
}
