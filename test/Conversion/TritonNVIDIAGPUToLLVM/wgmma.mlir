// RUN: tt-opt %s --tt-llir -split-input-file | FileCheck %s

// An asynchronous 128x128x64 f16 wgmma on 4 warps: two 64-row repetitions
// times four 16-deep K steps, 8 wgmma.mma_async m64n128k16 between a fence
// and a commit. A is K-major (no leading offset, 1024-byte stride offset,
// 128-byte swizzle: 0x4000004000000000); B is N-major (transpose flag 1,
// leading offset 8192 bytes between 64-column swizzle atoms, stride 1024:
// 0x4000004002000000). Each K step adds 32 bytes to A's start address (2 in
// the >> 4 field) and 2048 to B's (128); the second repetition's A starts
// 64 rows (8192 bytes, 512) further. warp_group_dot_wait passes the 64
// accumulator registers through wgmma.wait_group 1.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @dot_async(
  // CHECK-DAG: %[[ADESC:.*]] = llvm.mlir.constant(4611686293305294848 : i64) : i64
  // CHECK-DAG: %[[BDESC:.*]] = llvm.mlir.constant(4611686293338849280 : i64) : i64
  // CHECK-DAG: llvm.mlir.constant(2 : i64) : i64
  // CHECK-DAG: llvm.mlir.constant(128 : i64) : i64
  // CHECK-DAG: llvm.mlir.constant(512 : i64) : i64
  // CHECK: %[[A:.*]] = llvm.or %{{.*}}, %[[ADESC]] : i64
  // CHECK: %[[B:.*]] = llvm.or %{{.*}}, %[[BDESC]] : i64
  // CHECK: nvvm.wgmma.fence.aligned
  // CHECK: llvm.inline_asm has_side_effects {{.*}}"wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {$0,$1,{{.*}},$63}, $128, $129, $130, 1, 1, 0, 1;", "=f,{{.*}},=f,0,1,{{.*}},63,l,l,b" {{.*}}, %[[A]], %[[B]], %{{.*}} :
  // CHECK-COUNT-7: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
  // CHECK: nvvm.wgmma.commit.group.sync.aligned
  // CHECK: llvm.inline_asm has_side_effects {{.*}}wgmma.wait_group.sync.aligned 1;", "=f,{{.*}},=f,0,1,{{.*}},127"
  tt.func public @dot_async(%a: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, %b: !ttg.memdesc<64x128xf16, #shared, #smem, mutable>, %c: tensor<128x128xf32, #mma>, %p: !tt.ptr<f32>) {
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x128xf16, #shared, #smem, mutable> -> tensor<128x128xf32, #mma>
    %w:3 = ttng.warp_group_dot_wait %d, %a, %b {pendings = 1 : i32} : tensor<128x128xf32, #mma>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
    %s = "tt.reduce"(%w#0) <{axis = 0 : i32}> ({
    ^bb0(%x: f32, %y: f32):
      %r = arith.addf %x, %y : f32
      tt.reduce.return %r : f32
    }) : (tensor<128x128xf32, #mma>) -> tensor<128xf32, #ttg.slice<{dim = 0, parent = #mma}>>
    %t = "tt.reduce"(%s) <{axis = 0 : i32}> ({
    ^bb0(%x: f32, %y: f32):
      %r = arith.addf %x, %y : f32
      tt.reduce.return %r : f32
    }) : (tensor<128xf32, #ttg.slice<{dim = 0, parent = #mma}>>) -> f32
    tt.store %p, %t : !tt.ptr<f32>
    tt.return
  }
}

// -----

