// RUN: tt-opt %s -split-input-file -triton-rewrite-tensor-pointer -verify-diagnostics | FileCheck %s

// A 2-D load with bounds checks in both dimensions and zero padding.
// CHECK-LABEL: tt.func @load_2d
// CHECK-SAME: (%[[BASE:.*]]: !tt.ptr<f16>, %[[M:.*]]: i64, %[[K:.*]]: i64, %[[SM:.*]]: i64, %[[O0:.*]]: i32, %[[O1:.*]]: i32)
// CHECK-NOT: tt.make_tensor_ptr
// CHECK-DAG: %[[X0:.*]] = arith.extsi %[[O0]] : i32 to i64
// CHECK-DAG: %[[X1:.*]] = arith.extsi %[[O1]] : i32 to i64
// CHECK: %[[PTRS0:.*]] = tt.splat %[[BASE]] : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>>
// Dimension 0: rows [o0, o0 + 64) scaled by the row stride.
// CHECK: %[[R0:.*]] = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
// CHECK: %[[R0W:.*]] = arith.extsi %[[R0]] : tensor<64xi32> to tensor<64xi64>
// CHECK: %[[S0:.*]] = tt.splat %[[X0]] : i64 -> tensor<64xi64>
// CHECK: %[[I0:.*]] = arith.addi %[[S0]], %[[R0W]] : tensor<64xi64>
// CHECK: %[[E0:.*]] = tt.expand_dims %[[I0]] {axis = 1 : i32} : tensor<64xi64> -> tensor<64x1xi64>
// CHECK: %[[ST0:.*]] = tt.splat %[[SM]] : i64 -> tensor<64x1xi64>
// CHECK: %[[OFF0:.*]] = arith.muli %[[E0]], %[[ST0]] : tensor<64x1xi64>
// CHECK: %[[B0:.*]] = tt.broadcast %[[OFF0]] : tensor<64x1xi64> -> tensor<64x32xi64>
// CHECK: %[[PTRS1:.*]] = tt.addptr %[[PTRS0]], %[[B0]] : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi64>
// Dimension 1: columns.
// CHECK: %[[E1:.*]] = tt.expand_dims %{{.*}} {axis = 0 : i32} : tensor<32xi64> -> tensor<1x32xi64>
// CHECK: %[[PTRS2:.*]] = tt.addptr %[[PTRS1]], %{{.*}} : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi64>
// The mask reuses the row and column indices.
// CHECK: %[[Z0:.*]] = arith.constant dense<0> : tensor<64x1xi64>
// CHECK: %[[EXT0:.*]] = tt.splat %[[M]] : i64 -> tensor<64x1xi64>
// CHECK: %[[GE0:.*]] = arith.cmpi sge, %[[E0]], %[[Z0]] : tensor<64x1xi64>
// CHECK: %[[LT0:.*]] = arith.cmpi slt, %[[E0]], %[[EXT0]] : tensor<64x1xi64>
// CHECK: %[[IN0:.*]] = arith.andi %[[GE0]], %[[LT0]] : tensor<64x1xi1>
// CHECK: %[[MASK0:.*]] = tt.broadcast %[[IN0]] : tensor<64x1xi1> -> tensor<64x32xi1>
// CHECK: %[[EXT1:.*]] = tt.splat %[[K]] : i64 -> tensor<1x32xi64>
// CHECK: arith.cmpi slt, %[[E1]], %[[EXT1]] : tensor<1x32xi64>
// CHECK: %[[MASK1:.*]] = tt.broadcast %{{.*}} : tensor<1x32xi1> -> tensor<64x32xi1>
// CHECK: %[[MASK:.*]] = arith.andi %[[MASK0]], %[[MASK1]] : tensor<64x32xi1>
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<64x32xf16>
// CHECK: %[[V:.*]] = tt.load %[[PTRS2]], %[[MASK]], %[[ZERO]] cacheModifier = ca : tensor<64x32x!tt.ptr<f16>>
// CHECK: tt.return %[[V]]
tt.func @load_2d(%base: !tt.ptr<f16>, %m: i64, %k: i64, %sm: i64, %o0: i32, %o1: i32) -> tensor<64x32xf16> {
  %c1 = arith.constant 1 : i64
  %bp = tt.make_tensor_ptr %base, [%m, %k], [%sm, %c1], [%o0, %o1] {order = array<i32: 1, 0>} : <tensor<64x32xf16>>
  %v = tt.load %bp cacheModifier = ca {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<64x32xf16>>
  tt.return %v : tensor<64x32xf16>
}

// -----

// Without boundaryCheck there is no mask, and so no padding value either.
// CHECK-LABEL: tt.func @load_unchecked
// CHECK-NOT: arith.cmpi
// CHECK: %[[P:.*]] = tt.addptr
// CHECK-NOT: arith.cmpi
// CHECK: tt.load %[[P]] : tensor<128x!tt.ptr<f32>>
tt.func @load_unchecked(%base: !tt.ptr<f32>, %n: i64, %o: i32) -> tensor<128xf32> {
  %c1 = arith.constant 1 : i64
  %bp = tt.make_tensor_ptr %base, [%n], [%c1], [%o] {order = array<i32: 0>} : <tensor<128xf32>>
  %v = tt.load %bp {padding = 1 : i32} : !tt.ptr<tensor<128xf32>>
  tt.return %v : tensor<128xf32>
}

// -----

// NaN padding; only dimension 1 is checked.
// CHECK-LABEL: tt.func @load_nan_padding
// CHECK: %[[MASK:.*]] = tt.broadcast %{{.*}} : tensor<1x16xi1> -> tensor<16x16xi1>
// CHECK-NEXT: %[[NAN:.*]] = arith.constant dense<0x7FC00000> : tensor<16x16xf32>
// CHECK-NEXT: tt.load %{{.*}}, %[[MASK]], %[[NAN]] : tensor<16x16x!tt.ptr<f32>>
tt.func @load_nan_padding(%base: !tt.ptr<f32>, %m: i64, %n: i64, %o: i32) -> tensor<16x16xf32> {
  %c1 = arith.constant 1 : i64
  %bp = tt.make_tensor_ptr %base, [%m, %n], [%n, %c1], [%o, %o] {order = array<i32: 1, 0>} : <tensor<16x16xf32>>
  %v = tt.load %bp {boundaryCheck = array<i32: 1>, padding = 2 : i32} : !tt.ptr<tensor<16x16xf32>>
  tt.return %v : tensor<16x16xf32>
}

// -----

// A store through an advanced block pointer: tt.advance adds to the offsets.
// CHECK-LABEL: tt.func @advance_store
// CHECK-SAME: (%[[BASE:.*]]: !tt.ptr<f32>, %[[N:.*]]: i64, %[[O:.*]]: i32, %[[D:.*]]: i32, %[[V:.*]]: tensor<256xf32>)
// CHECK: %[[X:.*]] = arith.extsi %[[O]] : i32 to i64
// CHECK: %[[DX:.*]] = arith.extsi %[[D]] : i32 to i64
// CHECK: %[[NEW:.*]] = arith.addi %[[X]], %[[DX]] : i64
// CHECK: tt.splat %[[NEW]] : i64 -> tensor<256xi64>
// CHECK: %[[P:.*]] = tt.addptr
// CHECK: %[[MASK:.*]] = arith.andi
// CHECK: tt.store %[[P]], %[[V]], %[[MASK]] evictionPolicy = evict_last : tensor<256x!tt.ptr<f32>>
tt.func @advance_store(%base: !tt.ptr<f32>, %n: i64, %o: i32, %d: i32, %v: tensor<256xf32>) {
  %c1 = arith.constant 1 : i64
  %bp = tt.make_tensor_ptr %base, [%n], [%c1], [%o] {order = array<i32: 0>} : <tensor<256xf32>>
  %bq = tt.advance %bp, [%d] : <tensor<256xf32>>
  tt.store %bq, %v evictionPolicy = evict_last {boundaryCheck = array<i32: 0>} : !tt.ptr<tensor<256xf32>>
  tt.return
}

// -----

// A block pointer advanced in a loop: only its offsets stay loop-carried;
// base, shape and strides are loop-invariant and leave the loop again.
// CHECK-LABEL: tt.func @loop
// CHECK-SAME: (%[[BASE:.*]]: !tt.ptr<f16>, %[[M:.*]]: i64, %[[K:.*]]: i64, %[[N:.*]]: i32)
// CHECK: %[[R:.*]]:3 = scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[OFF0:.*]] = %{{.*}}, %[[OFF1:.*]] = %{{.*}}) -> (tensor<32x32xf16>, i64, i64)
// CHECK: tt.splat %[[BASE]] : !tt.ptr<f16> -> tensor<32x32x!tt.ptr<f16>>
// CHECK: tt.splat %[[OFF0]] : i64 -> tensor<32xi64>
// CHECK: tt.splat %[[K]] : i64 -> tensor<32x1xi64>
// CHECK: tt.splat %[[OFF1]] : i64 -> tensor<32xi64>
// CHECK: %[[V:.*]] = tt.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x32x!tt.ptr<f16>>
// CHECK: %[[A:.*]] = arith.addf %[[ACC]], %[[V]]
// CHECK: %[[NEXT0:.*]] = arith.addi %[[OFF0]], %{{.*}} : i64
// CHECK: %[[NEXT1:.*]] = arith.addi %[[OFF1]], %{{.*}} : i64
// CHECK: scf.yield %[[A]], %[[NEXT0]], %[[NEXT1]] : tensor<32x32xf16>, i64, i64
// CHECK: tt.return %[[R]]#0
tt.func @loop(%base: !tt.ptr<f16>, %m: i64, %k: i64, %n: i32) -> tensor<32x32xf16> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %c1_i64 = arith.constant 1 : i64
  %zero = arith.constant dense<0.000000e+00> : tensor<32x32xf16>
  %bp = tt.make_tensor_ptr %base, [%m, %k], [%k, %c1_i64], [%c0, %c0] {order = array<i32: 1, 0>} : <tensor<32x32xf16>>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %p = %bp) -> (tensor<32x32xf16>, !tt.ptr<tensor<32x32xf16>>) : i32 {
    %v = tt.load %p {boundaryCheck = array<i32: 1>, padding = 1 : i32} : !tt.ptr<tensor<32x32xf16>>
    %a = arith.addf %acc, %v : tensor<32x32xf16>
    %q = tt.advance %p, [%c0, %c32] : <tensor<32x32xf16>>
    scf.yield %a, %q : tensor<32x32xf16>, !tt.ptr<tensor<32x32xf16>>
  }
  tt.return %r#0 : tensor<32x32xf16>
}

