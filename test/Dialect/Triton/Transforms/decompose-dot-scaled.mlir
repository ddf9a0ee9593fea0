// RUN: tt-opt %s -split-input-file -triton-decompose-dot-scaled -canonicalize -cse | FileCheck %s

// e2m1 lhs (two values per byte along K, low nibble first) with its scale,
// bf16 rhs: the nibbles become bf16 bits (exponent rebiased by 126, the
// subnormal as 0.5 = 0x3F00), interleaved along K; the scale is the bf16
// bits s << 7 repeated over each group of 32; a scale of 0xFF gives NaN.
// CHECK-LABEL: tt.func @e2m1_lhs
// CHECK-SAME: (%[[A:.*]]: tensor<64x32xi8>, %[[S:.*]]: tensor<64x2xi8>, %[[B:.*]]: tensor<64x64xbf16>, %[[C:.*]]: tensor<64x64xf32>)
// CHECK-DAG: %[[BIAS:.*]] = arith.constant dense<16128> : tensor<64x32xi16>
// CHECK-DAG: %[[NAN:.*]] = arith.constant dense<0x7FC0> : tensor<64x64xbf16>
// CHECK-DAG: %[[FF:.*]] = arith.constant dense<-1> : tensor<64x2xi8>
// CHECK: %[[W:.*]] = arith.extui %[[A]] : tensor<64x32xi8> to tensor<64x32xi16>
// CHECK: %[[HI:.*]] = arith.shrui %[[W]]
// CHECK: arith.addi %{{.*}}, %[[BIAS]] : tensor<64x32xi16>
// CHECK: %[[LOF:.*]] = tt.bitcast %{{.*}} : tensor<64x32xi16> -> tensor<64x32xbf16>
// CHECK: %[[HIF:.*]] = tt.bitcast %{{.*}} : tensor<64x32xi16> -> tensor<64x32xbf16>
// CHECK: %[[J:.*]] = tt.join %[[LOF]], %[[HIF]] : tensor<64x32xbf16> -> tensor<64x32x2xbf16>
// CHECK: %[[UA:.*]] = tt.reshape %[[J]] : tensor<64x32x2xbf16> -> tensor<64x64xbf16>
// CHECK: %[[SW:.*]] = arith.extui %[[S]] : tensor<64x2xi8> to tensor<64x2xi16>
// CHECK: %[[SB:.*]] = arith.shli %[[SW]], %{{.*}} : tensor<64x2xi16>
// CHECK: %[[SF:.*]] = tt.bitcast %[[SB]] : tensor<64x2xi16> -> tensor<64x2xbf16>
// CHECK: %[[SE:.*]] = tt.expand_dims %[[SF]] {axis = 2 : i32}
// CHECK: %[[SBC:.*]] = tt.broadcast %[[SE]] : tensor<64x2x1xbf16> -> tensor<64x2x32xbf16>
// CHECK: %[[SR:.*]] = tt.reshape %[[SBC]] : tensor<64x2x32xbf16> -> tensor<64x64xbf16>
// CHECK: %[[M:.*]] = arith.mulf %[[UA]], %[[SR]] : tensor<64x64xbf16>
// CHECK: %[[ISNAN:.*]] = arith.cmpi eq, %[[S]], %[[FF]] : tensor<64x2xi8>
// CHECK: %[[NM:.*]] = tt.reshape %{{.*}} : tensor<64x2x32xi1> -> tensor<64x64xi1>
// CHECK: %[[SEL:.*]] = arith.select %[[NM]], %[[NAN]], %[[M]]
// CHECK: %[[D:.*]] = tt.dot %[[SEL]], %[[B]], %[[C]] : tensor<64x64xbf16> * tensor<64x64xbf16> -> tensor<64x64xf32>
// CHECK: tt.return %[[D]]
tt.func @e2m1_lhs(%a: tensor<64x32xi8>, %s: tensor<64x2xi8>, %b: tensor<64x64xbf16>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %d = tt.dot_scaled %a scale %s, %b, %c lhs = e2m1 rhs = bf16 {fastMath = false} : tensor<64x32xi8>, tensor<64x2xi8> * tensor<64x64xbf16> -> tensor<64x64xf32>
  tt.return %d : tensor<64x64xf32>
}

// -----

