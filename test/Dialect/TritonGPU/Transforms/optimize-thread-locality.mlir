// RUN: tt-opt %s -split-input-file --tritongpu-optimize-thread-locality | FileCheck %s

#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // sum over iterations of sum(x_i): the loop carries the tile, adds
  // elementwise, and one reduction runs after it.
  // CHECK-LABEL: tt.func @sum_loop
  // CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<512xf32, #{{.*}}>
  // CHECK: %[[LOOP:.*]]:2 = scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[T:.*]] = %[[Z]])
  // CHECK-NOT: tt.reduce
  // CHECK: %[[N:.*]] = arith.addf %[[T]], %{{.*}} : tensor<512xf32, #{{.*}}>
  // CHECK: scf.yield %[[ACC]], %[[N]]
  // CHECK: %[[R:.*]] = "tt.reduce"(%[[LOOP]]#1)
  // CHECK: %[[F:.*]] = arith.addf %[[LOOP]]#0, %[[R]] : f32
  // CHECK: tt.return %[[F]]
  tt.func @sum_loop(%p: tensor<512x!tt.ptr<f32>, #b>, %n: i32) -> f32 {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant 0.0 : f32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) : i32 {
      %x = tt.load %p : tensor<512x!tt.ptr<f32>, #b>
      %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %c = arith.addf %a, %b : f32
        tt.reduce.return %c : f32
      }) : (tensor<512xf32, #b>) -> f32
      %next = arith.addf %acc, %s : f32
      scf.yield %next : f32
    }
    tt.return %r : f32
  }
}

// -----

#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // A max reduction folded into a sum is not the same operation: unchanged.
  // CHECK-LABEL: tt.func @mixed
  // CHECK: scf.for
  // CHECK: "tt.reduce"
  // CHECK: scf.yield
  tt.func @mixed(%p: tensor<512x!tt.ptr<f32>, #b>, %n: i32) -> f32 {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant 0.0 : f32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) : i32 {
      %x = tt.load %p : tensor<512x!tt.ptr<f32>, #b>
      %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %c = arith.maxnumf %a, %b : f32
        tt.reduce.return %c : f32
      }) : (tensor<512xf32, #b>) -> f32
      %next = arith.addf %acc, %s : f32
      scf.yield %next : f32
    }
    tt.return %r : f32
  }
}
