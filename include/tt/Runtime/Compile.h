//===- Compile.h - compiling kernels on the fly for tt-run ------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The hook through which tt-run turns a `.ttir`/`.ttgir` kernel, or a
// Python kernel `file.py::kernel`, into a loadable image: PTX for CUDA, an
// HSACO for HIP (for $TT_RUN_HIP_TARGET, default hip:gfx942), a shared
// object for the CPU, by running tt-translate (Compile.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TT_RUNTIME_COMPILE_H
#define TT_RUNTIME_COMPILE_H

#include "tt/Runtime/Device.h"

#include <string>
#include <vector>

namespace tt::runtime {

struct CompileRequest {
  std::string path; // .ttir, .ttgir, or a Python kernel `file.py::kernel`
  Target target = Target::CUDA;
  std::string name; // entry point, empty: the module's only public kernel
  int numWarps = 4;
  int numStages = 3;
  int numCtas = 1;
  /// Python kernels: tt-translate's --signature and -D NAME=VALUE.
  std::string signature;
  std::vector<std::string> defines;
};

/// True for the file types compileKernel takes: .ttir, .ttgir, .mlir and
/// Python kernels (`file.py::kernel`, or a `.py` file with one kernel).
bool needsCompilation(const std::string &path);

/// Whether `path` names a Python kernel (`file.py::kernel` or `file.py`).
bool isPythonKernel(const std::string &path);

/// The file part of a kernel path: `file.py` for `file.py::kernel`, else
/// the path itself.
std::string kernelFilePath(const std::string &path);

/// Compiles `req` into `out`. Fails with a one-line reason.
bool compileKernel(const CompileRequest &req, KernelImage &out,
                   std::string &err);

} // namespace tt::runtime

#endif // TT_RUNTIME_COMPILE_H
