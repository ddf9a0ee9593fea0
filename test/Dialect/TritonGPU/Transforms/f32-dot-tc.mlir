// RUN: tt-opt %s -split-input-file --tritongpu-F32DotTC="emu-tf32=1" | FileCheck %s
// RUN: tt-opt %s -split-input-file --tritongpu-F32DotTC | FileCheck %s --check-prefix=NOEMU

// tf32x3: big = cvt.rna.tf32.f32(x), small = x - big; small*big and
// big*small from zero, NaNs of that sum cleared, big*big on top, the
// accumulator added last.
// CHECK-LABEL: tt.func @tf32x3
// CHECK: %[[ABIG:.*]] = tt.elementwise_inline_asm "cvt.rna.tf32.f32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %arg0
// CHECK-NEXT: %[[ASMALL:.*]] = arith.subf %arg0, %[[ABIG]] : tensor<64x32xf32>
// CHECK-NEXT: %[[BBIG:.*]] = tt.elementwise_inline_asm "cvt.rna.tf32.f32 $0, $1;" {{.*}} %arg1
// CHECK-NEXT: %[[BSMALL:.*]] = arith.subf %arg1, %[[BBIG]] : tensor<32x64xf32>
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
// CHECK-NEXT: %[[D1:.*]] = tt.dot %[[ASMALL]], %[[BBIG]], %[[ZERO]], inputPrecision = tf32 : tensor<64x32xf32> * tensor<32x64xf32>
// CHECK-NEXT: %[[D2:.*]] = tt.dot %[[ABIG]], %[[BSMALL]], %[[D1]], inputPrecision = tf32
// CHECK-NEXT: %[[NAN:.*]] = arith.cmpf uno, %[[D2]], %[[D2]]
// CHECK-NEXT: %[[CLEAN:.*]] = arith.select %[[NAN]], %[[ZERO]], %[[D2]]
// CHECK-NEXT: %[[D3:.*]] = tt.dot %[[ABIG]], %[[BBIG]], %[[CLEAN]], inputPrecision = tf32
// CHECK-NEXT: %[[R:.*]] = arith.addf %[[D3]], %arg2 : tensor<64x64xf32>
// CHECK-NEXT: tt.return %[[R]]
// Without emu-tf32 (AMD, NVIDIA before sm_80) tf32x3 dots stay as they are.
// NOEMU-LABEL: tt.func @tf32x3
// NOEMU-NOT: elementwise_inline_asm
// NOEMU: tt.dot %arg0, %arg1, %arg2, inputPrecision = tf32x3
// NOEMU-NEXT: tt.return
tt.func @tf32x3(%a: tensor<64x32xf32>, %b: tensor<32x64xf32>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %d = tt.dot %a, %b, %c, inputPrecision = tf32x3 : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
  tt.return %d : tensor<64x64xf32>
}

// -----

// bf16x3: hi = truncf(x), mid = truncf(x - extf(hi)); mid*hi + hi*mid,
// then hi*hi. With or without emu-tf32.
// CHECK-LABEL: tt.func @bf16x3
// CHECK: %[[AHI:.*]] = arith.truncf %arg0 : tensor<64x32xf32> to tensor<64x32xbf16>
// CHECK-NEXT: %[[AHI32:.*]] = arith.extf %[[AHI]] : tensor<64x32xbf16> to tensor<64x32xf32>
// CHECK-NEXT: %[[AR:.*]] = arith.subf %arg0, %[[AHI32]]
// CHECK-NEXT: %[[AMID:.*]] = arith.truncf %[[AR]] : tensor<64x32xf32> to tensor<64x32xbf16>
// CHECK-NEXT: %[[BHI:.*]] = arith.truncf %arg1
// CHECK-NEXT: %[[BHI32:.*]] = arith.extf %[[BHI]]
// CHECK-NEXT: %[[BR:.*]] = arith.subf %arg1, %[[BHI32]]
// CHECK-NEXT: %[[BMID:.*]] = arith.truncf %[[BR]]
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant dense<0.000000e+00>
// CHECK-NEXT: %[[D1:.*]] = tt.dot %[[AMID]], %[[BHI]], %[[ZERO]], {{.*}} : tensor<64x32xbf16> * tensor<32x64xbf16> -> tensor<64x64xf32>
// CHECK-NEXT: %[[D2:.*]] = tt.dot %[[AHI]], %[[BMID]], %[[D1]]
// CHECK-NEXT: %[[NAN:.*]] = arith.cmpf uno, %[[D2]], %[[D2]]
// CHECK-NEXT: %[[CLEAN:.*]] = arith.select %[[NAN]], %[[ZERO]], %[[D2]]
// CHECK-NEXT: %[[D3:.*]] = tt.dot %[[AHI]], %[[BHI]], %[[CLEAN]]
// CHECK-NEXT: arith.addf %[[D3]], %arg2
// NOEMU-LABEL: tt.func @bf16x3
// NOEMU-COUNT-3: tt.dot {{.*}} : tensor<64x32xbf16> * tensor<32x64xbf16>
// NOEMU-NOT: tt.dot
tt.func @bf16x3(%a: tensor<64x32xf32>, %b: tensor<32x64xf32>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %d = tt.dot %a, %b, %c, inputPrecision = bf16x3 : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
  tt.return %d : tensor<64x64xf32>
}

// -----

