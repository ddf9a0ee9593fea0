// RUN: tt-opt %s -split-input-file -triton-combine | FileCheck %s

// add(dot(a, b, 0), d) -> dot(a, b, d), with the dot on either side.

// CHECK-LABEL: tt.func @dot_addf_lhs
// CHECK-SAME: (%[[A:.*]]: tensor<16x16xf16>, %[[B:.*]]: tensor<16x16xf16>, %[[D:.*]]: tensor<16x16xf32>)
// CHECK-NEXT: %[[R:.*]] = tt.dot %[[A]], %[[B]], %[[D]] : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
// CHECK-NEXT: tt.return %[[R]]
tt.func @dot_addf_lhs(%a: tensor<16x16xf16>, %b: tensor<16x16xf16>, %d: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %zero = arith.constant dense<0.000000e+00> : tensor<16x16xf32>
  %dot = tt.dot %a, %b, %zero : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  %r = arith.addf %dot, %d : tensor<16x16xf32>
  tt.return %r : tensor<16x16xf32>
}

// -----

// The accumulator may be defined after the dot: the dot moves down to the add.
// CHECK-LABEL: tt.func @dot_addf_rhs_moves_dot
// CHECK: %[[D:.*]] = arith.mulf
// CHECK-NEXT: %[[R:.*]] = tt.dot %{{.*}}, %{{.*}}, %[[D]]
// CHECK-NEXT: tt.return %[[R]]
tt.func @dot_addf_rhs_moves_dot(%a: tensor<16x16xf16>, %b: tensor<16x16xf16>, %x: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %zero = arith.constant dense<0.000000e+00> : tensor<16x16xf32>
  %dot = tt.dot %a, %b, %zero : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  %d = arith.mulf %x, %x : tensor<16x16xf32>
  %r = arith.addf %d, %dot : tensor<16x16xf32>
  tt.return %r : tensor<16x16xf32>
}

// -----

// CHECK-LABEL: tt.func @dot_addi
// CHECK-SAME: %[[D:[^:]*]]: tensor<16x16xi32>)
// CHECK-NEXT: %[[R:.*]] = tt.dot %{{.*}}, %{{.*}}, %[[D]] : tensor<16x16xi8> * tensor<16x16xi8> -> tensor<16x16xi32>
// CHECK-NEXT: tt.return %[[R]]
tt.func @dot_addi(%a: tensor<16x16xi8>, %b: tensor<16x16xi8>, %d: tensor<16x16xi32>) -> tensor<16x16xi32> {
  %zero = arith.constant dense<0> : tensor<16x16xi32>
  %dot = tt.dot %a, %b, %zero : tensor<16x16xi8> * tensor<16x16xi8> -> tensor<16x16xi32>
  %r = arith.addi %d, %dot : tensor<16x16xi32>
  tt.return %r : tensor<16x16xi32>
}

// -----

// Negative: the accumulator is not zero.
// CHECK-LABEL: tt.func @dot_add_nonzero_acc
// CHECK: %[[DOT:.*]] = tt.dot %{{.*}}, %{{.*}}, %[[C:.*]] :
// CHECK-NEXT: arith.addf %[[DOT]]
tt.func @dot_add_nonzero_acc(%a: tensor<16x16xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>, %d: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %dot = tt.dot %a, %b, %c : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  %r = arith.addf %dot, %d : tensor<16x16xf32>
  tt.return %r : tensor<16x16xf32>
}

// -----

// Negative: the dot has another user, which must keep seeing a*b.
// CHECK-LABEL: tt.func @dot_add_two_uses
// CHECK: %[[DOT:.*]] = tt.dot
// CHECK-NEXT: %[[R:.*]] = arith.addf %[[DOT]]
// CHECK-NEXT: tt.return %[[R]], %[[DOT]]
tt.func @dot_add_two_uses(%a: tensor<16x16xf16>, %b: tensor<16x16xf16>, %d: tensor<16x16xf32>) -> (tensor<16x16xf32>, tensor<16x16xf32>) {
  %zero = arith.constant dense<0.000000e+00> : tensor<16x16xf32>
  %dot = tt.dot %a, %b, %zero : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  %r = arith.addf %dot, %d : tensor<16x16xf32>
  tt.return %r, %dot : tensor<16x16xf32>, tensor<16x16xf32>
}

