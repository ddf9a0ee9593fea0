// RUN: tt-opt %s | tt-opt | FileCheck %s
// RUN: tt-opt %s -mlir-print-op-generic | tt-opt | FileCheck %s
//
// Every tt op in its custom syntax (upstream Triton 3.6's), printed, parsed
// again and printed again: the text must survive both trips, through the
// custom and through the generic form.

// CHECK-LABEL: tt.func @program_ids
tt.func @program_ids() -> (i32, i32) {
  // CHECK: tt.get_program_id x : i32
  %0 = tt.get_program_id x : i32
  // CHECK: tt.get_num_programs z : i32
  %1 = tt.get_num_programs z : i32
  tt.return %0, %1 : i32, i32
}

// CHECK-LABEL: tt.func @casts
tt.func @casts(%i: i64, %p: !tt.ptr<f32>, %ps: tensor<64x!tt.ptr<f16>>,
               %x: tensor<64xf32>, %h: tensor<64xf16>) {
  // CHECK: tt.int_to_ptr %{{.*}} : i64 -> !tt.ptr<f32>
  %0 = tt.int_to_ptr %i : i64 -> !tt.ptr<f32>
  // CHECK: tt.ptr_to_int %{{.*}} : tensor<64x!tt.ptr<f16>> -> tensor<64xi64>
  %1 = tt.ptr_to_int %ps : tensor<64x!tt.ptr<f16>> -> tensor<64xi64>
  // CHECK: tt.bitcast %{{.*}} : tensor<64xf32> -> tensor<64xi32>
  %2 = tt.bitcast %x : tensor<64xf32> -> tensor<64xi32>
  // CHECK: tt.bitcast %{{.*}} : !tt.ptr<f32> -> !tt.ptr<i32>
  %3 = tt.bitcast %p : !tt.ptr<f32> -> !tt.ptr<i32>
  // CHECK: tt.fp_to_fp %{{.*}}, rounding = rtne : tensor<64xf32> -> tensor<64xf8E4M3FN>
  %4 = tt.fp_to_fp %x, rounding = rtne : tensor<64xf32> -> tensor<64xf8E4M3FN>
  // CHECK: tt.fp_to_fp %{{.*}}, rounding = rtz : tensor<64xf16> -> tensor<64xf8E5M2>
  %5 = tt.fp_to_fp %h, rounding = rtz : tensor<64xf16> -> tensor<64xf8E5M2>
  // CHECK: tt.fp_to_fp %{{.*}} : tensor<64xf8E4M3FN> -> tensor<64xf32>
  %6 = tt.fp_to_fp %4 : tensor<64xf8E4M3FN> -> tensor<64xf32>
  tt.return
}

// CHECK-LABEL: tt.func @math
tt.func @math(%x: tensor<256xf32>, %lo: tensor<256xf32>, %hi: tensor<256xf32>,
              %a: tensor<64xi32>, %b: tensor<64xi32>, %s: f32) {
  // CHECK: tt.clampf %{{.*}}, %{{.*}}, %{{.*}}, propagateNan = none : tensor<256xf32>
  %0 = tt.clampf %x, %lo, %hi, propagateNan = none : tensor<256xf32>
  // CHECK: tt.clampf %{{.*}}, %{{.*}}, %{{.*}}, propagateNan = all : f32
  %1 = tt.clampf %s, %s, %s, propagateNan = all : f32
  // CHECK: tt.precise_sqrt %{{.*}} : tensor<256xf32>
  %2 = tt.precise_sqrt %x : tensor<256xf32>
  // CHECK: tt.precise_divf %{{.*}}, %{{.*}} : tensor<256xf32>
  %3 = tt.precise_divf %x, %lo : tensor<256xf32>
  // CHECK: tt.mulhiui %{{.*}}, %{{.*}} : tensor<64xi32>
  %4 = tt.mulhiui %a, %b : tensor<64xi32>
  tt.return
}

