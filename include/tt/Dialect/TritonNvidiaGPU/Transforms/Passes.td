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

#endif // TT_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_PASSES_TD
