//===- Casts.cpp - casts and compile-time conversions -----------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// tl.cast / x.to(dtype) (with bitcast and fp_downcast_rounding), and the
// conversions of compile-time values: tl.constexpr, tl.pointer_type,
// Python's float(), int() and len(), triton.next_power_of_2.
//
//===----------------------------------------------------------------------===//

#include "Builtins/Builtins.h"

#include "llvm/Support/MathExtras.h"

#include <cmath>
#include <cstdlib>

using namespace mlir;
using namespace tt::frontend;
using namespace tt::frontend::detail;
namespace tr = mlir::triton;

/// tl.cast(x, dtype) and x.to(dtype); a Python number becomes a constant.
static VR cast(CodeGen &cg, const BuiltinCall &c) {
  const Val *x = c.arg(0);
  auto dt = dtypeArg(cg, c.arg(1), c.name + "'s dtype");
  if (!dt)
    return std::nullopt;
  auto bc = constBool(cg, c.arg(3), false, "bitcast");
  auto rnd = bc ? strArg(cg, c.arg(2), "fp_downcast_rounding") : std::nullopt;
  if (!rnd)
    return std::nullopt;
  std::optional<tr::RoundingMode> rm;
  if (*rnd == "rtz")
    rm = tr::RoundingMode::RTZ;
  else if (*rnd == "rtne")
    rm = tr::RoundingMode::RTNE;
  else if (!rnd->empty())
    return cg.error("fp_downcast_rounding must be 'rtne' or 'rtz', got '" +
                    *rnd + "'");
  if (x->isNumber()) {
    if (*bc)
      return cg.error("cannot bitcast a Python number");
    return cg.scalarConstant(*x, *dt);
  }
  if (!x->isTensor())
    return cg.error("cannot cast " + x->describe());
  return cg.cast(*x, *dt, *bc, rm);
}

static VR constexprValue(CodeGen &cg, const BuiltinCall &c) {
  if (!c.arg(0)->isConstexpr())
    return cg.error("tl.constexpr needs a compile-time value, got " +
                    c.arg(0)->describe());
  return *c.arg(0);
}

static VR pointerType(CodeGen &cg, const BuiltinCall &c) {
  auto d = dtypeArg(cg, c.arg(0), "pointer_type's element type");
  if (!d)
    return std::nullopt;
  if (d->isPtr())
    return cg.error("pointers to pointers are not supported");
  return Val::ofDType(DType::ptrTo(d->kind));
}

static VR pythonFloat(CodeGen &cg, const BuiltinCall &c) {
  const Val &x = *c.arg(0);
  if (x.isNumber())
    return Val::ofFloat(asDouble(x));
  if (x.kind == Val::Str) {
    std::string s = llvm::StringRef(x.s).trim().lower();
    if (s == "inf" || s == "+inf" || s == "infinity")
      return Val::ofFloat(INFINITY);
    if (s == "-inf" || s == "-infinity")
      return Val::ofFloat(-INFINITY);
    if (s == "nan" || s == "+nan" || s == "-nan")
      return Val::ofFloat(NAN);
    char *end = nullptr;
    double d = std::strtod(s.c_str(), &end);
    if (end && *end == 0 && !s.empty())
      return Val::ofFloat(d);
    return cg.error("could not convert string to float: '" + x.s + "'");
  }
  return cg.error("float() needs a compile-time number or string, got " +
                  x.describe());
}

static VR pythonInt(CodeGen &cg, const BuiltinCall &c) {
  const Val &x = *c.arg(0);
  if (x.kind == Val::Int || x.kind == Val::Bool)
    return Val::ofInt(x.kind == Val::Int ? x.i : x.b);
  if (x.kind == Val::Float) {
    if (!std::isfinite(x.f))
      return cg.error("cannot convert " + x.describe() + " to an integer");
    return Val::ofInt((int64_t)x.f);
  }
  if (x.kind == Val::Str) {
    long long v;
    if (!llvm::StringRef(x.s).trim().getAsInteger(10, v))
      return Val::ofInt(v);
    return cg.error("invalid literal for int(): '" + x.s + "'");
  }
  return cg.error("int() needs a compile-time value, got " + x.describe());
}

static VR pythonLen(CodeGen &cg, const BuiltinCall &c) {
  const Val &x = *c.arg(0);
  if (x.kind == Val::Tuple)
    return Val::ofInt(x.tuple().size());
  if (x.kind == Val::Str)
    return Val::ofInt(x.s.size());
  if (x.isTensor() && x.ty.isBlock())
    return Val::ofInt(x.ty.shape[0]);
  return cg.error("len() of " + x.describe() + " is not defined");
}

static VR nextPowerOf2(CodeGen &cg, const BuiltinCall &c) {
  auto n = constInt(cg, c.arg(0), "next_power_of_2's argument");
  if (!n)
    return std::nullopt;
  return Val::ofInt(*n <= 1 ? 1 : (int64_t)llvm::NextPowerOf2(*n - 1));
}

llvm::ArrayRef<BuiltinDef> tt::frontend::detail::castBuiltins() {
  static const BuiltinDef defs[] = {
      {"cast",
       Lang | TensorMethod,
       {"input", "dtype", "fp_downcast_rounding", "bitcast"},
       2,
       cast},
      {"to",
       TensorMethod,
       {"input", "dtype", "fp_downcast_rounding", "bitcast"},
       2,
       cast},
      {"constexpr", Lang, {"value"}, 1, constexprValue},
      {"pointer_type", Lang, {"element_ty"}, 1, pointerType},
      {"py.float", Hidden, {"x"}, 1, pythonFloat},
      {"py.int", Hidden, {"x"}, 1, pythonInt},
      {"py.len", Hidden, {"obj"}, 1, pythonLen},
      {"triton.next_power_of_2", Hidden, {"n"}, 1, nextPowerOf2},
  };
  return defs;
}
