// RUN: tt-opt %s -split-input-file --tritongpu-remove-layout-conversions | FileCheck %s

#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // The load's layout flows into the arithmetic and the reduction; the
  // pointer chain is recomputed in the store's layout: no conversion left.
  // CHECK-LABEL: tt.func @propagate
  // CHECK-NOT: ttg.convert_layout
  // CHECK: tt.load {{.*}} #[[L:blocked[0-9]*]]>
  // CHECK: arith.mulf {{.*}} : tensor<512xf32, #[[L]]>
  // CHECK: "tt.reduce"
  // CHECK: (tensor<512xf32, #[[L]]>) -> f32
  // CHECK-NOT: ttg.convert_layout
  tt.func @propagate(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %o: !tt.ptr<f32>) {
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #b1>
    %s = tt.splat %p : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #b1>
    %q = tt.addptr %s, %r : tensor<512x!tt.ptr<f32>, #b1>, tensor<512xi32, #b1>
    %q4 = ttg.convert_layout %q : tensor<512x!tt.ptr<f32>, #b1> -> tensor<512x!tt.ptr<f32>, #b4>
    %v4 = tt.load %q4 : tensor<512x!tt.ptr<f32>, #b4>
    %v = ttg.convert_layout %v4 : tensor<512xf32, #b4> -> tensor<512xf32, #b1>
    %sq = arith.mulf %v, %v : tensor<512xf32, #b1>
    %sum = "tt.reduce"(%sq) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %c = arith.addf %a, %b : f32
      tt.reduce.return %c : f32
    }) : (tensor<512xf32, #b1>) -> f32
    %os = tt.splat %o : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #b1>
    %oq = tt.addptr %os, %r : tensor<512x!tt.ptr<f32>, #b1>, tensor<512xi32, #b1>
    %oq4 = ttg.convert_layout %oq : tensor<512x!tt.ptr<f32>, #b1> -> tensor<512x!tt.ptr<f32>, #b4>
    %sq4 = ttg.convert_layout %sq : tensor<512xf32, #b1> -> tensor<512xf32, #b4>
    tt.store %oq4, %sq4 : tensor<512x!tt.ptr<f32>, #b4>
    tt.store %o, %sum : !tt.ptr<f32>
    tt.return
  }
}

// -----

#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // A conversion of a loaded value feeding a function result cannot be
  // recomputed (loads are never duplicated): it stays.
  // CHECK-LABEL: tt.func @keep
  // CHECK: %[[V:.*]] = tt.load
  // CHECK: ttg.convert_layout %[[V]]
  tt.func @keep(%p: tensor<512x!tt.ptr<f32>, #b4>) -> tensor<512xf32, #b1> {
    %v4 = tt.load %p : tensor<512x!tt.ptr<f32>, #b4>
    %v = ttg.convert_layout %v4 : tensor<512xf32, #b4> -> tensor<512xf32, #b1>
    tt.return %v : tensor<512xf32, #b1>
  }
}

// -----

