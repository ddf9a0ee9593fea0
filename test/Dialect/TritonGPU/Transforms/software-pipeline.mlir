// RUN: tt-opt %s -split-input-file --tritongpu-assign-latencies=num-stages=3 | FileCheck %s --check-prefix=LAT
// RUN: tt-opt %s -split-input-file --tritongpu-assign-latencies=num-stages=3 --tritongpu-schedule-loops | FileCheck %s --check-prefix=SCHED
// RUN: tt-opt %s -split-input-file --tritongpu-assign-latencies=num-stages=3 --tritongpu-schedule-loops --tritongpu-pipeline=num-stages=3 --canonicalize | FileCheck %s --check-prefix=PIPE
// RUN: tt-opt %s -split-input-file --tritongpu-assign-latencies=num-stages=1 --tritongpu-schedule-loops --tritongpu-pipeline=num-stages=1 | FileCheck %s --check-prefix=OFF

// A Hopper matmul loop as accelerate-matmul leaves it: both loads feed a
// wgmma through ttg.local_alloc.
#a = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#c = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @wgmma_loop(%pa: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %pb: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %out: tensor<128x128x!tt.ptr<f32>, #c>, %n: i32, %lda: i32 {tt.divisibility = 16 : i32}, %ldb: i32 {tt.divisibility = 16 : i32}) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %stepA = arith.constant dense<64> : tensor<128x64xi32, #a>
    %m = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #a}>>
    %ka = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #a}>>
    %m2 = tt.expand_dims %m {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #a}>> -> tensor<128x1xi32, #a>
    %ldas = tt.splat %lda : i32 -> tensor<128x1xi32, #a>
    %mrow = arith.muli %m2, %ldas : tensor<128x1xi32, #a>
    %ka2 = tt.expand_dims %ka {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #a}>> -> tensor<1x64xi32, #a>
    %mrowb = tt.broadcast %mrow : tensor<128x1xi32, #a> -> tensor<128x64xi32, #a>
    %kab = tt.broadcast %ka2 : tensor<1x64xi32, #a> -> tensor<128x64xi32, #a>
    %offa = arith.addi %mrowb, %kab : tensor<128x64xi32, #a>
    %basea = tt.splat %pa : !tt.ptr<f16> -> tensor<128x64x!tt.ptr<f16>, #a>
    %a0 = tt.addptr %basea, %offa : tensor<128x64x!tt.ptr<f16>, #a>, tensor<128x64xi32, #a>
    %kb = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #b}>>
    %nb = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #b}>>
    %kb2 = tt.expand_dims %kb {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #b}>> -> tensor<64x1xi32, #b>
    %ldbs = tt.splat %ldb : i32 -> tensor<64x1xi32, #b>
    %krow = arith.muli %kb2, %ldbs : tensor<64x1xi32, #b>
    %nb2 = tt.expand_dims %nb {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #b}>> -> tensor<1x128xi32, #b>
    %krowb = tt.broadcast %krow : tensor<64x1xi32, #b> -> tensor<64x128xi32, #b>
    %nbb = tt.broadcast %nb2 : tensor<1x128xi32, #b> -> tensor<64x128xi32, #b>
    %offb = arith.addi %krowb, %nbb : tensor<64x128xi32, #b>
    %baseb = tt.splat %pb : !tt.ptr<f16> -> tensor<64x128x!tt.ptr<f16>, #b>
    %b0 = tt.addptr %baseb, %offb : tensor<64x128x!tt.ptr<f16>, #b>, tensor<64x128xi32, #b>
    %stepB = tt.splat %ldb : i32 -> tensor<64x128xi32, #b>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%ptra = %a0, %ptrb = %b0, %acc = %zero) -> (tensor<128x64x!tt.ptr<f16>, #a>, tensor<64x128x!tt.ptr<f16>, #b>, tensor<128x128xf32, #mma>) : i32 {
      %va = tt.load %ptra : tensor<128x64x!tt.ptr<f16>, #a>
      %sa = ttg.local_alloc %va : (tensor<128x64xf16, #a>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %vb = tt.load %ptrb : tensor<64x128x!tt.ptr<f16>, #b>
      %sb = ttg.local_alloc %vb : (tensor<64x128xf16, #b>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
      %d = ttng.warp_group_dot %sa, %sb, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
      %na = tt.addptr %ptra, %stepA : tensor<128x64x!tt.ptr<f16>, #a>, tensor<128x64xi32, #a>
      %nextb = tt.addptr %ptrb, %stepB : tensor<64x128x!tt.ptr<f16>, #b>, tensor<64x128xi32, #b>
      scf.yield %na, %nextb, %d : tensor<128x64x!tt.ptr<f16>, #a>, tensor<64x128x!tt.ptr<f16>, #b>, tensor<128x128xf32, #mma>
    }
    %res = ttg.convert_layout %r#2 : tensor<128x128xf32, #mma> -> tensor<128x128xf32, #c>
    tt.store %out, %res : tensor<128x128x!tt.ptr<f32>, #c>
    tt.return
  }
}

// The loads feeding the dot will be issued two iterations ahead.
// LAT-LABEL: tt.func @wgmma_loop
// LAT: tt.load %{{.*}} {tt.latency = 2 : i32} : tensor<128x64x!tt.ptr<f16>
// LAT: tt.load %{{.*}} {tt.latency = 2 : i32} : tensor<64x128x!tt.ptr<f16>

// Loads in stage 0 (last cluster), pointer increments in stage 1 (before
// the loads), the dot and its shared-memory stores in stage 2 (first).
// SCHED-LABEL: tt.func @wgmma_loop
// SCHED: scf.for
// SCHED: tt.load {{.*}}loop.cluster = 2 : i32, loop.stage = 0 : i32
// SCHED: ttg.local_alloc {{.*}}loop.cluster = 0 : i32, loop.stage = 2 : i32
// SCHED: tt.load {{.*}}loop.cluster = 2 : i32, loop.stage = 0 : i32
// SCHED: ttg.local_alloc {{.*}}loop.cluster = 0 : i32, loop.stage = 2 : i32
// SCHED: ttng.warp_group_dot {{.*}}loop.cluster = 0 : i32, loop.stage = 2 : i32
// SCHED: tt.addptr {{.*}}loop.cluster = 1 : i32, loop.stage = 1 : i32
// SCHED: tt.addptr {{.*}}loop.cluster = 1 : i32, loop.stage = 1 : i32
// SCHED: } {tt.scheduled_max_stage = 2 : i32}

// Three buffers per operand (two iterations in flight plus the one the
// asynchronous wgmma may still read); a prologue filling slots 0 and 1
// for iterations 0 and 1, each copy masked by `iteration < n`.
// PIPE-LABEL: tt.func @wgmma_loop
// PIPE-DAG: %[[C0:.*]] = arith.constant 0 : i32
// PIPE-DAG: %[[C1:.*]] = arith.constant 1 : i32
// PIPE-DAG: %[[CM1:.*]] = arith.constant -1 : i32
// PIPE-DAG: %[[C2:.*]] = arith.constant 2 : i32
// PIPE-DAG: %[[C3:.*]] = arith.constant 3 : i32
// PIPE: %[[BUFA:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
// PIPE: %[[BUFB:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x64x128xf16, #shared, #smem, mutable>
// PIPE: %[[P0:.*]] = arith.cmpi sgt, %arg3, %[[C0]] : i32
// PIPE: %[[SA0:.*]] = ttg.memdesc_index %[[BUFA]][%[[C0]]]
// PIPE: %[[M0:.*]] = tt.splat %[[P0]] : i1 -> tensor<128x64xi1
// PIPE: %[[CA0:.*]] = ttg.async_copy_global_to_local %[[A0:.*]], %[[SA0]] mask %[[M0]] {contiguity = 8 : i32}
// PIPE: %[[TA0:.*]] = ttg.async_commit_group tokens %[[CA0]]
// PIPE: %[[TB0:.*]] = ttg.async_commit_group tokens
// PIPE: %[[P1:.*]] = arith.cmpi sgt, %arg3, %[[C1]] : i32
// PIPE: %[[A1:.*]] = tt.addptr %[[A0]],
// PIPE: %[[B1:.*]] = tt.addptr
// PIPE: ttg.memdesc_index %[[BUFA]][%[[C1]]]
// PIPE: tt.splat %[[P1]]
// PIPE: ttg.async_copy_global_to_local %[[A1]]
// PIPE: %[[TA1:.*]] = ttg.async_commit_group
// PIPE: %[[TB1:.*]] = ttg.async_commit_group
// The loop carries the pointers of iteration i+1, the accumulator, the
// insert and extract slots and the copy groups of iterations i and i+1.
// PIPE: %[[R:.*]]:9 = scf.for %[[IV:.*]] = %[[C0]] to %arg3 step %[[C1]] iter_args(%[[PA:.*]] = %[[A1]], %[[PB:.*]] = %[[B1]], %[[ACC:.*]] = %{{.*}}, %[[INS:.*]] = %[[C1]], %[[EXT:.*]] = %[[CM1]], %[[GA0:.*]] = %[[TA0]], %[[GA1:.*]] = %[[TA1]], %[[GB0:.*]] = %[[TB0]], %[[GB1:.*]] = %[[TB1]])
// PIPE: %[[LAST:.*]] = arith.subi %arg3, %[[C2]] : i32
// PIPE: %[[LIVE:.*]] = arith.cmpi slt, %[[IV]], %[[LAST]] : i32
// PIPE: %[[E1:.*]] = arith.addi %[[EXT]], %[[C1]] : i32
// PIPE: %[[EW:.*]] = arith.cmpi sge, %[[E1]], %[[C3]] : i32
// PIPE: %[[E:.*]] = arith.select %[[EW]], %[[C0]], %[[E1]] : i32
// PIPE: ttg.async_wait %[[GA0]], %[[GB0]] {num = 2 : i32}
// PIPE: %[[RA:.*]] = ttg.memdesc_index %[[BUFA]][%[[E]]]
// PIPE: %[[RB:.*]] = ttg.memdesc_index %[[BUFB]][%[[E]]]
// PIPE: %[[D:.*]] = ttng.warp_group_dot %[[RA]], %[[RB]], %[[ACC]] {inputPrecision = 0 : i32, isAsync = true}
// PIPE: %[[W:.*]]:3 = ttng.warp_group_dot_wait %[[D]], %[[RA]], %[[RB]] {pendings = 1 : i32}
// PIPE: %[[NA:.*]] = tt.addptr %[[PA]]
// PIPE: %[[NB:.*]] = tt.addptr %[[PB]]
// PIPE: %[[I1:.*]] = arith.addi %[[INS]], %[[C1]] : i32
// PIPE: %[[IW:.*]] = arith.cmpi sge, %[[I1]], %[[C3]] : i32
// PIPE: %[[I:.*]] = arith.select %[[IW]], %[[C0]], %[[I1]] : i32
// PIPE: %[[WA:.*]] = ttg.memdesc_index %[[BUFA]][%[[I]]]
// PIPE: %[[MA:.*]] = tt.splat %[[LIVE]] : i1 -> tensor<128x64xi1
// PIPE: %[[CA:.*]] = ttg.async_copy_global_to_local %[[NA]], %[[WA]] mask %[[MA]]
// PIPE: %[[GA2:.*]] = ttg.async_commit_group tokens %[[CA]]
// PIPE: ttg.async_copy_global_to_local %[[NB]]
// PIPE: %[[GB2:.*]] = ttg.async_commit_group
// PIPE: scf.yield %[[NA]], %[[NB]], %[[W]]#0, %[[I]], %[[E]], %[[GA1]], %[[GA2]], %[[GB1]], %[[GB2]]
// PIPE: %[[DONE:.*]] = ttng.warp_group_dot_wait %[[R]]#2 {pendings = 0 : i32}
// PIPE-NEXT: ttg.async_wait {num = 0 : i32}
// PIPE-NEXT: ttg.local_dealloc %[[BUFB]]
// PIPE-NEXT: ttg.local_dealloc %[[BUFA]]
// PIPE: ttg.convert_layout %[[DONE]]

// One stage: nothing to overlap.
// OFF-LABEL: tt.func @wgmma_loop
// OFF-NOT: tt.latency
// OFF-NOT: async_copy
// OFF: scf.for

// -----

// Ampere: the loads feed mma.sync through conversions to dot-operand
// layouts; they become copies into two swizzled buffers, read back with
// ttg.local_load straight into the dot-operand layouts after one wait for
// both operands' copies.
#a = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @mma_v2_loop(%a0: tensor<128x64x!tt.ptr<f16>, #a>, %b0: tensor<64x128x!tt.ptr<f16>, #b>, %n: i32) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %stepA = arith.constant dense<64> : tensor<128x64xi32, #a>
    %stepB = arith.constant dense<8192> : tensor<64x128xi32, #b>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%ptra = %a0, %ptrb = %b0, %acc = %zero) -> (tensor<128x64x!tt.ptr<f16>, #a>, tensor<64x128x!tt.ptr<f16>, #b>, tensor<128x128xf32, #mma>) : i32 {
      %va = tt.load %ptra : tensor<128x64x!tt.ptr<f16>, #a>
      %vb = tt.load %ptrb : tensor<64x128x!tt.ptr<f16>, #b>
      %oa = ttg.convert_layout %va : tensor<128x64xf16, #a> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %ob = ttg.convert_layout %vb : tensor<64x128xf16, #b> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d = tt.dot %oa, %ob, %acc, inputPrecision = tf32 : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x128xf32, #mma>
      %na = tt.addptr %ptra, %stepA : tensor<128x64x!tt.ptr<f16>, #a>, tensor<128x64xi32, #a>
      %nb = tt.addptr %ptrb, %stepB : tensor<64x128x!tt.ptr<f16>, #b>, tensor<64x128xi32, #b>
      scf.yield %na, %nb, %d : tensor<128x64x!tt.ptr<f16>, #a>, tensor<64x128x!tt.ptr<f16>, #b>, tensor<128x128xf32, #mma>
    }
    tt.return %r#2 : tensor<128x128xf32, #mma>
  }
}

