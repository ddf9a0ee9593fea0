// RUN: tt-opt %s -split-input-file --tt-ttgir="target=cuda:90 num-warps=4 num-stages=3" | FileCheck %s --check-prefix=H
// RUN: tt-opt %s -split-input-file --tt-ttgir="target=cuda:80 num-warps=4 num-stages=3" | FileCheck %s --check-prefix=A


// The TTGIR stage on matmul loops of each operand type, on Hopper (H) and
// Ampere (A). bf16 goes exactly like f16: 128-byte swizzled buffers, three
// stages, asynchronous wgmma (H); mma.sync with kWidth 2 from two swizzled
// buffers (A).
// H-DAG: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
// H-DAG: #[[SH:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// H-LABEL: tt.func public @mm_bf16
// H: ttg.local_alloc : () -> !ttg.memdesc<3x128x64xbf16, #[[SH]], #smem, mutable>
// H: ttg.local_alloc : () -> !ttg.memdesc<3x64x128xbf16, #[[SH]], #smem, mutable>
// H-COUNT-4: ttg.async_copy_global_to_local
// H: scf.for
// H: ttg.async_wait %{{.*}}, %{{.*}} {num = 2 : i32}
// H: ttng.warp_group_dot {{.*}} {inputPrecision = 0 : i32, isAsync = true}
// H: ttng.warp_group_dot_wait {{.*}} {pendings = 1 : i32}
// H: ttng.warp_group_dot_wait {{.*}} {pendings = 0 : i32}
// H-NOT: fence_async_shared
// A-DAG: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// A-DAG: #[[SH:.*]] = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// A-LABEL: tt.func public @mm_bf16
// A: ttg.local_alloc : () -> !ttg.memdesc<2x128x64xbf16, #[[SH]], #smem, mutable>
// A: scf.for
// A: ttg.local_load {{.*}} -> tensor<128x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 2}>>
// A: ttg.local_load {{.*}} -> tensor<64x128xbf16, #ttg.dot_op<{opIdx = 1, parent = #[[MMA]], kWidth = 2}>>
// A: tt.dot
module {
  tt.func public @mm_bf16(%a: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %b: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %c: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %k: i32 {tt.divisibility = 16 : i32}, %lda: i32 {tt.divisibility = 16 : i32}, %ldb: i32 {tt.divisibility = 16 : i32}) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
    %stepA = arith.constant dense<64> : tensor<128x64xi32>
    %rm = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %rn = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %rk = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %am = tt.expand_dims %rm {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %lda_s = tt.splat %lda : i32 -> tensor<128x1xi32>
    %am2 = arith.muli %am, %lda_s : tensor<128x1xi32>
    %ak = tt.expand_dims %rk {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %am3 = tt.broadcast %am2 : tensor<128x1xi32> -> tensor<128x64xi32>
    %ak3 = tt.broadcast %ak : tensor<1x64xi32> -> tensor<128x64xi32>
    %aoff = arith.addi %am3, %ak3 : tensor<128x64xi32>
    %abase = tt.splat %a : !tt.ptr<bf16> -> tensor<128x64x!tt.ptr<bf16>>
    %aptr = tt.addptr %abase, %aoff : tensor<128x64x!tt.ptr<bf16>>, tensor<128x64xi32>
    %bk = tt.expand_dims %rk {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %ldb_s = tt.splat %ldb : i32 -> tensor<64x1xi32>
    %bk2 = arith.muli %bk, %ldb_s : tensor<64x1xi32>
    %bn = tt.expand_dims %rn {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
    %bk3 = tt.broadcast %bk2 : tensor<64x1xi32> -> tensor<64x128xi32>
    %bn3 = tt.broadcast %bn : tensor<1x128xi32> -> tensor<64x128xi32>
    %boff = arith.addi %bk3, %bn3 : tensor<64x128xi32>
    %bbase = tt.splat %b : !tt.ptr<bf16> -> tensor<64x128x!tt.ptr<bf16>>
    %bptr = tt.addptr %bbase, %boff : tensor<64x128x!tt.ptr<bf16>>, tensor<64x128xi32>
    %ldbK = arith.muli %ldb, %c1 : i32
    %r:3 = scf.for %i = %c0 to %k step %c1 iter_args(%pa = %aptr, %pb = %bptr, %acc = %zero) -> (tensor<128x64x!tt.ptr<bf16>>, tensor<64x128x!tt.ptr<bf16>>, tensor<128x128xf32>) : i32 {
      %va = tt.load %pa : tensor<128x64x!tt.ptr<bf16>>
      %vb = tt.load %pb : tensor<64x128x!tt.ptr<bf16>>
      %d = tt.dot %va, %vb, %acc, inputPrecision = tf32 : tensor<128x64xbf16> * tensor<64x128xbf16> -> tensor<128x128xf32>
      %na = tt.addptr %pa, %stepA : tensor<128x64x!tt.ptr<bf16>>, tensor<128x64xi32>
      %sb = arith.muli %ldb, %c1 : i32
      %sb64 = arith.muli %sb, %c1 : i32
      %sbs = tt.splat %sb64 : i32 -> tensor<64x128xi32>
      %nb = tt.addptr %pb, %sbs : tensor<64x128x!tt.ptr<bf16>>, tensor<64x128xi32>
      scf.yield %na, %nb, %d : tensor<128x64x!tt.ptr<bf16>>, tensor<64x128x!tt.ptr<bf16>>, tensor<128x128xf32>
    }
    %cm = tt.expand_dims %rm {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %cn = tt.expand_dims %rn {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
    %cst_n = arith.constant dense<128> : tensor<128x1xi32>
    %cm2 = arith.muli %cm, %cst_n : tensor<128x1xi32>
    %cm3 = tt.broadcast %cm2 : tensor<128x1xi32> -> tensor<128x128xi32>
    %cn3 = tt.broadcast %cn : tensor<1x128xi32> -> tensor<128x128xi32>
    %coff = arith.addi %cm3, %cn3 : tensor<128x128xi32>
    %cbase = tt.splat %c : !tt.ptr<f32> -> tensor<128x128x!tt.ptr<f32>>
    %cptr = tt.addptr %cbase, %coff : tensor<128x128x!tt.ptr<f32>>, tensor<128x128xi32>
    tt.store %cptr, %r#2 : tensor<128x128x!tt.ptr<f32>>
    tt.return
  }
}

// -----

// f32 with TF32 rounding: 8-deep wgmma; B is K-major in shared memory
// (transposed), so its copies move one element at a time (no contiguity
// attribute) while A's move four. On Ampere, kWidth 1.
// H-DAG: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 8]}>
// H-DAG: #[[SA:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
// H-DAG: #[[SB:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 32}>
// H-LABEL: tt.func public @mm_f32
// H: ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf32, #[[SA]], #smem, mutable>
// H: ttg.local_alloc : () -> !ttg.memdesc<3x64x128xf32, #[[SB]], #smem, mutable>
// H: ttg.async_copy_global_to_local {{.*}} {contiguity = 4 : i32} : tensor<128x64x!tt.ptr<f32>
// H: ttg.async_copy_global_to_local {{.*}} mask %{{[^{]*}} : tensor<64x128x!tt.ptr<f32>
// H: scf.for
// H: ttng.warp_group_dot {{.*}} {inputPrecision = 0 : i32, isAsync = true}
// A-DAG: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// A-LABEL: tt.func public @mm_f32
// A: scf.for
// A: ttg.local_load {{.*}} -> tensor<128x64xf32, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 1}>>
// A: tt.dot
module {
  tt.func public @mm_f32(%a: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %b: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %c: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %k: i32 {tt.divisibility = 16 : i32}, %lda: i32 {tt.divisibility = 16 : i32}, %ldb: i32 {tt.divisibility = 16 : i32}) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
    %stepA = arith.constant dense<64> : tensor<128x64xi32>
    %rm = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %rn = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %rk = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %am = tt.expand_dims %rm {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %lda_s = tt.splat %lda : i32 -> tensor<128x1xi32>
    %am2 = arith.muli %am, %lda_s : tensor<128x1xi32>
    %ak = tt.expand_dims %rk {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %am3 = tt.broadcast %am2 : tensor<128x1xi32> -> tensor<128x64xi32>
    %ak3 = tt.broadcast %ak : tensor<1x64xi32> -> tensor<128x64xi32>
    %aoff = arith.addi %am3, %ak3 : tensor<128x64xi32>
    %abase = tt.splat %a : !tt.ptr<f32> -> tensor<128x64x!tt.ptr<f32>>
    %aptr = tt.addptr %abase, %aoff : tensor<128x64x!tt.ptr<f32>>, tensor<128x64xi32>
    %bk = tt.expand_dims %rk {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %ldb_s = tt.splat %ldb : i32 -> tensor<64x1xi32>
    %bk2 = arith.muli %bk, %ldb_s : tensor<64x1xi32>
    %bn = tt.expand_dims %rn {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
    %bk3 = tt.broadcast %bk2 : tensor<64x1xi32> -> tensor<64x128xi32>
    %bn3 = tt.broadcast %bn : tensor<1x128xi32> -> tensor<64x128xi32>
    %boff = arith.addi %bk3, %bn3 : tensor<64x128xi32>
    %bbase = tt.splat %b : !tt.ptr<f32> -> tensor<64x128x!tt.ptr<f32>>
    %bptr = tt.addptr %bbase, %boff : tensor<64x128x!tt.ptr<f32>>, tensor<64x128xi32>
    %ldbK = arith.muli %ldb, %c1 : i32
    %r:3 = scf.for %i = %c0 to %k step %c1 iter_args(%pa = %aptr, %pb = %bptr, %acc = %zero) -> (tensor<128x64x!tt.ptr<f32>>, tensor<64x128x!tt.ptr<f32>>, tensor<128x128xf32>) : i32 {
      %va = tt.load %pa : tensor<128x64x!tt.ptr<f32>>
      %vb = tt.load %pb : tensor<64x128x!tt.ptr<f32>>
      %d = tt.dot %va, %vb, %acc, inputPrecision = tf32 : tensor<128x64xf32> * tensor<64x128xf32> -> tensor<128x128xf32>
      %na = tt.addptr %pa, %stepA : tensor<128x64x!tt.ptr<f32>>, tensor<128x64xi32>
      %sb = arith.muli %ldb, %c1 : i32
      %sb64 = arith.muli %sb, %c1 : i32
      %sbs = tt.splat %sb64 : i32 -> tensor<64x128xi32>
      %nb = tt.addptr %pb, %sbs : tensor<64x128x!tt.ptr<f32>>, tensor<64x128xi32>
      scf.yield %na, %nb, %d : tensor<128x64x!tt.ptr<f32>>, tensor<64x128x!tt.ptr<f32>>, tensor<128x128xf32>
    }
    %cm = tt.expand_dims %rm {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %cn = tt.expand_dims %rn {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
    %cst_n = arith.constant dense<128> : tensor<128x1xi32>
    %cm2 = arith.muli %cm, %cst_n : tensor<128x1xi32>
    %cm3 = tt.broadcast %cm2 : tensor<128x1xi32> -> tensor<128x128xi32>
    %cn3 = tt.broadcast %cn : tensor<1x128xi32> -> tensor<128x128xi32>
    %coff = arith.addi %cm3, %cn3 : tensor<128x128xi32>
    %cbase = tt.splat %c : !tt.ptr<f32> -> tensor<128x128x!tt.ptr<f32>>
    %cptr = tt.addptr %cbase, %coff : tensor<128x128x!tt.ptr<f32>>, tensor<128x128xi32>
    tt.store %cptr, %r#2 : tensor<128x128x!tt.ptr<f32>>
    tt.return
  }
}

// -----

// fp8: 32-deep wgmma with K-major operands. B, stored N-contiguous by its
// load, cannot be copied asynchronously into its transposed buffer (cp.async
// needs 4 contiguous bytes): it is loaded in the loop, stored with
// ttg.local_alloc and fenced before the wgmma (issued asynchronously and
// waited for at once); A is
// pipelined. Ampere has no fp8 mma.sync: the operands are upcast to f16
// (exact) for the f16 mma.sync, as upstream does.
// H-DAG: #[[MMA:.*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 32]}>
// H-DAG: #[[SA:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
// H-DAG: #[[SB:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
// H-LABEL: tt.func public @mm_f8E4M3FN
// H: ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf8E4M3FN, #[[SA]], #smem, mutable>
// H: ttg.async_copy_global_to_local {{.*}} {contiguity = 16 : i32}
// H: scf.for
// H: ttg.async_wait %{{.*}} {num = 1 : i32}
// H: %[[B:.*]] = tt.load
// H: %[[BS:.*]] = ttg.local_alloc %[[B]] : (tensor<64x128xf8E4M3FN, #{{.*}}>) -> !ttg.memdesc<64x128xf8E4M3FN, #[[SB]], #smem>
// H-NEXT: ttng.fence_async_shared {bCluster = false}
// H-NEXT: %[[D:.*]] = ttng.warp_group_dot %{{.*}}, %[[BS]], %{{.*}} {inputPrecision = 0 : i32, isAsync = true, maxNumImpreciseAcc = 1073741824 : i32}
// H-NEXT: ttng.warp_group_dot_wait %[[D]], %{{.*}}, %[[BS]] {pendings = 0 : i32}
// A-LABEL: tt.func public @mm_f8E4M3FN
// A: tt.fp_to_fp {{.*}} -> tensor<{{.*}}xf16
// A: tt.dot {{.*}}xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * {{.*}} -> tensor<128x128xf32, #mma>
module {
  tt.func public @mm_f8E4M3FN(%a: !tt.ptr<f8E4M3FN> {tt.divisibility = 16 : i32}, %b: !tt.ptr<f8E4M3FN> {tt.divisibility = 16 : i32}, %c: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %k: i32 {tt.divisibility = 16 : i32}, %lda: i32 {tt.divisibility = 16 : i32}, %ldb: i32 {tt.divisibility = 16 : i32}) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
    %stepA = arith.constant dense<64> : tensor<128x64xi32>
    %rm = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %rn = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %rk = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %am = tt.expand_dims %rm {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %lda_s = tt.splat %lda : i32 -> tensor<128x1xi32>
    %am2 = arith.muli %am, %lda_s : tensor<128x1xi32>
    %ak = tt.expand_dims %rk {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %am3 = tt.broadcast %am2 : tensor<128x1xi32> -> tensor<128x64xi32>
    %ak3 = tt.broadcast %ak : tensor<1x64xi32> -> tensor<128x64xi32>
    %aoff = arith.addi %am3, %ak3 : tensor<128x64xi32>
    %abase = tt.splat %a : !tt.ptr<f8E4M3FN> -> tensor<128x64x!tt.ptr<f8E4M3FN>>
    %aptr = tt.addptr %abase, %aoff : tensor<128x64x!tt.ptr<f8E4M3FN>>, tensor<128x64xi32>
    %bk = tt.expand_dims %rk {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %ldb_s = tt.splat %ldb : i32 -> tensor<64x1xi32>
    %bk2 = arith.muli %bk, %ldb_s : tensor<64x1xi32>
    %bn = tt.expand_dims %rn {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
    %bk3 = tt.broadcast %bk2 : tensor<64x1xi32> -> tensor<64x128xi32>
    %bn3 = tt.broadcast %bn : tensor<1x128xi32> -> tensor<64x128xi32>
    %boff = arith.addi %bk3, %bn3 : tensor<64x128xi32>
    %bbase = tt.splat %b : !tt.ptr<f8E4M3FN> -> tensor<64x128x!tt.ptr<f8E4M3FN>>
    %bptr = tt.addptr %bbase, %boff : tensor<64x128x!tt.ptr<f8E4M3FN>>, tensor<64x128xi32>
    %ldbK = arith.muli %ldb, %c1 : i32
    %r:3 = scf.for %i = %c0 to %k step %c1 iter_args(%pa = %aptr, %pb = %bptr, %acc = %zero) -> (tensor<128x64x!tt.ptr<f8E4M3FN>>, tensor<64x128x!tt.ptr<f8E4M3FN>>, tensor<128x128xf32>) : i32 {
      %va = tt.load %pa : tensor<128x64x!tt.ptr<f8E4M3FN>>
      %vb = tt.load %pb : tensor<64x128x!tt.ptr<f8E4M3FN>>
      %d = tt.dot %va, %vb, %acc, inputPrecision = tf32 {maxNumImpreciseAcc = 1073741824 : i32} : tensor<128x64xf8E4M3FN> * tensor<64x128xf8E4M3FN> -> tensor<128x128xf32>
      %na = tt.addptr %pa, %stepA : tensor<128x64x!tt.ptr<f8E4M3FN>>, tensor<128x64xi32>
      %sb = arith.muli %ldb, %c1 : i32
      %sb64 = arith.muli %sb, %c1 : i32
      %sbs = tt.splat %sb64 : i32 -> tensor<64x128xi32>
      %nb = tt.addptr %pb, %sbs : tensor<64x128x!tt.ptr<f8E4M3FN>>, tensor<64x128xi32>
      scf.yield %na, %nb, %d : tensor<128x64x!tt.ptr<f8E4M3FN>>, tensor<64x128x!tt.ptr<f8E4M3FN>>, tensor<128x128xf32>
    }
    %cm = tt.expand_dims %rm {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %cn = tt.expand_dims %rn {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
    %cst_n = arith.constant dense<128> : tensor<128x1xi32>
    %cm2 = arith.muli %cm, %cst_n : tensor<128x1xi32>
    %cm3 = tt.broadcast %cm2 : tensor<128x1xi32> -> tensor<128x128xi32>
    %cn3 = tt.broadcast %cn : tensor<1x128xi32> -> tensor<128x128xi32>
    %coff = arith.addi %cm3, %cn3 : tensor<128x128xi32>
    %cbase = tt.splat %c : !tt.ptr<f32> -> tensor<128x128x!tt.ptr<f32>>
    %cptr = tt.addptr %cbase, %coff : tensor<128x128x!tt.ptr<f32>>, tensor<128x128xi32>
    tt.store %cptr, %r#2 : tensor<128x128x!tt.ptr<f32>>
    tt.return
  }
}

// -----

// H-LABEL: tt.func public @mm_f8E5M2
// H: scf.for
// H: ttg.local_alloc {{.*}} -> !ttg.memdesc<64x128xf8E5M2, #{{.*}}, #smem>
// H-NEXT: ttng.fence_async_shared
// H-NEXT: ttng.warp_group_dot
module {
  tt.func public @mm_f8E5M2(%a: !tt.ptr<f8E5M2> {tt.divisibility = 16 : i32}, %b: !tt.ptr<f8E5M2> {tt.divisibility = 16 : i32}, %c: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %k: i32 {tt.divisibility = 16 : i32}, %lda: i32 {tt.divisibility = 16 : i32}, %ldb: i32 {tt.divisibility = 16 : i32}) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
    %stepA = arith.constant dense<64> : tensor<128x64xi32>
    %rm = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %rn = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %rk = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %am = tt.expand_dims %rm {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %lda_s = tt.splat %lda : i32 -> tensor<128x1xi32>
    %am2 = arith.muli %am, %lda_s : tensor<128x1xi32>
    %ak = tt.expand_dims %rk {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %am3 = tt.broadcast %am2 : tensor<128x1xi32> -> tensor<128x64xi32>
    %ak3 = tt.broadcast %ak : tensor<1x64xi32> -> tensor<128x64xi32>
    %aoff = arith.addi %am3, %ak3 : tensor<128x64xi32>
    %abase = tt.splat %a : !tt.ptr<f8E5M2> -> tensor<128x64x!tt.ptr<f8E5M2>>
    %aptr = tt.addptr %abase, %aoff : tensor<128x64x!tt.ptr<f8E5M2>>, tensor<128x64xi32>
    %bk = tt.expand_dims %rk {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %ldb_s = tt.splat %ldb : i32 -> tensor<64x1xi32>
    %bk2 = arith.muli %bk, %ldb_s : tensor<64x1xi32>
    %bn = tt.expand_dims %rn {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
    %bk3 = tt.broadcast %bk2 : tensor<64x1xi32> -> tensor<64x128xi32>
    %bn3 = tt.broadcast %bn : tensor<1x128xi32> -> tensor<64x128xi32>
    %boff = arith.addi %bk3, %bn3 : tensor<64x128xi32>
    %bbase = tt.splat %b : !tt.ptr<f8E5M2> -> tensor<64x128x!tt.ptr<f8E5M2>>
    %bptr = tt.addptr %bbase, %boff : tensor<64x128x!tt.ptr<f8E5M2>>, tensor<64x128xi32>
    %ldbK = arith.muli %ldb, %c1 : i32
    %r:3 = scf.for %i = %c0 to %k step %c1 iter_args(%pa = %aptr, %pb = %bptr, %acc = %zero) -> (tensor<128x64x!tt.ptr<f8E5M2>>, tensor<64x128x!tt.ptr<f8E5M2>>, tensor<128x128xf32>) : i32 {
      %va = tt.load %pa : tensor<128x64x!tt.ptr<f8E5M2>>
      %vb = tt.load %pb : tensor<64x128x!tt.ptr<f8E5M2>>
      %d = tt.dot %va, %vb, %acc, inputPrecision = tf32 {maxNumImpreciseAcc = 1073741824 : i32} : tensor<128x64xf8E5M2> * tensor<64x128xf8E5M2> -> tensor<128x128xf32>
      %na = tt.addptr %pa, %stepA : tensor<128x64x!tt.ptr<f8E5M2>>, tensor<128x64xi32>
      %sb = arith.muli %ldb, %c1 : i32
      %sb64 = arith.muli %sb, %c1 : i32
      %sbs = tt.splat %sb64 : i32 -> tensor<64x128xi32>
      %nb = tt.addptr %pb, %sbs : tensor<64x128x!tt.ptr<f8E5M2>>, tensor<64x128xi32>
      scf.yield %na, %nb, %d : tensor<128x64x!tt.ptr<f8E5M2>>, tensor<64x128x!tt.ptr<f8E5M2>>, tensor<128x128xf32>
    }
    %cm = tt.expand_dims %rm {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %cn = tt.expand_dims %rn {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
    %cst_n = arith.constant dense<128> : tensor<128x1xi32>
    %cm2 = arith.muli %cm, %cst_n : tensor<128x1xi32>
    %cm3 = tt.broadcast %cm2 : tensor<128x1xi32> -> tensor<128x128xi32>
    %cn3 = tt.broadcast %cn : tensor<1x128xi32> -> tensor<128x128xi32>
    %coff = arith.addi %cm3, %cn3 : tensor<128x128xi32>
    %cbase = tt.splat %c : !tt.ptr<f32> -> tensor<128x128x!tt.ptr<f32>>
    %cptr = tt.addptr %cbase, %coff : tensor<128x128x!tt.ptr<f32>>, tensor<128x128xi32>
    tt.store %cptr, %r#2 : tensor<128x128x!tt.ptr<f32>>
    tt.return
  }
}

