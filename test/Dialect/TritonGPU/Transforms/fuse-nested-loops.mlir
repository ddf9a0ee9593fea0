// RUN: tt-opt %s -split-input-file --tritongpu-fuse-nested-loops --canonicalize | FileCheck %s

// upstream's test_tl_range_fuse: inner bounds invariant, inner length
// unknown. The nest is versioned on an empty inner range; the other branch
// runs one loop over len_i * max(1, len_j) iterations. The counter k goes
// from the outer loop into the inner one and back: one carried value.
// CHECK-LABEL: tt.func @independent
// CHECK-SAME: (%[[UB:.*]]: i32, %[[OUT:.*]]: !tt.ptr<i32>)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[CM1:.*]] = arith.constant -1 : i32
// CHECK: %[[EMPTY:.*]] = arith.cmpi sle, %[[UB]], %[[C0]]
// CHECK: scf.if %[[EMPTY]] {
// CHECK-NEXT: } else {
// CHECK: %[[LEN:.*]] = arith.maxsi %[[UB]], %[[C1]]
// CHECK: %[[TOTAL:.*]] = arith.muli %[[UB]], %[[LEN]]
// CHECK: %[[LAST:.*]] = arith.subi %[[LEN]], %[[C1]]
// CHECK: scf.for %{{.*}} = %[[C0]] to %[[TOTAL]] step %[[C1]] iter_args(%[[T:.*]] = %[[C0]], %[[I:.*]] = %[[CM1]], %[[K:.*]] = %[[C1]], %[[J:.*]] = %[[C0]])
// CHECK:   %[[FIRST:.*]] = arith.cmpi eq, %[[T]], %[[C0]]
// CHECK:   %[[JC:.*]] = arith.select %[[FIRST]], %[[C0]], %[[J]]
// CHECK:   %[[IC:.*]] = scf.if %[[FIRST]] -> (i32) {
// CHECK:     %[[INEXT:.*]] = arith.addi %[[I]], %[[C1]]
// CHECK:     scf.yield %[[INEXT]]
// CHECK:   } else {
// CHECK:     scf.yield %[[I]]
// CHECK:   }
// CHECK:   arith.muli %[[IC]]
// CHECK:   tt.store %{{.*}}, %[[K]]
// CHECK:   %[[KN:.*]] = arith.addi %[[K]], %[[C1]]
// CHECK:   %[[JN:.*]] = arith.addi %[[JC]], %[[C1]]
// CHECK:   %[[ISLAST:.*]] = arith.cmpi eq, %[[T]], %[[LAST]]
// CHECK:   %[[TN:.*]] = arith.addi %[[T]], %[[C1]]
// CHECK:   %[[TNEXT:.*]] = arith.select %[[ISLAST]], %[[C0]], %[[TN]]
// CHECK:   scf.yield %[[TNEXT]], %[[IC]], %[[KN]], %[[JN]]
// CHECK-NOT: scf.for
// CHECK: tt.return
tt.func @independent(%ub: i32, %out: !tt.ptr<i32>) {
  %c32 = arith.constant 32 : i32
  %c1 = arith.constant 1 : i32
  %c0 = arith.constant 0 : i32
  %k = scf.for %i = %c0 to %ub step %c1 iter_args(%k0 = %c1) -> (i32) : i32 {
    %k1 = scf.for %j = %c0 to %ub step %c1 iter_args(%k2 = %k0) -> (i32) : i32 {
      %0 = arith.muli %i, %c32 : i32
      %1 = tt.addptr %out, %0 : !tt.ptr<i32>, i32
      %2 = tt.addptr %1, %j : !tt.ptr<i32>, i32
      tt.store %2, %k2 : !tt.ptr<i32>
      %k3 = arith.addi %k2, %c1 : i32
      scf.yield %k3 : i32
    }
    scf.yield %k1 : i32
  } {tt.flatten}
  tt.return
}

// -----