#b1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#b8 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // A loop-carried pointer converted to the load's layout each iteration:
  // its initial value and its increment are cheap to recompute, so the
  // loop carries it in the load's layout and no conversion is left.
  // CHECK-LABEL: tt.func @carry_pointer
  // CHECK-NOT: ttg.convert_layout
  // CHECK: %[[BASE:.*]] = tt.splat %arg0 : !tt.ptr<f16> -> tensor<128x64x!tt.ptr<f16>, #[[L:blocked[0-9]*]]>
  // CHECK: scf.for {{.*}} iter_args(%[[P:.*]] = %[[BASE]], %{{.*}} = %{{.*}}) -> (tensor<128x64x!tt.ptr<f16>, #[[L]]>, tensor<128x64xf16, #[[L]]>)
  // CHECK-NEXT: tt.load %[[P]] : tensor<128x64x!tt.ptr<f16>, #[[L]]>
  // CHECK: %[[NEXT:.*]] = tt.addptr %[[P]], %{{.*}} : tensor<128x64x!tt.ptr<f16>, #[[L]]>, tensor<128x64xi32, #[[L]]>
  // CHECK: scf.yield %[[NEXT]]
  // CHECK-NOT: ttg.convert_layout
  tt.func @carry_pointer(%p: !tt.ptr<f16>, %n: i32) -> tensor<128x64xf16, #b8> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<128x64xf16, #b8>
    %step = arith.constant dense<64> : tensor<128x64xi32, #b1>
    %base = tt.splat %p : !tt.ptr<f16> -> tensor<128x64x!tt.ptr<f16>, #b1>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%ptr = %base, %acc = %zero) -> (tensor<128x64x!tt.ptr<f16>, #b1>, tensor<128x64xf16, #b8>) : i32 {
      %q = ttg.convert_layout %ptr : tensor<128x64x!tt.ptr<f16>, #b1> -> tensor<128x64x!tt.ptr<f16>, #b8>
      %v = tt.load %q : tensor<128x64x!tt.ptr<f16>, #b8>
      %s = arith.addf %acc, %v : tensor<128x64xf16, #b8>
      %next = tt.addptr %ptr, %step : tensor<128x64x!tt.ptr<f16>, #b1>, tensor<128x64xi32, #b1>
      scf.yield %next, %s : tensor<128x64x!tt.ptr<f16>, #b1>, tensor<128x64xf16, #b8>
    }
    tt.return %r#1 : tensor<128x64xf16, #b8>
  }

  // A pointer whose next value is loaded from memory cannot be recomputed
  // in another layout: the conversion in the loop stays.
  // CHECK-LABEL: tt.func @keep_loaded_pointer
  // CHECK: scf.for
  // CHECK: ttg.convert_layout
  tt.func @keep_loaded_pointer(%p: tensor<128x64x!tt.ptr<f16>, #b1>, %pp: tensor<128x64x!tt.ptr<!tt.ptr<f16>>, #b1>, %n: i32) -> tensor<128x64xf16, #b8> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<128x64xf16, #b8>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%ptr = %p, %acc = %zero) -> (tensor<128x64x!tt.ptr<f16>, #b1>, tensor<128x64xf16, #b8>) : i32 {
      %q = ttg.convert_layout %ptr : tensor<128x64x!tt.ptr<f16>, #b1> -> tensor<128x64x!tt.ptr<f16>, #b8>
      %v = tt.load %q : tensor<128x64x!tt.ptr<f16>, #b8>
      %s = arith.addf %acc, %v : tensor<128x64xf16, #b8>
      %next = tt.load %pp : tensor<128x64x!tt.ptr<!tt.ptr<f16>>, #b1>
      scf.yield %next, %s : tensor<128x64x!tt.ptr<f16>, #b1>, tensor<128x64xf16, #b8>
    }
    tt.return %r#1 : tensor<128x64xf16, #b8>
  }
}

// -----

