// RUN: tt-opt %s --tt-llir -split-input-file | FileCheck %s

// Ampere int8 (then tf32) tensor cores: a 64x64x64 i8 tt.dot accumulating in i32 on a
// #ttg.nvidia_mma version 2 layout, 4 warps in 2x2, operands in registers
// (#ttg.dot_op kWidth 4: four bytes of K per 32-bit register). Each warp's
// 32x32 result is 2x4 tiles of mma.sync m16n8k32 (32 bytes of K each), two
// K steps: 16 instructions, saturating s32 sums as upstream's. The operand
// words are four i8 packed in a vector<4xi8>.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @mma_s8(
  // CHECK: llvm.bitcast %{{.*}} : vector<4xi8> to i32
  // CHECK-COUNT-16: "mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32 {$0,$1,$2,$3}, {$4,$5,$6,$7}, {$8,$9}, {$10,$11,$12,$13};", "=r,=r,=r,=r,r,r,r,r,r,r,0,1,2,3" {{.*}} -> !llvm.struct<(i32, i32, i32, i32)>
  // CHECK-NOT: mma.sync
  tt.func public @mma_s8(%a: tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: tensor<64x64xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %c: tensor<64x64xi32, #mma>, %p: !tt.ptr<i32>) {
    %d = tt.dot %a, %b, %c : tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<64x64xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<64x64xi32, #mma>
    %s = "tt.reduce"(%d) <{axis = 0 : i32}> ({
    ^bb0(%x: i32, %y: i32):
      %r = arith.addi %x, %y : i32
      tt.reduce.return %r : i32
    }) : (tensor<64x64xi32, #mma>) -> tensor<64xi32, #ttg.slice<{dim = 0, parent = #mma}>>
    %t = "tt.reduce"(%s) <{axis = 0 : i32}> ({
    ^bb0(%x: i32, %y: i32):
      %r = arith.addi %x, %y : i32
      tt.reduce.return %r : i32
    }) : (tensor<64xi32, #ttg.slice<{dim = 0, parent = #mma}>>) -> i32
    tt.store %p, %t : !tt.ptr<i32>
    tt.return
  }
}

// -----

// Ampere tf32: f32 operands with inputPrecision = tf32 on kWidth 1
// layouts (one f32 of K per register), mma.sync m16n8k8 (32 bytes of K):
// a 64x64x32 dot on a 2x2 warp grid is 2x4 tiles times 4 K steps per
// warp, 32 instructions; each operand word is one f32 bitcast to i32.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @mma_tf32(
  // CHECK: llvm.bitcast %{{.*}} : vector<1xf32> to i32
  // CHECK-COUNT-32: "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {$0,$1,$2,$3}, {$4,$5,$6,$7}, {$8,$9}, {$10,$11,$12,$13};", "=f,=f,=f,=f,r,r,r,r,r,r,0,1,2,3" {{.*}} -> !llvm.struct<(f32, f32, f32, f32)>
  // CHECK-NOT: mma.sync
  tt.func public @mma_tf32(%a: tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>, %b: tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>, %c: tensor<64x64xf32, #mma>, %p: !tt.ptr<f32>) {
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<64x64xf32, #mma>
    %s = "tt.reduce"(%d) <{axis = 0 : i32}> ({
    ^bb0(%x: f32, %y: f32):
      %r = arith.addf %x, %y : f32
      tt.reduce.return %r : f32
    }) : (tensor<64x64xf32, #mma>) -> tensor<64xf32, #ttg.slice<{dim = 0, parent = #mma}>>
    %t = "tt.reduce"(%s) <{axis = 0 : i32}> ({
    ^bb0(%x: f32, %y: f32):
      %r = arith.addf %x, %y : f32
      tt.reduce.return %r : f32
    }) : (tensor<64xf32, #ttg.slice<{dim = 0, parent = #mma}>>) -> f32
    tt.store %p, %t : !tt.ptr<f32>
    tt.return
  }
}

// -----

// fp8 operands on mma.sync (sm_89 and later), e5m2 x e4m3: TTGIR written
// with fp8 dot operands (accelerate-matmul itself upcasts fp8 to f16, as
// upstream) lowers to m16n8k32 with the two types named in the
// instruction, f32 sums, four bytes of K per register as for i8.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @mma_fp8(
  // CHECK-COUNT-16: "mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e4m3.f32 {$0,$1,$2,$3}, {$4,$5,$6,$7}, {$8,$9}, {$10,$11,$12,$13};", "=f,=f,=f,=f,r,r,r,r,r,r,0,1,2,3"
  // CHECK-NOT: mma.sync
  tt.func public @mma_fp8(%a: tensor<64x64xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: tensor<64x64xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %c: tensor<64x64xf32, #mma>, %p: !tt.ptr<f32>) {
    %d = tt.dot %a, %b, %c : tensor<64x64xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<64x64xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<64x64xf32, #mma>
    %s = "tt.reduce"(%d) <{axis = 0 : i32}> ({
    ^bb0(%x: f32, %y: f32):
      %r = arith.addf %x, %y : f32
      tt.reduce.return %r : f32
    }) : (tensor<64x64xf32, #mma>) -> tensor<64xf32, #ttg.slice<{dim = 0, parent = #mma}>>
    %t = "tt.reduce"(%s) <{axis = 0 : i32}> ({
    ^bb0(%x: f32, %y: f32):
      %r = arith.addf %x, %y : f32
      tt.reduce.return %r : f32
    }) : (tensor<64xf32, #ttg.slice<{dim = 0, parent = #mma}>>) -> f32
    tt.store %p, %t : !tt.ptr<f32>
    tt.return
  }
}
