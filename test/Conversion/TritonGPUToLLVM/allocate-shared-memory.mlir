// RUN: tt-opt %s --allocate-shared-memory -split-input-file | FileCheck %s

// Two buffers alive together get disjoint bytes (the 128-byte swizzled tile
// 1024-aligned); the layout conversion's scratch, alive after both died,
// reuses offset 0; the module's total is the high-water mark.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 24576 : i32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @reuse
  tt.func public @reuse(%x: tensor<64x64xf16, #blocked>, %p: tensor<64x64x!tt.ptr<f16>, #blocked1>) {
    // CHECK: %[[A:.*]] = ttg.local_alloc {allocation.offset = 0 : i32}
    // CHECK: ttg.local_alloc %{{.*}} {allocation.offset = 16384 : i32}
    %a = ttg.local_alloc : () -> !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
    %b = ttg.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    %c0 = arith.constant 0 : i32
    %s = ttg.memdesc_index %a[%c0] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttg.local_store %x, %s : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %l = ttg.local_load %b : !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf16, #blocked>
    ttg.local_dealloc %a : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
    // 64 rows of 64 halves padded by 16 bytes: 64 * 144 = 9216 bytes.
    // CHECK: ttg.convert_layout %{{.*}} {allocation.offset = 0 : i32}
    %cv = ttg.convert_layout %l : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #blocked1>
    tt.store %p, %cv : tensor<64x64x!tt.ptr<f16>, #blocked1>
    tt.return
  }
}

// -----

// A buffer allocated before a loop and last used inside it lives to the end
// of the loop, so the scratch of a conversion after its last use, still in
// the loop, must not overlap it. A conversion that only renames registers
// owns no scratch; a sum across warps does.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 17408 : i32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @loop
  tt.func public @loop(%x: tensor<64x64xf16, #blocked>, %p: tensor<64x64x!tt.ptr<f16>, #blocked1>, %q: tensor<128x!tt.ptr<f32>, #blocked2>, %v: tensor<128xf32, #blocked2>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    // The scratch (64 x 144 bytes) is the larger buffer: placed first.
    // CHECK: ttg.local_alloc %{{.*}} {allocation.offset = 9216 : i32}
    %b = ttg.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    scf.for %i = %c0 to %n step %c1 : i32 {
      %l = ttg.local_load %b : !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf16, #blocked>
      // CHECK: ttg.convert_layout %{{.*}} {allocation.offset = 0 : i32}
      %cv = ttg.convert_layout %l : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #blocked1>
      tt.store %p, %cv : tensor<64x64x!tt.ptr<f16>, #blocked1>
    }
    // CHECK: ttg.convert_layout
    // CHECK-NOT: allocation.offset
    // CHECK-SAME: -> tensor<128xf32
    %same = ttg.convert_layout %v : tensor<128xf32, #blocked2> -> tensor<128xf32, #blocked2>
    // After the loop the buffer is dead: the reduction's 16 bytes reuse 0.
    // CHECK: "tt.reduce"(%{{.*}}) <{axis = 0 : i32}> ({
    // CHECK: }) {allocation.offset = 0 : i32}
    %s = "tt.reduce"(%same) <{axis = 0 : i32}> ({
    ^bb0(%a0: f32, %a1: f32):
      %r = arith.addf %a0, %a1 : f32
      tt.reduce.return %r : f32
    }) : (tensor<128xf32, #blocked2>) -> f32
    %sp = tt.splat %s : f32 -> tensor<128xf32, #blocked2>
    tt.store %q, %sp : tensor<128x!tt.ptr<f32>, #blocked2>
    tt.return
  }
}

// -----

// A function called with tt.call gets a frame stacked above its caller's
// (1024-aligned), so its scratch never overlaps the caller's live buffers.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 2064 : i32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @caller
  // CHECK: ttg.local_alloc %{{.*}} {allocation.offset = 0 : i32}
  tt.func public @caller(%x: tensor<16x32xf32, #blocked1>, %v: tensor<128xf32, #blocked>, %q: !tt.ptr<f32>) {
    %b = ttg.local_alloc %x : (tensor<16x32xf32, #blocked1>) -> !ttg.memdesc<16x32xf32, #shared, #smem>
    %s = tt.call @sum(%v) : (tensor<128xf32, #blocked>) -> f32
    %l = ttg.local_load %b : !ttg.memdesc<16x32xf32, #shared, #smem> -> tensor<16x32xf32, #blocked1>
    tt.store %q, %s : !tt.ptr<f32>
    tt.return
  }
  // CHECK-LABEL: tt.func private @sum
  // CHECK: "tt.reduce"(%{{.*}}) <{axis = 0 : i32}> ({
  // CHECK: }) {allocation.offset = 2048 : i32}
  tt.func private @sum(%v: tensor<128xf32, #blocked>) -> f32 attributes {noinline = true} {
    %s = "tt.reduce"(%v) <{axis = 0 : i32}> ({
    ^bb0(%a0: f32, %a1: f32):
      %r = arith.addf %a0, %a1 : f32
      tt.reduce.return %r : f32
    }) : (tensor<128xf32, #blocked>) -> f32
    tt.return %s : f32
  }
}
