// RUN: tt-opt %s -split-input-file --tritongpu-optimize-thread-locality | FileCheck %s

#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // acc = acc + sum(x, axis=1) with 4 consecutive elements per thread along
  // the row: each thread sums its 4 in the loop (a [32, 16] partial sum is
  // carried), and the rows are summed across lanes once after the loop.
  // The other loop-carried value is left as it is.
  // CHECK: #[[B3:.*]] = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [2, 16, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
  // CHECK-LABEL: tt.func @sum_rows
  // CHECK-SAME: (%[[P:.*]]: tensor<32x64x!tt.ptr<f32>, #[[B:blocked[0-9]*]]>, %{{.*}}: i32, %[[ACC0:.*]]: tensor<32xf32, #ttg.slice<{dim = 1, parent = #[[B]]}>>
  // CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<32x16xf32, #ttg.slice<{dim = 2, parent = #[[B3]]}>>
  // CHECK: %[[LOOP:.*]]:2 = scf.for {{.*}} iter_args(%[[PART:.*]] = %[[Z]], %[[K:.*]] = %{{.*}}) -> (tensor<32x16xf32, #ttg.slice<{dim = 2, parent = #[[B3]]}>>, i32)
  // CHECK: %[[X:.*]] = tt.load %[[P]]
  // CHECK: %[[X3:.*]] = tt.reshape %[[X]] allow_reorder efficient_layout : tensor<32x64xf32, #[[B]]> -> tensor<32x16x4xf32, #[[B3]]>
  // CHECK: %[[R:.*]] = "tt.reduce"(%[[X3]]) <{axis = 2 : i32}>
  // CHECK: arith.addf
  // CHECK: (tensor<32x16x4xf32, #[[B3]]>) -> tensor<32x16xf32, #ttg.slice<{dim = 2, parent = #[[B3]]}>>
  // CHECK: %[[N:.*]] = arith.addf %[[PART]], %[[R]] : tensor<32x16xf32, #ttg.slice<{dim = 2, parent = #[[B3]]}>>
  // CHECK: %[[K1:.*]] = arith.addi %[[K]]
  // CHECK: scf.yield %[[N]], %[[K1]]
  // CHECK: %[[T:.*]] = "tt.reduce"(%[[LOOP]]#0) <{axis = 1 : i32}>
  // CHECK: arith.addf
  // CHECK: -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #ttg.slice<{dim = 2, parent = #[[B3]]}>}>>
  // CHECK: %[[A:.*]] = ttg.convert_layout %[[ACC0]] : {{.*}} -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #ttg.slice<{dim = 2, parent = #[[B3]]}>}>>
  // CHECK: %[[S:.*]] = arith.addf %[[T]], %[[A]]
  // CHECK: %[[F:.*]] = ttg.convert_layout %[[S]] : {{.*}} -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #[[B]]}>>
  // CHECK-NOT: tt.reduce
  // CHECK: tt.return %[[F]], %[[LOOP]]#1
  tt.func @sum_rows(%p: tensor<32x64x!tt.ptr<f32>, #b>, %n: i32, %acc0: tensor<32xf32, #ttg.slice<{dim = 1, parent = #b}>>) -> (tensor<32xf32, #ttg.slice<{dim = 1, parent = #b}>>, i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0, %k = %c0) -> (tensor<32xf32, #ttg.slice<{dim = 1, parent = #b}>>, i32) : i32 {
      %x = tt.load %p : tensor<32x64x!tt.ptr<f32>, #b>
      %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %c = arith.addf %a, %b : f32
        tt.reduce.return %c : f32
      }) : (tensor<32x64xf32, #b>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #b}>>
      %next = arith.addf %acc, %s : tensor<32xf32, #ttg.slice<{dim = 1, parent = #b}>>
      %k1 = arith.addi %k, %c1 : i32
      scf.yield %next, %k1 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #b}>>, i32
    }
    tt.return %r#0, %r#1 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #b}>>, i32
  }
}

