//===- Dot.cpp - tl.dot -----------------------------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// tl.dot as tt.dot: two 2-D (or batched 3-D) operands of one dtype (any two
// fp8 kinds mix), every dimension at least 16, an fp32 (int32 for int8)
// accumulator made of zeros unless given, the input precision from
// input_precision, allow_tf32 or the compile's default, and fp8's
// max_num_imprecise_acc as upstream sets it.
//
//===----------------------------------------------------------------------===//

#include "Builtins/Builtins.h"

using namespace mlir;
using namespace tt::frontend;
using namespace tt::frontend::detail;
namespace tr = mlir::triton;

/// input_precision (argument 3), else allow_tf32 (4), else the default.
static std::optional<tr::InputPrecision> inputPrecision(CodeGen &cg,
                                                        const BuiltinCall &c) {
  std::string prec = cg.opts.defaultDotInputPrecision;
  if (c.given(4)) {
    auto t = constBool(cg, c.arg(4), true, "allow_tf32");
    if (!t)
      return std::nullopt;
    prec = *t ? "tf32" : "ieee";
  }
  if (c.given(3)) {
    auto s = strArg(cg, c.arg(3), "input_precision");
    if (!s)
      return std::nullopt;
    prec = *s;
  }
  auto ip = lookupOption<tr::InputPrecision>(
      prec, {{"tf32", tr::InputPrecision::TF32},
             {"tf32x3", tr::InputPrecision::TF32x3},
             {"ieee", tr::InputPrecision::IEEE},
             {"bf16x3", tr::InputPrecision::BF16x3},
             {"bf16x6", tr::InputPrecision::BF16x6}});
  if (!ip)
    cg.error("unknown tl.dot input_precision '" + prec + "'");
  return ip;
}

static VR dot(CodeGen &cg, const BuiltinCall &c) {
  VR x = c.tensorArg(cg, 0), y = x ? c.tensorArg(cg, 1) : std::nullopt;
  if (!y)
    return std::nullopt;
  int rank = x->ty.shape.size();
  if ((rank != 2 && rank != 3) || y->ty.shape.size() != (size_t)rank)
    return cg.error("tl.dot needs two 2-D (or two 3-D) tensors, got " +
                 x->ty.str() + " and " + y->ty.str());
  int64_t m = x->ty.shape[rank - 2], k = x->ty.shape[rank - 1];
  int64_t k2 = y->ty.shape[rank - 2], n = y->ty.shape[rank - 1];
  if (k != k2)
    return cg.error("tl.dot shapes " + shapeStr(x->ty.shape) + " and " +
                 shapeStr(y->ty.shape) +
                 " are not compatible: the inner dimensions differ (" +
                 std::to_string(k) + " and " + std::to_string(k2) + ")");
  if (rank == 3 && x->ty.shape[0] != y->ty.shape[0])
    return cg.error("tl.dot operands have different batch sizes");
  if (m < 16 || n < 16 || k < 16)
    return cg.error("tl.dot needs every dimension to be at least 16, got " +
                 shapeStr(x->ty.shape) + " and " + shapeStr(y->ty.shape));
  DType xe = x->ty.elt, ye = y->ty.elt;
  if (xe != ye && !(xe.isFP8() && ye.isFP8()))
    return cg.error("both operands of tl.dot must have the same dtype, got " +
                 xe.name() + " and " + ye.name());
  DType outDt(SK::FP32);
  if (c.given(6)) {
    auto d = dtypeArg(cg, c.arg(6), "tl.dot's out_dtype");
    if (!d)
      return std::nullopt;
    outDt = *d;
  }
  DType ret = outDt;
  if (xe.isInt()) {
    if (xe.kind != SK::I8 && xe.kind != SK::U8)
      return cg.error("tl.dot on integers needs int8 operands, got " +
                   xe.name());
    ret = DType(SK::I32);
  } else if (!xe.isFloat()) {
    return cg.error("tl.dot needs numeric operands, got " + xe.name());
  }
  auto ip = inputPrecision(cg, c);
  if (!ip)
    return std::nullopt;
  TType rt{ret, x->ty.shape};
  rt.shape.back() = n;
  Value acc;
  if (c.given(2)) {
    VR given = c.tensorArg(cg, 2);
    if (!given)
      return std::nullopt;
    if (given->ty != rt)
      return cg.error(c.a.locs[2], "tl.dot's accumulator must be " +
                                       rt.str() + ", got " + given->ty.str());
    acc = given->v;
  } else {
    acc = zerosOf(cg, ret, rt.shape);
  }
  uint32_t maxImprecise = 0;
  if (xe.isFP8())
    maxImprecise = 1u << 30;
  if (c.given(5)) {
    auto mi = constInt(cg, c.arg(5), "max_num_imprecise_acc");
    if (!mi)
      return std::nullopt;
    maxImprecise = (uint32_t)*mi;
  }
  Value v = tr::DotOp::create(cg.b, cg.loc, cg.irType(rt), x->v, y->v, acc, *ip,
                              maxImprecise);
  return Val::ofTensor(v, rt);
}

llvm::ArrayRef<BuiltinDef> tt::frontend::detail::dotBuiltins() {
  static const BuiltinDef defs[] = {
      {"dot",
       Lang,
       {"input", "other", "acc", "input_precision", "allow_tf32",
        "max_num_imprecise_acc", "out_dtype"},
       2,
       dot},
  };
  return defs;
}