// bf16 operands, synchronous (no isAsync): the group is waited for at once.
// With 8 warps (two warp groups stacked along M) each warp group reads its
// own 64 rows of A: 8192 bytes further for warps 4-7, a runtime part of the
// start address (from the warp index read from lane 0); N = 256 in one
// m64n256k16 instruction per K step.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @dot_bf16(
  // The warp index comes from lane 0, so ptxas keeps the descriptors in
  // uniform registers.
  // CHECK-DAG: nvvm.shfl.sync idx %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : i32 -> i32
  // CHECK-DAG: llvm.mlir.constant(8192 : i32) : i32
  // CHECK: nvvm.wgmma.fence.aligned
  // CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16 {$0,{{.*}},$127}, $256, $257, $258, 1, 1, 0, 1;
  // CHECK-NOT: wgmma.mma_async
  // CHECK: nvvm.wgmma.commit.group.sync.aligned
  // CHECK-NEXT: wgmma.wait_group.sync.aligned 0;
  tt.func public @dot_bf16(%a: !ttg.memdesc<128x64xbf16, #shared, #smem>, %b: !ttg.memdesc<64x256xbf16, #shared, #smem>, %c: tensor<128x256xf32, #mma>, %p: !tt.ptr<f32>) {
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xbf16, #shared, #smem> * !ttg.memdesc<64x256xbf16, #shared, #smem> -> tensor<128x256xf32, #mma>
    %s = "tt.reduce"(%d) <{axis = 0 : i32}> ({
    ^bb0(%x: f32, %y: f32):
      %r = arith.addf %x, %y : f32
      tt.reduce.return %r : f32
    }) : (tensor<128x256xf32, #mma>) -> tensor<256xf32, #ttg.slice<{dim = 0, parent = #mma}>>
    %t = "tt.reduce"(%s) <{axis = 0 : i32}> ({
    ^bb0(%x: f32, %y: f32):
      %r = arith.addf %x, %y : f32
      tt.reduce.return %r : f32
    }) : (tensor<256xf32, #ttg.slice<{dim = 0, parent = #mma}>>) -> f32
    tt.store %p, %t : !tt.ptr<f32>
    tt.return
  }
}

// -----

// fp8 (e4m3) operands: 32-deep K steps (m64n64k32), four for K = 128, and
// no transpose immediates (the instruction ends at the scales "1, 1"). B is
// stored K-major (transposed = true: its K dim is the contiguous one), as
// 8-bit wgmma requires, so both descriptors are the K-major one of a
// 128-byte swizzle: no leading offset, 1024 bytes (8 rows of 128) stride
// (0x4000004000000000). Each K step moves 32 bytes along both operands' rows
// (2, 4, 6 in the >> 4 address field).
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
#sharedT = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 8}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @dot_e4m3(
  // CHECK-DAG: %[[DESC:.*]] = llvm.mlir.constant(4611686293305294848 : i64) : i64
  // CHECK-DAG: %[[K1:.*]] = llvm.mlir.constant(2 : i64) : i64
  // CHECK-DAG: %[[K2:.*]] = llvm.mlir.constant(4 : i64) : i64
  // CHECK-DAG: %[[K3:.*]] = llvm.mlir.constant(6 : i64) : i64
  // CHECK: %[[A:.*]] = llvm.or %{{.*}}, %[[DESC]] : i64
  // CHECK: %[[B:.*]] = llvm.or %{{.*}}, %[[DESC]] : i64
  // CHECK: nvvm.wgmma.fence.aligned
  // CHECK: llvm.inline_asm has_side_effects {{.*}}"wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e4m3 {$0,$1,{{.*}},$31}, $64, $65, $66, 1, 1;", "=f,{{.*}},=f,0,1,{{.*}},31,l,l,b" {{.*}}, %[[A]], %[[B]], %{{.*}} :
  // CHECK: %[[A1:.*]] = llvm.add %[[A]], %[[K1]] : i64
  // CHECK: %[[B1:.*]] = llvm.add %[[B]], %[[K1]] : i64
  // CHECK: wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e4m3 {{.*}}, 1, 1;", {{.*}}, %[[A1]], %[[B1]], %{{.*}} :
  // CHECK: %[[A2:.*]] = llvm.add %[[A]], %[[K2]] : i64
  // CHECK: %[[B2:.*]] = llvm.add %[[B]], %[[K2]] : i64
  // CHECK: wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e4m3 {{.*}}, %[[A2]], %[[B2]], %{{.*}} :
  // CHECK: %[[A3:.*]] = llvm.add %[[A]], %[[K3]] : i64
  // CHECK: %[[B3:.*]] = llvm.add %[[B]], %[[K3]] : i64
  // CHECK: wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e4m3 {{.*}}, %[[A3]], %[[B3]], %{{.*}} :
  // CHECK-NOT: wgmma.mma_async
  // CHECK: nvvm.wgmma.commit.group.sync.aligned
  // CHECK-NEXT: wgmma.wait_group.sync.aligned 0;
  tt.func public @dot_e4m3(%a: !ttg.memdesc<64x128xf8E4M3FN, #shared, #smem>, %b: !ttg.memdesc<128x64xf8E4M3FN, #sharedT, #smem>, %c: tensor<64x64xf32, #mma>, %p: !tt.ptr<f32>) {
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32} : !ttg.memdesc<64x128xf8E4M3FN, #shared, #smem> * !ttg.memdesc<128x64xf8E4M3FN, #sharedT, #smem> -> tensor<64x64xf32, #mma>
    %s = "tt.reduce"(%d) <{axis = 0 : i32}> ({
    ^bb0(%x: f32, %y: f32):
      %r = arith.addf %x, %y : f32
      tt.reduce.return %r : f32
    }) : (tensor<64x64xf32, #mma>) -> tensor<64xf32, #ttg.slice<{dim = 0, parent = #mma}>>
    %t = "tt.reduce"(%s) <{axis = 0 : i32}> ({
    ^bb0(%x: f32, %y: f32):
      %r = arith.addf %x, %y : f32
      tt.reduce.return %r : f32
    }) : (tensor<64xf32, #ttg.slice<{dim = 0, parent = #mma}>>) -> f32
    tt.store %p, %t : !tt.ptr<f32>
    tt.return
  }
}

// -----

// e5m2 operands, and e5m2 x e4m3 (8-bit types may differ), in 64-byte
// swizzled buffers whose rows are K = 64 bytes: the stride offset is 8 rows
// of 64 bytes (512, 32 in the field) and the swizzle mode 2
// (0x8000002000000000). Two K steps; the second starts 32 bytes further.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 32]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
#sharedT = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @dot_e5m2(
  // CHECK-DAG: %[[DESC:.*]] = llvm.mlir.constant(-9223371899415822336 : i64) : i64
  // CHECK: %[[A:.*]] = llvm.or %{{.*}}, %[[DESC]] : i64
  // CHECK: %[[B:.*]] = llvm.or %{{.*}}, %[[DESC]] : i64
  // CHECK: "wgmma.mma_async.sync.aligned.m64n128k32.f32.e5m2.e5m2 {$0,{{.*}},$63}, $128, $129, $130, 1, 1;", {{.*}}, %[[A]], %[[B]], %{{.*}} :
  // CHECK: "wgmma.mma_async.sync.aligned.m64n128k32.f32.e5m2.e5m2 {{.*}}, 1, 1;"
  // CHECK-NOT: wgmma.mma_async
  // CHECK: nvvm.wgmma.commit.group.sync.aligned
  // CHECK-LABEL: llvm.func @dot_e5m2_e4m3(
  // CHECK-COUNT-2: "wgmma.mma_async.sync.aligned.m64n128k32.f32.e5m2.e4m3 {{.*}}, 1, 1;"
  // CHECK-NOT: wgmma.mma_async
  // CHECK: nvvm.wgmma.commit.group.sync.aligned
  tt.func public @dot_e5m2(%a: !ttg.memdesc<64x64xf8E5M2, #shared, #smem>, %b: !ttg.memdesc<64x128xf8E5M2, #sharedT, #smem>, %c: tensor<64x128xf32, #mma>) -> tensor<64x128xf32, #mma> {
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf8E5M2, #shared, #smem> * !ttg.memdesc<64x128xf8E5M2, #sharedT, #smem> -> tensor<64x128xf32, #mma>
    tt.return %d : tensor<64x128xf32, #mma>
  }
  tt.func public @dot_e5m2_e4m3(%a: !ttg.memdesc<64x64xf8E5M2, #shared, #smem>, %b: !ttg.memdesc<64x128xf8E4M3FN, #sharedT, #smem>, %c: tensor<64x128xf32, #mma>) -> tensor<64x128xf32, #mma> {
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf8E5M2, #shared, #smem> * !ttg.memdesc<64x128xf8E4M3FN, #sharedT, #smem> -> tensor<64x128xf32, #mma>
    tt.return %d : tensor<64x128xf32, #mma>
  }
}