// CHECK-LABEL: tt.func @pointers
tt.func @pointers(%p: !tt.ptr<f32>, %n: i32) {
  // CHECK: %[[R:.*]] = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  // CHECK: %[[S:.*]] = tt.splat %{{.*}} : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %s = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  // CHECK: %[[A:.*]] = tt.addptr %[[S]], %[[R]] : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %a = tt.addptr %s, %r : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %ns = tt.splat %n : i32 -> tensor<128xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<128xi32>
  %z = arith.constant dense<0.0> : tensor<128xf32>
  // CHECK: %[[V:.*]] = tt.load %[[A]], %{{.*}}, %{{.*}} cacheModifier = ca evictionPolicy = evict_last : tensor<128x!tt.ptr<f32>>
  %v = tt.load %a, %m, %z cacheModifier = ca evictionPolicy = evict_last : tensor<128x!tt.ptr<f32>>
  // CHECK: tt.store %[[A]], %[[V]], %{{.*}} : tensor<128x!tt.ptr<f32>>
  tt.store %a, %v, %m : tensor<128x!tt.ptr<f32>>
  tt.return
}

// CHECK-LABEL: tt.func @block_pointers
tt.func @block_pointers(%base: !tt.ptr<f16>, %m: i64, %k: i64, %sm: i64,
                        %o: i32) {
  %c1 = arith.constant 1 : i64
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  // CHECK: %[[BP:.*]] = tt.make_tensor_ptr %{{.*}}, [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}] {order = array<i32: 1, 0>} : <tensor<128x64xf16>>
  %bp = tt.make_tensor_ptr %base, [%m, %k], [%sm, %c1], [%o, %c0] {order = array<i32: 1, 0>} : <tensor<128x64xf16>>
  // CHECK: %[[NEXT:.*]] = tt.advance %[[BP]], [%{{.*}}, %{{.*}}] : <tensor<128x64xf16>>
  %next = tt.advance %bp, [%c0, %c64] : <tensor<128x64xf16>>
  // CHECK: %[[T:.*]] = tt.load %[[NEXT]] {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<128x64xf16>>
  %t = tt.load %next {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<128x64xf16>>
  // CHECK: tt.store %[[BP]], %[[T]] {boundaryCheck = array<i32: 1>} : !tt.ptr<tensor<128x64xf16>>
  tt.store %bp, %t {boundaryCheck = array<i32: 1>} : !tt.ptr<tensor<128x64xf16>>
  tt.return
}

// CHECK-LABEL: tt.func @atomics
tt.func @atomics(%ps: tensor<64x!tt.ptr<f32>>, %v: tensor<64xf32>,
                 %mask: tensor<64xi1>, %p: !tt.ptr<i32>, %c: i32, %x: i32) {
  // CHECK: tt.atomic_rmw fadd, acq_rel, gpu, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<64x!tt.ptr<f32>>, tensor<64xf32>, tensor<64xi1>) -> tensor<64xf32>
  %0 = tt.atomic_rmw fadd, acq_rel, gpu, %ps, %v, %mask : (tensor<64x!tt.ptr<f32>>, tensor<64xf32>, tensor<64xi1>) -> tensor<64xf32>
  // CHECK: tt.atomic_rmw exch, relaxed, sys, %{{.*}}, %{{.*}} : (!tt.ptr<i32>, i32) -> i32
  %1 = tt.atomic_rmw exch, relaxed, sys, %p, %x : (!tt.ptr<i32>, i32) -> i32
  // CHECK: tt.atomic_rmw umax, acquire, cta, %{{.*}}, %{{.*}} : (!tt.ptr<i32>, i32) -> i32
  %2 = tt.atomic_rmw umax, acquire, cta, %p, %x : (!tt.ptr<i32>, i32) -> i32
  // CHECK: tt.atomic_cas release, gpu, %{{.*}}, %{{.*}}, %{{.*}} : (!tt.ptr<i32>, i32, i32) -> i32
  %3 = tt.atomic_cas release, gpu, %p, %c, %x : (!tt.ptr<i32>, i32, i32) -> i32
  tt.return
}

// CHECK-LABEL: tt.func @shapes
tt.func @shapes(%x: tensor<128xi32>, %y: tensor<32x4xf32>, %s: f32,
                %one: tensor<1x1xf32>) {
  // CHECK: tt.splat %{{.*}} : f32 -> tensor<4x32xf32>
  %0 = tt.splat %s : f32 -> tensor<4x32xf32>
  // CHECK: tt.unsplat %{{.*}} : tensor<1x1xf32>
  %1 = tt.unsplat %one : tensor<1x1xf32>
  // CHECK: %[[E:.*]] = tt.expand_dims %{{.*}} {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
  %2 = tt.expand_dims %x {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
  // CHECK: tt.expand_dims %{{.*}} {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
  %3 = tt.expand_dims %x {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
  // CHECK: tt.broadcast %[[E]] : tensor<128x1xi32> -> tensor<128x64xi32>
  %4 = tt.broadcast %2 : tensor<128x1xi32> -> tensor<128x64xi32>
  // CHECK: tt.reshape %{{.*}} : tensor<32x4xf32> -> tensor<128xf32>
  %5 = tt.reshape %y : tensor<32x4xf32> -> tensor<128xf32>
  // CHECK: tt.reshape %{{.*}} allow_reorder : tensor<32x4xf32> -> tensor<4x32xf32>
  %6 = tt.reshape %y allow_reorder : tensor<32x4xf32> -> tensor<4x32xf32>
  // CHECK: tt.reshape %{{.*}} allow_reorder efficient_layout : tensor<32x4xf32> -> tensor<2x64xf32>
  %7 = tt.reshape %y allow_reorder efficient_layout : tensor<32x4xf32> -> tensor<2x64xf32>
  // CHECK: tt.reshape %{{.*}} efficient_layout : tensor<32x4xf32> -> tensor<4x32xf32>
  %8 = tt.reshape %y efficient_layout : tensor<32x4xf32> -> tensor<4x32xf32>
  // CHECK: tt.trans %{{.*}} {order = array<i32: 1, 0>} : tensor<32x4xf32> -> tensor<4x32xf32>
  %9 = tt.trans %y {order = array<i32: 1, 0>} : tensor<32x4xf32> -> tensor<4x32xf32>
  // CHECK: tt.cat %{{.*}}, %{{.*}} : tensor<128xi32> -> tensor<256xi32>
  %10 = tt.cat %x, %x : tensor<128xi32> -> tensor<256xi32>
  // CHECK: %[[J:.*]] = tt.join %{{.*}}, %{{.*}} : tensor<32x4xf32> -> tensor<32x4x2xf32>
  %11 = tt.join %y, %y : tensor<32x4xf32> -> tensor<32x4x2xf32>
  // CHECK: %{{.*}}, %{{.*}} = tt.split %[[J]] : tensor<32x4x2xf32> -> tensor<32x4xf32>
  %12, %13 = tt.split %11 : tensor<32x4x2xf32> -> tensor<32x4xf32>
  %s0 = tt.splat %s : f32 -> tensor<f32>
  // CHECK: tt.join %{{.*}}, %{{.*}} : tensor<f32> -> tensor<2xf32>
  %j0 = tt.join %s0, %s0 : tensor<f32> -> tensor<2xf32>
  // CHECK: tt.split %{{.*}} : tensor<2xf32> -> tensor<f32>
  %14, %15 = tt.split %j0 : tensor<2xf32> -> tensor<f32>
  tt.return
}

// CHECK-LABEL: tt.func @gather_histogram
tt.func @gather_histogram(%src: tensor<128x16xf32>, %idx: tensor<512x16xi32>,
                          %v: tensor<1024xi32>, %m: tensor<1024xi1>) {
  // CHECK: tt.gather %{{.*}}[%{{.*}}] {axis = 0 : i32} : (tensor<128x16xf32>, tensor<512x16xi32>) -> tensor<512x16xf32>
  %0 = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<128x16xf32>, tensor<512x16xi32>) -> tensor<512x16xf32>
  // CHECK: tt.gather %{{.*}}[%{{.*}}] {axis = 0 : i32, efficient_layout} : (tensor<128x16xf32>, tensor<512x16xi32>) -> tensor<512x16xf32>
  %1 = tt.gather %src[%idx] {axis = 0 : i32, efficient_layout} : (tensor<128x16xf32>, tensor<512x16xi32>) -> tensor<512x16xf32>
  // CHECK: tt.histogram %{{.*}} : tensor<1024xi32> -> tensor<64xi32>
  %2 = tt.histogram %v : tensor<1024xi32> -> tensor<64xi32>
  // CHECK: tt.histogram %{{.*}}, %{{.*}} : tensor<1024xi32> -> tensor<64xi32>
  %3 = tt.histogram %v, %m : tensor<1024xi32> -> tensor<64xi32>
  tt.return
}

// CHECK-LABEL: tt.func @dots
tt.func @dots(%a: tensor<128x64xf16>, %b: tensor<64x128xf16>,
              %c: tensor<128x128xf32>, %a3: tensor<2x16x32xf32>,
              %b3: tensor<2x32x16xf32>, %c3: tensor<2x16x16xf32>,
              %ai: tensor<16x32xi8>, %bi: tensor<32x16xi8>,
              %ci: tensor<16x16xi32>) {
  // CHECK: tt.dot %{{.*}}, %{{.*}}, %{{.*}}, inputPrecision = tf32 : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
  %0 = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
  // The default precision (ieee) is not printed.
  // CHECK: tt.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
  %1 = tt.dot %a, %b, %c, inputPrecision = ieee : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
  // CHECK: tt.dot %{{.*}}, %{{.*}}, %{{.*}}, inputPrecision = bf16x3 {maxNumImpreciseAcc = 32 : i32} : tensor<2x16x32xf32> * tensor<2x32x16xf32> -> tensor<2x16x16xf32>
  %2 = tt.dot %a3, %b3, %c3, inputPrecision = bf16x3 {maxNumImpreciseAcc = 32 : i32} : tensor<2x16x32xf32> * tensor<2x32x16xf32> -> tensor<2x16x16xf32>
  // CHECK: tt.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x32xi8> * tensor<32x16xi8> -> tensor<16x16xi32>
  %3 = tt.dot %ai, %bi, %ci : tensor<16x32xi8> * tensor<32x16xi8> -> tensor<16x16xi32>
  tt.return
}

// CHECK-LABEL: tt.func @dot_scaled
tt.func @dot_scaled(%a: tensor<128x32xi8>, %as: tensor<128x2xi8>,
                    %b: tensor<64x128xf8E4M3FN>, %bs: tensor<128x2xi8>,
                    %c: tensor<128x128xf32>, %h: tensor<128x64xbf16>) {
  // CHECK: tt.dot_scaled %{{.*}} scale %{{.*}}, %{{.*}} scale %{{.*}}, %{{.*}} lhs = e2m1 rhs = e4m3 {fastMath = false} : tensor<128x32xi8>, tensor<128x2xi8> * tensor<64x128xf8E4M3FN>, tensor<128x2xi8> -> tensor<128x128xf32>
  %0 = tt.dot_scaled %a scale %as, %b scale %bs, %c lhs = e2m1 rhs = e4m3 {fastMath = false} : tensor<128x32xi8>, tensor<128x2xi8> * tensor<64x128xf8E4M3FN>, tensor<128x2xi8> -> tensor<128x128xf32>
  // CHECK: tt.dot_scaled %{{.*}}, %{{.*}} scale %{{.*}}, %{{.*}} lhs = bf16 rhs = e4m3 {fastMath = true} : tensor<128x64xbf16> * tensor<64x128xf8E4M3FN>, tensor<128x2xi8> -> tensor<128x128xf32>
  %1 = tt.dot_scaled %h, %b scale %bs, %c lhs = bf16 rhs = e4m3 {fastMath = true} : tensor<128x64xbf16> * tensor<64x128xf8E4M3FN>, tensor<128x2xi8> -> tensor<128x128xf32>
  tt.return
}

// CHECK-LABEL: tt.func @regions
tt.func @regions(%x: tensor<64x128xf32>, %i: tensor<64x128xi32>,
                 %v: tensor<128xi32>) {
  // CHECK: "tt.reduce"(%{{.*}}) <{axis = 1 : i32}> ({
  // CHECK-NEXT: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32):
  // CHECK-NEXT: %[[M:.*]] = arith.maxnumf %[[A]], %[[B]] : f32
  // CHECK-NEXT: tt.reduce.return %[[M]] : f32
  // CHECK-NEXT: }) : (tensor<64x128xf32>) -> tensor<64xf32>
  %0 = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %m = arith.maxnumf %a, %b : f32
    tt.reduce.return %m : f32
  }) : (tensor<64x128xf32>) -> tensor<64xf32>
  // Two operands (argmax-style) reduced to scalars.
  // CHECK: "tt.reduce"(%{{.*}}, %{{.*}}) <{axis = 0 : i32}> ({
  // CHECK: tt.reduce.return %{{.*}}, %{{.*}} : f32, i32
  // CHECK-NEXT: }) : (tensor<64xf32>, tensor<64xi32>) -> (f32, i32)
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %1:2 = "tt.reduce"(%0, %r) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
    %gt = arith.cmpf ogt, %a, %b : f32
    %m = arith.select %gt, %a, %b : f32
    %mi = arith.select %gt, %ai, %bi : i32
    tt.reduce.return %m, %mi : f32, i32
  }) : (tensor<64xf32>, tensor<64xi32>) -> (f32, i32)
  // CHECK: "tt.scan"(%{{.*}}) <{axis = 1 : i32, reverse = true}> ({
  // CHECK: tt.scan.return %{{.*}} : i32
  // CHECK-NEXT: }) : (tensor<64x128xi32>) -> tensor<64x128xi32>
  %2 = "tt.scan"(%i) <{axis = 1 : i32, reverse = true}> ({
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    tt.scan.return %s : i32
  }) : (tensor<64x128xi32>) -> tensor<64x128xi32>
  // CHECK: "tt.map_elementwise"(%{{.*}}, %{{.*}}) <{pack = 2 : i32}> ({
  // CHECK: cf.cond_br
  // CHECK: tt.map_elementwise.return %{{.*}}, %{{.*}} : i32, i32
  // CHECK: }) : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi32>
  %3 = "tt.map_elementwise"(%v, %v) <{pack = 2 : i32}> ({
  ^bb0(%a0: i32, %a1: i32, %b0: i32, %b1: i32):
    %lt = arith.cmpi slt, %a0, %b0 : i32
    cf.cond_br %lt, ^bb1, ^bb2
  ^bb1:
    tt.map_elementwise.return %a0, %a1 : i32, i32
  ^bb2:
    tt.map_elementwise.return %b0, %b1 : i32, i32
  }) : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi32>
  tt.return
}

