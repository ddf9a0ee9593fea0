//===- RunBaseline.cpp - timings compared with a baseline -------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// tt-run --baseline: each timed variant's median against the entry of the
// same key in an earlier run's JSON; more than the threshold above it is a
// regression (exit code 1).
//
//===----------------------------------------------------------------------===//

#include "tt/Runtime/Runner.h"

#include <map>

using namespace tt::runtime;

bool BaselineReport::regressed() const {
  for (const BaselineComparison &c : comparisons)
    if (c.regression)
      return true;
  return false;
}

void tt::runtime::compareWithBaseline(const std::vector<FileResult> &results,
                                      const std::vector<BaselineEntry> &base,
                                      BaselineReport &report) {
  std::map<std::string, double> byKey;
  for (const BaselineEntry &e : base)
    byKey[e.key] = e.medianMs;
  for (const FileResult &f : results) {
    for (const VariantResult &v : f.variants) {
      if (!v.bench.ran)
        continue;
      auto it = byKey.find(v.key);
      if (it == byKey.end()) {
        report.missing.push_back(v.key);
        continue;
      }
      BaselineComparison c;
      c.key = v.key;
      c.baselineMs = it->second;
      c.medianMs = v.bench.medianMs;
      c.ratio = c.baselineMs > 0 ? c.medianMs / c.baselineMs : 0;
      c.regression = c.baselineMs > 0 && c.ratio > 1.0 + report.threshold;
      report.comparisons.push_back(c);
    }
  }
}

void tt::runtime::printBaselineReport(const BaselineReport &b, FILE *out) {
  std::fprintf(out, "baseline %s (threshold %+.1f%%)\n", b.path.c_str(),
               b.threshold * 100);
  for (const BaselineComparison &c : b.comparisons)
    std::fprintf(out, "  %-10s %s: %.4f ms vs %.4f ms (%+.1f%%)\n",
                 c.regression ? "REGRESSED" : "ok", c.key.c_str(), c.medianMs,
                 c.baselineMs, (c.ratio - 1) * 100);
  for (const std::string &k : b.missing)
    std::fprintf(out, "  %-10s %s: not in the baseline\n", "new", k.c_str());
}