// upstream's test_tl_range_fuse_dependent: the inner bounds depend on i and
// an assumption says the inner loop runs. A first loop sums the inner
// lengths; the prologue (with the assumption) runs when T == 0 and yields
// the inner lower bound and length for the iterations that follow.
// CHECK-LABEL: tt.func @dependent
// CHECK-SAME: (%[[UB:.*]]: i32, %[[OI:.*]]: !tt.ptr<i32>, %[[OJ:.*]]: !tt.ptr<i32>)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : i32
// CHECK: %[[TOTAL:.*]] = scf.for %[[CI:.*]] = %[[C0]] to %[[UB]] step %[[C1]] iter_args(%[[ACC:.*]] = %[[C0]])
// CHECK:   %[[LO:.*]] = arith.muli %[[CI]], %[[C2]]
// CHECK:   %[[HI0:.*]] = arith.addi %[[LO]], %[[CI]]
// CHECK:   %[[HI:.*]] = arith.addi %[[HI0]], %[[C1]]
// CHECK:   %[[L:.*]] = arith.subi %[[HI]], %[[LO]]
// CHECK:   %[[LM:.*]] = arith.maxsi %[[L]], %[[C1]]
// CHECK:   %[[SUM:.*]] = arith.addi %[[ACC]], %[[LM]]
// CHECK:   scf.yield %[[SUM]]
// CHECK: scf.for %{{.*}} = %[[C0]] to %[[TOTAL]] step %[[C1]] iter_args(%[[T:.*]] = %[[C0]], %[[I:.*]] = %{{.*}}, %[[K:.*]] = %[[C0]], %[[J:.*]] = %[[C0]], %[[LEN:.*]] = %[[C0]])
// CHECK:   %[[FIRST:.*]] = arith.cmpi eq, %[[T]], %[[C0]]
// CHECK:   %[[P:.*]]:3 = scf.if %[[FIRST]] -> (i32, i32, i32) {
// CHECK:     %[[INEXT:.*]] = arith.addi %[[I]], %[[C1]]
// CHECK:     %[[PLO:.*]] = arith.muli %[[INEXT]], %[[C2]]
// CHECK:     llvm.intr.assume
// CHECK:     %[[PLEN:.*]] = arith.maxsi %{{.*}}, %[[C1]]
// CHECK:     scf.yield %[[INEXT]], %[[PLO]], %[[PLEN]]
// CHECK:   } else {
// CHECK:     scf.yield %[[I]], %[[J]], %[[LEN]]
// CHECK:   }
// CHECK:   tt.addptr %[[OI]], %[[K]]
// CHECK:   tt.store %{{.*}}, %[[P]]#0
// CHECK:   tt.store %{{.*}}, %[[P]]#1
// CHECK:   %[[KN:.*]] = arith.addi %[[K]], %[[C1]]
// CHECK:   %[[JN:.*]] = arith.addi %[[P]]#1, %[[C1]]
// CHECK:   %[[LASTT:.*]] = arith.subi %[[P]]#2, %[[C1]]
// CHECK:   arith.cmpi eq, %[[T]], %[[LASTT]]
// CHECK:   scf.yield %{{.*}}, %[[P]]#0, %[[KN]], %[[JN]], %[[P]]#2
// CHECK-NOT: scf.for
// CHECK: tt.return
tt.func @dependent(%ub: i32, %oi: !tt.ptr<i32>, %oj: !tt.ptr<i32>) {
  %c2 = arith.constant 2 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %k = scf.for %i = %c0 to %ub step %c1 iter_args(%k0 = %c0) -> (i32) : i32 {
    %lo = arith.muli %i, %c2 : i32
    %hi0 = arith.addi %lo, %i : i32
    %hi = arith.addi %hi0, %c1 : i32
    %cond = arith.cmpi sgt, %hi, %lo : i32
    llvm.intr.assume %cond : i1
    %k1 = scf.for %j = %lo to %hi step %c1 iter_args(%k2 = %k0) -> (i32) : i32 {
      %0 = tt.addptr %oi, %k2 : !tt.ptr<i32>, i32
      tt.store %0, %i : !tt.ptr<i32>
      %1 = tt.addptr %oj, %k2 : !tt.ptr<i32>, i32
      tt.store %1, %j : !tt.ptr<i32>
      %k3 = arith.addi %k2, %c1 : i32
      scf.yield %k3 : i32
    }
    scf.yield %k1 : i32
  } {tt.flatten}
  tt.return
}

// -----

