// RUN: tt-opt %s -split-input-file --convert-triton-to-linalg | FileCheck %s

// tt.dot: loops i, k, j with the reduction over k in the middle, so that
// the innermost loop walks rows of b and c; f16 inputs are extended to the
// f32 accumulator, which is the destination.
// CHECK-DAG: #[[A:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[B:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[C:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-LABEL: func.func @dot
// CHECK-SAME: (%[[X:[^:]*]]: tensor<16x32xf16>, %[[Y:[^:]*]]: tensor<32x8xf16>, %[[ACC:[^:]*]]: tensor<16x8xf32>
// CHECK: %[[D:.*]] = linalg.generic {indexing_maps = [#[[A]], #[[B]], #[[C]]], iterator_types = ["parallel", "reduction", "parallel"]} ins(%[[X]], %[[Y]] : tensor<16x32xf16>, tensor<32x8xf16>) outs(%[[ACC]] : tensor<16x8xf32>) attrs = {tt.dot}
// CHECK: ^bb0(%[[I0:.*]]: f16, %[[I1:.*]]: f16, %[[O:.*]]: f32):
// CHECK:   %[[E0:.*]] = arith.extf %[[I0]] : f16 to f32
// CHECK:   %[[E1:.*]] = arith.extf %[[I1]] : f16 to f32
// CHECK:   %[[M:.*]] = arith.mulf %[[E0]], %[[E1]] fastmath<contract> : f32
// CHECK:   %[[S:.*]] = arith.addf %[[O]], %[[M]] fastmath<contract> : f32
// CHECK:   linalg.yield %[[S]] : f32
// CHECK: return %[[D]]
tt.func public @dot(%a: tensor<16x32xf16>, %b: tensor<32x8xf16>, %c: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<16x32xf16> * tensor<32x8xf16> -> tensor<16x8xf32>
  tt.return %d : tensor<16x8xf32>
}

// -----

// A reduction whose combine region is one known operation starts from its
// identity (-0.0 for addf) and may be reassociated.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @sum
// CHECK: %[[E:.*]] = tensor.empty() : tensor<32xf32>
// CHECK: %[[ID:.*]] = arith.constant -0.000000e+00 : f32
// CHECK: %[[INIT:.*]] = linalg.fill ins(%[[ID]] : f32) outs(%[[E]] : tensor<32xf32>)
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #[[OUT]]], iterator_types = ["reduction", "parallel"]} ins(%{{.*}} : tensor<4x32xf32>) outs(%[[INIT]] : tensor<32xf32>)
// CHECK: ^bb0(%[[V:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK:   %[[R:.*]] = arith.addf %[[ACC]], %[[V]] fastmath<reassoc> : f32
// CHECK:   linalg.yield %[[R]] : f32
tt.func public @sum(%x: tensor<4x32xf32>) -> tensor<32xf32> {
  %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %r = arith.addf %a, %b : f32
    tt.reduce.return %r : f32
  }) : (tensor<4x32xf32>) -> tensor<32xf32>
  tt.return %s : tensor<32xf32>
}

// -----

// maxnumf starts from NaN (maxnum(NaN, x) = x); a 1-D reduction yields a
// scalar.
// CHECK-LABEL: func.func @maxnum
// CHECK: %[[NAN:.*]] = arith.constant 0x7FC00000 : f32
// CHECK: %[[INIT:.*]] = linalg.fill ins(%[[NAN]] : f32) outs(%{{.*}} : tensor<f32>)
// CHECK: %[[R:.*]] = linalg.generic {{.*}} iterator_types = ["reduction"]} ins(%{{.*}} : tensor<128xf32>) outs(%[[INIT]] : tensor<f32>)
// CHECK:   arith.maxnumf %{{.*}}, %{{.*}} fastmath<reassoc> : f32
// CHECK: %[[S:.*]] = tensor.extract %[[R]][] : tensor<f32>
// CHECK: return %[[S]] : f32
tt.func public @maxnum(%x: tensor<128xf32>) -> f32 {
  %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %r = arith.maxnumf %a, %b : f32
    tt.reduce.return %r : f32
  }) : (tensor<128xf32>) -> f32
  tt.return %s : f32
}

// -----

