//===- AMD.h - tt-translate for hip:gfxNNN targets --------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#ifndef TT_TOOLS_TT_TRANSLATE_AMD_H
#define TT_TOOLS_TT_TRANSLATE_AMD_H

#include <string>

namespace tt::frontend {
class PythonKernelOptions;
} // namespace tt::frontend

namespace tt::translate {

enum class AMDOutput { LLVMIR, AMDGCN, HSACO };

struct AMDRequest {
  std::string input = "-";
  std::string output = "-";
  std::string target = "hip:gfx942";
  std::string metadataPath; ///< empty: no metadata
  AMDOutput kind = AMDOutput::HSACO;
  int numWarps = 0;  ///< 0: the module's, else 4
  int numStages = 0; ///< 0: the default
  /// How FILE.py::KERNEL inputs are specialized (tt-translate's options).
  const tt::frontend::PythonKernelOptions *python = nullptr;
};

/// Compiles and writes; returns the process exit status.
int runAMD(const AMDRequest &request);

} // namespace tt::translate

#endif // TT_TOOLS_TT_TRANSLATE_AMD_H
