// RUN: tt-opt %s -split-input-file --tritongpu-assign-latencies=num-stages=3 | FileCheck %s --check-prefix=LAT
// RUN: tt-opt %s -split-input-file --tritongpu-assign-latencies=num-stages=3 --tritongpu-schedule-loops --tritongpu-pipeline=num-stages=3 --canonicalize --cse | FileCheck %s

// A Hopper matmul loop reading its tiles through tensor descriptors, as
// accelerate-matmul and optimize-descriptor-encoding leave it. Both loads
// become TMA copies into 3-slot rings sharing one ring of mbarriers: the
// first two iterations are issued before the loop (each predicated on the
// loop running that far), the loop waits on the slot's barrier with the
// ring's phase, runs the wgmma asynchronously and issues the copies of
// iteration i + 2 under `i < n - 2`.
// LAT-LABEL: tt.func @tma_matmul
// LAT: tt.descriptor_load {{.*}} {tt.latency = 2 : i32}
// LAT: tt.descriptor_load {{.*}} {tt.latency = 2 : i32}

// CHECK-LABEL: tt.func @tma_matmul
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : i32
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : i32
// CHECK-DAG: %[[CM1:.*]] = arith.constant -1 : i32
// CHECK: %[[A:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
// CHECK: %[[B:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x64x128xf16, #shared, #smem, mutable>
// CHECK: %[[BARS:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x1xi64, #shared1, #smem, mutable>
// CHECK: %[[BAR0:.*]] = ttg.memdesc_index %[[BARS]][%[[C0]]]
// CHECK: ttng.init_barrier %[[BAR0]], 1
// CHECK: %[[BAR1:.*]] = ttg.memdesc_index %[[BARS]][%[[C1]]]
// CHECK: ttng.init_barrier %[[BAR1]], 1
// CHECK: %[[BAR2:.*]] = ttg.memdesc_index %[[BARS]][%[[C2]]]
// CHECK: ttng.init_barrier %[[BAR2]], 1
// Iteration 0, then 1, before the loop: 16384 + 16384 bytes per stage.
// CHECK: %[[P0:.*]] = arith.cmpi sgt, %arg3, %[[C0]]
// CHECK: ttng.barrier_expect %[[BAR0]], 32768, %[[P0]]
// CHECK: %[[A0:.*]] = ttg.memdesc_index %[[A]][%[[C0]]]
// CHECK: ttng.async_tma_copy_global_to_local %arg0[%arg4, %[[C0]]] %[[A0]], %[[BAR0]], %[[P0]]
// CHECK: %[[B0:.*]] = ttg.memdesc_index %[[B]][%[[C0]]]
// CHECK: ttng.async_tma_copy_global_to_local %arg1[%[[C0]], %arg5] %[[B0]], %[[BAR0]], %[[P0]]
// CHECK: %[[P1:.*]] = arith.cmpi sgt, %arg3, %[[C1]]
// CHECK: ttng.barrier_expect %[[BAR1]], 32768, %[[P1]]
// CHECK: ttng.async_tma_copy_global_to_local {{.*}}, %[[BAR1]], %[[P1]]
// CHECK: ttng.async_tma_copy_global_to_local {{.*}}, %[[BAR1]], %[[P1]]
// Inserting at slot 1 last, reading from slot -1 + 1, phase 0.
// CHECK: %[[LOOP:.*]]:4 = scf.for %[[I:.*]] = %[[C0]] to %arg3 step %[[C1]] iter_args(%[[ACC:.*]] = %{{.*}}, %[[INS:.*]] = %[[C1]], %[[EXT:.*]] = %[[CM1]], %[[PHASE:.*]] = %[[C0]])
// CHECK:   %[[LAST:.*]] = arith.subi %arg3, %[[C2]]
// CHECK:   %[[ISSUE:.*]] = arith.cmpi slt, %[[I]], %[[LAST]]
// CHECK:   %[[E1:.*]] = arith.addi %[[EXT]], %[[C1]]
// CHECK:   %[[WRAP:.*]] = arith.cmpi sge, %[[E1]], %[[C3]]
// CHECK:   %[[E:.*]] = arith.select %[[WRAP]], %[[C0]], %[[E1]]
// CHECK:   %[[FLIP:.*]] = arith.xori %[[PHASE]], %[[C1]]
// CHECK:   %[[PH:.*]] = arith.select %[[WRAP]], %[[FLIP]], %[[PHASE]]
// CHECK:   %[[RBAR:.*]] = ttg.memdesc_index %[[BARS]][%[[E]]]
// CHECK:   ttng.wait_barrier %[[RBAR]], %[[PH]] :
// CHECK:   %[[RA:.*]] = ttg.memdesc_index %[[A]][%[[E]]]
// CHECK:   %[[RB:.*]] = ttg.memdesc_index %[[B]][%[[E]]]
// CHECK:   %[[D:.*]] = ttng.warp_group_dot %[[RA]], %[[RB]], %[[ACC]] {inputPrecision = 0 : i32, isAsync = true}
// CHECK:   %[[W:.*]]:3 = ttng.warp_group_dot_wait %[[D]], %[[RA]], %[[RB]] {pendings = 1 : i32}
// CHECK:   %[[I1:.*]] = arith.addi %[[INS]], %[[C1]]
// CHECK:   %[[IWRAP:.*]] = arith.cmpi sge, %[[I1]], %[[C3]]
// CHECK:   %[[N:.*]] = arith.select %[[IWRAP]], %[[C0]], %[[I1]]
// CHECK:   %[[WBAR:.*]] = ttg.memdesc_index %[[BARS]][%[[N]]]
// CHECK:   ttng.barrier_expect %[[WBAR]], 32768, %[[ISSUE]]
// CHECK:   %[[WA:.*]] = ttg.memdesc_index %[[A]][%[[N]]]
// CHECK:   ttng.async_tma_copy_global_to_local %arg0[{{.*}}] %[[WA]], %[[WBAR]], %[[ISSUE]]
// CHECK:   %[[WB:.*]] = ttg.memdesc_index %[[B]][%[[N]]]
// CHECK:   ttng.async_tma_copy_global_to_local %arg1[{{.*}}] %[[WB]], %[[WBAR]], %[[ISSUE]]
// CHECK:   scf.yield %[[W]]#0, %[[N]], %[[E]], %[[PH]]
// After the loop: the last wgmma, the barriers invalidated, no cp.async
// wait, the buffers freed.
// CHECK: ttng.warp_group_dot_wait %[[LOOP]]#0 {pendings = 0 : i32}
// CHECK-NEXT: ttng.inval_barrier %[[BAR0]]
// CHECK-NEXT: ttng.inval_barrier %[[BAR1]]
// CHECK-NEXT: ttng.inval_barrier %[[BAR2]]
// CHECK-NOT: ttg.async_wait
// CHECK: ttg.local_dealloc %[[BARS]]
// CHECK-NEXT: ttg.local_dealloc %[[B]]
// CHECK-NEXT: ttg.local_dealloc %[[A]]
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tma_matmul(%da: !tt.tensordesc<tensor<128x64xf16, #shared>>, %db: !tt.tensordesc<tensor<64x128xf16, #shared>>, %out: !tt.tensordesc<tensor<128x128xf32, #shared>>, %n: i32, %m0: i32, %n0: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%c = %zero) -> (tensor<128x128xf32, #mma>) : i32 {
      %kk = arith.muli %k, %c64 : i32
      %a = tt.descriptor_load %da[%m0, %kk] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
      %as = ttg.local_alloc %a : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %b = tt.descriptor_load %db[%kk, %n0] : !tt.tensordesc<tensor<64x128xf16, #shared>> -> tensor<64x128xf16, #blocked>
      %bs = ttg.local_alloc %b : (tensor<64x128xf16, #blocked>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
      %d = ttng.warp_group_dot %as, %bs, %c {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
      scf.yield %d : tensor<128x128xf32, #mma>
    }
    %r = ttg.convert_layout %acc : tensor<128x128xf32, #mma> -> tensor<128x128xf32, #blocked>
    tt.descriptor_store %out[%m0, %n0], %r : !tt.tensordesc<tensor<128x128xf32, #shared>>, tensor<128x128xf32, #blocked>
    tt.return
  }
}

