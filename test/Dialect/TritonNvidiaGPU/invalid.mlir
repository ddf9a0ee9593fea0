// RUN: tt-opt %s -split-input-file -verify-diagnostics

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @wgmma_result_layout(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x128xf16, #shared, #smem>, %c: tensor<128x128xf32, #blocked>) {
  // expected-error @+1 {{result must have a version 3 (Hopper) #ttg.nvidia_mma layout}}
  %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #blocked>
  tt.return
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @wgmma_k(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<32x128xf16, #shared, #smem>, %c: tensor<128x128xf32, #mma>) {
  // expected-error @+1 {{contracts A (128x64) with B (32x128), whose K sizes differ}}
  %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<32x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
  tt.return
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @wgmma_mn(%a: !ttg.memdesc<64x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x128xf16, #shared, #smem>, %c: tensor<128x128xf32, #mma>) {
  // expected-error @+1 {{result shape 128x128 is not 64x128 (rows of A by columns of B)}}
  %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
  tt.return
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @wgmma_elements(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x128xbf16, #shared, #smem>, %c: tensor<128x128xf32, #mma>) {
  // expected-error @+1 {{multiplies 'f16' by 'bf16'; the operand element types must match (or both be fp8)}}
  %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xbf16, #shared, #smem> -> tensor<128x128xf32, #mma>
  tt.return
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#mma1 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @wgmma_register_a(%a: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>>, %b: !ttg.memdesc<64x128xf16, #shared, #smem>, %c: tensor<128x128xf32, #mma>) {
  // expected-error @+1 {{operand A in registers must have the layout #ttg.dot_op<{opIdx = 0, parent = <the result layout>, ...}>}}
  %d = ttng.warp_group_dot %a, %b, %c : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
  tt.return
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
tt.func @wgmma_wait(%d: tensor<128x128xf32, #mma>) {
  // expected-error @+1 {{pendings must be non-negative, got -1}}
  %0 = ttng.warp_group_dot_wait %d {pendings = -1 : i32} : tensor<128x128xf32, #mma>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
tt.func @barrier_type(%bar: !ttg.memdesc<1xi32, #shared, #smem, mutable>) {
  // expected-error @+1 {{the mbarrier must be a 1-D buffer of i64 (such as !ttg.memdesc<1xi64, ...>), got '!ttg.memdesc<1xi32, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, #ttg.shared_memory, mutable>'}}
  ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi32, #shared, #smem, mutable>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32} {
  tt.func @barrier_count(%bar: !ttg.memdesc<4xi64, #shared, #smem, mutable>) {
    // expected-error @+1 {{the mbarrier must hold one i64 per CTA, i.e. 1 or 2 elements, got 4}}
    ttng.inval_barrier %bar : !ttg.memdesc<4xi64, #shared, #smem, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
tt.func @barrier_immutable(%bar: !ttg.memdesc<1xi64, #shared, #smem>, %phase: i32) {
  // expected-error @+1 {{the mbarrier must be mutable}}
  ttng.wait_barrier %bar, %phase : !ttg.memdesc<1xi64, #shared, #smem>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
tt.func @init_count(%bar: !ttg.memdesc<1xi64, #shared, #smem, mutable>) {
  // expected-error @+1 {{an mbarrier must expect at least one arrival, got count = 0}}
  ttng.init_barrier %bar, 0 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
tt.func @arrive_count(%bar: !ttg.memdesc<1xi64, #shared, #smem, mutable>) {
  // expected-error @+1 {{arrival count must be at least 1, got 0}}
  ttng.arrive_barrier %bar, 0 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
tt.func @tma_coords(%desc: !tt.tensordesc<tensor<128x64xf16, #shared>>, %x: i32, %pred: i1,
                    %buf: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, %bar: !ttg.memdesc<1xi64, #shared1, #smem, mutable>) {
  // expected-error @+1 {{has 1 coordinates for a rank-2 tensor descriptor}}
  ttng.async_tma_copy_global_to_local %desc[%x] %buf, %bar, %pred : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
tt.func @tma_immutable(%desc: !tt.tensordesc<tensor<128x64xf16, #shared>>, %x: i32, %pred: i1,
                       %buf: !ttg.memdesc<128x64xf16, #shared, #smem>, %bar: !ttg.memdesc<1xi64, #shared1, #smem, mutable>) {
  // expected-error @+1 {{writes into an immutable buffer; the destination memdesc must be mutable}}
  ttng.async_tma_copy_global_to_local %desc[%x, %x] %buf, %bar, %pred : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @tma_store_size(%desc: !tt.tensordesc<tensor<128x64xf16, #shared>>, %x: i32, %buf: !ttg.memdesc<64x64xf16, #shared, #smem>) {
  // expected-error @+1 {{descriptor block 128x64 and source buffer 64x64 hold different numbers of elements}}
  ttng.async_tma_copy_local_to_global %desc[%x, %x] %buf : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<64x64xf16, #shared, #smem>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @tma_reduce_element(%desc: !tt.tensordesc<tensor<128x64xf32, #shared>>, %x: i32, %buf: !ttg.memdesc<128x64xf16, #shared1, #smem>) {
  // expected-error @+1 {{descriptor element type 'f32' differs from the source buffer element type 'f16'}}
  ttng.async_tma_reduce add, %desc[%x, %x] %buf : !tt.tensordesc<tensor<128x64xf32, #shared>>, !ttg.memdesc<128x64xf16, #shared1, #smem>
  tt.return
}

// -----

tt.func @store_wait() {
  // expected-error @+1 {{pendings must be non-negative, got -2}}
  ttng.async_tma_store_wait {pendings = -2 : i32}
  tt.return
}

// -----

tt.func @tensormap_strides(%desc: !tt.ptr<i8>, %base: !tt.ptr<f16>, %size: i32, %stride: i64) {
  // expected-error @+1 {{has 2 global strides, but a rank-2 descriptor takes 1 (the innermost stride is the element size)}}
  ttng.tensormap_create %desc, %base, [%size, %size], [%size, %size], [%stride, %stride], [%size, %size] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i64, i32, i32) -> ()
  tt.return
}

// -----

tt.func @tensormap_rank(%desc: !tt.ptr<i8>, %base: !tt.ptr<f16>, %size: i32) {
  // expected-error @+1 {{TMA descriptors have 1 to 5 dimensions, got 6 box dimensions}}
  ttng.tensormap_create %desc, %base, [%size, %size, %size, %size, %size, %size], [], [], [] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i32, i32) -> ()
  tt.return
}

// -----

tt.func @tensormap_swizzle(%desc: !tt.ptr<i8>, %base: !tt.ptr<f16>, %size: i32) {
  // expected-error @+1 {{attribute 'swizzle_mode' failed to satisfy constraint}}
  ttng.tensormap_create %desc, %base, [%size], [%size], [], [%size] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 4 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32) -> ()
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
tt.func @tma_signed_width(%desc: !tt.tensordesc<tensor<64x64xsi8, #shared>>, %x: i32, %pred: i1,
                          %buf: !ttg.memdesc<64x64xi16, #shared1, #smem, mutable>, %bar: !ttg.memdesc<1xi64, #shared2, #smem, mutable>) {
  // Signedness is ignored, widths are not.
  // expected-error @+1 {{descriptor element type 'si8' differs from the destination buffer element type 'i16'}}
  ttng.async_tma_copy_global_to_local %desc[%x, %x] %buf, %bar, %pred : !tt.tensordesc<tensor<64x64xsi8, #shared>>, !ttg.memdesc<1xi64, #shared2, #smem, mutable> -> !ttg.memdesc<64x64xi16, #shared1, #smem, mutable>
  tt.return
}
