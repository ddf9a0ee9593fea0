// RUN: tt-opt %s --tt-llir -split-input-file | FileCheck %s

// tt.print: vprintf(format, args) once per element a thread holds, the
// arguments (pid x/y/z, the index, the promoted value) in a stack buffer
// allocated in the entry block, one per argument layout.
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-DAG: llvm.mlir.global internal constant @printfFormat_{{[0-9]+}}("pid (%u, %u, %u) idx (%3u) x: %f\0A\00")
  // CHECK-DAG: llvm.mlir.global internal constant @printfFormat_{{[0-9]+}}("pid (%u, %u, %u) idx () n: %lli\0A\00")
  // CHECK-DAG: llvm.mlir.global internal constant @printfFormat_{{[0-9]+}}("pid (%u, %u, %u) idx (%3u) 100%% (operand 1) 0x%04x\0A\00")
  // CHECK-DAG: llvm.mlir.global internal constant @printfFormat_{{[0-9]+}}("pid (%u, %u, %u) plain\0A\00")
  // CHECK-DAG: llvm.func @vprintf(!llvm.ptr, !llvm.ptr) -> i32
  // CHECK-LABEL: llvm.func @print(
  // CHECK-DAG: %[[BUF:.*]] = llvm.alloca %{{.*}} x !llvm.struct<(i32, i32, i32, i32, f64)>
  // CHECK-DAG: llvm.alloca %{{.*}} x !llvm.struct<(i32, i32, i32, i64)>
  // CHECK-DAG: llvm.alloca %{{.*}} x !llvm.struct<(i32, i32, i32, i32, i32)>
  // CHECK-DAG: llvm.alloca %{{.*}} x !llvm.struct<(i32, i32, i32)>
  // CHECK-NOT: llvm.alloca
  // CHECK: %[[X:.*]] = nvvm.read.ptx.sreg.ctaid.x
  // CHECK: %[[V:.*]] = llvm.fpext %{{.*}} : f16 to f64
  // CHECK: %[[F0:.*]] = llvm.getelementptr %[[BUF]][0, 0]
  // CHECK: llvm.store %[[X]], %[[F0]] : i32, !llvm.ptr
  // CHECK: %[[F4:.*]] = llvm.getelementptr %[[BUF]][0, 4]
  // CHECK: llvm.store %[[V]], %[[F4]] : f64, !llvm.ptr
  // CHECK: llvm.call @vprintf(%{{.*}}, %[[BUF]]) : (!llvm.ptr, !llvm.ptr) -> i32
  // CHECK: llvm.call @vprintf(%{{.*}}, %[[BUF]])
  // CHECK: llvm.zext %{{.*}} : i16 to i32
  tt.func public @print(%x: tensor<256xf16, #blocked>, %n: i64, %h: tensor<256xi16, #blocked>) {
    tt.print " x: " {hex = false, isSigned = array<i32: 0>} : %x : tensor<256xf16, #blocked>
    tt.print " n: " {hex = false, isSigned = array<i32: 1>} : %n : i64
    tt.print " 100% " {hex = true, isSigned = array<i32: 1, 1>} : %h, %h : tensor<256xi16, #blocked>, tensor<256xi16, #blocked>
    tt.print " plain" {hex = false, isSigned = array<i32>}
    tt.return
  }
}

// -----

// tt.assert: if any element this thread holds is false, __assertfail with
// the message, the file and line of the op's location, the function name.
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-DAG: llvm.mlir.global internal constant @assertMessage_0("index out of range\00")
  // CHECK-DAG: llvm.mlir.global internal constant @assertFile_0("kernel.py\00")
  // CHECK-DAG: llvm.mlir.global internal constant @assertFunc_0("check\00")
  // CHECK-DAG: llvm.func @__assertfail(!llvm.ptr, !llvm.ptr, i32, !llvm.ptr, i64)
  // CHECK-LABEL: llvm.func @check(
  // CHECK: %[[LINE:.*]] = llvm.mlir.constant(42 : i32) : i32
  // CHECK: %[[F0:.*]] = llvm.icmp "eq" %{{.*}}, %{{.*}} : i1
  // CHECK: %[[F1:.*]] = llvm.icmp "eq" %{{.*}}, %{{.*}} : i1
  // CHECK: %[[ANY:.*]] = llvm.or %[[F0]], %[[F1]] : i1
  // CHECK: llvm.cond_br %[[ANY]], ^[[FAIL:.*]], ^[[OK:.*]]
  // CHECK: ^[[FAIL]]:
  // CHECK: llvm.call @__assertfail(%{{.*}}, %{{.*}}, %[[LINE]], %{{.*}}, %{{.*}}) : (!llvm.ptr, !llvm.ptr, i32, !llvm.ptr, i64) -> ()
  // CHECK: llvm.br ^[[OK]]
  // CHECK: ^[[OK]]:
  // CHECK: nvvm.barrier0
  tt.func public @check(%ok: tensor<256xi1, #blocked>) {
    tt.assert %ok, "index out of range" : tensor<256xi1, #blocked> loc("kernel.py":42:7)
    tt.return
  }
}