// -----

// Negative: imprecise fp8 accumulation rounds differently from an addf.
// CHECK-LABEL: tt.func @dot_addf_imprecise_acc
// CHECK: %[[DOT:.*]] = tt.dot {{.*}}maxNumImpreciseAcc = 32
// CHECK-NEXT: arith.addf %[[DOT]]
tt.func @dot_addf_imprecise_acc(%a: tensor<16x32xf8E5M2>, %b: tensor<32x16xf8E5M2>, %d: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %zero = arith.constant dense<0.000000e+00> : tensor<16x16xf32>
  %dot = tt.dot %a, %b, %zero {maxNumImpreciseAcc = 32 : i32} : tensor<16x32xf8E5M2> * tensor<32x16xf8E5M2> -> tensor<16x16xf32>
  %r = arith.addf %dot, %d : tensor<16x16xf32>
  tt.return %r : tensor<16x16xf32>
}

// -----

// CHECK-LABEL: tt.func @dot_scaled_addf
// CHECK-SAME: %[[D:[^:]*]]: tensor<128x128xf32>)
// CHECK-NEXT: %[[R:.*]] = tt.dot_scaled %{{.*}}, %{{.*}}, %[[D]] lhs = e4m3 rhs = e4m3
// CHECK-NEXT: tt.return %[[R]]
tt.func @dot_scaled_addf(%a: tensor<128x64xf8E4M3FN>, %b: tensor<64x128xf8E4M3FN>, %d: tensor<128x128xf32>) -> tensor<128x128xf32> {
  %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
  %dot = tt.dot_scaled %a, %b, %zero lhs = e4m3 rhs = e4m3 {fastMath = false} : tensor<128x64xf8E4M3FN> * tensor<64x128xf8E4M3FN> -> tensor<128x128xf32>
  %r = arith.addf %dot, %d : tensor<128x128xf32>
  tt.return %r : tensor<128x128xf32>
}

// -----

// addptr(addptr(p, x), y) -> addptr(p, x + y) for 64-bit offsets; the outer
// op's hints survive.
// CHECK-LABEL: tt.func @addptr_i64
// CHECK-SAME: (%[[P:.*]]: tensor<128x!tt.ptr<f32>>, %[[X:.*]]: tensor<128xi64>, %[[Y:.*]]: tensor<128xi64>)
// CHECK-NEXT: %[[S:.*]] = arith.addi %[[X]], %[[Y]] : tensor<128xi64>
// CHECK-NEXT: %[[Q:.*]] = tt.addptr %[[P]], %[[S]] {tt.divisibility = dense<16> : tensor<1xi32>}
// CHECK-NEXT: tt.return %[[Q]]
tt.func @addptr_i64(%p: tensor<128x!tt.ptr<f32>>, %x: tensor<128xi64>, %y: tensor<128xi64>) -> tensor<128x!tt.ptr<f32>> {
  %a = tt.addptr %p, %x : tensor<128x!tt.ptr<f32>>, tensor<128xi64>
  %b = tt.addptr %a, %y {tt.divisibility = dense<16> : tensor<1xi32>} : tensor<128x!tt.ptr<f32>>, tensor<128xi64>
  tt.return %b : tensor<128x!tt.ptr<f32>>
}

// -----