// -----

// Negative: a loop that carries a block pointer it never advances keeps no
// part of it, and loads through ordinary pointers are left alone.
// CHECK-LABEL: tt.func @loop_invariant_pointer
// CHECK: scf.for {{.*}} -> (tensor<16xf32>)
// CHECK: tt.load %{{.*}} : tensor<16x!tt.ptr<f32>>
// CHECK: tt.load %{{.*}} : tensor<16x!tt.ptr<f32>>
tt.func @loop_invariant_pointer(%base: !tt.ptr<f32>, %plain: tensor<16x!tt.ptr<f32>>, %n: i32) -> tensor<16xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c16 = arith.constant 16 : i64
  %c1_i64 = arith.constant 1 : i64
  %zero = arith.constant dense<0.000000e+00> : tensor<16xf32>
  %bp = tt.make_tensor_ptr %base, [%c16], [%c1_i64], [%c0] {order = array<i32: 0>} : <tensor<16xf32>>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %p = %bp) -> (tensor<16xf32>, !tt.ptr<tensor<16xf32>>) : i32 {
    %v = tt.load %p : !tt.ptr<tensor<16xf32>>
    %w = tt.load %plain : tensor<16x!tt.ptr<f32>>
    %a = arith.addf %acc, %v : tensor<16xf32>
    %b = arith.addf %a, %w : tensor<16xf32>
    scf.yield %b, %p : tensor<16xf32>, !tt.ptr<tensor<16xf32>>
  }
  tt.return %r#0 : tensor<16xf32>
}