// -----

// Operand A in registers (a #ttg.dot_op of the accumulator's layout, as
// attention's second dot reads its probabilities): each m64n64k16
// instruction takes four 32-bit registers of A, the f16 pairs (row r,
// columns k..k+1), (r + 8, k..k+1), (r, k+8..k+9), (r + 8, k+8..k+9) of
// the warp's 16 rows, which in the dot-operand layout are A's registers
// 0-7 for the first K step and 8-15 for the second. Only B has a
// descriptor (N-major: transpose immediate 1); there is no A transpose
// immediate in this form.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @register_a(
  // CHECK: %[[E0:.*]] = llvm.extractvalue %arg0[0]
  // CHECK: %[[E1:.*]] = llvm.extractvalue %arg0[1]
  // CHECK: %[[E14:.*]] = llvm.extractvalue %arg0[14]
  // CHECK: %[[E15:.*]] = llvm.extractvalue %arg0[15]
  // CHECK: %[[V0:.*]] = llvm.insertelement %[[E0]], %{{.*}} : vector<2xf16>
  // CHECK: %[[V1:.*]] = llvm.insertelement %[[E1]], %[[V0]][%{{.*}} : i32] : vector<2xf16>
  // CHECK: %[[W0:.*]] = llvm.bitcast %[[V1]] : vector<2xf16> to i32
  // CHECK: %[[V14:.*]] = llvm.insertelement %[[E14]], %{{.*}} : vector<2xf16>
  // CHECK: %[[V15:.*]] = llvm.insertelement %[[E15]], %[[V14]][%{{.*}} : i32] : vector<2xf16>
  // CHECK: %[[W7:.*]] = llvm.bitcast %[[V15]] : vector<2xf16> to i32
  // CHECK: nvvm.wgmma.fence.aligned
  // CHECK: llvm.inline_asm has_side_effects {{.*}}"wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0,{{.*}},$31}, {$64, $65, $66, $67}, $68, $69, 1, 1, 1;", "=f,{{.*}},=f,0,{{.*}},31,r,r,r,r,l,b" {{.*}}, %[[W0]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : ({{.*}}, i32, i32, i32, i32, i64, i1)
  // CHECK: llvm.inline_asm has_side_effects {{.*}}"wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[W7]], %{{.*}}, %{{.*}} : ({{.*}}, i32, i32, i32, i32, i64, i1)
  // CHECK-NOT: wgmma.mma_async
  // CHECK: nvvm.wgmma.commit.group.sync.aligned
  tt.func public @register_a(%a: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: !ttg.memdesc<32x64xf16, #shared, #smem>, %c: tensor<64x64xf32, #mma>, %p: !tt.ptr<f32>) {
    %d = ttng.warp_group_dot %a, %b, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<32x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
    %s = "tt.reduce"(%d) <{axis = 0 : i32}> ({
    ^bb0(%x: f32, %y: f32):
      %r = arith.addf %x, %y : f32
      tt.reduce.return %r : f32
    }) : (tensor<64x64xf32, #mma>) -> tensor<64xf32, #ttg.slice<{dim = 0, parent = #mma}>>
    %t = "tt.reduce"(%s) <{axis = 0 : i32}> ({
    ^bb0(%x: f32, %y: f32):
      %r = arith.addf %x, %y : f32
      tt.reduce.return %r : f32
    }) : (tensor<64xf32, #ttg.slice<{dim = 0, parent = #mma}>>) -> f32
    tt.store %p, %t : !tt.ptr<f32>
    tt.return
  }
}