// CHECK-LABEL: tt.func @escape_hatches
tt.func @escape_hatches(%x: tensor<128xf32>, %i: tensor<256xi32>, %s: f32) {
  // CHECK: tt.extern_elementwise %{{.*}} {libname = "", libpath = "", pure = true, symbol = "__nv_expf"} : (tensor<128xf32>) -> tensor<128xf32>
  %0 = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_expf"} : (tensor<128xf32>) -> tensor<128xf32>
  // CHECK: tt.extern_elementwise %{{.*}}, %{{.*}} {libname = "libdevice", libpath = "/l.bc", pure = false, symbol = "__nv_powf"} : (f32, f32) -> f32
  %1 = tt.extern_elementwise %s, %s {libname = "libdevice", libpath = "/l.bc", pure = false, symbol = "__nv_powf"} : (f32, f32) -> f32
  // CHECK: tt.elementwise_inline_asm "shl.b32 $0, $1, 3;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %{{.*}} : tensor<256xi32> -> tensor<256xi32>
  %2 = tt.elementwise_inline_asm "shl.b32 $0, $1, 3;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %i : tensor<256xi32> -> tensor<256xi32>
  // Two results, four elements per asm instance.
  // CHECK: tt.elementwise_inline_asm "" {constraints = "=r,=r,r", packed_element = 4 : i32, pure = false} %{{.*}} : tensor<256xi32> -> tensor<256xi32>, tensor<256xi32>
  %3:2 = tt.elementwise_inline_asm "" {constraints = "=r,=r,r", packed_element = 4 : i32, pure = false} %i : tensor<256xi32> -> tensor<256xi32>, tensor<256xi32>
  tt.return
}