// LAT-LABEL: tt.func @mma_v2_loop
// LAT-COUNT-2: tt.load %{{.*}} {tt.latency = 2 : i32}

// SCHED-LABEL: tt.func @mma_v2_loop
// SCHED: ttg.convert_layout {{.*}}loop.cluster = 0 : i32, loop.stage = 2 : i32
// SCHED: tt.dot {{.*}}loop.cluster = 0 : i32, loop.stage = 2 : i32

// PIPE-DAG: #[[SH:.*]] = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// PIPE-LABEL: tt.func @mma_v2_loop
// PIPE: %[[BUFA:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x128x64xf16, #[[SH]], #smem, mutable>
// PIPE: %[[BUFB:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x64x128xf16, #[[SH]], #smem, mutable>
// PIPE-COUNT-2: ttg.async_copy_global_to_local
// PIPE: scf.for
// PIPE: %[[W:.*]] = ttg.async_wait %{{.*}}, %{{.*}} {num = 2 : i32}
// PIPE-NOT: ttg.async_wait
// PIPE: %[[SA:.*]] = ttg.memdesc_index %[[BUFA]]
// PIPE: %[[OA:.*]] = ttg.local_load %[[SA]] token %[[W]] : !ttg.memdesc<128x64xf16, #[[SH]], #smem, mutable> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// PIPE-NOT: ttg.async_wait
// PIPE: %[[SB:.*]] = ttg.memdesc_index %[[BUFB]]
// PIPE: %[[OB:.*]] = ttg.local_load %[[SB]] token %[[W]]
// PIPE: tt.dot %[[OA]], %[[OB]]
// PIPE-NOT: warp_group_dot
// PIPE: scf.yield
// PIPE: ttg.async_wait {num = 0 : i32}

