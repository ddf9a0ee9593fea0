//===- Passes.td - TTGIR to the LLVM dialect for AMD GPUs ----*- tablegen -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#ifndef TT_CONVERSION_TRITONAMDGPUTOLLVM_PASSES_TD
#define TT_CONVERSION_TRITONAMDGPUTOLLVM_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertTritonAMDGPUToLLVM
    : Pass<"convert-triton-amdgpu-to-llvm", "mlir::ModuleOp"> {
  let summary = "lower TTGIR to the LLVM and ROCDL dialects for AMD GPUs";
  let description = [{
    The AMD counterpart of `convert-triton-gpu-to-llvm`: the same layout
    reasoning and patterns (lib/Conversion/TritonGPUToLLVM), with the
    AMD TargetInfo answering the target questions:
    - thread, program and grid ids are `rocdl.workitem.id.x`,
      `rocdl.workgroup.id.*` and `rocdl.grid.dim.*` (the last calls the
      device library's `__ockl_get_num_groups`);
    - barriers are `s_barrier` between workgroup-scope release and acquire
      fences;
    - cross-lane shuffles use DPP (XOR 1, 2: quad permutes; XOR 8: row
      rotate), `ds_swizzle` (XOR 4, 16) and `ds_bpermute` (everything else);
    - masked global loads and stores branch around a vectorized LLVM load
      or store, masked-off lanes taking `other`;
    - kernels get `rocdl.kernel` and a flat work-group size of
      num_warps * wave size;
    - math goes to the device library (`__ocml_*`), except f32 `exp`/`exp2`
      which use the hardware's `v_exp_f32`;
    - `tt.dot` with an `#ttg.amd_mfma` result becomes `rocdl.mfma.*`
      (32x32x8 / 16x16x16, f16 and bf16), with `#ttg.amd_wmma` version 1
      `rocdl.wmma.f32.16x16x16.*`.
    Shared memory is LDS: the `global_smem` array gets the size the lowering
    used (an error when it exceeds the architecture's LDS), so the code
    object's group segment size says it. The module gets `ttg.shared`.
    Atomics, `tt.print`, `tt.assert`, `tt.histogram` and inline assembly are
    refused with an error: they are not lowered for AMD yet.
  }];
  let options = [
    Option<"arch", "arch", "std::string", /*default=*/"\"gfx942\"",
           "the GPU architecture (the module's ttg.target wins)">
  ];
  let dependentDialects = ["mlir::LLVM::LLVMDialect", "mlir::ROCDL::ROCDLDialect"];
}

#endif // TT_CONVERSION_TRITONAMDGPUTOLLVM_PASSES_TD