// 32-bit offsets merge when both are constants whose sum fits, including a
// splat of a scalar constant; the sum then folds.
// CHECK-LABEL: tt.func @addptr_i32_constants
// CHECK-SAME: (%[[P:.*]]: !tt.ptr<f16>)
// CHECK-NEXT: %[[S:.*]] = arith.constant 12 : i32
// CHECK-NEXT: %[[Q:.*]] = tt.addptr %[[P]], %[[S]] : !tt.ptr<f16>, i32
// CHECK-NEXT: tt.return %[[Q]]
tt.func @addptr_i32_constants(%p: !tt.ptr<f16>) -> !tt.ptr<f16> {
  %c4 = arith.constant 4 : i32
  %c8 = arith.constant 8 : i32
  %a = tt.addptr %p, %c4 : !tt.ptr<f16>, i32
  %b = tt.addptr %a, %c8 : !tt.ptr<f16>, i32
  tt.return %b : !tt.ptr<f16>
}

// -----

// CHECK-LABEL: tt.func @addptr_i32_splat_constants
// CHECK: %[[S:.*]] = arith.constant dense<12> : tensor<64xi32>
// CHECK-NEXT: tt.addptr %{{.*}}, %[[S]] : tensor<64x!tt.ptr<f16>>, tensor<64xi32>
// CHECK-NOT: tt.addptr
tt.func @addptr_i32_splat_constants(%p: tensor<64x!tt.ptr<f16>>) -> tensor<64x!tt.ptr<f16>> {
  %c4 = arith.constant 4 : i32
  %s4 = tt.splat %c4 : i32 -> tensor<64xi32>
  %c8 = arith.constant dense<8> : tensor<64xi32>
  %a = tt.addptr %p, %s4 : tensor<64x!tt.ptr<f16>>, tensor<64xi32>
  %b = tt.addptr %a, %c8 : tensor<64x!tt.ptr<f16>>, tensor<64xi32>
  tt.return %b : tensor<64x!tt.ptr<f16>>
}

// -----

// Negative: 32-bit offsets that are not both constant could wrap when added
// in 32 bits, while two addptrs compute in 64 bits.
// CHECK-LABEL: tt.func @addptr_i32_dynamic
// CHECK: %[[A:.*]] = tt.addptr %{{.*}}, %{{.*}} : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
// CHECK-NEXT: tt.addptr %[[A]], %{{.*}} : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
// CHECK-NOT: arith.addi
tt.func @addptr_i32_dynamic(%p: tensor<128x!tt.ptr<f32>>, %x: tensor<128xi32>, %y: tensor<128xi32>) -> tensor<128x!tt.ptr<f32>> {
  %a = tt.addptr %p, %x : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %b = tt.addptr %a, %y : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  tt.return %b : tensor<128x!tt.ptr<f32>>
}

// -----

// Negative: constants whose 32-bit sum overflows.
// CHECK-LABEL: tt.func @addptr_i32_overflow
// CHECK: %[[A:.*]] = tt.addptr
// CHECK-NEXT: tt.addptr %[[A]]
tt.func @addptr_i32_overflow(%p: !tt.ptr<f32>) -> !tt.ptr<f32> {
  %big = arith.constant 2147483647 : i32
  %one = arith.constant 1 : i32
  %a = tt.addptr %p, %big : !tt.ptr<f32>, i32
  %b = tt.addptr %a, %one : !tt.ptr<f32>, i32
  tt.return %b : !tt.ptr<f32>
}

// -----

// Negative: offsets of different widths.
// CHECK-LABEL: tt.func @addptr_mixed_widths
// CHECK: %[[A:.*]] = tt.addptr %{{.*}}, %{{.*}} : !tt.ptr<f32>, i32
// CHECK-NEXT: tt.addptr %[[A]], %{{.*}} : !tt.ptr<f32>, i64
tt.func @addptr_mixed_widths(%p: !tt.ptr<f32>, %x: i32, %y: i64) -> !tt.ptr<f32> {
  %a = tt.addptr %p, %x : !tt.ptr<f32>, i32
  %b = tt.addptr %a, %y : !tt.ptr<f32>, i64
  tt.return %b : !tt.ptr<f32>
}

// -----

