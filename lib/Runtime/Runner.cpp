//===- Runner.cpp - run, check and time one YAML launch ---------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The order of work is chosen so that every input error shows up before a
// device is touched: parse, evaluate sizes and grid, read the kernel files
// and check their signatures, build the inputs, compute the references;
// only then open the device, launch, compare and time.
//
//===----------------------------------------------------------------------===//

#include "tt/Runtime/Runner.h"
#include "tt/Runtime/Compile.h"
#include "tt/Runtime/Npy.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdint>
#include <cmath>
#include <cstring>
#include <fstream>
#include <functional>
#include <list>
#include <mutex>
#include <limits>
#include <set>
#include <sstream>
#include <thread>
#include <type_traits>

using namespace tt::runtime;

namespace {

//===----------------------------------------------------------------------===//
// Small helpers
//===----------------------------------------------------------------------===//

/// An error that names a line of the YAML file and the exit code it means.
/// Programs one CPU launch may have: the runtime calls the kernel once per
/// program, so a grid of 2^40 would run for days.
constexpr int64_t kMaxCpuPrograms = (int64_t(1) << 31) - 1;

struct Failure {
  int line = 0;
  std::string message;
  int code = ExitBadInput;
};

std::string fmt(double v, const char *f = "%g") {
  if (std::isnan(v))
    return "nan"; // poison is a negative NaN; its sign means nothing
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

void parallelFor(int64_t n, const std::function<void(int64_t, int64_t)> &body) {
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

/// Calls f(i, offset) for the logical (C-order) indices i in [b, e) of a
/// tensor, with offset its element offset in strided storage.
template <typename F>
void forEachElement(const std::vector<int64_t> &shape,
                    const std::vector<int64_t> &strides, int64_t b, int64_t e,
                    F f) {
  // Nothing to visit; also keeps a zero extent ([n, 0]) out of the
  // divisions below.
  if (b >= e)
    return;
  size_t r = shape.size();
  if (r == 0) {
    f(0, 0);
    return;
  }
  std::vector<int64_t> idx(r);
  int64_t rem = b, off = 0;
  for (size_t k = r; k-- > 0;) {
    idx[k] = rem % shape[k];
    rem /= shape[k];
    off += idx[k] * strides[k];
  }
  for (int64_t i = b; i < e; ++i) {
    f(i, off);
    for (size_t k = r; k-- > 0;) {
      ++idx[k];
      off += strides[k];
      if (idx[k] < shape[k])
        break;
      off -= strides[k] * shape[k];
      idx[k] = 0;
    }
  }
}

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

/// Counter-based random numbers: the value of element i depends only on
/// (seed, i), so filling in parallel gives the same tensor every time.
uint64_t mix(uint64_t seed, uint64_t i) {
  uint64_t z = (seed + 1) * 0x9E3779B97F4A7C15ull + i * 0xD1B54A32D192ED03ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

double unit(uint64_t h) { return double(h >> 11) * 0x1.0p-53; } // [0, 1)

bool endsWith(const std::string &s, const std::string &suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

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

std::string baseName(const std::string &p) {
  size_t s = p.rfind('/');
  return s == std::string::npos ? p : p.substr(s + 1);
}

bool readFile(const std::string &path, std::vector<char> &out,
              std::string &err) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    err = std::strerror(errno);
    return false;
  }
  std::stringstream ss;
  ss << in.rdbuf();
  std::string s = ss.str();
  out.assign(s.begin(), s.end());
  return true;
}

bool fileExists(const std::string &p) {
  struct stat st;
  return ::stat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

bool makeDirs(const std::string &path, std::string &err) {
  std::string cur;
  std::stringstream ss(path);
  std::string part;
  if (!path.empty() && path[0] == '/')
    cur = "/";
  while (std::getline(ss, part, '/')) {
    if (part.empty())
      continue;
    cur += part;
    if (::mkdir(cur.c_str(), 0777) != 0 && errno != EEXIST) {
      err = "cannot create directory '" + cur + "': " + std::strerror(errno);
      return false;
    }
    cur += "/";
  }
  return true;
}

double quantile(const std::vector<double> &sorted, double q) {
  if (sorted.empty())
    return 0;
  double pos = q * double(sorted.size() - 1);
  size_t lo = size_t(std::floor(pos));
  size_t hi = std::min(sorted.size() - 1, lo + 1);
  double f = pos - double(lo);
  return sorted[lo] * (1 - f) + sorted[hi] * f;
}

//===----------------------------------------------------------------------===//
// The evaluated launch
//===----------------------------------------------------------------------===//

struct TensorArg {
  const ArgSpec *spec = nullptr;
  DType dtype = DType::F32;
  std::vector<int64_t> shape, strides;
  int64_t numel = 0;
  int64_t storageElems = 0;
  bool contiguous = true;
  bool isOutput = false;
  std::vector<uint8_t> host; // the initial storage, uploaded for each variant
  std::shared_ptr<const Array> ref; // the check reference, in `shape`
  double rtol = 0, atol = 0;
  std::string against;

  size_t storageBytes() const {
    return size_t(storageElems) * dtypeSize(dtype);
  }
};

struct ScalarArg {
  const ArgSpec *spec = nullptr;
  uint64_t bits = 0; // the value's bytes, little-endian, zero-extended
  Value value;
};

struct Launch {
  Scope scope;
  std::vector<std::pair<std::string, std::string>> shownParams;
  std::vector<TensorArg> tensors;
  std::vector<ScalarArg> scalars;
  /// Per argument of the spec: index into tensors or scalars.
  std::vector<std::pair<bool, size_t>> order;
  int64_t grid[3] = {1, 1, 1};
  bool hasNumWarps = false, hasShared = false, hasNumStages = false,
       hasNumCtas = false;
  int64_t numWarps = 0, shared = 0, numStages = 3, numCtas = 1;
  bool hasBytes = false, hasFlops = false;
  double bytes = 0, flops = 0;
};

struct PreparedVariant {
  const KernelVariant *variant = nullptr;
  KernelImage image;
  Target target = Target::CUDA;
  int numWarps = 4;
  int warpSize = 32;
  int64_t shared = 0;
  /// Upstream 3.6's ABI: after the user arguments, a global-scratch and a
  /// profile-scratch pointer (checked against the PTX signature).
  int trailingPointers = 2;
};

class FileRun {
public:
  FileRun(const RunSpec &spec, const RunOptions &opts)
      : spec(spec), opts(opts) {}

  bool evaluate(Launch &L, Failure &f);
  /// `forceTarget`: compile for this target whatever the YAML says (the
  /// CPU reference of `check: {cpu: true}`).
  bool prepare(const KernelVariant &kv, const Launch &L, PreparedVariant &pv,
               Failure &f, const Target *forceTarget = nullptr);
  /// The kernel `check: {cpu: true}` runs on the CPU for variant `kv` (see
  /// docs/tt-run.md); prepare it with the CPU as `forceTarget`.
  bool findCpuReference(const KernelVariant &kv, KernelVariant &refKv,
                        Failure &f);
  bool buildInputs(Launch &L, Failure &f);
  bool buildReferences(Launch &L, Failure &f);

private:
  const RunSpec &spec;
  const RunOptions &opts;

  bool evalExpr(const ExprSrc &e, const Scope &scope, const std::string &what,
                Value &v, Failure &f) {
    std::string err;
    if (!e.expr.evaluate(scope, v, err)) {
      f = {e.line, what + ": " + err};
      return false;
    }
    return true;
  }

  bool evalInt(const ExprSrc &e, const Scope &scope, const std::string &what,
               int64_t &out, Failure &f) {
    Value v;
    if (!evalExpr(e, scope, what, v, f))
      return false;
    std::string err;
    if (!toInteger(v, out, err)) {
      f = {e.line, what + ": " + err};
      return false;
    }
    return true;
  }

  bool checkSignature(const PreparedVariant &pv, const Launch &L,
                      const PtxEntry &entry, Failure &f);
  bool fillTensor(TensorArg &t, Failure &f);
};

bool scalarBits(DType t, const Value &v, uint64_t &bits, Value &seen,
                std::string &err) {
  bits = 0;
  if (v.isTensor()) {
    err = "a scalar argument cannot be a tensor";
    return false;
  }
  if (isFloat(t)) {
    double d = roundTo(t, v.asDouble());
    unsigned char buf[8] = {0};
    storeFromDouble(buf, 0, t, v.asDouble());
    std::memcpy(&bits, buf, dtypeSize(t));
    seen = Value::ofFloat(d);
    return true;
  }
  int64_t i;
  if (!toInteger(v, i, err))
    return false;
  size_t n = dtypeSize(t);
  bool ok;
  if (t == DType::I1)
    ok = i == 0 || i == 1;
  else if (isSignedInt(t))
    ok = n == 8 || (i >= -(int64_t(1) << (8 * n - 1)) &&
                    i < (int64_t(1) << (8 * n - 1)));
  else
    ok = i >= 0 && (n == 8 || i < (int64_t(1) << (8 * n)));
  if (!ok) {
    err = "value " + std::to_string(i) + " does not fit in " + dtypeName(t);
    return false;
  }
  uint64_t u = uint64_t(i);
  if (n < 8)
    u &= (uint64_t(1) << (8 * n)) - 1;
  bits = u;
  seen = Value::ofInt(i);
  return true;
}

bool FileRun::evaluate(Launch &L, Failure &f) {
  // --set overrides must name a parameter or a scalar argument.
  std::map<std::string, Expression> overrides;
  for (const auto &s : opts.sets) {
    bool known = false;
    for (const auto &p : spec.params)
      known |= p.first == s.first;
    for (const ArgSpec &a : spec.args)
      known |= !a.isTensor && a.name == s.first;
    if (!known) {
      f = {0, "--set " + s.first + ": no parameter or scalar argument named '" +
                  s.first + "'"};
      return false;
    }
    std::string err;
    Expression e;
    if (!Expression::parse(s.second, e, err)) {
      f = {0, "--set " + s.first + ": " + err};
      return false;
    }
    overrides[s.first] = e;
  }
  auto valueOf = [&](const std::string &name, const ExprSrc &src,
                     const std::string &what, Value &v) {
    auto it = overrides.find(name);
    if (it == overrides.end())
      return evalExpr(src, L.scope, what, v, f);
    std::string err;
    if (!it->second.evaluate(L.scope, v, err)) {
      f = {0, "--set " + name + ": " + err};
      return false;
    }
    return true;
  };

  for (const auto &p : spec.params) {
    Value v;
    if (!valueOf(p.first, p.second, "parameter '" + p.first + "'", v))
      return false;
    if (v.isTensor()) {
      f = {p.second.line, "parameter '" + p.first + "' must be a number"};
      return false;
    }
    L.scope[p.first] = v;
    L.shownParams.emplace_back(p.first, v.str());
  }
  // Scalars first (in order), so shapes may use any of them.
  for (const ArgSpec &a : spec.args) {
    if (a.isTensor)
      continue;
    Value v;
    if (!valueOf(a.name, a.value, "argument '" + a.name + "'", v))
      return false;
    ScalarArg s;
    s.spec = &a;
    std::string err;
    if (!scalarBits(a.dtype, v, s.bits, s.value, err)) {
      f = {a.value.line, "argument '" + a.name + "': " + err};
      return false;
    }
    if (a.specialized && !(s.value.isInt() && s.value.i == 1)) {
      f = {a.specializedLine,
           "argument '" + a.name + "' is specialized away (the kernel was "
           "compiled for the value 1) but evaluates to " + s.value.str()};
      return false;
    }
    if (a.multipleOf > 0 && s.value.isInt() && s.value.i % a.multipleOf != 0) {
      f = {a.multipleOfLine,
           "argument '" + a.name + "' is " + s.value.str() +
               ", not a multiple of " + std::to_string(a.multipleOf) +
               " as the kernel assumes"};
      return false;
    }
    L.scope[a.name] = s.value;
    // The sizes that identify a run (shown, and part of the --baseline
    // key): parameters, and scalars with a value of their own rather than
    // one derived from other names (a stride equal to N).
    if (!a.specialized &&
        (overrides.count(a.name) || a.value.expr.freeNames().empty()))
      L.shownParams.emplace_back(a.name, v.str()); // as written, unrounded
    L.scalars.push_back(s);
  }
  for (const ExprSrc &r : spec.require) {
    Value v;
    if (!evalExpr(r, L.scope, "requirement", v, f))
      return false;
    if (v.isTensor() || v.asDouble() == 0) {
      f = {r.line, "requirement '" + r.expr.text() + "' does not hold"};
      return false;
    }
  }
  size_t si = 0;
  for (const ArgSpec &a : spec.args) {
    if (!a.isTensor) {
      L.order.emplace_back(false, si++);
      continue;
    }
    TensorArg t;
    t.spec = &a;
    t.dtype = a.dtype;
    t.numel = 1;
    for (size_t k = 0; k < a.shape.size(); ++k) {
      int64_t d;
      if (!evalInt(a.shape[k], L.scope, "shape of '" + a.name + "'", d, f))
        return false;
      if (d < 0) {
        f = {a.shape[k].line, "shape of '" + a.name + "': dimension " +
                                  std::to_string(k) + " is " +
                                  std::to_string(d)};
        return false;
      }
      if (d > 0 && t.numel > (int64_t(1) << 40) / d) {
        f = {a.shape[k].line, "tensor '" + a.name + "' is too large"};
        return false;
      }
      t.shape.push_back(d);
      t.numel *= d;
    }
    if (a.strides.empty()) {
      t.strides.assign(t.shape.size(), 1);
      for (size_t k = t.shape.size(); k-- > 1;)
        t.strides[k - 1] = t.strides[k] * t.shape[k];
      t.storageElems = t.numel;
    } else {
      t.contiguous = false;
      int64_t last = 0;
      for (size_t k = 0; k < a.strides.size(); ++k) {
        int64_t s;
        if (!evalInt(a.strides[k], L.scope, "strides of '" + a.name + "'", s,
                     f))
          return false;
        if (s < 0) {
          f = {a.strides[k].line, "strides of '" + a.name + "': stride " +
                                      std::to_string(k) + " is negative"};
          return false;
        }
        t.strides.push_back(s);
        int64_t span;
        if (t.shape[k] > 0 &&
            (__builtin_mul_overflow(t.shape[k] - 1, s, &span) ||
             __builtin_add_overflow(last, span, &last))) {
          f = {a.stridesLine, "tensor '" + a.name + "' is too large"};
          return false;
        }
      }
      t.storageElems = t.numel == 0 ? 0 : last + 1;
      if (t.storageElems > (int64_t(1) << 40)) {
        f = {a.stridesLine, "tensor '" + a.name + "' is too large"};
        return false;
      }
      // Contiguous after all?
      std::vector<int64_t> c(t.shape.size(), 1);
      for (size_t k = t.shape.size(); k-- > 1;)
        c[k - 1] = c[k] * t.shape[k];
      t.contiguous = c == t.strides;
    }
    t.isOutput = a.init.kind == InitSpec::Kind::Poison ||
                 a.check.kind != CheckSpec::Kind::None;
    L.order.emplace_back(true, L.tensors.size());
    L.tensors.push_back(std::move(t));
  }

  for (size_t k = 0; k < spec.grid.size(); ++k) {
    int64_t g;
    if (!evalInt(spec.grid[k], L.scope, "grid", g, f))
      return false;
    if (g <= 0) {
      f = {spec.grid[k].line, "grid dimension " + std::to_string(k) +
                                  " evaluates to " + std::to_string(g) +
                                  "; it must be positive"};
      return false;
    }
    int64_t limit = k == 0 ? (int64_t(1) << 31) - 1 : 65535;
    if (g > limit) {
      f = {spec.grid[k].line, "grid dimension " + std::to_string(k) +
                                  " evaluates to " + std::to_string(g) +
                                  ", above the limit " +
                                  std::to_string(limit)};
      return false;
    }
    L.grid[k] = g;
  }
  auto optInt = [&](const ExprSrc &e, const char *what, bool &has, int64_t &v,
                    int64_t lo) {
    if (!e.present())
      return true;
    if (!evalInt(e, L.scope, what, v, f))
      return false;
    if (v < lo) {
      f = {e.line, std::string(what) + " is " + std::to_string(v) +
                       "; it must be at least " + std::to_string(lo)};
      return false;
    }
    has = true;
    return true;
  };
  if (!optInt(spec.numWarps, "num_warps", L.hasNumWarps, L.numWarps, 1) ||
      !optInt(spec.shared, "shared", L.hasShared, L.shared, 0) ||
      !optInt(spec.numStages, "num_stages", L.hasNumStages, L.numStages, 1) ||
      !optInt(spec.numCtas, "num_ctas", L.hasNumCtas, L.numCtas, 1))
    return false;
  if (L.hasNumWarps && (L.numWarps & (L.numWarps - 1))) {
    f = {spec.numWarps.line, "num_warps must be a power of two"};
    return false;
  }
  auto optDouble = [&](const ExprSrc &e, const char *what, bool &has,
                       double &v) {
    if (!e.present())
      return true;
    Value x;
    if (!evalExpr(e, L.scope, what, x, f))
      return false;
    if (x.isTensor() || !(x.asDouble() >= 0)) {
      f = {e.line, std::string(what) + " must be a non-negative number"};
      return false;
    }
    v = x.asDouble();
    has = true;
    return true;
  };
  return optDouble(spec.bytes, "bytes", L.hasBytes, L.bytes) &&
         optDouble(spec.flops, "flops", L.hasFlops, L.flops);
}

//===----------------------------------------------------------------------===//
// Kernel files
//===----------------------------------------------------------------------===//

bool FileRun::checkSignature(const PreparedVariant &pv, const Launch &L,
                             const PtxEntry &entry, Failure &f) {
  std::vector<const ArgSpec *> passed;
  for (const ArgSpec &a : spec.args)
    if (!a.specialized)
      passed.push_back(&a);
  size_t P = entry.params.size(), A = passed.size();
  std::string where =
      "kernel '" + entry.name + "' in " + baseName(pv.image.path);
  if (P != A + 2) {
    f = {spec.argsLine,
         where + " has " + std::to_string(P) +
             " parameters (the user arguments, then 2 scratch pointers), but "
             "the YAML passes " + std::to_string(A) +
             " arguments; mark arguments the compiler specialized away (such "
             "as strides equal to 1) with 'specialized: true'"};
    return false;
  }
  for (size_t i = 0; i < A; ++i) {
    const PtxParam &p = entry.params[i];
    const ArgSpec &a = *passed[i];
    std::string desc = where + " parameter " + std::to_string(i) + " is " +
                       p.type + (p.isPointer ? " .ptr" : "");
    if (a.isTensor) {
      if (p.bytes != 8 || p.type[1] == 'f') {
        f = {a.line, "argument '" + a.name +
                         "' is a tensor (passed as a 64-bit pointer) but " +
                         desc};
        return false;
      }
      continue;
    }
    if (p.isPointer) {
      f = {a.line, "argument '" + a.name + "' is a scalar but " + desc +
                       " (a pointer)"};
      return false;
    }
    size_t want = dtypeSize(a.dtype);
    bool sizeOk = p.bytes == want || (a.dtype == DType::I1 && p.bytes <= 4);
    bool classOk = p.type[1] == 'b' || p.type == ".pred" ||
                   (p.type[1] == 'f') == isFloat(a.dtype);
    if (!sizeOk || !classOk) {
      f = {a.line, "argument '" + a.name + "' is " + dtypeName(a.dtype) +
                       " but " + desc};
      return false;
    }
  }
  for (size_t i = A; i < P; ++i) {
    if (entry.params[i].bytes != 8) {
      f = {spec.argsLine, where + " parameter " + std::to_string(i) +
                              " should be a scratch pointer but is " +
                              entry.params[i].type};
      return false;
    }
  }
  (void)L;
  return true;
}

bool FileRun::prepare(const KernelVariant &kv, const Launch &L,
                      PreparedVariant &pv, Failure &f,
                      const Target *forceTarget) {
  pv.variant = &kv;
  KernelImage &img = pv.image;
  img.path = kv.path;
  const std::string &p = kv.path;
  Target fileTarget;
  bool compile = needsCompilation(p);
  if (compile) {
    if (forceTarget) {
      fileTarget = *forceTarget;
    } else if (!spec.hasTarget) {
      f = {kv.line, (isPythonKernel(p)
                         ? std::string("a Python kernel")
                         : "a " + p.substr(p.rfind('.')) + " kernel") +
                        " is compiled on the fly and needs 'target:' "
                        "(cuda, hip or cpu)"};
      return false;
    } else {
      fileTarget = spec.target;
    }
  } else if (endsWith(p, ".ptx")) {
    img.format = KernelImage::Format::PTX;
    fileTarget = Target::CUDA;
  } else if (endsWith(p, ".cubin")) {
    img.format = KernelImage::Format::Cubin;
    fileTarget = Target::CUDA;
  } else if (endsWith(p, ".hsaco")) {
    img.format = KernelImage::Format::Hsaco;
    fileTarget = Target::HIP;
  } else if (endsWith(p, ".so")) {
    img.format = KernelImage::Format::SharedObject;
    fileTarget = Target::CPU;
  } else {
    f = {kv.line,
         "unknown kernel file type '" + kv.written +
             "' (expected .ptx, .cubin, .hsaco, .so, .ttir or .ttgir)"};
    return false;
  }
  if (forceTarget && *forceTarget != fileTarget) {
    f = {kv.line, kv.written + " is a " + targetName(fileTarget) +
                      " kernel; it cannot run on the " +
                      targetName(*forceTarget)};
    return false;
  }
  if (!forceTarget && spec.hasTarget && spec.target != fileTarget) {
    f = {spec.targetLine, std::string("target ") + targetName(spec.target) +
                              " cannot run " + kv.written + " (a " +
                              targetName(fileTarget) + " kernel)"};
    return false;
  }
  pv.target = img.target = fileTarget;
  std::string file = kernelFilePath(p);
  if (!fileExists(file)) {
    struct stat st;
    bool exists = ::stat(file.c_str(), &st) == 0;
    f = {kv.line, "cannot open kernel file '" + kernelFilePath(kv.written) +
                      "': " +
                      (exists ? "not a regular file"
                              : "No such file or directory")};
    return false;
  }
  if (compile) {
    CompileRequest req;
    req.path = p;
    req.target = fileTarget;
    // A CPU reference keeps the name its own metadata gives.
    req.name = forceTarget ? std::string() : spec.name;
    req.numWarps = L.hasNumWarps ? int(L.numWarps) : 4;
    req.numStages = int(L.numStages);
    req.numCtas = int(L.numCtas);
    if (isPythonKernel(p)) {
      // Specialized as the YAML's arguments say, or by 'signature:'; the
      // constexprs are evaluated with the parameters and scalars.
      req.signature =
          spec.signature.empty() ? deriveSignature(spec) : spec.signature;
      for (const auto &c : spec.constexprs) {
        Value v;
        if (!evalExpr(c.second, L.scope, "constexpr '" + c.first + "'", v, f))
          return false;
        if (v.isTensor()) {
          f = {c.second.line, "constexpr '" + c.first + "' must be a number"};
          return false;
        }
        req.defines.push_back(c.first + "=" + v.str());
      }
    }
    std::string err;
    if (!compileKernel(req, img, err)) {
      f = {kv.line, err};
      return false;
    }
  } else {
    std::string err;
    if (!readFile(p, img.bytes, err)) {
      f = {kv.line, "cannot read kernel file '" + kv.written + "': " + err};
      return false;
    }
    if (img.format == KernelImage::Format::PTX)
      img.bytes.push_back('\0');
    // Upstream's metadata sits beside the binary with the same stem.
    std::string json = p.substr(0, p.rfind('.')) + ".json";
    if (fileExists(json)) {
      if (!readKernelMetadata(json, img.meta, err)) {
        f = {kv.line, err};
        return false;
      }
      img.hasMeta = true;
    }
  }
  const KernelMetadata &m = img.meta;
  std::string metaName = img.hasMeta ? baseName(m.path) : "";

  // The entry name: YAML, metadata, or the PTX's only .entry.
  std::vector<PtxEntry> entries;
  if (img.format == KernelImage::Format::PTX && !compile) {
    std::string err;
    if (!parsePtxEntries(std::string(img.bytes.data()), entries, err)) {
      f = {kv.line, baseName(p) + ": " + err};
      return false;
    }
  }
  if (img.name.empty()) {
    if (forceTarget && img.hasMeta && !m.name.empty()) {
      img.name = m.name;
    } else if (!spec.name.empty()) {
      if (img.hasMeta && !m.name.empty() && m.name != spec.name) {
        f = {spec.nameLine, "name '" + spec.name +
                                "' disagrees with the kernel metadata ('" +
                                m.name + "' in " + metaName + ")"};
        return false;
      }
      img.name = spec.name;
    } else if (img.hasMeta && !m.name.empty()) {
      img.name = m.name;
    } else if (entries.size() == 1) {
      img.name = entries[0].name;
    } else {
      f = {kv.line, "cannot tell the kernel's name from " + kv.written +
                        "; add 'name: <kernel>'"};
      return false;
    }
  }
  if (img.format == KernelImage::Format::PTX && !compile) {
    const PtxEntry *entry = nullptr;
    std::string names;
    for (const PtxEntry &e : entries) {
      names += (names.empty() ? "" : ", ") + e.name;
      if (e.name == img.name)
        entry = &e;
    }
    if (!entry) {
      f = {spec.nameLine ? spec.nameLine : kv.line,
           "no .entry '" + img.name + "' in " + kv.written +
               (names.empty() ? " (it has none)" : " (it has: " + names + ")")};
      return false;
    }
    if (!checkSignature(pv, L, *entry, f))
      return false;
  }

  if (forceTarget) {
    // A CPU reference: the YAML's launch parameters describe the variants,
    // not this kernel; the CPU runtime ignores warps and shared memory.
    pv.numWarps = img.hasMeta && m.numWarps > 0 ? m.numWarps : 4;
    pv.warpSize = 32;
    pv.shared = 0;
    return true;
  }

  // Launch parameters: the YAML and the metadata must agree where both speak.
  if (img.hasMeta && m.numWarps > 0) {
    if (L.hasNumWarps && L.numWarps != m.numWarps) {
      f = {spec.numWarps.line,
           "num_warps " + std::to_string(L.numWarps) +
               " disagrees with the kernel metadata (" +
               std::to_string(m.numWarps) + " in " + metaName + ")"};
      return false;
    }
    pv.numWarps = m.numWarps;
  } else {
    pv.numWarps = L.hasNumWarps ? int(L.numWarps) : 4;
  }
  if (img.hasMeta && m.shared >= 0) {
    if (L.hasShared && L.shared != m.shared) {
      f = {spec.shared.line, "shared " + std::to_string(L.shared) +
                                 " disagrees with the kernel metadata (" +
                                 std::to_string(m.shared) + " in " + metaName +
                                 ")"};
      return false;
    }
    pv.shared = m.shared;
  } else {
    pv.shared = L.hasShared ? L.shared : 0;
  }
  pv.warpSize = m.warpSize > 0                 ? m.warpSize
                : fileTarget == Target::HIP ? 64
                                            : 32;
  int numCtas = img.hasMeta ? m.numCtas : int(L.numCtas);
  if (numCtas > 1) {
    f = {kv.line, "kernels launched as clusters (num_ctas " +
                      std::to_string(numCtas) + ") are not supported yet"};
    return false;
  }
  if (m.cooperativeGrid || m.launchPdl) {
    f = {kv.line, std::string("kernels that need a ") +
                      (m.cooperativeGrid ? "cooperative" : "PDL") +
                      " launch are not supported yet"};
    return false;
  }
  if (m.hasTensorDescriptors) {
    f = {kv.line, "kernels with tensor descriptor arguments (tensordesc_meta) "
                  "are not supported yet"};
    return false;
  }
  if (int64_t(pv.numWarps) * pv.warpSize > 1024) {
    f = {spec.numWarps.line ? spec.numWarps.line : kv.line,
         std::to_string(pv.numWarps) + " warps of " +
             std::to_string(pv.warpSize) +
             " threads exceed 1024 threads per block"};
    return false;
  }
  return true;
}

bool FileRun::findCpuReference(const KernelVariant &kv, KernelVariant &refKv,
                               Failure &f) {
  refKv = KernelVariant();
  if (!spec.cpuReference.empty()) {
    refKv.path = spec.cpuReference;
    refKv.written = spec.cpuReferenceWritten;
    refKv.line = spec.cpuReferenceLine;
  } else {
    // The variant's own source when the CPU backend can compile it (TTIR, a
    // Python kernel) or run it (.so); beside a binary or a TTGIR, the TTIR
    // that upstream's dump keeps next to it.
    const std::string &p = kv.path;
    refKv.line = kv.line;
    bool ttgir = endsWith(p, ".ttgir");
    if ((needsCompilation(p) && !ttgir) || endsWith(p, ".so")) {
      refKv.path = p;
      refKv.written = kv.written;
    } else {
      std::string stem = p.substr(0, p.rfind('.'));
      std::string wstem = kv.written.substr(0, kv.written.rfind('.'));
      for (const char *ext : {".ttir", ".source.ttir"})
        if (refKv.path.empty() && fileExists(stem + ext)) {
          refKv.path = stem + ext;
          refKv.written = wstem + ext;
        }
      if (refKv.path.empty() && ttgir) {
        refKv.path = p;
        refKv.written = kv.written;
      }
      if (refKv.path.empty()) {
        f = {kv.line, "check: {cpu: true} needs a kernel the CPU backend "
                      "can run: there is no " +
                          baseName(wstem) + ".ttir beside " + kv.written +
                          "; name one with 'cpu_reference:'"};
        return false;
      }
    }
  }
  refKv.label = "cpu";
  return true;
}

//===----------------------------------------------------------------------===//
// Inputs and references
//===----------------------------------------------------------------------===//

bool FileRun::fillTensor(TensorArg &t, Failure &f) {
  const InitSpec &init = t.spec->init;
  size_t esize = dtypeSize(t.dtype);
  t.host.assign(t.storageBytes(), 0xFF); // poison, and the gaps of strides
  if (init.kind == InitSpec::Kind::Poison)
    return true;
  uint8_t *base = t.host.data();
  if (init.kind == InitSpec::Kind::Npy) {
    NpyArray a;
    std::string err;
    if (!readNpy(init.path, a, err)) {
      f = {init.line, err};
      return false;
    }
    if (a.shape != t.shape) {
      f = {init.line, baseName(init.path) + " has shape " +
                          formatShape(a.shape) + " but tensor '" +
                          t.spec->name + "' has shape " + formatShape(t.shape)};
      return false;
    }
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
  auto gen = [&](int64_t i) -> double {
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
  };
  parallelFor(t.numel, [&](int64_t b, int64_t e) {
    forEachElement(t.shape, t.strides, b, e, [&](int64_t i, int64_t off) {
      storeFromDouble(base, size_t(off), dt, gen(i));
    });
  });
  return true;
}

bool FileRun::buildInputs(Launch &L, Failure &f) {
  for (TensorArg &t : L.tensors)
    if (!fillTensor(t, f))
      return false;
  return true;
}

/// The logical values of a tensor's storage, in double.
std::shared_ptr<Array> gather(const TensorArg &t, const uint8_t *storage) {
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

bool FileRun::buildReferences(Launch &L, Failure &f) {
  if (opts.noCheck)
    return true;
  std::map<std::string, std::shared_ptr<const Array>> values;
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
    if (c.kind == CheckSpec::Kind::Npy) {
      NpyArray a;
      std::string err;
      if (!readNpy(c.path, a, err)) {
        f = {c.line, err};
        return false;
      }
      if (a.shape != t.shape) {
        f = {c.line, "shape mismatch: " + baseName(c.path) + " has shape " +
                         formatShape(a.shape) + " but output '" +
                         t.spec->name + "' has shape " + formatShape(t.shape)};
        return false;
      }
      auto ref = Array::make(a.shape);
      for (int64_t i = 0; i < ref->numel(); ++i)
        ref->data[i] = loadAsDouble(a.data.data(), size_t(i), a.dtype);
      t.ref = ref;
      t.against = baseName(c.path);
      continue;
    }
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
           "shape mismatch: the check of '" + t.spec->name + "' computes " +
               (r.isTensor() ? "shape " + formatShape(r.t->shape)
                             : std::string("a scalar")) +
               " but the output has shape " + formatShape(t.shape)};
      return false;
    }
    t.ref = ref;
    t.against = oneLine(c.expect.expr.text());
  }
  return true;
}

CheckResult compare(const TensorArg &t, const Array &ref, const Array &got) {
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

namespace {

/// What a run will allocate on the host, estimated from the evaluated
/// launch before anything is allocated: each tensor's initial storage; on
/// the CPU, the "device" copy; for each checked output its reference, the
/// copy read back and its values in double; and the tensors a check reads,
/// in double. Saturates instead of overflowing.
double hostBytesNeeded(const Launch &L, const RunSpec &spec,
                       const RunOptions &opts, bool cpuTarget,
                       int &biggestLine) {
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
  (void)spec;
  return total;
}


/// cuLaunchKernel's kernelParams values for a launch: the arguments not
/// specialized away (tensors as device pointers, scalars by value), then
/// the trailing scratch pointers.
std::vector<uint64_t> kernelSlots(const RunSpec &spec, const Launch &L,
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

/// Runs the CPU reference `ref` of `check: {cpu: true}` on the CPU device
/// with the launch's inputs, and returns the values of every output
/// checked that way (null for the other tensors).
bool runCpuReference(Device &dev, const PreparedVariant &ref,
                     const RunSpec &spec, const Launch &L,
                     std::vector<std::shared_ptr<const Array>> &out,
                     std::string &err) {
  std::unique_ptr<Kernel> kernel;
  if (!dev.load(ref.image, kernel, err))
    return false;
  struct Buffers {
    Device &dev;
    std::vector<DevicePtr> ptrs;
    ~Buffers() {
      for (DevicePtr p : ptrs)
        dev.release(p);
    }
  } bufs{dev, {}};
  std::vector<DevicePtr> tensorPtrs;
  for (const TensorArg &t : L.tensors) {
    DevicePtr p = 0;
    if (!dev.alloc(t.storageBytes(), p, err))
      return false;
    bufs.ptrs.push_back(p);
    if (!dev.upload(p, t.host.data(), t.storageBytes(), err))
      return false;
    tensorPtrs.push_back(p);
  }
  int64_t programs = L.grid[0] * L.grid[1] * L.grid[2];
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
    bufs.ptrs.push_back(scratch[s]);
  }
  std::vector<uint64_t> slots =
      kernelSlots(spec, L, tensorPtrs, scratch, ref.trailingPointers);
  std::vector<void *> params;
  for (uint64_t &v : slots)
    params.push_back(&v);
  LaunchConfig cfg;
  for (int k = 0; k < 3; ++k)
    cfg.grid[k] = uint32_t(L.grid[k]);
  cfg.blockThreads = uint32_t(ref.numWarps * ref.warpSize);
  if (!dev.launch(*kernel, cfg, params.data(), err) || !dev.synchronize(err))
    return false;
  out.assign(L.tensors.size(), nullptr);
  for (size_t ti = 0; ti < L.tensors.size(); ++ti) {
    const TensorArg &t = L.tensors[ti];
    if (t.spec->check.kind != CheckSpec::Kind::Cpu)
      continue;
    std::vector<uint8_t> storage(t.storageBytes());
    if (!dev.download(storage.data(), tensorPtrs[ti], storage.size(), err))
      return false;
    out[ti] = gather(t, storage.data());
  }
  return true;
}


//===----------------------------------------------------------------------===//
// Isolation: variants in child processes
//===----------------------------------------------------------------------===//

/// Bytes in, bytes out: the parent and the child are the same program, so
/// numbers travel as their memory images.
class Packer {
public:
  std::string bytes;
  template <typename T> void put(T v) {
    static_assert(std::is_trivially_copyable_v<T>);
    bytes.append(reinterpret_cast<const char *>(&v), sizeof v);
  }
  void put(const std::string &s) {
    put(uint64_t(s.size()));
    bytes += s;
  }
};

class Unpacker {
public:
  explicit Unpacker(const std::string &s) : s(s) {}
  bool ok = true;
  template <typename T> void get(T &v) {
    static_assert(std::is_trivially_copyable_v<T>);
    if (!ok || s.size() - pos < sizeof v) {
      ok = false;
      return;
    }
    std::memcpy(&v, s.data() + pos, sizeof v);
    pos += sizeof v;
  }
  void get(std::string &v) {
    uint64_t n = 0;
    get(n);
    if (!ok || s.size() - pos < n) {
      ok = false;
      return;
    }
    v.assign(s, pos, n);
    pos += n;
  }

private:
  const std::string &s;
  size_t pos = 0;
};

/// What a child says after each variant: its result, and what running it
/// added to the file's result.
struct VariantMessage {
  size_t index = 0;
  VariantResult result;
  std::string device;
  int exitCode = 0;
  std::string error;
};

std::string encodeMessage(const VariantMessage &m) {
  Packer p;
  p.put(uint64_t(m.index));
  const VariantResult &v = m.result;
  for (const std::string *s : {&v.label, &v.path, &v.key, &v.kernelName,
                               &v.status, &v.error})
    p.put(*s);
  p.put(v.numWarps);
  p.put(v.shared);
  p.put(uint64_t(v.checks.size()));
  for (const CheckResult &c : v.checks) {
    p.put(c.output);
    p.put(c.against);
    p.put(c.passed);
    p.put(c.elements);
    p.put(c.mismatches);
    p.put(c.nans);
    p.put(c.maxAbsErr);
    p.put(c.maxRelErr);
    p.put(c.rtol);
    p.put(c.atol);
    p.put(uint64_t(c.samples.size()));
    for (const std::string &s : c.samples)
      p.put(s);
    p.put(c.afterBench);
  }
  p.put(v.bench); // plain numbers and flags
  p.put(m.device);
  p.put(m.exitCode);
  p.put(m.error);
  return p.bytes;
}

bool decodeMessage(const std::string &bytes, VariantMessage &m) {
  static_assert(std::is_trivially_copyable_v<BenchStats>);
  Unpacker u(bytes);
  uint64_t index = 0, n = 0;
  u.get(index);
  m.index = size_t(index);
  VariantResult &v = m.result;
  for (std::string *s : {&v.label, &v.path, &v.key, &v.kernelName,
                         &v.status, &v.error})
    u.get(*s);
  u.get(v.numWarps);
  u.get(v.shared);
  u.get(n);
  for (uint64_t i = 0; i < n && u.ok; ++i) {
    CheckResult c;
    u.get(c.output);
    u.get(c.against);
    u.get(c.passed);
    u.get(c.elements);
    u.get(c.mismatches);
    u.get(c.nans);
    u.get(c.maxAbsErr);
    u.get(c.maxRelErr);
    u.get(c.rtol);
    u.get(c.atol);
    uint64_t k = 0;
    u.get(k);
    for (uint64_t j = 0; j < k && u.ok; ++j) {
      std::string s;
      u.get(s);
      c.samples.push_back(s);
    }
    u.get(c.afterBench);
    v.checks.push_back(c);
  }
  u.get(v.bench);
  u.get(m.device);
  u.get(m.exitCode);
  u.get(m.error);
  return u.ok;
}

bool writeAll(int fd, const char *p, size_t n) {
  while (n > 0) {
    ssize_t w = ::write(fd, p, n);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0)
      return false;
    p += w;
    n -= size_t(w);
  }
  return true;
}

/// One message: its length, then its bytes.
bool writeMessage(int fd, const std::string &payload) {
  uint64_t n = payload.size();
  return writeAll(fd, reinterpret_cast<const char *>(&n), sizeof n) &&
         writeAll(fd, payload.data(), payload.size());
}

std::string signalName(int sig) {
  switch (sig) {
  case SIGSEGV: return "SIGSEGV";
  case SIGBUS: return "SIGBUS";
  case SIGABRT: return "SIGABRT";
  case SIGFPE: return "SIGFPE";
  case SIGILL: return "SIGILL";
  case SIGTRAP: return "SIGTRAP";
  case SIGKILL: return "SIGKILL";
  case SIGTERM: return "SIGTERM";
  case SIGSYS: return "SIGSYS";
  case SIGXCPU: return "SIGXCPU";
  default: return "signal " + std::to_string(sig);
  }
}

struct ChildOutcome {
  bool started = false; // the fork and the pipe worked
  bool clean = false;   // the child ended with exit status 0
  std::string problem;  // why not: "crashed: SIGSEGV", or the fork's error
};

/// Forks; the child runs `body` with the write end of a pipe and ends with
/// _exit (no destructors, no atexit handlers: they belong to the parent).
/// The parent hands each message the child writes to `onMessage`, then
/// reaps the child.
ChildOutcome runInChild(const std::function<void(int)> &body,
                        const std::function<void(const std::string &)>
                            &onMessage) {
  ChildOutcome r;
  // Threads that fork at once (tt-tune --devices) must not leak the write
  // end of one pipe into another's child: that child would hold it open
  // and the reader would wait for it to end.
  static std::mutex forkMutex;
  std::unique_lock<std::mutex> forking(forkMutex);
  // Buffered output would otherwise be written twice, once by each.
  std::fflush(nullptr);
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) {
    r.problem = std::string("cannot create a pipe: ") + std::strerror(errno);
    return r;
  }
  pid_t pid = ::fork();
  if (pid < 0) {
    r.problem = std::string("cannot fork: ") + std::strerror(errno);
    ::close(fds[0]);
    ::close(fds[1]);
    return r;
  }
  if (pid == 0) {
    ::close(fds[0]);
    body(fds[1]);
    std::fflush(nullptr);
    ::_exit(0);
  }
  r.started = true;
  ::close(fds[1]);
  forking.unlock();
  std::string buf;
  char chunk[1 << 16];
  for (;;) {
    ssize_t n = ::read(fds[0], chunk, sizeof chunk);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    buf.append(chunk, size_t(n));
    uint64_t len;
    while (buf.size() >= sizeof len) {
      std::memcpy(&len, buf.data(), sizeof len);
      if (buf.size() - sizeof len < len)
        break;
      onMessage(buf.substr(sizeof len, len));
      buf.erase(0, sizeof len + len);
    }
  }
  ::close(fds[0]);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFSIGNALED(status)) {
    r.problem = "crashed: " + signalName(WTERMSIG(status));
  } else if (WIFEXITED(status) && WEXITSTATUS(status) != 0) {
    r.problem = "crashed: its process exited with status " +
                std::to_string(WEXITSTATUS(status));
  } else {
    r.clean = true;
  }
  return r;
}

} // namespace

bool tt::runtime::isStickyDeviceError(const std::string &err) {
  // CUDA's errors after which the context cannot be used again, and HIP's
  // counterparts.
  static const char *const sticky[] = {
      "CUDA_ERROR_ILLEGAL_ADDRESS",    "CUDA_ERROR_MISALIGNED_ADDRESS",
      "CUDA_ERROR_ILLEGAL_INSTRUCTION", "CUDA_ERROR_HARDWARE_STACK_ERROR",
      "CUDA_ERROR_INVALID_ADDRESS_SPACE", "CUDA_ERROR_INVALID_PC",
      "CUDA_ERROR_LAUNCH_FAILED",      "CUDA_ERROR_ASSERT",
      "CUDA_ERROR_LAUNCH_TIMEOUT",     "hipErrorIllegalAddress",
      "hipErrorLaunchFailure",         "hipErrorAssert"};
  for (const char *s : sticky)
    if (err.find(s) != std::string::npos)
      return true;
  return false;
}

bool tt::runtime::describeDeviceIsolated(Target target, int ordinal,
                                         std::string &description,
                                         OpenFailure &why, std::string &err) {
  bool answered = false, opened = false;
  ChildOutcome child = runInChild(
      [&](int fd) {
        OpenFailure w = OpenFailure::None;
        std::string e;
        std::unique_ptr<Device> dev = openDevice(target, ordinal, w, e);
        Packer p;
        p.put(bool(dev));
        p.put(w);
        p.put(dev ? dev->description() : e);
        writeMessage(fd, p.bytes);
      },
      [&](const std::string &payload) {
        Unpacker u(payload);
        std::string text;
        u.get(opened);
        u.get(why);
        u.get(text);
        if (!u.ok)
          return;
        answered = true;
        (opened ? description : err) = text;
      });
  if (!answered) {
    why = OpenFailure::Other;
    err = child.clean ? "opening the device: its process ended without "
                        "an answer"
          : child.started ? "opening the device " + child.problem
                          : "opening the device: " + child.problem;
    return false;
  }
  return opened;
}

namespace {
} // namespace

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
  out = FileResult();
  out.file = path;
  std::string id = baseName(path);
  for (const char *suffix : {".run.yaml", ".run.yml", ".yaml", ".yml"})
    if (endsWith(id, suffix)) {
      id = id.substr(0, id.size() - std::strlen(suffix));
      break;
    }
  out.id = id;
  auto report = [&](int line, const std::string &msg, int code) {
    std::string line1 = formatError(path, line, msg);
    if (out.error.empty())
      out.error = line1;
    if (diag)
      std::fprintf(diag, "%s\n", line1.c_str());
    out.exitCode = std::max(out.exitCode, code);
    return out.exitCode;
  };