// -----

// An scf.if choosing between two advances of one pointer yields offsets.
// CHECK-LABEL: tt.func @if_yield
// CHECK-SAME: (%[[BASE:.*]]: !tt.ptr<f32>, %[[N:.*]]: i64, %[[C:.*]]: i1, %[[A:.*]]: i32, %[[B:.*]]: i32)
// CHECK: %[[IF:.*]] = scf.if %[[C]] -> (i64) {
// CHECK: scf.yield %{{.*}} : i64
// CHECK: } else {
// CHECK: scf.yield %{{.*}} : i64
// CHECK: }
// CHECK: tt.splat %[[IF]] : i64 -> tensor<64xi64>
// CHECK: tt.load
tt.func @if_yield(%base: !tt.ptr<f32>, %n: i64, %c: i1, %a: i32, %b: i32) -> tensor<64xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i64
  %bp = tt.make_tensor_ptr %base, [%n], [%c1], [%c0] {order = array<i32: 0>} : <tensor<64xf32>>
  %q = scf.if %c -> (!tt.ptr<tensor<64xf32>>) {
    %x = tt.advance %bp, [%a] : <tensor<64xf32>>
    scf.yield %x : !tt.ptr<tensor<64xf32>>
  } else {
    %y = tt.advance %bp, [%b] : <tensor<64xf32>>
    scf.yield %y : !tt.ptr<tensor<64xf32>>
  }
  %v = tt.load %q {boundaryCheck = array<i32: 0>, padding = 1 : i32} : !tt.ptr<tensor<64xf32>>
  tt.return %v : tensor<64xf32>
}

