//===- AMD.h - the AMD backend of the compile driver ------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// hip:gfxNNN targets: the TTGIR stage with AMD matrix-core layouts, TTGIR ->
// LLVM dialect (ROCDL), then LLVM IR -> AMDGCN / object (AMDGPU) -> HSACO
// (ld.lld), and the kernel metadata JSON. Library TTCompilerAMD (CMake
// option TT_ENABLE_AMD_BACKEND).
//
//===----------------------------------------------------------------------===//

#ifndef TT_COMPILER_AMD_H
#define TT_COMPILER_AMD_H

#include "tt/Compiler/Options.h"

#include <string>

namespace mlir {
class ModuleOp;
class OpPassManager;
} // namespace mlir

namespace tt {

/// The TTGIR stage for AMD: default layouts with the architecture's wave
/// size (64 on CDNA, 32 on RDNA: `opts.threadsPerWarp` is overridden),
/// coalescing, layout propagation, tritonamdgpu-accelerate-matmul,
/// tritonamdgpu-carry-converted-layouts, tritonamdgpu-optimize-epilogue,
/// CSE, canonicalization (docs/amd-backend.md).
void buildAMDTTGIRPipeline(mlir::OpPassManager &pm, const PipelineOptions &opts);

/// The LLIR stage for AMD: allocate-shared-memory,
/// insert-shared-memory-barriers, SCF to CF, convert-triton-amdgpu-to-llvm,
/// canonicalize, CSE, symbol DCE.
void buildAMDLLIRPipeline(mlir::OpPassManager &pm, const PipelineOptions &opts);

/// Kernel metadata in upstream's format, with target.backend "hip".
std::string buildAMDMetadataJSON(mlir::ModuleOp llvmModule,
                                 const PipelineOptions &opts);

/// Adds the AMD backend to the compile driver's registry.
void registerAMDBackend();

} // namespace tt

#endif // TT_COMPILER_AMD_H
