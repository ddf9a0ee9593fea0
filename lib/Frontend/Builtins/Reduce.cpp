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
/// What every reduction reads first: its inputs, axis and keep_dims.
struct ReduceArgs {
  std::vector<Val> inputs;
  std::optional<int> axis;
  bool keepDims = false;
};
} // namespace

static std::optional<ReduceArgs> reduceArgs(CodeGen &cg, const BuiltinCall &c,
                                            bool allowTuple, size_t keepIdx) {
  ReduceArgs out;
  auto inputs = inputsArg(cg, c, allowTuple);
  if (!inputs)
    return std::nullopt;
  out.inputs = std::move(*inputs);
  for (const Val &v : out.inputs)
    if (!v.isTensor() || !v.ty.isBlock()) {
      cg.error(c.name + "() needs a tensor input, got " + v.describe());
      return std::nullopt;
    }
  if (c.given(1)) {
    auto ax = constInt(cg, c.arg(1), c.name + "'s axis");
    if (!ax)
      return std::nullopt;
    out.axis = (int)*ax;
  }
  auto keep = constBool(cg, c.arg(keepIdx), false, "keep_dims");
  if (!keep)
    return std::nullopt;
  out.keepDims = *keep;
  return out;
}

/// bf16 is reduced in fp32.
static VR bf16AsFP32(CodeGen &cg, const Val &x) {
  if (x.ty.elt.kind != SK::BF16)
    return x;
  return cg.cast(x, DType(SK::FP32));
}

/// tl.reduce(input, axis, combine_fn, keep_dims).
static VR reduceWithFn(CodeGen &cg, const BuiltinCall &c) {
  auto ra = reduceArgs(cg, c, /*allowTuple=*/true, 3);
  if (!ra)
    return std::nullopt;
  const FunctionDef *fn = combineFnArg(cg, c, 2);
  if (!fn)
    return std::nullopt;
  SrcLoc callLoc = cg.errLoc;
  return cg.reduce(
      ra->inputs, ra->axis, ra->keepDims,
      [&](ArrayRef<Val> l,
          ArrayRef<Val> r) -> std::optional<SmallVector<Value>> {
        auto vals = callCombineFn(cg, fn, callLoc, l, r);
        if (!vals)
          return std::nullopt;
        if (vals->size() != l.size()) {
          cg.error(callLoc, "the combine function returns " +
                                std::to_string(vals->size()) + " values for " +
                                std::to_string(l.size()) + " reduced tensors");
          return std::nullopt;
        }
        SmallVector<Value> out;
        for (size_t k = 0; k < vals->size(); ++k) {
          const Val &v = (*vals)[k];
          if (!v.isTensor() || v.ty != l[k].ty) {
            cg.error(callLoc, "the combine function must return " +
                                  l[k].ty.str() + ", got " + v.describe());
            return std::nullopt;
          }
          out.push_back(v.v);
        }
        return out;
      });
}

