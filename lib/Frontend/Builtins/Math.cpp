//===- Math.cpp - element-wise math builtins --------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The element-wise functions of triton.language and triton.language.math:
// the float32/float64 functions of the math dialect (tl.exp, tl.sqrt, ...)
// and tt.precise_sqrt, tl.abs, tl.sigmoid (written as upstream's standard
// library writes it), tl.fdiv, tl.fma, tl.maximum / tl.minimum with their
// NaN propagation, tl.where, tl.cdiv and Python's min / max.
//
//===----------------------------------------------------------------------===//

#include "Builtins/Builtins.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace tt::frontend;
using namespace tt::frontend::detail;
namespace tr = mlir::triton;

/// A function of float32 and float64 tensors, one op of `OpTy`.
template <typename OpTy>
static VR floatUnary(CodeGen &cg, const BuiltinCall &c) {
  VR x = c.tensorArg(cg, 0);
  if (!x)
    return std::nullopt;
  SK k = x->ty.elt.kind;
  if (k != SK::FP32 && k != SK::FP64)
    return cg.error("tl." + c.name +
                    " expects a float32 or float64 tensor, "
                    "got " +
                    x->ty.elt.name() + " (convert it with .to(tl.float32))");
  Value r = OpTy::create(cg.b, cg.loc, x->v);
  return Val::ofTensor(r, x->ty);
}

static VR absolute(CodeGen &cg, const BuiltinCall &c) {
  VR x = c.tensorArg(cg, 0);
  if (!x)
    return std::nullopt;
  DType e = x->ty.elt;
  if (e.isFloat() && !e.isFP8())
    return Val::ofTensor(math::AbsFOp::create(cg.b, cg.loc, x->v), x->ty);
  if (e.isSigned())
    return Val::ofTensor(math::AbsIOp::create(cg.b, cg.loc, x->v), x->ty);
  if (e.isUnsigned())
    return x;
  return cg.error("tl.abs is not supported on " + e.name());
}

/// 1 / (1 + exp(-x)), as upstream's standard library writes it.
static VR sigmoid(CodeGen &cg, const BuiltinCall &c) {
  VR x = c.tensorArg(cg, 0);
  VR neg = x ? cg.unary(UnaryOpKind::Neg, *x) : std::nullopt;
  if (!neg)
    return std::nullopt;
  CallArgs inner;
  inner.args.push_back(*neg);
  inner.argLocs.push_back(cg.errLoc);
  VR e = cg.callBuiltin("exp", inner, nullptr);
  VR d = e ? cg.binary(BinOpKind::Add, Val::ofInt(1), *e) : std::nullopt;
  return d ? cg.binary(BinOpKind::Div, Val::ofInt(1), *d) : std::nullopt;
}

static VR fdiv(CodeGen &cg, const BuiltinCall &c) {
  VR x = c.tensorArg(cg, 0), y = x ? c.tensorArg(cg, 1) : std::nullopt;
  if (!y)
    return std::nullopt;
  if (!x->ty.elt.isFloat() || !y->ty.elt.isFloat())
    return cg.error("tl.fdiv needs float operands");
  auto ieee = constBool(cg, c.arg(2), false, "ieee_rounding");
  if (!ieee)
    return std::nullopt;
  auto o = typeCheck(cg, *x, *y, false, false, true, true, "tl.fdiv");
  if (!o)
    return std::nullopt;
  Value r = *ieee ? tr::PreciseDivFOp::create(cg.b, cg.loc, o->l.v, o->r.v)
                        .getResult()
                  : arith::DivFOp::create(cg.b, cg.loc, o->l.v, o->r.v)
                        .getResult();
  return Val::ofTensor(r, o->l.ty);
}

static VR fusedMulAdd(CodeGen &cg, const BuiltinCall &c) {
  VR x = c.tensorArg(cg, 0), y = x ? c.tensorArg(cg, 1) : std::nullopt,
     z = y ? c.tensorArg(cg, 2) : std::nullopt;
  if (!z)
    return std::nullopt;
  auto o = typeCheck(cg, *x, *y, false, false, true, false, "tl.fma");
  auto o2 = o ? typeCheck(cg, o->l, *z, false, false, true, false, "tl.fma")
              : std::nullopt;
  if (!o2)
    return std::nullopt;
  if (!o2->l.ty.elt.isFloat())
    return cg.error("tl.fma needs float operands");
  Val xx = o->l, yy = o->r;
  VR xb = cg.broadcastTo(xx, o2->l.ty.shape);
  VR yb = xb ? cg.broadcastTo(yy, o2->l.ty.shape) : std::nullopt;
  VR xc = yb ? cg.cast(*xb, o2->l.ty.elt) : std::nullopt;
  VR yc = xc ? cg.cast(*yb, o2->l.ty.elt) : std::nullopt;
  if (!yc)
    return std::nullopt;
  return Val::ofTensor(
      math::FmaOp::create(cg.b, cg.loc, xc->v, yc->v, o2->r.v), o2->l.ty);
}

