//===- NVIDIA.h - the NVIDIA stages of the pipeline -------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// TTGIR -> LLVM dialect (the `tt-llir` pipeline) -> LLVM IR -> PTX -> cubin,
// and the kernel metadata JSON in upstream Triton 3.6's format.
//
//===----------------------------------------------------------------------===//

#ifndef TT_PIPELINE_NVIDIA_H
#define TT_PIPELINE_NVIDIA_H

#include "tt/Pipeline/Pipeline.h"

#include "llvm/Support/Error.h"
#include <memory>
#include <string>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace mlir {
class ModuleOp;
class DialectRegistry;
} // namespace mlir

namespace tt {

/// The compute capability of a "cuda:NN" target (90 for "cuda:90"), or
/// std::nullopt for other targets.
std::optional<int> getComputeCapability(llvm::StringRef target);

/// The LLIR stage for NVIDIA: SCF to CF, TTGIR to the LLVM/NVVM dialects,
/// canonicalize, CSE.
void buildNVIDIALLIRPipeline(mlir::OpPassManager &pm, const PipelineOptions &opts);

/// Registers the LLVM-dialect translations NVIDIA needs.
void registerNVIDIATranslations(mlir::DialectRegistry &registry);

/// Runs the MLIR stages that `module` still needs (TTIR, TTGIR, LLIR,
/// detected from its contents) so that it ends in the LLVM dialect.
/// Attributes already in the module (ttg.num-warps, ttg.target) win over
/// `opts`, which is updated to what the module says.
llvm::Error lowerToLLVMDialect(mlir::ModuleOp module, PipelineOptions &opts);

/// Translates an LLVM-dialect module to LLVM IR.
llvm::Expected<std::unique_ptr<llvm::Module>>
translateToLLVMIR(mlir::ModuleOp module, llvm::LLVMContext &context);

/// Kernel metadata as upstream writes it next to its cubin.
std::string buildNVIDIAMetadataJSON(mlir::ModuleOp llvmModule,
                                    const PipelineOptions &opts,
                                    int ptxVersion);

/// Registers `tt-llir` for tt-opt.
void registerNVIDIAPipeline();

} // namespace tt

#endif // TT_PIPELINE_NVIDIA_H