// A scaled e4m3 rhs next to fp16: computed in f16, transposed so that K is
// last, scale through the f32 bits s << 23 rounded to f16; fastMath keeps
// no NaN select.
// CHECK-LABEL: tt.func @e4m3_rhs_fp16
// CHECK-SAME: (%[[A:.*]]: tensor<32x64xf16>, %[[B:.*]]: tensor<64x16xf8E4M3FN>, %[[S:.*]]: tensor<16x2xi8>, %[[C:.*]]: tensor<32x16xf32>)
// CHECK: %[[T:.*]] = tt.trans %[[B]] {order = array<i32: 1, 0>} : tensor<64x16xf8E4M3FN> -> tensor<16x64xf8E4M3FN>
// CHECK: %[[U:.*]] = tt.fp_to_fp %[[T]] : tensor<16x64xf8E4M3FN> -> tensor<16x64xf16>
// CHECK: %[[SW:.*]] = arith.extui %[[S]] : tensor<16x2xi8> to tensor<16x2xi32>
// CHECK: %[[SB:.*]] = arith.shli %[[SW]]
// CHECK: %[[SF:.*]] = tt.bitcast %[[SB]] : tensor<16x2xi32> -> tensor<16x2xf32>
// CHECK: %[[SH:.*]] = arith.truncf %[[SF]] : tensor<16x2xf32> to tensor<16x2xf16>
// CHECK: %[[SR:.*]] = tt.reshape %{{.*}} : tensor<16x2x32xf16> -> tensor<16x64xf16>
// CHECK: %[[M:.*]] = arith.mulf %[[U]], %[[SR]] : tensor<16x64xf16>
// CHECK-NOT: arith.select
// CHECK: %[[BT:.*]] = tt.trans %[[M]] {order = array<i32: 1, 0>} : tensor<16x64xf16> -> tensor<64x16xf16>
// CHECK: tt.dot %[[A]], %[[BT]], %[[C]] : tensor<32x64xf16> * tensor<64x16xf16> -> tensor<32x16xf32>
tt.func @e4m3_rhs_fp16(%a: tensor<32x64xf16>, %b: tensor<64x16xf8E4M3FN>, %s: tensor<16x2xi8>, %c: tensor<32x16xf32>) -> tensor<32x16xf32> {
  %d = tt.dot_scaled %a, %b scale %s, %c lhs = fp16 rhs = e4m3 {fastMath = true} : tensor<32x64xf16> * tensor<64x16xf8E4M3FN>, tensor<16x2xi8> -> tensor<32x16xf32>
  tt.return %d : tensor<32x16xf32>
}

// -----

// Scaled e5m2 lhs, unscaled e4m3 rhs (the fp8 x fp8 case of upstream's
// suite): both to bf16 through tt.fp_to_fp, the rhs without transposes.
// CHECK-LABEL: tt.func @e5m2_e4m3
// CHECK-SAME: (%[[A:.*]]: tensor<32x64xf8E5M2>, %[[S:.*]]: tensor<32x2xi8>, %[[B:.*]]: tensor<64x32xf8E4M3FN>
// CHECK: %[[UA:.*]] = tt.fp_to_fp %[[A]] : tensor<32x64xf8E5M2> -> tensor<32x64xbf16>
// CHECK: arith.mulf %[[UA]]
// CHECK: %[[SEL:.*]] = arith.select
// CHECK-NOT: tt.trans
// CHECK: %[[UB:.*]] = tt.fp_to_fp %[[B]] : tensor<64x32xf8E4M3FN> -> tensor<64x32xbf16>
// CHECK: tt.dot %[[SEL]], %[[UB]]
tt.func @e5m2_e4m3(%a: tensor<32x64xf8E5M2>, %s: tensor<32x2xi8>, %b: tensor<64x32xf8E4M3FN>, %c: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %d = tt.dot_scaled %a scale %s, %b, %c lhs = e5m2 rhs = e4m3 {fastMath = false} : tensor<32x64xf8E5M2>, tensor<32x2xi8> * tensor<64x32xf8E4M3FN> -> tensor<32x32xf32>
  tt.return %d : tensor<32x32xf32>
}

// -----

// e2m1 rhs packed along K (dim 0) with its scale: transposed, unpacked
// along the last dimension, scaled, transposed back; f16 nibbles rebias
// by 14 << 10 and map the subnormal to 0x3800.
// CHECK-LABEL: tt.func @e2m1_rhs_fp16
// CHECK-DAG: arith.constant dense<14336> : tensor<64x32xi16>
// CHECK: %[[T:.*]] = tt.trans %{{.*}} {order = array<i32: 1, 0>} : tensor<32x64xi8> -> tensor<64x32xi8>
// CHECK: tt.join %{{.*}}, %{{.*}} : tensor<64x32xf16> -> tensor<64x32x2xf16>
// CHECK: tt.reshape %{{.*}} : tensor<64x32x2xf16> -> tensor<64x64xf16>
// CHECK: %[[BT:.*]] = tt.trans %{{.*}} {order = array<i32: 1, 0>} : tensor<64x64xf16> -> tensor<64x64xf16>
// CHECK: tt.dot %{{.*}}, %[[BT]], %{{.*}} : tensor<16x64xf16> * tensor<64x64xf16> -> tensor<16x64xf32>
tt.func @e2m1_rhs_fp16(%a: tensor<16x64xf16>, %b: tensor<32x64xi8>, %s: tensor<64x2xi8>, %c: tensor<16x64xf32>) -> tensor<16x64xf32> {
  %d = tt.dot_scaled %a, %b scale %s, %c lhs = fp16 rhs = e2m1 {fastMath = false} : tensor<16x64xf16> * tensor<32x64xi8>, tensor<64x2xi8> -> tensor<16x64xf32>
  tt.return %d : tensor<16x64xf32>
}
