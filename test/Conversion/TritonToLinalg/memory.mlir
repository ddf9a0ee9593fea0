// RUN: tt-opt %s -split-input-file --convert-triton-to-linalg | FileCheck %s

// Shape ops and address arithmetic become parallel linalg.generic ops; a
// masked load reads memory only under its mask bit and otherwise takes
// `other`; a masked store writes only under its mask bit. 16-bit floats are
// moved as i16 (LLVM vectorizes masked accesses to those).

// CHECK-DAG: #[[ID1:.*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[EXP:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[BCAST:.*]] = affine_map<(d0, d1) -> (0, d1)>
// CHECK-DAG: #[[SCALAR:.*]] = affine_map<(d0, d1) -> ()>
// CHECK-DAG: #[[TRANS:.*]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-LABEL: func.func @kernel
// CHECK-SAME: (%[[P:[^:]*]]: !llvm.ptr, %[[N:[^:]*]]: i32
// CHECK: %[[RANGE:.*]] = linalg.generic {indexing_maps = [#[[ID1]]], iterator_types = ["parallel"]} outs(%{{.*}} : tensor<8xi32>)
// CHECK:   %[[I:.*]] = linalg.index 0 : index
// CHECK:   %[[IC:.*]] = arith.index_cast %[[I]] : index to i32
// CHECK:   linalg.yield %[[IC]] : i32
// CHECK: %[[ROW:.*]] = linalg.generic {indexing_maps = [#[[EXP]], #[[ID2]]], {{.*}} ins(%[[RANGE]] : tensor<8xi32>) outs(%{{.*}} : tensor<1x8xi32>)
// CHECK: %[[COLS:.*]] = linalg.generic {indexing_maps = [#[[BCAST]], #[[ID2]]], {{.*}} ins(%[[ROW]] : tensor<1x8xi32>) outs(%{{.*}} : tensor<4x8xi32>)
// CHECK: %[[BASE:.*]] = linalg.generic {indexing_maps = [#[[SCALAR]], #[[ID2]]], {{.*}} ins(%[[P]] : !llvm.ptr) outs(%{{.*}} : tensor<4x8xi64>)
// CHECK:   %[[A:.*]] = llvm.ptrtoint %{{.*}} : !llvm.ptr to i64
// CHECK:   linalg.yield %[[A]] : i64
// CHECK: %[[ADDR:.*]] = linalg.generic {{.*}} ins(%[[BASE]], %[[COLS]] : tensor<4x8xi64>, tensor<4x8xi32>) outs(%{{.*}} : tensor<4x8xi64>)
// CHECK: ^bb0(%[[B:.*]]: i64, %[[OFF:.*]]: i32, %{{.*}}: i64):
// CHECK:   %[[OFF64:.*]] = arith.extsi %[[OFF]] : i32 to i64
// CHECK:   %[[TWO:.*]] = arith.constant 2 : i64
// CHECK:   %[[BYTES:.*]] = arith.muli %[[OFF64]], %[[TWO]] : i64
// CHECK:   %[[SUM:.*]] = arith.addi %[[B]], %[[BYTES]] : i64
// CHECK:   linalg.yield %[[SUM]] : i64
// CHECK: %[[MASK:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<4x8xi1>)
// CHECK:   arith.cmpi slt
// CHECK: %[[OTHER:.*]] = arith.constant dense<1.000000e+00> : tensor<4x8xf16>
// CHECK: %[[LOAD:.*]] = linalg.generic {{.*}} ins(%[[ADDR]], %[[MASK]], %[[OTHER]] : tensor<4x8xi64>, tensor<4x8xi1>, tensor<4x8xf16>) outs(%{{.*}} : tensor<4x8xf16>)
// CHECK: ^bb0(%[[LA:.*]]: i64, %[[LM:.*]]: i1, %[[LO:.*]]: f16, %{{.*}}: f16):
// CHECK:   %[[LV:.*]] = scf.if %[[LM]] -> (f16) {
// CHECK:     %[[LP:.*]] = llvm.inttoptr %[[LA]] : i64 to !llvm.ptr
// CHECK:     %[[BITS:.*]] = llvm.load %[[LP]] {alignment = 2 : i64} : !llvm.ptr -> i16
// CHECK:     %[[X:.*]] = arith.bitcast %[[BITS]] : i16 to f16
// CHECK:     scf.yield %[[X]] : f16
// CHECK:   } else {
// CHECK:     scf.yield %[[LO]] : f16
// CHECK:   linalg.yield %[[LV]] : f16
// CHECK: linalg.generic {indexing_maps = [#[[TRANS]], #[[ID2]]], {{.*}} ins(%[[LOAD]] : tensor<4x8xf16>) outs(%{{.*}} : tensor<8x4xf16>)
// CHECK: linalg.generic {{.*}} ins(%[[ADDR]], %[[LOAD]], %[[MASK]] : tensor<4x8xi64>, tensor<4x8xf16>, tensor<4x8xi1>) {
// CHECK: ^bb0(%[[SA:.*]]: i64, %[[SV:.*]]: f16, %[[SM:.*]]: i1):
// CHECK:   scf.if %[[SM]] {
// CHECK:     %[[SP:.*]] = llvm.inttoptr %[[SA]] : i64 to !llvm.ptr
// CHECK:     %[[SBITS:.*]] = arith.bitcast %[[SV]] : f16 to i16
// CHECK:     llvm.store %[[SBITS]], %[[SP]] {alignment = 2 : i64} : i16, !llvm.ptr
// CHECK:   linalg.yield
tt.func public @kernel(%p: !tt.ptr<f16>, %n: i32) -> tensor<8x4xf16> {
  %r = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %e = tt.expand_dims %r {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
  %b = tt.broadcast %e : tensor<1x8xi32> -> tensor<4x8xi32>
  %s = tt.splat %p : !tt.ptr<f16> -> tensor<4x8x!tt.ptr<f16>>
  %a = tt.addptr %s, %b : tensor<4x8x!tt.ptr<f16>>, tensor<4x8xi32>
  %ns = tt.splat %n : i32 -> tensor<4x8xi32>
  %m = arith.cmpi slt, %b, %ns : tensor<4x8xi32>
  %o = arith.constant dense<1.0> : tensor<4x8xf16>
  %v = tt.load %a, %m, %o : tensor<4x8x!tt.ptr<f16>>
  %t = tt.trans %v {order = array<i32: 1, 0>} : tensor<4x8xf16> -> tensor<8x4xf16>
  tt.store %a, %v, %m : tensor<4x8x!tt.ptr<f16>>
  tt.return %t : tensor<8x4xf16>
}

// -----

// Booleans are bytes in memory; a load without `other` yields zero where
// masked off.
// CHECK-LABEL: func.func @bools
// CHECK: scf.if %{{.*}} -> (i1) {
// CHECK:   %[[BYTE:.*]] = llvm.load %{{.*}} {alignment = 1 : i64} : !llvm.ptr -> i8
// CHECK:   %[[ZERO:.*]] = arith.constant 0 : i8
// CHECK:   %[[BIT:.*]] = arith.cmpi ne, %[[BYTE]], %[[ZERO]] : i8
// CHECK:   scf.yield %[[BIT]] : i1
// CHECK: } else {
// CHECK:   %[[F:.*]] = arith.constant false
// CHECK:   scf.yield %[[F]] : i1
// CHECK: %[[WIDE:.*]] = arith.extui %{{.*}} : i1 to i8
// CHECK: llvm.store %[[WIDE]], %{{.*}} {alignment = 1 : i64} : i8, !llvm.ptr
tt.func public @bools(%p: !tt.ptr<i1>, %q: !tt.ptr<i1>, %c: i1) {
  %v = tt.load %p, %c : !tt.ptr<i1>
  tt.store %q, %v : !tt.ptr<i1>
  tt.return
}

// -----

// Atomics call helpers that tritoncpu-define-atomics defines later, under the
// mask; masked-off elements read as zero.
// CHECK: func.func private @__tt_cpu_cmpxchg.acq_rel.i32(!llvm.ptr, i32, i32) -> i32
// CHECK: func.func private @__tt_cpu_atomicrmw.fadd.monotonic.f32(!llvm.ptr, f32) -> f32
// CHECK-LABEL: func.func @atomics
// CHECK: linalg.generic
// CHECK: ^bb0(%[[A:.*]]: i64, %[[V:.*]]: f32, %[[M:.*]]: i1, %{{.*}}: f32):
// CHECK:   scf.if %[[M]] -> (f32) {
// CHECK:     %[[P:.*]] = llvm.inttoptr %[[A]] : i64 to !llvm.ptr
// CHECK:     %[[OLD:.*]] = func.call @__tt_cpu_atomicrmw.fadd.monotonic.f32(%[[P]], %[[V]]) : (!llvm.ptr, f32) -> f32
// CHECK:     scf.yield %[[OLD]] : f32
// CHECK: call @__tt_cpu_cmpxchg.acq_rel.i32(%{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, i32, i32) -> i32
tt.func public @atomics(%p: tensor<16x!tt.ptr<f32>>, %v: tensor<16xf32>, %m: tensor<16xi1>, %q: !tt.ptr<i32>, %c: i32, %x: i32) {
  %old = tt.atomic_rmw fadd, relaxed, gpu, %p, %v, %m : (tensor<16x!tt.ptr<f32>>, tensor<16xf32>, tensor<16xi1>) -> tensor<16xf32>
  %o2 = tt.atomic_cas acq_rel, gpu, %q, %c, %x : (!tt.ptr<i32>, i32, i32) -> i32
  tt.return
}
