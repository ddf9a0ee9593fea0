//===- RunJson.cpp - tt-run's results as one JSON document ------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// tt-run --json (and tt-tune, which reads it back): every file's result,
// its variants with their checks and timings, and the baseline comparison.
// docs/tt-run.md describes the fields.
//
//===----------------------------------------------------------------------===//

#include "tt/Runtime/Runner.h"

#include <ctime>

using namespace tt::runtime;

namespace {

/// `"key": "text"`, or `"key": null` when there is no text.
void stringOrNull(JsonWriter &w, const char *key, const std::string &text) {
  if (text.empty())
    w.key(key).null();
  else
    w.key(key).value(text);
}

// The members written as they are, in the document's order, beside the
// function that writes them.
const JsonField<CheckResult, int64_t> kCheckCounts[] = {
    {"elements", &CheckResult::elements},
    {"mismatches", &CheckResult::mismatches},
    {"nan", &CheckResult::nans}};
const JsonField<CheckResult, double> kCheckErrors[] = {
    {"max_abs_err", &CheckResult::maxAbsErr},
    {"max_rel_err", &CheckResult::maxRelErr},
    {"rtol", &CheckResult::rtol},
    {"atol", &CheckResult::atol}};

void writeCheck(JsonWriter &w, const CheckResult &c) {
  w.beginObject();
  w.key("output").value(c.output);
  w.key("against").value(c.against);
  w.key("passed").value(c.passed);
  if (c.afterBench)
    w.key("after_bench").value(true);
  w.fields(c, kCheckCounts).fields(c, kCheckErrors);
  w.key("samples").value(c.samples);
  w.endObject();
}

void writeBench(JsonWriter &w, const BenchStats &b) {
  if (!b.ran) {
    w.key("bench").null();
    return;
  }
  w.key("bench").beginObject();
  w.key("warmup").value(b.warmup);
  w.key("reps").value(b.reps);
  w.key("l2_flush").value(b.flushed);
  w.fields(b, kTimingFields);
  if (b.hasGbps)
    w.key("gbps").value(b.gbps);
  if (b.hasTflops)
    w.key("tflops").value(b.tflops);
  w.endObject();
}

const JsonField<VariantResult, std::string> kVariantNames[] = {
    {"label", &VariantResult::label},
    {"file", &VariantResult::path},
    {"key", &VariantResult::key},
    {"kernel", &VariantResult::kernelName}};

void writeVariant(JsonWriter &w, const VariantResult &v) {
  w.beginObject();
  w.fields(v, kVariantNames);
  w.key("num_warps").value(v.numWarps);
  w.key("shared").value(v.shared);
  w.key("status").value(v.status);
  stringOrNull(w, "error", v.error);
  w.key("checks").beginArray();
  for (const CheckResult &c : v.checks)
    writeCheck(w, c);
  w.endArray();
  writeBench(w, v.bench);
  w.endObject();
}

void writeFile(JsonWriter &w, const FileResult &f) {
  w.beginObject();
  w.key("file").value(f.file);
  w.key("id").value(f.id);
  w.key("exit_code").value(f.exitCode);
  stringOrNull(w, "error", f.error);
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
  if (f.dryRun)
    w.key("plan").value(f.plan);
  w.key("variants").beginArray();
  for (const VariantResult &v : f.variants)
    writeVariant(w, v);
  w.endArray();
  w.endObject();
}

const JsonField<BaselineComparison, double> kComparisonTimes[] = {
    {"median_ms", &BaselineComparison::medianMs},
    {"baseline_ms", &BaselineComparison::baselineMs},
    {"ratio", &BaselineComparison::ratio}};

void writeBaseline(JsonWriter &w, const BaselineReport &b) {
  w.key("baseline").beginObject();
  w.key("file").value(b.path);
  w.key("threshold").value(b.threshold);
  w.key("regressed").value(b.regressed());
  w.key("comparisons").beginArray();
  for (const BaselineComparison &c : b.comparisons) {
    w.beginObject();
    w.key("key").value(c.key);
    w.fields(c, kComparisonTimes);
    w.key("regression").value(c.regression);
    w.endObject();
  }
  w.endArray();
  w.key("missing").value(b.missing);
  w.endObject();
}

} // namespace

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
  for (const FileResult &f : results)
    writeFile(w, f);
  w.endArray();
  if (baseline)
    writeBaseline(w, *baseline);
  w.endObject();
}