#a = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#c = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#st = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // The accumulator of a wgmma in a loop (as tritongpu-accelerate-matmul
  // leaves it: converted in and out of the MMA layout each iteration) is
  // carried in the MMA layout; the code after the loop runs in it too, and
  // only the store takes a conversion.
  // CHECK-LABEL: tt.func @carry_accumulator
  // CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #[[MMA:mma[0-9]*]]>
  // CHECK: %[[R:.*]] = scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[ZERO]]) -> (tensor<128x128xf32, #[[MMA]]>)
  // CHECK-NEXT: %[[D:.*]] = ttng.warp_group_dot %{{.*}}, %{{.*}}, %[[ACC]]
  // CHECK-NEXT: scf.yield %[[D]] : tensor<128x128xf32, #[[MMA]]>
  // CHECK: %[[T:.*]] = arith.truncf %[[R]] : tensor<128x128xf32, #[[MMA]]> to tensor<128x128xf16, #[[MMA]]>
  // CHECK: %[[S:.*]] = ttg.convert_layout %[[T]] : tensor<128x128xf16, #[[MMA]]> -> tensor<128x128xf16, #{{blocked[0-9]*}}>
  // CHECK: tt.store %arg2, %[[S]]
  // CHECK-NOT: ttg.convert_layout
  tt.func @carry_accumulator(%as: !ttg.memdesc<128x64xf16, #shared, #smem>, %bs: !ttg.memdesc<64x128xf16, #shared, #smem>, %pc: tensor<128x128x!tt.ptr<f16>, #st>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #c>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x128xf32, #c>) : i32 {
      %in = ttg.convert_layout %acc : tensor<128x128xf32, #c> -> tensor<128x128xf32, #mma>
      %d = ttng.warp_group_dot %as, %bs, %in {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
      %out = ttg.convert_layout %d : tensor<128x128xf32, #mma> -> tensor<128x128xf32, #c>
      scf.yield %out : tensor<128x128xf32, #c>
    }
    %t = arith.truncf %r : tensor<128x128xf32, #c> to tensor<128x128xf16, #c>
    %ts = ttg.convert_layout %t : tensor<128x128xf16, #c> -> tensor<128x128xf16, #st>
    tt.store %pc, %ts : tensor<128x128x!tt.ptr<f16>, #st>
    tt.return
  }

  // An accumulator only stored after the dot: the epilogue still runs in
  // the MMA layout and only the narrower f16 result converts, for the store.
  // CHECK-LABEL: tt.func @no_convert_back
  // CHECK: %[[D:.*]] = ttng.warp_group_dot
  // CHECK: %[[T:.*]] = arith.truncf %[[D]] : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
  // CHECK: %[[B:.*]] = ttg.convert_layout %[[T]] : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #{{blocked[0-9]*}}>
  // CHECK: tt.store %{{.*}}, %[[B]]
  // CHECK-NOT: ttg.convert_layout
  tt.func @no_convert_back(%as: !ttg.memdesc<128x64xf16, #shared, #smem>, %bs: !ttg.memdesc<64x128xf16, #shared, #smem>, %pc: tensor<128x128x!tt.ptr<f16>, #c>) {
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %d = ttng.warp_group_dot %as, %bs, %zero {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
    %out = ttg.convert_layout %d : tensor<128x128xf32, #mma> -> tensor<128x128xf32, #c>
    %t = arith.truncf %out : tensor<128x128xf32, #c> to tensor<128x128xf16, #c>
    tt.store %pc, %t : tensor<128x128x!tt.ptr<f16>, #c>
    tt.return
  }
}

// -----

#ld = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#rd = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // A row reduction (tensor result) takes the loaded tile's layout; its
  // result is the slice of it, which is what the sum is stored in.
  // CHECK-LABEL: tt.func @row_reduce
  // CHECK-NOT: ttg.convert_layout
  // CHECK: %[[X:.*]] = tt.load {{.*}} : tensor<32x64x!tt.ptr<f32>, #[[L:blocked[0-9]*]]>
  // CHECK: "tt.reduce"(%[[X]])
  // CHECK: (tensor<32x64xf32, #[[L]]>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #[[L]]}>>
  // CHECK-NOT: ttg.convert_layout
  tt.func @row_reduce(%p: tensor<32x64x!tt.ptr<f32>, #ld>, %o: tensor<32x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #ld}>>) {
    %x = tt.load %p : tensor<32x64x!tt.ptr<f32>, #ld>
    %y = ttg.convert_layout %x : tensor<32x64xf32, #ld> -> tensor<32x64xf32, #rd>
    %s = "tt.reduce"(%y) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %c = arith.addf %a, %b : f32
      tt.reduce.return %c : f32
    }) : (tensor<32x64xf32, #rd>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #rd}>>
    %t = ttg.convert_layout %s : tensor<32xf32, #ttg.slice<{dim = 1, parent = #rd}>> -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #ld}>>
    tt.store %o, %t : tensor<32x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #ld}>>
    tt.return
  }
}

// -----

