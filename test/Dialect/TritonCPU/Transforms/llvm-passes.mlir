// RUN: tt-opt %s -split-input-file --tritoncpu-define-atomics --tritoncpu-packed-entry -verify-diagnostics | FileCheck %s

// The entry point loads each user argument through args[i] and forwards
// the grid parameters; the kernel becomes internal.
// CHECK-LABEL: llvm.func internal @kernel(%{{.*}}: !llvm.ptr, %{{.*}}: i32, %{{.*}}: f16, %{{.*}}: i1
// CHECK-NOT: tt.cpu.kernel
// CHECK-LABEL: llvm.func @kernel__packed
// CHECK-SAME: (%[[ARGS:.*]]: !llvm.ptr, %[[PX:.*]]: i32, %[[PY:.*]]: i32, %[[PZ:.*]]: i32, %[[NX:.*]]: i32, %[[NY:.*]]: i32, %[[NZ:.*]]: i32)
// CHECK: %[[S0:.*]] = llvm.getelementptr %[[ARGS]][0] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
// CHECK: %[[A0:.*]] = llvm.load %[[S0]] {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
// CHECK: %[[V0:.*]] = llvm.load %[[A0]] {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
// CHECK: %[[S1:.*]] = llvm.getelementptr %[[ARGS]][1] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
// CHECK: %[[A1:.*]] = llvm.load %[[S1]] {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
// CHECK: %[[V1:.*]] = llvm.load %[[A1]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK: %[[V2:.*]] = llvm.load %{{.*}} {alignment = 2 : i64} : !llvm.ptr -> f16
// CHECK: %[[V3:.*]] = llvm.load %{{.*}} {alignment = 1 : i64} : !llvm.ptr -> i1
// CHECK: llvm.call @kernel(%[[V0]], %[[V1]], %[[V2]], %[[V3]], %[[PX]], %[[PY]], %[[PZ]], %[[NX]], %[[NY]], %[[NZ]])
// CHECK: llvm.return
module {
  llvm.func @kernel(%p: !llvm.ptr, %n: i32, %h: f16, %b: i1, %px: i32, %py: i32, %pz: i32, %nx: i32, %ny: i32, %nz: i32) attributes {tt.cpu.kernel} {
    llvm.return
  }
}

// -----

// Atomic helpers get their bodies; cmpxchg on floats swaps their bits.
// CHECK-LABEL: llvm.func internal @__tt_cpu_atomicrmw.fadd.acq_rel.f32
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: f32) -> f32 attributes {always_inline}
// CHECK: %[[OLD:.*]] = llvm.atomicrmw fadd %[[P]], %[[V]] acq_rel {alignment = 4 : i64} : !llvm.ptr, f32
// CHECK: llvm.return %[[OLD]] : f32
// CHECK-LABEL: llvm.func internal @__tt_cpu_cmpxchg.acq_rel.f32
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[C:.*]]: f32, %[[V:.*]]: f32) -> f32
// CHECK: %[[CI:.*]] = llvm.bitcast %[[C]] : f32 to i32
// CHECK: %[[VI:.*]] = llvm.bitcast %[[V]] : f32 to i32
// CHECK: %[[PAIR:.*]] = llvm.cmpxchg %[[P]], %[[CI]], %[[VI]] acq_rel acquire {alignment = 4 : i64} : !llvm.ptr, i32
// CHECK: %[[OLD:.*]] = llvm.extractvalue %[[PAIR]][0] : !llvm.struct<(i32, i1)>
// CHECK: %[[F:.*]] = llvm.bitcast %[[OLD]] : i32 to f32
// CHECK: llvm.return %[[F]] : f32
// Other declarations are left alone.
// CHECK: llvm.func @expf(f32) -> f32
module {
  llvm.func @__tt_cpu_atomicrmw.fadd.acq_rel.f32(!llvm.ptr, f32) -> f32
  llvm.func @__tt_cpu_cmpxchg.acq_rel.f32(!llvm.ptr, f32, f32) -> f32
  llvm.func @expf(f32) -> f32
}

// -----

module {
  // expected-error @+1 {{a CPU kernel must return nothing and end with the six i32 grid parameters}}
  llvm.func @bad(%p: !llvm.ptr) attributes {tt.cpu.kernel} {
    llvm.return
  }
}
