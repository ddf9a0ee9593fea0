// RUN: tt-opt %s -split-input-file --tritongpu-prefetch | FileCheck %s

// A loop carrying the shared-memory buffers of its single mma.sync dot
// (K = 32, f16, kWidth 2: slices of 16). The first slices are read before
// the loop and carried; in the loop the first dot uses them, the second
// reads K = 16..31 of this iteration's buffers through memdesc_subslice;
// the first slices of the buffers the iteration yields are read last.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
#dA = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#dB = #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @carried
  // CHECK-SAME: (%[[A0:[^:]*]]: !ttg.memdesc<64x32xf16, #shared, #smem>, %[[B0:[^:]*]]: !ttg.memdesc<32x64xf16, #shared, #smem>, %[[A1:[^:]*]]: !ttg.memdesc<64x32xf16, #shared, #smem>, %[[B1:[^:]*]]: !ttg.memdesc<32x64xf16, #shared, #smem>
  // CHECK: %[[SA0:.*]] = ttg.memdesc_subslice %[[A0]][0, 0] : !ttg.memdesc<64x32xf16, #shared, #smem> -> !ttg.memdesc<64x16xf16, #shared, #smem, 64x32>
  // CHECK: %[[PA0:.*]] = ttg.local_load %[[SA0]] : !ttg.memdesc<64x16xf16, #shared, #smem, 64x32> -> tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  // CHECK: %[[SB0:.*]] = ttg.memdesc_subslice %[[B0]][0, 0] : !ttg.memdesc<32x64xf16, #shared, #smem> -> !ttg.memdesc<16x64xf16, #shared, #smem, 32x64>
  // CHECK: %[[PB0:.*]] = ttg.local_load %[[SB0]]
  // CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[A:.*]] = %[[A0]], %[[B:.*]] = %[[B0]], %[[PA:.*]] = %[[PA0]], %[[PB:.*]] = %[[PB0]]) -> (tensor<64x64xf32, #mma>, !ttg.memdesc<64x32xf16, #shared, #smem>, !ttg.memdesc<32x64xf16, #shared, #smem>, tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>)
  // CHECK-NEXT: %[[D0:.*]] = tt.dot %[[PA]], %[[PB]], %[[ACC]]
  // CHECK-NEXT: %[[SA:.*]] = ttg.memdesc_subslice %[[A]][0, 16] : !ttg.memdesc<64x32xf16, #shared, #smem> -> !ttg.memdesc<64x16xf16, #shared, #smem, 64x32>
  // CHECK-NEXT: %[[XA:.*]] = ttg.local_load %[[SA]]
  // CHECK-NEXT: %[[SB:.*]] = ttg.memdesc_subslice %[[B]][16, 0] : !ttg.memdesc<32x64xf16, #shared, #smem> -> !ttg.memdesc<16x64xf16, #shared, #smem, 32x64>
  // CHECK-NEXT: %[[XB:.*]] = ttg.local_load %[[SB]]
  // CHECK-NEXT: %[[D1:.*]] = tt.dot %[[XA]], %[[XB]], %[[D0]], inputPrecision = tf32
  // CHECK-NEXT: %[[NA:.*]] = ttg.memdesc_subslice %[[A1]][0, 0]
  // CHECK-NEXT: %[[NXA:.*]] = ttg.local_load %[[NA]]
  // CHECK-NEXT: %[[NB:.*]] = ttg.memdesc_subslice %[[B1]][0, 0]
  // CHECK-NEXT: %[[NXB:.*]] = ttg.local_load %[[NB]]
  // CHECK-NEXT: scf.yield %[[D1]], %[[A1]], %[[B1]], %[[NXA]], %[[NXB]]
  // CHECK-NOT: ttg.local_load
  // CHECK: tt.return
  tt.func @carried(%a0: !ttg.memdesc<64x32xf16, #shared, #smem>, %b0: !ttg.memdesc<32x64xf16, #shared, #smem>, %a1: !ttg.memdesc<64x32xf16, #shared, #smem>, %b1: !ttg.memdesc<32x64xf16, #shared, #smem>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %a = %a0, %b = %b0) -> (tensor<64x64xf32, #mma>, !ttg.memdesc<64x32xf16, #shared, #smem>, !ttg.memdesc<32x64xf16, #shared, #smem>) : i32 {
      %x = ttg.local_load %a : !ttg.memdesc<64x32xf16, #shared, #smem> -> tensor<64x32xf16, #dA>
      %y = ttg.local_load %b : !ttg.memdesc<32x64xf16, #shared, #smem> -> tensor<32x64xf16, #dB>
      %d = tt.dot %x, %y, %acc, inputPrecision = tf32 : tensor<64x32xf16, #dA> * tensor<32x64xf16, #dB> -> tensor<64x64xf32, #mma>
      scf.yield %d, %a1, %b1 : tensor<64x64xf32, #mma>, !ttg.memdesc<64x32xf16, #shared, #smem>, !ttg.memdesc<32x64xf16, #shared, #smem>
    }
    tt.return %r#0 : tensor<64x64xf32, #mma>
  }
}

