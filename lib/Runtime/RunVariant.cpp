//===- RunVariant.cpp - one kernel variant launched -------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The runVariant phase of a FileRun: open the variant's device, load the
// kernel, upload the inputs, allocate the scratch buffers and launch; then
// check (RunCheck.cpp) and time (RunTiming.cpp). A failure is the
// variant's, and the next variant still runs, unless a fault left the
// device's context unusable.
//
//===----------------------------------------------------------------------===//

#include "FileRun.h"

#include "tt/Runtime/CrashNote.h"

#include <algorithm>

using namespace tt::runtime;
using namespace tt::runtime::runner;

std::vector<uint64_t>
runner::kernelSlots(const RunSpec &spec, const Launch &L,
                    const std::vector<DevicePtr> &tensorPtrs,
                    const DevicePtr scratch[2], int trailing) {
  std::vector<uint64_t> slots;
  for (size_t k = 0; k < spec.args.size(); ++k) {
    if (spec.args[k].specialized)
      continue;
    auto [isTensor, idx] = L.order[k];
    slots.push_back(isTensor ? tensorPtrs[idx] : L.scalars[idx].bits);
  }
  for (int s = 0; s < trailing; ++s)
    slots.push_back(scratch[s]);
  return slots;
}

std::vector<void *> runner::kernelParams(std::vector<uint64_t> &slots) {
  std::vector<void *> params;
  for (uint64_t &s : slots)
    params.push_back(&s);
  return params;
}

LaunchConfig runner::launchConfig(const Launch &L, const PreparedVariant &pv) {
  LaunchConfig cfg;
  for (int k = 0; k < 3; ++k)
    cfg.grid[k] = uint32_t(L.grid[k]);
  cfg.blockThreads = uint32_t(pv.numWarps * pv.warpSize);
  cfg.sharedBytes = uint32_t(pv.shared);
  return cfg;
}

void FileRun::runVariant(size_t vi) { VariantRun(*this, vi).run(); }

VariantRun::VariantRun(FileRun &file, size_t index)
    : file(file), opts(file.opts), index(index), pv(file.prepared[index]),
      vr(file.out.variants[index]) {}

int VariantRun::fail(int line, const std::string &msg, int code,
                     const char *status) {
  vr.status = status;
  vr.error = formatError(file.path, line, msg);
  return file.report(line, msg, code);
}

void VariantRun::run() {
  // What the process is doing, for the report if it dies (CrashNote.h).
  auto doing = [&](const char *what) {
    crashnote::setDoing(std::string(what) + " variant '" + vr.label + "'");
  };
  static const std::pair<const char *, bool (VariantRun::*)()> kPhases[] = {
      {"loading", &VariantRun::open},
      {"uploading the inputs of", &VariantRun::allocate},
      {"running", &VariantRun::launch},
      {"checking the outputs of", &VariantRun::checkOutputs}};
  for (const auto &[what, phase] : kPhases) {
    doing(what);
    if (!(this->*phase)())
      return;
  }
  vr.status = checksPassed ? "ok" : "check failed";
  if (!checksPassed)
    file.out.exitCode = std::max(file.out.exitCode, int(ExitFailed));
  doing("timing");
  if (opts.bench && (checksPassed || !opts.benchOnlyChecked))
    benchmark();
  crashnote::setDoing("");
}

/// The device (opened on first use) and the kernel loaded on it.
bool VariantRun::open() {
  if (!file.poisonedBy.empty()) {
    fail(pv.variant->line,
         "not run: variant '" + file.poisonedBy +
             "' faulted before it and left the device unusable in this "
             "process (--isolate runs each variant in its own)",
         ExitFailed, "failed");
    return false;
  }
  std::string err;
  dev = file.getDevice(pv.target, err);
  if (!dev) {
    // Say it once per target; later variants of the target share it.
    bool said = false;
    for (size_t vj = 0; vj < index; ++vj)
      said |= file.prepared[vj].target == pv.target &&
              !file.out.variants[vj].error.empty();
    int line = file.spec.hasTarget ? file.spec.targetLine : pv.variant->line;
    if (said) {
      vr.status = "error";
      vr.error = formatError(file.path, line, err);
    } else {
      fail(line, err, ExitBadInput, "error");
    }
    return false;
  }
  bufs.setDevice(dev);
  // Out-of-bounds accesses are caught where the device can (the CPU's guard
  // pages) whenever results are checked.
  dev->setBoundsCheck(!opts.noCheck);
  file.out.device = dev->description();
  if (!dev->load(pv.image, kernel, err)) {
    fail(pv.variant->line, err, ExitBadInput, "error");
    return false;
  }
  return true;
}

/// The tensors with their initial contents, then the scratch buffers.
bool VariantRun::allocate() {
  std::string err;
  for (const TensorArg &t : file.L.tensors) {
    DevicePtr p = 0;
    if (!dev->alloc(t.storageBytes(), p, err) ||
        (bufs.keep(p), !dev->upload(p, t.host.data(), t.storageBytes(), err))) {
      fail(t.spec->line, "tensor '" + t.spec->name + "': " + err,
           ExitBadInput, "error");
      return false;
    }
    dev->nameBuffer(p, t.spec->name);
    tensorPtrs.push_back(p);
  }
  return allocateScratch();
}

/// Scratch buffers: per-program size times the number of programs.
bool VariantRun::allocateScratch() {
  const KernelMetadata &m = pv.image.meta;
  int64_t programs = file.L.programs();
  int64_t scratchSize[2] = {m.globalScratchSize, m.profileScratchSize};
  for (int s = 0; s < 2; ++s) {
    if (scratchSize[s] <= 0)
      continue;
    int64_t bytes;
    if (__builtin_mul_overflow(scratchSize[s], programs, &bytes)) {
      fail(pv.variant->line,
           "scratch memory: " + std::to_string(scratchSize[s]) +
               " bytes for each of " + std::to_string(programs) +
               " programs is more than any device has",
           ExitBadInput, "error");
      return false;
    }
    std::string err;
    if (!dev->alloc(size_t(bytes), scratch[s], err)) {
      fail(pv.variant->line, "scratch memory: " + err, ExitBadInput, "error");
      return false;
    }
    bufs.keep(scratch[s]);
    dev->nameBuffer(scratch[s], s == 0 ? "global scratch" : "profile scratch");
  }
  return true;
}

bool VariantRun::launch() {
  slots = kernelSlots(file.spec, file.L, tensorPtrs, scratch,
                      pv.trailingPointers);
  params = kernelParams(slots);
  cfg = launchConfig(file.L, pv);
  std::string err;
  if (!dev->launch(*kernel, cfg, params.data(), err) ||
      !dev->synchronize(err)) {
    bool sticky = isStickyDeviceError(err);
    fail(pv.variant->line,
         "kernel '" + pv.image.name + (sticky ? "' faulted: " : "' failed: ") +
             err,
         ExitFailed, "failed");
    if (sticky)
      file.poisonedBy = vr.label;
    return false;
  }
  return true;
}
