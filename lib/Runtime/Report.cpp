//===- Report.cpp - tt-run's table, JSON and baseline check -----*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Runtime/Runner.h"

#include <ctime>
#include <map>

using namespace tt::runtime;

namespace {

std::string fmt(double v, const char *f) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

std::string checkSummary(const VariantResult &v) {
  if (v.checks.empty())
    return v.status == "ok" ? "(no checks)" : v.status;
  std::string s;
  for (const CheckResult &c : v.checks)
    s += (s.empty() ? "" : " ") + std::string(c.passed ? "ok " : "FAIL ") +
         c.output + (c.afterBench ? "(after bench)" : "");
  return s;
}

} // namespace

void tt::runtime::printReport(const FileResult &r, FILE *out) {
  std::string head = r.file;
  if (!r.variants.empty())
    head += ": " + r.variants[0].kernelName;
  if (!r.target.empty())
    head += " on " + (r.device.empty() ? r.target : r.device);
  std::fprintf(out, "%s\n", head.c_str());
  std::string info;
  for (const auto &p : r.params)
    info += p.first + "=" + p.second + "  ";
  info += "grid " + std::to_string(r.grid[0]) + "x" +
          std::to_string(r.grid[1]) + "x" + std::to_string(r.grid[2]);
  if (!r.variants.empty() && r.target != "cpu")
    info += "  " + std::to_string(r.variants[0].numWarps) + " warps  shared " +
            std::to_string(r.variants[0].shared) + " B";
  std::fprintf(out, "  %s\n", info.c_str());
  if (r.dryRun) {
    for (const std::string &l : r.plan)
      std::fprintf(out, "  %s\n", l.c_str());
    std::fprintf(out, "  dry run: inputs and references built, nothing "
                      "launched\n");
    return;
  }
  if (r.variants.empty()) {
    if (!r.error.empty())
      std::fprintf(out, "  error: %s\n", r.error.c_str());
    return;
  }
  bool timed = false;
  size_t labelWidth = 7, checkWidth = 5;
  for (const VariantResult &v : r.variants) {
    timed |= v.bench.ran;
    labelWidth = std::max(labelWidth, v.label.size());
    checkWidth = std::max(checkWidth, checkSummary(v).size());
  }
  std::string hdr = "  " + std::string("variant") +
                    std::string(labelWidth - 7 + 2, ' ') + "check" +
                    std::string(checkWidth - 5 + 2, ' ');
  if (timed)
    hdr += " median ms     p20 ms     p80 ms       GB/s    TFLOP/s";
  std::fprintf(out, "%s\n", hdr.c_str());
  double firstMedian = 0;
  for (const VariantResult &v : r.variants) {
    std::string c = checkSummary(v);
    std::string line = "  " + v.label +
                       std::string(labelWidth - v.label.size() + 2, ' ') + c +
                       std::string(checkWidth - c.size() + 2, ' ');
    if (v.bench.ran) {
      const BenchStats &b = v.bench;
      line += fmt(b.medianMs, "%10.4f") + " " + fmt(b.p20Ms, "%10.4f") + " " +
              fmt(b.p80Ms, "%10.4f") + " " +
              (b.hasGbps ? fmt(b.gbps, "%10.1f") : std::string(10, ' ')) +
              " " +
              (b.hasTflops ? fmt(b.tflops, "%10.1f") : std::string(10, ' '));
      if (firstMedian > 0)
        line += "  x" + fmt(v.bench.medianMs / firstMedian, "%.3f") +
                " of " + r.variants[0].label;
      else
        firstMedian = v.bench.medianMs;
    }
    std::fprintf(out, "%s\n", line.c_str());
    for (const CheckResult &cr : v.checks) {
      if (cr.passed)
        continue;
      std::string why = "    " + cr.output +
                        (cr.afterBench ? " after the benchmark" : "") + ": " +
                        std::to_string(cr.mismatches) + " of " +
                        std::to_string(cr.elements) +
                        " elements differ from " + cr.against + " (rtol " +
                        fmt(cr.rtol, "%g") + ", atol " + fmt(cr.atol, "%g") +
                        ")";
      if (cr.nans)
        why += "; " + std::to_string(cr.nans) +
               " are NaN (unwritten poison or computed NaN)";
      std::fprintf(out, "%s\n", why.c_str());
      for (const std::string &s : cr.samples)
        std::fprintf(out, "      %s\n", s.c_str());
    }
  }
}

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

