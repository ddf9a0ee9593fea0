//===- TritonNvidiaGPUDialect.td - the ttng dialect ----------*- tablegen -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#ifndef TT_DIALECT_TRITONNVIDIAGPU_IR_TRITONNVIDIAGPUDIALECT_TD
#define TT_DIALECT_TRITONNVIDIAGPU_IR_TRITONNVIDIAGPUDIALECT_TD

include "mlir/IR/OpBase.td"

def TritonNvidiaGPU_Dialect : Dialect {
  let name = "ttng";
  let cppNamespace = "::mlir::triton::nvidia_gpu";
  let summary = "NVIDIA-specific operations of TTGIR (Hopper wgmma, TMA, mbarriers)";
  let description = [{
    The `ttng` dialect holds the TTGIR operations that only exist on NVIDIA
    GPUs: warp-group matrix multiplies (`wgmma`) and their waits, the
    asynchronous tensor-memory accelerator (TMA) copies driven by tensor
    descriptors, shared-memory barriers (`mbarrier`) and the proxy fences
    that order generic and asynchronous accesses to shared memory.

    Operands that live in shared memory are `!ttg.memdesc` values; the
    textual syntax is that of upstream Triton 3.6.
  }];
  let dependentDialects = ["triton::TritonDialect",
                           "triton::gpu::TritonGPUDialect"];
}

#endif // TT_DIALECT_TRITONNVIDIAGPU_IR_TRITONNVIDIAGPUDIALECT_TD
