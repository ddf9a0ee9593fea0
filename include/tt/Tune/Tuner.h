//===- Tuner.h - a tuning run from start to finish --------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// runTune reads a tune file and does the whole run: expand the space, look
// the sizes up in the cache, prune, compile every remaining config in
// parallel, check and time them on the device(s) through tt-run's runner,
// pick the winners, store them in the cache and write the reports.
// runMerge combines the results of shards (`--shard i/n`) into one.
//
// Exit codes (as tt-run's): 0 every size has a winner; 1 some size has no
// config that compiled, passed its check and ran; 2 bad input or no device.
//
//===----------------------------------------------------------------------===//

#ifndef TT_TUNE_TUNER_H
#define TT_TUNE_TUNER_H

#include <cstdio>
#include <string>
#include <utility>
#include <vector>

namespace tt::tune {

struct TuneOptions {
  /// The cache file; empty: defaultCachePath().
  std::string cachePath;
  bool useCache = true; // --no-cache: neither read nor write it
  bool force = false;   // --force: tune even what the cache knows
  /// --set NAME=EXPR: launch parameters and scalars, for every size.
  std::vector<std::pair<std::string, std::string>> sets;
  /// --target: overrides the tune file's (and the launch's).
  std::string target;
  /// Device ordinals; configs are spread over them (GPU targets).
  std::vector<int> devices = {0};
  int shardIndex = 0, shardCount = 1;
  int jobs = 0; // compile processes at once; 0: one per core
  int warmup = -1, reps = -1;
  bool flushL2 = true;
  /// Check and time the configs in child processes (the device is never
  /// opened in this one), so that a config that crashes (a signal) or
  /// faults (a sticky CUDA error) fails alone. --no-isolate: in-process.
  bool isolate = true;
  /// Keep the generated TTIR, binaries and logs here (else a temporary
  /// directory, removed at the end).
  std::string workDir;
  bool dryRun = false; // expand and prune, print the plan, compile nothing
  std::string reportJson, reportCsv, reportSvg;
  /// TRITON_PRINT_AUTOTUNING=1: each config's time and the final choice on
  /// stdout.
  bool printAutotuning = false;
  /// A progress bar on stderr (when it is a terminal) instead of lines.
  bool progressBar = false;
  bool quiet = false; // no progress lines
};

/// Runs a tuning run. The summary goes to `out`, progress and errors to
/// `diag`.
int runTune(const std::string &path, const TuneOptions &opts, FILE *out,
            FILE *diag);

/// Merges shard results (written by `--shard i/n --report-json F`); stores
/// the winners in the cache (unless --no-cache) and writes the reports.
int runMerge(const std::vector<std::string> &files, const TuneOptions &opts,
             FILE *out, FILE *diag);

} // namespace tt::tune

#endif // TT_TUNE_TUNER_H
