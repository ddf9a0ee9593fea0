//===- Runner.cpp - run, check and time one YAML launch ---------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The runner keeps the devices; each file is one FileRun, whose phases
// (FileRun.h lists them and the files they live in) are called here in
// order: read the spec, evaluate it, resolve the kernels, check the limits,
// build the inputs and references, then run the variants.
//
//===----------------------------------------------------------------------===//

#include "FileRun.h"

#include <algorithm>
#include <cstring>

using namespace tt::runtime;
using namespace tt::runtime::runner;

//===----------------------------------------------------------------------===//
// Runner
//===----------------------------------------------------------------------===//

Runner::Runner(const RunOptions &opts) : opts(opts) {}
Runner::~Runner() = default;

Device *Runner::getDevice(Target t, std::string &err) {
  DeviceSlot &slot = devices[int(t)];
  if (!slot.tried) {
    slot.tried = true;
    slot.device = openDevice(t, opts.device, slot.why, slot.error);
  }
  if (!slot.device)
    err = slot.error;
  return slot.device.get();
}

int Runner::run(const std::string &path, FileResult &out, FILE *diag) {
  FileRun file(path, opts, out, diag, [this](Target t, std::string &err) {
    return getDevice(t, err);
  });
  return file.run();
}

//===----------------------------------------------------------------------===//
// FileRun
//===----------------------------------------------------------------------===//

FileRun::FileRun(const std::string &path, const RunOptions &opts,
                 FileResult &out, FILE *diag, DeviceGetter getDevice)
    : path(path), opts(opts), out(out), diag(diag),
      getDevice(std::move(getDevice)) {}

int FileRun::report(int line, const std::string &msg, int code) {
  std::string line1 = formatError(path, line, msg);
  if (out.error.empty())
    out.error = line1;
  if (diag)
    std::fprintf(diag, "%s\n", line1.c_str());
  out.exitCode = std::max(out.exitCode, code);
  return out.exitCode;
}

bool FileRun::fail(int line, const std::string &msg, int code) {
  report(line, msg, code);
  return false;
}

int FileRun::run() {
  out = FileResult();
  out.file = path;
  std::string id = baseName(path);
  for (const char *suffix : {".run.yaml", ".run.yml", ".yaml", ".yml"})
    if (endsWith(id, suffix)) {
      id = id.substr(0, id.size() - std::strlen(suffix));
      break;
    }
  out.id = id;

  // A device ordinal is never negative; the CPU has one device, 0. Said
  // before the spec is read, so no work is done for a run that cannot be.
  if (opts.device < 0)
    return report(
        0, "--device must be 0 or more, got " + std::to_string(opts.device),
        ExitBadInput);

  if (!readSpec() || !evaluate() || !resolveKernels() || !checkHostLimits() ||
      !checkCheckShapes() || !prepareInputs())
    return out.exitCode;
  recordVariants();
  if (!saveInputs())
    return out.exitCode;
  if (opts.dryRun) {
    describePlan();
    return out.exitCode;
  }
  // CPU kernels run in a child process even without --isolate (Auto): a
  // kernel that faults (an access past a guard page, a wild pointer) ends
  // the child, and this process reports it and cleans up. GPU kernels run
  // here unless isolated (their faults are device errors, not signals).
  bool cpuOnly =
      !prepared.empty() && std::all_of(prepared.begin(), prepared.end(),
                                       [](const PreparedVariant &pv) {
                                         return pv.target == Target::CPU;
                                       });
  bool inProcess = opts.isolate == RunOptions::Isolation::Off ||
                   (opts.isolate == RunOptions::Isolation::Auto && !cpuOnly);
  if (inProcess) {
    for (size_t vi = 0; vi < prepared.size(); ++vi)
      runVariant(vi);
  } else {
    runIsolated();
  }
  return out.exitCode;
}

bool FileRun::readSpec() {
  std::string err;
  if (!parseRunSpec(path, spec, err)) {
    out.error = err;
    if (diag)
      std::fprintf(diag, "%s\n", err.c_str());
    out.exitCode = ExitBadInput;
    return false;
  }
  if (!opts.kernels.empty()) {
    spec.kernels.clear();
    for (const auto &k : opts.kernels) {
      KernelVariant kv;
      kv.label = k.first.empty() ? baseName(k.second) : k.first;
      kv.path = kv.written = k.second;
      kv.line = 0;
      spec.kernels.push_back(kv);
    }
  }
  if (opts.hasTarget) {
    spec.hasTarget = true;
    spec.target = opts.target;
    spec.targetLine = 0;
  }
  for (const auto &d : opts.defines) {
    ExprSrc e;
    e.line = 0;
    if (!Expression::parse(d.second, e.expr, err))
      return fail(0, "-D " + d.first + ": " + err, ExitBadInput);
    auto it = std::find_if(spec.constexprs.begin(), spec.constexprs.end(),
                           [&](const auto &c) { return c.first == d.first; });
    if (it != spec.constexprs.end())
      it->second = e;
    else
      spec.constexprs.emplace_back(d.first, e);
  }
  return true;
}

void FileRun::recordVariants() {
  std::string paramKey;
  for (const auto &p : L.shownParams)
    paramKey += (paramKey.empty() ? "" : ",") + p.first + "=" + p.second;
  for (const PreparedVariant &pv : prepared) {
    VariantResult vr;
    vr.label = pv.variant->label;
    vr.path = pv.variant->path;
    vr.key = out.id + "/" + vr.label + "[" + paramKey + "]";
    vr.kernelName = pv.image.name;
    vr.numWarps = pv.numWarps;
    vr.shared = pv.shared;
    out.variants.push_back(vr);
  }
}
