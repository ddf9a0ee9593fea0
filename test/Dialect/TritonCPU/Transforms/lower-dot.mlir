// RUN: tt-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(tritoncpu-lower-dot{vector-width=4}))' | FileCheck %s

#a = affine_map<(d0, d1, d2) -> (d0, d1)>
#b = affine_map<(d0, d1, d2) -> (d1, d2)>
#c = affine_map<(d0, d1, d2) -> (d0, d2)>

// f16 inputs are widened once into f32 buffers; then 4 x 16 blocks of C
// (4 rows, 4 vectors of 4) stay in registers across the K loop.
// CHECK-LABEL: func.func @dot_f16
// CHECK-SAME: (%[[A:.*]]: memref<8x3xf16>, %[[B:.*]]: memref<3x32xf16>, %[[C:.*]]: memref<8x32xf32>)
// CHECK: %[[WA:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8x3xf32>
// CHECK: linalg.generic {{.*}} ins(%[[A]] : memref<8x3xf16>) outs(%[[WA]] : memref<8x3xf32>)
// CHECK:   arith.extf
// CHECK: %[[WB:.*]] = memref.alloc() {alignment = 64 : i64} : memref<3x32xf32>
// CHECK: linalg.generic {{.*}} ins(%[[B]] : memref<3x32xf16>) outs(%[[WB]] : memref<3x32xf32>)
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %[[C16:.*]] {
// CHECK:   scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %[[C4:.*]] {
// CHECK-COUNT-16: vector.load %[[C]][%{{.*}}, %{{.*}}] : memref<8x32xf32>, vector<4xf32>
// CHECK:     %[[ACC:.*]]:16 = scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(
// CHECK-COUNT-4: vector.load %[[WB]][%[[K]], %{{.*}}] : memref<3x32xf32>, vector<4xf32>
// CHECK:       %[[AS:.*]] = memref.load %[[WA]][%{{.*}}, %[[K]]] : memref<8x3xf32>
// CHECK:       %[[SPLAT:.*]] = vector.broadcast %[[AS]] : f32 to vector<4xf32>
// CHECK:       vector.fma %[[SPLAT]], %{{.*}}, %{{.*}} : vector<4xf32>
// CHECK-COUNT-15: vector.fma
// CHECK:       scf.yield
// CHECK-COUNT-16: vector.store %{{.*}}, %[[C]][%{{.*}}, %{{.*}}] : memref<8x32xf32>, vector<4xf32>
// CHECK: memref.dealloc %[[WA]] : memref<8x3xf32>
// CHECK: memref.dealloc %[[WB]] : memref<3x32xf32>
// CHECK-NOT: linalg.generic
func.func @dot_f16(%a: memref<8x3xf16>, %b: memref<3x32xf16>, %c: memref<8x32xf32>) {
  linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "reduction", "parallel"]} ins(%a, %b : memref<8x3xf16>, memref<3x32xf16>) outs(%c : memref<8x32xf32>) attrs = {tt.dot} {
  ^bb0(%x: f16, %y: f16, %acc: f32):
    %xe = arith.extf %x : f16 to f32
    %ye = arith.extf %y : f16 to f32
    %m = arith.mulf %xe, %ye : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  return
}

// -----

#a = affine_map<(d0, d1, d2) -> (d0, d1)>
#b = affine_map<(d0, d1, d2) -> (d1, d2)>
#c = affine_map<(d0, d1, d2) -> (d0, d2)>

// N = 24 is not a multiple of the 16-column block: the dot keeps its
// generic form (scalar loops, vectorized by LLVM).
// CHECK-LABEL: func.func @dot_ragged
// CHECK-NOT: vector.fma
// CHECK: linalg.generic {{.*}} attrs = {tt.dot}
func.func @dot_ragged(%a: memref<8x3xf32>, %b: memref<3x24xf32>, %c: memref<8x24xf32>) {
  linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "reduction", "parallel"]} ins(%a, %b : memref<8x3xf32>, memref<3x24xf32>) outs(%c : memref<8x24xf32>) attrs = {tt.dot} {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  return
}
