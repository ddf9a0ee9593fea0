//
// Every tt op in its custom syntax (upstream Triton 3.6's), printed, parsed
// again and printed again: the text must survive both trips, through the
// custom and through the generic form.

tt.func @program_ids() -> (i32, i32) {
  %0 = tt.get_program_id x : i32
  %1 = tt.get_num_programs z : i32
  tt.return %0, %1 : i32, i32
}

tt.func @casts(%i: i64, %p: !tt.ptr<f32>, %ps: tensor<64x!tt.ptr<f16>>,
               %x: tensor<64xf32>, %h: tensor<64xf16>) {
  %0 = tt.int_to_ptr %i : i64 -> !tt.ptr<f32>
  %1 = tt.ptr_to_int %ps : tensor<64x!tt.ptr<f16>> -> tensor<64xi64>
  %2 = tt.bitcast %x : tensor<64xf32> -> tensor<64xi32>
  %3 = tt.bitcast %p : !tt.ptr<f32> -> !tt.ptr<i32>
  %4 = tt.fp_to_fp %x, rounding = rtne : tensor<64xf32> -> tensor<64xf8E4M3FN>
  %5 = tt.fp_to_fp %h, rounding = rtz : tensor<64xf16> -> tensor<64xf8E5M2>
  %6 = tt.fp_to_fp %4 : tensor<64xf8E4M3FN> -> tensor<64xf32>
  tt.return
}

tt.func @math(%x: tensor<256xf32>, %lo: tensor<256xf32>, %hi: tensor<256xf32>,
              %a: tensor<64xi32>, %b: tensor<64xi32>, %s: f32) {
  %0 = tt.clampf %x, %lo, %hi, propagateNan = none : tensor<256xf32>
  %1 = tt.clampf %s, %s, %s, propagateNan = all : f32
  %2 = tt.precise_sqrt %x : tensor<256xf32>
  %3 = tt.precise_divf %x, %lo : tensor<256xf32>
  %4 = tt.mulhiui %a, %b : tensor<64xi32>
  tt.return
}

tt.func @pointers(%p: !tt.ptr<f32>, %n: i32) {
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %s = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %a = tt.addptr %s, %r : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %ns = tt.splat %n : i32 -> tensor<128xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<128xi32>
  %z = arith.constant dense<0.0> : tensor<128xf32>
  %v = tt.load %a, %m, %z cacheModifier = ca evictionPolicy = evict_last : tensor<128x!tt.ptr<f32>>
  tt.store %a, %v, %m : tensor<128x!tt.ptr<f32>>
  tt.return
}

