//===- RunTiming.cpp - a variant timed on its device ------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// With --bench: warm-up launches, then timed ones (the counts from the
// command line, the YAML's `bench:`, or 10 and 100), the tensors of
// `restore:` put back before each launch, and the statistics of the times:
// median, 20th and 80th percentiles, and the bandwidth and throughput the
// YAML's `bytes:` and `flops:` give.
//
//===----------------------------------------------------------------------===//

#include "FileRun.h"

#include <algorithm>
#include <cmath>

using namespace tt::runtime;
using namespace tt::runtime::runner;

namespace {

double quantile(const std::vector<double> &sorted, double q) {
  if (sorted.empty())
    return 0;
  double pos = q * double(sorted.size() - 1);
  size_t lo = size_t(std::floor(pos));
  size_t hi = std::min(sorted.size() - 1, lo + 1);
  double f = pos - double(lo);
  return sorted[lo] * (1 - f) + sorted[hi] * f;
}

} // namespace

void VariantRun::benchmark() {
  const RunSpec &spec = file.spec;
  const Launch &L = file.L;
  BenchConfig bc;
  bc.warmup = opts.warmup >= 0 ? opts.warmup
              : spec.warmup >= 0 ? spec.warmup
                                 : 10;
  bc.reps = opts.reps >= 1 ? opts.reps : spec.reps >= 1 ? spec.reps : 100;
  bc.flushL2 = opts.flushL2;
  // Buffers put back to their initial contents before every launch.
  std::vector<size_t> restored;
  if (!restoredTensors(restored))
    return;
  if (!restored.empty())
    bc.beforeLaunch = [&](std::string &e) {
      for (size_t ti : restored)
        if (!dev->upload(tensorPtrs[ti], L.tensors[ti].host.data(),
                         L.tensors[ti].storageBytes(), e))
          return false;
      return true;
    };
  std::vector<double> ms;
  std::string err;
  if (!dev->benchmark(*kernel, cfg, params.data(), bc, ms, err)) {
    bool sticky = isStickyDeviceError(err);
    fail(pv.variant->line,
         "benchmark of '" + pv.image.name +
             (sticky ? "' faulted: " : "' failed: ") + err,
         ExitFailed, "failed");
    if (sticky)
      file.poisonedBy = vr.label;
    return;
  }
  // Every timed launch started from the initial contents of the restored
  // tensors, so the last one must pass the same checks (a restore list
  // that misses an accumulating output fails here).
  checkAfterBench(restored);
  recordBench(bc, ms);
}

/// The tensors of --restore and the YAML's `bench: {restore: [...]}`; a
/// name of --restore that is no tensor argument is an error.
bool VariantRun::restoredTensors(std::vector<size_t> &restored) {
  const Launch &L = file.L;
  for (size_t ti = 0; ti < L.tensors.size(); ++ti) {
    const std::string &name = L.tensors[ti].spec->name;
    bool listed =
        std::count(opts.restore.begin(), opts.restore.end(), name) > 0;
    for (const auto &r : file.spec.restore)
      listed |= r.first == name;
    if (listed)
      restored.push_back(ti);
  }
  bool ok = true;
  for (const std::string &name : opts.restore) {
    bool known = false;
    for (const TensorArg &t : L.tensors)
      known |= t.spec->name == name;
    if (!known) {
      fail(0, "cannot restore '" + name +
                  "' between launches: no tensor argument has that name",
           ExitBadInput, "error");
      ok = false;
    }
  }
  return ok;
}

void VariantRun::recordBench(const BenchConfig &bc,
                             const std::vector<double> &ms) {
  const Launch &L = file.L;
  BenchStats &b = vr.bench;
  b.ran = true;
  b.warmup = bc.warmup;
  b.reps = bc.reps;
  b.flushed = bc.flushL2;
  std::vector<double> sorted = ms;
  std::sort(sorted.begin(), sorted.end());
  b.medianMs = quantile(sorted, 0.5);
  b.p20Ms = quantile(sorted, 0.2);
  b.p80Ms = quantile(sorted, 0.8);
  b.minMs = sorted.front();
  b.maxMs = sorted.back();
  double sum = 0;
  for (double x : ms)
    sum += x;
  b.meanMs = sum / double(ms.size());
  if (L.hasBytes && b.medianMs > 0) {
    b.hasGbps = true;
    b.gbps = L.bytes / (b.medianMs * 1e-3) / 1e9;
  }
  if (L.hasFlops && b.medianMs > 0) {
    b.hasTflops = true;
    b.tflops = L.flops / (b.medianMs * 1e-3) / 1e12;
  }
}
