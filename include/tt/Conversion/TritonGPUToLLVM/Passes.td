//===- Passes.td - shared memory before the LLVM lowering -*- tablegen -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The target-neutral passes of the TTGIR-to-LLVM stage: shared memory and
// global scratch laid out, shared-memory accesses ordered. The lowering
// passes themselves are the backends' (TritonNVIDIAGPUToLLVM/Passes.td,
// TritonAMDGPUToLLVM/Passes.td).
//
//===----------------------------------------------------------------------===//

#ifndef TT_CONVERSION_TRITONGPUTOLLVM_PASSES_TD
#define TT_CONVERSION_TRITONGPUTOLLVM_PASSES_TD

include "mlir/Pass/PassBase.td"

def AllocateSharedMemory : Pass<"allocate-shared-memory", "mlir::ModuleOp"> {
  let summary = "give every shared-memory buffer of a TTGIR module its offset";
  let description = [{
    Lays out the kernel's dynamic shared memory. Each `ttg.local_alloc` is a
    buffer alive from the allocation to the last use of any descriptor that
    views it (through `ttg.memdesc_index` and the other views, loop-carried
    values and `ttng.warp_group_dot_wait`); a use inside a loop the
    allocation is outside of keeps it alive to the end of that loop. Each
    operation whose lowering needs scratch space (a `ttg.convert_layout`
    through shared memory, a reduction or scan across warps, a gather, an
    atomic whose result every thread reads, ...) owns a buffer alive during
    that operation only. Buffers alive at the same time never overlap; the
    others may share bytes. The largest buffers are placed first, each at
    the lowest offset that is free and aligned (1024 bytes for 128-byte
    swizzled `#ttg.nvmma_shared` tiles, 16 otherwise). Functions reached
    through `tt.call` get frames stacked above their callers'.

    Every buffer's owner gets `allocation.offset` (bytes, i32) and the
    module gets `ttg.shared`, the bytes of dynamic shared memory to launch
    with, which the metadata JSON reports as "shared". Run it on TTGIR with
    structured control flow, before `convert-scf-to-cf`.
  }];
}

def InsertSharedMemoryBarriers
    : Pass<"insert-shared-memory-barriers", "mlir::ModuleOp"> {
  let summary = "order shared-memory accesses across threads with barriers and proxy fences";
  let description = [{
    After `allocate-shared-memory`, walks each function in program order
    (loops until their state no longer changes) and keeps the byte ranges of
    shared memory read and written since the last CTA barrier. Before an
    operation whose access overlaps one of them in a way that is a hazard
    between threads (read after write, write after read, write after write)
    it inserts a `ttg.local_barrier`. Asynchronous accesses stay pending
    until the operation that completes them, whatever barriers come in
    between: `ttg.async_copy_global_to_local` writes until a
    `ttg.async_wait`, `ttng.warp_group_dot` reads until a
    `ttng.warp_group_dot_wait`. A TMA load
    (`ttng.async_tma_copy_global_to_local`) only has to come after earlier
    accesses of its buffer: the threads that read the data wait on its
    mbarrier first. A TMA store reads its buffer until
    `ttng.async_tma_store_wait`. Operations lowered with scratch space
    synchronize at their start themselves.

    It also inserts the proxy fence of Hopper: shared memory written by
    ordinary stores (`ttg.local_alloc` with a source, `ttg.local_store`,
    scratch space) and then read by `ttng.warp_group_dot` (which reads
    through the asynchronous proxy) needs a `ttng.fence_async_shared` after
    the writes and before the barrier that precedes the read (TMA copies,
    which read or write through the same proxy, likewise); when no such
    write happens inside the loop around the read, the fence goes before the
    loop. Copies made with `cp.async` are not fenced, as upstream Triton
    does not fence them.
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect",
                           "mlir::triton::nvidia_gpu::TritonNvidiaGPUDialect"];
}

def GlobalScratchMemoryAllocation
    : Pass<"tritongpu-global-scratch-memory-allocation", "mlir::ModuleOp"> {
  let summary = "give every global-scratch buffer of a kernel its offset";
  let description = [{
    Each program of a kernel owns a slice of the global-scratch buffer that
    the launcher passes after the user arguments (the kernel's
    global-scratch pointer, upstream Triton 3.6's ABI). This pass lays out
    the slice: every `ttg.global_scratch_alloc` gets
    `ttg.global_scratch_memory_offset` (bytes, i32), each buffer at the
    next offset aligned as it asks (buffers never share bytes: a TMA
    descriptor written on the device stays in use to the end of the
    kernel). The module gets `ttg.global_scratch_memory_size` (the slice,
    rounded up to its alignment) and `ttg.global_scratch_memory_alignment`
    (the largest alignment asked for), which the metadata JSON reports as
    `global_scratch_size` and `global_scratch_align`; a launcher allocates
    size times the number of programs. A kernel without such buffers gets
    size 0 and alignment 1.

    Only kernels (public functions) may allocate global scratch: a function
    called through `tt.call` would need its caller's slice, which is
    rejected with a diagnostic.
  }];
}

#endif // TT_CONVERSION_TRITONGPUTOLLVM_PASSES_TD