tt.func @block_pointers(%base: !tt.ptr<f16>, %m: i64, %k: i64, %sm: i64,
                        %o: i32) {
  %c1 = arith.constant 1 : i64
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %bp = tt.make_tensor_ptr %base, [%m, %k], [%sm, %c1], [%o, %c0] {order = array<i32: 1, 0>} : <tensor<128x64xf16>>
  %next = tt.advance %bp, [%c0, %c64] : <tensor<128x64xf16>>
  %t = tt.load %next {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<128x64xf16>>
  tt.store %bp, %t {boundaryCheck = array<i32: 1>} : !tt.ptr<tensor<128x64xf16>>
  tt.return
}

tt.func @atomics(%ps: tensor<64x!tt.ptr<f32>>, %v: tensor<64xf32>,
                 %mask: tensor<64xi1>, %p: !tt.ptr<i32>, %c: i32, %x: i32) {
  %0 = tt.atomic_rmw fadd, acq_rel, gpu, %ps, %v, %mask : (tensor<64x!tt.ptr<f32>>, tensor<64xf32>, tensor<64xi1>) -> tensor<64xf32>
  %1 = tt.atomic_rmw exch, relaxed, sys, %p, %x : (!tt.ptr<i32>, i32) -> i32
  %2 = tt.atomic_rmw umax, acquire, cta, %p, %x : (!tt.ptr<i32>, i32) -> i32
  %3 = tt.atomic_cas release, gpu, %p, %c, %x : (!tt.ptr<i32>, i32, i32) -> i32
  tt.return
}

tt.func @shapes(%x: tensor<128xi32>, %y: tensor<32x4xf32>, %s: f32,
                %one: tensor<1x1xf32>) {
  %0 = tt.splat %s : f32 -> tensor<4x32xf32>
  %1 = tt.unsplat %one : tensor<1x1xf32>
  %2 = tt.expand_dims %x {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
  %3 = tt.expand_dims %x {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
  %4 = tt.broadcast %2 : tensor<128x1xi32> -> tensor<128x64xi32>
  %5 = tt.reshape %y : tensor<32x4xf32> -> tensor<128xf32>
  %6 = tt.reshape %y allow_reorder : tensor<32x4xf32> -> tensor<4x32xf32>
  %7 = tt.reshape %y allow_reorder efficient_layout : tensor<32x4xf32> -> tensor<2x64xf32>
  %8 = tt.reshape %y efficient_layout : tensor<32x4xf32> -> tensor<4x32xf32>
  %9 = tt.trans %y {order = array<i32: 1, 0>} : tensor<32x4xf32> -> tensor<4x32xf32>
  %10 = tt.cat %x, %x : tensor<128xi32> -> tensor<256xi32>
  %11 = tt.join %y, %y : tensor<32x4xf32> -> tensor<32x4x2xf32>
  %12, %13 = tt.split %11 : tensor<32x4x2xf32> -> tensor<32x4xf32>
  %s0 = tt.splat %s : f32 -> tensor<f32>
  %j0 = tt.join %s0, %s0 : tensor<f32> -> tensor<2xf32>
  %14, %15 = tt.split %j0 : tensor<2xf32> -> tensor<f32>
  tt.return
}

tt.func @gather_histogram(%src: tensor<128x16xf32>, %idx: tensor<512x16xi32>,
                          %v: tensor<1024xi32>, %m: tensor<1024xi1>) {
  %0 = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<128x16xf32>, tensor<512x16xi32>) -> tensor<512x16xf32>
  %1 = tt.gather %src[%idx] {axis = 0 : i32, efficient_layout} : (tensor<128x16xf32>, tensor<512x16xi32>) -> tensor<512x16xf32>
  %2 = tt.histogram %v : tensor<1024xi32> -> tensor<64xi32>
  %3 = tt.histogram %v, %m : tensor<1024xi32> -> tensor<64xi32>
  tt.return
}

tt.func @dots(%a: tensor<128x64xf16>, %b: tensor<64x128xf16>,
              %c: tensor<128x128xf32>, %a3: tensor<2x16x32xf32>,
              %b3: tensor<2x32x16xf32>, %c3: tensor<2x16x16xf32>,
              %ai: tensor<16x32xi8>, %bi: tensor<32x16xi8>,
              %ci: tensor<16x16xi32>) {
  %0 = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
  // The default precision (ieee) is not printed.
  %1 = tt.dot %a, %b, %c, inputPrecision = ieee : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
  %2 = tt.dot %a3, %b3, %c3, inputPrecision = bf16x3 {maxNumImpreciseAcc = 32 : i32} : tensor<2x16x32xf32> * tensor<2x32x16xf32> -> tensor<2x16x16xf32>
  %3 = tt.dot %ai, %bi, %ci : tensor<16x32xi8> * tensor<32x16xi8> -> tensor<16x16xi32>
  tt.return
}

tt.func @dot_scaled(%a: tensor<128x32xi8>, %as: tensor<128x2xi8>,
                    %b: tensor<64x128xf8E4M3FN>, %bs: tensor<128x2xi8>,
                    %c: tensor<128x128xf32>, %h: tensor<128x64xbf16>) {
  %0 = tt.dot_scaled %a scale %as, %b scale %bs, %c lhs = e2m1 rhs = e4m3 {fastMath = false} : tensor<128x32xi8>, tensor<128x2xi8> * tensor<64x128xf8E4M3FN>, tensor<128x2xi8> -> tensor<128x128xf32>
  %1 = tt.dot_scaled %h, %b scale %bs, %c lhs = bf16 rhs = e4m3 {fastMath = true} : tensor<128x64xbf16> * tensor<64x128xf8E4M3FN>, tensor<128x2xi8> -> tensor<128x128xf32>
  tt.return
}

tt.func @regions(%x: tensor<64x128xf32>, %i: tensor<64x128xi32>,
                 %v: tensor<128xi32>) {
  %0 = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %m = arith.maxnumf %a, %b : f32
    tt.reduce.return %m : f32
  }) : (tensor<64x128xf32>) -> tensor<64xf32>
  // Two operands (argmax-style) reduced to scalars.
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %1:2 = "tt.reduce"(%0, %r) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
    %gt = arith.cmpf ogt, %a, %b : f32
    %m = arith.select %gt, %a, %b : f32
    %mi = arith.select %gt, %ai, %bi : i32
    tt.reduce.return %m, %mi : f32, i32
  }) : (tensor<64xf32>, tensor<64xi32>) -> (f32, i32)
  %2 = "tt.scan"(%i) <{axis = 1 : i32, reverse = true}> ({
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    tt.scan.return %s : i32
  }) : (tensor<64x128xi32>) -> tensor<64x128xi32>
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

