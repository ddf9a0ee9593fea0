//===- Options.h - the options every stage reads ----------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The options of upstream's compile (target, num_warps, num_stages,
// num_ctas, the warp size) as every stage pipeline and backend receives
// them. Plain data: tools fill it from their flags through a
// CompileRequest (Request.h).
//
//===----------------------------------------------------------------------===//

#ifndef TT_COMPILER_OPTIONS_H
#define TT_COMPILER_OPTIONS_H

#include <string>

namespace tt {

/// Options shared by every stage.
struct PipelineOptions {
  /// Compilation target: "cuda:90", "cuda:80", "hip:gfx942", "cpu", ...
  std::string target = "cuda:90";
  int numWarps = 4;
  int numStages = 3;
  int numCtas = 1;
  int threadsPerWarp = 32;
};

} // namespace tt

#endif // TT_COMPILER_OPTIONS_H
