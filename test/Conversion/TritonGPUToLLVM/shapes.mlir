// RUN: tt-opt %s --tt-llir -split-input-file -verify-diagnostics | FileCheck %s

// trans with the layout convert-triton-to-tritongpu infers (the verifier
// requires it for trans, join and split): every lane and warp keeps its
// elements, so the op only renames registers.
#src = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#dst = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @trans_registers(
  // CHECK-NOT: nvvm.barrier0
  // CHECK-NOT: !llvm.ptr<3>
  // CHECK: llvm.return
  tt.func public @trans_registers(%x: tensor<32x16xf32, #src>, %out: tensor<16x32x!tt.ptr<f32>, #dst>) {
    %t = tt.trans %x {order = array<i32: 1, 0>} : tensor<32x16xf32, #src> -> tensor<16x32xf32, #dst>
    tt.store %out, %t : tensor<16x32x!tt.ptr<f32>, #dst>
    tt.return
  }
}

// -----

// join, reshape and split whose layouts keep elements in their threads:
// registers only. The joined pair (a, b) is registers (a0, b0, a1, b1);
// split takes them apart again.
#b1 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b2 = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#b4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @join_reshape_split(
  // CHECK-SAME: %[[A:[^:]*]]: !llvm.struct<(f32, f32)>, %[[B:[^:]*]]: !llvm.struct<(f32, f32)>
  // CHECK-DAG: %[[A0:.*]] = llvm.extractvalue %[[A]][0]
  // CHECK-DAG: %[[A1:.*]] = llvm.extractvalue %[[A]][1]
  // CHECK-DAG: %[[B0:.*]] = llvm.extractvalue %[[B]][0]
  // CHECK-DAG: %[[B1:.*]] = llvm.extractvalue %[[B]][1]
  // CHECK-NOT: nvvm.barrier0
  // CHECK: llvm.bitcast %[[A0]] : f32 to i32
  // CHECK: llvm.bitcast %[[B0]] : f32 to i32
  // CHECK: llvm.bitcast %[[A1]] : f32 to i32
  // CHECK: llvm.bitcast %[[B1]] : f32 to i32
  // CHECK: %[[S:.*]] = llvm.fadd %[[A0]], %[[B0]]
  // CHECK: %[[T:.*]] = llvm.fadd %[[A1]], %[[B1]]
  // CHECK-NOT: nvvm.barrier0
  // CHECK: llvm.return
  tt.func public @join_reshape_split(%a: tensor<256xf32, #b1>, %b: tensor<256xf32, #b1>, %out: tensor<512x!tt.ptr<f32>, #b4>, %out2: tensor<256x!tt.ptr<f32>, #b1>) {
    %j = tt.join %a, %b : tensor<256xf32, #b1> -> tensor<256x2xf32, #b2>
    %r = tt.reshape %j : tensor<256x2xf32, #b2> -> tensor<512xf32, #b4>
    tt.store %out, %r : tensor<512x!tt.ptr<f32>, #b4>
    %lo, %hi = tt.split %j : tensor<256x2xf32, #b2> -> tensor<256xf32, #b1>
    %s = arith.addf %lo, %hi : tensor<256xf32, #b1>
    tt.store %out2, %s : tensor<256x!tt.ptr<f32>, #b1>
    tt.return
  }
}

// -----

// cat places rhs after lhs along dim 0. When the result's extra register
// bit is the one that picks the operand, the registers are concatenated.
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @cat_registers(
  // CHECK-SAME: %[[A:[^:]*]]: !llvm.struct<(f32)>, %[[B:[^:]*]]: !llvm.struct<(f32)>
  // CHECK-DAG: %[[AV:.*]] = llvm.extractvalue %[[A]][0]
  // CHECK-DAG: %[[BV:.*]] = llvm.extractvalue %[[B]][0]
  // CHECK-NOT: nvvm.barrier0
  // CHECK: llvm.bitcast %[[AV]] : f32 to i32
  // CHECK: llvm.bitcast %[[BV]] : f32 to i32
  tt.func public @cat_registers(%a: tensor<128xf32, #b1>, %b: tensor<128xf32, #b1>, %out: tensor<256x!tt.ptr<f32>, #b1>) {
    %c = tt.cat %a, %b : tensor<128xf32, #b1> -> tensor<256xf32, #b1>
    tt.store %out, %c : tensor<256x!tt.ptr<f32>, #b1>
    tt.return
  }
}

// -----

// Otherwise through shared memory, lhs at offset i and rhs at 128 + i.
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b2 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @cat_shared(
  // CHECK: %[[HI:.*]] = llvm.add %[[LO:.*]], %{{.*}} : i32
  // CHECK: nvvm.barrier0
  // CHECK: %[[P:.*]] = llvm.getelementptr %{{.*}}[%[[LO]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
  // CHECK: llvm.store %{{.*}}, %[[P]] : f32, !llvm.ptr<3>
  // CHECK: %[[Q:.*]] = llvm.getelementptr %{{.*}}[%[[HI]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
  // CHECK: llvm.store %{{.*}}, %[[Q]] : f32, !llvm.ptr<3>
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-2: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
  tt.func public @cat_shared(%a: tensor<128xf32, #b1>, %b: tensor<128xf32, #b1>, %out: tensor<256x!tt.ptr<f32>, #b2>) {
    %c = tt.cat %a, %b : tensor<128xf32, #b1> -> tensor<256xf32, #b2>
    tt.store %out, %c : tensor<256x!tt.ptr<f32>, #b2>
    tt.return
  }
}

