//===- Memory.cpp - tl.load and tl.store ------------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Loads and stores through pointers and tensors of pointers (tt.load,
// tt.store): the mask and `other` are broadcast to the pointer's shape,
// values take the pointee's type, bool memory is accessed as int8, and the
// cache and eviction hints are upstream's strings. Block pointers are not
// supported; tensor descriptors are in Descriptors.cpp.
//
//===----------------------------------------------------------------------===//

#include "Builtins/Builtins.h"

#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace tt::frontend;
using namespace tt::frontend::detail;
namespace tr = mlir::triton;

/// The pointer (or tensor of pointers) of tl.load / tl.store.
static VR pointerArg(CodeGen &cg, const BuiltinCall &c, const std::string &fn) {
  VR ptr = c.tensorArg(cg, 0);
  if (!ptr)
    return std::nullopt;
  if (!ptr->ty.elt.isPtr())
    return cg.error(c.a.locs[0], fn + " needs a pointer or a tensor of "
                                      "pointers, got " +
                                     ptr->describe());
  return ptr;
}

/// boundary_check is only accepted empty.
static bool checkNoBoundaryCheck(CodeGen &cg, const Val *bc) {
  if (bc && !(bc->kind == Val::Tuple && bc->tuple().empty()) &&
      bc->kind != Val::None)
    return cg.error("boundary_check is only for block pointers, which tt's "
                    "frontend does not support"),
           false;
  return true;
}

/// The optional mask argument `k`: a tensor of int1.
static bool maskArg(CodeGen &cg, const BuiltinCall &c, size_t k,
                    const std::string &fn, std::optional<Val> &mask) {
  if (!c.given(k))
    return true;
  VR m = cg.toTensor(*c.arg(k));
  if (!m)
    return false;
  if (!m->ty.elt.isBool())
    return cg.error(c.a.locs[k], fn + "'s mask must have boolean (int1) "
                                      "elements, got " +
                                     m->describe()),
           false;
  mask = *m;
  return true;
}

static std::optional<tr::EvictionPolicy> evictionPolicy(CodeGen &cg,
                                                        const std::string &ep) {
  auto evict = llvm::StringSwitch<std::optional<tr::EvictionPolicy>>(ep)
                   .Cases({"", "evict_normal"}, tr::EvictionPolicy::NORMAL)
                   .Case("evict_first", tr::EvictionPolicy::EVICT_FIRST)
                   .Case("evict_last", tr::EvictionPolicy::EVICT_LAST)
                   .Default(std::nullopt);
  if (!evict)
    cg.error("eviction_policy must be '', 'evict_normal', "
             "'evict_first' or 'evict_last', got '" +
             ep + "'");
  return evict;
}

/// Broadcasts the operands that are set to the pointer's `shape`;
/// `opContext` names the builtin in errors.
static bool broadcastToPointer(CodeGen &cg, llvm::ArrayRef<int64_t> shape,
                               const char *context,
                               std::initializer_list<std::optional<Val> *> vs) {
  cg.opContext = context;
  for (std::optional<Val> *v : vs) {
    if (!*v)
      continue;
    VR x = cg.broadcastTo(**v, shape);
    if (!x)
      return false;
    *v = *x;
  }
  cg.opContext.clear();
  return true;
}

/// Memory of bools is accessed as int8: retypes the pointer `p` and `elt`.
static bool boolAsInt8(CodeGen &cg, Val &p, DType &elt) {
  if (!elt.isBool())
    return true;
  elt = DType(SK::I8);
  VR pc = cg.cast(p, DType::ptrTo(SK::I8));
  if (!pc)
    return false;
  p = *pc;
  return true;
}

static std::optional<tr::CacheModifier> loadCacheModifier(CodeGen &cg,
                                                          const std::string &cm) {
  auto cache = llvm::StringSwitch<std::optional<tr::CacheModifier>>(cm)
                   .Case("", tr::CacheModifier::NONE)
                   .Case(".ca", tr::CacheModifier::CA)
                   .Case(".cg", tr::CacheModifier::CG)
                   .Case(".cv", tr::CacheModifier::CV)
                   .Default(std::nullopt);
  if (!cache)
    cg.error("tl.load's cache_modifier must be '', '.ca', '.cg' or "
             "'.cv', got '" +
             cm + "'");
  return cache;
}

