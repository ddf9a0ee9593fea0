//===- Passes.td - TTGIR to the LLVM dialect for NVIDIA ----*- tablegen -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#ifndef TT_CONVERSION_TRITONNVIDIAGPUTOLLVM_PASSES_TD
#define TT_CONVERSION_TRITONNVIDIAGPUTOLLVM_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertTritonGPUToLLVM : Pass<"convert-triton-gpu-to-llvm", "mlir::ModuleOp"> {
  let summary = "lower TTGIR with distributed layouts to the LLVM and NVVM dialects";
  let description = [{
    Lowers a TTGIR module (after `convert-scf-to-cf`) to the LLVM dialect for
    NVIDIA GPUs. Each tensor becomes, in every thread, an LLVM struct of the
    elements its layout gives that thread; the linear layout of the encoding
    says which tensor coordinates each (register, lane, warp) holds, and
    every lowering reasons through it:
    - elementwise operations apply per element;
    - loads and stores are vectorized up to 128 bits where the layout gives
      a thread consecutive elements and the AxisInfo analysis proves the
      alignment, predicated by the mask, with `other` for masked-off lanes;
      elements held by several threads are stored by one of them;
    - reductions combine within a thread, then across lanes with butterfly
      shuffles, then across warps through shared memory;
    - layout conversions go through shared memory unless the two layouts
      place elements identically;
    - `tt.func` kernels get upstream 3.6's ABI: the user arguments, then the
      global-scratch and profile-scratch pointers.
    The module gets `ttg.shared` (bytes of dynamic shared memory needed).

    The target-neutral patterns are lib/Conversion/TritonGPUToLLVM's; the
    NVIDIA TargetInfo (NVVM ids and barriers, inline-PTX global accesses,
    atomics and stmatrix, vprintf) and the NVIDIA operations (wgmma,
    mma.sync, ldmatrix, cp.async, mbarriers, TMA descriptors and copies)
    are lib/Conversion/TritonNVIDIAGPUToLLVM's.
  }];
  let options = [
    Option<"computeCapability", "compute-capability", "int32_t", "90",
           "the GPU's compute capability (90 for Hopper, 80 for Ampere)">
  ];
  let dependentDialects = ["mlir::LLVM::LLVMDialect", "mlir::NVVM::NVVMDialect"];
}

#endif // TT_CONVERSION_TRITONNVIDIAGPUTOLLVM_PASSES_TD
