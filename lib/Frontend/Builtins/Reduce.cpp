//===- Reduce.cpp - reductions and scans ------------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// tt.reduce and tt.scan with their combine regions, and the builtins over
// them: tl.reduce and tl.associative_scan with a @triton.jit combine_fn,
// tl.sum, tl.max / tl.min (optionally with indices), tl.argmax /
// tl.argmin, tl.cumsum and tl.cumprod, accumulating as upstream does
// (bf16 in fp32, small integers in 32 bits).
//
//===----------------------------------------------------------------------===//

#include "Builtins/Builtins.h"

using namespace mlir;
using namespace tt::frontend;
using namespace tt::frontend::detail;
namespace tr = mlir::triton;

//===----------------------------------------------------------------------===//
// tt.reduce and tt.scan
//===----------------------------------------------------------------------===//

/// Fills the combine region of a tt.reduce / tt.scan over `inputs`: one
/// block taking a scalar of each input twice (the left operands, then the
/// right ones), ending in `ReturnOp` of what `combine` builds.
template <typename ReturnOp>
static bool buildCombineRegion(CodeGen &cg, Region &region,
                               llvm::ArrayRef<Val> inputs,
                               const CodeGen::Combine &combine) {
  SmallVector<Type> eltTypes;
  SmallVector<Location> locs;
  for (int side = 0; side < 2; ++side)
    for (const Val &in : inputs) {
      eltTypes.push_back(cg.irType(in.ty.elt));
      locs.push_back(cg.loc);
    }
  OpBuilder::InsertionGuard g(cg.b);
  Block *blk = cg.b.createBlock(&region, {}, eltTypes, locs);
  std::vector<Val> lhs, rhs;
  size_t n = inputs.size();
  for (size_t k = 0; k < n; ++k) {
    lhs.push_back(
        Val::ofTensor(blk->getArgument(k), TType{inputs[k].ty.elt, {}}));
    rhs.push_back(
        Val::ofTensor(blk->getArgument(n + k), TType{inputs[k].ty.elt, {}}));
  }
  auto results = combine(lhs, rhs);
  if (!results)
    return false;
  ReturnOp::create(cg.b, cg.loc, *results);
  return true;
}

VR CodeGen::reduce(std::vector<Val> inputs, std::optional<int> axisOpt,
                   bool keepDims, const Combine &combine) {
  for (Val &in : inputs) {
    if (!in.isTensor() || !in.ty.isBlock())
      return error("reductions need tensor inputs, got " + in.describe());
    if (in.ty.shape != inputs[0].ty.shape)
      return error("all inputs of a reduction must have the same shape");
  }
  SmallVector<int64_t, 4> origShape = inputs[0].ty.shape;
  int axis;
  if (!axisOpt) {
    for (Val &in : inputs) {
      TType flat{in.ty.elt, {in.ty.numel()}};
      if (in.ty.shape.size() != 1) {
        Value r = tr::ReshapeOp::create(b, loc, flat.shape, in.v,
                                        /*allowReorder=*/true);
        in = Val::ofTensor(r, flat);
      }
    }
    axis = 0;
  } else {
    int rank = inputs[0].ty.shape.size();
    axis = *axisOpt < 0 ? *axisOpt + rank : *axisOpt;
    if (axis < 0 || axis >= rank)
      return error("reduction axis " + std::to_string(*axisOpt) +
                   " is out of range for a tensor of rank " +
                   std::to_string(rank));
  }
  SmallVector<Value> srcs;
  for (const Val &in : inputs)
    srcs.push_back(in.v);
  auto red = tr::ReduceOp::create(b, loc, srcs, axis);
  if (!buildCombineRegion<tr::ReduceReturnOp>(*this, red.getCombineOp(),
                                               inputs, combine))
    return std::nullopt;
  std::vector<Val> outs;
  for (size_t k = 0; k < inputs.size(); ++k) {
    TType t{inputs[k].ty.elt, inputs[k].ty.shape};
    t.shape.erase(t.shape.begin() + axis);
    Val out = Val::ofTensor(red->getResult(k), t);
    if (keepDims) {
      if (axisOpt) {
        VR e = expandDims(out, axis);
        if (!e)
          return std::nullopt;
        out = *e;
      } else {
        SmallVector<int64_t, 4> ones(origShape.size(), 1);
        VR e = broadcastTo(out, ones);
        if (!e)
          return std::nullopt;
        out = *e;
      }
    }
    outs.push_back(out);
  }
  if (outs.size() == 1)
    return outs[0];
  return Val::ofTuple(std::move(outs));
}

