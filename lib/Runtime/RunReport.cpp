//===- RunReport.cpp - tt-run's table of results ----------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The readable report of one file: the kernel, the sizes and the launch,
// then a line per variant with its checks and timings (and the first
// mismatches of a failed check), or with --dry-run the plan: one line per
// argument, saying what it is, how it starts and what it is checked
// against.
//
//===----------------------------------------------------------------------===//

#include "FileRun.h"

#include <algorithm>
#include <cstdio>

using namespace tt::runtime;
using namespace tt::runtime::runner;

namespace {

/// printf of one number for the table.
std::string num(double v, const char *f) {
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
      line += num(b.medianMs, "%10.4f") + " " + num(b.p20Ms, "%10.4f") + " " +
              num(b.p80Ms, "%10.4f") + " " +
              (b.hasGbps ? num(b.gbps, "%10.1f") : std::string(10, ' ')) +
              " " +
              (b.hasTflops ? num(b.tflops, "%10.1f") : std::string(10, ' '));
      if (firstMedian > 0)
        line += "  x" + num(v.bench.medianMs / firstMedian, "%.3f") +
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
                        num(cr.rtol, "%g") + ", atol " + num(cr.atol, "%g") +
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

//===----------------------------------------------------------------------===//
// --dry-run
//===----------------------------------------------------------------------===//

namespace {

std::string describeInit(const InitSpec &i) {
  switch (i.kind) {
  case InitSpec::Kind::Zeros:
    return "zeros";
  case InitSpec::Kind::Constant:
    return "constant " + fmt(i.a);
  case InitSpec::Kind::Arange:
    return "arange(start " + fmt(i.a) + ", step " + fmt(i.b) + ")";
  case InitSpec::Kind::Uniform:
    return "uniform[" + fmt(i.a) + ", " + fmt(i.b) + ") seed " +
           std::to_string(i.seed);
  case InitSpec::Kind::Normal:
    return "normal(mean " + fmt(i.a) + ", std " + fmt(i.b) + ") seed " +
           std::to_string(i.seed);
  case InitSpec::Kind::Npy:
    return "from " + i.path;
  case InitSpec::Kind::Poison:
    return "poison";
  }
  return "?";
}

} // namespace

void FileRun::describePlan() {
  out.dryRun = true;
  for (size_t k = 0; k < spec.args.size(); ++k) {
    const ArgSpec &a = spec.args[k];
    std::string line = a.name + ": ";
    if (a.isTensor) {
      const TensorArg &t = L.tensors[L.order[k].second];
      line += std::string("tensor ") + dtypeName(t.dtype) + " " +
              formatShape(t.shape);
      if (!t.contiguous) {
        line += " strides (";
        for (size_t s = 0; s < t.strides.size(); ++s)
          line += (s ? ", " : "") + std::to_string(t.strides[s]);
        line += ")";
      }
      line += ", " + describeInit(a.init);
      if (t.ref)
        line += ", checked against " + t.against + " (rtol " + fmt(t.rtol) +
                ", atol " + fmt(t.atol) + ")";
      else if (a.check.kind == CheckSpec::Kind::Cpu && !opts.noCheck) {
        line += ", checked against its CPU run (";
        for (size_t r = 0; r < refs.size(); ++r)
          line += (r ? ", " : "") + refs[r].variant->written;
        line += "; rtol " + fmt(t.rtol) + ", atol " + fmt(t.atol) + ")";
      }
    } else {
      const ScalarArg &s = L.scalars[L.order[k].second];
      line += std::string("scalar ") + dtypeName(a.dtype) + " = " +
              s.value.str();
      if (a.specialized)
        line += " (specialized away, not passed)";
    }
    out.plan.push_back(line);
  }
  for (VariantResult &vr : out.variants)
    vr.status = "dry run";
}