// -----

// reshape allow_reorder between layouts that place elements differently but
// hold each once, the same number per thread: the registers stay as they are.
#a = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [0, 1]}>
#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#lin = #ttg.linear<{register = [[16], [32]], lane = [[64], [128], [1], [2], [4]], warp = [[256], [8]], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @reorder(
  // CHECK-NOT: nvvm.barrier0
  // CHECK: llvm.return
  tt.func public @reorder(%x: tensor<32x16xf32, #a>, %out: tensor<512x!tt.ptr<f32>, #b>) {
    %r = tt.reshape %x allow_reorder : tensor<32x16xf32, #a> -> tensor<512xf32, #b>
    tt.store %out, %r : tensor<512x!tt.ptr<f32>, #b>
    tt.return
  }
  // Without allow_reorder the reshape keeps every element where it is: its
  // result has the operand's layout read over the new shape (#lin), so it
  // only renames registers too (reaching #b would be a ttg.convert_layout).
  // CHECK-LABEL: llvm.func @ordered(
  // CHECK-NOT: nvvm.barrier0
  // CHECK-NOT: !llvm.ptr<3>
  // CHECK: llvm.return
  tt.func public @ordered(%x: tensor<32x16xf32, #a>, %out: tensor<512x!tt.ptr<f32>, #lin>) {
    %r = tt.reshape %x : tensor<32x16xf32, #a> -> tensor<512xf32, #lin>
    tt.store %out, %r : tensor<512x!tt.ptr<f32>, #lin>
    tt.return
  }
}

// -----

// The chain of upstream's test_trans_reshape: a [32, 32] tile reshaped to
// [32, 4, 4, 2], permuted to [4, 4, 2, 32] and flattened, each op in the
// layout inferred from its operand's: registers only, no shared memory.
#in = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#r4 = #ttg.blocked<{sizePerThread = [1, 1, 2, 2], threadsPerWarp = [4, 4, 2, 1], warpsPerCTA = [4, 1, 1, 1], order = [3, 2, 1, 0]}>
#t4 = #ttg.blocked<{sizePerThread = [1, 2, 2, 1], threadsPerWarp = [4, 2, 1, 4], warpsPerCTA = [1, 1, 1, 4], order = [2, 1, 0, 3]}>
#flat = #ttg.linear<{register = [[32], [64], [16]], lane = [[128], [256], [512], [1], [2]], warp = [[4], [8]], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @trans_reshape_registers(
  // CHECK-SAME: !llvm.struct<(i32, i32, i32, i32, i32, i32, i32, i32)>
  // CHECK-NOT: nvvm.barrier0
  // CHECK-NOT: !llvm.ptr<3>
  // CHECK: llvm.return
  tt.func public @trans_reshape_registers(%x: tensor<32x32xi32, #in>, %out: tensor<1024x!tt.ptr<i32>, #flat>) {
    %r = tt.reshape %x : tensor<32x32xi32, #in> -> tensor<32x4x4x2xi32, #r4>
    %t = tt.trans %r {order = array<i32: 1, 2, 3, 0>} : tensor<32x4x4x2xi32, #r4> -> tensor<4x4x2x32xi32, #t4>
    %f = tt.reshape %t : tensor<4x4x2x32xi32, #t4> -> tensor<1024xi32, #flat>
    tt.store %out, %f : tensor<1024x!tt.ptr<i32>, #flat>
    tt.return
  }
}

// -----

// gather along axis 1: the source goes to shared memory row-major, each
// result element reads row * 16 + its index.
#src = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#idx = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [16, 2], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @gather(
  // CHECK-SAME: %{{[^:]*}}: !llvm.struct<(f32, f32, f32, f32)>, %[[IDX:[^:]*]]: !llvm.struct<(i32, i32)>
  // CHECK: %[[I0:.*]] = llvm.extractvalue %[[IDX]][0]
  // CHECK: %[[OFF:.*]] = llvm.add %{{.*}}, %[[I0]] : i32
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
  // CHECK: nvvm.barrier0
  // CHECK: %[[P:.*]] = llvm.getelementptr %{{.*}}[%[[OFF]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
  // CHECK: llvm.load %[[P]] : !llvm.ptr<3> -> f32
  // CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
  tt.func public @gather(%x: tensor<32x16xf32, #src>, %i: tensor<32x4xi32, #idx>, %out: tensor<32x4x!tt.ptr<f32>, #idx>) {
    %g = tt.gather %x[%i] {axis = 1 : i32} : (tensor<32x16xf32, #src>, tensor<32x4xi32, #idx>) -> tensor<32x4xf32, #idx>
    tt.store %out, %g : tensor<32x4x!tt.ptr<f32>, #idx>
    tt.return
  }
}
