// RUN: tt-opt %s --tritoncpu-fuse-elementwise | FileCheck %s

// Addresses computed as integers become getelementptr on the pointer they
// start from, whichever side of an addition the pointer is on, with
// subtracted terms negated.
// CHECK-LABEL: func.func @addresses
// CHECK-SAME:    (%[[P:.*]]: !llvm.ptr, %[[X:.*]]: i64, %[[Y:.*]]: i64)
// CHECK-DAG:   %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK:       %[[Q:.*]] = llvm.getelementptr %[[P]][%[[X]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK:       %[[NX:.*]] = arith.subi %[[ZERO]], %[[X]] : i64
// CHECK:       %[[R:.*]] = llvm.getelementptr %[[P]][%[[NX]]]
// CHECK:       %[[NX2:.*]] = arith.subi %[[ZERO]], %[[X]] : i64
// CHECK:       %[[S:.*]] = arith.addi %[[NX2]], %[[Y]] : i64
// CHECK:       %[[T:.*]] = arith.subi %[[S]], %[[X]] : i64
// CHECK:       %[[W:.*]] = llvm.getelementptr %[[P]][%[[T]]]
// CHECK-NOT:   llvm.inttoptr
// CHECK:       return %[[Q]], %[[R]], %[[W]]
func.func @addresses(%p: !llvm.ptr, %x: i64, %y: i64)
    -> (!llvm.ptr, !llvm.ptr, !llvm.ptr) {
  %i = llvm.ptrtoint %p : !llvm.ptr to i64
  %a = arith.addi %x, %i : i64
  %q = llvm.inttoptr %a : i64 to !llvm.ptr
  %s = arith.subi %i, %x : i64
  %r = llvm.inttoptr %s : i64 to !llvm.ptr
  %t = arith.addi %s, %y : i64
  %u = arith.subi %t, %x : i64
  %w = llvm.inttoptr %u : i64 to !llvm.ptr
  return %q, %r, %w : !llvm.ptr, !llvm.ptr, !llvm.ptr
}

// An address that does not start from a pointer stays an integer.
// CHECK-LABEL: func.func @no_base
// CHECK:       llvm.inttoptr
// CHECK-NOT:   llvm.getelementptr
func.func @no_base(%x: i64, %y: i64) -> !llvm.ptr {
  %a = arith.addi %x, %y : i64
  %q = llvm.inttoptr %a : i64 to !llvm.ptr
  return %q : !llvm.ptr
}