// -----

// A loop without a dot is not touched.
#a = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @no_dot(%p: tensor<512x!tt.ptr<f32>, #a>, %n: i32) -> tensor<512xf32, #a> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<512xf32, #a>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<512xf32, #a>) : i32 {
      %v = tt.load %p : tensor<512x!tt.ptr<f32>, #a>
      %s = arith.addf %acc, %v : tensor<512xf32, #a>
      scf.yield %s : tensor<512xf32, #a>
    }
    tt.return %r : tensor<512xf32, #a>
  }
}

// LAT-LABEL: tt.func @no_dot
// LAT-NOT: tt.latency
// PIPE-LABEL: tt.func @no_dot
// PIPE-NOT: async_copy
// PIPE: tt.load

// -----

// A block-sparse loop in the shape of Inductor's flex-attention template:
// the next K tile's row offset comes from an index table (two scalar loads
// each iteration, the second masked at the end), and K is a wgmma operand
// transposed (tl.trans(k): local_alloc, then memdesc_trans). The index
// loads run one stage ahead with the offset they update, masked by the
// stage's predicate when they run past the end; the K slot takes the
// wgmma layout and the dot reads it through the transposed view.
#a = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#c = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#sharedT = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @block_sparse(%q: !ttg.memdesc<128x64xf16, #shared, #smem>, %pk: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %idx: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %out: tensor<128x128x!tt.ptr<f32>, #c>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c128 = arith.constant 128 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %ld = arith.constant dense<64> : tensor<128x1xi32, #a>
    %rows = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #a}>>
    %cols = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #a}>>
    %cols2 = tt.expand_dims %cols {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #a}>> -> tensor<1x64xi32, #a>
    %colsb = tt.broadcast %cols2 : tensor<1x64xi32, #a> -> tensor<128x64xi32, #a>
    %base = tt.splat %pk : !tt.ptr<f16> -> tensor<128x64x!tt.ptr<f16>, #a>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%off = %c0, %acc = %zero) -> (i32, tensor<128x128xf32, #mma>) : i32 {
      %rs = tt.splat %off : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #a}>>
      %rr = arith.addi %rs, %rows : tensor<128xi32, #ttg.slice<{dim = 1, parent = #a}>>
      %r2 = tt.expand_dims %rr {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #a}>> -> tensor<128x1xi32, #a>
      %rm = arith.muli %r2, %ld : tensor<128x1xi32, #a>
      %rb = tt.broadcast %rm : tensor<128x1xi32, #a> -> tensor<128x64xi32, #a>
      %o = arith.addi %rb, %colsb : tensor<128x64xi32, #a>
      %p = tt.addptr %base, %o : tensor<128x64x!tt.ptr<f16>, #a>, tensor<128x64xi32, #a>
      %k = tt.load %p : tensor<128x64x!tt.ptr<f16>, #a>
      %ks = ttg.local_alloc %k : (tensor<128x64xf16, #a>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %kt = ttg.memdesc_trans %ks {order = array<i32: 1, 0>} : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<64x128xf16, #sharedT, #smem>
      %d = ttng.warp_group_dot %q, %kt, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #sharedT, #smem> -> tensor<128x128xf32, #mma>
      %pi = tt.addptr %idx, %i : !tt.ptr<i32>, i32
      %cur = tt.load %pi : !tt.ptr<i32>
      %i1 = arith.addi %i, %c1 : i32
      %inb = arith.cmpi slt, %i1, %n : i32
      %pn = tt.addptr %pi, %c1 : !tt.ptr<i32>, i32
      %next = tt.load %pn, %inb : !tt.ptr<i32>
      %delta = arith.subi %next, %cur : i32
      %step = arith.muli %delta, %c128 : i32
      %noff = arith.addi %off, %step : i32
      scf.yield %noff, %d : i32, tensor<128x128xf32, #mma>
    }
    %res = ttg.convert_layout %r#1 : tensor<128x128xf32, #mma> -> tensor<128x128xf32, #c>
    tt.store %out, %res : tensor<128x128x!tt.ptr<f32>, #c>
    tt.return
  }
}

