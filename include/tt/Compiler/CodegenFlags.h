//===- CodegenFlags.h - code generation flags of the compile tools -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The command-line flags for upstream's CUDA code generation options
// (maxnreg, enable_fp_fusion, enable_reflect_ftz, ptx_options), declared
// once for every tool that compiles (tt-translate, tt-dump) and copied into
// a CompileRequest.
//
//===----------------------------------------------------------------------===//

#ifndef TT_COMPILER_CODEGENFLAGS_H
#define TT_COMPILER_CODEGENFLAGS_H

#include "llvm/Support/CommandLine.h"

#include <string>

namespace tt::compiler {

struct CompileRequest;

class CodegenFlags {
public:
  explicit CodegenFlags(llvm::cl::OptionCategory &category);

  /// Copies the flags into `req`.
  void apply(CompileRequest &req) const;

private:
  llvm::cl::opt<int> maxNumRegs;
  llvm::cl::opt<bool> fpFusion;
  llvm::cl::opt<bool> reflectFtz;
  llvm::cl::opt<std::string> ptxasOptions;
};

} // namespace tt::compiler

#endif // TT_COMPILER_CODEGENFLAGS_H
