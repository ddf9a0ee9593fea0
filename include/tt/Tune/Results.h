//===- Results.h - what a tuning run measured -------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The results of a run: every config, and for every problem size what
// happened to each (pruned, failed to compile, failed its check, timed) and
// which won. The same document is the run's JSON report and a shard's
// output, which `tt-tune merge` combines; CSV and SVG reports are drawn
// from it.
//
//===----------------------------------------------------------------------===//

#ifndef TT_TUNE_RESULTS_H
#define TT_TUNE_RESULTS_H

#include "tt/Runtime/Runner.h"
#include "tt/Tune/Cache.h"
#include "tt/Tune/Space.h"

#include <string>
#include <vector>

namespace tt::tune {

/// What happened to one config for one size.
enum class Status {
  NotRun,        // not reached (or the size was found in the cache)
  OtherShard,    // another shard's config
  Pruned,        // removed by a rule, a requirement or the cost model
  CompileFailed, // the generator or tt-translate failed
  CheckFailed,   // ran, but an output differs from its reference
  Failed,        // could not load, exceeded resources, failed at run time
  Ok,            // checked and timed
};

const char *statusName(Status s);
bool parseStatus(const std::string &name, Status &s);

/// A config's result; its times are those of tt-run's bench.
struct ConfigResult : runtime::Timings {
  Status status = Status::NotRun;
  std::string error; // why it was pruned or failed, one line
  bool hasCost = false;
  double cost = 0;
  double compileSeconds = 0;
  int reps = 0;
};

struct SizeResult {
  NameValues sets;      // what the size set (and --set)
  NameValues keyValues; // the key's values
  std::string cacheKey;
  bool cached = false; // the winner came from the cache
  CacheEntry cachedEntry;
  std::vector<ConfigResult> configs; // one per config
  int best = -1;                     // index of the winner, -1: none
  double bestMs = 0;

  /// "n=1048576" or "M=4096 N=4096 K=4096" (the key values).
  std::string label() const;
};

struct TuneResults : KernelIdentity {
  std::string file; // the tune file
  int shardIndex = 0, shardCount = 1;
  std::string date;
  double seconds = 0;
  std::vector<Config> configs;
  std::vector<SizeResult> sizes;
};

/// Sets each size's winner: the smallest median among its Ok configs.
void chooseWinners(TuneResults &r);

/// The cache entry for size `s`'s winner (which must exist).
CacheEntry winnerEntry(const TuneResults &r, size_t s);

/// The JSON report (`--report-json`, a shard's output).
std::string resultsToJson(const TuneResults &r);
bool resultsFromJson(const std::string &text, TuneResults &r, std::string &err);

/// One row per (size, config): the sizes, the parameters, the status, the
/// times.
std::string resultsToCsv(const TuneResults &r);

/// A chart of the search: for each size, each config's median time as a bar
/// in search order (failed and pruned configs marked below the axis), the
/// best time so far as a line, and the winner highlighted.
std::string resultsToSvg(const TuneResults &r);

/// Combines shards of one run: same kernel, options, device, configs and
/// sizes; each config's result is taken from the shard that ran it. Shards
/// that are missing are listed in `missing` (their configs stay
/// "other shard").
bool mergeResults(const std::vector<TuneResults> &shards, TuneResults &out,
                  std::vector<int> &missing, std::string &err);

} // namespace tt::tune

#endif // TT_TUNE_RESULTS_H