void tt::runtime::writeJson(const std::vector<FileResult> &results,
                            const RunOptions &opts,
                            const BaselineReport *baseline, JsonWriter &w) {
  char date[64];
  std::time_t now = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
  w.beginObject();
  w.key("tool").value("tt-run");
  w.key("format").value(1);
  w.key("date").value(date);
  w.key("bench").value(opts.bench);
  w.key("results").beginArray();
  for (const FileResult &f : results) {
    w.beginObject();
    w.key("file").value(f.file);
    w.key("id").value(f.id);
    w.key("exit_code").value(f.exitCode);
    if (f.error.empty())
      w.key("error").null();
    else
      w.key("error").value(f.error);
    w.key("target").value(f.target);
    w.key("device").value(f.device);
    w.key("params").beginObject();
    for (const auto &p : f.params)
      w.key(p.first).value(p.second);
    w.endObject();
    w.key("grid").beginArray();
    for (int k = 0; k < 3; ++k)
      w.value(f.grid[k]);
    w.endArray();
    if (f.hasBytes)
      w.key("bytes").value(f.bytes);
    if (f.hasFlops)
      w.key("flops").value(f.flops);
    if (f.dryRun) {
      w.key("plan").beginArray();
      for (const std::string &l : f.plan)
        w.value(l);
      w.endArray();
    }
    w.key("variants").beginArray();
    for (const VariantResult &v : f.variants) {
      w.beginObject();
      w.key("label").value(v.label);
      w.key("file").value(v.path);
      w.key("key").value(v.key);
      w.key("kernel").value(v.kernelName);
      w.key("num_warps").value(v.numWarps);
      w.key("shared").value(v.shared);
      w.key("status").value(v.status);
      if (v.error.empty())
        w.key("error").null();
      else
        w.key("error").value(v.error);
      w.key("checks").beginArray();
      for (const CheckResult &c : v.checks) {
        w.beginObject();
        w.key("output").value(c.output);
        w.key("against").value(c.against);
        w.key("passed").value(c.passed);
        if (c.afterBench)
          w.key("after_bench").value(true);
        w.key("elements").value(c.elements);
        w.key("mismatches").value(c.mismatches);
        w.key("nan").value(c.nans);
        w.key("max_abs_err").value(c.maxAbsErr);
        w.key("max_rel_err").value(c.maxRelErr);
        w.key("rtol").value(c.rtol);
        w.key("atol").value(c.atol);
        w.key("samples").beginArray();
        for (const std::string &s : c.samples)
          w.value(s);
        w.endArray();
        w.endObject();
      }
      w.endArray();
      if (v.bench.ran) {
        const BenchStats &b = v.bench;
        w.key("bench").beginObject();
        w.key("warmup").value(b.warmup);
        w.key("reps").value(b.reps);
        w.key("l2_flush").value(b.flushed);
        w.key("median_ms").value(b.medianMs);
        w.key("p20_ms").value(b.p20Ms);
        w.key("p80_ms").value(b.p80Ms);
        w.key("min_ms").value(b.minMs);
        w.key("max_ms").value(b.maxMs);
        w.key("mean_ms").value(b.meanMs);
        if (b.hasGbps)
          w.key("gbps").value(b.gbps);
        if (b.hasTflops)
          w.key("tflops").value(b.tflops);
        w.endObject();
      } else {
        w.key("bench").null();
      }
      w.endObject();
    }
    w.endArray();
    w.endObject();
  }
  w.endArray();
  if (baseline) {
    w.key("baseline").beginObject();
    w.key("file").value(baseline->path);
    w.key("threshold").value(baseline->threshold);
    w.key("regressed").value(baseline->regressed());
    w.key("comparisons").beginArray();
    for (const BaselineComparison &c : baseline->comparisons) {
      w.beginObject();
      w.key("key").value(c.key);
      w.key("median_ms").value(c.medianMs);
      w.key("baseline_ms").value(c.baselineMs);
      w.key("ratio").value(c.ratio);
      w.key("regression").value(c.regression);
      w.endObject();
    }
    w.endArray();
    w.key("missing").beginArray();
    for (const std::string &k : baseline->missing)
      w.value(k);
    w.endArray();
    w.endObject();
  }
  w.endObject();
}
