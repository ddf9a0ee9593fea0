//===- tt-run.cpp - run, check and time a kernel from YAML ------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//   tt-run add.run.yaml                      run once, check the outputs
//   tt-run --bench add.run.yaml              and time it
//   tt-run --bench --json *.run.yaml > now.json
//   tt-run --bench --baseline then.json --threshold 0.05 *.run.yaml
//
// Exit codes: 0 ok; 1 a check failed, a kernel failed, or a timing
// regressed; 2 bad input or no device. See docs/tt-run.md.
//
//===----------------------------------------------------------------------===//

// --set values are expressions that may contain commas: do not split them.
#define CXXOPTS_VECTOR_DELIMITER '\0'
#include <cxxopts.hpp>

#include "tt/Runtime/AtomicFile.h"
#include "tt/Runtime/Metadata.h"
#include "tt/Runtime/Runner.h"

#include <cstdio>
#include <string>
#include <vector>

using namespace tt::runtime;

namespace {

int usageError(std::string msg) {
  // cxxopts quotes with U+2018/U+2019; keep messages ASCII.
  for (const char *q : {"\xE2\x80\x98", "\xE2\x80\x99"})
    for (size_t p; (p = msg.find(q)) != std::string::npos;)
      msg.replace(p, 3, "'");
  std::fprintf(stderr, "tt-run: error: %s\n", msg.c_str());
  return ExitBadInput;
}

bool isIdentifier(const std::string &s) {
  if (s.empty() || !(std::isalpha((unsigned char)s[0]) || s[0] == '_'))
    return false;
  for (char c : s)
    if (!(std::isalnum((unsigned char)c) || c == '_'))
      return false;
  return true;
}

} // namespace

