// RUN: tt-opt %s --tt-llir -split-input-file | FileCheck %s

// A noinline function is an internal llvm.func with the two scratch
// pointers after its arguments; tt.call passes the caller's own. Several
// results travel as a struct.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @kernel(
  // CHECK-SAME: %[[X:[^:]*]]: !llvm.struct<(f32)>, %[[K:[^:]*]]: i32, %{{[^:]*}}: !llvm.struct<(ptr<1>)>, %{{[^:]*}}: !llvm.ptr<1>, %[[GS:[^:]*]]: !llvm.ptr<1>, %[[PS:[^:]*]]: !llvm.ptr<1>)
  // CHECK: %[[R:.*]] = llvm.call @step(%[[X]], %[[K]], %[[GS]], %[[PS]]) : (!llvm.struct<(f32)>, i32, !llvm.ptr<1>, !llvm.ptr<1>) -> !llvm.struct<(struct<(f32)>, i32)>
  // CHECK-DAG: llvm.extractvalue %[[R]][0, 0] : !llvm.struct<(struct<(f32)>, i32)>
  // CHECK-DAG: llvm.extractvalue %[[R]][1] : !llvm.struct<(struct<(f32)>, i32)>
  // CHECK-LABEL: llvm.func internal @step(
  // CHECK-SAME: %{{[^:]*}}: !llvm.struct<(f32)>, %{{[^:]*}}: i32, %{{[^:]*}}: !llvm.ptr<1>, %{{[^:]*}}: !llvm.ptr<1>) -> !llvm.struct<(struct<(f32)>, i32)> attributes {no_inline}
  // CHECK: %[[U:.*]] = llvm.mlir.undef : !llvm.struct<(struct<(f32)>, i32)>
  // CHECK: %[[U0:.*]] = llvm.insertvalue %{{.*}}, %[[U]][0]
  // CHECK: %[[U1:.*]] = llvm.insertvalue %{{.*}}, %[[U0]][1]
  // CHECK: llvm.return %[[U1]]
  tt.func public @kernel(%x: tensor<128xf32, #blocked>, %k: i32, %out: tensor<128x!tt.ptr<f32>, #blocked>, %kout: !tt.ptr<i32>) {
    %r:2 = tt.call @step(%x, %k) : (tensor<128xf32, #blocked>, i32) -> (tensor<128xf32, #blocked>, i32)
    tt.store %out, %r#0 : tensor<128x!tt.ptr<f32>, #blocked>
    tt.store %kout, %r#1 : !tt.ptr<i32>
    tt.return
  }
  tt.func private @step(%x: tensor<128xf32, #blocked>, %k: i32) -> (tensor<128xf32, #blocked>, i32) attributes {noinline = true} {
    %c1 = arith.constant 1 : i32
    %y = arith.addf %x, %x : tensor<128xf32, #blocked>
    %k1 = arith.addi %k, %c1 : i32
    tt.return %y, %k1 : tensor<128xf32, #blocked>, i32
  }
}

// -----

// scf.while carrying a tensor: after convert-scf-to-cf the loop is blocks
// whose arguments are the thread's registers.
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @loop(
  // CHECK: llvm.br ^[[HEAD:.*]](%{{.*}}, %{{.*}} : !llvm.struct<(f32, f32)>, i32)
  // CHECK: ^[[HEAD]](%[[ACC:.*]]: !llvm.struct<(f32, f32)>, %[[I:.*]]: i32):
  // CHECK: %[[GO:.*]] = llvm.icmp "slt" %[[I]], %{{.*}} : i32
  // CHECK: llvm.cond_br %[[GO]], ^[[BODY:.*]](%[[ACC]], %[[I]] : !llvm.struct<(f32, f32)>, i32), ^[[EXIT:.*]]
  // CHECK: ^[[BODY]](%{{.*}}: !llvm.struct<(f32, f32)>, %{{.*}}: i32):
  // CHECK: llvm.fadd
  // CHECK: llvm.br ^[[HEAD]]
  tt.func public @loop(%x: tensor<256xf32, #blocked>, %n: i32, %out: tensor<256x!tt.ptr<f32>, #blocked>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r:2 = scf.while (%acc = %x, %i = %c0) : (tensor<256xf32, #blocked>, i32) -> (tensor<256xf32, #blocked>, i32) {
      %go = arith.cmpi slt, %i, %n : i32
      scf.condition(%go) %acc, %i : tensor<256xf32, #blocked>, i32
    } do {
    ^bb0(%a: tensor<256xf32, #blocked>, %j: i32):
      %s = arith.addf %a, %x : tensor<256xf32, #blocked>
      %j1 = arith.addi %j, %c1 : i32
      scf.yield %s, %j1 : tensor<256xf32, #blocked>, i32
    }
    tt.store %out, %r#0 : tensor<256x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