// select(c, load(p, splat(c)), f) -> load(p, splat(c), f)
// CHECK-LABEL: tt.func @select_masked_load
// CHECK-SAME: (%[[P:.*]]: tensor<64x!tt.ptr<f32>>, %[[C:.*]]: i1, %[[F:.*]]: tensor<64xf32>)
// CHECK-NEXT: %[[M:.*]] = tt.splat %[[C]]
// CHECK-NEXT: %[[L:.*]] = tt.load %[[P]], %[[M]], %[[F]] : tensor<64x!tt.ptr<f32>>
// CHECK-NEXT: tt.return %[[L]]
tt.func @select_masked_load(%p: tensor<64x!tt.ptr<f32>>, %c: i1, %f: tensor<64xf32>) -> tensor<64xf32> {
  %m = tt.splat %c : i1 -> tensor<64xi1>
  %l = tt.load %p, %m : tensor<64x!tt.ptr<f32>>
  %r = arith.select %c, %l, %f : tensor<64xf32>
  tt.return %r : tensor<64xf32>
}

// -----

// The mask may also be the select's (tensor) condition itself.
// CHECK-LABEL: tt.func @select_tensor_mask_load
// CHECK-SAME: (%[[P:.*]]: tensor<64x!tt.ptr<f32>>, %[[M:.*]]: tensor<64xi1>, %[[F:.*]]: tensor<64xf32>)
// CHECK-NEXT: %[[L:.*]] = tt.load %[[P]], %[[M]], %[[F]] : tensor<64x!tt.ptr<f32>>
// CHECK-NEXT: tt.return %[[L]]
tt.func @select_tensor_mask_load(%p: tensor<64x!tt.ptr<f32>>, %m: tensor<64xi1>, %f: tensor<64xf32>) -> tensor<64xf32> {
  %zero = arith.constant dense<0.000000e+00> : tensor<64xf32>
  %l = tt.load %p, %m, %zero : tensor<64x!tt.ptr<f32>>
  %r = arith.select %m, %l, %f : tensor<64xi1>, tensor<64xf32>
  tt.return %r : tensor<64xf32>
}

// -----

// Negative: the select tests another condition than the mask.
// CHECK-LABEL: tt.func @select_other_condition
// CHECK: %[[L:.*]] = tt.load %{{.*}}, %{{.*}} : tensor<64x!tt.ptr<f32>>
// CHECK-NEXT: arith.select %{{.*}}, %[[L]]
tt.func @select_other_condition(%p: tensor<64x!tt.ptr<f32>>, %c: i1, %d: i1, %f: tensor<64xf32>) -> tensor<64xf32> {
  %m = tt.splat %c : i1 -> tensor<64xi1>
  %l = tt.load %p, %m : tensor<64x!tt.ptr<f32>>
  %r = arith.select %d, %l, %f : tensor<64xf32>
  tt.return %r : tensor<64xf32>
}

// -----

// Negative: another user of the load must not see `f` in masked-off lanes.
// CHECK-LABEL: tt.func @select_load_two_uses
// CHECK: %[[L:.*]] = tt.load %{{.*}}, %{{.*}} : tensor<64x!tt.ptr<f32>>
// CHECK-NEXT: %[[R:.*]] = arith.select %{{.*}}, %[[L]]
// CHECK-NEXT: tt.return %[[R]], %[[L]]
tt.func @select_load_two_uses(%p: tensor<64x!tt.ptr<f32>>, %c: i1, %f: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  %m = tt.splat %c : i1 -> tensor<64xi1>
  %l = tt.load %p, %m : tensor<64x!tt.ptr<f32>>
  %r = arith.select %c, %l, %f : tensor<64xf32>
  tt.return %r, %l : tensor<64xf32>, tensor<64xf32>
}

// -----