static VR sum(CodeGen &cg, const BuiltinCall &c) {
  auto ra = reduceArgs(cg, c, /*allowTuple=*/false, 2);
  if (!ra)
    return std::nullopt;
  VR x = bf16AsFP32(cg, ra->inputs[0]);
  if (!x)
    return std::nullopt;
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
  return cg.reduce({*s}, ra->axis, ra->keepDims,
                   binaryCombine(cg, BinOpKind::Add));
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
  auto ra = reduceArgs(cg, c, /*allowTuple=*/false, 4);
  if (!ra)
    return std::nullopt;
  VR x = bf16AsFP32(cg, ra->inputs[0]);
  if (!x)
    return std::nullopt;
  bool isMax = c.name == "max";
  auto ri = constBool(cg, c.arg(2), false, "return_indices");
  auto tl = ri ? constBool(cg, c.arg(3), true, "return_indices_tie_break_left")
               : std::nullopt;
  if (!tl)
    return std::nullopt;
  if (*ri)
    return reduceWithIndices(cg, c.name, *x, ra->axis, ra->keepDims, isMax,
                             *tl);
  if (x->ty.elt.bits() < 32) {
    x = cg.cast(*x, DType(x->ty.elt.isFloat() ? SK::FP32 : SK::I32));
    if (!x)
      return std::nullopt;
  }
  return cg.reduce({*x}, ra->axis, ra->keepDims,
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
  auto ra = reduceArgs(cg, c, /*allowTuple=*/false, 3);
  if (!ra)
    return std::nullopt;
  VR x = bf16AsFP32(cg, ra->inputs[0]);
  if (!x)
    return std::nullopt;
  auto tl = constBool(cg, c.arg(2), true, "tie_break_left");
  if (!tl)
    return std::nullopt;
  VR r = reduceWithIndices(cg, c.name, *x, ra->axis, ra->keepDims,
                           c.name == "argmax", *tl);
  if (!r)
    return std::nullopt;
  return r->tuple()[1];
}

//===----------------------------------------------------------------------===//
// Scans
//===----------------------------------------------------------------------===//

/// The axis (default 0) and the reverse flag (argument `revIdx`) of a scan.
static bool scanArgs(CodeGen &cg, const BuiltinCall &c, size_t revIdx,
                     int &axis, bool &reverse) {
  axis = 0;
  if (c.given(1)) {
    auto ax = constInt(cg, c.arg(1), c.name + "'s axis");
    if (!ax)
      return false;
    axis = (int)*ax;
  }
  auto rev = constBool(cg, c.arg(revIdx), false, "reverse");
  if (!rev)
    return false;
  reverse = *rev;
  return true;
}

/// tl.associative_scan(input, axis, combine_fn, reverse).
static VR associativeScan(CodeGen &cg, const BuiltinCall &c) {
  auto inputs = inputsArg(cg, c, /*allowTuple=*/true);
  int axis;
  bool reverse;
  if (!inputs || !scanArgs(cg, c, 3, axis, reverse))
    return std::nullopt;
  const FunctionDef *fn = combineFnArg(cg, c, 2);
  if (!fn)
    return std::nullopt;
  SrcLoc callLoc = cg.errLoc;
  return cg.scan(
      *inputs, axis, reverse,
      [&](ArrayRef<Val> l,
          ArrayRef<Val> r) -> std::optional<SmallVector<Value>> {
        auto vals = callCombineFn(cg, fn, callLoc, l, r);
        if (!vals)
          return std::nullopt;
        SmallVector<Value> out;
        for (size_t k = 0; k < vals->size(); ++k) {
          const Val &v = (*vals)[k];
          if (k >= l.size() || !v.isTensor() || v.ty != l[k].ty) {
            cg.error(callLoc, "the combine function must return "
                              "one value of each input's type");
            return std::nullopt;
          }
          out.push_back(v.v);
        }
        return out;
      });
}

/// tl.cumsum and tl.cumprod.
static VR cumulative(CodeGen &cg, const BuiltinCall &c) {
  auto inputs = inputsArg(cg, c, /*allowTuple=*/false);
  int axis;
  bool reverse;
  if (!inputs || !scanArgs(cg, c, 2, axis, reverse))
    return std::nullopt;
  Val x = (*inputs)[0];
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
  return cg.scan({*s}, axis, reverse,
                 binaryCombine(cg, isSum ? BinOpKind::Add : BinOpKind::Mul));
}

llvm::ArrayRef<BuiltinDef> tt::frontend::detail::reduceBuiltins() {
  static const BuiltinDef defs[] = {
      {"reduce",
       Lang | TensorMethod,
       {"input", "axis", "combine_fn", "keep_dims"},
       3,
       reduceWithFn},
      {"sum", Lang | TensorMethod, {"input", "axis", "keep_dims", "dtype"}, 1, sum},
      {"max",
       Lang | TensorMethod,
       {"input", "axis", "return_indices", "return_indices_tie_break_left",
        "keep_dims"},
       1,
       maxOrMin},
      {"min",
       Lang | TensorMethod,
       {"input", "axis", "return_indices", "return_indices_tie_break_left",
        "keep_dims"},
       1,
       maxOrMin},
      {"argmax",
       Lang | TensorMethod,
       {"input", "axis", "tie_break_left", "keep_dims"},
       2,
       argMaxOrMin},
      {"argmin",
       Lang | TensorMethod,
       {"input", "axis", "tie_break_left", "keep_dims"},
       2,
       argMaxOrMin},
      {"associative_scan",
       Lang | TensorMethod,
       {"input", "axis", "combine_fn", "reverse"},
       3,
       associativeScan},
      {"cumsum",
       Lang | TensorMethod,
       {"input", "axis", "reverse", "dtype"},
       1,
       cumulative},
      {"cumprod", Lang | TensorMethod, {"input", "axis", "reverse"}, 1, cumulative},
  };
  return defs;
}