// -----

// An scf.if choosing between two different tensors carries every part; the
// scf.if canonicalization then picks the base with a select.
// CHECK-LABEL: tt.func @if_two_tensors
// CHECK-SAME: (%[[P:.*]]: !tt.ptr<f32>, %[[Q:.*]]: !tt.ptr<f32>, %[[N:.*]]: i64, %[[C:.*]]: i1)
// CHECK: %[[BASE:.*]] = arith.select %[[C]], %[[P]], %[[Q]] : !tt.ptr<f32>
// CHECK: %[[OFF:.*]] = scf.if %[[C]] -> (i64) {
// CHECK: tt.splat %[[BASE]] : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
// CHECK: tt.splat %[[OFF]] : i64 -> tensor<64xi64>
tt.func @if_two_tensors(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>, %n: i64, %c: i1) -> tensor<64xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i64
  %r = scf.if %c -> (!tt.ptr<tensor<64xf32>>) {
    %x = tt.make_tensor_ptr %p, [%n], [%c1], [%c0] {order = array<i32: 0>} : <tensor<64xf32>>
    scf.yield %x : !tt.ptr<tensor<64xf32>>
  } else {
    %y = tt.make_tensor_ptr %q, [%n], [%c1], [%c0] {order = array<i32: 0>} : <tensor<64xf32>>
    scf.yield %y : !tt.ptr<tensor<64xf32>>
  }
  %v = tt.load %r : !tt.ptr<tensor<64xf32>>
  tt.return %v : tensor<64xf32>
}

// -----

