// RUN: tt-opt %s --pass-pipeline='builtin.module(func.func(tritoncpu-hoist-buffer-reads))' | FileCheck %s

// A read of a temporary that the loop does not write leaves the loop with
// the arithmetic on it; stores through !llvm.ptr do not count.
// CHECK-LABEL: func.func @hoisted
// CHECK-SAME: (%[[P:[^:]*]]: !llvm.ptr, %[[I:[^:]*]]: index
// CHECK: %[[T:.*]] = memref.alloc() : memref<16xi32>
// CHECK: %[[R:.*]] = memref.load %[[T]][%[[I]]] : memref<16xi32>
// CHECK: %[[M:.*]] = arith.muli %[[R]], %{{.*}} : i32
// CHECK: scf.for
// CHECK-NOT: memref.load
// CHECK:   llvm.store
func.func @hoisted(%p: !llvm.ptr, %i: index, %s: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %t = memref.alloc() : memref<16xi32>
  scf.for %j = %c0 to %c64 step %c1 {
    %r = memref.load %t[%i] : memref<16xi32>
    %m = arith.muli %r, %s : i32
    %jj = arith.index_cast %j : index to i32
    %a = arith.addi %m, %jj : i32
    %q = llvm.getelementptr %p[%a] : (!llvm.ptr, i32) -> !llvm.ptr, f32
    %z = arith.constant 0.0 : f32
    llvm.store %z, %q : f32, !llvm.ptr
  }
  memref.dealloc %t : memref<16xi32>
  return
}

// A temporary written in the loop, or a buffer that is not a temporary,
// stays read in the loop.
// CHECK-LABEL: func.func @kept
// CHECK: scf.for
// CHECK:   memref.load %{{.*}}[%{{.*}}] : memref<16xi32>
// CHECK:   memref.store
// CHECK:   memref.load %{{.*}}[%{{.*}}] : memref<8xi32>
func.func @kept(%arg: memref<8xi32>, %i: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %t = memref.alloc() : memref<16xi32>
  scf.for %j = %c0 to %c64 step %c1 {
    %r = memref.load %t[%i] : memref<16xi32>
    memref.store %r, %t[%j] : memref<16xi32>
    %x = memref.load %arg[%i] : memref<8xi32>
    memref.store %x, %t[%j] : memref<16xi32>
  }
  memref.dealloc %t : memref<16xi32>
  return
}

// A loop that may not run keeps its reads: the index might be one the loop
// would never have used.
// CHECK-LABEL: func.func @maybe_empty
// CHECK: scf.for
// CHECK:   memref.load
func.func @maybe_empty(%p: !llvm.ptr, %i: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = memref.alloc() : memref<16xf32>
  scf.for %j = %c0 to %n step %c1 {
    %r = memref.load %t[%i] : memref<16xf32>
    llvm.store %r, %p : f32, !llvm.ptr
  }
  memref.dealloc %t : memref<16xf32>
  return
}
