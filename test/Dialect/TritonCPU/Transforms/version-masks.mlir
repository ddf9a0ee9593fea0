// RUN: tt-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(tritoncpu-version-masks))' | FileCheck %s

#scalar = affine_map<(d0) -> ()>
#id = affine_map<(d0) -> (d0)>

// `base + i < n` holds for all i < 64 iff it holds for i = 63: that check
// selects a copy of the loop without masks.
// CHECK-LABEL: func.func @store
// CHECK-SAME: (%[[P:[^:]*]]: !llvm.ptr, %[[BASE:[^:]*]]: i32, %[[N:[^:]*]]: i32
// CHECK: %[[LAST:.*]] = arith.constant 63 : index
// CHECK: %[[L32:.*]] = arith.index_cast %[[LAST]] : index to i32
// CHECK: %[[END:.*]] = arith.addi %[[BASE]], %[[L32]] : i32
// CHECK: %[[ALL:.*]] = arith.cmpi slt, %[[END]], %[[N]] : i32
// CHECK: scf.if %[[ALL]] {
// CHECK:   linalg.generic
// CHECK-NOT: scf.if
// CHECK:     llvm.store
// CHECK: } else {
// CHECK:   linalg.generic
// CHECK:     scf.if
// CHECK:       llvm.store
func.func @store(%p: !llvm.ptr, %base: i32, %n: i32, %v: tensor<64xf32>) {
  linalg.generic {indexing_maps = [#scalar, #scalar, #scalar, #id], iterator_types = ["parallel"]} ins(%p, %base, %n, %v : !llvm.ptr, i32, i32, tensor<64xf32>) {
  ^bb0(%ptr: !llvm.ptr, %b: i32, %bound: i32, %x: f32):
    %i = linalg.index 0 : index
    %i32 = arith.index_cast %i : index to i32
    %o = arith.addi %b, %i32 : i32
    %m = arith.cmpi slt, %o, %bound : i32
    scf.if %m {
      %q = llvm.getelementptr %ptr[%o] : (!llvm.ptr, i32) -> !llvm.ptr, f32
      llvm.store %x, %q : f32, !llvm.ptr
    }
    linalg.yield
  }
  return
}

// -----

#id = affine_map<(d0) -> (d0)>
#scalar = affine_map<(d0) -> ()>

// `0 <= i - k` (increasing index on the left of >=) is checked at i = 0;
// a loaded value keeps its `other` in the masked copy only.
// CHECK-LABEL: func.func @load
// CHECK: %[[FIRST:.*]] = arith.constant 0 : index
// CHECK: %[[F32:.*]] = arith.index_cast %[[FIRST]] : index to i32
// CHECK: %[[D:.*]] = arith.subi %[[F32]], %{{.*}} : i32
// CHECK: %[[ALL:.*]] = arith.cmpi sge, %[[D]], %{{.*}} : i32
// CHECK: %[[R:.*]] = scf.if %[[ALL]] -> (tensor<64xf32>) {
// CHECK:   %[[FAST:.*]] = linalg.generic
// CHECK-NOT: scf.if
// CHECK:   scf.yield %[[FAST]] : tensor<64xf32>
// CHECK: } else {
// CHECK:   %[[SLOW:.*]] = linalg.generic
// CHECK:     scf.if
// CHECK:   scf.yield %[[SLOW]] : tensor<64xf32>
// CHECK: return %[[R]]
func.func @load(%p: !llvm.ptr, %k: i32) -> tensor<64xf32> {
  %e = tensor.empty() : tensor<64xf32>
  %c0 = arith.constant 0 : i32
  %r = linalg.generic {indexing_maps = [#scalar, #id], iterator_types = ["parallel"]} ins(%p : !llvm.ptr) outs(%e : tensor<64xf32>) {
  ^bb0(%ptr: !llvm.ptr, %out: f32):
    %i = linalg.index 0 : index
    %i32 = arith.index_cast %i : index to i32
    %d = arith.subi %i32, %k : i32
    %m = arith.cmpi sge, %d, %c0 : i32
    %v = scf.if %m -> (f32) {
      %q = llvm.getelementptr %ptr[%d] : (!llvm.ptr, i32) -> !llvm.ptr, f32
      %x = llvm.load %q : !llvm.ptr -> f32
      scf.yield %x : f32
    } else {
      %z = arith.constant 0.0 : f32
      scf.yield %z : f32
    }
    linalg.yield %v : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}

// -----

#id = affine_map<(d0) -> (d0)>
#scalar = affine_map<(d0) -> ()>

// Masks read from a tensor, or unsigned comparisons, are left alone.
// CHECK-LABEL: func.func @unknown
// CHECK-NOT: scf.if {{.*}} -> (tensor
// CHECK: linalg.generic
// CHECK-NOT: linalg.generic
// CHECK-LABEL: func.func @unsigned
// CHECK-NOT: scf.if {{.*}} -> (tensor
// CHECK: linalg.generic
// CHECK-NOT: linalg.generic
func.func @unknown(%p: !llvm.ptr, %mask: tensor<64xi1>) -> tensor<64xf32> {
  %e = tensor.empty() : tensor<64xf32>
  %r = linalg.generic {indexing_maps = [#scalar, #id, #id], iterator_types = ["parallel"]} ins(%p, %mask : !llvm.ptr, tensor<64xi1>) outs(%e : tensor<64xf32>) {
  ^bb0(%ptr: !llvm.ptr, %m: i1, %out: f32):
    %v = scf.if %m -> (f32) {
      %x = llvm.load %ptr : !llvm.ptr -> f32
      scf.yield %x : f32
    } else {
      %z = arith.constant 0.0 : f32
      scf.yield %z : f32
    }
    linalg.yield %v : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}
func.func @unsigned(%p: !llvm.ptr, %n: i32) -> tensor<64xf32> {
  %e = tensor.empty() : tensor<64xf32>
  %r = linalg.generic {indexing_maps = [#scalar, #scalar, #id], iterator_types = ["parallel"]} ins(%p, %n : !llvm.ptr, i32) outs(%e : tensor<64xf32>) {
  ^bb0(%ptr: !llvm.ptr, %bound: i32, %out: f32):
    %i = linalg.index 0 : index
    %i32 = arith.index_cast %i : index to i32
    %m = arith.cmpi ult, %i32, %bound : i32
    %v = scf.if %m -> (f32) {
      %x = llvm.load %ptr : !llvm.ptr -> f32
      scf.yield %x : f32
    } else {
      %z = arith.constant 0.0 : f32
      scf.yield %z : f32
    }
    linalg.yield %v : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}
