// RUN: tt-opt %s --tt-llir -split-input-file -verify-diagnostics | FileCheck %s

// A masked, 4-wide coalesced copy: one predicated 128-bit load and store per
// 4 elements, the kernel ABI's two scratch pointers appended.
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @copy(
  // CHECK-SAME: %{{.*}}: !llvm.ptr<1>, %{{.*}}: !llvm.ptr<1>, %{{.*}}: i32, %{{.*}}: !llvm.ptr<1>, %{{.*}}: !llvm.ptr<1>)
  // CHECK-SAME: nvvm.kernel
  // CHECK-SAME: nvvm.reqntid = array<i32: 128>
  // CHECK: nvvm.read.ptx.sreg.tid.x
  // CHECK: llvm.inline_asm has_side_effects {{.*}}@$5 ld.global.v4.b32 { $0, $1, $2, $3 }, [ $4 + 0 ];", "=r,=r,=r,=r,l,b"
  // CHECK: llvm.inline_asm has_side_effects {{.*}}@$5 st.global.v4.b32 [ $0 + 0 ], { $1, $2, $3, $4 };", "l,r,r,r,r,b"
  tt.func public @copy(%src: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %dst: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
    %ns = tt.splat %n : i32 -> tensor<512xi32, #blocked>
    %m = arith.cmpi slt, %r, %ns : tensor<512xi32, #blocked>
    %ps = tt.splat %src : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %p = tt.addptr %ps, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    %v = tt.load %p, %m : tensor<512x!tt.ptr<f32>, #blocked>
    %qs = tt.splat %dst : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %q = tt.addptr %qs, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    tt.store %q, %v, %m : tensor<512x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// Without alignment hints the pointers may be unaligned: scalar accesses.
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @unaligned(
  // CHECK-NOT: ld.global.v4
  // CHECK: ld.global.b32
  tt.func public @unaligned(%src: !tt.ptr<f32>, %dst: !tt.ptr<f32>) {
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
    %ps = tt.splat %src : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %p = tt.addptr %ps, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    %v = tt.load %p : tensor<512x!tt.ptr<f32>, #blocked>
    %qs = tt.splat %dst : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %q = tt.addptr %qs, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    tt.store %q, %v : tensor<512x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// A row sum over 4 warps: in-thread adds, 5 butterfly shuffles across the
// lanes, then the warp partials through shared memory between barriers.
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK: llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64}
  // CHECK-LABEL: llvm.func @sum(
  // CHECK-COUNT-5: nvvm.shfl.sync bfly
  // CHECK: nvvm.barrier0
  // CHECK: llvm.store {{.*}} !llvm.ptr<3>
  // CHECK: nvvm.barrier0
  // CHECK-COUNT-4: llvm.load {{.*}} !llvm.ptr<3>
  tt.func public @sum(%src: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %dst: !tt.ptr<f32>) {
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
    %ps = tt.splat %src : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %p = tt.addptr %ps, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    %v = tt.load %p : tensor<512x!tt.ptr<f32>, #blocked>
    %s = "tt.reduce"(%v) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %c = arith.addf %a, %b : f32
      tt.reduce.return %c : f32
    }) : (tensor<512xf32, #blocked>) -> f32
    tt.store %dst, %s : !tt.ptr<f32>
    tt.return
  }
}

// -----

// Encodings the lowering does not handle yet are refused with a message: a
// 128-byte swizzle needs rows of at least 128 bytes.
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#smem = #ttg.shared_memory
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @alloc() {
    %c = arith.constant dense<1.0> : tensor<128x8xf32, #blocked>
    // expected-error @+2 {{cannot lower a shared-memory buffer of type '!ttg.memdesc<128x8xf32, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>, #ttg.shared_memory>': its encoding is not supported}}
    // expected-error @+1 {{failed to legalize}}
    %a = ttg.local_alloc %c : (tensor<128x8xf32, #blocked>) -> !ttg.memdesc<128x8xf32, #shared, #smem>
    tt.return
  }
}