// scf.while: the pointer is a loop argument of both regions and a result.
// CHECK-LABEL: tt.func @while_loop
// CHECK: %[[W:.*]]:2 = scf.while (%[[OFF:.*]] = %{{.*}}, %{{.*}} = %{{.*}}) : (i64, i32) -> (i64, i32)
// CHECK: scf.condition
// CHECK: } do {
// CHECK-NEXT: ^bb0(%[[OFF2:.*]]: i64, %{{.*}}: i32):
// CHECK: %[[NEXT:.*]] = arith.addi %[[OFF2]], %{{.*}} : i64
// CHECK: scf.yield %[[NEXT]], %{{.*}} : i64, i32
// CHECK: tt.splat %[[W]]#0 : i64 -> tensor<32xi64>
// CHECK: tt.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x!tt.ptr<i8>>
// CHECK-NOT: tt.advance
// CHECK-NOT: !tt.ptr<tensor
tt.func @while_loop(%base: !tt.ptr<i8>, %n: i64, %limit: i32) -> tensor<32xi8> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i64
  %c32 = arith.constant 32 : i32
  %bp = tt.make_tensor_ptr %base, [%n], [%c1], [%c0] {order = array<i32: 0>} : <tensor<32xi8>>
  %r:2 = scf.while (%p = %bp, %i = %c0) : (!tt.ptr<tensor<32xi8>>, i32) -> (!tt.ptr<tensor<32xi8>>, i32) {
    %go = arith.cmpi slt, %i, %limit : i32
    scf.condition(%go) %p, %i : !tt.ptr<tensor<32xi8>>, i32
  } do {
  ^bb0(%p: !tt.ptr<tensor<32xi8>>, %i: i32):
    %q = tt.advance %p, [%c32] : <tensor<32xi8>>
    %j = arith.addi %i, %c32 : i32
    scf.yield %q, %j : !tt.ptr<tensor<32xi8>>, i32
  }
  %v = tt.load %r#0 {boundaryCheck = array<i32: 0>, padding = 1 : i32} : !tt.ptr<tensor<32xi8>>
  tt.return %v : tensor<32xi8>
}

// -----

// Functions without block pointers are not touched at all.
// CHECK-LABEL: tt.func @no_block_pointers
// CHECK: scf.for {{.*}} -> (i32, i32)
tt.func @no_block_pointers(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0, %b = %c1) -> (i32, i32) : i32 {
    scf.yield %a, %b : i32, i32
  }
  tt.return %r#0 : i32
}

// -----

tt.func private @callee(!tt.ptr<tensor<16xf32>>)

tt.func @call_with_block_pointer(%base: !tt.ptr<f32>, %n: i64) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i64
  %bp = tt.make_tensor_ptr %base, [%n], [%c1], [%c0] {order = array<i32: 0>} : <tensor<16xf32>>
  // expected-error @+1 {{'tt.call' uses a block pointer; triton-rewrite-tensor-pointer only lowers block pointers used by tt.advance, tt.load, tt.store and scf.for/if/while}}
  tt.call @callee(%bp) : (!tt.ptr<tensor<16xf32>>) -> ()
  tt.return
}

// -----

// expected-error @+1 {{block pointer of type '!tt.ptr<tensor<16xf32>>' is not produced by tt.make_tensor_ptr, tt.advance or an scf loop/if}}
tt.func @block_pointer_argument(%bp: !tt.ptr<tensor<16xf32>>) -> tensor<16xf32> {
  %v = tt.load %bp : !tt.ptr<tensor<16xf32>>
  tt.return %v : tensor<16xf32>
}

// -----

tt.func @select_block_pointers(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>, %n: i64, %c: i1) -> tensor<16xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i64
  %a = tt.make_tensor_ptr %p, [%n], [%c1], [%c0] {order = array<i32: 0>} : <tensor<16xf32>>
  %b = tt.make_tensor_ptr %q, [%n], [%c1], [%c0] {order = array<i32: 0>} : <tensor<16xf32>>
  // expected-error @+2 {{'arith.select' uses a block pointer}}
  // expected-error @+1 {{block pointer of type '!tt.ptr<tensor<16xf32>>' is not produced by}}
  %s = arith.select %c, %a, %b : !tt.ptr<tensor<16xf32>>
  %v = tt.load %s : !tt.ptr<tensor<16xf32>>
  tt.return %v : tensor<16xf32>
}

// -----

tt.func @nan_padding_of_integers(%base: !tt.ptr<i32>, %n: i64) -> tensor<16xi32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i64
  %bp = tt.make_tensor_ptr %base, [%n], [%c1], [%c0] {order = array<i32: 0>} : <tensor<16xi32>>
  // expected-error @+1 {{NaN padding requires a floating-point block, got 'i32'}}
  %v = tt.load %bp {boundaryCheck = array<i32: 0>, padding = 2 : i32} : !tt.ptr<tensor<16xi32>>
  tt.return %v : tensor<16xi32>
}
