//===- NVIDIA.h - tt-translate for cuda:NN targets --------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#ifndef TT_TOOLS_TT_TRANSLATE_NVIDIA_H
#define TT_TOOLS_TT_TRANSLATE_NVIDIA_H

#include <string>

namespace tt::frontend {
class PythonKernelOptions;
} // namespace tt::frontend

namespace tt::translate {

enum class NVIDIAOutput { LLVMIR, PTX, Cubin };

struct NVIDIARequest {
  std::string input = "-";
  std::string output = "-";
  std::string target = "cuda:90";
  std::string metadataPath; ///< empty: no metadata
  NVIDIAOutput kind = NVIDIAOutput::PTX;
  int numWarps = 0;  ///< 0: the module's, else 4
  int numStages = 0; ///< 0: the default
  /// --signature and -D for a FILE.py::KERNEL input.
  const tt::frontend::PythonKernelOptions *python = nullptr;
};

/// Compiles and writes; returns the process exit status.
int runNVIDIA(const NVIDIARequest &request);

/// Writes `data` to `path` ('-': stdout) as every tt-translate output is
/// written: a regular file through a temporary name renamed into place, so
/// it appears whole or not at all (tt-translate.cpp). Reports its own
/// errors; false on failure.
bool writeOutputFile(const std::string &path, const std::string &data);

} // namespace tt::translate

#endif // TT_TOOLS_TT_TRANSLATE_NVIDIA_H