// LAT-LABEL: tt.func @block_sparse
// LAT: tt.load {{.*}}tt.latency = 2 : i32
// LAT-NOT: tt.latency

// SCHED-LABEL: tt.func @block_sparse
// SCHED: scf.for
// SCHED: tt.load {{.*}}loop.cluster = 2 : i32, loop.stage = 0 : i32
// SCHED: ttg.memdesc_trans {{.*}}loop.stage = 2 : i32
// SCHED: tt.load {{.*}}loop.cluster = 1 : i32, loop.stage = 1 : i32
// SCHED: tt.load {{.*}}loop.cluster = 1 : i32, loop.stage = 1 : i32
// SCHED: arith.addi {{.*}}loop.cluster = 1 : i32, loop.stage = 1 : i32
// SCHED: } {tt.scheduled_max_stage = 2 : i32}

// PIPE-LABEL: tt.func @block_sparse
// PIPE: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<{{[0-9]}}x128x64xf16, #shared, #smem, mutable>
// PIPE: scf.for
// PIPE: %[[SLOT:.*]] = ttg.memdesc_index %[[BUF]]
// PIPE: %[[VIEW:.*]] = ttg.memdesc_trans %[[SLOT]] {order = array<i32: 1, 0>} : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x128xf16, #shared1, #smem, mutable>
// PIPE: ttng.warp_group_dot %arg0, %[[VIEW]]
// PIPE: %[[PRED:.*]] = arith.andi
// PIPE: tt.load %{{.*}}, %[[PRED]] : !tt.ptr<i32>
// PIPE: ttg.async_copy_global_to_local
// PIPE: scf.yield
