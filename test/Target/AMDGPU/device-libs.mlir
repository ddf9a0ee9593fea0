// The ROCm device libraries are linked only when the kernel calls them, and
// internalized: nothing of them is left but what was inlined.
// REQUIRES: rocm-device-libs
// RUN: tt-translate --target hip:gfx942 --llvmir %s -o - | FileCheck %s
// RUN: tt-translate --target hip:gfx942 --hsaco %s -o %t.hsaco
// RUN: llvm-objdump -d --mcpu=gfx942 %t.hsaco | FileCheck %s --check-prefix=ASM --implicit-check-not="<unknown>"
// No library: a helpful error.
// RUN: env TRITON_HIP_DEVICE_LIB_DIR=%t.nowhere not tt-translate --target hip:gfx942 --llvmir %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOLIB
// A kernel without library calls needs none.
// RUN: env TRITON_HIP_DEVICE_LIB_DIR=%t.nowhere tt-translate --target hip:gfx942 --llvmir %S/Inputs/add.ttir -o - | FileCheck %s --check-prefix=NOCALLS

// math.erf is __ocml_erf_f32, tt.get_num_programs __ockl_get_num_groups
// (which reads the code object v5 implicit arguments).
// CHECK: define amdgpu_kernel void @kernel(
// CHECK: llvm.amdgcn.implicitarg.ptr
// CHECK-NOT: {{^}}define
// CHECK-NOT: declare {{.*}}@__oc
// CHECK: !{i32 1, !"amdhsa_code_object_version", i32 500}
// ASM: <kernel>:
// ASM: s_endpgm
// NOLIB: tt-translate: the kernel calls ROCm device-library functions (__ocml_*/__ockl_*), but no ocml.bc was found: install Debian's rocm-device-libs or set TRITON_HIP_DEVICE_LIB_DIR
// NOCALLS: define amdgpu_kernel void @add_kernel(
// NOCALLS-NOT: __oc
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @kernel(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %pid = tt.get_program_id x : i32
    %np = tt.get_num_programs x : i32
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %p = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %pp = tt.addptr %p, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %v = tt.load %pp : tensor<1024x!tt.ptr<f32>, #blocked>
    %e = math.erf %v : tensor<1024xf32, #blocked>
    %q = tt.splat %y : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %off = arith.addi %pid, %np : i32
    %offs = tt.splat %off : i32 -> tensor<1024xi32, #blocked>
    %idx = arith.addi %r, %offs : tensor<1024xi32, #blocked>
    %qq = tt.addptr %q, %idx : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    tt.store %qq, %e : tensor<1024x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
