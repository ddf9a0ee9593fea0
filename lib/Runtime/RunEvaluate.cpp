//===- RunEvaluate.cpp - a run spec evaluated into one launch ---*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The evaluate phase of a FileRun: the --set overrides, the parameters, the
// scalar arguments (in order, so that shapes may use any of them), the
// requirements, each tensor's shape and strides, the grid and the launch
// parameters, each checked against its limits.
//
//===----------------------------------------------------------------------===//

#include "FileRun.h"

#include <cstring>

using namespace tt::runtime;
using namespace tt::runtime::runner;

bool FileRun::evaluate() {
  Failure f;
  Overrides overrides;
  if (!parseOverrides(overrides, f) || !evaluateParams(overrides, f) ||
      !evaluateScalars(overrides, f) || !checkRequirements(f))
    return fail(f);
  size_t si = 0;
  for (const ArgSpec &a : spec.args) {
    if (!a.isTensor) {
      L.order.emplace_back(false, si++);
      continue;
    }
    TensorArg t;
    if (!evaluateTensor(a, t, f))
      return fail(f);
    L.order.emplace_back(true, L.tensors.size());
    L.tensors.push_back(std::move(t));
  }
  if (!evaluateGrid(f) || !evaluateLaunchParams(f))
    return fail(f);

  out.params = L.shownParams;
  for (int k = 0; k < 3; ++k)
    out.grid[k] = L.grid[k];
  out.hasBytes = L.hasBytes;
  out.bytes = L.bytes;
  out.hasFlops = L.hasFlops;
  out.flops = L.flops;
  return true;
}

bool FileRun::evalExpr(const ExprSrc &e, const Scope &scope,
                       const std::string &what, Value &v, Failure &f) {
  std::string err;
  if (!e.expr.evaluate(scope, v, err)) {
    f = {e.line, what + ": " + err};
    return false;
  }
  return true;
}

bool FileRun::evalInt(const ExprSrc &e, const Scope &scope,
                      const std::string &what, int64_t &out, Failure &f) {
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

bool FileRun::parseOverrides(Overrides &overrides, Failure &f) {
  // --set overrides must name a parameter or a scalar argument.
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
  return true;
}

bool FileRun::valueOf(const Overrides &overrides, const std::string &name,
                      const ExprSrc &src, const std::string &what, Value &v,
                      Failure &f) {
  auto it = overrides.find(name);
  if (it == overrides.end())
    return evalExpr(src, L.scope, what, v, f);
  std::string err;
  if (!it->second.evaluate(L.scope, v, err)) {
    f = {0, "--set " + name + ": " + err};
    return false;
  }
  return true;
}

bool FileRun::evaluateParams(const Overrides &overrides, Failure &f) {
  for (const auto &p : spec.params) {
    Value v;
    if (!valueOf(overrides, p.first, p.second, "parameter '" + p.first + "'",
                 v, f))
      return false;
    if (v.isTensor()) {
      f = {p.second.line, "parameter '" + p.first + "' must be a number"};
      return false;
    }
    L.scope[p.first] = v;
    L.shownParams.emplace_back(p.first, v.str());
  }
  return true;
}

bool FileRun::evaluateScalars(const Overrides &overrides, Failure &f) {
  for (const ArgSpec &a : spec.args) {
    if (a.isTensor)
      continue;
    Value v;
    if (!valueOf(overrides, a.name, a.value, "argument '" + a.name + "'", v,
                 f))
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
  return true;
}

bool FileRun::checkRequirements(Failure &f) {
  for (const ExprSrc &r : spec.require) {
    Value v;
    if (!evalExpr(r, L.scope, "requirement", v, f))
      return false;
    if (v.isTensor() || v.asDouble() == 0) {
      f = {r.line, "requirement '" + r.expr.text() + "' does not hold"};
      return false;
    }
  }
  return true;
}

bool FileRun::evaluateTensor(const ArgSpec &a, TensorArg &t, Failure &f) {
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
  } else if (!evaluateStrides(a, t, f)) {
    return false;
  }
  t.isOutput = a.init.kind == InitSpec::Kind::Poison ||
               a.check.kind != CheckSpec::Kind::None;
  return true;
}

bool FileRun::evaluateStrides(const ArgSpec &a, TensorArg &t, Failure &f) {
  t.contiguous = false;
  int64_t last = 0;
  for (size_t k = 0; k < a.strides.size(); ++k) {
    int64_t s;
    if (!evalInt(a.strides[k], L.scope, "strides of '" + a.name + "'", s, f))
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
  return true;
}

bool FileRun::evaluateGrid(Failure &f) {
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
  return true;
}

bool FileRun::evaluateLaunchParams(Failure &f) {
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