// CHECK-LABEL: tt.func @debugging
tt.func @debugging(%x: tensor<128xi32>, %ok: tensor<128xi1>, %s: f32) {
  // CHECK: tt.print ": " {hex = false, isSigned = array<i32: 1, 0>} : %{{.*}}, %{{.*}} : tensor<128xi32>, f32
  tt.print ": " {hex = false, isSigned = array<i32: 1, 0>} : %x, %s : tensor<128xi32>, f32
  // CHECK: tt.print "here" {hex = true, isSigned = array<i32>}
  tt.print "here" {hex = true, isSigned = array<i32>}
  // CHECK: tt.assert %{{.*}}, "index out of bounds" : tensor<128xi1>
  tt.assert %ok, "index out of bounds" : tensor<128xi1>
  tt.return
}

// CHECK-LABEL: tt.func @descriptors
tt.func @descriptors(%p: !tt.ptr<f16>, %m: i32, %n: i32, %sm: i64,
                     %d: !tt.tensordesc<tensor<1x64xf16>>,
                     %rows: tensor<32xi32>) {
  %c1 = arith.constant 1 : i64
  %c0 = arith.constant 0 : i32
  // CHECK: %[[D:.*]] = tt.make_tensor_descriptor %{{.*}}, [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}] : <f16>, <tensor<64x64xf16>>
  %0 = tt.make_tensor_descriptor %p, [%m, %n], [%sm, %c1] : <f16>, <tensor<64x64xf16>>
  // CHECK: tt.make_tensor_descriptor %{{.*}}, [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}] {padding = 2 : i32} : <f16>, <tensor<64x64xf16>>
  %1 = tt.make_tensor_descriptor %p, [%m, %n], [%sm, %c1] {padding = 2 : i32} : !tt.ptr<f16>, !tt.tensordesc<tensor<64x64xf16>>
  // CHECK: %[[T:.*]] = tt.descriptor_load %[[D]][%{{.*}}, %{{.*}}] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16>
  %2 = tt.descriptor_load %0[%c0, %m] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16>
  // CHECK: tt.descriptor_load %[[D]][%{{.*}}, %{{.*}}] cacheModifier = cg evictionPolicy = evict_first : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16>
  %3 = tt.descriptor_load %0[%c0, %m] cacheModifier = cg evictionPolicy = evict_first : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16>
  // CHECK: tt.descriptor_store %[[D]][%{{.*}}, %{{.*}}], %[[T]] : !tt.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16>
  tt.descriptor_store %0[%c0, %m], %2 : !tt.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16>
  // CHECK: tt.descriptor_reduce max, %[[D]][%{{.*}}, %{{.*}}], %[[T]] : !tt.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16>
  tt.descriptor_reduce max, %0[%c0, %m], %2 : !tt.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16>
  // A rank-reduced load drops the leading unit dimension.
  // CHECK: tt.descriptor_load %{{.*}}[%{{.*}}, %{{.*}}] : !tt.tensordesc<tensor<1x64xf16>> -> tensor<64xf16>
  %4 = tt.descriptor_load %d[%c0, %c0] : !tt.tensordesc<tensor<1x64xf16>> -> tensor<64xf16>
  // CHECK: %[[G:.*]] = tt.descriptor_gather %{{.*}}[%{{.*}}, %{{.*}}] : (!tt.tensordesc<tensor<1x64xf16>>, tensor<32xi32>, i32) -> tensor<32x64xf16>
  %5 = tt.descriptor_gather %d[%rows, %c0] : (!tt.tensordesc<tensor<1x64xf16>>, tensor<32xi32>, i32) -> tensor<32x64xf16>
  // CHECK: tt.descriptor_scatter %{{.*}}[%{{.*}}, %{{.*}}], %[[G]] : !tt.tensordesc<tensor<1x64xf16>>, tensor<32xi32>, i32, tensor<32x64xf16>
  tt.descriptor_scatter %d[%rows, %c0], %5 : !tt.tensordesc<tensor<1x64xf16>>, tensor<32xi32>, i32, tensor<32x64xf16>
  tt.return
}

// CHECK-LABEL: tt.func private @callee
// CHECK-SAME: attributes {noinline = true}
tt.func private @callee(%a: f32) -> f32 attributes {noinline = true} {
  tt.return %a : f32
}

// CHECK-LABEL: tt.func public @caller
// CHECK-SAME: %{{.*}}: !tt.ptr<f32> {tt.divisibility = 16 : i32}
tt.func public @caller(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %a: f32) {
  // CHECK: tt.call @callee(%{{.*}}) : (f32) -> f32
  %0 = tt.call @callee(%a) : (f32) -> f32
  tt.store %p, %0 : !tt.ptr<f32>
  tt.return
}
