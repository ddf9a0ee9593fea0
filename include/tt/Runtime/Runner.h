//===- Runner.h - run, check and time one YAML launch -----------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The engine behind tt-run: evaluate a RunSpec, build the inputs on the host,
// compute the check references, launch every kernel variant on its device
// with the same inputs, compare, and time.
//
// Exit codes: 0 everything passed; 1 a check failed, a kernel failed at run
// time, or a timing regressed against the baseline; 2 bad input (YAML,
// files, shapes, grid) or no device.
//
//===----------------------------------------------------------------------===//

#ifndef TT_RUNTIME_RUNNER_H
#define TT_RUNTIME_RUNNER_H

#include "tt/Runtime/Device.h"
#include "tt/Runtime/Json.h"
#include "tt/Runtime/Metadata.h"
#include "tt/Runtime/Spec.h"

#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace tt::runtime {

enum ExitCode { ExitOk = 0, ExitFailed = 1, ExitBadInput = 2 };

struct RunOptions {
  bool bench = false;
  int warmup = -1; // -1: the YAML's bench.warmup, else 10
  int reps = -1;   // -1: the YAML's bench.reps, else 100
  bool flushL2 = true;
  /// Tensors restored to their initial contents before every benchmark
  /// launch, in addition to the YAML's `bench: {restore: [...]}` (tt-tune's
  /// reset_to_zero and restore_value).
  std::vector<std::string> restore;
  bool dryRun = false;  // everything up to opening the device
  bool noCheck = false; // skip output checks
  /// With bench: time only the variants whose outputs checked (tt-tune
  /// checks and times a config in one go when it isolates them).
  bool benchOnlyChecked = false;
  std::string saveOutputs;
  std::string saveInputs;
  /// --set name=expression overrides of parameters and scalar arguments.
  std::vector<std::pair<std::string, std::string>> sets;
  /// Labels of the kernel variants to run; empty: all.
  std::vector<std::string> variants;
  /// --kernel [LABEL=]FILE: run these files instead of the YAML's kernels
  /// (paths relative to the working directory).
  std::vector<std::pair<std::string, std::string>> kernels;
  /// -D NAME=EXPR: constexprs of Python kernels, added to (or replacing)
  /// the YAML's `constexprs:`.
  std::vector<std::pair<std::string, std::string>> defines;
  /// --target: overrides the YAML's target.
  bool hasTarget = false;
  Target target = Target::CUDA;
  int device = 0;
  /// Host memory a run may use (inputs, references, CPU "device" buffers);
  /// a spec that needs more is refused before anything is allocated.
  /// 0: the machine's memory (or its cgroup's limit, if lower).
  uint64_t maxHostBytes = 0;
  /// Runs the kernel variants in child processes, so that one that crashes
  /// (a signal on the CPU) or faults (a sticky CUDA error, which leaves the
  /// context unusable) is reported as that variant's failure and the next
  /// variant still runs. The device is opened in the child, never in the
  /// process that forks.
  enum class Isolation {
    /// CPU kernels as Reuse (a kernel that faults must not take the tool
    /// and its temporary folders with it); GPU kernels in this process.
    Auto,
    /// Every variant in this process (tt-tune --no-isolate).
    Off,
    /// Each variant in its own process (tt-run --isolate).
    EachVariant,
    /// One process runs the variants in order and stops after the first
    /// that fails; a fresh one goes on with the next (tt-tune's default:
    /// one device context per group of configs, another only after a
    /// failure).
    Reuse,
  };
  Isolation isolate = Isolation::Auto;
};

/// Opens the device in a child process and returns its description there,
/// so that the calling process never initializes the driver (a process
/// that has cannot use CUDA in the children it forks). The same errors as
/// openDevice.
bool describeDeviceIsolated(Target target, int ordinal,
                            std::string &description, OpenFailure &why,
                            std::string &err);

/// Whether a device error is one that leaves the context unusable for
/// every later call of the process (an illegal address, a trap, ...).
bool isStickyDeviceError(const std::string &err);

/// The default of RunOptions::maxHostBytes: physical memory, or the memory
/// limit of the cgroup tt-run runs in if that is lower.
uint64_t defaultHostMemoryLimit();

/// Parses a size such as `512M`, `64G`, `1T` or `4096` (bytes; K, M, G, T
/// are powers of 1024).
bool parseByteSize(const std::string &text, uint64_t &bytes);

