//===- Spec.h - the tt-run YAML description of one launch -------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// A RunSpec is what a `*.run.yaml` file says, checked for shape but not yet
// evaluated: expressions are parsed, names are not resolved. Every element
// remembers its line so that later errors (a grid that evaluates to zero, a
// missing file, a device that is not there) can name it.
//
// parseRunSpec is the only place that uses yaml-cpp and therefore the only
// code built with C++ exceptions; nothing is thrown out of it.
//
//===----------------------------------------------------------------------===//

#ifndef TT_RUNTIME_SPEC_H
#define TT_RUNTIME_SPEC_H

#include "tt/Runtime/DType.h"
#include "tt/Runtime/Expr.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace tt::runtime {

enum class Target { CUDA, HIP, CPU };
const char *targetName(Target t);
/// Splits a target such as `cuda:90` into the runtime target and the
/// architecture (`cuda:90`; empty for cpu or a bare `cuda`); false for
/// anything but cpu, cuda, cuda:ARCH, hip and hip:ARCH.
bool parseTargetName(const std::string &text, Target &target,
                     std::string &arch);

/// An expression and the line it was written on (line 0: absent).
struct ExprSrc {
  Expression expr;
  int line = 0;
  bool present() const { return line != 0; }
};

struct InitSpec {
  enum class Kind { Zeros, Constant, Arange, Uniform, Normal, Npy, Poison };
  Kind kind = Kind::Poison;
  /// Constant: value in a. Arange: start a, step b. Uniform: [a, b).
  /// Normal: mean a, standard deviation b.
  double a = 0, b = 1;
  uint64_t seed = 0;
  std::string path; // Npy: resolved against the YAML's directory
  int line = 0;
};

struct CheckSpec {
  /// Expr: a host expression; Npy: a file; Cpu: the same output of the
  /// kernel compiled for and run on the CPU backend with the same inputs
  /// (`check: {cpu: true}`).
  enum class Kind { None, Expr, Npy, Cpu };
  Kind kind = Kind::None;
  ExprSrc expect;
  std::string path; // Npy
  bool hasRtol = false, hasAtol = false;
  double rtol = 0, atol = 0;
  int line = 0;
};

struct ArgSpec {
  std::string name;
  int line = 0;
  bool isTensor = false;
  DType dtype = DType::F32;
  // Tensors.
  std::vector<ExprSrc> shape;
  int shapeLine = 0;
  std::vector<ExprSrc> strides; // empty: contiguous
  int stridesLine = 0;
  InitSpec init;
  CheckSpec check;
  // Scalars.
  ExprSrc value;
  /// Specialized away by the compiler (e.g. an integer equal to 1): the
  /// argument is named and checked but not passed to the kernel.
  bool specialized = false;
  int specializedLine = 0;
  /// The kernel was compiled assuming the value is a multiple of this
  /// (upstream's tt.divisibility = 16); 0: no such assumption.
  int64_t multipleOf = 0;
  int multipleOfLine = 0;
};

/// One kernel binary to launch with the spec's arguments. A spec lists one
/// (`kernel: file`) or several (`kernel: {label: file, ...}`), which run on
/// the same inputs so that their timings compare.
struct KernelVariant {
  std::string label;
  std::string path;    // resolved against the YAML's directory
  std::string written; // as written in the YAML
  int line = 0;
};

struct RunSpec {
  std::string file; // the YAML path as given
  std::string dir;  // its directory, for relative paths
  std::vector<KernelVariant> kernels;
  int kernelLine = 0;
  std::string name; // kernel function name; empty: from metadata
  int nameLine = 0;
  bool hasTarget = false;
  Target target = Target::CUDA;
  int targetLine = 0;
  ExprSrc numWarps, shared, numStages, numCtas;
  std::vector<std::pair<std::string, ExprSrc>> params;
  int paramsLine = 0;
  std::vector<ExprSrc> grid;
  int gridLine = 0;
  std::vector<ArgSpec> args;
  int argsLine = 0;
  /// Conditions the sizes must meet (`N <= BLOCK`), checked after the
  /// parameters and scalars are evaluated.
  std::vector<ExprSrc> require;
  ExprSrc bytes, flops;
  int warmup = -1, reps = -1;
  /// `bench: {restore: [names]}`: tensors put back to their initial
  /// contents before every launch of the benchmark (untimed), for kernels
  /// that accumulate into or update their buffers in place.
  std::vector<std::pair<std::string, int>> restore; // name, line
  /// Python kernels (`file.py::kernel`): the --signature to compile them
  /// with (empty: derived from `args`), and the constexprs given as
  /// `-D NAME=VALUE`, each an expression over params and scalars.
  std::string signature;
  int signatureLine = 0;
  std::vector<std::pair<std::string, ExprSrc>> constexprs;
  int constexprsLine = 0;
  /// The kernel that `check: {cpu: true}` runs on the CPU (resolved
  /// against the YAML's directory); empty: derived from each variant's
  /// kernel (docs/tt-run.md).
  std::string cpuReference;
  std::string cpuReferenceWritten;
  int cpuReferenceLine = 0;
};

/// The upstream AOT signature string that the YAML's arguments describe:
/// tensors `*<dtype>:16` (tt-run's buffers are 16-byte aligned), scalars
/// their dtype, `:16` with `multiple_of` 16, `:1` when `specialized`.
std::string deriveSignature(const RunSpec &spec);

/// "file:line: error: message" (or "file: error: message" without a line),
/// one line: line breaks and control characters in the message are escaped.
std::string formatError(const std::string &file, int line,
                        const std::string &message);

/// Reads a spec file (a run spec, a tune file: `what` names it in errors)
/// into `text`, and sets `dir` to the folder its relative paths are
/// resolved against. Refuses a directory and anything over 16 MiB (a path
/// such as /dev/zero), with one formatted line in `error`.
bool readSpecFile(const std::string &path, const std::string &what,
                  std::string &text, std::string &dir, std::string &error);

/// Reads and checks a YAML file. On failure `error` is one formatted line.
bool parseRunSpec(const std::string &path, RunSpec &spec, std::string &error);
/// Same, from text; `file` names it in errors, `dir` anchors relative paths.
bool parseRunSpecText(const std::string &text, const std::string &file,
                      const std::string &dir, RunSpec &spec,
                      std::string &error);

} // namespace tt::runtime

#endif // TT_RUNTIME_SPEC_H
