//===- tt-tune.cpp - autotune a kernel described by YAML --------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//   tt-tune add.tune.yaml                        tune, cache the winners
//   tt-tune --report-svg add.svg add.tune.yaml   and chart the search
//   tt-tune --devices 0,1 matmul.tune.yaml       spread over two GPUs
//   tt-tune --shard 3/8 --report-json s3.json matmul.tune.yaml
//   tt-tune merge s*.json                        combine the shards
//
// Exit codes: 0 every size has a winner; 1 some size has none; 2 bad input
// or no device. See docs/tt-tune.md.
//
//===----------------------------------------------------------------------===//

#include "tt/Runtime/Runner.h"
#include "tt/Support/Options.h"
#include "tt/Tune/Space.h"
#include "tt/Tune/Tuner.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unistd.h>
#include <vector>

using namespace tt::tune;

namespace {

int usageError(const std::string &msg) {
  std::fprintf(stderr, "tt-tune: error: %s\n", msg.c_str());
  return tt::runtime::ExitBadInput;
}

bool parseInt(const std::string &s, int &out) {
  if (s.empty())
    return false;
  char *end = nullptr;
  long v = std::strtol(s.c_str(), &end, 10);
  if (*end || v < 0 || v > 1 << 20)
    return false;
  out = int(v);
  return true;
}

/// The options, in tt's convention (tt/Support/Options.h, docs/cli.md).
void addOptions(tt::support::OptionParser &p, bool merge) {
  p.addSection(merge ? "tt-tune merge options" : "tt-tune options");
  p.addValue("cache", "file",
             "The cache of winners (default: $TT_TUNE_CACHE, else "
             "~/.cache/tt/tune-cache.json)");
  p.addFlag("no-cache", "Neither read nor write the cache");
  p.addValue("report-json", "file",
             "Write every config's result as JSON ('-': standard output)");
  p.addValue("report-csv", "file",
             "Write every config's result as CSV ('-': standard output)");
  p.addValue("report-svg", "file", "Draw the search as an SVG chart");
  if (merge)
    return;
  p.addFlag("force", "Tune even the sizes the cache knows (and replace them)");
  p.addValue("set", "NAME=EXPR",
             "Override a launch parameter or scalar argument, for every size "
             "(repeatable)",
             true);
  p.addValue("target", "target",
             "Override the target: cpu, cuda, cuda:NN, hip or hip:gfxNNN");
  p.addValue("device", "N", "Device ordinal");
  p.addValue("devices", "N,N,...",
             "Spread the configs over these GPUs of this host");
  p.addValue("shard", "I/N",
             "Tune only the configs c with c % N == I (write them with "
             "--report-json; combine the shards with tt-tune merge)");
  p.addValue("j", "N",
             "Compile this many configs at once (default: one per core)");
  p.addAlias("jobs", "j");
  p.addValue("warmup", "N", "Untimed launches before timing each config");
  p.addValue("reps", "N", "Timed repetitions of each config");
  p.addFlag("no-flush", "Do not flush the L2 cache between repetitions");
  p.addFlag("no-isolate",
            "Run the configs in this process instead of child processes (a "
            "config that crashes or faults then ends the run or fails the "
            "configs after it)");
  p.addValue("work-dir", "dir",
             "Keep the generated kernels, binaries and logs in DIR");
  p.addFlag("dry-run", "Print the configs and what pruning keeps for each "
                       "size; compile nothing");
  p.addFlag("q", "No progress output on stderr");
  p.addAlias("quiet", "q");
}

} // namespace

