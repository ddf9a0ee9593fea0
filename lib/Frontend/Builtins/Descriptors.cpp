//===- Descriptors.cpp - tensor descriptors ---------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// tl.make_tensor_descriptor (tt.make_tensor_descriptor, checked as upstream
// checks it: 1 to 5 dimensions, a last dimension of at least 16 bytes and
// stride 1), a descriptor's load and store (tt.descriptor_load / store),
// also as tl.load_tensor_descriptor / tl.store_tensor_descriptor.
//
//===----------------------------------------------------------------------===//

#include "Builtins/Builtins.h"

using namespace mlir;
using namespace tt::frontend;
using namespace tt::frontend::detail;
namespace tr = mlir::triton;

VR CodeGen::makeTensorDescriptor(const Val &base, const Val &shapeArg,
                                 const Val &stridesArg, const Val &blockArg,
                                 const Val *padding) {
  const std::string fn = "tl.make_tensor_descriptor";
  if (!base.isTensor() || base.ty.isBlock() || !base.ty.elt.isPtr())
    return error(fn + " needs a scalar pointer as its base, got " +
                 base.describe());
  DType elt = base.ty.elt.element();
  if (elt.isBool() || elt.isPtr())
    return error(fn + ": descriptors of " + elt.name() +
                 " elements are not supported");
  auto block = constShape(*this, blockArg, fn, errLoc);
  if (!block)
    return std::nullopt;
  size_t rank = block->size();
  if (rank < 1 || rank > 5)
    return error(fn + ": a descriptor has 1 to 5 dimensions, block_shape "
                      "has " +
                 std::to_string(rank));
  std::vector<Val> shape = items(shapeArg), strides = items(stridesArg);
  if (shape.size() != rank || strides.size() != rank)
    return error(fn + ": shape, strides and block_shape need the same "
                      "number of dimensions (" +
                 std::to_string(shape.size()) + ", " +
                 std::to_string(strides.size()) + ", " +
                 std::to_string(rank) + ")");
  int64_t rowBytes = block->back() * (elt.bits() / 8);
  if (rowBytes < 16)
    return error(fn + ": the last dimension of a block must span at least "
                      "16 bytes, got " +
                 std::to_string(block->back()) + " x " +
                 std::to_string(elt.bits() / 8) + " bytes");
  const Val &last = strides.back();
  if (!(last.kind == Val::Int && last.i == 1))
    return error(fn + ": the last stride must be the constant 1, got " +
                 last.describe());
  // The values of `vals` (the argument `what`) as integer scalars of `dt`,
  // into `out` and `kept`.
  std::vector<Val> kept;
  auto scalars = [&](const std::vector<Val> &vals, DType dt, const char *what,
                     SmallVector<Value> &out) {
    for (size_t k = 0; k < rank; ++k) {
      const Val &v = vals[k];
      VR x;
      if (v.kind == Val::Int)
        x = scalarConstant(v, dt);
      else if (!v.isTensor() || v.ty.isBlock() || !v.ty.elt.isInt() ||
               v.ty.elt.isBool())
        return error(fn + ": " + what + "[" + std::to_string(k) +
                     "] must be an integer scalar, got " + v.describe()),
               false;
      else
        x = cast(v, dt);
      if (!x)
        return false;
      out.push_back(x->v);
      kept.push_back(*x);
    }
    return true;
  };
  SmallVector<Value> shapeValues, strideValues;
  if (!scalars(shape, DType(SK::I32), "shape", shapeValues) ||
      !scalars(strides, DType(SK::I64), "strides", strideValues))
    return std::nullopt;
  auto pad = strArg(*this, padding, "padding_option");
  if (!pad)
    return std::nullopt;
  if (!pad->empty() && *pad != "zero" && *pad != "nan")
    return error(fn + ": padding_option must be 'zero' or 'nan', got '" +
                 *pad + "'");
  if (*pad == "nan" && !elt.isFloat())
    return error(fn + ": padding_option 'nan' needs floating-point elements");
  auto op = tr::MakeTensorDescOp::create(b, loc, base.v, shapeValues,
                                         strideValues, *block);
  if (*pad == "nan")
    op.setPadding(tr::PaddingOption::PAD_NAN);
  return Val::ofDesc(op.getResult(), TType{elt, *block}, std::move(kept));
}