VR CodeGen::scan(std::vector<Val> inputs, int axis, bool reverse,
                 const Combine &combine) {
  for (Val &in : inputs) {
    if (!in.isTensor() || !in.ty.isBlock())
      return error("scans need tensor inputs, got " + in.describe());
    if (in.ty.shape != inputs[0].ty.shape)
      return error("all inputs of a scan must have the same shape");
  }
  int rank = inputs[0].ty.shape.size();
  int ax = axis < 0 ? axis + rank : axis;
  if (ax < 0 || ax >= rank)
    return error("scan axis " + std::to_string(axis) +
                 " is out of range for a tensor of rank " +
                 std::to_string(rank));
  SmallVector<Value> srcs;
  for (const Val &in : inputs)
    srcs.push_back(in.v);
  auto op = tr::ScanOp::create(b, loc, srcs, ax, reverse);
  if (!buildCombineRegion<tr::ScanReturnOp>(*this, op.getCombineOp(), inputs,
                                            combine))
    return std::nullopt;
  std::vector<Val> outs;
  for (size_t k = 0; k < inputs.size(); ++k)
    outs.push_back(Val::ofTensor(op->getResult(k), inputs[k].ty));
  if (outs.size() == 1)
    return outs[0];
  return Val::ofTuple(std::move(outs));
}

//===----------------------------------------------------------------------===//
// Combine functions
//===----------------------------------------------------------------------===//

/// Calls the @triton.jit combine function `fn` on the left then the right
/// operands; what it returned, as a list.
static std::optional<std::vector<Val>> callCombineFn(CodeGen &cg,
                                                     const FunctionDef *fn,
                                                     const SrcLoc &callLoc,
                                                     ArrayRef<Val> l,
                                                     ArrayRef<Val> r) {
  CallArgs args;
  for (ArrayRef<Val> side : {l, r})
    for (const Val &v : side) {
      args.args.push_back(v);
      args.argLocs.push_back(callLoc);
    }
  VR res = cg.callJit(fn, args, callLoc);
  if (!res)
    return std::nullopt;
  return res->kind == Val::Tuple ? res->tuple() : std::vector<Val>{*res};
}

/// The combine_fn argument `k`: a @triton.jit function.
static const FunctionDef *combineFnArg(CodeGen &cg, const BuiltinCall &c,
                                       size_t k) {
  const Val *fn = c.arg(k);
  if (fn->kind == Val::JitFn)
    return fn->fn;
  cg.error(c.name + "'s combine_fn must be a @triton.jit function, got " +
           fn->describe());
  return nullptr;
}

/// What is wrong with the values a combine function returned for the left
/// operands `l` (reported at `callLoc`: false), if anything.
using CombineCheck = bool (*)(CodeGen &cg, const std::vector<Val> &vals,
                              ArrayRef<Val> l, const SrcLoc &callLoc);

/// Combines with the combine_fn argument (2) of tl.reduce or
/// tl.associative_scan, its results checked by `check`. Nothing when the
/// argument is not a @triton.jit function.
static std::optional<CodeGen::Combine>
userCombine(CodeGen &cg, const BuiltinCall &c, CombineCheck check) {
  const FunctionDef *fn = combineFnArg(cg, c, 2);
  if (!fn)
    return std::nullopt;
  SrcLoc callLoc = cg.errLoc;
  return CodeGen::Combine(
      [&cg, fn, callLoc,
       check](ArrayRef<Val> l,
              ArrayRef<Val> r) -> std::optional<SmallVector<Value>> {
        auto vals = callCombineFn(cg, fn, callLoc, l, r);
        if (!vals || !check(cg, *vals, l, callLoc))
          return std::nullopt;
        SmallVector<Value> out;
        for (const Val &v : *vals)
          out.push_back(v.v);
        return out;
      });
}

/// tl.reduce's combine function returns one value per reduced tensor, of
/// its type.
static bool checkReduced(CodeGen &cg, const std::vector<Val> &vals,
                         ArrayRef<Val> l, const SrcLoc &callLoc) {
  if (vals.size() != l.size()) {
    cg.error(callLoc, "the combine function returns " +
                          std::to_string(vals.size()) + " values for " +
                          std::to_string(l.size()) + " reduced tensors");
    return false;
  }
  for (size_t k = 0; k < vals.size(); ++k)
    if (!vals[k].isTensor() || vals[k].ty != l[k].ty) {
      cg.error(callLoc, "the combine function must return " + l[k].ty.str() +
                            ", got " + vals[k].describe());
      return false;
    }
  return true;
}

