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

#include "tt/Runtime/AtomicFile.h"
#include "tt/Runtime/Files.h"
#include "tt/Runtime/Metadata.h"
#include "tt/Runtime/Runner.h"
#include "tt/Support/Options.h"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <sys/stat.h>
#include <vector>

using namespace tt::runtime;

namespace {

int usageError(const std::string &msg) {
  std::fprintf(stderr, "tt-run: error: %s\n", msg.c_str());
  return ExitBadInput;
}

/// Whether `a` and `b` name one existing file.
bool isSameFile(const std::string &a, const std::string &b) {
  struct stat sa, sb;
  return ::stat(a.c_str(), &sa) == 0 && ::stat(b.c_str(), &sb) == 0 &&
         sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/// The options, in tt's convention (tt/Support/Options.h, docs/cli.md).
void addOptions(tt::support::OptionParser &p) {
  p.addSection("tt-run options");
  p.addFlag("bench", "Time the kernel: warm-up, then repetitions each timed "
                     "with device events, L2 flushed in between");
  p.addValue("warmup", "N",
             "Untimed launches before timing (default: the YAML's "
             "bench.warmup, else 10)");
  p.addValue("reps", "N",
             "Timed repetitions (default: the YAML's bench.reps, else 100)");
  p.addFlag("no-flush", "Do not flush the L2 cache between repetitions");
  p.addFlag("json", "Write the results as JSON on stdout");
  p.addValue("o", "file",
             "Also write the results as JSON to this file ('-': standard "
             "output, as --json)");
  p.addAlias("json-file", "o");
  p.addValue("save-outputs", "dir", "Write each output tensor to DIR/<name>.npy");
  p.addValue("save-inputs", "dir", "Write each input tensor to DIR/<name>.npy");
  p.addValue("baseline", "file",
             "Compare timings with a recorded --bench --json result; exit 1 "
             "on a regression");
  p.addValue("threshold", "fraction",
             "Allowed slowdown against the baseline (default 0.05)");
  p.addValue("set", "NAME=EXPR",
             "Override a parameter or scalar argument (repeatable)", true);
  p.addValue("variant", "label",
             "Run only the kernel variant with this label (repeatable)", true);
  p.addValue("kernel", "[LABEL=]FILE",
             "Run this kernel file instead of the YAML's (repeatable; "
             "LABEL=FILE names the variant)",
             true);
  p.addValue("D", "NAME=EXPR",
             "A constexpr of a Python kernel (FILE.py::KERNEL), an "
             "expression over the parameters; adds to or replaces the "
             "YAML's constexprs (repeatable)",
             true);
  p.addAlias("define", "D");
  p.addValue("target", "target",
             "Override the YAML's target: cpu, cuda, cuda:NN, hip or "
             "hip:gfxNNN (an architecture picks what tt-translate compiles "
             "for)");
  p.addFlag("dry-run", "Check everything and build inputs and references, "
                       "but launch nothing (needs no device)");
  p.addFlag("isolate", "Run each kernel variant in its own process, so that "
                       "one that crashes or faults is reported and the "
                       "others still run");
  p.addFlag("no-check", "Skip the output checks (e.g. sizes too large for "
                        "the host reference)");
  p.addValue("device", "N", "Device ordinal (default 0)");
  p.addValue("max-memory", "size",
             "Host memory a run may use (e.g. 512M, 64G); a spec that needs "
             "more is refused before allocating (default: the machine's "
             "memory)");
}

/// --target: cpu, cuda, hip, or cuda:NN / hip:gfxNNN, whose architecture
/// tt-translate compiles for ($TT_RUN_CUDA_TARGET, $TT_RUN_HIP_TARGET).
bool parseTarget(const std::string &t, RunOptions &opts) {
  std::string arch;
  if (!parseTargetName(t, opts.target, arch))
    return false;
  opts.hasTarget = true;
  if (!arch.empty())
    ::setenv(opts.target == Target::CUDA ? "TT_RUN_CUDA_TARGET"
                                         : "TT_RUN_HIP_TARGET",
             t.c_str(), 1);
  return true;
}

} // namespace

int main(int argc, char **argv) {
  tt::support::OptionParser options(
      "tt-run",
      "run a kernel described by a YAML file, check its outputs, and time it "
      "(docs/tt-run.md)",
      "tt-run [options] <FILE.run.yaml>...");
  addOptions(options);
  if (int rc = options.parse(argc, argv); rc >= 0)
    return rc;

  RunOptions opts;
  std::string baselinePath = options.get("baseline");
  double threshold = 0.05;
  opts.bench = options.has("bench");
  if (options.has("warmup") && !options.getInt("warmup", opts.warmup))
    return ExitBadInput;
  if (options.has("reps") && !options.getInt("reps", opts.reps))
    return ExitBadInput;
  opts.flushL2 = !options.has("no-flush");
  bool json = options.has("json");
  std::string jsonFile = options.get("o");
  if (jsonFile == "-") {
    json = true;
    jsonFile.clear();
  }
  opts.saveOutputs = options.get("save-outputs");
  opts.saveInputs = options.get("save-inputs");
  if (options.has("threshold") && !options.getDouble("threshold", threshold))
    return ExitBadInput;
  std::string name, expr;
  for (const std::string &s : options.getAll("set")) {
    if (!splitBinding(s, name, expr))
      return usageError("--set takes NAME=EXPRESSION, got '" + s + "'");
    opts.sets.emplace_back(name, expr);
  }
  for (const std::string &d : options.getAll("D")) {
    if (!splitBinding(d, name, expr))
      return usageError("-D takes NAME=EXPRESSION, got '" + d + "'");
    opts.defines.emplace_back(name, expr);
  }
  opts.variants = options.getAll("variant");
  for (const std::string &k : options.getAll("kernel")) {
    std::string label, file;
    if (splitBinding(k, label, file))
      opts.kernels.emplace_back(label, file);
    else
      opts.kernels.emplace_back("", k);
  }
  if (options.has("target") && !parseTarget(options.get("target"), opts))
    return usageError("unknown --target '" + options.get("target") +
                      "' (expected cpu, cuda, cuda:NN, hip or hip:gfxNNN)");
  opts.dryRun = options.has("dry-run");
  opts.noCheck = options.has("no-check");
  if (options.has("isolate"))
    opts.isolate = RunOptions::Isolation::EachVariant;
  if (options.has("device") && !options.getInt("device", opts.device))
    return ExitBadInput;
  if (options.has("max-memory")) {
    std::string m = options.get("max-memory");
    if (!parseByteSize(m, opts.maxHostBytes) || opts.maxHostBytes == 0)
      return usageError("--max-memory takes a size such as 512M or 64G, "
                        "got '" + m + "'");
  }
  std::vector<std::string> files = options.getPositionals();
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

  // The results file never replaces one of the inputs.
  if (!jsonFile.empty()) {
    std::vector<std::string> inputs = files;
    for (const auto &k : opts.kernels)
      inputs.push_back(k.second.substr(0, k.second.rfind("::")));
    if (!baselinePath.empty())
      inputs.push_back(baselinePath);
    for (const std::string &in : inputs)
      if (isSameFile(jsonFile, in))
        return usageError("-o '" + jsonFile + "' is the input file '" + in +
                          "': give another output name");
  }

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
