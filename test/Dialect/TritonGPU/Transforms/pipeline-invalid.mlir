// RUN: tt-opt %s -split-input-file --tritongpu-pipeline -verify-diagnostics | FileCheck %s

// A schedule written by hand that misses an op: the pipeliner reports it
// and leaves the loop (without the schedule attributes).
#a = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @incomplete_schedule
  // CHECK-NOT: loop.stage
  // CHECK-NOT: tt.scheduled_max_stage
  // CHECK: tt.load
  // CHECK: ttng.warp_group_dot
  tt.func @incomplete_schedule(%a0: tensor<128x64x!tt.ptr<f16>, #a>, %bs: !ttg.memdesc<64x128xf16, #shared, #smem>, %n: i32) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %step = arith.constant dense<64> : tensor<128x64xi32, #a>
    // expected-remark @+1 {{loop not pipelined: its schedule (loop.stage, loop.cluster) is incomplete or uses values before they are computed}}
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%ptr = %a0, %acc = %zero) -> (tensor<128x64x!tt.ptr<f16>, #a>, tensor<128x128xf32, #mma>) : i32 {
      %v = tt.load %ptr {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<128x64x!tt.ptr<f16>, #a>
      %s = ttg.local_alloc %v {loop.cluster = 0 : i32, loop.stage = 2 : i32} : (tensor<128x64xf16, #a>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %d = ttng.warp_group_dot %s, %bs, %acc {inputPrecision = 0 : i32, loop.cluster = 0 : i32, loop.stage = 2 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
      %next = tt.addptr %ptr, %step : tensor<128x64x!tt.ptr<f16>, #a>, tensor<128x64xi32, #a>
      scf.yield %next, %d : tensor<128x64x!tt.ptr<f16>, #a>, tensor<128x128xf32, #mma>
    } {tt.scheduled_max_stage = 2 : i32}
    tt.return %r#1 : tensor<128x128xf32, #mma>
  }
}

// -----

// A schedule that reads the loaded value in the stage of the load itself
// while the increment feeding it comes one stage later than allowed.
#a = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @reads_before_computed
  // CHECK-NOT: async_copy
  tt.func @reads_before_computed(%a0: tensor<128x64x!tt.ptr<f16>, #a>, %bs: !ttg.memdesc<64x128xf16, #shared, #smem>, %n: i32) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %step = arith.constant dense<64> : tensor<128x64xi32, #a>
    // expected-remark @+1 {{loop not pipelined: its schedule (loop.stage, loop.cluster) is incomplete or uses values before they are computed}}
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%ptr = %a0, %acc = %zero) -> (tensor<128x64x!tt.ptr<f16>, #a>, tensor<128x128xf32, #mma>) : i32 {
      %v = tt.load %ptr {loop.cluster = 2 : i32, loop.stage = 0 : i32} : tensor<128x64x!tt.ptr<f16>, #a>
      %s = ttg.local_alloc %v {loop.cluster = 0 : i32, loop.stage = 2 : i32} : (tensor<128x64xf16, #a>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %d = ttng.warp_group_dot %s, %bs, %acc {inputPrecision = 0 : i32, loop.cluster = 0 : i32, loop.stage = 2 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
      %next = tt.addptr %ptr, %step {loop.cluster = 1 : i32, loop.stage = 2 : i32} : tensor<128x64x!tt.ptr<f16>, #a>, tensor<128x64xi32, #a>
      scf.yield %next, %d : tensor<128x64x!tt.ptr<f16>, #a>, tensor<128x128xf32, #mma>
    } {tt.scheduled_max_stage = 2 : i32}
    tt.return %r#1 : tensor<128x128xf32, #mma>
  }
}