int main(int argc, char **argv) {
  bool merge = argc > 1 && std::strcmp(argv[1], "merge") == 0;
  tt::support::OptionParser options(
      merge ? "tt-tune merge" : "tt-tune",
      merge ? "combine the results of tt-tune shards (--shard i/n "
              "--report-json FILE), store the winners in the cache and "
              "write the reports (docs/tt-tune.md)"
            : "autotune a kernel over a YAML-described search space: "
              "compile every config in parallel, check and time each, cache "
              "the winners (docs/tt-tune.md)",
      merge ? "tt-tune merge [options] <SHARD.json>..."
            : "tt-tune [options] <FILE.tune.yaml>\n"
              "       tt-tune merge [options] <SHARD.json>...");
  addOptions(options, merge);
  if (int rc = options.parse(argc, argv, merge ? 2 : 1); rc >= 0)
    return rc;

  TuneOptions opts;
  std::vector<std::string> files = options.getPositionals();
  if (options.has("cache"))
    opts.cachePath = options.get("cache");
  opts.useCache = !options.has("no-cache");
  opts.reportJson = options.get("report-json");
  opts.reportCsv = options.get("report-csv");
  opts.reportSvg = options.get("report-svg");
  if (!merge) {
    opts.force = options.has("force");
    for (const std::string &s : options.getAll("set")) {
      std::string name, expr;
      if (!tt::runtime::splitBinding(s, name, expr))
        return usageError("--set takes NAME=EXPRESSION, got '" + s + "'");
      opts.sets.emplace_back(name, expr);
    }
    if (options.has("target"))
      opts.target = options.get("target");
    if (options.has("device") && options.has("devices"))
      return usageError("give --device or --devices, not both");
    if (options.has("device")) {
      int d;
      if (!options.getInt("device", d))
        return tt::runtime::ExitBadInput;
      opts.devices = {d};
    }
    if (options.has("devices")) {
      opts.devices.clear();
      std::string list = options.get("devices");
      size_t p = 0;
      while (p <= list.size()) {
        size_t c = list.find(',', p);
        if (c == std::string::npos)
          c = list.size();
        int d;
        if (!parseInt(list.substr(p, c - p), d))
          return usageError("--devices takes device ordinals such as 0,1, "
                            "got '" +
                            list + "'");
        for (int e : opts.devices)
          if (e == d)
            return usageError("--devices lists device " + std::to_string(d) +
                              " twice");
        opts.devices.push_back(d);
        p = c + 1;
      }
    }
    if (options.has("shard")) {
      std::string s = options.get("shard");
      size_t slash = s.find('/');
      int i, n;
      if (slash == std::string::npos || !parseInt(s.substr(0, slash), i) ||
          !parseInt(s.substr(slash + 1), n) || n < 1 || i >= n)
        return usageError("--shard takes I/N with 0 <= I < N, got '" + s +
                          "'");
      opts.shardIndex = i;
      opts.shardCount = n;
    }
    if (options.has("j")) {
      if (!options.getInt("j", opts.jobs))
        return tt::runtime::ExitBadInput;
      if (opts.jobs < 1)
        return usageError("--jobs must be at least 1");
    }
    if (options.has("warmup")) {
      if (!options.getInt("warmup", opts.warmup))
        return tt::runtime::ExitBadInput;
      if (opts.warmup < 0)
        return usageError("--warmup must be >= 0");
    }
    if (options.has("reps")) {
      if (!options.getInt("reps", opts.reps))
        return tt::runtime::ExitBadInput;
      if (opts.reps < 1)
        return usageError("--reps must be >= 1");
    }
    opts.flushL2 = !options.has("no-flush");
    opts.isolate = !options.has("no-isolate");
    opts.workDir = options.get("work-dir");
    opts.dryRun = options.has("dry-run");
    opts.quiet = options.has("q");
  }

  const char *pa = std::getenv("TRITON_PRINT_AUTOTUNING");
  opts.printAutotuning = pa && *pa && std::strcmp(pa, "0") != 0;
  opts.progressBar = ::isatty(STDERR_FILENO) != 0;

  if (merge) {
    if (files.empty())
      return usageError("tt-tune merge needs the shards' result files");
    return runMerge(files, opts, stdout, stderr);
  }
  if (files.size() != 1)
    return usageError(files.empty() ? "no tune file given (tt-tune "
                                      "FILE.tune.yaml)"
                                    : "give one tune file at a time");
  return runTune(files[0], opts, stdout, stderr);
}