// -----

#b = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [1, 0]}>
#s = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // max, accumulated in another layout (a conversion between the reduce and
  // the combine), from a splat initial value: the loop starts from -inf,
  // the initial value is rebuilt in the reduced layout.
  // CHECK: #[[B3:.*]] = #ttg.blocked<{sizePerThread = [1, 1, 8], threadsPerWarp = [4, 8, 1], warpsPerCTA = [2, 2, 1], order = [2, 1, 0]}>
  // CHECK-LABEL: tt.func @max_rows
  // CHECK: %[[NINF:.*]] = arith.constant dense<0xFF800000> : tensor<16x16xf32, #ttg.slice<{dim = 2, parent = #[[B3]]}>>
  // CHECK: %[[LOOP:.*]] = scf.for {{.*}} iter_args(%[[PART:.*]] = %[[NINF]])
  // CHECK: tt.reshape %{{.*}} allow_reorder efficient_layout : tensor<16x128xf32, #{{.*}}> -> tensor<16x16x8xf32, #[[B3]]>
  // CHECK: %[[R:.*]] = "tt.reduce"(%{{.*}}) <{axis = 2 : i32}>
  // CHECK: arith.maxnumf
  // CHECK-NOT: ttg.convert_layout
  // CHECK: %[[N:.*]] = arith.maxnumf %[[PART]], %[[R]]
  // CHECK: scf.yield %[[N]]
  // CHECK: %[[T:.*]] = "tt.reduce"(%[[LOOP]]) <{axis = 1 : i32}>
  // CHECK: arith.maxnumf
  // CHECK: %[[INIT:.*]] = arith.constant dense<-1.000000e+00> : tensor<16xf32, #ttg.slice<{dim = 1, parent = #ttg.slice<{dim = 2, parent = #[[B3]]}>}>>
  // CHECK: %[[M:.*]] = arith.maxnumf %[[T]], %[[INIT]]
  // CHECK: %[[F:.*]] = ttg.convert_layout %[[M]] : {{.*}} -> tensor<16xf32, #{{.*}}>
  // CHECK: tt.return %[[F]]
  tt.func @max_rows(%p: tensor<16x128x!tt.ptr<f32>, #b>, %n: i32) -> tensor<16xf32, #s> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %init = arith.constant dense<-1.0> : tensor<16xf32, #s>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<16xf32, #s>) : i32 {
      %x = tt.load %p : tensor<16x128x!tt.ptr<f32>, #b>
      %m = "tt.reduce"(%x) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %c = arith.maxnumf %a, %b : f32
        tt.reduce.return %c : f32
      }) : (tensor<16x128xf32, #b>) -> tensor<16xf32, #ttg.slice<{dim = 1, parent = #b}>>
      %mc = ttg.convert_layout %m : tensor<16xf32, #ttg.slice<{dim = 1, parent = #b}>> -> tensor<16xf32, #s>
      %next = arith.maxnumf %acc, %mc : tensor<16xf32, #s>
      scf.yield %next : tensor<16xf32, #s>
    }
    tt.return %r : tensor<16xf32, #s>
  }
}

// -----