// -----

// An operand upcast after its load (fp8 read as f16): the chain of
// single-use ops is replayed on every slice. K = 64: four slices.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
#dA = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#dB = #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @upcast
  // CHECK: ttg.memdesc_subslice %{{.*}}[0, 0] : !ttg.memdesc<64x64xf8E5M2, #shared, #smem, mutable> -> !ttg.memdesc<64x16xf8E5M2, #shared, #smem, mutable, 64x64>
  // CHECK-NEXT: ttg.local_load {{.*}} -> tensor<64x16xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  // CHECK-NEXT: tt.fp_to_fp {{.*}} -> tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  // CHECK: scf.for
  // CHECK-COUNT-3: tt.dot
  // CHECK: ttg.memdesc_subslice %{{.*}}[0, 48]
  // CHECK-NEXT: ttg.local_load
  // CHECK-NEXT: tt.fp_to_fp
  // CHECK-NEXT: ttg.memdesc_subslice %{{.*}}[48, 0]
  // CHECK-NEXT: ttg.local_load
  // CHECK-NEXT: tt.dot
  // CHECK-NOT: tt.dot
  // CHECK: scf.yield
  tt.func @upcast(%a0: !ttg.memdesc<64x64xf8E5M2, #shared, #smem, mutable>, %b0: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %a = %a0, %b = %b0) -> (tensor<64x64xf32, #mma>, !ttg.memdesc<64x64xf8E5M2, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>) : i32 {
      %x8 = ttg.local_load %a : !ttg.memdesc<64x64xf8E5M2, #shared, #smem, mutable> -> tensor<64x64xf8E5M2, #dA>
      %x = tt.fp_to_fp %x8 : tensor<64x64xf8E5M2, #dA> -> tensor<64x64xf16, #dA>
      %y = ttg.local_load %b : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf16, #dB>
      %d = tt.dot %x, %y, %acc : tensor<64x64xf16, #dA> * tensor<64x64xf16, #dB> -> tensor<64x64xf32, #mma>
      scf.yield %d, %a, %b : tensor<64x64xf32, #mma>, !ttg.memdesc<64x64xf8E5M2, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    }
    tt.return %r#0 : tensor<64x64xf32, #mma>
  }
}

// -----