/// The block offsets of a descriptor access: one i32 per dimension.
static std::optional<SmallVector<Value>> descOffsets(CodeGen &cg,
                                                     const Val &desc,
                                                     const Val &offsets,
                                                     const std::string &fn) {
  std::vector<Val> offs = items(offsets);
  if (offs.size() != desc.ty.shape.size()) {
    cg.error(fn + ": the descriptor has " +
             std::to_string(desc.ty.shape.size()) +
             " dimensions, so it needs as many offsets, got " +
             std::to_string(offs.size()));
    return std::nullopt;
  }
  SmallVector<Value> out;
  for (size_t k = 0; k < offs.size(); ++k) {
    const Val &o = offs[k];
    if (o.kind != Val::Int &&
        (!o.isTensor() || o.ty.isBlock() || !o.ty.elt.isInt() ||
         o.ty.elt.isBool())) {
      cg.error(fn + ": offset " + std::to_string(k) +
               " must be an integer scalar, got " + o.describe());
      return std::nullopt;
    }
    VR x = o.kind == Val::Int ? VR(cg.scalarConstant(o, DType(SK::I32)))
                              : cg.cast(o, DType(SK::I32));
    if (!x)
      return std::nullopt;
    out.push_back(x->v);
  }
  return out;
}

VR CodeGen::descriptorLoad(const Val &desc, const Val &offsets) {
  auto offs = descOffsets(*this, desc, offsets, "descriptor load");
  if (!offs)
    return std::nullopt;
  Value v = tr::DescriptorLoadOp::create(
      b, loc, irType(desc.ty), desc.v, *offs, tr::CacheModifier::NONE,
      tr::EvictionPolicy::NORMAL);
  return Val::ofTensor(v, desc.ty);
}

VR CodeGen::descriptorStore(const Val &desc, const Val &offsets,
                            const Val &value) {
  auto offs = descOffsets(*this, desc, offsets, "descriptor store");
  if (!offs)
    return std::nullopt;
  VR t = toTensor(value);
  if (!t)
    return std::nullopt;
  if (t->ty.shape != desc.ty.shape)
    return error("descriptor store: the value has shape " +
                 shapeStr(t->ty.shape) + ", the descriptor's blocks " +
                 shapeStr(desc.ty.shape));
  // Stored values take the descriptor's element type, as upstream casts.
  VR c = cast(*t, desc.ty.elt);
  if (!c)
    return std::nullopt;
  tr::DescriptorStoreOp::create(b, loc, desc.v, c->v, *offs);
  return Val::none();
}

static VR makeTensorDescriptor(CodeGen &cg, const BuiltinCall &c) {
  return cg.makeTensorDescriptor(*c.arg(0), *c.arg(1), *c.arg(2), *c.arg(3),
                                 c.arg(4));
}

/// The descriptor argument of tl.load_tensor_descriptor and
/// tl.store_tensor_descriptor.
static bool checkDescriptorArg(CodeGen &cg, const BuiltinCall &c) {
  if (c.arg(0)->kind == Val::Desc)
    return true;
  return cg.error(c.a.locs[0], "tl." + c.name +
                                   " needs a tensor descriptor, got " +
                                   c.arg(0)->describe()),
         false;
}

static VR loadTensorDescriptor(CodeGen &cg, const BuiltinCall &c) {
  if (!checkDescriptorArg(cg, c))
    return std::nullopt;
  return cg.descriptorLoad(*c.arg(0), *c.arg(1));
}

static VR storeTensorDescriptor(CodeGen &cg, const BuiltinCall &c) {
  if (!checkDescriptorArg(cg, c))
    return std::nullopt;
  return cg.descriptorStore(*c.arg(0), *c.arg(1), *c.arg(2));
}

/// desc.load(offsets) and desc.store(offsets, value): `self` is the
/// descriptor.
static VR descriptorLoadMethod(CodeGen &cg, const BuiltinCall &c) {
  return cg.descriptorLoad(*c.self, *c.arg(0));
}

static VR descriptorStoreMethod(CodeGen &cg, const BuiltinCall &c) {
  return cg.descriptorStore(*c.self, *c.arg(0), *c.arg(1));
}

llvm::ArrayRef<BuiltinDef> tt::frontend::detail::descriptorBuiltins() {
  static const BuiltinDef defs[] = {
      {"make_tensor_descriptor",
       Lang,
       {"base", "shape", "strides", "block_shape", "padding_option"},
       4,
       makeTensorDescriptor},
      {"load_tensor_descriptor",
       Lang,
       {"desc", "offsets"},
       2,
       loadTensorDescriptor},
      {"store_tensor_descriptor",
       Lang,
       {"desc", "offsets", "value"},
       3,
       storeTensorDescriptor},
      {"descriptor.load", Hidden, {"offsets"}, 1, descriptorLoadMethod},
      {"descriptor.store",
       Hidden,
       {"offsets", "value"},
       2,
       descriptorStoreMethod},
  };
  return defs;
}
