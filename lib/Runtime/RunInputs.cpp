//===- RunInputs.cpp - a run's inputs and check references ------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The checkHostLimits, prepareInputs and saveInputs phases of a FileRun:
// what the tensors need of the host's memory (refused before anything is
// allocated), the initial contents of each tensor on the host (uploaded
// again for every variant), the references of the checks (a .npy file or
// an expression over the inputs) and --save-inputs.
//
//===----------------------------------------------------------------------===//

#include "FileRun.h"
#include "tt/Runtime/Npy.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <fstream>
#include <set>
#include <thread>

using namespace tt::runtime;
using namespace tt::runtime::runner;

void runner::parallelFor(int64_t n,
                         const std::function<void(int64_t, int64_t)> &body) {
  unsigned hw = std::max(1u, std::thread::hardware_concurrency());
  unsigned threads = n < (1 << 16) ? 1 : std::min(hw, 64u);
  if (threads <= 1) {
    body(0, n);
    return;
  }
  int64_t chunk = (n + threads - 1) / threads;
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t) {
    int64_t b = int64_t(t) * chunk, e = std::min(n, b + chunk);
    if (b < e)
      pool.emplace_back(body, b, e);
  }
  for (std::thread &th : pool)
    th.join();
}

std::shared_ptr<Array> runner::gather(const TensorArg &t,
                                      const uint8_t *storage) {
  auto a = Array::make(t.shape);
  double *o = a->data.data();
  DType dt = t.dtype;
  parallelFor(t.numel, [&](int64_t b, int64_t e) {
    forEachElement(t.shape, t.strides, b, e, [&](int64_t i, int64_t off) {
      o[i] = loadAsDouble(storage, size_t(off), dt);
    });
  });
  return a;
}

bool runner::saveTensor(const TensorArg &t, const uint8_t *storage,
                        const std::string &file, std::string &err) {
  NpyArray a;
  a.dtype = t.dtype;
  a.shape = t.shape;
  size_t es = dtypeSize(t.dtype);
  a.data.resize(size_t(t.numel) * es);
  forEachElement(t.shape, t.strides, 0, t.numel, [&](int64_t i, int64_t off) {
    std::memcpy(a.data.data() + i * es, storage + off * es, es);
  });
  return writeNpy(file, a, err);
}

