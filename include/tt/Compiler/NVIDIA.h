//===- NVIDIA.h - the NVIDIA backend of the compile driver ------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// cuda:NN targets: the TTGIR stage (tensor cores, software pipelining, TMA),
// the LLIR stage (TTGIR -> LLVM/NVVM), then LLVM IR -> PTX (NVPTX) ->
// cubin (ptxas), and the metadata JSON in upstream Triton 3.6's format.
// Library TTCompilerNVIDIA (CMake option TT_ENABLE_NVIDIA_BACKEND).
//
//===----------------------------------------------------------------------===//

#ifndef TT_COMPILER_NVIDIA_H
#define TT_COMPILER_NVIDIA_H

#include "tt/Compiler/Options.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace mlir {
class ModuleOp;
class OpPassManager;
} // namespace mlir

namespace tt {

/// The compute capability of a "cuda:NN" target (90 for "cuda:90"), or
/// std::nullopt for other targets.
std::optional<int> getComputeCapability(llvm::StringRef target);

/// The TTGIR stage for cuda:NN (upstream's make_ttgir): default layouts,
/// coalescing, layout propagation; from cuda:80 on tensor cores and
/// software pipelining, from cuda:90 on TMA.
void buildNVIDIATTGIRPipeline(mlir::OpPassManager &pm,
                              const PipelineOptions &opts);

/// The LLIR stage for cuda:NN: shared and global scratch allocation,
/// barriers, SCF to CF, convert-triton-gpu-to-llvm, canonicalize, CSE.
void buildNVIDIALLIRPipeline(mlir::OpPassManager &pm,
                             const PipelineOptions &opts);

/// Kernel metadata as upstream writes it next to its cubin.
std::string buildNVIDIAMetadataJSON(mlir::ModuleOp llvmModule,
                                    const PipelineOptions &opts,
                                    int ptxVersion);

/// Adds the NVIDIA backend to the compile driver's registry.
void registerNVIDIABackend();

} // namespace tt

#endif // TT_COMPILER_NVIDIA_H