// bf16x6: hi, mid and lo parts; mid*mid, lo*hi, hi*lo, mid*hi, hi*mid,
// then hi*hi.
// CHECK-LABEL: tt.func @bf16x6
// CHECK: %[[AHI:.*]] = arith.truncf %arg0
// CHECK-NEXT: %[[T0:.*]] = arith.extf %[[AHI]]
// CHECK-NEXT: %[[R0:.*]] = arith.subf %arg0, %[[T0]]
// CHECK-NEXT: %[[AMID:.*]] = arith.truncf %[[R0]]
// CHECK-NEXT: %[[T1:.*]] = arith.extf %[[AMID]]
// CHECK-NEXT: %[[R1:.*]] = arith.subf %[[R0]], %[[T1]]
// CHECK-NEXT: %[[ALO:.*]] = arith.truncf %[[R1]]
// CHECK-NEXT: %[[BHI:.*]] = arith.truncf %arg1
// CHECK-NEXT: %[[T2:.*]] = arith.extf %[[BHI]]
// CHECK-NEXT: %[[R2:.*]] = arith.subf %arg1, %[[T2]]
// CHECK-NEXT: %[[BMID:.*]] = arith.truncf %[[R2]]
// CHECK-NEXT: %[[T3:.*]] = arith.extf %[[BMID]]
// CHECK-NEXT: %[[R3:.*]] = arith.subf %[[R2]], %[[T3]]
// CHECK-NEXT: %[[BLO:.*]] = arith.truncf %[[R3]]
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant dense<0.000000e+00>
// CHECK-NEXT: %[[D1:.*]] = tt.dot %[[AMID]], %[[BMID]], %[[ZERO]]
// CHECK-NEXT: %[[D2:.*]] = tt.dot %[[ALO]], %[[BHI]], %[[D1]]
// CHECK-NEXT: %[[D3:.*]] = tt.dot %[[AHI]], %[[BLO]], %[[D2]]
// CHECK-NEXT: %[[D4:.*]] = tt.dot %[[AMID]], %[[BHI]], %[[D3]]
// CHECK-NEXT: %[[D5:.*]] = tt.dot %[[AHI]], %[[BMID]], %[[D4]]
// CHECK-NEXT: %[[NAN:.*]] = arith.cmpf uno, %[[D5]], %[[D5]]
// CHECK-NEXT: %[[CLEAN:.*]] = arith.select %[[NAN]], %[[ZERO]], %[[D5]]
// CHECK-NEXT: %[[D6:.*]] = tt.dot %[[AHI]], %[[BHI]], %[[CLEAN]]
// CHECK-NEXT: arith.addf %[[D6]], %arg2
// NOEMU-LABEL: tt.func @bf16x6
// NOEMU-COUNT-6: tt.dot {{.*}} : tensor<64x32xbf16> * tensor<32x64xbf16>
// NOEMU-NOT: tt.dot
// NOEMU: tt.return
tt.func @bf16x6(%a: tensor<64x32xf32>, %b: tensor<32x64xf32>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %d = tt.dot %a, %b, %c, inputPrecision = bf16x6 : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
  tt.return %d : tensor<64x64xf32>
}

// -----

// Operands converted into #ttg.dot_op layouts are split in the layout they
// come from (here the blocked layout of the loads), each part converted on
// its own; the original conversions go away.
// CHECK-DAG: #[[A:.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8]
// CHECK-DAG: #[[C:.*]] = #ttg.blocked<{sizePerThread = [1, 1]
// CHECK-LABEL: tt.func @split_before_conversion
// CHECK: %[[AHI:.*]] = arith.truncf %arg0 : tensor<64x32xf32, #[[A]]> to tensor<64x32xbf16, #[[A]]>
// CHECK: %[[AMID:.*]] = arith.truncf %{{.*}} : tensor<64x32xf32, #[[A]]> to tensor<64x32xbf16, #[[A]]>
// CHECK-NEXT: %[[AHIOP:.*]] = ttg.convert_layout %[[AHI]] : tensor<64x32xbf16, #[[A]]> -> tensor<64x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #[[C]]}>>
// CHECK-NEXT: %[[AMIDOP:.*]] = ttg.convert_layout %[[AMID]] : {{.*}} -> tensor<64x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #[[C]]}>>
// CHECK: %[[BHIOP:.*]] = ttg.convert_layout {{.*}} -> tensor<32x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #[[C]]}>>
// CHECK-NEXT: %[[BMIDOP:.*]] = ttg.convert_layout {{.*}} -> tensor<32x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #[[C]]}>>
// CHECK: tt.dot %[[AMIDOP]], %[[BHIOP]]
// CHECK-NEXT: tt.dot %[[AHIOP]], %[[BMIDOP]]
// CHECK-NOT: tensor<64x32xf32, #ttg.dot_op
#a = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#c = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @split_before_conversion(%a: tensor<64x32xf32, #a>, %b: tensor<32x64xf32, #a>, %c: tensor<64x64xf32, #c>) -> tensor<64x64xf32, #c> {
    %ao = ttg.convert_layout %a : tensor<64x32xf32, #a> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #c}>>
    %bo = ttg.convert_layout %b : tensor<32x64xf32, #a> -> tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #c}>>
    %d = tt.dot %ao, %bo, %c, inputPrecision = bf16x3 : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #c}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #c}>> -> tensor<64x64xf32, #c>
    tt.return %d : tensor<64x64xf32, #c>
  }
}
