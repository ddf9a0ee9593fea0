// RUN: tt-opt %s -split-input-file --triton-nvidia-optimize-descriptor-encoding | FileCheck %s

// A descriptor whose loads are stored to shared memory for wgmma takes the
// layout of that buffer; one only stored through gets the default layout
// (128-byte swizzle for rows of 256 f16).
// CHECK-DAG: #[[NV128:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #[[NV64:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
// CHECK-LABEL: tt.func @from_alloc_and_default
// CHECK: tt.make_tensor_descriptor {{.*}} : <f16>, <tensor<128x64xf16, #[[NV64]]>>
// CHECK: tt.make_tensor_descriptor {{.*}} : <f16>, <tensor<128x256xf16, #[[NV128]]>>
// CHECK: tt.descriptor_load {{.*}} : !tt.tensordesc<tensor<128x64xf16, #[[NV64]]>> -> tensor<128x64xf16, #blocked>
// CHECK: tt.descriptor_store {{.*}} : !tt.tensordesc<tensor<128x256xf16, #[[NV128]]>>, tensor<128x256xf16, #blocked>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#nv64 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @from_alloc_and_default(%p: !tt.ptr<f16>, %q: !tt.ptr<f16>, %m: i32, %k: i32, %x: i32, %v: tensor<128x256xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #nv64, #smem> {
    %c1 = arith.constant 1 : i64
    %sk = arith.extsi %k : i32 to i64
    %a = tt.make_tensor_descriptor %p, [%m, %k], [%sk, %c1] : <f16>, <tensor<128x64xf16>>
    %c = tt.make_tensor_descriptor %q, [%m, %k], [%sk, %c1] : <f16>, <tensor<128x256xf16>>
    %t = tt.descriptor_load %a[%x, %x] : !tt.tensordesc<tensor<128x64xf16>> -> tensor<128x64xf16, #blocked>
    %s = ttg.local_alloc %t : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #nv64, #smem>
    tt.descriptor_store %c[%x, %x], %v : !tt.tensordesc<tensor<128x256xf16>>, tensor<128x256xf16, #blocked>
    tt.return %s : !ttg.memdesc<128x64xf16, #nv64, #smem>
  }
}

// -----

// Narrow rows get the widest swizzle they fill (32 bytes for 16 f16), and
// rank-1 blocks an unswizzled layout.
// CHECK-DAG: #[[NV32:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #[[FLAT:.*]] = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
// CHECK-LABEL: tt.func @defaults
// CHECK: <tensor<64x16xf16, #[[NV32]]>>
// CHECK: <tensor<256xf32, #[[FLAT]]>>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @defaults(%p: !tt.ptr<f16>, %q: !tt.ptr<f32>, %m: i32, %x: i32) -> (tensor<64x16xf16, #blocked>, tensor<256xf32, #b1>) {
    %c1 = arith.constant 1 : i64
    %s = arith.extsi %m : i32 to i64
    %a = tt.make_tensor_descriptor %p, [%m, %m], [%s, %c1] : <f16>, <tensor<64x16xf16>>
    %b = tt.make_tensor_descriptor %q, [%m], [%c1] : <f32>, <tensor<256xf32>>
    %t = tt.descriptor_load %a[%x, %x] : !tt.tensordesc<tensor<64x16xf16>> -> tensor<64x16xf16, #blocked>
    %u = tt.descriptor_load %b[%x] : !tt.tensordesc<tensor<256xf32>> -> tensor<256xf32, #b1>
    tt.return %t, %u : tensor<64x16xf16, #blocked>, tensor<256xf32, #b1>
  }
}

// -----

// A kernel argument carried through a loop: the argument, the function
// type, the loop's iteration argument and result all change together.
// CHECK-DAG: #[[NV:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
// CHECK-LABEL: tt.func public @through_loop
// CHECK-SAME: %arg0: !tt.tensordesc<tensor<64x32xf16, #[[NV]]>>
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %arg0) -> (!tt.tensordesc<tensor<64x32xf16, #[[NV]]>>)
// CHECK: tt.descriptor_load {{.*}} : !tt.tensordesc<tensor<64x32xf16, #[[NV]]>>
// CHECK: scf.yield {{.*}} : !tt.tensordesc<tensor<64x32xf16, #[[NV]]>>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#nv = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @through_loop(%d: !tt.tensordesc<tensor<64x32xf16>>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %d) -> (!tt.tensordesc<tensor<64x32xf16>>) : i32 {
      %t = tt.descriptor_load %cur[%i, %c0] : !tt.tensordesc<tensor<64x32xf16>> -> tensor<64x32xf16, #blocked>
      %s = ttg.local_alloc %t : (tensor<64x32xf16, #blocked>) -> !ttg.memdesc<64x32xf16, #nv, #smem>
      scf.yield %cur : !tt.tensordesc<tensor<64x32xf16>>
    }
    tt.return
  }
}

