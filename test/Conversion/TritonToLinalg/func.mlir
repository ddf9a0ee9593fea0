// RUN: tt-opt %s -split-input-file --convert-triton-to-linalg | FileCheck %s

// Kernels get the six grid arguments; program ids and grid sizes read them,
// calls forward them.

// CHECK-LABEL: func.func @kernel
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[N:.*]]: i32, %[[PX:.*]]: i32, %[[PY:.*]]: i32, %[[PZ:.*]]: i32, %[[NX:.*]]: i32, %[[NY:.*]]: i32, %[[NZ:.*]]: i32)
// CHECK-SAME: attributes {tt.cpu.kernel}
// CHECK: %[[S:.*]] = arith.addi %[[PX]], %[[PZ]] : i32
// CHECK: %[[T:.*]] = arith.addi %[[S]], %[[NY]] : i32
// CHECK: %[[Q:.*]] = llvm.getelementptr %[[P]][%[[T]]] : (!llvm.ptr, i32) -> !llvm.ptr, f32
// CHECK: %[[V:.*]] = call @helper(%[[Q]], %[[N]], %[[PX]], %[[PY]], %[[PZ]], %[[NX]], %[[NY]], %[[NZ]])
// CHECK: llvm.store %[[V]], %[[Q]] {alignment = 4 : i64} : f32, !llvm.ptr
// CHECK: return
tt.func public @kernel(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) {
  %x = tt.get_program_id x : i32
  %z = tt.get_program_id z : i32
  %ny = tt.get_num_programs y : i32
  %s = arith.addi %x, %z : i32
  %t = arith.addi %s, %ny : i32
  %q = tt.addptr %p, %t : !tt.ptr<f32>, i32
  %v = tt.call @helper(%q, %n) : (!tt.ptr<f32>, i32) -> f32
  tt.store %q, %v : !tt.ptr<f32>
  tt.return
}

// A device function that was not inlined: not a kernel, same extra
// arguments. A masked scalar load reads memory only under its mask.
// CHECK-LABEL: func.func private @helper
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[N:.*]]: i32, %{{.*}}: i32, %[[PY:.*]]: i32, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32) -> f32 {
// CHECK: %[[C:.*]] = arith.cmpi slt, %[[PY]], %[[N]] : i32
// CHECK: %[[R:.*]] = scf.if %[[C]] -> (f32) {
// CHECK:   %[[L:.*]] = llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr -> f32
// CHECK:   scf.yield %[[L]] : f32
// CHECK: } else {
// CHECK:   %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:   scf.yield %[[Z]] : f32
// CHECK: return %[[R]] : f32
tt.func private @helper(%p: !tt.ptr<f32>, %n: i32) -> f32 attributes {noinline = true} {
  %pid = tt.get_program_id y : i32
  %c = arith.cmpi slt, %pid, %n : i32
  %v = tt.load %p, %c : !tt.ptr<f32>
  tt.return %v : f32
}

// -----

// A loop-carried tensor of pointers advanced by a uniform offset becomes a
// scalar i64 element offset: the tensor is recomputed from its initial value
// in the loop and after it.
// CHECK-LABEL: func.func @loop
// CHECK: %[[P0:.*]] = linalg.generic {{.*}} ins(%{{.*}} : !llvm.ptr) outs(%{{.*}} : tensor<4xi64>)
// CHECK: %[[STEP:.*]] = arith.constant 4 : i32
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK: %[[LOOP:.*]]:2 = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[OLD:.*]] = %[[P0]], %[[OFF:.*]] = %[[ZERO]]) -> (tensor<4xi64>, i64)  : i32 {
// CHECK:   %[[SPLAT:.*]] = linalg.generic {{.*}} ins(%[[OFF]] : i64)
// CHECK:   linalg.generic {{.*}} ins(%[[P0]], %[[SPLAT]] : tensor<4xi64>, tensor<4xi64>)
// CHECK:   %[[STEP64:.*]] = arith.extsi %[[STEP]] : i32 to i64
// CHECK:   %[[NEXT:.*]] = arith.addi %[[OFF]], %[[STEP64]] : i64
// CHECK:   scf.yield %[[OLD]], %[[NEXT]] : tensor<4xi64>, i64
// CHECK: %[[FINAL:.*]] = linalg.generic {{.*}} ins(%[[LOOP]]#1 : i64)
// CHECK: %[[PTRS:.*]] = linalg.generic {{.*}} ins(%[[P0]], %[[FINAL]] : tensor<4xi64>, tensor<4xi64>)
// CHECK: linalg.generic {{.*}} ins(%[[PTRS]], %{{.*}} : tensor<4xi64>, tensor<4xf32>)
// CHECK:   llvm.store
tt.func public @loop(%p: !tt.ptr<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %four = arith.constant dense<4> : tensor<4xi32>
  %s = tt.splat %p : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %s) -> (tensor<4x!tt.ptr<f32>>) : i32 {
    %b = tt.addptr %a, %four : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
    scf.yield %b : tensor<4x!tt.ptr<f32>>
  }
  %v = arith.constant dense<1.0> : tensor<4xf32>
  tt.store %r, %v : tensor<4x!tt.ptr<f32>>
  tt.return
}

// -----

// Other loop-carried tensors of pointers are tensors of i64 addresses.
// CHECK-LABEL: func.func @loop_varying
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[A:.*]] = %{{.*}}) -> (tensor<4xi64>)  : i32 {
// CHECK:   %[[NEXT:.*]] = linalg.generic {{.*}} ins(%[[A]], %{{.*}} : tensor<4xi64>, tensor<4xi32>)
// CHECK:   scf.yield %[[NEXT]] : tensor<4xi64>
tt.func public @loop_varying(%p: !tt.ptr<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r4 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %s = tt.splat %p : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %s) -> (tensor<4x!tt.ptr<f32>>) : i32 {
    %b = tt.addptr %a, %r4 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
    scf.yield %b : tensor<4x!tt.ptr<f32>>
  }
  %v = arith.constant dense<1.0> : tensor<4xf32>
  tt.store %r, %v : tensor<4x!tt.ptr<f32>>
  tt.return
}
