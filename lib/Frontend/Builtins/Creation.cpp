//===- Creation.cpp - program ids, ranges and filled tensors ----*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The builtins that make values from nothing: tl.program_id and
// tl.num_programs (tt.get_program_id / tt.get_num_programs), tl.arange
// (tt.make_range, a power-of-2 range of int32) and tl.full, tl.zeros,
// tl.zeros_like (a scalar constant or cast, splat to the shape).
//
//===----------------------------------------------------------------------===//

#include "Builtins/Builtins.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tt::frontend;
using namespace tt::frontend::detail;
namespace tr = mlir::triton;

/// tl.program_id(axis) and tl.num_programs(axis).
static VR programIdOrCount(CodeGen &cg, const BuiltinCall &c) {
  auto axis = constInt(cg, c.arg(0), c.name + " axis");
  if (!axis)
    return std::nullopt;
  if (*axis < 0 || *axis > 2)
    return cg.error(c.name + " axis must be 0, 1 or 2, got " +
                    std::to_string(*axis));
  auto dim = (tr::ProgramIDDim)*axis;
  Value v = c.name == "program_id"
                ? tr::GetProgramIdOp::create(cg.b, cg.loc, dim).getResult()
                : tr::GetNumProgramsOp::create(cg.b, cg.loc, dim).getResult();
  return Val::ofTensor(v, TType{DType(SK::I32), {}});
}

static VR arange(CodeGen &cg, const BuiltinCall &c) {
  for (size_t k = 0; k < 2; ++k)
    if (c.arg(k)->kind != Val::Int)
      return cg.error(c.a.locs[k],
                      std::string("arange's ") + c.def.params[k] +
                          " must be a compile-time integer (tl.constexpr), "
                          "got " +
                          c.arg(k)->describe());
  int64_t start = c.arg(0)->i, end = c.arg(1)->i;
  if (start < INT32_MIN || end > INT32_MAX)
    return cg.error("arange's bounds must fit in int32");
  if (end <= start)
    return cg.error("arange's end must be greater than its start");
  int64_t n = end - start;
  if (!llvm::isPowerOf2_64(n))
    return cg.error("arange's range must be a power of 2, got " +
                    std::to_string(n));
  if (n > (1 << 20))
    return cg.error("arange's range exceeds the maximum tensor size 1048576");
  TType t{DType(SK::I32), {n}};
  Value v = tr::MakeRangeOp::create(cg.b, cg.loc, cg.irType(t),
                                    (uint32_t)start, (uint32_t)end);
  return Val::ofTensor(v, t);
}

/// A tensor of `shape` filled with `value` (a number or a scalar tensor)
/// as `dt`; `shapeLoc` is where errors about the shape point.
static VR fill(CodeGen &cg, const std::string &fn, const Val &shapeV,
               const Val &value, DType dt, const SrcLoc &shapeLoc) {
  auto shape = constShape(cg, shapeV, fn, shapeLoc);
  if (!shape)
    return std::nullopt;
  Val scalar;
  if (value.isNumber()) {
    scalar = cg.scalarConstant(value, dt);
  } else if (value.isTensor()) {
    if (value.ty.isBlock())
      return cg.error(fn + "'s value must be a scalar, got " +
                      value.describe());
    VR x = cg.cast(value, dt);
    if (!x)
      return std::nullopt;
    scalar = *x;
  } else {
    return cg.error(fn +
                    "'s value must be a number or a scalar tensor, "
                    "got " +
                    value.describe());
  }
  return cg.broadcastTo(scalar, *shape);
}

static VR full(CodeGen &cg, const BuiltinCall &c) {
  auto dt = dtypeArg(cg, c.arg(2), c.name + "'s dtype");
  if (!dt)
    return std::nullopt;
  return fill(cg, c.name, *c.arg(0), *c.arg(1), *dt, c.a.locs[0]);
}

static VR zeros(CodeGen &cg, const BuiltinCall &c) {
  auto dt = dtypeArg(cg, c.arg(1), c.name + "'s dtype");
  if (!dt)
    return std::nullopt;
  return fill(cg, c.name, *c.arg(0), Val::ofInt(0), *dt, c.a.locs[0]);
}

static VR zerosLike(CodeGen &cg, const BuiltinCall &c) {
  VR x = c.tensorArg(cg, 0);
  if (!x)
    return std::nullopt;
  return fill(cg, c.name, shapeTuple(x->ty.shape), Val::ofInt(0), x->ty.elt,
              c.a.locs[0]);
}

llvm::ArrayRef<BuiltinDef> tt::frontend::detail::creationBuiltins() {
  static const BuiltinDef defs[] = {
      {"program_id", Lang, {"axis"}, 1, programIdOrCount},
      {"num_programs", Lang, {"axis"}, 1, programIdOrCount},
      {"arange", Lang, {"start", "end"}, 2, arange},
      {"full", Lang, {"shape", "value", "dtype"}, 3, full},
      {"zeros", Lang, {"shape", "dtype"}, 2, zeros},
      {"zeros_like", Lang, {"input"}, 1, zerosLike},
  };
  return defs;
}
