//===- RunCheck.cpp - a variant's outputs checked and saved -----*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// After a launch, each checked output is read back and compared with its
// reference (built with the inputs, or computed by the CPU reference of
// `check: {cpu: true}`, which runs here before the variants), element by
// element within rtol and atol; outputs are saved for --save-outputs.
// After a benchmark that restores its tensors, the last launch must pass
// the same checks.
//
//===----------------------------------------------------------------------===//

#include "FileRun.h"

#include <algorithm>
#include <cmath>

using namespace tt::runtime;
using namespace tt::runtime::runner;

std::string runner::fmt(double v, const char *f) {
  if (std::isnan(v))
    return "nan"; // poison is a negative NaN; its sign means nothing
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

namespace {

std::string multiIndex(const std::vector<int64_t> &shape, int64_t i) {
  std::vector<int64_t> idx(shape.size());
  for (size_t k = shape.size(); k-- > 0;) {
    idx[k] = i % shape[k];
    i /= shape[k];
  }
  std::string s;
  for (size_t k = 0; k < idx.size(); ++k)
    s += (k ? ", " : "") + std::to_string(idx[k]);
  return s;
}

} // namespace

CheckResult runner::compare(const TensorArg &t, const Array &ref,
                            const Array &got) {
  CheckResult r;
  r.output = t.spec->name;
  r.against = t.against;
  r.rtol = t.rtol;
  r.atol = t.atol;
  r.elements = t.numel;
  const double *g = got.data.data(), *e = ref.data.data();
  for (int64_t i = 0; i < t.numel; ++i) {
    double x = g[i], y = e[i];
    bool ok;
    double diff = std::fabs(x - y);
    if (std::isnan(x)) {
      ++r.nans;
      ok = false;
    } else if (std::isnan(y)) {
      ok = false;
    } else if (std::isinf(x) || std::isinf(y)) {
      ok = x == y;
    } else {
      ok = diff <= t.atol + t.rtol * std::fabs(y);
      r.maxAbsErr = std::max(r.maxAbsErr, diff);
      if (y != 0)
        r.maxRelErr = std::max(r.maxRelErr, diff / std::fabs(y));
    }
    if (!ok) {
      ++r.mismatches;
      if (r.samples.size() < 5)
        r.samples.push_back(t.spec->name + "[" + multiIndex(t.shape, i) +
                            "] = " + fmt(x, "%.8g") + ", expected " +
                            fmt(y, "%.8g"));
    }
  }
  r.passed = r.mismatches == 0;
  return r;
}

//===----------------------------------------------------------------------===//
// CPU references
//===----------------------------------------------------------------------===//

bool FileRun::runCpuReferences() {
  cpuRefValues.assign(refs.size(), {});
  for (size_t r = 0; r < refs.size() && !opts.dryRun; ++r) {
    std::string err;
    Device *cpu = getDevice(Target::CPU, err);
    int line = refs[r].variant->line ? refs[r].variant->line : spec.kernelLine;
    if (!cpu)
      return fail(line, err, ExitBadInput);
    if (!runCpuReference(*cpu, r, err))
      return fail(line,
                  "the CPU reference " + refs[r].variant->written +
                      " failed: " + err,
                  ExitFailed);
  }
  return true;
}

bool FileRun::runCpuReference(Device &dev, size_t r, std::string &err) {
  const PreparedVariant &ref = refs[r];
  std::unique_ptr<Kernel> kernel;
  if (!dev.load(ref.image, kernel, err))
    return false;
  DeviceBuffers bufs(&dev);
  std::vector<DevicePtr> tensorPtrs;
  for (const TensorArg &t : L.tensors) {
    DevicePtr p = 0;
    if (!dev.alloc(t.storageBytes(), p, err))
      return false;
    bufs.keep(p);
    if (!dev.upload(p, t.host.data(), t.storageBytes(), err))
      return false;
    tensorPtrs.push_back(p);
  }
  int64_t programs = L.programs();
  const KernelMetadata &m = ref.image.meta;
  DevicePtr scratch[2] = {0, 0};
  int64_t scratchSize[2] = {m.globalScratchSize, m.profileScratchSize};
  for (int s = 0; s < 2; ++s) {
    int64_t bytes;
    if (scratchSize[s] <= 0)
      continue;
    if (__builtin_mul_overflow(scratchSize[s], programs, &bytes) ||
        !dev.alloc(size_t(bytes), scratch[s], err)) {
      err = "scratch memory of the CPU reference: " +
            (err.empty() ? std::string("too large") : err);
      return false;
    }
    bufs.keep(scratch[s]);
  }
  std::vector<uint64_t> slots =
      kernelSlots(spec, L, tensorPtrs, scratch, ref.trailingPointers);
  std::vector<void *> params = kernelParams(slots);
  LaunchConfig cfg = launchConfig(L, ref);
  if (!dev.launch(*kernel, cfg, params.data(), err) || !dev.synchronize(err))
    return false;
  std::vector<std::shared_ptr<const Array>> &values = cpuRefValues[r];
  values.assign(L.tensors.size(), nullptr);
  for (size_t ti = 0; ti < L.tensors.size(); ++ti) {
    const TensorArg &t = L.tensors[ti];
    if (t.spec->check.kind != CheckSpec::Kind::Cpu)
      continue;
    std::vector<uint8_t> storage(t.storageBytes());
    if (!dev.download(storage.data(), tensorPtrs[ti], storage.size(), err))
      return false;
    values[ti] = gather(t, storage.data());
  }
  return true;
}

//===----------------------------------------------------------------------===//
// A variant's outputs
//===----------------------------------------------------------------------===//

std::shared_ptr<const Array> VariantRun::referenceOf(size_t ti,
                                                     std::string &against) {
  const TensorArg &t = file.L.tensors[ti];
  against = t.against;
  if (file.refs.empty())
    return t.ref;
  size_t r = file.refOf[index];
  const auto &values = file.cpuRefValues[r];
  if (values.size() > ti && values[ti]) {
    against = "CPU run of " + file.refs[r].variant->written;
    return values[ti];
  }
  return t.ref;
}

bool VariantRun::readBack(size_t ti, std::vector<uint8_t> &storage) {
  const TensorArg &t = file.L.tensors[ti];
  storage.resize(t.storageBytes());
  std::string err;
  if (dev->download(storage.data(), tensorPtrs[ti], storage.size(), err))
    return true;
  fail(pv.variant->line, "reading back '" + t.spec->name + "': " + err,
       ExitFailed, "failed");
  return false;
}

bool VariantRun::checkOutputs() {
  const Launch &L = file.L;
  checkedAgainst.resize(L.tensors.size());
  for (size_t ti = 0; ti < L.tensors.size(); ++ti) {
    const TensorArg &t = L.tensors[ti];
    bool save = !opts.saveOutputs.empty() && t.isOutput;
    std::string against;
    std::shared_ptr<const Array> ref = referenceOf(ti, against);
    if (!ref && !save)
      continue;
    std::vector<uint8_t> storage;
    if (!readBack(ti, storage))
      return false;
    if (ref) {
      auto got = gather(t, storage.data());
      CheckResult cr = compare(t, *ref, *got);
      cr.against = against;
      checkedAgainst[ti] = {ref, against};
      checksPassed &= cr.passed;
      vr.checks.push_back(cr);
    }
    if (save) {
      std::string dir = opts.saveOutputs;
      if (file.prepared.size() > 1)
        dir += "/" + vr.label;
      std::string err;
      if (!makeDirectories(dir, err) ||
          !saveTensor(t, storage.data(), dir + "/" + t.spec->name + ".npy",
                      err)) {
        fail(0, err, ExitBadInput, "error");
        return false;
      }
    }
  }
  return true;
}

void VariantRun::checkAfterBench(const std::vector<size_t> &restored) {
  const Launch &L = file.L;
  for (size_t ti = 0; ti < L.tensors.size() && !restored.empty(); ++ti) {
    const auto &[ref, against] = checkedAgainst[ti];
    if (!ref)
      continue;
    const TensorArg &t = L.tensors[ti];
    std::vector<uint8_t> storage;
    if (!readBack(ti, storage))
      break;
    CheckResult cr = compare(t, *ref, *gather(t, storage.data()));
    cr.against = against;
    cr.afterBench = true;
    if (!cr.passed) {
      vr.status = "check failed";
      file.out.exitCode = std::max(file.out.exitCode, int(ExitFailed));
    }
    vr.checks.push_back(cr);
  }
}