// Negative: the false value is computed after the load (and the load must
// not move past the store in between).
// CHECK-LABEL: tt.func @select_false_value_after_load
// CHECK: %[[L:.*]] = tt.load %{{.*}}, %{{.*}} : tensor<64x!tt.ptr<f32>>
// CHECK: tt.store
// CHECK: arith.select %{{.*}}, %[[L]]
tt.func @select_false_value_after_load(%p: tensor<64x!tt.ptr<f32>>, %c: i1, %x: tensor<64xf32>) -> tensor<64xf32> {
  %m = tt.splat %c : i1 -> tensor<64xi1>
  %l = tt.load %p, %m : tensor<64x!tt.ptr<f32>>
  tt.store %p, %x : tensor<64x!tt.ptr<f32>>
  %f = arith.addf %x, %x : tensor<64xf32>
  %r = arith.select %c, %l, %f : tensor<64xf32>
  tt.return %r : tensor<64xf32>
}

// -----

// sum(x[:, :, None] * y[None, :, :], 1) -> dot(x, y)
// CHECK-LABEL: tt.func @broadcast_mul_reduce
// CHECK-SAME: (%[[X:.*]]: tensor<32x16xf32>, %[[Y:.*]]: tensor<16x64xf32>)
// CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<32x64xf32>
// CHECK: %[[D:.*]] = tt.dot %[[X]], %[[Y]], %[[Z]] : tensor<32x16xf32> * tensor<16x64xf32> -> tensor<32x64xf32>
// CHECK-NOT: tt.reduce
// CHECK: tt.return %[[D]]
tt.func @broadcast_mul_reduce(%x: tensor<32x16xf32>, %y: tensor<16x64xf32>) -> tensor<32x64xf32> {
  %xe = tt.expand_dims %x {axis = 2 : i32} : tensor<32x16xf32> -> tensor<32x16x1xf32>
  %ye = tt.expand_dims %y {axis = 0 : i32} : tensor<16x64xf32> -> tensor<1x16x64xf32>
  %xb = tt.broadcast %xe : tensor<32x16x1xf32> -> tensor<32x16x64xf32>
  %yb = tt.broadcast %ye : tensor<1x16x64xf32> -> tensor<32x16x64xf32>
  %prod = arith.mulf %xb, %yb : tensor<32x16x64xf32>
  %sum = "tt.reduce"(%prod) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<32x16x64xf32>) -> tensor<32x64xf32>
  tt.return %sum : tensor<32x64xf32>
}

// -----

// Negative: M = 8 is too small for a dot.
// CHECK-LABEL: tt.func @broadcast_mul_reduce_small
// CHECK-NOT: tt.dot
// CHECK: tt.reduce
tt.func @broadcast_mul_reduce_small(%x: tensor<8x16xf32>, %y: tensor<16x64xf32>) -> tensor<8x64xf32> {
  %xe = tt.expand_dims %x {axis = 2 : i32} : tensor<8x16xf32> -> tensor<8x16x1xf32>
  %ye = tt.expand_dims %y {axis = 0 : i32} : tensor<16x64xf32> -> tensor<1x16x64xf32>
  %xb = tt.broadcast %xe : tensor<8x16x1xf32> -> tensor<8x16x64xf32>
  %yb = tt.broadcast %ye : tensor<1x16x64xf32> -> tensor<8x16x64xf32>
  %prod = arith.mulf %xb, %yb : tensor<8x16x64xf32>
  %sum = "tt.reduce"(%prod) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<8x16x64xf32>) -> tensor<8x64xf32>
  tt.return %sum : tensor<8x64xf32>
}

// -----

// Negative: a max-reduction is not a matrix product.
// CHECK-LABEL: tt.func @broadcast_mul_reduce_max
// CHECK-NOT: tt.dot
// CHECK: tt.reduce
tt.func @broadcast_mul_reduce_max(%x: tensor<32x16xf32>, %y: tensor<16x64xf32>) -> tensor<32x64xf32> {
  %xe = tt.expand_dims %x {axis = 2 : i32} : tensor<32x16xf32> -> tensor<32x16x1xf32>
  %ye = tt.expand_dims %y {axis = 0 : i32} : tensor<16x64xf32> -> tensor<1x16x64xf32>
  %xb = tt.broadcast %xe : tensor<32x16x1xf32> -> tensor<32x16x64xf32>
  %yb = tt.broadcast %ye : tensor<1x16x64xf32> -> tensor<32x16x64xf32>
  %prod = arith.mulf %xb, %yb : tensor<32x16x64xf32>
  %sum = "tt.reduce"(%prod) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.maxnumf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<32x16x64xf32>) -> tensor<32x64xf32>
  tt.return %sum : tensor<32x64xf32>
}

