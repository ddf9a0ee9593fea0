// RUN: tt-opt %s --tt-llir -split-input-file | FileCheck %s

// Ampere int8 tensor cores: a 64x64x64 i8 tt.dot accumulating in i32 on a
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