#blk = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 2], order = [1, 0]}>
#row = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
#ld = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // Attention's online softmax: scores from a dot whose accumulator is not
  // loop-carried (a fresh zero each iteration), a row maximum carried by
  // the loop, exp2 of the shifted scores and their row sum. All of it runs
  // in the dot's MMA layout; the row statistics in its slice, loop-carried
  // in it too. The scores never leave the registers the dot wrote.
  // CHECK-LABEL: tt.func @online_softmax
  // CHECK: scf.for {{.*}} -> (tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>)
  // CHECK-NOT: ttg.convert_layout
  // CHECK: %[[S:.*]] = ttng.warp_group_dot
  // CHECK: "tt.reduce"(%[[S]])
  // CHECK: (tensor<128x64xf32, #mma>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
  // CHECK: tt.broadcast {{.*}} : tensor<128x1xf32, #mma> -> tensor<128x64xf32, #mma>
  // CHECK: math.exp2 {{.*}} : tensor<128x64xf32, #mma>
  // CHECK: (tensor<128x64xf32, #mma>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
  // CHECK: scf.yield
  // CHECK: ttg.convert_layout {{.*}} -> tensor<128xf32, #{{blocked[0-9]*}}>
  // CHECK: tt.store
  tt.func @online_softmax(%qs: !ttg.memdesc<128x64xf16, #shared, #smem>, %ks: !ttg.memdesc<64x64xf16, #shared, #smem>, %po: tensor<128x!tt.ptr<f32>, #row>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #blk>
    %ninf = arith.constant dense<0xFF800000> : tensor<128xf32, #row>
    %one = arith.constant dense<1.000000e+00> : tensor<128xf32, #row>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%m = %ninf, %l = %one) -> (tensor<128xf32, #row>, tensor<128xf32, #row>) : i32 {
      %in = ttg.convert_layout %zero : tensor<128x64xf32, #blk> -> tensor<128x64xf32, #mma>
      %d = ttng.warp_group_dot %qs, %ks, %in {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<128x64xf32, #mma>
      %s = ttg.convert_layout %d : tensor<128x64xf32, #mma> -> tensor<128x64xf32, #blk>
      %mx = "tt.reduce"(%s) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %c = arith.maxnumf %a, %b : f32
        tt.reduce.return %c : f32
      }) : (tensor<128x64xf32, #blk>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #blk}>>
      %mxr = ttg.convert_layout %mx : tensor<128xf32, #ttg.slice<{dim = 1, parent = #blk}>> -> tensor<128xf32, #row>
      %mn = arith.maxnumf %m, %mxr : tensor<128xf32, #row>
      %mns = ttg.convert_layout %mn : tensor<128xf32, #row> -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #blk}>>
      %me = tt.expand_dims %mns {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #blk}>> -> tensor<128x1xf32, #blk>
      %mb = tt.broadcast %me : tensor<128x1xf32, #blk> -> tensor<128x64xf32, #blk>
      %sh = arith.subf %s, %mb : tensor<128x64xf32, #blk>
      %p = math.exp2 %sh : tensor<128x64xf32, #blk>
      %sum = "tt.reduce"(%p) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %c = arith.addf %a, %b : f32
        tt.reduce.return %c : f32
      }) : (tensor<128x64xf32, #blk>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #blk}>>
      %sumr = ttg.convert_layout %sum : tensor<128xf32, #ttg.slice<{dim = 1, parent = #blk}>> -> tensor<128xf32, #row>
      %ln = arith.addf %l, %sumr : tensor<128xf32, #row>
      scf.yield %mn, %ln : tensor<128xf32, #row>, tensor<128xf32, #row>
    }
    %out = arith.addf %r#0, %r#1 : tensor<128xf32, #row>
    tt.store %po, %out : tensor<128x!tt.ptr<f32>, #row>
    tt.return
  }

  // A value that a loaded tile and an accumulator both reach (a bias added
  // to the dot's result) is computed in the accumulator's layout: the load
  // converts, the accumulator stays.
  // CHECK-LABEL: tt.func @mma_wins_over_load
  // CHECK: %[[D:.*]] = ttng.warp_group_dot
  // CHECK: %[[X:.*]] = tt.load {{.*}} : tensor<128x64x!tt.ptr<f32>, #[[L:blocked[0-9]*]]>
  // CHECK: %[[XC:.*]] = ttg.convert_layout %[[X]] : tensor<128x64xf32, #[[L]]> -> tensor<128x64xf32, #mma>
  // CHECK: arith.addf %[[D]], %[[XC]] : tensor<128x64xf32, #mma>
  tt.func @mma_wins_over_load(%qs: !ttg.memdesc<128x64xf16, #shared, #smem>, %ks: !ttg.memdesc<64x64xf16, #shared, #smem>, %pb: tensor<128x64x!tt.ptr<f32>, #ld>, %po: tensor<128x64x!tt.ptr<f32>, #ld>) {
    %zero = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma>
    %d = ttng.warp_group_dot %qs, %ks, %zero {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<128x64xf32, #mma>
    %s = ttg.convert_layout %d : tensor<128x64xf32, #mma> -> tensor<128x64xf32, #blk>
    %x = tt.load %pb : tensor<128x64x!tt.ptr<f32>, #ld>
    %xb = ttg.convert_layout %x : tensor<128x64xf32, #ld> -> tensor<128x64xf32, #blk>
    %y = arith.addf %s, %xb : tensor<128x64xf32, #blk>
    %yo = ttg.convert_layout %y : tensor<128x64xf32, #blk> -> tensor<128x64xf32, #ld>
    tt.store %po, %yo : tensor<128x64x!tt.ptr<f32>, #ld>
    tt.return
  }
}