  RunSpec spec;
  std::string err;
  if (!parseRunSpec(path, spec, err)) {
    out.error = err;
    if (diag)
      std::fprintf(diag, "%s\n", err.c_str());
    out.exitCode = ExitBadInput;
    return out.exitCode;
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
      return report(0, "-D " + d.first + ": " + err, ExitBadInput);
    auto it = std::find_if(spec.constexprs.begin(), spec.constexprs.end(),
                           [&](const auto &c) { return c.first == d.first; });
    if (it != spec.constexprs.end())
      it->second = e;
    else
      spec.constexprs.emplace_back(d.first, e);
  }
  FileRun fr(spec, opts);
  Launch L;
  Failure f;
  if (!fr.evaluate(L, f))
    return report(f.line, f.message, f.code);
  out.params = L.shownParams;
  for (int k = 0; k < 3; ++k)
    out.grid[k] = L.grid[k];
  out.hasBytes = L.hasBytes;
  out.bytes = L.bytes;
  out.hasFlops = L.hasFlops;
  out.flops = L.flops;

  // Select and prepare the kernel variants.
  std::vector<PreparedVariant> prepared;
  for (const KernelVariant &kv : spec.kernels) {
    if (!opts.variants.empty() &&
        std::find(opts.variants.begin(), opts.variants.end(), kv.label) ==
            opts.variants.end())
      continue;
    PreparedVariant pv;
    if (!fr.prepare(kv, L, pv, f))
      return report(f.line, f.message, f.code);
    prepared.push_back(std::move(pv));
  }
  if (prepared.empty())
    return report(spec.kernelLine, "no kernel variant matches --variant",
                  ExitBadInput);
  out.target = targetName(prepared[0].target);