#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // Signed integer min: the partial minima start from INT32_MAX.
  // CHECK-LABEL: tt.func @min_rows
  // CHECK: %[[MAX:.*]] = arith.constant dense<2147483647> : tensor<32x16xi32
  // CHECK: scf.for {{.*}} iter_args(%[[PART:.*]] = %[[MAX]])
  // CHECK: tt.reshape %{{.*}} allow_reorder efficient_layout : tensor<32x64xi32, #{{.*}}> -> tensor<32x16x4xi32
  // CHECK: %[[R:.*]] = "tt.reduce"(%{{.*}}) <{axis = 2 : i32}>
  // CHECK: arith.minsi
  // CHECK: arith.minsi %[[PART]], %[[R]]
  // CHECK: scf.yield
  // CHECK: "tt.reduce"(%{{.*}}) <{axis = 1 : i32}>
  // CHECK: arith.minsi
  // CHECK: arith.minsi
  tt.func @min_rows(%p: tensor<32x64x!tt.ptr<i32>, #b>, %n: i32, %acc0: tensor<32xi32, #ttg.slice<{dim = 1, parent = #b}>>) -> tensor<32xi32, #ttg.slice<{dim = 1, parent = #b}>> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (tensor<32xi32, #ttg.slice<{dim = 1, parent = #b}>>) : i32 {
      %x = tt.load %p : tensor<32x64x!tt.ptr<i32>, #b>
      %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
      ^bb0(%a: i32, %b: i32):
        %c = arith.minsi %a, %b : i32
        tt.reduce.return %c : i32
      }) : (tensor<32x64xi32, #b>) -> tensor<32xi32, #ttg.slice<{dim = 1, parent = #b}>>
      %next = arith.minsi %acc, %s : tensor<32xi32, #ttg.slice<{dim = 1, parent = #b}>>
      scf.yield %next : tensor<32xi32, #ttg.slice<{dim = 1, parent = #b}>>
    }
    tt.return %r : tensor<32xi32, #ttg.slice<{dim = 1, parent = #b}>>
  }
}

// -----

