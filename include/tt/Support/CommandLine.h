//===- CommandLine.h - what every tool's --help shows -----------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Debian's libLLVM.so registers every LLVM backend's options (--aarch64-*,
// --amdgpu-*, --x86-*, ...) in every program that loads it, hundreds of
// lines in --help. A tool calls hideLLVMOptions() first thing in main():
// the options registered by then (LLVM's static ones) move to
// --help-hidden, where they keep working; the tool's own options and
// MLIR's, registered afterwards, stay in --help.
//
//===----------------------------------------------------------------------===//

#ifndef TT_SUPPORT_COMMANDLINE_H
#define TT_SUPPORT_COMMANDLINE_H

#include "llvm/Support/CommandLine.h"

namespace tt {

inline void hideLLVMOptions() {
  for (auto &entry : llvm::cl::getRegisteredOptions()) {
    llvm::cl::Option *opt = entry.second;
    // --help, --version and friends stay.
    if (opt->ArgStr.starts_with("help") || opt->ArgStr == "version")
      continue;
    if (opt->getOptionHiddenFlag() == llvm::cl::NotHidden)
      opt->setHiddenFlag(llvm::cl::Hidden);
  }
}

} // namespace tt

#endif // TT_SUPPORT_COMMANDLINE_H