// -----

// A row gather as Inductor writes it (an embedding lookup): the row index is
// a loaded 1x1 tensor, broadcast over the row to address it. The row's
// pointers are wanted in the load's coalesced layout; the 1x1 index cannot
// be recomputed there (it is loaded), so its conversion replaces the
// 1x1024 one: one element instead of the row (which went through shared
// memory and kept the whole row in every thread's registers).
#rowp = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 1], order = [1, 0]}>
#coal = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @gather_row
  // CHECK: %[[I:.*]] = tt.load %{{.*}} : tensor<1x1x!tt.ptr<i64>, #[[ROWP:.*]]>
  // CHECK: %[[M:.*]] = arith.muli %[[I]], %{{.*}} : tensor<1x1xi64, #[[ROWP]]>
  // CHECK: %[[C:.*]] = ttg.convert_layout %[[M]] : tensor<1x1xi64, #[[ROWP]]> -> tensor<1x1xi64, #[[COAL:.*]]>
  // CHECK: tt.broadcast %[[C]] : tensor<1x1xi64, #[[COAL]]> -> tensor<1x1024xi64, #[[COAL]]>
  // CHECK-NOT: ttg.convert_layout {{.*}}1x1024
  // CHECK: tt.load %{{.*}} : tensor<1x1024x!tt.ptr<f32>, #[[COAL]]>
  tt.func @gather_row(%idx: !tt.ptr<i64>, %table: !tt.ptr<f32>, %out: !tt.ptr<f32>) {
    %c768 = arith.constant dense<768> : tensor<1x1xi64, #rowp>
    %ip = tt.splat %idx : !tt.ptr<i64> -> tensor<1x1x!tt.ptr<i64>, #rowp>
    %i = tt.load %ip : tensor<1x1x!tt.ptr<i64>, #rowp>
    %row = arith.muli %i, %c768 : tensor<1x1xi64, #rowp>
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #ttg.slice<{dim = 0, parent = #rowp}>>
    %r2 = tt.expand_dims %r {axis = 0 : i32} : tensor<1024xi32, #ttg.slice<{dim = 0, parent = #rowp}>> -> tensor<1x1024xi32, #rowp>
    %r64 = arith.extsi %r2 : tensor<1x1024xi32, #rowp> to tensor<1x1024xi64, #rowp>
    %rb = tt.broadcast %row : tensor<1x1xi64, #rowp> -> tensor<1x1024xi64, #rowp>
    %off = arith.addi %r64, %rb : tensor<1x1024xi64, #rowp>
    %tp = tt.splat %table : !tt.ptr<f32> -> tensor<1x1024x!tt.ptr<f32>, #rowp>
    %p = tt.addptr %tp, %off : tensor<1x1024x!tt.ptr<f32>, #rowp>, tensor<1x1024xi64, #rowp>
    %pc = ttg.convert_layout %p : tensor<1x1024x!tt.ptr<f32>, #rowp> -> tensor<1x1024x!tt.ptr<f32>, #coal>
    %x = tt.load %pc : tensor<1x1024x!tt.ptr<f32>, #coal>
    %r3 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #ttg.slice<{dim = 0, parent = #coal}>>
    %r4 = tt.expand_dims %r3 {axis = 0 : i32} : tensor<1024xi32, #ttg.slice<{dim = 0, parent = #coal}>> -> tensor<1x1024xi32, #coal>
    %op = tt.splat %out : !tt.ptr<f32> -> tensor<1x1024x!tt.ptr<f32>, #coal>
    %o = tt.addptr %op, %r4 : tensor<1x1024x!tt.ptr<f32>, #coal>, tensor<1x1024xi32, #coal>
    tt.store %o, %x : tensor<1x1024x!tt.ptr<f32>, #coal>
    tt.return
  }
}
