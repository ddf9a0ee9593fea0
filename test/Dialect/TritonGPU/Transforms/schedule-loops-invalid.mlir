// RUN: tt-opt %s --tritongpu-assign-latencies=num-stages=3 --tritongpu-schedule-loops --tritongpu-pipeline -verify-diagnostics | FileCheck %s

// The pointer the loop ends with is used after it: its increments would run
// ahead of the last iteration, so the loop is left as it is.
#a = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @pointer_used_after_loop
  // CHECK-NOT: async_copy
  // CHECK-NOT: loop.stage
  // CHECK-NOT: tt.latency
  // CHECK: tt.load
  tt.func @pointer_used_after_loop(%a0: tensor<128x64x!tt.ptr<f16>, #a>, %bs: !ttg.memdesc<64x128xf16, #shared, #smem>, %n: i32) -> (tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #a>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %step = arith.constant dense<64> : tensor<128x64xi32, #a>
    // expected-remark @+1 {{loop not pipelined: no stage assignment keeps every value computed before it is used}}
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%ptr = %a0, %acc = %zero) -> (tensor<128x64x!tt.ptr<f16>, #a>, tensor<128x128xf32, #mma>) : i32 {
      %v = tt.load %ptr : tensor<128x64x!tt.ptr<f16>, #a>
      %s = ttg.local_alloc %v : (tensor<128x64xf16, #a>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %d = ttng.warp_group_dot %s, %bs, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
      %next = tt.addptr %ptr, %step : tensor<128x64x!tt.ptr<f16>, #a>, tensor<128x64xi32, #a>
      scf.yield %next, %d : tensor<128x64x!tt.ptr<f16>, #a>, tensor<128x128xf32, #mma>
    }
    tt.return %r#1, %r#0 : tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #a>
  }
}