// -----

// Loads asking for different layouts, and a descriptor passed to a call:
// both keep the default (128-byte swizzle for rows of 64 f16).
// CHECK-DAG: #[[DEF:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-LABEL: tt.func @conflict
// CHECK: tt.make_tensor_descriptor {{.*}} <tensor<64x64xf16, #[[DEF]]>>
// CHECK-LABEL: tt.func @callee
// CHECK-SAME: !tt.tensordesc<tensor<64x64xf16, #[[DEF]]>>
// CHECK-LABEL: tt.func @caller
// CHECK: tt.make_tensor_descriptor {{.*}} <tensor<64x64xf16, #[[DEF]]>>
// CHECK: tt.call @callee({{.*}}) : (!tt.tensordesc<tensor<64x64xf16, #[[DEF]]>>, i32) -> ()
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#nv32 = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>
#nv64 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @conflict(%p: !tt.ptr<f16>, %m: i32, %x: i32) {
    %c1 = arith.constant 1 : i64
    %s = arith.extsi %m : i32 to i64
    %a = tt.make_tensor_descriptor %p, [%m, %m], [%s, %c1] : <f16>, <tensor<64x64xf16>>
    %t = tt.descriptor_load %a[%x, %x] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
    %u = ttg.local_alloc %t : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #nv32, #smem>
    %v = tt.descriptor_load %a[%x, %m] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
    %w = ttg.local_alloc %v : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #nv64, #smem>
    tt.return
  }
  tt.func @callee(%d: !tt.tensordesc<tensor<64x64xf16>>, %x: i32) {
    %t = tt.descriptor_load %d[%x, %x] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
    %u = ttg.local_alloc %t : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #nv32, #smem>
    tt.return
  }
  tt.func @caller(%p: !tt.ptr<f16>, %m: i32) {
    %c1 = arith.constant 1 : i64
    %s = arith.extsi %m : i32 to i64
    %a = tt.make_tensor_descriptor %p, [%m, %m], [%s, %c1] : <f16>, <tensor<64x64xf16>>
    tt.call @callee(%a, %m) : (!tt.tensordesc<tensor<64x64xf16>>, i32) -> ()
    tt.return
  }
}

// -----

// Descriptors that already have a layout are left as they are.
// CHECK: #[[FLAT:.*]] = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
// CHECK-LABEL: tt.func @already_laid_out
// CHECK: tt.make_tensor_descriptor {{.*}} <tensor<64x64xf16, #[[FLAT]]>>
#flat = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @already_laid_out(%p: !tt.ptr<f16>, %m: i32) -> !tt.tensordesc<tensor<64x64xf16, #flat>> {
    %c1 = arith.constant 1 : i64
    %s = arith.extsi %m : i32 to i64
    %a = tt.make_tensor_descriptor %p, [%m, %m], [%s, %c1] : <f16>, <tensor<64x64xf16, #flat>>
    tt.return %a : !tt.tensordesc<tensor<64x64xf16, #flat>>
  }
}

// -----

// A returned descriptor gets the default layout of its block, and the
// function's result type follows it (fuzz-ttgir-pipeline found it left
// behind: fuzz/regressions/fuzz-ttgir-pipeline/returned-descriptor.mlir);
// a call receiving it gets the same type, so its loads still verify.
// CHECK: #[[SH:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-LABEL: tt.func @make_desc
// CHECK-SAME: -> !tt.tensordesc<tensor<64x64xf16, #[[SH]]>>
// CHECK: tt.return %{{.*}} : !tt.tensordesc<tensor<64x64xf16, #[[SH]]>>
// CHECK-LABEL: tt.func public @use_desc
// CHECK: tt.call @make_desc({{.*}}) : (!tt.ptr<f16>, i32, i64) -> !tt.tensordesc<tensor<64x64xf16, #[[SH]]>>
// CHECK: tt.descriptor_load %{{.*}} : !tt.tensordesc<tensor<64x64xf16, #[[SH]]>> -> tensor<64x64xf16, #blocked>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @make_desc(%p: !tt.ptr<f16>, %m: i32, %ld: i64) -> !tt.tensordesc<tensor<64x64xf16>> {
    %c1 = arith.constant 1 : i64
    %d = tt.make_tensor_descriptor %p, [%m, %m], [%ld, %c1] : <f16>, <tensor<64x64xf16>>
    tt.return %d : !tt.tensordesc<tensor<64x64xf16>>
  }
  tt.func public @use_desc(%p: !tt.ptr<f16>, %m: i32, %ld: i64, %out: !tt.ptr<f16>) {
    %c0 = arith.constant 0 : i32
    %d = tt.call @make_desc(%p, %m, %ld) : (!tt.ptr<f16>, i32, i64) -> !tt.tensordesc<tensor<64x64xf16>>
    %v = tt.descriptor_load %d[%c0, %c0] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
    tt.return
  }
}
