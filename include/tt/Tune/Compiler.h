//===- Compiler.h - compiling many configs at once --------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// tt-tune compiles every config of a tuning run before timing any of them,
// as many at a time as there are cores: each config is one chain of child
// processes (the generator, when the kernel comes from one, then
// tt-translate), started without a shell. A config whose chain fails keeps
// the first error line of its log; the others go on.
//
//===----------------------------------------------------------------------===//

#ifndef TT_TUNE_COMPILER_H
#define TT_TUNE_COMPILER_H

#include <functional>
#include <string>
#include <sys/types.h>
#include <vector>

namespace tt::tune {

struct CompileJob {
  int config = -1;
  /// The kernel's TTIR, written to ttirPath before tt-translate runs; or,
  /// when `generator` is set, the command whose standard output is the TTIR.
  std::string ttirText;
  std::vector<std::string> generator;
  std::string ttirPath, binaryPath, metaPath, logPath;
  int numWarps = 4, numStages = 3;

  // Results.
  bool ok = false;
  std::string error; // one line
  double seconds = 0;

  // Progress of the chain (internal).
  int step = 0;
  pid_t pid = -1;
  double started = 0;
};

struct CompileSettings {
  std::string translate;    // the tt-translate binary
  std::string target;       // `cpu`, `cuda:90`
  bool gpu = false;         // PTX (else a CPU shared object)
  std::string generatorDir; // the working directory of generators
  int jobs = 1;             // processes at once
  double timeoutSeconds = 600;
};

/// Runs every job, `settings.jobs` at a time; `done` is called (on this
/// thread) as each finishes.
void compileAll(std::vector<CompileJob> &jobs, const CompileSettings &settings,
                const std::function<void(CompileJob &)> &done);

/// $ENVVAR (when given and set), else the program `name` beside this
/// program, else on PATH; empty if none.
std::string findTool(const std::string &name, const char *envVar);

/// findTool("tt-translate", "TT_TRANSLATE").
std::string findTranslate();

/// A string that changes when a compiler (tt-translate, tt-py) does: its
/// name, size and modification time, for the cache's options hash.
std::string compilerIdentity(const std::string &tool);

} // namespace tt::tune

#endif // TT_TUNE_COMPILER_H
