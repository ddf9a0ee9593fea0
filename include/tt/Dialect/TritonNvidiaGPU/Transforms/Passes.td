//===- Passes.td - TTGIR passes for NVIDIA GPUs --------------*- tablegen -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Pass names and options follow upstream Triton 3.6.
//
//===----------------------------------------------------------------------===//

#ifndef TT_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_PASSES_TD
#define TT_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TritonGPUFenceInsertion
    : Pass<"triton-nvidia-gpu-fence-insertion", "mlir::ModuleOp"> {
  let summary = "order shared-memory writes of threads before wgmma reads them";
  let description = [{
    wgmma reads shared memory through the asynchronous proxy, which does not
    see earlier writes made by ordinary stores (the generic proxy) without a
    proxy fence. For every `ttng.warp_group_dot` whose shared-memory operand
    was written from registers (a `ttg.local_alloc` with a value, or a
    `ttg.local_store` into its buffer; traced through views and loop-carried
    values), inserts `ttng.fence_async_shared {bCluster = false}` before the
    dot, hoisted out of every loop that contains none of those writes, and
    not repeated right after another fence. Operands filled by asynchronous
    copies need no fence here. Does nothing below `compute-capability` 90.
  }];
  let options = [
    Option<"computeCapability", "compute-capability", "int32_t",
           /*default=*/"90", "the device's compute capability">
  ];
  let dependentDialects = ["mlir::triton::nvidia_gpu::TritonNvidiaGPUDialect"];
}

def TritonNvidiaGPUOptimizeDescriptorEncodingPass
    : Pass<"triton-nvidia-optimize-descriptor-encoding", "mlir::ModuleOp"> {
  let summary = "give every tensor descriptor the shared layout its TMA copies write";
  let description = [{
    A TMA copy lays a block out in shared memory as its descriptor says, so
    `!tt.tensordesc<tensor<...>>` types need a shared-memory encoding before
    software pipelining turns descriptor loads into TMA copies. Descriptor
    values that are one descriptor (its definition or function argument and
    the `scf.for`/`scf.if`/`scf.while` values carrying it) form a group; a
    group whose loads are only stored to shared memory (`ttg.local_alloc`,
    the wgmma operands made by accelerate-matmul) in one layout TMA can
    write gets that layout; every other group gets the default: the widest
    `#ttg.nvmma_shared` swizzle the block's rows allow (an unswizzled
    `#ttg.swizzled_shared` for rank-1 blocks). Groups reaching calls or
    unknown ops, and arguments of called functions, always get the default,
    so both sides of a call agree. Descriptors that already have a layout
    are left alone.
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
}

def TritonNvidiaGPUTMALoweringPass
    : Pass<"triton-nvidia-tma-lowering", "mlir::ModuleOp"> {
  let summary = "lower tensor descriptors and their remaining loads and stores to TMA";
  let description = [{
    Each `tt.make_tensor_descriptor` becomes a 128-byte global scratch
    buffer (`ttg.global_scratch_alloc`), a `ttng.tensormap_create` filling
    it (box from the block and its swizzle, global sizes and byte strides
    innermost first, element-type and swizzle codes), a
    `ttng.tensormap_fenceproxy_acquire` and a
    `ttng.reinterpret_tensor_descriptor` giving the descriptor back.
    Descriptor loads the pipeliner did not take become a TMA copy into a new
    buffer with a one-shot mbarrier (`init_barrier`, `barrier_expect`,
    `async_tma_copy_global_to_local`, `wait_barrier`, `inval_barrier`),
    read with `ttg.local_load` (or used in place when only wgmma reads it).
    Descriptor stores and reductions become `ttg.local_alloc` of the value
    (taken before a `ttg.convert_layout`, since the shared layout does not
    depend on the register one), `ttng.fence_async_shared`, the TMA store or
    reduction, and `ttng.async_tma_store_wait {pendings = 0}`.

    Descriptors must have a shared layout (run
    triton-nvidia-optimize-descriptor-encoding first); blocks TMA cannot
    copy (elements not 1, 2, 4 or 8 bytes wide, a box row not a multiple of
    16 bytes, rank above 5, layouts TMA cannot write, rank-reducing
    accesses) are reported as errors.
  }];
  let dependentDialects = [
    "mlir::arith::ArithDialect",
    "mlir::triton::gpu::TritonGPUDialect",
    "mlir::triton::nvidia_gpu::TritonNvidiaGPUDialect"
  ];
}

#endif // TT_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_PASSES_TD
