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

  /// Code generation options of upstream's CUDAOptions; other targets
  /// ignore them.
  /// `.maxnreg` of every kernel entry (upstream's maxnreg); 0: none.
  int maxNumRegs = 0;
  /// Fuse multiplies and adds into fma, in LLVM and in ptxas
  /// (enable_fp_fusion; false adds ptxas --fmad=false).
  bool enableFPFusion = true;
  /// libdevice flushes subnormals (enable_reflect_ftz: the module flag
  /// nvvm-reflect-ftz that libdevice's __nvvm_reflect reads).
  bool enableReflectFtz = true;
  /// Extra ptxas arguments, separated by spaces (ptx_options).
  std::string ptxasOptions;
};

} // namespace tt

#endif // TT_COMPILER_OPTIONS_H
