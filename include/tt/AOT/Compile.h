//===- Compile.h - tt-aot's compile and link commands -----------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// What `tt-aot compile` and `tt-aot link` do, as library calls: the tool
// turns its flags into a request and makes one call. Compiling reads the
// kernel's TTIR (its signature and divisibility hints), runs tt-translate
// (a child process, no shell) for each target, and writes the launcher;
// linking reads launcher headers back and writes their dispatcher. See
// docs/aot.md.
//
//===----------------------------------------------------------------------===//

#ifndef TT_AOT_COMPILE_H
#define TT_AOT_COMPILE_H

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace tt::aot {

/// `tt-aot compile`: the flags as given.
struct CompileRequest {
  /// The kernel's TTIR file ("-": standard input).
  std::string input;
  /// --target values: cpu, cuda:NN, cuda:NN:ptx, each maybe =FILE.
  std::vector<std::string> targets;
  /// --grid values, joined with ", " into one to three expressions.
  std::vector<std::string> grid;
  /// The kernel to compile; empty: the module's only public tt.func.
  std::string kernel;
  /// The launchers' C name; empty: the kernel's name.
  std::string name;
  /// Output prefix (PREFIX.h, PREFIX.c, PREFIX.cpu.o); empty: the name.
  std::string output;
  /// --hint ARG=D values, and --no-hints.
  std::vector<std::string> hints;
  bool noHints = false;
  /// -D NAME=VALUE constants for the grid.
  std::vector<std::string> defines;
  /// CUDA: warps per program and pipelining depth (0: tt-translate's
  /// default).
  int numWarps = 0;
  int numStages = 0;
  /// CPU: --mcpu and --mattr for tt-translate.
  std::string mcpu, mattr;
  /// The tt-translate to run; empty: tt::support::findTool's
  /// ($TT_TRANSLATE, beside the running tool, PATH).
  std::string translateTool;
  /// Print each tt-translate command line to stderr.
  bool verbose = false;
  /// The command line, recorded in the generated files.
  std::string commandLine;
};

/// Compiles the kernel for every target and writes its launcher.
llvm::Error compileKernel(const CompileRequest &request);

/// `tt-aot link`: launcher headers into one dispatching entry point.
struct LinkRequest {
  std::vector<std::string> headers;
  /// The entry point's C name (required).
  std::string name;
  /// Output prefix; empty: the name.
  std::string output;
  std::string commandLine;
};

/// Writes the dispatcher of the specializations in `request.headers`.
llvm::Error linkSpecializations(const LinkRequest &request);

/// An error reported where it happened (the TTIR parser prints its own
/// diagnostics, with the source line): the caller prints nothing more.
class ReportedError : public llvm::ErrorInfo<ReportedError> {
public:
  static char ID;
  void log(llvm::raw_ostream &os) const override;
  std::error_code convertToErrorCode() const override;
};

} // namespace tt::aot

#endif // TT_AOT_COMPILE_H
