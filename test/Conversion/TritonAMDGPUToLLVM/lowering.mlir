// RUN: tt-opt %s -split-input-file --convert-scf-to-cf --convert-triton-amdgpu-to-llvm | FileCheck %s

// The common lowering with the AMD target: ROCDL ids, masked loads that
// branch around the access, fast exp2, a reduction over DPP / ds_swizzle /
// ds_bpermute, then across warps through LDS with s_barrier between
// workgroup fences; LDS is a sized module-local array.
// CHECK: llvm.mlir.global internal @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<16 x i8>
// CHECK-LABEL: llvm.func @kernel(
// CHECK-SAME: attributes {rocdl.flat_work_group_size = "256,256", rocdl.kernel, rocdl.reqd_work_group_size = array<i32: 256, 1, 1>}
// CHECK: rocdl.workgroup.id.x : i32
// CHECK: %[[GROUPS:.*]] = rocdl.grid.dim.x : i64
// CHECK: llvm.trunc %[[GROUPS]] : i64 to i32
// CHECK: rocdl.workitem.id.x : i32
// CHECK: llvm.cond_br %{{.*}}, ^[[LOAD:bb[0-9]+]], ^[[JOIN:bb[0-9]+]](%{{.*}} : f32)
// CHECK: ^[[LOAD]]:
// CHECK: %[[V:.*]] = llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK: llvm.br ^[[JOIN]](%[[V]] : f32)
// CHECK: llvm.intr.exp2
// CHECK: rocdl.update.dpp %{{.*}}, %{{.*}} with 177, 15, 15, false : i32
// CHECK: rocdl.update.dpp %{{.*}}, %{{.*}} with 78, 15, 15, false : i32
// CHECK: rocdl.ds_swizzle
// CHECK: rocdl.update.dpp %{{.*}}, %{{.*}} with 296, 15, 15, false : i32
// CHECK: rocdl.ds_swizzle
// CHECK: rocdl.ds_bpermute
// CHECK: llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK: llvm.fence syncscope("workgroup") release
// CHECK-NEXT: rocdl.s.barrier
// CHECK-NEXT: llvm.fence syncscope("workgroup") acquire
// CHECK: llvm.intr.sqrt
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @kernel(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) {
    %pid = tt.get_program_id x : i32
    %np = tt.get_num_programs x : i32
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %nn = tt.splat %n : i32 -> tensor<1024xi32, #blocked>
    %m = arith.cmpi slt, %r, %nn : tensor<1024xi32, #blocked>
    %p = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %pp = tt.addptr %p, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %v = tt.load %pp, %m : tensor<1024x!tt.ptr<f32>, #blocked>
    %e = math.exp %v : tensor<1024xf32, #blocked>
    %s = "tt.reduce"(%e) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %c = arith.addf %a, %b : f32
      tt.reduce.return %c : f32
    }) : (tensor<1024xf32, #blocked>) -> f32
    %q = math.sqrt %s : f32
    %pid2 = arith.addi %pid, %np : i32
    %yp = tt.addptr %y, %pid2 : !tt.ptr<f32>, i32
    tt.store %yp, %q : !tt.ptr<f32>
    tt.return
  }
}

// -----

// Aligned, unmasked accesses are 128-bit vectors; a masked store branches.
// CHECK-LABEL: llvm.func @copy(
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK: llvm.cond_br
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [64], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx90a", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @copy(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %flag: i1) {
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %p = tt.splat %x : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %pp = tt.addptr %p, %r : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    %v = tt.load %pp : tensor<256x!tt.ptr<f32>, #blocked>
    %q = tt.splat %y : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %qq = tt.addptr %q, %r : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    %m = tt.splat %flag : i1 -> tensor<256xi1, #blocked>
    tt.store %qq, %v, %m : tensor<256x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// MFMA 32x32x8: one warp, a 32x32 tile, K = 16 in two steps of 8; the
// transposed layout swaps the operands (B first).
// CHECK-LABEL: llvm.func @mfma32(
// CHECK-COUNT-2: rocdl.mfma.f32.32x32x8f16 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
// CHECK-NOT: rocdl.mfma
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], instrShape = [32, 32, 8], isTransposed = true}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @mfma32(%a: tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %c: tensor<32x32xf32, #mma>) -> tensor<32x32xf32, #mma> {
    %d = tt.dot %a, %b, %c : tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<32x32xf32, #mma>
    tt.return %d : tensor<32x32xf32, #mma>
  }
}

// -----

// MFMA 16x16x16 bf16 (operands as i16), 2 warps along N, 32x32 per
// CTA: 2 x 1 tiles per warp, 2 K steps with kWidth 8 (kPack 2) = 8 each.
// CHECK-LABEL: llvm.func @mfma16_bf16(
// CHECK-COUNT-8: rocdl.mfma.f32.16x16x16bf16.1k {{.*}} : (vector<4xi16>, vector<4xi16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
// CHECK-NOT: rocdl.mfma
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 2], instrShape = [16, 16, 16], isTransposed = false}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @mfma16_bf16(%a: tensor<32x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>>, %b: tensor<64x32xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>>, %c: tensor<32x32xf32, #mma>) -> tensor<32x32xf32, #mma> {
    %d = tt.dot %a, %b, %c : tensor<32x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>> * tensor<64x32xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>> -> tensor<32x32xf32, #mma>
    tt.return %d : tensor<32x32xf32, #mma>
  }
}

// -----

// WMMA on RDNA3: 32-lane waves, one 16x16 tile, K = 32 in two steps.
// CHECK-LABEL: llvm.func @wmma(
// CHECK-SAME: rocdl.flat_work_group_size = "32,32"
// CHECK-COUNT-2: rocdl.wmma.f32.16x16x16.f16 {{.*}} : (vector<16xf16>, vector<16xf16>, vector<8xf32>) -> vector<8xf32>
// CHECK-NOT: rocdl.wmma
#mma = #ttg.amd_wmma<{version = 1, isTranspose = false, warpsPerCTA = [1, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx1100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @wmma(%a: tensor<16x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 16}>>, %b: tensor<32x16xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 16}>>, %c: tensor<16x16xf32, #mma>) -> tensor<16x16xf32, #mma> {
    %d = tt.dot %a, %b, %c : tensor<16x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 16}>> * tensor<32x16xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 16}>> -> tensor<16x16xf32, #mma>
    tt.return %d : tensor<16x16xf32, #mma>
  }
}