/// tl.associative_scan's returns at most one value per input, of its type.
static bool checkScanned(CodeGen &cg, const std::vector<Val> &vals,
                         ArrayRef<Val> l, const SrcLoc &callLoc) {
  for (size_t k = 0; k < vals.size(); ++k)
    if (k >= l.size() || !vals[k].isTensor() || vals[k].ty != l[k].ty) {
      cg.error(callLoc, "the combine function must return "
                        "one value of each input's type");
      return false;
    }
  return true;
}

/// Combines with one binary operator (sum, cumsum, cumprod).
static CodeGen::Combine binaryCombine(CodeGen &cg, BinOpKind op) {
  return [&cg, op](ArrayRef<Val> l,
                   ArrayRef<Val> r) -> std::optional<SmallVector<Value>> {
    VR s = cg.binary(op, l[0], r[0]);
    if (!s)
      return std::nullopt;
    return SmallVector<Value>{s->v};
  };
}

/// The inputs of a reduction or scan: argument 0, a tuple of tensors when
/// `allowTuple` (tl.reduce, tl.associative_scan), else one tensor.
static std::optional<std::vector<Val>>
inputsArg(CodeGen &cg, const BuiltinCall &c, bool allowTuple) {
  const Val *in = c.arg(0);
  if (allowTuple && in->kind == Val::Tuple)
    return in->tuple();
  VR t = cg.toTensor(*in);
  if (!t)
    return std::nullopt;
  return std::vector<Val>{*t};
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

/// The element type a sum accumulates in: small integers widen to 32 bits,
/// bf16 to fp32.
static DType sumDType(DType in) {
  if (in.kind == SK::BF16)
    return DType(SK::FP32);
  if (in.isInt() && in.bits() < 32)
    return DType(in.isSigned() || in.isBool() ? SK::I32 : SK::U32);
  return in;
}

namespace {
/// What every reduction and scan reads first: its inputs (argument 0), the
/// axis (argument 1) and a flag (keep_dims of a reduction, reverse of a
/// scan).
struct AxisArgs {
  std::vector<Val> inputs;
  std::optional<int> axis;
  bool flag = false;
};
} // namespace

/// The flag is argument `flagIdx`, called `flagName`; `blocksOnly`: the
/// inputs must be tensors (not scalars).
static std::optional<AxisArgs> axisArgs(CodeGen &cg, const BuiltinCall &c,
                                        bool allowTuple, bool blocksOnly,
                                        size_t flagIdx, const char *flagName) {
  AxisArgs out;
  auto inputs = inputsArg(cg, c, allowTuple);
  if (!inputs)
    return std::nullopt;
  out.inputs = std::move(*inputs);
  for (const Val &v : out.inputs)
    if (blocksOnly && (!v.isTensor() || !v.ty.isBlock())) {
      cg.error(c.name + "() needs a tensor input, got " + v.describe());
      return std::nullopt;
    }
  if (c.given(1)) {
    auto ax = constInt(cg, c.arg(1), c.name + "'s axis");
    if (!ax)
      return std::nullopt;
    out.axis = (int)*ax;
  }
  auto flag = constBool(cg, c.arg(flagIdx), false, flagName);
  if (!flag)
    return std::nullopt;
  out.flag = *flag;
  return out;
}

/// A reduction's arguments: keep_dims is argument `keepIdx`.
static std::optional<AxisArgs> reduceArgs(CodeGen &cg, const BuiltinCall &c,
                                          bool allowTuple, size_t keepIdx) {
  return axisArgs(cg, c, allowTuple, /*blocksOnly=*/true, keepIdx, "keep_dims");
}

/// The arguments of a reduction of one tensor (sum, max, argmax, ...); a
/// bf16 tensor is reduced in fp32.
static std::optional<AxisArgs> oneInputArgs(CodeGen &cg, const BuiltinCall &c,
                                            size_t keepIdx) {
  auto ra = reduceArgs(cg, c, /*allowTuple=*/false, keepIdx);
  if (!ra)
    return std::nullopt;
  Val &x = ra->inputs[0];
  if (x.ty.elt.kind == SK::BF16) {
    VR f = cg.cast(x, DType(SK::FP32));
    if (!f)
      return std::nullopt;
    x = *f;
  }
  return ra;
}

static VR sum(CodeGen &cg, const BuiltinCall &c) {
  auto ra = oneInputArgs(cg, c, 2);
  if (!ra)
    return std::nullopt;
  VR x = ra->inputs[0];
  DType acc = sumDType(x->ty.elt);
  if (c.given(3)) {
    auto d = dtypeArg(cg, c.arg(3), "sum's dtype");
    if (!d)
      return std::nullopt;
    acc = *d;
  }
  VR s = cg.cast(*x, acc);
  if (!s)
    return std::nullopt;
  return cg.reduce({*s}, ra->axis, ra->flag, binaryCombine(cg, BinOpKind::Add));
}

/// The reduction of argmax / argmin and of max / min with return_indices:
/// the values and their indices along the axis, as a tuple.
static VR reduceWithIndices(CodeGen &cg, const std::string &name, Val x,
                            std::optional<int> axis, bool keepDims,
                            bool isMax, bool tieLeft) {
  if (!axis) {
    TType flat{x.ty.elt, {x.ty.numel()}};
    if (x.ty.shape.size() != 1)
      x = Val::ofTensor(
          tr::ReshapeOp::create(cg.b, cg.loc, flat.shape, x.v, true), flat);
    axis = 0;
  }
  int rank = x.ty.shape.size();
  int ax = *axis < 0 ? *axis + rank : *axis;
  if (ax < 0 || ax >= rank)
    return cg.error(name + "'s axis is out of range");
  int64_t n = x.ty.shape[ax];
  TType it{DType(SK::I32), {n}};
  Val index = Val::ofTensor(
      tr::MakeRangeOp::create(cg.b, cg.loc, cg.irType(it), 0u, (uint32_t)n),
      it);
  if (rank > 1) {
    for (int d = 0; d < rank; ++d) {
      if (d == ax)
        continue;
      VR e = cg.expandDims(index, d);
      if (!e)
        return std::nullopt;
      index = *e;
    }
    VR bc = cg.broadcastTo(index, x.ty.shape);
    if (!bc)
      return std::nullopt;
    index = *bc;
  }
  return cg.reduce(
      {x, index}, ax, keepDims,
      [&](ArrayRef<Val> l,
          ArrayRef<Val> r) -> std::optional<SmallVector<Value>> {
        VR better =
            cg.compare(isMax ? CmpOpKind::Gt : CmpOpKind::Lt, l[0], r[0]);
        if (!better)
          return std::nullopt;
        if (tieLeft) {
          VR eq = cg.compare(CmpOpKind::Eq, l[0], r[0]);
          VR lt = eq ? cg.compare(CmpOpKind::Lt, l[1], r[1]) : std::nullopt;
          VR tie = lt ? cg.logical(true, *eq, *lt) : std::nullopt;
          if (!tie)
            return std::nullopt;
          better = cg.logical(false, *better, *tie);
          if (!better)
            return std::nullopt;
        }
        VR v = cg.where(*better, l[0], r[0]);
        VR i = v ? cg.where(*better, l[1], r[1]) : std::nullopt;
        if (!i)
          return std::nullopt;
        return SmallVector<Value>{v->v, i->v};
      });
}

/// tl.max / tl.min (with return_indices, the values and their indices).
static VR maxOrMin(CodeGen &cg, const BuiltinCall &c) {
  auto ra = oneInputArgs(cg, c, 4);
  if (!ra)
    return std::nullopt;
  VR x = ra->inputs[0];
  bool isMax = c.name == "max";
  auto ri = constBool(cg, c.arg(2), false, "return_indices");
  auto tl = ri ? constBool(cg, c.arg(3), true, "return_indices_tie_break_left")
               : std::nullopt;
  if (!tl)
    return std::nullopt;
  if (*ri)
    return reduceWithIndices(cg, c.name, *x, ra->axis, ra->flag, isMax, *tl);
  if (x->ty.elt.bits() < 32) {
    x = cg.cast(*x, DType(x->ty.elt.isFloat() ? SK::FP32 : SK::I32));
    if (!x)
      return std::nullopt;
  }
  return cg.reduce({*x}, ra->axis, ra->flag,
                   [&](ArrayRef<Val> l,
                       ArrayRef<Val> r) -> std::optional<SmallVector<Value>> {
                     VR m = cg.minMax(isMax, l[0], r[0], false);
                     if (!m)
                       return std::nullopt;
                     return SmallVector<Value>{m->v};
                   });
}

/// tl.argmax / tl.argmin: the indices of the extreme values.
static VR argMaxOrMin(CodeGen &cg, const BuiltinCall &c) {
  auto ra = oneInputArgs(cg, c, 3);
  if (!ra)
    return std::nullopt;
  VR x = ra->inputs[0];
  auto tl = constBool(cg, c.arg(2), true, "tie_break_left");
  if (!tl)
    return std::nullopt;
  VR r = reduceWithIndices(cg, c.name, *x, ra->axis, ra->flag,
                           c.name == "argmax", *tl);
  if (!r)
    return std::nullopt;
  return r->tuple()[1];
}

//===----------------------------------------------------------------------===//
// Scans
//===----------------------------------------------------------------------===//

/// A scan's arguments (the axis defaults to 0): reverse is argument
/// `revIdx`.
static std::optional<AxisArgs> scanArgs(CodeGen &cg, const BuiltinCall &c,
                                        bool allowTuple, size_t revIdx) {
  return axisArgs(cg, c, allowTuple, /*blocksOnly=*/false, revIdx, "reverse");
}

/// tl.reduce(input, axis, combine_fn, keep_dims) and
/// tl.associative_scan(input, axis, combine_fn, reverse).
static VR withCombineFn(CodeGen &cg, const BuiltinCall &c) {
  bool isScan = c.name == "associative_scan";
  auto args = isScan ? scanArgs(cg, c, /*allowTuple=*/true, 3)
                     : reduceArgs(cg, c, /*allowTuple=*/true, 3);
  auto combine = args ? userCombine(cg, c, isScan ? checkScanned : checkReduced)
                      : std::nullopt;
  if (!combine)
    return std::nullopt;
  if (isScan)
    return cg.scan(args->inputs, args->axis.value_or(0), args->flag, *combine);
  return cg.reduce(args->inputs, args->axis, args->flag, *combine);
}

/// tl.cumsum and tl.cumprod.
static VR cumulative(CodeGen &cg, const BuiltinCall &c) {
  auto sa = scanArgs(cg, c, /*allowTuple=*/false, 2);
  if (!sa)
    return std::nullopt;
  Val x = sa->inputs[0];
  DType acc = x.ty.elt;
  if (acc.kind == SK::BF16)
    acc = DType(SK::FP32);
  bool isSum = c.name == "cumsum";
  if (isSum) {
    acc = sumDType(acc);
    if (c.given(3)) {
      auto d = dtypeArg(cg, c.arg(3), "cumsum's dtype");
      if (!d)
        return std::nullopt;
      acc = *d;
    }
  }
  VR s = cg.cast(x, acc);
  if (!s)
    return std::nullopt;
  return cg.scan({*s}, sa->axis.value_or(0), sa->flag,
                 binaryCombine(cg, isSum ? BinOpKind::Add : BinOpKind::Mul));
}

llvm::ArrayRef<BuiltinDef> tt::frontend::detail::reduceBuiltins() {
  // max and min, argmax and argmin take the same parameters.
  const std::vector<const char *> maxMinParams = {
      "input", "axis", "return_indices", "return_indices_tie_break_left",
      "keep_dims"};
  const std::vector<const char *> argParams = {"input", "axis",
                                               "tie_break_left", "keep_dims"};
  static const BuiltinDef defs[] = {
      {"reduce",
       Lang | TensorMethod,
       {"input", "axis", "combine_fn", "keep_dims"},
       3,
       withCombineFn},
      {"sum",
       Lang | TensorMethod,
       {"input", "axis", "keep_dims", "dtype"},
       1,
       sum},
      {"max", Lang | TensorMethod, maxMinParams, 1, maxOrMin},
      {"min", Lang | TensorMethod, maxMinParams, 1, maxOrMin},
      {"argmax", Lang | TensorMethod, argParams, 2, argMaxOrMin},
      {"argmin", Lang | TensorMethod, argParams, 2, argMaxOrMin},
      {"associative_scan",
       Lang | TensorMethod,
       {"input", "axis", "combine_fn", "reverse"},
       3,
       withCombineFn},
      {"cumsum",
       Lang | TensorMethod,
       {"input", "axis", "reverse", "dtype"},
       1,
       cumulative},
      {"cumprod",
       Lang | TensorMethod,
       {"input", "axis", "reverse"},
       1,
       cumulative},
  };
  return defs;
}
