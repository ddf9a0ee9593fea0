//===- Shape.cpp - reshapes, permutations and broadcasts --------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The builtins that change a tensor's shape but not its elements:
// tl.reshape / tl.view (tt.reshape; a scalar is splat), tl.trans /
// tl.permute (tt.trans), tl.broadcast_to, tl.expand_dims (tt.expand_dims,
// axes sorted) and tl.broadcast (both operands to their common shape).
// The first four take their dimensions as upstream does: one by one, as a
// tuple, or as shape= / dims=.
//
//===----------------------------------------------------------------------===//

#include "Builtins/Builtins.h"

#include <algorithm>

using namespace mlir;
using namespace tt::frontend;
using namespace tt::frontend::detail;
namespace tr = mlir::triton;

namespace {
/// A call such as x.reshape(2, 3), tl.reshape(x, (2, 3)) or
/// tl.permute(x, dims=(1, 0)), read.
struct DimsCall {
  Val x;
  std::vector<Val> dims;
  bool canReorder = false;
};
} // namespace

static std::optional<DimsCall> readDims(CodeGen &cg, const BuiltinCall &c) {
  const std::string &name = c.name;
  std::vector<Val> args;
  if (c.self)
    args.push_back(*c.self);
  args.insert(args.end(), c.call.args.begin(), c.call.args.end());
  DimsCall out;
  for (auto &[kw, v] : c.call.kwargs) {
    if ((name == "reshape" || name == "view") && kw == "can_reorder") {
      std::optional<bool> t = constBool(cg, &v, false, "can_reorder");
      if (!t)
        return std::nullopt;
      out.canReorder = *t;
      continue;
    }
    if (kw == "shape" || kw == "dims") {
      args.push_back(v);
      continue;
    }
    cg.error(name + "() got an unexpected keyword argument '" + kw + "'");
    return std::nullopt;
  }
  if (args.empty() || !args[0].isTensor()) {
    cg.error(name + "() needs a tensor as its first argument");
    return std::nullopt;
  }
  out.x = args[0];
  out.dims.assign(args.begin() + 1, args.end());
  if (out.dims.size() == 1 && out.dims[0].kind == Val::Tuple)
    out.dims = out.dims[0].tuple();
  return out;
}

/// readDims, with the dimensions read as a block shape.
static std::optional<DimsCall> readShape(CodeGen &cg, const BuiltinCall &c,
                                         SmallVector<int64_t, 4> &shape) {
  auto d = readDims(cg, c);
  if (!d)
    return std::nullopt;
  auto s = constShape(cg, Val::ofTuple(d->dims), c.name, cg.errLoc);
  if (!s)
    return std::nullopt;
  shape = *s;
  return d;
}

/// tl.reshape and tl.view.
static VR reshape(CodeGen &cg, const BuiltinCall &c) {
  SmallVector<int64_t, 4> shape;
  auto d = readShape(cg, c, shape);
  if (!d)
    return std::nullopt;
  const Val &x = d->x;
  TType t{x.ty.elt, shape};
  if (t.numel() != x.ty.numel())
    return cg.error(c.name + "(): cannot reshape a tensor of " +
                    std::to_string(x.ty.numel()) + " elements into shape " +
                    shapeStr(shape));
  if (!x.ty.isBlock())
    return cg.broadcastTo(x, shape);
  Value v = tr::ReshapeOp::create(cg.b, cg.loc, t.shape, x.v, d->canReorder);
  return Val::ofTensor(v, t);
}

static VR broadcastTo(CodeGen &cg, const BuiltinCall &c) {
  SmallVector<int64_t, 4> shape;
  auto d = readShape(cg, c, shape);
  if (!d)
    return std::nullopt;
  return cg.broadcastTo(d->x, shape);
}

/// tl.trans (all dimensions reversed when none are given) and tl.permute.
static VR permute(CodeGen &cg, const BuiltinCall &c) {
  auto d = readDims(cg, c);
  if (!d)
    return std::nullopt;
  const std::string &name = c.name;
  const Val &x = d->x;
  SmallVector<int32_t> order;
  int rank = x.ty.shape.size();
  if (d->dims.empty()) {
    if (name == "permute")
      return cg.error("permute() needs the new order of the dimensions");
    for (int k = rank - 1; k >= 0; --k)
      order.push_back(k);
  }
  for (const Val &dim : d->dims) {
    if (dim.kind != Val::Int)
      return cg.error(name + "() dimensions must be compile-time integers");
    order.push_back((int32_t)dim.i);
  }
  if ((int)order.size() != rank)
    return cg.error(name + "() needs " + std::to_string(rank) +
                    " dimensions for a tensor of rank " +
                    std::to_string(rank));
  TType t{x.ty.elt, {}};
  for (int32_t o : order) {
    if (o < 0 || o >= rank)
      return cg.error(name + "() dimension out of range");
    t.shape.push_back(x.ty.shape[o]);
  }
  Value v = tr::TransOp::create(cg.b, cg.loc, x.v, order);
  return Val::ofTensor(v, t);
}

static VR expandDims(CodeGen &cg, const BuiltinCall &c) {
  VR x = c.tensorArg(cg, 0);
  if (!x)
    return std::nullopt;
  std::vector<Val> axes = items(*c.arg(1));
  std::vector<int> ax;
  int newRank = x->ty.shape.size() + axes.size();
  for (const Val &v : axes) {
    if (v.kind != Val::Int)
      return cg.error("expand_dims axes must be compile-time integers");
    int d = v.i < 0 ? (int)v.i + newRank : (int)v.i;
    if (d < 0 || d >= newRank)
      return cg.error("expand_dims axis out of range");
    ax.push_back(d);
  }
  std::sort(ax.begin(), ax.end());
  Val cur = *x;
  for (int d : ax) {
    VR e = cg.expandDims(cur, d);
    if (!e)
      return std::nullopt;
    cur = *e;
  }
  return cur;
}

static VR broadcast(CodeGen &cg, const BuiltinCall &c) {
  VR x = c.tensorArg(cg, 0), y = x ? c.tensorArg(cg, 1) : std::nullopt;
  if (!y)
    return std::nullopt;
  Val l = *x, r = *y;
  cg.opContext = " for tl.broadcast";
  bool ok = cg.broadcastPair(l, r);
  cg.opContext.clear();
  if (!ok)
    return std::nullopt;
  return Val::ofTuple({l, r});
}

llvm::ArrayRef<BuiltinDef> tt::frontend::detail::shapeBuiltins() {
  static const BuiltinDef defs[] = {
      {"reshape", Lang | TensorMethod, {}, kUnbound, reshape},
      {"view", Lang | TensorMethod, {}, kUnbound, reshape},
      {"broadcast_to", Lang | TensorMethod, {}, kUnbound, broadcastTo},
      {"trans", Lang | TensorMethod, {}, kUnbound, permute},
      {"permute", Lang | TensorMethod, {}, kUnbound, permute},
      {"expand_dims", Lang | TensorMethod, {"input", "axis"}, 2, expandDims},
      {"broadcast", Lang, {"input", "other"}, 2, broadcast},
  };
  return defs;
}