tt.func @escape_hatches(%x: tensor<128xf32>, %i: tensor<256xi32>, %s: f32) {
  %0 = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_expf"} : (tensor<128xf32>) -> tensor<128xf32>
  %1 = tt.extern_elementwise %s, %s {libname = "libdevice", libpath = "/l.bc", pure = false, symbol = "__nv_powf"} : (f32, f32) -> f32
  %2 = tt.elementwise_inline_asm "shl.b32 $0, $1, 3;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %i : tensor<256xi32> -> tensor<256xi32>
  // Two results, four elements per asm instance.
  %3:2 = tt.elementwise_inline_asm "" {constraints = "=r,=r,r", packed_element = 4 : i32, pure = false} %i : tensor<256xi32> -> tensor<256xi32>, tensor<256xi32>
  tt.return
}

tt.func @debugging(%x: tensor<128xi32>, %ok: tensor<128xi1>, %s: f32) {
  tt.print ": " {hex = false, isSigned = array<i32: 1, 0>} : %x, %s : tensor<128xi32>, f32
  tt.print "here" {hex = true, isSigned = array<i32>}
  tt.assert %ok, "index out of bounds" : tensor<128xi1>
  tt.return
}

tt.func @descriptors(%p: !tt.ptr<f16>, %m: i32, %n: i32, %sm: i64,
                     %d: !tt.tensordesc<tensor<1x64xf16>>,
                     %rows: tensor<32xi32>) {
  %c1 = arith.constant 1 : i64
  %c0 = arith.constant 0 : i32
  %0 = tt.make_tensor_descriptor %p, [%m, %n], [%sm, %c1] : <f16>, <tensor<64x64xf16>>
  %1 = tt.make_tensor_descriptor %p, [%m, %n], [%sm, %c1] {padding = 2 : i32} : !tt.ptr<f16>, !tt.tensordesc<tensor<64x64xf16>>
  %2 = tt.descriptor_load %0[%c0, %m] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16>
  %3 = tt.descriptor_load %0[%c0, %m] cacheModifier = cg evictionPolicy = evict_first : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16>
  tt.descriptor_store %0[%c0, %m], %2 : !tt.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16>
  tt.descriptor_reduce max, %0[%c0, %m], %2 : !tt.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16>
  // A rank-reduced load drops the leading unit dimension.
  %4 = tt.descriptor_load %d[%c0, %c0] : !tt.tensordesc<tensor<1x64xf16>> -> tensor<64xf16>
  %5 = tt.descriptor_gather %d[%rows, %c0] : (!tt.tensordesc<tensor<1x64xf16>>, tensor<32xi32>, i32) -> tensor<32x64xf16>
  tt.descriptor_scatter %d[%rows, %c0], %5 : !tt.tensordesc<tensor<1x64xf16>>, tensor<32xi32>, i32, tensor<32x64xf16>
  tt.return
}

tt.func private @callee(%a: f32) -> f32 attributes {noinline = true} {
  tt.return %a : f32
}

tt.func public @caller(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %a: f32) {
  %0 = tt.call @callee(%a) : (f32) -> f32
  tt.store %p, %0 : !tt.ptr<f32>
  tt.return
}