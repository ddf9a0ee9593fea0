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

// --set values are expressions that may contain commas: do not split them.
#define CXXOPTS_VECTOR_DELIMITER '\0'
#include <cxxopts.hpp>

#include "tt/Runtime/Runner.h"
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

int usageError(std::string msg) {
  // cxxopts quotes with U+2018/U+2019; keep messages ASCII.
  for (const char *q : {"\xE2\x80\x98", "\xE2\x80\x99"})
    for (size_t p; (p = msg.find(q)) != std::string::npos;)
      msg.replace(p, 3, "'");
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

} // namespace

int main(int argc, char **argv) {
  bool merge = argc > 1 && std::strcmp(argv[1], "merge") == 0;
  cxxopts::Options options(
      merge ? "tt-tune merge" : "tt-tune",
      merge ? "Combine the results of tt-tune shards (--shard i/n "
              "--report-json FILE), store the winners in the cache and "
              "write the reports (docs/tt-tune.md)."
            : "Autotune a kernel over a YAML-described search space: compile "
              "every config in parallel, check and time each, cache the "
              "winners (docs/tt-tune.md).");
  options.positional_help(merge ? "SHARD.json..." : "FILE.tune.yaml");
  // clang-format off
  options.add_options()
    ("cache", "The cache of winners (default: $TT_TUNE_CACHE, else "
              "~/.cache/tt/tune-cache.json)", cxxopts::value<std::string>(),
     "FILE")
    ("no-cache", "Neither read nor write the cache")
    ("report-json", "Write every config's result as JSON ('-': stdout)",
     cxxopts::value<std::string>(), "FILE")
    ("report-csv", "Write every config's result as CSV ('-': stdout)",
     cxxopts::value<std::string>(), "FILE")
    ("report-svg", "Draw the search as an SVG chart",
     cxxopts::value<std::string>(), "FILE")
    ("h,help", "Show this help");
  if (!merge)
    options.add_options()
      ("force", "Tune even the sizes the cache knows (and replace them)")
      ("set", "Override a launch parameter or scalar argument, for every "
              "size (repeatable)",
       cxxopts::value<std::vector<std::string>>(), "NAME=EXPR")
      ("target", "Override the target: cpu, cuda, cuda:90, ...",
       cxxopts::value<std::string>())
      ("device", "Device ordinal", cxxopts::value<int>(), "N")
      ("devices", "Spread the configs over these GPUs of this host",
       cxxopts::value<std::string>(), "N,N,...")
      ("shard", "Tune only the configs c with c % N == I (write them with "
                "--report-json; combine the shards with tt-tune merge)",
       cxxopts::value<std::string>(), "I/N")
      ("j,jobs", "Compile this many configs at once (default: one per core)",
       cxxopts::value<int>(), "N")
      ("warmup", "Untimed launches before timing each config",
       cxxopts::value<int>())
      ("reps", "Timed repetitions of each config", cxxopts::value<int>())
      ("no-flush", "Do not flush the L2 cache between repetitions")
      ("no-isolate", "Run the configs in this process instead of child "
                     "processes (a config that crashes or faults then ends "
                     "the run or fails the configs after it)")
      ("work-dir", "Keep the generated kernels, binaries and logs in DIR",
       cxxopts::value<std::string>(), "DIR")
      ("dry-run", "Print the configs and what pruning keeps for each size; "
                  "compile nothing")
      ("q,quiet", "No progress output");
  options.add_options()
    ("files", "Input files", cxxopts::value<std::vector<std::string>>());
  // clang-format on
  options.parse_positional({"files"});

  TuneOptions opts;
  std::vector<std::string> files;
  try {
    cxxopts::ParseResult res =
        merge ? options.parse(argc - 1, argv + 1) : options.parse(argc, argv);
    if (res.count("help")) {
      std::printf("%s\n", options.help().c_str());
      return 0;
    }
    if (res.count("cache"))
      opts.cachePath = res["cache"].as<std::string>();
    opts.useCache = res.count("no-cache") == 0;
    if (res.count("report-json"))
      opts.reportJson = res["report-json"].as<std::string>();
    if (res.count("report-csv"))
      opts.reportCsv = res["report-csv"].as<std::string>();
    if (res.count("report-svg"))
      opts.reportSvg = res["report-svg"].as<std::string>();
    if (res.count("files"))
      files = res["files"].as<std::vector<std::string>>();
    if (!merge) {
      opts.force = res.count("force") > 0;
      if (res.count("set")) {
        for (const std::string &s : res["set"].as<std::vector<std::string>>()) {
          size_t eq = s.find('=');
          std::string name = eq == std::string::npos ? s : s.substr(0, eq);
          if (eq == std::string::npos || !isIdentifier(name))
            return usageError("--set takes NAME=EXPRESSION, got '" + s + "'");
          opts.sets.emplace_back(name, s.substr(eq + 1));
        }
      }
      if (res.count("target"))
        opts.target = res["target"].as<std::string>();
      if (res.count("device") && res.count("devices"))
        return usageError("give --device or --devices, not both");
      if (res.count("device"))
        opts.devices = {res["device"].as<int>()};
      if (res.count("devices")) {
        opts.devices.clear();
        std::string list = res["devices"].as<std::string>();
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
      if (res.count("shard")) {
        std::string s = res["shard"].as<std::string>();
        size_t slash = s.find('/');
        int i, n;
        if (slash == std::string::npos || !parseInt(s.substr(0, slash), i) ||
            !parseInt(s.substr(slash + 1), n) || n < 1 || i >= n)
          return usageError("--shard takes I/N with 0 <= I < N, got '" + s +
                            "'");
        opts.shardIndex = i;
        opts.shardCount = n;
      }
      if (res.count("jobs")) {
        opts.jobs = res["jobs"].as<int>();
        if (opts.jobs < 1)
          return usageError("--jobs must be at least 1");
      }
      if (res.count("warmup")) {
        opts.warmup = res["warmup"].as<int>();
        if (opts.warmup < 0)
          return usageError("--warmup must be >= 0");
      }
      if (res.count("reps")) {
        opts.reps = res["reps"].as<int>();
        if (opts.reps < 1)
          return usageError("--reps must be >= 1");
      }
      opts.flushL2 = res.count("no-flush") == 0;
      opts.isolate = res.count("no-isolate") == 0;
      if (res.count("work-dir"))
        opts.workDir = res["work-dir"].as<std::string>();
      opts.dryRun = res.count("dry-run") > 0;
      opts.quiet = res.count("quiet") > 0;
    }
  } catch (const std::exception &e) {
    return usageError(e.what());
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
