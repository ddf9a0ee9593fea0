//===- Attributes.cpp - attributes and module members -----------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// What `x.name` means: a tensor's dtype, shape, numel and .T, a dtype's
// element_ty and bit widths, a descriptor's shapes, and methods (bound to
// their receiver, called through the builtins' table); and what
// `module.name` means in triton, triton.language (dtypes and the builtins
// the table lists for it), triton.language.math and tl.PropagateNan.
//
//===----------------------------------------------------------------------===//

#include "Builtins/Builtins.h"

using namespace mlir;
using namespace tt::frontend;
using namespace tt::frontend::detail;
namespace tr = mlir::triton;

static Val method(const Val &self, const std::string &name) {
  Val m;
  m.kind = Val::Method;
  m.s = name;
  m.elts = std::make_shared<std::vector<Val>>(std::vector<Val>{self});
  return m;
}

VR CodeGen::attribute(const Val &obj, const std::string &name) {
  if (obj.isTensor()) {
    if (name == "dtype")
      return Val::ofDType(obj.ty.elt);
    if (name == "shape")
      return shapeTuple(obj.ty.shape);
    if (name == "numel")
      return Val::ofInt(obj.ty.numel());
    if (name == "T") {
      if (obj.ty.shape.size() != 2)
        return error(".T needs a 2-D tensor");
      TType t{obj.ty.elt, {obj.ty.shape[1], obj.ty.shape[0]}};
      Value v = tr::TransOp::create(b, loc, obj.v, ArrayRef<int32_t>{1, 0});
      return Val::ofTensor(v, t);
    }
    if (isBuiltinIn(name, TensorMethod))
      return method(obj, name);
    return error("tensor has no attribute '" + name + "'");
  }
  if (obj.kind == Val::DTypeV) {
    if (name == "element_ty") {
      if (!obj.dt.isPtr())
        return error("'" + obj.dt.name() +
                     "' is not a pointer type and has "
                     "no element_ty");
      return Val::ofDType(obj.dt.element());
    }
    if (name == "primitive_bitwidth" || name == "int_bitwidth")
      return Val::ofInt(obj.dt.bits());
    if (name == "name")
      return Val::ofStr(obj.dt.name());
    if (name == "scalar")
      return obj;
    if (isDTypeMethod(name))
      return method(obj, name);
    return error("dtype has no attribute '" + name + "'");
  }
  if (obj.kind == Val::Desc) {
    if (name == "dtype")
      return Val::ofDType(obj.ty.elt);
    if (name == "block_shape")
      return shapeTuple(obj.ty.shape);
    size_t rank = obj.ty.shape.size();
    if (name == "shape" || name == "strides") {
      auto first = obj.tuple().begin() + (name == "shape" ? 0 : rank);
      return Val::ofTuple(std::vector<Val>(first, first + rank));
    }
    if (name == "load" || name == "store")
      return method(obj, name);
    return error("tensor descriptor has no attribute '" + name +
                 "' (tt's frontend has dtype, block_shape, shape, strides, "
                 "load and store)");
  }
  if (obj.isNumber() && name == "value")
    return obj;
  return error(obj.describe() + " has no attribute '" + name + "'");
}


VR CodeGen::moduleAttribute(const std::string &path, const std::string &name) {
  if (path == "triton") {
    if (name == "language")
      return Val::ofModule("triton.language");
    if (name == "jit" || name == "cdiv" || name == "next_power_of_2")
      return Val::ofBuiltin(name == "cdiv" ? "cdiv" : "triton." + name);
    return error("module 'triton' has no attribute '" + name +
                 "' usable in a @triton.jit function");
  }
  if (path == "triton.language" || path == "triton.language.core" ||
      path == "triton.language.standard") {
    if (std::optional<DType> d = dtypeFromLanguageName(name))
      return Val::ofDType(*d);
    if (name == "math")
      return Val::ofModule("triton.language.math");
    if (name == "PropagateNan")
      return Val::ofModule("triton.language.PropagateNan");
    if (name == "core" || name == "standard")
      return Val::ofModule("triton.language." + name);
    if (isBuiltinIn(name, Lang))
      return Val::ofBuiltin(name);
    return error("unknown triton.language function or attribute '" + name +
                 "' (not in triton.language, or not supported by tt's "
                 "frontend)");
  }
  if (path == "triton.language.math") {
    if (name == "max" || name == "min")
      return Val::ofBuiltin(name == "max" ? "maximum" : "minimum");
    if (isBuiltinIn(name, MathLib))
      return Val::ofBuiltin(name);
    return error("unknown triton.language.math function '" + name + "'");
  }
  if (path == "triton.language.PropagateNan") {
    if (name == "ALL")
      return Val::ofInt(0xFFFF);
    if (name == "NONE")
      return Val::ofInt(0);
    return error("tl.PropagateNan has no member '" + name + "'");
  }
  return error("module '" + path +
               "' cannot be used in a @triton.jit "
               "function");
}
