//===- Compile.h - compiling kernels on the fly for tt-run ------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The hook through which tt-run turns a `.ttir`/`.ttgir` kernel into a
// loadable image. The backends it needs (NVIDIA: TTGIR to PTX; CPU: TTIR to
// a shared object; AMD: to HSACO) do not exist yet, so today it reports
// which backend is missing. When a backend lands, it fills a KernelImage
// (image bytes, entry name, and the metadata upstream would write) here.
//
//===----------------------------------------------------------------------===//

#ifndef TT_RUNTIME_COMPILE_H
#define TT_RUNTIME_COMPILE_H

#include "tt/Runtime/Device.h"

#include <string>

namespace tt::runtime {

struct CompileRequest {
  std::string path; // .ttir or .ttgir
  Target target = Target::CUDA;
  std::string name; // entry point, empty: the module's only public kernel
  int numWarps = 4;
  int numStages = 3;
  int numCtas = 1;
};

/// True for the file types compileKernel takes.
bool needsCompilation(const std::string &path);

/// Compiles `req` into `out`. Fails with a one-line reason.
bool compileKernel(const CompileRequest &req, KernelImage &out,
                   std::string &err);

} // namespace tt::runtime

#endif // TT_RUNTIME_COMPILE_H