static VR load(CodeGen &cg, const BuiltinCall &c) {
  VR ptr = pointerArg(cg, c, "tl.load");
  if (!ptr || !checkNoBoundaryCheck(cg, c.arg(3)))
    return std::nullopt;
  std::optional<Val> mask, other;
  if (!maskArg(cg, c, 1, "tl.load", mask))
    return std::nullopt;
  if (c.given(2)) {
    if (!mask)
      return cg.error(c.a.locs[2], "tl.load's 'other' needs a 'mask'");
    VR o = cg.toTensor(*c.arg(2));
    if (!o)
      return std::nullopt;
    other = *o;
  }
  auto cm = strArg(cg, c.arg(5), "cache_modifier");
  auto ep = cm ? strArg(cg, c.arg(6), "eviction_policy") : std::nullopt;
  auto vol = ep ? constBool(cg, c.arg(7), false, "volatile") : std::nullopt;
  if (!vol)
    return std::nullopt;
  auto cache = loadCacheModifier(cg, *cm);
  auto evict = cache ? evictionPolicy(cg, *ep) : std::nullopt;
  if (!evict)
    return std::nullopt;
  Val p = *ptr;
  if (!p.ty.isBlock()) {
    if ((mask && mask->ty.isBlock()) || (other && other->ty.isBlock()))
      return cg.error("tl.load's mask and other cannot be tensors when the "
                      "pointer is a scalar");
  } else if (!broadcastToPointer(cg, p.ty.shape, " for tl.load's mask",
                                 {&mask, &other})) {
    return std::nullopt;
  }
  DType elt = p.ty.elt.element();
  bool isBool = elt.isBool();
  if (!boolAsInt8(cg, p, elt))
    return std::nullopt;
  if (other) {
    VR o = cg.cast(*other, elt);
    if (!o)
      return std::nullopt;
    other = *o;
  }
  Value v = tr::LoadOp::create(cg.b, cg.loc, p.v, mask ? mask->v : Value(),
                               other ? other->v : Value(), *cache, *evict,
                               *vol);
  Val r = Val::ofTensor(v, TType{elt, p.ty.shape});
  if (isBool)
    return cg.cast(r, DType(SK::I1));
  return r;
}

static std::optional<tr::CacheModifier>
storeCacheModifier(CodeGen &cg, const std::string &cm) {
  auto cache = llvm::StringSwitch<std::optional<tr::CacheModifier>>(cm)
                   .Case("", tr::CacheModifier::NONE)
                   .Case(".wb", tr::CacheModifier::WB)
                   .Case(".cg", tr::CacheModifier::CG)
                   .Case(".cs", tr::CacheModifier::CS)
                   .Case(".wt", tr::CacheModifier::WT)
                   .Default(std::nullopt);
  if (!cache)
    cg.error("tl.store's cache_modifier must be '', '.wb', '.cg', "
             "'.cs' or '.wt', got '" +
             cm + "'");
  return cache;
}

static VR store(CodeGen &cg, const BuiltinCall &c) {
  VR ptr = pointerArg(cg, c, "tl.store");
  if (!ptr)
    return std::nullopt;
  VR val = c.tensorArg(cg, 1);
  if (!val || !checkNoBoundaryCheck(cg, c.arg(3)))
    return std::nullopt;
  std::optional<Val> mask;
  if (!maskArg(cg, c, 2, "tl.store", mask))
    return std::nullopt;
  auto cm = strArg(cg, c.arg(4), "cache_modifier");
  auto ep = cm ? strArg(cg, c.arg(5), "eviction_policy") : std::nullopt;
  if (!ep)
    return std::nullopt;
  auto cache = storeCacheModifier(cg, *cm);
  auto evict = cache ? evictionPolicy(cg, *ep) : std::nullopt;
  if (!evict)
    return std::nullopt;
  Val p = *ptr;
  std::optional<Val> v = *val;
  if (!p.ty.isBlock()) {
    if (v->ty.isBlock() || (mask && mask->ty.isBlock()))
      return cg.error("tl.store's value and mask cannot be tensors when the "
                      "pointer is a scalar");
  } else if (!broadcastToPointer(cg, p.ty.shape, " for tl.store",
                                 {&v, &mask})) {
    return std::nullopt;
  }
  DType elt = p.ty.elt.element();
  if (!boolAsInt8(cg, p, elt))
    return std::nullopt;
  VR cv = cg.cast(*v, elt);
  if (!cv)
    return std::nullopt;
  tr::StoreOp::create(cg.b, cg.loc, p.v, cv->v, mask ? mask->v : Value(),
                      ArrayRef<int32_t>{}, *cache, *evict);
  return Val::none();
}

llvm::ArrayRef<BuiltinDef> tt::frontend::detail::memoryBuiltins() {
  static const BuiltinDef defs[] = {
      {"load",
       Lang,
       {"pointer", "mask", "other", "boundary_check", "padding_option",
        "cache_modifier", "eviction_policy", "volatile"},
       1,
       load},
      {"store",
       Lang,
       {"pointer", "value", "mask", "boundary_check", "cache_modifier",
        "eviction_policy"},
       2,
       store},
  };
  return defs;
}