// Any other combine region (here an argmax over two operands) starts from
// the first element along the axis and folds the rest in order; only
// arithmetic operations are marked reassociable.
// CHECK-LABEL: func.func @argmax
// CHECK-SAME: (%[[X:[^:]*]]: tensor<4x32xf32>, %[[I:[^:]*]]: tensor<4x32xi32>
// CHECK-DAG: %[[X0:.*]] = tensor.extract_slice %[[X]][0, 0] [4, 1] [1, 1] : tensor<4x32xf32> to tensor<4xf32>
// CHECK-DAG: %[[XR:.*]] = tensor.extract_slice %[[X]][0, 1] [4, 31] [1, 1] : tensor<4x32xf32> to tensor<4x31xf32>
// CHECK-DAG: %[[I0:.*]] = tensor.extract_slice %[[I]][0, 0] [4, 1] [1, 1] : tensor<4x32xi32> to tensor<4xi32>
// CHECK-DAG: %[[IR:.*]] = tensor.extract_slice %[[I]][0, 1] [4, 31] [1, 1] : tensor<4x32xi32> to tensor<4x31xi32>
// CHECK: %[[R:.*]]:2 = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[XR]], %[[IR]] : tensor<4x31xf32>, tensor<4x31xi32>) outs(%[[X0]], %[[I0]] : tensor<4xf32>, tensor<4xi32>)
// CHECK: ^bb0(%[[VB:.*]]: f32, %[[IB:.*]]: i32, %[[VA:.*]]: f32, %[[IA:.*]]: i32):
// CHECK:   %[[GT:.*]] = arith.cmpf ogt, %[[VB]], %[[VA]] : f32
// CHECK:   %[[VR:.*]] = arith.select %[[GT]], %[[VB]], %[[VA]] : f32
// CHECK:   %[[IRES:.*]] = arith.select %[[GT]], %[[IB]], %[[IA]] : i32
// CHECK:   linalg.yield %[[VR]], %[[IRES]] : f32, i32
// CHECK: return %[[R]]#1
tt.func public @argmax(%x: tensor<4x32xf32>, %i: tensor<4x32xi32>) -> tensor<4xi32> {
  %v, %idx = "tt.reduce"(%x, %i) <{axis = 1 : i32}> ({
  ^bb0(%va: f32, %ia: i32, %vb: f32, %ib: i32):
    %gt = arith.cmpf ogt, %vb, %va : f32
    %vr = arith.select %gt, %vb, %va : f32
    %ir = arith.select %gt, %ib, %ia : i32
    tt.reduce.return %vr, %ir : f32, i32
  }) : (tensor<4x32xf32>, tensor<4x32xi32>) -> (tensor<4xf32>, tensor<4xi32>)
  tt.return %idx : tensor<4xi32>
}

// -----

// A reverse 1-D scan: a loop from the last element down, carrying the
// running value.
// CHECK-LABEL: func.func @cumsum
// CHECK-SAME: (%[[X:[^:]*]]: tensor<8xi32>
// CHECK: %[[LAST:.*]] = arith.constant 7 : index
// CHECK: %[[FIRST:.*]] = tensor.extract %[[X]][%[[LAST]]] : tensor<8xi32>
// CHECK: %[[INIT:.*]] = tensor.insert %[[FIRST]] into %{{.*}}[%[[LAST]]] : tensor<8xi32>
// CHECK: %[[LOOP:.*]]:2 = scf.for %[[IV:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[OUT:.*]] = %[[INIT]], %[[CARRY:.*]] = %[[FIRST]]) -> (tensor<8xi32>, i32) {
// CHECK:   %[[POS:.*]] = arith.subi %{{.*}}, %[[IV]] : index
// CHECK:   %[[E:.*]] = tensor.extract %[[X]][%[[POS]]] : tensor<8xi32>
// CHECK:   %[[S:.*]] = arith.addi %[[CARRY]], %[[E]] : i32
// CHECK:   %[[NEW:.*]] = tensor.insert %[[S]] into %[[OUT]][%[[POS]]] : tensor<8xi32>
// CHECK:   scf.yield %[[NEW]], %[[S]] : tensor<8xi32>, i32
// CHECK: return %[[LOOP]]#0
tt.func public @cumsum(%x: tensor<8xi32>) -> tensor<8xi32> {
  %c = "tt.scan"(%x) <{axis = 0 : i32, reverse = true}> ({
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    tt.scan.return %s : i32
  }) : (tensor<8xi32>) -> tensor<8xi32>
  tt.return %c : tensor<8xi32>
}
