//===- Compile.cpp - compiling kernels on the fly for tt-run ----*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Runtime/Compile.h"

using namespace tt::runtime;

static bool endsWith(const std::string &s, const char *suffix) {
  std::string t(suffix);
  return s.size() >= t.size() &&
         s.compare(s.size() - t.size(), t.size(), t) == 0;
}

bool tt::runtime::needsCompilation(const std::string &path) {
  return endsWith(path, ".ttir") || endsWith(path, ".ttgir") ||
         endsWith(path, ".mlir");
}

bool tt::runtime::compileKernel(const CompileRequest &req, KernelImage &,
                                std::string &err) {
  std::string kind = endsWith(req.path, ".ttgir") ? ".ttgir" : ".ttir";
  switch (req.target) {
  case Target::CUDA:
    err = "compiling " + kind + " needs the NVIDIA backend, not built yet";
    return false;
  case Target::HIP:
    err = "compiling " + kind + " needs the AMD backend, not built yet";
    return false;
  case Target::CPU:
    err = "compiling " + kind + " needs the CPU backend, not built yet";
    return false;
  }
  err = "unknown target";
  return false;
}