// Without tt.flatten the pass leaves a nest alone.
// CHECK-LABEL: tt.func @not_marked
// CHECK: scf.for
// CHECK:   arith.muli
// CHECK:   scf.for
// CHECK:     tt.store
// CHECK:   }
// CHECK: }
// CHECK-NOT: scf.if
tt.func @not_marked(%ub: i32, %out: !tt.ptr<i32>) {
  %c32 = arith.constant 32 : i32
  %c1 = arith.constant 1 : i32
  %c0 = arith.constant 0 : i32
  scf.for %i = %c0 to %ub step %c1 : i32 {
    %0 = arith.muli %i, %c32 : i32
    scf.for %j = %c0 to %ub step %c1 : i32 {
      %1 = tt.addptr %out, %0 : !tt.ptr<i32>, i32
      %2 = tt.addptr %1, %j : !tt.ptr<i32>, i32
      tt.store %2, %j : !tt.ptr<i32>
    }
  }
  tt.return
}

// -----

// An accumulator initialized outside the nest starts from that value and
// the epilogue resets it; constant inner bounds need no versioning; a value
// the prologue computes for the epilogue is carried; tt.num_stages is the
// larger of the two loops'.
// CHECK-LABEL: tt.func @accumulator
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<16xf32>
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : i32
// CHECK-NOT: scf.if
// CHECK: %[[TOTAL:.*]] = arith.muli %{{.*}}, %[[C4]]
// CHECK: scf.for %{{.*}} to %[[TOTAL]] {{.*}} iter_args({{.*}}, %[[ACC:.*]] = %[[ZERO]], %{{.*}} = %{{.*}})
// CHECK:   scf.if
// CHECK:     tt.load
// CHECK:   %[[SUM:.*]] = arith.addf %[[ACC]]
// CHECK:   %[[LAST:.*]] = arith.cmpi eq
// CHECK:   %[[NEXTACC:.*]] = arith.select %[[LAST]], %[[ZERO]], %[[SUM]]
// CHECK:   scf.if %[[LAST]] {
// CHECK:     tt.store %{{.*}}, %[[SUM]]
// CHECK:   }
// CHECK:   scf.yield {{.*}}, %[[NEXTACC]],
// CHECK: } {tt.num_stages = 3 : i32}
tt.func @accumulator(%n: i32, %src: tensor<16x!tt.ptr<f32>>, %dst: tensor<16x!tt.ptr<f32>>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %zero = arith.constant dense<0.0> : tensor<16xf32>
  scf.for %i = %c0 to %n step %c1 : i32 {
    %off = tt.splat %i : i32 -> tensor<16xi32>
    %ptrs = tt.addptr %src, %off : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
    %x = tt.load %ptrs : tensor<16x!tt.ptr<f32>>
    %acc = scf.for %j = %c0 to %c4 step %c1 iter_args(%a = %zero) -> (tensor<16xf32>) : i32 {
      %s = arith.addf %a, %x : tensor<16xf32>
      scf.yield %s : tensor<16xf32>
    } {tt.num_stages = 3 : i32}
    %out = tt.addptr %dst, %off : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
    tt.store %out, %acc : tensor<16x!tt.ptr<f32>>
  } {tt.flatten, tt.num_stages = 2 : i32}
  tt.return
}

// -----

// An outer iter_arg the inner body reads keeps its value through the outer
// iteration: only the last fused iteration of each takes the outer yield.
// CHECK-LABEL: tt.func @outer_arg_read_inside
// CHECK: scf.for {{.*}} iter_args(%[[T:[^ ]*]] = %{{[^,]*}}, %{{[^ ]*}} = %{{[^,]*}}, %[[S:[^ ]*]] = %{{[^,]*}},
// CHECK:   tt.store %{{.*}}, %[[S]]
// CHECK:   %[[LAST:.*]] = arith.cmpi eq, %[[T]]
// CHECK:   %[[SN:.*]] = scf.if %[[LAST]] -> (i32) {
// CHECK:     %[[SADD:.*]] = arith.addi %[[S]]
// CHECK:     scf.yield %[[SADD]]
// CHECK:   } else {
// CHECK:     scf.yield %[[S]]
// CHECK:   }
// CHECK:   scf.yield %{{[^,]*}}, %{{[^,]*}}, %[[SN]],
tt.func @outer_arg_read_inside(%ub: i32, %out: !tt.ptr<i32>) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%s = %c0) -> (i32) : i32 {
    scf.for %j = %c0 to %c8 step %c1 : i32 {
      %p = tt.addptr %out, %j : !tt.ptr<i32>, i32
      tt.store %p, %s : !tt.ptr<i32>
    }
    %s1 = arith.addi %s, %i : i32
    scf.yield %s1 : i32
  } {tt.flatten}
  tt.return %r : i32
}