/// tl.maximum / tl.minimum (and tl.math.max / min).
static VR maximumOrMinimum(CodeGen &cg, const BuiltinCall &c) {
  bool nan = false;
  if (c.given(2)) {
    auto p = constInt(cg, c.arg(2), "propagate_nan");
    if (!p)
      return std::nullopt;
    nan = *p != 0;
  }
  return cg.minMax(c.name == "maximum", *c.arg(0), *c.arg(1), nan);
}

/// Python's min(a, b, ...) and max(a, b, ...).
static VR pythonMinOrMax(CodeGen &cg, const BuiltinCall &c) {
  const CallArgs &call = c.call;
  if (call.args.size() < 2 || !call.kwargs.empty())
    return cg.error(c.name.substr(3) + "() needs at least two arguments");
  Val acc = call.args[0];
  for (size_t k = 1; k < call.args.size(); ++k) {
    VR r = cg.minMax(c.name == "py.max", acc, call.args[k], false);
    if (!r)
      return std::nullopt;
    acc = *r;
  }
  return acc;
}

static VR selectWhere(CodeGen &cg, const BuiltinCall &c) {
  return cg.where(*c.arg(0), *c.arg(1), *c.arg(2));
}

/// (x + div - 1) // div, on numbers or tensors.
static VR cdiv(CodeGen &cg, const BuiltinCall &c) {
  const Val &x = *c.arg(0), &d = *c.arg(1);
  VR t = cg.binary(BinOpKind::Add, x, d);
  t = t ? cg.binary(BinOpKind::Sub, *t, Val::ofInt(1)) : std::nullopt;
  return t ? cg.binary(BinOpKind::FloorDiv, *t, d) : std::nullopt;
}

llvm::ArrayRef<BuiltinDef> tt::frontend::detail::mathBuiltins() {
  constexpr unsigned everywhere = Lang | MathLib | TensorMethod;
  static const BuiltinDef defs[] = {
      {"exp", everywhere, {"x"}, 1, floatUnary<math::ExpOp>},
      {"exp2", everywhere, {"x"}, 1, floatUnary<math::Exp2Op>},
      {"log", everywhere, {"x"}, 1, floatUnary<math::LogOp>},
      {"log2", everywhere, {"x"}, 1, floatUnary<math::Log2Op>},
      {"sqrt", everywhere, {"x"}, 1, floatUnary<math::SqrtOp>},
      {"sqrt_rn", everywhere, {"x"}, 1, floatUnary<tr::PreciseSqrtOp>},
      {"rsqrt", everywhere, {"x"}, 1, floatUnary<math::RsqrtOp>},
      {"sin", everywhere, {"x"}, 1, floatUnary<math::SinOp>},
      {"cos", everywhere, {"x"}, 1, floatUnary<math::CosOp>},
      {"floor", everywhere, {"x"}, 1, floatUnary<math::FloorOp>},
      {"ceil", everywhere, {"x"}, 1, floatUnary<math::CeilOp>},
      {"abs", everywhere, {"x"}, 1, absolute},
      {"sigmoid", Lang | TensorMethod, {"x"}, 1, sigmoid},
      {"fdiv", Lang | MathLib, {"x", "y", "ieee_rounding"}, 2, fdiv},
      {"fma", Lang | MathLib, {"x", "y", "z"}, 3, fusedMulAdd},
      {"maximum", Lang, {"x", "y", "propagate_nan"}, 2, maximumOrMinimum},
      {"minimum", Lang, {"x", "y", "propagate_nan"}, 2, maximumOrMinimum},
      {"py.min", Hidden, {}, kUnbound, pythonMinOrMax},
      {"py.max", Hidden, {}, kUnbound, pythonMinOrMax},
      {"where", Lang, {"condition", "x", "y"}, 3, selectWhere},
      {"cdiv", Lang | MathLib, {"x", "div"}, 2, cdiv},
  };
  return defs;
}
