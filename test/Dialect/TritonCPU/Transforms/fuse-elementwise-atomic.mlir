// RUN: tt-opt %s --convert-triton-to-linalg --tritoncpu-fuse-elementwise | FileCheck %s

// An atomic whose old values are stored is not fused into the store: the
// fused copy and the original (kept for its writes) would both add, and
// upstream's test_tensor_atomic_rmw saw every sum twice.
// CHECK-LABEL: func.func @atomic_then_store
// CHECK:     call @__tt_cpu_atomicrmw.fadd.acq_rel.f32
// CHECK-NOT: call @__tt_cpu_atomicrmw
// CHECK:     llvm.store
// CHECK-NOT: call @__tt_cpu_atomicrmw
// CHECK:     return
module {
  tt.func public @atomic_then_store(%z: !tt.ptr<f32>, %x: !tt.ptr<f32>, %old: !tt.ptr<f32>) {
    %r = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
    %xa = tt.addptr %xs, %r : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
    %xv = tt.load %xa : tensor<8x!tt.ptr<f32>>
    %zs = tt.splat %z : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
    %za = tt.addptr %zs, %r : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
    %o = tt.atomic_rmw fadd, acq_rel, gpu, %za, %xv : (tensor<8x!tt.ptr<f32>>, tensor<8xf32>) -> tensor<8xf32>
    %os = tt.splat %old : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
    %oa = tt.addptr %os, %r : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
    tt.store %oa, %o : tensor<8x!tt.ptr<f32>>
    tt.return
  }
}