// -----

// A block stored in another layout than the descriptor's (an fp8 B operand
// stored K-major, say) is copied in the descriptor's layout and read back
// to registers: one slot per stage in flight (the wgmma reads the new
// buffer), its own counters, barriers and phase. A block that never
// reaches a dot is not pipelined.
// LAT-LABEL: tt.func @register_users
// LAT: tt.descriptor_load {{.*}} {tt.latency = 2 : i32}
// LAT: tt.descriptor_load
// LAT-NOT: tt.latency
// LAT: scf.yield
// CHECK-LABEL: tt.func @register_users
// CHECK: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x128x64xf16, #[[DESC:.*]], #smem, mutable>
// CHECK: %[[BARS:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64
// CHECK: ttng.barrier_expect {{.*}}, 16384,
// CHECK: scf.for {{.*}} -> (tensor<128x128xf32, #mma>, tensor<64x128xf16, #blocked>, i32, i32, i32, i32, i32)
// CHECK:   ttng.wait_barrier
// CHECK:   %[[SLOT:.*]] = ttg.memdesc_index %[[BUF]]
// CHECK:   %[[REG:.*]] = ttg.local_load %[[SLOT]] : !ttg.memdesc<128x64xf16, #[[DESC]], #smem, mutable> -> tensor<128x64xf16, #blocked>
// CHECK:   ttg.local_alloc %[[REG]] : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #{{shared[0-9]*}}, #smem>
// CHECK:   tt.descriptor_load
// CHECK:   ttng.warp_group_dot {{.*}}isAsync = true
// CHECK:   ttng.warp_group_dot_wait {{.*}} {pendings = 0 : i32}
// CHECK:   ttng.async_tma_copy_global_to_local
// CHECK: scf.yield
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared64 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @register_users(%da: !tt.tensordesc<tensor<128x64xf16, #shared64>>, %db: !tt.tensordesc<tensor<64x128xf16, #shared>>, %bs: !ttg.memdesc<64x128xf16, #shared, #smem>, %n: i32, %m0: i32, %n0: i32) -> (tensor<128x128xf32, #mma>, tensor<64x128xf16, #blocked>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %zb = arith.constant dense<0.000000e+00> : tensor<64x128xf16, #blocked>
    %acc:2 = scf.for %k = %c0 to %n step %c1 iter_args(%c = %zero, %s = %zb) -> (tensor<128x128xf32, #mma>, tensor<64x128xf16, #blocked>) : i32 {
      %kk = arith.muli %k, %c64 : i32
      %a = tt.descriptor_load %da[%m0, %kk] : !tt.tensordesc<tensor<128x64xf16, #shared64>> -> tensor<128x64xf16, #blocked>
      %as = ttg.local_alloc %a : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %b = tt.descriptor_load %db[%kk, %n0] : !tt.tensordesc<tensor<64x128xf16, #shared>> -> tensor<64x128xf16, #blocked>
      %sum = arith.addf %s, %b : tensor<64x128xf16, #blocked>
      %d = ttng.warp_group_dot %as, %bs, %c {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
      scf.yield %d, %sum : tensor<128x128xf32, #mma>, tensor<64x128xf16, #blocked>
    }
    tt.return %acc#0, %acc#1 : tensor<128x128xf32, #mma>, tensor<64x128xf16, #blocked>
  }
}