// Loops the pass must leave alone.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
#dA = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#dB = #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // The pipeliner's form: a slot of a multi-buffered allocation indexed
  // inside the loop (and read after an async_wait, with its token), as in
  // upstream's and our sm_80 matmuls.
  // CHECK-LABEL: tt.func @pipelined
  // CHECK-NOT: ttg.memdesc_subslice
  // CHECK-COUNT-1: tt.dot
  // CHECK-NOT: tt.dot
  // CHECK: tt.return
  tt.func @pipelined(%abuf: !ttg.memdesc<3x64x32xf16, #shared, #smem, mutable>, %bbuf: !ttg.memdesc<3x32x64xf16, #shared, #smem, mutable>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %a = ttg.memdesc_index %abuf[%i] : !ttg.memdesc<3x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
      %b = ttg.memdesc_index %bbuf[%i] : !ttg.memdesc<3x32x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
      %x = ttg.local_load %a : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> -> tensor<64x32xf16, #dA>
      %y = ttg.local_load %b : !ttg.memdesc<32x64xf16, #shared, #smem, mutable> -> tensor<32x64xf16, #dB>
      %d = tt.dot %x, %y, %acc : tensor<64x32xf16, #dA> * tensor<32x64xf16, #dB> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }

  // Carried buffers read with an async token: the wait orders this
  // iteration's copies, a load one iteration early would not be.
  // CHECK-LABEL: tt.func @token
  // CHECK-NOT: ttg.memdesc_subslice
  // CHECK: tt.return
  tt.func @token(%a0: !ttg.memdesc<64x32xf16, #shared, #smem, mutable>, %b0: !ttg.memdesc<32x64xf16, #shared, #smem, mutable>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %a = %a0, %b = %b0) -> (tensor<64x64xf32, #mma>, !ttg.memdesc<64x32xf16, #shared, #smem, mutable>, !ttg.memdesc<32x64xf16, #shared, #smem, mutable>) : i32 {
      %t = ttg.async_wait {num = 0 : i32}
      %x = ttg.local_load %a token %t : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> -> tensor<64x32xf16, #dA>
      %y = ttg.local_load %b token %t : !ttg.memdesc<32x64xf16, #shared, #smem, mutable> -> tensor<32x64xf16, #dB>
      %d = tt.dot %x, %y, %acc : tensor<64x32xf16, #dA> * tensor<32x64xf16, #dB> -> tensor<64x64xf32, #mma>
      scf.yield %d, %a, %b : tensor<64x64xf32, #mma>, !ttg.memdesc<64x32xf16, #shared, #smem, mutable>, !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
    }
    tt.return %r#0 : tensor<64x64xf32, #mma>
  }

  // Two dots in the loop (attention-like): left alone.
  // CHECK-LABEL: tt.func @two_dots
  // CHECK-NOT: ttg.memdesc_subslice
  // CHECK: tt.return
  tt.func @two_dots(%a0: !ttg.memdesc<64x32xf16, #shared, #smem>, %b0: !ttg.memdesc<32x64xf16, #shared, #smem>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %a = %a0, %b = %b0) -> (tensor<64x64xf32, #mma>, !ttg.memdesc<64x32xf16, #shared, #smem>, !ttg.memdesc<32x64xf16, #shared, #smem>) : i32 {
      %x = ttg.local_load %a : !ttg.memdesc<64x32xf16, #shared, #smem> -> tensor<64x32xf16, #dA>
      %y = ttg.local_load %b : !ttg.memdesc<32x64xf16, #shared, #smem> -> tensor<32x64xf16, #dB>
      %d = tt.dot %x, %y, %acc : tensor<64x32xf16, #dA> * tensor<32x64xf16, #dB> -> tensor<64x64xf32, #mma>
      %x2 = ttg.local_load %a : !ttg.memdesc<64x32xf16, #shared, #smem> -> tensor<64x32xf16, #dA>
      %y2 = ttg.local_load %b : !ttg.memdesc<32x64xf16, #shared, #smem> -> tensor<32x64xf16, #dB>
      %e = tt.dot %x2, %y2, %d : tensor<64x32xf16, #dA> * tensor<32x64xf16, #dB> -> tensor<64x64xf32, #mma>
      scf.yield %e, %a, %b : tensor<64x64xf32, #mma>, !ttg.memdesc<64x32xf16, #shared, #smem>, !ttg.memdesc<32x64xf16, #shared, #smem>
    }
    tt.return %r#0 : tensor<64x64xf32, #mma>
  }

  // The body stores into the carried buffer before reading it: a slice
  // read at the end of the previous iteration would be stale.
  // CHECK-LABEL: tt.func @store_first
  // CHECK-NOT: ttg.memdesc_subslice
  // CHECK: tt.return
  tt.func @store_first(%a0: !ttg.memdesc<64x32xf16, #shared, #smem, mutable>, %b0: !ttg.memdesc<32x64xf16, #shared, #smem, mutable>, %t: tensor<64x32xf16, #dA>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %a = %a0, %b = %b0) -> (tensor<64x64xf32, #mma>, !ttg.memdesc<64x32xf16, #shared, #smem, mutable>, !ttg.memdesc<32x64xf16, #shared, #smem, mutable>) : i32 {
      ttg.local_store %t, %a : tensor<64x32xf16, #dA> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
      %x = ttg.local_load %a : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> -> tensor<64x32xf16, #dA>
      %y = ttg.local_load %b : !ttg.memdesc<32x64xf16, #shared, #smem, mutable> -> tensor<32x64xf16, #dB>
      %d = tt.dot %x, %y, %acc : tensor<64x32xf16, #dA> * tensor<32x64xf16, #dB> -> tensor<64x64xf32, #mma>
      scf.yield %d, %a, %b : tensor<64x64xf32, #mma>, !ttg.memdesc<64x32xf16, #shared, #smem, mutable>, !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
    }
    tt.return %r#0 : tensor<64x64xf32, #mma>
  }

  // K = 8 is narrower than one slice (16 for kWidth 2): left alone.
  // CHECK-LABEL: tt.func @narrow
  // CHECK-NOT: ttg.memdesc_subslice
  // CHECK: tt.return
  tt.func @narrow(%a0: !ttg.memdesc<64x8xf16, #shared, #smem>, %b0: !ttg.memdesc<8x64xf16, #shared, #smem>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %a = %a0, %b = %b0) -> (tensor<64x64xf32, #mma>, !ttg.memdesc<64x8xf16, #shared, #smem>, !ttg.memdesc<8x64xf16, #shared, #smem>) : i32 {
      %x = ttg.local_load %a : !ttg.memdesc<64x8xf16, #shared, #smem> -> tensor<64x8xf16, #dA>
      %y = ttg.local_load %b : !ttg.memdesc<8x64xf16, #shared, #smem> -> tensor<8x64xf16, #dB>
      %d = tt.dot %x, %y, %acc : tensor<64x8xf16, #dA> * tensor<8x64xf16, #dB> -> tensor<64x64xf32, #mma>
      scf.yield %d, %a, %b : tensor<64x64xf32, #mma>, !ttg.memdesc<64x8xf16, #shared, #smem>, !ttg.memdesc<8x64xf16, #shared, #smem>
    }
    tt.return %r#0 : tensor<64x64xf32, #mma>
  }
}