/// `1.5 GiB`, `4.0 TiB`, `512 B`.
std::string formatBytes(double bytes);

struct CheckResult {
  std::string output;
  std::string against; // the expression, or the .npy path
  bool passed = false;
  int64_t elements = 0;
  int64_t mismatches = 0;
  int64_t nans = 0; // NaN in the output (poison left unwritten, or computed)
  double maxAbsErr = 0, maxRelErr = 0;
  double rtol = 0, atol = 0;
  std::vector<std::string> samples; // the first few mismatches
  /// Checked again after the benchmark (its tensor is restored before
  /// every launch, so the last launch must give the same result).
  bool afterBench = false;
};

/// What the timed repetitions of a kernel took, in milliseconds: tt-run's
/// bench results, and tt-tune's result of each config.
struct Timings {
  double medianMs = 0, p20Ms = 0, p80Ms = 0, minMs = 0, maxMs = 0, meanMs = 0;
};

/// The JSON names of Timings, in the order tt-run's and tt-tune's
/// documents give them.
inline constexpr JsonField<Timings, double> kTimingFields[] = {
    {"median_ms", &Timings::medianMs}, {"p20_ms", &Timings::p20Ms},
    {"p80_ms", &Timings::p80Ms},       {"min_ms", &Timings::minMs},
    {"max_ms", &Timings::maxMs},       {"mean_ms", &Timings::meanMs}};

struct BenchStats : Timings {
  bool ran = false;
  int warmup = 0, reps = 0;
  bool flushed = false;
  bool hasGbps = false, hasTflops = false;
  double gbps = 0, tflops = 0;
};

struct VariantResult {
  std::string label;
  std::string path;
  std::string key; // identifies this timing in --baseline files
  std::string kernelName;
  std::string status = "not run"; // ok | check failed | failed | error
  std::string error;
  int numWarps = 0;
  int64_t shared = 0;
  std::vector<CheckResult> checks;
  BenchStats bench;
};

struct FileResult {
  std::string file;
  std::string id; // file name without directory and .run.yaml
  int exitCode = ExitOk;
  std::string error; // the first error, one line
  std::string target;
  std::string device;
  std::vector<std::pair<std::string, std::string>> params; // name, value
  int64_t grid[3] = {1, 1, 1};
  bool hasBytes = false, hasFlops = false;
  double bytes = 0, flops = 0;
  bool dryRun = false;
  std::vector<std::string> plan; // --dry-run: one line per argument
  std::vector<VariantResult> variants;
};

/// Runs YAML files one after the other; devices are opened once and kept.
class Runner {
public:
  explicit Runner(const RunOptions &opts);
  ~Runner();

  /// Runs one file; errors are also printed to `diag` (one line each) as
  /// they happen. Returns the file's exit code.
  int run(const std::string &path, FileResult &out, FILE *diag);

private:
  struct DeviceSlot {
    std::unique_ptr<Device> device;
    bool tried = false;
    OpenFailure why = OpenFailure::None;
    std::string error;
  };
  Device *getDevice(Target t, std::string &err);

  RunOptions opts;
  std::map<int, DeviceSlot> devices;
};

struct BaselineComparison {
  std::string key;
  double baselineMs = 0, medianMs = 0, ratio = 0;
  bool regression = false;
};

struct BaselineReport {
  std::string path;
  double threshold = 0.05;
  std::vector<BaselineComparison> comparisons;
  std::vector<std::string> missing; // timed keys the baseline lacks
  bool regressed() const;
};

/// Compares every timed variant with the baseline entry of the same key: a
/// median more than `threshold` (a fraction) above the baseline's is a
/// regression.
void compareWithBaseline(const std::vector<FileResult> &results,
                         const std::vector<BaselineEntry> &baseline,
                         BaselineReport &report);

/// The readable report of one file.
void printReport(const FileResult &r, FILE *out);
void printBaselineReport(const BaselineReport &b, FILE *out);
/// All results (and the baseline comparison, when given) as one JSON
/// document.
void writeJson(const std::vector<FileResult> &results, const RunOptions &opts,
               const BaselineReport *baseline, JsonWriter &w);

} // namespace tt::runtime

#endif // TT_RUNTIME_RUNNER_H