// -----

// A rank-1 reshape that only feeds reductions may reorder elements.
// CHECK-LABEL: tt.func @reshape_before_reduce
// CHECK: tt.reshape %{{.*}} allow_reorder : tensor<16x8xf32> -> tensor<128xf32>
tt.func @reshape_before_reduce(%x: tensor<16x8xf32>) -> f32 {
  %r = tt.reshape %x : tensor<16x8xf32> -> tensor<128xf32>
  %sum = "tt.reduce"(%r) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<128xf32>) -> f32
  tt.return %sum : f32
}

// -----

// Negative: another user observes the order.
// CHECK-LABEL: tt.func @reshape_with_other_user
// CHECK: tt.reshape %{{.*}} : tensor<16x8xf32> -> tensor<128xf32>
tt.func @reshape_with_other_user(%x: tensor<16x8xf32>) -> (f32, tensor<128xf32>) {
  %r = tt.reshape %x : tensor<16x8xf32> -> tensor<128xf32>
  %sum = "tt.reduce"(%r) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<128xf32>) -> f32
  tt.return %sum, %r : f32, tensor<128xf32>
}

// -----

// A reshape dropping leading unit dimensions of a descriptor load is folded
// into the load.
// CHECK-LABEL: tt.func @descriptor_load_rank_reduce
// CHECK-NEXT: %[[L:.*]] = tt.descriptor_load %{{.*}}[%{{.*}}, %{{.*}}] : !tt.tensordesc<tensor<1x64xf16>> -> tensor<64xf16>
// CHECK-NEXT: tt.return %[[L]]
tt.func @descriptor_load_rank_reduce(%d: !tt.tensordesc<tensor<1x64xf16>>, %x: i32, %y: i32) -> tensor<64xf16> {
  %l = tt.descriptor_load %d[%x, %y] : !tt.tensordesc<tensor<1x64xf16>> -> tensor<1x64xf16>
  %r = tt.reshape %l : tensor<1x64xf16> -> tensor<64xf16>
  tt.return %r : tensor<64xf16>
}

// -----

// Broadcasts of splats and of broadcasts collapse.
// CHECK-LABEL: tt.func @broadcast_folds
// CHECK-SAME: (%[[X:.*]]: f32, %[[T:.*]]: tensor<1x1xf32>)
// CHECK-DAG: %[[C:.*]] = arith.constant dense<2.000000e+00> : tensor<16x32xf32>
// CHECK-DAG: %[[S:.*]] = tt.splat %[[X]] : f32 -> tensor<16x32xf32>
// CHECK-DAG: %[[B:.*]] = tt.broadcast %[[T]] : tensor<1x1xf32> -> tensor<16x32xf32>
// CHECK: tt.return %[[C]], %[[S]], %[[B]]
tt.func @broadcast_folds(%x: f32, %t: tensor<1x1xf32>) -> (tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>) {
  %c = arith.constant dense<2.000000e+00> : tensor<1x32xf32>
  %bc = tt.broadcast %c : tensor<1x32xf32> -> tensor<16x32xf32>
  %s = tt.splat %x : f32 -> tensor<1x32xf32>
  %bs = tt.broadcast %s : tensor<1x32xf32> -> tensor<16x32xf32>
  %b1 = tt.broadcast %t : tensor<1x1xf32> -> tensor<1x32xf32>
  %b2 = tt.broadcast %b1 : tensor<1x32xf32> -> tensor<16x32xf32>
  tt.return %bc, %bs, %b2 : tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>
}
