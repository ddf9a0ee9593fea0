//===- AMD.h - the AMD stages of the pipeline -------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// For `hip:gfxNNN` targets: the TTGIR stage with AMD matrix-core layouts,
// TTGIR -> LLVM dialect (ROCDL), the LLVM IR translation and the kernel
// metadata JSON. LLVM IR -> AMDGCN / HSACO is lib/Target/AMDGPU.
//
//===----------------------------------------------------------------------===//

#ifndef TT_PIPELINE_AMD_H
#define TT_PIPELINE_AMD_H

#include "tt/Pipeline/Pipeline.h"

#include "llvm/Support/Error.h"

namespace mlir {
class ModuleOp;
class DialectRegistry;
} // namespace mlir

namespace tt {

/// The TTGIR stage for AMD (buildTTGIRPipeline calls it for hip targets):
/// default layouts with the architecture's wave size (64 on CDNA, 32 on
/// RDNA: `opts.threadsPerWarp` is overridden), coalescing, layout
/// propagation, tritonamdgpu-accelerate-matmul,
/// tritonamdgpu-carry-converted-layouts, tritonamdgpu-optimize-epilogue,
/// CSE, canonicalization (docs/amd-backend.md).
void buildAMDTTGIRPipeline(mlir::OpPassManager &pm, const PipelineOptions &opts);

/// The LLIR stage for AMD: allocate-shared-memory,
/// insert-shared-memory-barriers, SCF to CF, convert-triton-amdgpu-to-llvm,
/// canonicalize, CSE, symbol DCE.
void buildAMDLLIRPipeline(mlir::OpPassManager &pm, const PipelineOptions &opts);

/// Registers the ROCDL dialect and its LLVM IR translation.
void registerAMDTranslations(mlir::DialectRegistry &registry);

/// Registers the AMD passes (called by registerAllPasses).
void registerAMDPipeline();

/// As lowerToLLVMDialect (NVIDIA.h), for hip targets: runs the stages the
/// module still needs so that it ends in the LLVM dialect. The module's
/// ttg.* attributes win over `opts`, which is updated.
llvm::Error lowerToLLVMDialectAMD(mlir::ModuleOp module, PipelineOptions &opts);

/// Kernel metadata in upstream's format, with target.backend "hip".
std::string buildAMDMetadataJSON(mlir::ModuleOp llvmModule,
                                 const PipelineOptions &opts);

} // namespace tt

#endif // TT_PIPELINE_AMD_H
