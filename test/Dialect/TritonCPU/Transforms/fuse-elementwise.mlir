// RUN: tt-opt %s -split-input-file --convert-triton-to-linalg -canonicalize -cse --tritoncpu-fuse-elementwise -cse | FileCheck %s

// The add kernel becomes one loop: address computations are recomputed in
// place, both loads move into the store's loop (nothing in between touches
// memory), and addresses become getelementptr on the kernel's pointers.
// CHECK-LABEL: func.func @add
// CHECK-SAME: (%[[X:[^:]*]]: !llvm.ptr, %[[Y:[^:]*]]: !llvm.ptr, %[[OUT:[^:]*]]: !llvm.ptr, %[[N:[^:]*]]: i32
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[OUT]], %[[X]], %[[N]], %[[Y]] : !llvm.ptr, !llvm.ptr, i32, !llvm.ptr)
// CHECK: ^bb0(%[[PO:.*]]: !llvm.ptr, %[[PX:.*]]: !llvm.ptr, %[[PN:.*]]: i32, %[[PY:.*]]: !llvm.ptr, %{{.*}}: i64):
// CHECK:   %[[I:.*]] = linalg.index 0 : index
// CHECK:   %[[I32:.*]] = arith.index_cast %[[I]] : index to i32
// CHECK:   %[[M:.*]] = arith.cmpi slt, %[[I32]], %[[PN]] : i32
// CHECK:   %[[OFF:.*]] = arith.muli %{{.*}}, %{{.*}} : i64
// CHECK:   %[[XV:.*]] = scf.if %[[M]] -> (f32) {
// CHECK:     %[[XA:.*]] = llvm.getelementptr %[[PX]][%[[OFF]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK:     llvm.load %[[XA]] {alignment = 4 : i64} : !llvm.ptr -> f32
// CHECK:   %[[YV:.*]] = scf.if %[[M]] -> (f32) {
// CHECK:     %[[YA:.*]] = llvm.getelementptr %[[PY]][%[[OFF]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK:     llvm.load %[[YA]] {alignment = 4 : i64} : !llvm.ptr -> f32
// CHECK:   %[[S:.*]] = arith.addf %[[XV]], %[[YV]] : f32
// CHECK:   scf.if %[[M]] {
// CHECK:     %[[OA:.*]] = llvm.getelementptr %[[PO]][%[[OFF]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK:     llvm.store %[[S]], %[[OA]] {alignment = 4 : i64} : f32, !llvm.ptr
// CHECK-NOT: linalg.generic
// CHECK: return
tt.func public @add(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32) {
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %ns = tt.splat %n : i32 -> tensor<64xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<64xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %xv = tt.load %xp, %m : tensor<64x!tt.ptr<f32>>
  %ys = tt.splat %y : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %yp = tt.addptr %ys, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %yv = tt.load %yp, %m : tensor<64x!tt.ptr<f32>>
  %s = arith.addf %xv, %yv : tensor<64xf32>
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %op = tt.addptr %os, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  tt.store %op, %s, %m : tensor<64x!tt.ptr<f32>>
  tt.return
}

// -----

// A load is not moved past a store: it keeps its own loop, and only the
// arithmetic on its result joins the later store.
// CHECK-LABEL: func.func @no_reorder
// CHECK: %[[LOADED:.*]] = linalg.generic
// CHECK:   llvm.load
// CHECK: linalg.generic
// CHECK:   llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %[[LOADED]] : !llvm.ptr, tensor<64xf32>)
// CHECK:   arith.mulf
// CHECK:   llvm.store
tt.func public @no_reorder(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>) {
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %xv = tt.load %xp : tensor<64x!tt.ptr<f32>>
  %zero = arith.constant dense<0.0> : tensor<64xf32>
  tt.store %xp, %zero : tensor<64x!tt.ptr<f32>>
  %two = arith.constant dense<2.0> : tensor<64xf32>
  %s = arith.mulf %xv, %two : tensor<64xf32>
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %op = tt.addptr %os, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  tt.store %op, %s : tensor<64x!tt.ptr<f32>>
  tt.return
}

// -----

// Nothing is fused into the dot (that would load each element once per
// output column), and loop-carried addresses advanced by a non-uniform
// offset are updated in place.
// CHECK-LABEL: func.func @dot_loop
// CHECK: scf.for %{{.*}} iter_args(%[[P:.*]] = %{{.*}}, %[[ACC:.*]] = %{{.*}}) -> (tensor<8x8xi64>, tensor<8x8xf32>)
// CHECK:   %[[V:.*]] = linalg.generic {{.*}} ins(%[[P]] : tensor<8x8xi64>)
// CHECK:     llvm.load
// CHECK:   %[[D:.*]] = linalg.generic {{.*}} ins(%[[V]], %{{.*}} : tensor<8x8xf32>, tensor<8x8xf32>) outs(%[[ACC]] : tensor<8x8xf32>) attrs = {tt.dot}
// CHECK-NOT: llvm.load
// CHECK:   %[[NEXT:.*]] = linalg.generic {{.*}} ins(%[[P]] : tensor<8x8xi64>) outs(%[[P]] : tensor<8x8xi64>)
// CHECK:   scf.yield %[[NEXT]], %[[D]]
tt.func public @dot_loop(%a: !tt.ptr<f32>, %b: tensor<8x8xf32>, %c: !tt.ptr<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %row = tt.expand_dims %r {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
  %rb = tt.broadcast %row : tensor<8x1xi32> -> tensor<8x8xi32>
  %as = tt.splat %a : !tt.ptr<f32> -> tensor<8x8x!tt.ptr<f32>>
  %ap = tt.addptr %as, %rb : tensor<8x8x!tt.ptr<f32>>, tensor<8x8xi32>
  %zero = arith.constant dense<0.0> : tensor<8x8xf32>
  %step = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %stepe = tt.expand_dims %step {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
  %stepb = tt.broadcast %stepe : tensor<1x8xi32> -> tensor<8x8xi32>
  %res:2 = scf.for %i = %c0 to %n step %c1 iter_args(%p = %ap, %acc = %zero) -> (tensor<8x8x!tt.ptr<f32>>, tensor<8x8xf32>) : i32 {
    %v = tt.load %p : tensor<8x8x!tt.ptr<f32>>
    %d = tt.dot %v, %b, %acc : tensor<8x8xf32> * tensor<8x8xf32> -> tensor<8x8xf32>
    %next = tt.addptr %p, %stepb : tensor<8x8x!tt.ptr<f32>>, tensor<8x8xi32>
    scf.yield %next, %d : tensor<8x8x!tt.ptr<f32>>, tensor<8x8xf32>
  }
  %cs = tt.splat %c : !tt.ptr<f32> -> tensor<8x8x!tt.ptr<f32>>
  %cp = tt.addptr %cs, %rb : tensor<8x8x!tt.ptr<f32>>, tensor<8x8xi32>
  tt.store %cp, %res#1 : tensor<8x8x!tt.ptr<f32>>
  tt.return
}
