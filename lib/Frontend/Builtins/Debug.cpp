//===- Debug.cpp - printing, assertions and hints ---------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The builtins that leave the computation alone: tl.static_print (at
// compile time), tl.static_assert, the compiler hints tl.multiple_of,
// tl.max_contiguous, tl.max_constancy (attributes on the defining op) and
// tl.assume (checked, then dropped); and the names a kernel may not call:
// print / tl.device_print, isinstance, getattr, triton.jit. static_assert,
// tl.range and tl.static_range are listed for name resolution only: the
// code generator handles them before any call is made.
//
//===----------------------------------------------------------------------===//

#include "Builtins/Builtins.h"

#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace mlir;
using namespace tt::frontend;
using namespace tt::frontend::detail;

static VR staticPrint(CodeGen &cg, const BuiltinCall &c) {
  std::string line;
  for (const Val &v : c.call.args)
    line +=
        (line.empty() ? "" : " ") + (v.kind == Val::Str ? v.s : v.describe());
  llvm::errs() << line << "\n";
  return Val::none();
}

static VR devicePrint(CodeGen &cg, const BuiltinCall &c) {
  return cg.error("print / tl.device_print is not supported by tt's frontend");
}

/// isinstance() and getattr().
static VR unsupportedPython(CodeGen &cg, const BuiltinCall &c) {
  return cg.error(c.name.substr(3) + "() is not supported by tt's frontend");
}

static VR tritonJit(CodeGen &cg, const BuiltinCall &c) {
  return cg.error("triton.jit cannot be called inside a kernel");
}

/// tl.multiple_of, tl.max_contiguous and tl.max_constancy: one value per
/// dimension, set as tt.divisibility / tt.contiguity / tt.constancy on the
/// op defining the tensor.
static VR hint(CodeGen &cg, const BuiltinCall &c) {
  const std::string &name = c.name;
  const Val *x = c.arg(0);
  if (!x->isTensor())
    return cg.error(name + "() needs a tensor, got " + x->describe());
  SmallVector<int32_t> ints;
  for (const Val &v : items(*c.arg(1))) {
    if (v.kind != Val::Int)
      return cg.error(name + "() values must be compile-time integers");
    ints.push_back((int32_t)v.i);
  }
  size_t rank = std::max<size_t>(1, x->ty.shape.size());
  if (ints.size() != rank)
    return cg.error(name + "() needs " + std::to_string(rank) +
                    " values for a tensor of rank " +
                    std::to_string(x->ty.shape.size()));
  Operation *def = x->v.getDefiningOp();
  if (!def)
    return cg.error(name + "() cannot annotate a function argument directly; "
                           "use the signature's divisibility hint");
  const char *attr = name == "multiple_of"      ? "tt.divisibility"
                     : name == "max_contiguous" ? "tt.contiguity"
                                                : "tt.constancy";
  auto type = RankedTensorType::get({(int64_t)ints.size()}, cg.b.getI32Type());
  def->setAttr(attr, DenseIntElementsAttr::get(type, ints));
  return *x;
}

/// An optimization hint (upstream emits llvm.intr.assume); dropping it is
/// always correct, and the TTIR stays free of LLVM-dialect ops.
static VR assume(CodeGen &cg, const BuiltinCall &c) {
  const Val *cond = c.arg(0);
  if (cond->isTensor() ? !cond->ty.elt.isBool() : !cond->isNumber())
    return cg.error("tl.assume needs a boolean condition, got " +
                    cond->describe());
  return Val::none();
}

llvm::ArrayRef<BuiltinDef> tt::frontend::detail::debugBuiltins() {
  static const BuiltinDef defs[] = {
      {"static_print", Lang, {}, kUnbound, staticPrint},
      {"static_assert", Lang, {}, kUnbound, nullptr},
      {"static_range", Lang, {}, kUnbound, nullptr},
      {"range", Lang, {}, kUnbound, nullptr},
      {"py.print", Hidden, {}, kUnbound, devicePrint},
      {"py.isinstance", Hidden, {}, kUnbound, unsupportedPython},
      {"py.getattr", Hidden, {}, kUnbound, unsupportedPython},
      {"triton.jit", Hidden, {}, kUnbound, tritonJit},
      {"multiple_of", Lang | TensorMethod, {"input", "values"}, 2, hint},
      {"max_contiguous", Lang | TensorMethod, {"input", "values"}, 2, hint},
      {"max_constancy", Lang | TensorMethod, {"input", "values"}, 2, hint},
      {"assume", Lang, {"cond"}, 1, assume},
  };
  return defs;
}
