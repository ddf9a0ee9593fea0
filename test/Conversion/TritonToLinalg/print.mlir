// RUN: tt-opt %s -split-input-file --convert-triton-to-linalg | FileCheck %s

// tt.print of a tensor loops over its elements and calls printf with the
// program id, the index and the value (floats promoted to double).
// CHECK-DAG: llvm.mlir.global internal constant @[[FMT:__tt_cpu_str\.[0-9A-F]+]]("pid (%d, %d, %d) idx (%3lld) x: %f\0A\00")
// CHECK-DAG: llvm.func @printf(!llvm.ptr, ...) -> i32
// CHECK-LABEL: func.func @print
// CHECK-SAME: (%[[V:[^:]*]]: tensor<4xf32>, %[[PX:[^:]*]]: i32, %[[PY:[^:]*]]: i32, %[[PZ:[^:]*]]: i32
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:   %[[E:.*]] = tensor.extract %[[V]][%[[I]]] : tensor<4xf32>
// CHECK:   %[[D:.*]] = arith.extf %[[E]] : f32 to f64
// CHECK:   %[[I64:.*]] = arith.index_cast %[[I]] : index to i64
// CHECK:   %[[F:.*]] = llvm.mlir.addressof @[[FMT]] : !llvm.ptr
// CHECK:   llvm.call @printf(%[[F]], %[[PX]], %[[PY]], %[[PZ]], %[[I64]], %[[D]]) vararg(!llvm.func<i32 (ptr, ...)>)
tt.func public @print(%v: tensor<4xf32>) {
  tt.print " x: " {hex = false, isSigned = array<i32: 0>} : %v : tensor<4xf32>
  tt.return
}

// -----

// tt.assert checks each bit and aborts on the first false one.
// CHECK-LABEL: func.func @assert
// CHECK: scf.if %{{.*}} {
// CHECK:   llvm.call @printf
// CHECK:   llvm.call @fflush
// CHECK:   llvm.call @abort() : () -> ()
tt.func public @assert(%c: i1) {
  tt.assert %c, "bad" : i1
  tt.return
}
