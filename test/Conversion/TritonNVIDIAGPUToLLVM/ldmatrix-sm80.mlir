// RUN: tt-opt %s --tt-llir -split-input-file | FileCheck %s

// ldmatrix for the mma.sync operands of every element width (cuda:80, 4
// warps in 2x2): an 8x8 b16 matrix row is 16 bytes, and a thread receives
// one 32-bit word per matrix, the kWidth elements of one fragment register.
// Operands stored K-contiguous (A order [1, 0], B order [0, 1]) are read
// with plain ldmatrix whatever the width; 16-bit operands stored the other
// way with ldmatrix.trans; 8- and 32-bit operands stored the other way
// (no .trans for them) keep the generic element loads. Immediates are in
// bytes: the second 16-row tile of a warp (rows 32..47) is 32 rows down.

// int8 (kWidth 4): A (64 bytes a row) by ldmatrix x4, four words of four
// bytes per thread; B stored N-major is read byte by byte.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#sa = #ttg.swizzled_shared<{vec = 16, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#sb = #ttg.swizzled_shared<{vec = 16, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @s8_a_kmajor_b_nmajor(
  // CHECK: "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {$0,$1,$2,$3}, [ $4 + 0 ];", "=r,=r,=r,=r,r"
  // CHECK: llvm.bitcast %{{.*}} : i32 to vector<4xi8>
  // CHECK-COUNT-4: llvm.extractelement %{{.*}} : vector<4xi8>
  // CHECK: "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {$0,$1,$2,$3}, [ $4 + 0 ];"
  // CHECK: "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {$0,$1,$2,$3}, [ $4 + 2048 ];"
  // CHECK: "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {$0,$1,$2,$3}, [ $4 + 2048 ];"
  // CHECK-NOT: ldmatrix
  // CHECK-COUNT-64: llvm.load %{{.*}} {alignment = 1 : i64} : !llvm.ptr<3> -> i8
  // CHECK-NOT: ldmatrix
  // CHECK-COUNT-16: mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32
  // CHECK-NOT: ldmatrix
  tt.func public @s8_a_kmajor_b_nmajor(%c: tensor<64x64xi32, #mma>, %p: !tt.ptr<i32>) {
    %as = ttg.local_alloc : () -> !ttg.memdesc<64x64xi8, #sa, #smem, mutable>
    %bs = ttg.local_alloc : () -> !ttg.memdesc<64x64xi8, #sb, #smem, mutable>
    %a = ttg.local_load %as : !ttg.memdesc<64x64xi8, #sa, #smem, mutable> -> tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
    %b = ttg.local_load %bs : !ttg.memdesc<64x64xi8, #sb, #smem, mutable> -> tensor<64x64xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
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

// int8 with B stored K-major: B by ldmatrix x4 too, two 32x8 tiles each.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#sa = #ttg.swizzled_shared<{vec = 16, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#sb = #ttg.swizzled_shared<{vec = 16, perPhase = 1, maxPhase = 8, order = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @s8_b_kmajor(
  // CHECK-COUNT-8: "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {$0,$1,$2,$3}, [ $4 + {{[0-9]+}} ];"
  // CHECK-NOT: ldmatrix
  // CHECK-NOT: !llvm.ptr<3> -> i8
  // CHECK-COUNT-16: mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32
  tt.func public @s8_b_kmajor(%c: tensor<64x64xi32, #mma>, %p: !tt.ptr<i32>) {
    %as = ttg.local_alloc : () -> !ttg.memdesc<64x64xi8, #sa, #smem, mutable>
    %bs = ttg.local_alloc : () -> !ttg.memdesc<64x64xi8, #sb, #smem, mutable>
    %a = ttg.local_load %as : !ttg.memdesc<64x64xi8, #sa, #smem, mutable> -> tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
    %b = ttg.local_load %bs : !ttg.memdesc<64x64xi8, #sb, #smem, mutable> -> tensor<64x64xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
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

// tf32 (kWidth 1): A (128 bytes a row) by ldmatrix x4, one f32 per word;
// B stored N-major by 32-bit loads.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#sa = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#sb = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @tf32_a_kmajor_b_nmajor(
  // CHECK: "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {$0,$1,$2,$3}, [ $4 + 0 ];"
  // CHECK: llvm.bitcast %{{.*}} : i32 to vector<1xf32>
  // CHECK-COUNT-3: "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {$0,$1,$2,$3}, [ $4 + 0 ];"
  // CHECK-COUNT-4: "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {$0,$1,$2,$3}, [ $4 + 4096 ];"
  // CHECK-NOT: ldmatrix
  // CHECK-COUNT-32: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> i32
  // CHECK-NOT: ldmatrix
  // CHECK-COUNT-32: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
  tt.func public @tf32_a_kmajor_b_nmajor(%c: tensor<64x64xf32, #mma>, %p: !tt.ptr<f32>) {
    %as = ttg.local_alloc : () -> !ttg.memdesc<64x32xf32, #sa, #smem, mutable>
    %bs = ttg.local_alloc : () -> !ttg.memdesc<32x64xf32, #sb, #smem, mutable>
    %a = ttg.local_load %as : !ttg.memdesc<64x32xf32, #sa, #smem, mutable> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
    %b = ttg.local_load %bs : !ttg.memdesc<32x64xf32, #sb, #smem, mutable> -> tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>
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

// tf32 with B stored K-major: both operands by ldmatrix.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#sa = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#sb = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @tf32_b_kmajor(
  // CHECK-COUNT-16: "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {$0,$1,$2,$3}, [ $4 + {{[0-9]+}} ];"
  // CHECK-NOT: ldmatrix
  // CHECK-NOT: !llvm.ptr<3> -> i32
  // CHECK-COUNT-32: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
  tt.func public @tf32_b_kmajor(%c: tensor<64x64xf32, #mma>, %p: !tt.ptr<f32>) {
    %as = ttg.local_alloc : () -> !ttg.memdesc<64x32xf32, #sa, #smem, mutable>
    %bs = ttg.local_alloc : () -> !ttg.memdesc<32x64xf32, #sb, #smem, mutable>
    %a = ttg.local_load %as : !ttg.memdesc<64x32xf32, #sa, #smem, mutable> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
    %b = ttg.local_load %bs : !ttg.memdesc<32x64xf32, #sb, #smem, mutable> -> tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>
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

// tf32 with A stored M-major: no 32-bit transposing ldmatrix, so A is read
// by 32-bit loads (B, K-major, still by ldmatrix).
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#sa = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [0, 1]}>
#sb = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @tf32_a_mmajor(
  // CHECK-NOT: ldmatrix
  // CHECK-COUNT-32: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> i32
  // CHECK-NOT: .trans
  // CHECK-COUNT-8: "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {$0,$1,$2,$3}, [ $4 + {{[0-9]+}} ];"
  // CHECK-NOT: ldmatrix
  // CHECK-COUNT-32: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
  tt.func public @tf32_a_mmajor(%c: tensor<64x64xf32, #mma>, %p: !tt.ptr<f32>) {
    %as = ttg.local_alloc : () -> !ttg.memdesc<64x32xf32, #sa, #smem, mutable>
    %bs = ttg.local_alloc : () -> !ttg.memdesc<32x64xf32, #sb, #smem, mutable>
    %a = ttg.local_load %as : !ttg.memdesc<64x32xf32, #sa, #smem, mutable> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
    %b = ttg.local_load %bs : !ttg.memdesc<32x64xf32, #sb, #smem, mutable> -> tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>
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

// f16 (kWidth 2) with B stored N-major: A by ldmatrix x4, B by
// ldmatrix x4.trans (two 16x8 tiles each), two f16 per word.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#sa = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#sb = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @f16_b_nmajor(
  // CHECK-COUNT-2: "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {$0,$1,$2,$3}, [ $4 + 0 ];"
  // CHECK-COUNT-2: "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {$0,$1,$2,$3}, [ $4 + 2048 ];"
  // CHECK: "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {$0,$1,$2,$3}, [ $4 + 0 ];", "=r,=r,=r,=r,r"
  // CHECK: llvm.bitcast %{{.*}} : i32 to vector<2xf16>
  // CHECK: "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {$0,$1,$2,$3}, [ $4 + 0 ];"
  // CHECK-COUNT-2: "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {$0,$1,$2,$3}, [ $4 + 2048 ];"
  // CHECK-NOT: ldmatrix
  // CHECK-NOT: !llvm.ptr<3> -> f16
  // CHECK-COUNT-16: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
  tt.func public @f16_b_nmajor(%c: tensor<64x64xf32, #mma>, %p: !tt.ptr<f32>) {
    %as = ttg.local_alloc : () -> !ttg.memdesc<64x32xf16, #sa, #smem, mutable>
    %bs = ttg.local_alloc : () -> !ttg.memdesc<32x64xf16, #sb, #smem, mutable>
    %a = ttg.local_load %as : !ttg.memdesc<64x32xf16, #sa, #smem, mutable> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %b = ttg.local_load %bs : !ttg.memdesc<32x64xf16, #sb, #smem, mutable> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    %d = tt.dot %a, %b, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
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