namespace {

/// Counter-based random numbers: the value of element i depends only on
/// (seed, i), so filling in parallel gives the same tensor every time.
uint64_t mix(uint64_t seed, uint64_t i) {
  uint64_t z = (seed + 1) * 0x9E3779B97F4A7C15ull + i * 0xD1B54A32D192ED03ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

double unit(uint64_t h) { return double(h >> 11) * 0x1.0p-53; } // [0, 1)

/// A multi-line expression as one line: "a = x; a * 2".
std::string oneLine(const std::string &text) {
  std::string s;
  for (char c : text) {
    if (c == '\n') {
      while (!s.empty() && (s.back() == ' ' || s.back() == ';'))
        s.pop_back();
      if (!s.empty())
        s += "; ";
    } else {
      s += c;
    }
  }
  while (!s.empty() && (s.back() == ' ' || s.back() == ';'))
    s.pop_back();
  return s;
}

/// The value of element i of a generated initial tensor.
double generated(const InitSpec &init, bool integral, int64_t i) {
  switch (init.kind) {
  case InitSpec::Kind::Zeros:
    return 0.0;
  case InitSpec::Kind::Constant:
    return init.a;
  case InitSpec::Kind::Arange:
    return init.a + double(i) * init.b;
  case InitSpec::Kind::Uniform: {
    double v = init.a + (init.b - init.a) * unit(mix(init.seed, uint64_t(i)));
    return integral ? std::floor(v) : v;
  }
  case InitSpec::Kind::Normal: {
    double u1 = 1.0 - unit(mix(init.seed, 2 * uint64_t(i)));
    double u2 = unit(mix(init.seed, 2 * uint64_t(i) + 1));
    double v = init.a + init.b * std::sqrt(-2.0 * std::log(u1)) *
                            std::cos(2.0 * M_PI * u2);
    return integral ? std::nearbyint(v) : v;
  }
  default:
    return 0.0;
  }
}

/// Reads a .npy file that must have the shape of tensor `t`; `prefix` and
/// `role` word the error ("shape mismatch: ", "output").
bool readNpyOf(const TensorArg &t, const std::string &path, int line,
               const char *prefix, const char *role, NpyArray &a,
               Failure &f) {
  std::string err;
  if (!readNpy(path, a, err)) {
    f = {line, err};
    return false;
  }
  if (a.shape != t.shape) {
    f = {line, prefix + baseName(path) + " has shape " + formatShape(a.shape) +
                   " but " + role + " '" + t.spec->name + "' has shape " +
                   formatShape(t.shape)};
    return false;
  }
  return true;
}

/// What a run will allocate on the host, estimated from the evaluated
/// launch before anything is allocated: each tensor's initial storage; on
/// the CPU, the "device" copy; for each checked output its reference, the
/// copy read back and its values in double; and the tensors a check reads,
/// in double. Saturates instead of overflowing.
double hostBytesNeeded(const Launch &L, const RunOptions &opts,
                       bool cpuTarget, int &biggestLine) {
  std::set<std::string> readByChecks;
  for (const TensorArg &t : L.tensors)
    if (t.spec->check.kind == CheckSpec::Kind::Expr)
      for (const std::string &n : t.spec->check.expect.expr.freeNames())
        readByChecks.insert(n);
  double total = 0, biggest = -1;
  for (const TensorArg &t : L.tensors) {
    double storage = double(t.storageElems) * double(dtypeSize(t.dtype));
    double asDouble = 8.0 * double(t.numel);
    double bytes = storage * (cpuTarget ? 2 : 1);
    bool checked = t.spec->check.kind != CheckSpec::Kind::None && !opts.noCheck;
    if (checked || !opts.saveOutputs.empty() || !opts.saveInputs.empty())
      bytes += storage + asDouble;
    if (checked)
      bytes += asDouble;
    if (readByChecks.count(t.spec->name) && !opts.noCheck)
      bytes += asDouble;
    total += bytes;
    if (bytes > biggest) {
      biggest = bytes;
      biggestLine = t.spec->shapeLine ? t.spec->shapeLine : t.spec->line;
    }
  }
  return total;
}

} // namespace

//===----------------------------------------------------------------------===//
// Host memory
//===----------------------------------------------------------------------===//

uint64_t tt::runtime::defaultHostMemoryLimit() {
  long pages = ::sysconf(_SC_PHYS_PAGES), pageSize = ::sysconf(_SC_PAGE_SIZE);
  uint64_t limit = pages > 0 && pageSize > 0
                       ? uint64_t(pages) * uint64_t(pageSize)
                       : uint64_t(1) << 40;
  // A container's limit (cgroup v2, then v1) is what the kernel enforces.
  for (const char *f : {"/sys/fs/cgroup/memory.max",
                        "/sys/fs/cgroup/memory/memory.limit_in_bytes"}) {
    std::ifstream in(f);
    std::string text;
    if (!(in >> text) || text.empty() || !std::isdigit((unsigned char)text[0]))
      continue;
    uint64_t v = std::strtoull(text.c_str(), nullptr, 10);
    if (v > 0 && v < limit)
      limit = v;
  }
  return limit;
}

bool tt::runtime::parseByteSize(const std::string &text, uint64_t &bytes) {
  size_t i = 0;
  while (i < text.size() && std::isdigit((unsigned char)text[i]))
    ++i;
  if (i == 0 || i > 19)
    return false;
  uint64_t v = std::strtoull(text.substr(0, i).c_str(), nullptr, 10);
  std::string unit = text.substr(i);
  int shift = 0;
  if (unit == "K" || unit == "KiB" || unit == "k")
    shift = 10;
  else if (unit == "M" || unit == "MiB")
    shift = 20;
  else if (unit == "G" || unit == "GiB")
    shift = 30;
  else if (unit == "T" || unit == "TiB")
    shift = 40;
  else if (!unit.empty() && unit != "B")
    return false;
  if (shift && v > (~uint64_t(0) >> shift))
    return false;
  bytes = v << shift;
  return true;
}

std::string tt::runtime::formatBytes(double bytes) {
  const char *units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  int u = 0;
  while (bytes >= 1024 && u < 6) {
    bytes /= 1024;
    ++u;
  }
  char buf[64];
  std::snprintf(buf, sizeof buf, u == 0 ? "%.0f %s" : "%.1f %s", bytes,
                units[u]);
  return buf;
}

/// Refuses what cannot run before allocating anything: more host memory
/// than there is, or more programs than the CPU runtime runs.
bool FileRun::checkHostLimits() {
  bool cpuTarget = cpuChecks;
  for (const PreparedVariant &pv : prepared)
    cpuTarget |= pv.target == Target::CPU;
  uint64_t limit =
      opts.maxHostBytes ? opts.maxHostBytes : defaultHostMemoryLimit();
  int biggestLine = spec.argsLine;
  double needed = hostBytesNeeded(L, opts, cpuTarget, biggestLine);
  if (needed > double(limit))
    return fail(biggestLine,
                "the tensors need " + formatBytes(needed) +
                    " of host memory, more than the limit of " +
                    formatBytes(double(limit)) +
                    (opts.maxHostBytes ? " (--max-memory)"
                                       : " (this machine's memory; "
                                         "--max-memory changes it)"),
                ExitBadInput);
  // Expressions in checks may broadcast into bigger tensors than any
  // argument: hold each result to a share of the same limit.
  setMaxTensorElements(int64_t(std::min<uint64_t>(limit / 32, INT64_MAX)));
  int64_t programs = L.programs();
  if (cpuTarget && programs > kMaxCpuPrograms)
    return fail(spec.gridLine,
                "the grid has " + std::to_string(programs) +
                    " programs; the CPU runtime runs at most " +
                    std::to_string(kMaxCpuPrograms) + " per launch",
                ExitBadInput);
  return true;
}

//===----------------------------------------------------------------------===//
// Inputs and references
//===----------------------------------------------------------------------===//

bool FileRun::prepareInputs() {
  Failure f;
  if (!buildInputs(f) || !buildReferences(f))
    return fail(f);
  // The CPU references run before the variants, on the same inputs.
  return runCpuReferences();
}

bool FileRun::fillTensor(TensorArg &t, Failure &f) {
  const InitSpec &init = t.spec->init;
  size_t esize = dtypeSize(t.dtype);
  t.host.assign(t.storageBytes(), 0xFF); // poison, and the gaps of strides
  if (init.kind == InitSpec::Kind::Poison)
    return true;
  uint8_t *base = t.host.data();
  if (init.kind == InitSpec::Kind::Npy) {
    NpyArray a;
    if (!readNpyOf(t, init.path, init.line, "", "tensor", a, f))
      return false;
    bool same = a.dtype == t.dtype;
    const uint8_t *src = a.data.data();
    DType from = a.dtype;
    parallelFor(t.numel, [&](int64_t b, int64_t e) {
      forEachElement(t.shape, t.strides, b, e, [&](int64_t i, int64_t off) {
        if (same)
          std::memcpy(base + off * esize, src + i * esize, esize);
        else
          storeFromDouble(base, size_t(off), t.dtype,
                          loadAsDouble(src, size_t(i), from));
      });
    });
    return true;
  }
  DType dt = t.dtype;
  bool integral = !isFloat(dt);
  parallelFor(t.numel, [&](int64_t b, int64_t e) {
    forEachElement(t.shape, t.strides, b, e, [&](int64_t i, int64_t off) {
      storeFromDouble(base, size_t(off), dt, generated(init, integral, i));
    });
  });
  return true;
}

bool FileRun::buildInputs(Failure &f) {
  for (TensorArg &t : L.tensors)
    if (!fillTensor(t, f))
      return false;
  return true;
}

bool FileRun::buildReferences(Failure &f) {
  if (opts.noCheck)
    return true;
  // The tensors the expressions read, in double, gathered once.
  TensorValues values;
  for (TensorArg &t : L.tensors) {
    const CheckSpec &c = t.spec->check;
    if (c.kind == CheckSpec::Kind::None)
      continue;
    defaultTolerance(t.dtype, t.rtol, t.atol);
    if (c.hasRtol)
      t.rtol = c.rtol;
    if (c.hasAtol)
      t.atol = c.atol;
    if (c.kind == CheckSpec::Kind::Cpu) {
      // The reference comes from running a kernel on the CPU, after the
      // variants are prepared (runCpuReference).
      t.against = "its CPU run";
      continue;
    }
    if (c.kind == CheckSpec::Kind::Npy ? !npyReference(t, f)
                                       : !exprReference(t, values, f))
      return false;
  }
  return true;
}

bool FileRun::npyReference(TensorArg &t, Failure &f) {
  const CheckSpec &c = t.spec->check;
  NpyArray a;
  if (!readNpyOf(t, c.path, c.line, "shape mismatch: ", "output", a, f))
    return false;
  auto ref = Array::make(a.shape);
  for (int64_t i = 0; i < ref->numel(); ++i)
    ref->data[i] = loadAsDouble(a.data.data(), size_t(i), a.dtype);
  t.ref = ref;
  t.against = baseName(c.path);
  return true;
}

/// "shape mismatch: the check of 'out' computes shape (4, 3) but the output
/// has shape (4, 4)".
static std::string checkShapeMismatch(const TensorArg &t, bool scalar,
                                      const std::vector<int64_t> &shape) {
  return "shape mismatch: the check of '" + t.spec->name + "' computes " +
         (scalar ? std::string("a scalar") : "shape " + formatShape(shape)) +
         " but the output has shape " + formatShape(t.shape);
}

bool FileRun::checkCheckShapes() {
  if (opts.noCheck)
    return true;
  std::map<std::string, std::vector<int64_t>> shapes;
  for (const TensorArg &u : L.tensors)
    shapes[u.spec->name] = u.shape;
  for (const TensorArg &t : L.tensors) {
    const CheckSpec &c = t.spec->check;
    if (c.kind != CheckSpec::Kind::Expr)
      continue;
    std::vector<int64_t> shape, joined;
    bool scalar = false;
    std::string err;
    switch (c.expect.expr.inferShape(shapes, shape, scalar, err)) {
    case Expression::ShapeAnswer::Broken:
      return fail(c.expect.line, "check of '" + t.spec->name + "': " + err,
                  ExitBadInput);
    case Expression::ShapeAnswer::Known:
      if (!scalar &&
          (!broadcastShapes(shape, t.shape, joined) || joined != t.shape))
        return fail(c.expect.line, checkShapeMismatch(t, scalar, shape),
                    ExitBadInput);
      break;
    case Expression::ShapeAnswer::Unknown:
      break;
    }
  }
  return true;
}

bool FileRun::exprReference(TensorArg &t, TensorValues &values,
                            Failure &f) {
  const CheckSpec &c = t.spec->check;
  // Bind the tensors the expression reads (their values before the
  // launch), the parameters and the scalars.
  Scope scope = L.scope;
  for (const std::string &name : c.expect.expr.freeNames()) {
    for (const TensorArg &u : L.tensors) {
      if (u.spec->name != name)
        continue;
      auto &v = values[name];
      if (!v)
        v = gather(u, u.host.data());
      scope[name] = Value::ofTensor(v);
    }
  }
  Value r;
  std::string err;
  if (!c.expect.expr.evaluate(scope, r, err)) {
    f = {c.expect.line, "check of '" + t.spec->name + "': " + err};
    return false;
  }
  std::shared_ptr<const Array> ref;
  if (!broadcastTo(r, t.shape, ref, err)) {
    f = {c.expect.line,
         checkShapeMismatch(t, !r.isTensor(),
                            r.isTensor() ? r.t->shape
                                         : std::vector<int64_t>())};
    return false;
  }
  t.ref = ref;
  t.against = oneLine(c.expect.expr.text());
  return true;
}

bool FileRun::saveInputs() {
  if (opts.saveInputs.empty())
    return true;
  std::string err;
  if (!makeDirectories(opts.saveInputs, err))
    return fail(0, err, ExitBadInput);
  for (const TensorArg &t : L.tensors) {
    if (t.spec->init.kind == InitSpec::Kind::Poison)
      continue;
    if (!saveTensor(t, t.host.data(),
                    opts.saveInputs + "/" + t.spec->name + ".npy", err))
      return fail(0, err, ExitBadInput);
  }
  return true;
}