int main(int argc, char **argv) {
  cxxopts::Options options(
      "tt-run", "Run a kernel described by a YAML file, check its outputs, "
                "and time it (docs/tt-run.md).");
  options.positional_help("FILE.run.yaml...");
  // clang-format off
  options.add_options()
    ("bench", "Time the kernel: warm-up, then repetitions each timed with "
              "device events, L2 flushed in between")
    ("warmup", "Untimed launches before timing (default: the YAML's "
               "bench.warmup, else 10)", cxxopts::value<int>())
    ("reps", "Timed repetitions (default: the YAML's bench.reps, else 100)",
     cxxopts::value<int>())
    ("no-flush", "Do not flush the L2 cache between repetitions")
    ("json", "Write the results as JSON on stdout")
    ("json-file", "Also write the results as JSON to FILE",
     cxxopts::value<std::string>(), "FILE")
    ("save-outputs", "Write each output tensor to DIR/<name>.npy",
     cxxopts::value<std::string>(), "DIR")
    ("save-inputs", "Write each input tensor to DIR/<name>.npy",
     cxxopts::value<std::string>(), "DIR")
    ("baseline", "Compare timings with a recorded --bench --json result; "
                 "exit 1 on a regression", cxxopts::value<std::string>(),
     "FILE")
    ("threshold", "Allowed slowdown against the baseline, as a fraction",
     cxxopts::value<double>()->default_value("0.05"))
    ("set", "Override a parameter or scalar argument (repeatable)",
     cxxopts::value<std::vector<std::string>>(), "NAME=EXPR")
    ("variant", "Run only the kernel variant with this label (repeatable)",
     cxxopts::value<std::vector<std::string>>(), "LABEL")
    ("kernel", "Run this kernel file instead of the YAML's (repeatable; "
               "LABEL=FILE names the variant)",
     cxxopts::value<std::vector<std::string>>(), "[LABEL=]FILE")
    ("D,define", "A constexpr of a Python kernel (FILE.py::KERNEL), an "
                 "expression over the parameters; adds to or replaces the "
                 "YAML's constexprs (repeatable)",
     cxxopts::value<std::vector<std::string>>(), "NAME=EXPR")
    ("target", "Override the YAML's target: cuda, hip or cpu",
     cxxopts::value<std::string>())
    ("dry-run", "Check everything and build inputs and references, but "
                "launch nothing (needs no device)")
    ("isolate", "Run each kernel variant in its own process, so that one "
                "that crashes or faults is reported and the others still "
                "run")
    ("no-check", "Skip the output checks (e.g. sizes too large for the host "
                 "reference)")
    ("device", "Device ordinal", cxxopts::value<int>()->default_value("0"))
    ("max-memory", "Host memory a run may use (e.g. 512M, 64G); a spec that "
                   "needs more is refused before allocating (default: the "
                   "machine's memory)", cxxopts::value<std::string>(), "SIZE")
    ("h,help", "Show this help")
    ("files", "YAML files", cxxopts::value<std::vector<std::string>>());
  // clang-format on
  options.parse_positional({"files"});

  RunOptions opts;
  std::vector<std::string> files;
  std::string baselinePath;
  double threshold = 0.05;
  bool json = false;
  std::string jsonFile;
  try {
    cxxopts::ParseResult res = options.parse(argc, argv);
    if (res.count("help")) {
      std::printf("%s\n", options.help().c_str());
      return ExitOk;
    }
    opts.bench = res.count("bench") > 0;
    if (res.count("warmup"))
      opts.warmup = res["warmup"].as<int>();
    if (res.count("reps"))
      opts.reps = res["reps"].as<int>();
    opts.flushL2 = res.count("no-flush") == 0;
    json = res.count("json") > 0;
    if (res.count("json-file"))
      jsonFile = res["json-file"].as<std::string>();
    if (res.count("save-outputs"))
      opts.saveOutputs = res["save-outputs"].as<std::string>();
    if (res.count("save-inputs"))
      opts.saveInputs = res["save-inputs"].as<std::string>();
    if (res.count("baseline"))
      baselinePath = res["baseline"].as<std::string>();
    threshold = res["threshold"].as<double>();
    if (res.count("set")) {
      for (const std::string &s : res["set"].as<std::vector<std::string>>()) {
        size_t eq = s.find('=');
        std::string name = eq == std::string::npos ? s : s.substr(0, eq);
        if (eq == std::string::npos || !isIdentifier(name))
          return usageError("--set takes NAME=EXPRESSION, got '" + s + "'");
        opts.sets.emplace_back(name, s.substr(eq + 1));
      }
    }
    if (res.count("define")) {
      for (const std::string &d :
           res["define"].as<std::vector<std::string>>()) {
        size_t eq = d.find('=');
        std::string name = eq == std::string::npos ? d : d.substr(0, eq);
        if (eq == std::string::npos || !isIdentifier(name))
          return usageError("-D takes NAME=EXPRESSION, got '" + d + "'");
        opts.defines.emplace_back(name, d.substr(eq + 1));
      }
    }
    if (res.count("variant"))
      opts.variants = res["variant"].as<std::vector<std::string>>();
    if (res.count("kernel")) {
      for (const std::string &k :
           res["kernel"].as<std::vector<std::string>>()) {
        size_t eq = k.find('=');
        if (eq != std::string::npos && isIdentifier(k.substr(0, eq)))
          opts.kernels.emplace_back(k.substr(0, eq), k.substr(eq + 1));
        else
          opts.kernels.emplace_back("", k);
      }
    }
    if (res.count("target")) {
      std::string t = res["target"].as<std::string>();
      opts.hasTarget = true;
      if (t == "cuda")
        opts.target = Target::CUDA;
      else if (t == "hip")
        opts.target = Target::HIP;
      else if (t == "cpu")
        opts.target = Target::CPU;
      else
        return usageError("unknown --target '" + t +
                          "' (expected cuda, hip or cpu)");
    }
    opts.dryRun = res.count("dry-run") > 0;
    opts.noCheck = res.count("no-check") > 0;
    if (res.count("isolate"))
      opts.isolate = RunOptions::Isolation::EachVariant;
    opts.device = res["device"].as<int>();
    if (res.count("max-memory")) {
      std::string m = res["max-memory"].as<std::string>();
      if (!parseByteSize(m, opts.maxHostBytes) || opts.maxHostBytes == 0)
        return usageError("--max-memory takes a size such as 512M or 64G, "
                          "got '" + m + "'");
    }
    if (res.count("files"))
      files = res["files"].as<std::vector<std::string>>();
  } catch (const std::exception &e) {
    return usageError(std::string(e.what()) + " (try --help)");
  }
  if (files.empty())
    return usageError("no YAML file given (try --help)");
  if (opts.warmup < -1 || (opts.reps != -1 && opts.reps < 1))
    return usageError("--warmup must be >= 0 and --reps >= 1");
  if (!baselinePath.empty() && !opts.bench)
    return usageError("--baseline compares timings and needs --bench");
  if (!(threshold >= 0))
    return usageError("--threshold must be >= 0");
  if (opts.bench && opts.dryRun)
    return usageError("--bench and --dry-run exclude each other");

  // Read the baseline first: a bad file should not cost a benchmark run.
  std::vector<BaselineEntry> baseline;
  if (!baselinePath.empty()) {
    std::string err;
    if (!readBaseline(baselinePath, baseline, err))
      return usageError(err);
  }

  Runner runner(opts);
  std::vector<FileResult> results;
  int code = ExitOk;
  for (const std::string &f : files) {
    FileResult r;
    code = std::max(code, runner.run(f, r, stderr));
    // A file whose variants all stopped with an error has only its error
    // line (already on stderr) to show.
    bool ran = r.dryRun;
    for (const VariantResult &v : r.variants)
      ran |= v.status != "error" && v.status != "not run";
    if (!json && ran)
      printReport(r, stdout);
    results.push_back(std::move(r));
  }

  BaselineReport report;
  if (!baselinePath.empty()) {
    report.path = baselinePath;
    report.threshold = threshold;
    compareWithBaseline(results, baseline, report);
    if (!json)
      printBaselineReport(report, stdout);
    if (report.regressed())
      code = std::max(code, int(ExitFailed));
  }
  if (json || !jsonFile.empty()) {
    JsonWriter w;
    writeJson(results, opts, baselinePath.empty() ? nullptr : &report, w);
    if (json)
      std::fputs(w.str().c_str(), stdout);
    if (!jsonFile.empty()) {
      // Through a temporary file, so a reader never sees half a result.
      std::string err;
      if (!writeFileAtomic(jsonFile, w.str().data(), w.str().size(), err)) {
        std::fprintf(stderr, "tt-run: error: %s\n", err.c_str());
        code = std::max(code, int(ExitBadInput));
      }
    }
  }
  std::fflush(stdout);
  return code;
}