  // check: {cpu: true}: the kernel each variant is compared with on the
  // CPU, compiled once per distinct file.
  bool cpuChecks = false;
  if (!opts.noCheck)
    for (const ArgSpec &a : spec.args)
      cpuChecks |= a.isTensor && a.check.kind == CheckSpec::Kind::Cpu;
  std::list<KernelVariant> refVariants;
  std::vector<PreparedVariant> refs;
  std::vector<size_t> refOf(prepared.size(), 0);
  for (size_t vi = 0; cpuChecks && vi < prepared.size(); ++vi) {
    KernelVariant refKv;
    if (!fr.findCpuReference(*prepared[vi].variant, refKv, f))
      return report(f.line, f.message, f.code);
    size_t r = 0;
    while (r < refs.size() && refs[r].variant->path != refKv.path)
      ++r;
    refOf[vi] = r;
    if (r < refs.size())
      continue;
    refVariants.push_back(refKv);
    PreparedVariant ref;
    Target cpu = Target::CPU;
    if (!fr.prepare(refVariants.back(), L, ref, f, &cpu))
      return report(f.line ? f.line : spec.kernelLine,
                    "CPU reference: " + f.message, f.code);
    refs.push_back(std::move(ref));
  }

  // Refuse what cannot run before allocating anything: more host memory
  // than there is, or more programs than the CPU runtime runs.
  bool cpuTarget = cpuChecks;
  for (const PreparedVariant &pv : prepared)
    cpuTarget |= pv.target == Target::CPU;
  uint64_t limit =
      opts.maxHostBytes ? opts.maxHostBytes : defaultHostMemoryLimit();
  int biggestLine = spec.argsLine;
  double needed = hostBytesNeeded(L, spec, opts, cpuTarget, biggestLine);
  if (needed > double(limit))
    return report(biggestLine,
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
  int64_t programs = L.grid[0] * L.grid[1] * L.grid[2];
  if (cpuTarget && programs > kMaxCpuPrograms)
    return report(spec.gridLine,
                  "the grid has " + std::to_string(programs) +
                      " programs; the CPU runtime runs at most " +
                      std::to_string(kMaxCpuPrograms) + " per launch",
                  ExitBadInput);

  if (!fr.buildInputs(L, f) || !fr.buildReferences(L, f))
    return report(f.line, f.message, f.code);

  // The CPU references run before the variants, on the same inputs.
  std::vector<std::vector<std::shared_ptr<const Array>>> cpuRefValues(
      refs.size());
  for (size_t r = 0; r < refs.size() && !opts.dryRun; ++r) {
    Device *cpu = getDevice(Target::CPU, err);
    int line = refs[r].variant->line ? refs[r].variant->line : spec.kernelLine;
    if (!cpu)
      return report(line, err, ExitBadInput);
    if (!runCpuReference(*cpu, refs[r], spec, L, cpuRefValues[r], err))
      return report(line,
                    "the CPU reference " + refs[r].variant->written +
                        " failed: " + err,
                    ExitFailed);
  }

  std::string paramKey;
  for (const auto &p : L.shownParams)
    paramKey += (paramKey.empty() ? "" : ",") + p.first + "=" + p.second;
  for (const PreparedVariant &pv : prepared) {
    VariantResult vr;
    vr.label = pv.variant->label;
    vr.path = pv.variant->path;
    vr.key = id + "/" + vr.label + "[" + paramKey + "]";
    vr.kernelName = pv.image.name;
    vr.numWarps = pv.numWarps;
    vr.shared = pv.shared;
    out.variants.push_back(vr);
  }

  if (!opts.saveInputs.empty()) {
    if (!makeDirs(opts.saveInputs, err))
      return report(0, err, ExitBadInput);
    for (const TensorArg &t : L.tensors) {
      if (t.spec->init.kind == InitSpec::Kind::Poison)
        continue;
      NpyArray a;
      a.dtype = t.dtype;
      a.shape = t.shape;
      a.data.resize(size_t(t.numel) * dtypeSize(t.dtype));
      size_t es = dtypeSize(t.dtype);
      forEachElement(t.shape, t.strides, 0, t.numel,
                     [&](int64_t i, int64_t off) {
                       std::memcpy(a.data.data() + i * es,
                                   t.host.data() + off * es, es);
                     });
      if (!writeNpy(opts.saveInputs + "/" + t.spec->name + ".npy", a, err))
        return report(0, err, ExitBadInput);
    }
  }

  if (opts.dryRun) {
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
    return out.exitCode;
  }

  // One variant: open the device, load, allocate, launch, check, time.
  // After a fault that leaves the device's context unusable, the variants
  // after it in the same process cannot run.
  std::string poisonedBy;
  auto runVariant = [&](size_t vi) {
    const PreparedVariant &pv = prepared[vi];
    VariantResult &vr = out.variants[vi];
    auto fail = [&](int line, const std::string &msg, int code,
                    const char *status) {
      vr.status = status;
      vr.error = formatError(path, line, msg);
      return report(line, msg, code);
    };
    if (!poisonedBy.empty()) {
      fail(pv.variant->line,
           "not run: variant '" + poisonedBy +
               "' faulted before it and left the device unusable in this "
               "process (--isolate runs each variant in its own)",
           ExitFailed, "failed");
      return;
    }
    Device *dev = getDevice(pv.target, err);
    if (!dev) {
      // Say it once per target; later variants of the target share it.
      bool said = false;
      for (size_t vj = 0; vj < vi; ++vj)
        said |= prepared[vj].target == pv.target &&
                !out.variants[vj].error.empty();
      int line = spec.hasTarget ? spec.targetLine : pv.variant->line;
      if (said) {
        vr.status = "error";
        vr.error = formatError(path, line, err);
      } else {
        fail(line, err, ExitBadInput, "error");
      }
      return;
    }
    out.device = dev->description();
    std::unique_ptr<Kernel> kernel;
    if (!dev->load(pv.image, kernel, err)) {
      fail(pv.variant->line, err, ExitBadInput, "error");
      return;
    }
    // Device buffers, freed when this variant is done.
    struct Buffers {
      Device *dev;
      std::vector<DevicePtr> ptrs;
      ~Buffers() {
        for (DevicePtr p : ptrs)
          dev->release(p);
      }
    } bufs{dev, {}};
    std::vector<DevicePtr> tensorPtrs;
    bool ok = true;
    for (const TensorArg &t : L.tensors) {
      DevicePtr p = 0;
      if (!dev->alloc(t.storageBytes(), p, err) ||
          (bufs.ptrs.push_back(p), !dev->upload(p, t.host.data(),
                                                t.storageBytes(), err))) {
        fail(t.spec->line, "tensor '" + t.spec->name + "': " + err,
             ExitBadInput, "error");
        ok = false;
        break;
      }
      tensorPtrs.push_back(p);
    }
    if (!ok)
      return;
    // Scratch buffers: per-program size times the number of programs.
    const KernelMetadata &m = pv.image.meta;
    DevicePtr scratch[2] = {0, 0};
    int64_t scratchSize[2] = {m.globalScratchSize, m.profileScratchSize};
    for (int s = 0; s < 2 && ok; ++s) {
      if (scratchSize[s] <= 0)
        continue;
      int64_t bytes;
      if (__builtin_mul_overflow(scratchSize[s], programs, &bytes)) {
        fail(pv.variant->line,
             "scratch memory: " + std::to_string(scratchSize[s]) +
                 " bytes for each of " + std::to_string(programs) +
                 " programs is more than any device has",
             ExitBadInput, "error");
        ok = false;
        break;
      }
      if (!dev->alloc(size_t(bytes), scratch[s], err)) {
        fail(pv.variant->line, "scratch memory: " + err, ExitBadInput,
             "error");
        ok = false;
        break;
      }
      bufs.ptrs.push_back(scratch[s]);
    }
    if (!ok)
      return;
    // kernelParams: a pointer to each parameter's value.
    std::vector<uint64_t> slots =
        kernelSlots(spec, L, tensorPtrs, scratch, pv.trailingPointers);
    std::vector<void *> params;
    for (uint64_t &s : slots)
      params.push_back(&s);
    LaunchConfig cfg;
    for (int k = 0; k < 3; ++k)
      cfg.grid[k] = uint32_t(L.grid[k]);
    cfg.blockThreads = uint32_t(pv.numWarps * pv.warpSize);
    cfg.sharedBytes = uint32_t(pv.shared);

    if (!dev->launch(*kernel, cfg, params.data(), err) ||
        !dev->synchronize(err)) {
      bool sticky = isStickyDeviceError(err);
      fail(pv.variant->line,
           "kernel '" + pv.image.name + (sticky ? "' faulted: " : "' failed: ") +
               err,
           ExitFailed, "failed");
      if (sticky)
        poisonedBy = vr.label;
      return;
    }
    // Outputs back, compared, saved.
    bool checksPassed = true;
    // The reference each tensor was checked against (re-checked after a
    // benchmark that restores it).
    std::vector<std::pair<std::shared_ptr<const Array>, std::string>> checkedAgainst(
        L.tensors.size());
    for (size_t ti = 0; ti < L.tensors.size(); ++ti) {
      const TensorArg &t = L.tensors[ti];
      bool save = !opts.saveOutputs.empty() && t.isOutput;
      std::shared_ptr<const Array> ref = t.ref;
      std::string against = t.against;
      if (!refs.empty() && cpuRefValues[refOf[vi]].size() > ti &&
          cpuRefValues[refOf[vi]][ti]) {
        ref = cpuRefValues[refOf[vi]][ti];
        against = "CPU run of " + refs[refOf[vi]].variant->written;
      }
      if (!ref && !save)
        continue;
      std::vector<uint8_t> storage(t.storageBytes());
      if (!dev->download(storage.data(), tensorPtrs[ti], storage.size(),
                         err)) {
        fail(pv.variant->line, "reading back '" + t.spec->name + "': " + err,
             ExitFailed, "failed");
        ok = false;
        break;
      }
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
        if (prepared.size() > 1)
          dir += "/" + vr.label;
        NpyArray a;
        a.dtype = t.dtype;
        a.shape = t.shape;
        size_t es = dtypeSize(t.dtype);
        a.data.resize(size_t(t.numel) * es);
        forEachElement(t.shape, t.strides, 0, t.numel,
                       [&](int64_t i, int64_t off) {
                         std::memcpy(a.data.data() + i * es,
                                     storage.data() + off * es, es);
                       });
        if (!makeDirs(dir, err) ||
            !writeNpy(dir + "/" + t.spec->name + ".npy", a, err)) {
          fail(0, err, ExitBadInput, "error");
          ok = false;
          break;
        }
      }
    }
    if (!ok)
      return;
    vr.status = checksPassed ? "ok" : "check failed";
    if (!checksPassed)
      out.exitCode = std::max(out.exitCode, int(ExitFailed));

    if (opts.bench && (checksPassed || !opts.benchOnlyChecked)) {
      BenchConfig bc;
      bc.warmup = opts.warmup >= 0 ? opts.warmup
                  : spec.warmup >= 0 ? spec.warmup
                                     : 10;
      bc.reps = opts.reps >= 1 ? opts.reps : spec.reps >= 1 ? spec.reps : 100;
      bc.flushL2 = opts.flushL2;
      // Buffers put back to their initial contents before every launch.
      std::vector<size_t> restored;
      for (size_t ti = 0; ti < L.tensors.size(); ++ti) {
        const std::string &name = L.tensors[ti].spec->name;
        bool listed = std::count(opts.restore.begin(), opts.restore.end(),
                                 name) > 0;
        for (const auto &r : spec.restore)
          listed |= r.first == name;
        if (listed)
          restored.push_back(ti);
      }
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
      if (!ok)
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
      if (!dev->benchmark(*kernel, cfg, params.data(), bc, ms, err)) {
        bool sticky = isStickyDeviceError(err);
        fail(pv.variant->line,
             "benchmark of '" + pv.image.name +
                 (sticky ? "' faulted: " : "' failed: ") + err,
             ExitFailed, "failed");
        if (sticky)
          poisonedBy = vr.label;
        return;
      }
      // Every timed launch started from the initial contents of the
      // restored tensors, so the last one must pass the same checks (a
      // restore list that misses an accumulating output fails here).
      for (size_t ti = 0; ti < L.tensors.size() && !restored.empty(); ++ti) {
        const auto &[ref, against] = checkedAgainst[ti];
        if (!ref)
          continue;
        const TensorArg &t = L.tensors[ti];
        std::vector<uint8_t> storage(t.storageBytes());
        if (!dev->download(storage.data(), tensorPtrs[ti], storage.size(),
                           err)) {
          fail(pv.variant->line,
               "reading back '" + t.spec->name + "': " + err, ExitFailed,
               "failed");
          break;
        }
        CheckResult cr = compare(t, *ref, *gather(t, storage.data()));
        cr.against = against;
        cr.afterBench = true;
        if (!cr.passed) {
          vr.status = "check failed";
          out.exitCode = std::max(out.exitCode, int(ExitFailed));
        }
        vr.checks.push_back(cr);
      }
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
  };

  if (opts.isolate == RunOptions::Isolation::Off) {
    for (size_t vi = 0; vi < prepared.size(); ++vi)
      runVariant(vi);
    return out.exitCode;
  }

  // Isolated: the variants run in child processes forked from here, which
  // share the inputs and references built above (copy on write). A child
  // sends each variant's result through a pipe as soon as it has it; one
  // that dies (a signal) or ends without a result fails the variant it was
  // running, and a fresh child goes on with the next.
  bool each = opts.isolate == RunOptions::Isolation::EachVariant;
  size_t next = 0;
  while (next < prepared.size()) {
    size_t first = next;
    ChildOutcome child = runInChild(
        [&](int fd) {
          for (size_t vi = first; vi < prepared.size(); ++vi) {
            runVariant(vi);
            VariantMessage m{vi, out.variants[vi], out.device, out.exitCode,
                             out.error};
            if (!writeMessage(fd, encodeMessage(m)))
              return;
            // A variant that did not run to the end may have left the
            // device unusable: the next one gets a fresh process.
            const std::string &st = out.variants[vi].status;
            if (each || (st != "ok" && st != "check failed"))
              return;
          }
        },
        [&](const std::string &payload) {
          VariantMessage m;
          if (!decodeMessage(payload, m) || m.index < next ||
              m.index >= prepared.size())
            return;
          out.variants[m.index] = m.result;
          if (!m.device.empty())
            out.device = m.device;
          out.exitCode = std::max(out.exitCode, m.exitCode);
          if (out.error.empty())
            out.error = m.error;
          next = m.index + 1;
        });
    if (!child.started) {
      report(0, child.problem, ExitBadInput);
      for (size_t vi = next; vi < prepared.size(); ++vi) {
        out.variants[vi].status = "error";
        out.variants[vi].error = out.error;
      }
      break;
    }
    if (next > first && child.clean)
      continue;
    if (next >= prepared.size())
      break;
    // The child died while it ran variant `next` (or said nothing).
    const PreparedVariant &pv = prepared[next];
    VariantResult &vr = out.variants[next];
    std::string msg = "kernel '" + pv.image.name + "' " +
                      (child.clean ? "ended without a result" : child.problem);
    vr.status = "failed";
    vr.error = formatError(path, pv.variant->line, msg);
    vr.checks.clear();
    vr.bench = BenchStats();
    report(pv.variant->line, msg, ExitFailed);
    ++next;
  }
  return out.exitCode;
}
