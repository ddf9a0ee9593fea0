//===- TuneSpec.h - the tt-tune YAML description of a run -------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// A `*.tune.yaml` file says which kernel to tune (a TTIR template, or a
// generator command that prints TTIR), how to launch it (a tt-run launch
// description, in a file of its own or inline), the search space, the key
// and the problem sizes to tune for, pruning, and what to reset between
// configs. docs/tt-tune.md describes every key.
//
// parseTuneSpec is the only code of tt-tune that uses yaml-cpp's parser for
// tune files; every exception is caught inside it.
//
//===----------------------------------------------------------------------===//

#ifndef TT_TUNE_TUNESPEC_H
#define TT_TUNE_TUNESPEC_H

#include "tt/Runtime/Spec.h"
#include "tt/Tune/Space.h"

#include <string>
#include <utility>
#include <vector>

namespace tt::tune {

enum class KernelKind { Template, Generator, Python };

/// One problem size to tune for: values for launch parameters or scalar
/// arguments, applied like tt-run's --set.
struct SizeSpec {
  std::vector<std::pair<std::string, std::string>> sets; // name, expression
  int line = 0;
};

struct TuneSpec {
  std::string file; // as given
  std::string dir;  // its directory, for relative paths
  std::string text; // the whole file

  KernelKind kind = KernelKind::Template;
  int kernelLine = 0;
  std::string templatePath; // resolved against dir
  std::string templateWritten;
  /// The generator's argv, placeholders not yet substituted; argv[0] is
  /// looked up on PATH when it has no '/', else resolved against dir.
  std::vector<std::string> generator;
  /// A Triton-Python kernel, compiled per config by tt-py with each config
  /// parameter (but num_warps and num_stages) as a constexpr (-D).
  std::string pythonFile, pythonKernel;
  /// tt-py's --signature; empty: derived from the launch's arguments.
  std::string pythonSignature;

  /// "cpu", "cuda", "cuda:90", "hip:gfx942": the runtime target and, for
  /// GPUs, the architecture tt-translate compiles for.
  bool hasTarget = false;
  std::string target;
  int targetLine = 0;

  /// The launch: a tt-run file (launchPath) or an inline block, which
  /// parseTuneSpec turns into the text of a tt-run file whose lines are the
  /// tune file's lines (launchText; `npy:` paths made absolute).
  bool launchInline = false;
  std::string launchPath;
  std::string launchText;
  int launchLine = 0;

  SpaceSpec space;
  int spaceLine = 0;

  std::vector<std::string> key;
  int keyLine = 0;
  std::vector<SizeSpec> sizes;
  int sizesLine = 0;

  PruneSpec prune;
  int pruneLine = 0;

  std::vector<std::pair<std::string, int>> resetToZero, restoreValue;

  int warmup = -1, reps = -1;
  std::string description;
};

/// Reads and checks a tune file. On failure `error` is one
/// "file:line: error: ..." line.
bool parseTuneSpec(const std::string &path, TuneSpec &spec, std::string &error);
bool parseTuneSpecText(const std::string &text, const std::string &file,
                       const std::string &dir, TuneSpec &spec,
                       std::string &error);

/// Splits a target such as `cuda:90` into the runtime target and the
/// architecture (Spec.h).
using runtime::parseTargetName;

} // namespace tt::tune

#endif // TT_TUNE_TUNESPEC_H