#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // A 1-D tile summed into a scalar: [512] becomes [128, 4], the loop
  // carries the 128 partial sums (one per thread), one sum after it.
  // CHECK: #[[B2:.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
  // CHECK-LABEL: tt.func @sum_loop
  // CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<128xf32, #ttg.slice<{dim = 1, parent = #[[B2]]}>>
  // CHECK: %[[LOOP:.*]] = scf.for {{.*}} iter_args(%[[T:.*]] = %[[Z]])
  // CHECK: tt.reshape %{{.*}} allow_reorder efficient_layout : tensor<512xf32, #{{.*}}> -> tensor<128x4xf32, #[[B2]]>
  // CHECK: "tt.reduce"(%{{.*}}) <{axis = 1 : i32}>
  // CHECK: scf.yield
  // CHECK: %[[R:.*]] = "tt.reduce"(%[[LOOP]]) <{axis = 0 : i32}>
  // CHECK: (tensor<128xf32, #ttg.slice<{dim = 1, parent = #[[B2]]}>>) -> f32
  // CHECK: %[[F:.*]] = arith.addf %[[R]], %{{.*}} : f32
  // CHECK: tt.return %[[F]]
  tt.func @sum_loop(%p: tensor<512x!tt.ptr<f32>, #b>, %n: i32, %zero: f32) -> f32 {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
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

// What the pass leaves alone: the reduced axis is not the fastest in the
// layout's order; one element per thread along it; a combiner without a
// neutral element (subtraction); a sum folded into a maximum.
#slow = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#one = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @slow_axis
  // CHECK-NOT: tt.reshape
  // CHECK: scf.for
  // CHECK: "tt.reduce"
  // CHECK: scf.yield
  // CHECK-NOT: tt.reduce
  tt.func @slow_axis(%p: tensor<64x32x!tt.ptr<f32>, #slow>, %n: i32, %acc0: tensor<32xf32, #ttg.slice<{dim = 0, parent = #slow}>>) -> tensor<32xf32, #ttg.slice<{dim = 0, parent = #slow}>> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (tensor<32xf32, #ttg.slice<{dim = 0, parent = #slow}>>) : i32 {
      %x = tt.load %p : tensor<64x32x!tt.ptr<f32>, #slow>
      %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %c = arith.addf %a, %b : f32
        tt.reduce.return %c : f32
      }) : (tensor<64x32xf32, #slow>) -> tensor<32xf32, #ttg.slice<{dim = 0, parent = #slow}>>
      %next = arith.addf %acc, %s : tensor<32xf32, #ttg.slice<{dim = 0, parent = #slow}>>
      scf.yield %next : tensor<32xf32, #ttg.slice<{dim = 0, parent = #slow}>>
    }
    tt.return %r : tensor<32xf32, #ttg.slice<{dim = 0, parent = #slow}>>
  }

  // CHECK-LABEL: tt.func @one_per_thread
  // CHECK-NOT: tt.reshape
  // CHECK: scf.for
  // CHECK: "tt.reduce"
  // CHECK: scf.yield
  // CHECK-NOT: tt.reduce
  tt.func @one_per_thread(%p: tensor<32x64x!tt.ptr<f32>, #one>, %n: i32, %acc0: tensor<32xf32, #ttg.slice<{dim = 1, parent = #one}>>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #one}>> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (tensor<32xf32, #ttg.slice<{dim = 1, parent = #one}>>) : i32 {
      %x = tt.load %p : tensor<32x64x!tt.ptr<f32>, #one>
      %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %c = arith.addf %a, %b : f32
        tt.reduce.return %c : f32
      }) : (tensor<32x64xf32, #one>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #one}>>
      %next = arith.addf %acc, %s : tensor<32xf32, #ttg.slice<{dim = 1, parent = #one}>>
      scf.yield %next : tensor<32xf32, #ttg.slice<{dim = 1, parent = #one}>>
    }
    tt.return %r : tensor<32xf32, #ttg.slice<{dim = 1, parent = #one}>>
  }

  // CHECK-LABEL: tt.func @no_neutral
  // CHECK-NOT: tt.reshape
  // CHECK: scf.for
  // CHECK: "tt.reduce"
  // CHECK: scf.yield
  // CHECK-NOT: tt.reduce
  tt.func @no_neutral(%p: tensor<32x64x!tt.ptr<i32>, #b>, %n: i32, %acc0: tensor<32xi32, #ttg.slice<{dim = 1, parent = #b}>>) -> tensor<32xi32, #ttg.slice<{dim = 1, parent = #b}>> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (tensor<32xi32, #ttg.slice<{dim = 1, parent = #b}>>) : i32 {
      %x = tt.load %p : tensor<32x64x!tt.ptr<i32>, #b>
      %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
      ^bb0(%a: i32, %b: i32):
        %c = arith.subi %a, %b : i32
        tt.reduce.return %c : i32
      }) : (tensor<32x64xi32, #b>) -> tensor<32xi32, #ttg.slice<{dim = 1, parent = #b}>>
      %next = arith.subi %acc, %s : tensor<32xi32, #ttg.slice<{dim = 1, parent = #b}>>
      scf.yield %next : tensor<32xi32, #ttg.slice<{dim = 1, parent = #b}>>
    }
    tt.return %r : tensor<32xi32, #ttg.slice<{dim = 1, parent = #b}>>
  }

  // CHECK-LABEL: tt.func @mixed
  // CHECK-NOT: tt.reshape
  // CHECK: scf.for
  // CHECK: "tt.reduce"
  // CHECK: scf.yield
  // CHECK-NOT: tt.reduce
  tt.func @mixed(%p: tensor<32x64x!tt.ptr<f32>, #b>, %n: i32, %acc0: tensor<32xf32, #ttg.slice<{dim = 1, parent = #b}>>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #b}>> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (tensor<32xf32, #ttg.slice<{dim = 1, parent = #b}>>) : i32 {
      %x = tt.load %p : tensor<32x64x!tt.ptr<f32>, #b>
      %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %c = arith.maxnumf %a, %b : f32
        tt.reduce.return %c : f32
      }) : (tensor<32x64xf32, #b>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #b}>>
      %next = arith.addf %acc, %s : tensor<32xf32, #ttg.slice<{dim = 1, parent = #b}>>
      scf.yield %next : tensor<32xf32, #ttg.slice<{dim = 1, parent = #b}>>
    }
    tt.return %r : tensor<32xf32, #ttg.slice<{dim = 1, parent = #b}>>
  }
}
