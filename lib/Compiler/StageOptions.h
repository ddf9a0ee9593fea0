//===- StageOptions.h - the options of tt-opt's stage pipelines -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// `--tt-ttir`, `--tt-ttgir` and `--tt-llir` take the same options
// ("target=cuda:90 num-warps=4 num-stages=3"), turned into PipelineOptions.
//
//===----------------------------------------------------------------------===//

#ifndef TT_LIB_COMPILER_STAGEOPTIONS_H
#define TT_LIB_COMPILER_STAGEOPTIONS_H

#include "tt/Compiler/Options.h"

#include "mlir/Pass/PassOptions.h"

namespace tt::compiler {

struct StageOptions : public mlir::PassPipelineOptions<StageOptions> {
  Option<std::string> target{*this, "target",
                             llvm::cl::desc("cuda:90, cuda:80, hip:gfx942, cpu"),
                             llvm::cl::init("cuda:90")};
  Option<int> numWarps{*this, "num-warps", llvm::cl::desc("warps per CTA"),
                       llvm::cl::init(4)};
  Option<int> numStages{*this, "num-stages",
                        llvm::cl::desc("software pipelining depth"),
                        llvm::cl::init(3)};
  Option<int> numCtas{*this, "num-ctas", llvm::cl::desc("CTAs per cluster"),
                      llvm::cl::init(1)};
  Option<int> threadsPerWarp{*this, "threads-per-warp",
                             llvm::cl::desc("32 (NVIDIA) or 64 (AMD CDNA)"),
                             llvm::cl::init(32)};

  PipelineOptions get() const {
    PipelineOptions o;
    o.target = target.getValue();
    o.numWarps = numWarps;
    o.numStages = numStages;
    o.numCtas = numCtas;
    o.threadsPerWarp = threadsPerWarp;
    return o;
  }
};

} // namespace tt::compiler

#endif // TT_LIB_COMPILER_STAGEOPTIONS_H
