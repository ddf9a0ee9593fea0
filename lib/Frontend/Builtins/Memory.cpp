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

/// The cache modifiers, in the order errors list them, and the builtins
/// that take each: loads (.ca, .cv), stores (.wb, .cs, .wt) or both.
enum CacheUse : unsigned { OnLoad = 1, OnStore = 2 };
static const struct {
  const char *name;
  tr::CacheModifier value;
  unsigned use;
} kCaches[] = {{"", tr::CacheModifier::NONE, OnLoad | OnStore},
               {".ca", tr::CacheModifier::CA, OnLoad},
               {".wb", tr::CacheModifier::WB, OnStore},
               {".cg", tr::CacheModifier::CG, OnLoad | OnStore},
               {".cs", tr::CacheModifier::CS, OnStore},
               {".cv", tr::CacheModifier::CV, OnLoad},
               {".wt", tr::CacheModifier::WT, OnStore}};

/// The spellings of the eviction policy.
static const std::pair<const char *, tr::EvictionPolicy> kEvictions[] = {
    {"", tr::EvictionPolicy::NORMAL},
    {"evict_normal", tr::EvictionPolicy::NORMAL},
    {"evict_first", tr::EvictionPolicy::EVICT_FIRST},
    {"evict_last", tr::EvictionPolicy::EVICT_LAST}};

/// The cache_modifier and eviction_policy arguments of a load or a store
/// (arguments `k` and `k + 1`), as written.
using HintArgs = std::pair<std::string, std::string>;
static std::optional<HintArgs> hintArgs(CodeGen &cg, const BuiltinCall &c,
                                        size_t k) {
  auto cm = strArg(cg, c.arg(k), "cache_modifier");
  auto ep = cm ? strArg(cg, c.arg(k + 1), "eviction_policy") : std::nullopt;
  if (!ep)
    return std::nullopt;
  return HintArgs{*cm, *ep};
}

/// What the hints mean to builtin `op` (a load or a store: `use`).
using Hints = std::pair<tr::CacheModifier, tr::EvictionPolicy>;
static std::optional<Hints> hints(CodeGen &cg, const HintArgs &args,
                                  CacheUse use, const std::string &op) {
  SmallVector<std::pair<const char *, tr::CacheModifier>> caches;
  for (const auto &c : kCaches)
    if (c.use & use)
      caches.push_back({c.name, c.value});
  auto cache = pickOption<tr::CacheModifier>(cg, args.first, caches,
                                             op + "'s cache_modifier");
  auto evict = cache ? pickOption<tr::EvictionPolicy>(
                           cg, args.second, kEvictions, "eviction_policy")
                     : std::nullopt;
  if (!evict)
    return std::nullopt;
  return Hints{*cache, *evict};
}

/// Fits the operands that are set to the pointer `p`: broadcast to its
/// shape (`context` names the builtin in errors), or, for a scalar pointer,
/// required to be scalars (`operands` names them in the error).
static bool fitToPointer(CodeGen &cg, const Val &p, const char *context,
                         const std::string &operands,
                         std::initializer_list<std::optional<Val> *> vs) {
  if (!p.ty.isBlock()) {
    for (std::optional<Val> *v : vs)
      if (*v && (*v)->ty.isBlock())
        return cg.error(operands + " cannot be tensors when the pointer is "
                                   "a scalar"),
               false;
    return true;
  }
  cg.opContext = context;
  for (std::optional<Val> *v : vs) {
    if (!*v)
      continue;
    VR x = cg.broadcastTo(**v, p.ty.shape);
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
  auto args = hintArgs(cg, c, 5);
  auto vol = args ? constBool(cg, c.arg(7), false, "volatile") : std::nullopt;
  auto h = vol ? hints(cg, *args, OnLoad, "tl.load") : std::nullopt;
  Val p = *ptr;
  if (!h || !fitToPointer(cg, p, " for tl.load's mask",
                          "tl.load's mask and other", {&mask, &other}))
    return std::nullopt;
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
  Value v =
      tr::LoadOp::create(cg.b, cg.loc, p.v, mask ? mask->v : Value(),
                         other ? other->v : Value(), h->first, h->second, *vol);
  Val r = Val::ofTensor(v, TType{elt, p.ty.shape});
  if (isBool)
    return cg.cast(r, DType(SK::I1));
  return r;
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
  auto args = hintArgs(cg, c, 4);
  auto h = args ? hints(cg, *args, OnStore, "tl.store") : std::nullopt;
  Val p = *ptr;
  std::optional<Val> v = *val;
  if (!h || !fitToPointer(cg, p, " for tl.store", "tl.store's value and mask",
                          {&v, &mask}))
    return std::nullopt;
  DType elt = p.ty.elt.element();
  if (!boolAsInt8(cg, p, elt))
    return std::nullopt;
  VR cv = cg.cast(*v, elt);
  if (!cv)
    return std::nullopt;
  tr::StoreOp::create(cg.b, cg.loc, p.v, cv->v, mask ? mask->v : Value(),
                      ArrayRef<int32_t>{}, h->first, h->second);
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
