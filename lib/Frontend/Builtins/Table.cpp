//===- Table.cpp - the builtins' table and their dispatch -------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Gathers the definitions of every family into one table, binds a call's
// arguments to a builtin's parameters the way Python does (positional, then
// keywords, then the required ones checked), and dispatches the call to its
// handler. Also the methods of dtypes (`d.is_floating()`), and the readers of
// compile-time arguments the handlers share.
//
//===----------------------------------------------------------------------===//

#include "Builtins/Builtins.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tt::frontend;
using namespace tt::frontend::detail;

//===----------------------------------------------------------------------===//
// The table
//===----------------------------------------------------------------------===//

static const llvm::StringMap<const BuiltinDef *> &builtinTable() {
  static const llvm::StringMap<const BuiltinDef *> table = [] {
    llvm::StringMap<const BuiltinDef *> t;
    for (auto family :
         {creationBuiltins, memoryBuiltins, descriptorBuiltins, mathBuiltins,
          shapeBuiltins, reduceBuiltins, dotBuiltins, castBuiltins,
          debugBuiltins})
      for (const BuiltinDef &def : family())
        if (!t.try_emplace(def.name, &def).second)
          llvm::report_fatal_error(llvm::Twine("builtin '") + def.name +
                                   "' is defined twice");
    return t;
  }();
  return table;
}

const BuiltinDef *tt::frontend::detail::lookupBuiltin(llvm::StringRef name) {
  auto it = builtinTable().find(name);
  return it == builtinTable().end() ? nullptr : it->second;
}

bool tt::frontend::detail::isBuiltinIn(llvm::StringRef name,
                                       BuiltinScope scope) {
  const BuiltinDef *def = lookupBuiltin(name);
  return def && (def->scopes & scope);
}

//===----------------------------------------------------------------------===//
// Methods of dtypes
//===----------------------------------------------------------------------===//

namespace {
struct DTypeMethod {
  const char *name;
  bool (*test)(DType);
};
} // namespace

static const DTypeMethod kDTypeMethods[] = {
    {"is_floating", [](DType d) { return d.isFloat(); }},
    {"is_int", [](DType d) { return d.isInt(); }},
    {"is_int_signed", [](DType d) { return d.isSigned(); }},
    {"is_int_unsigned", [](DType d) { return d.isUnsigned(); }},
    {"is_ptr", [](DType d) { return d.isPtr(); }},
    {"is_bool", [](DType d) { return d.isBool(); }},
    {"is_fp16", [](DType d) { return d.kind == SK::FP16; }},
    {"is_bf16", [](DType d) { return d.kind == SK::BF16; }},
    {"is_fp32", [](DType d) { return d.kind == SK::FP32; }},
    {"is_fp64", [](DType d) { return d.kind == SK::FP64; }},
    {"is_fp8", [](DType d) { return d.isFP8(); }},
    {"is_integer_type", [](DType d) { return d.isInt(); }},
    {"is_int1", [](DType d) { return d.isBool(); }},
    {"is_int8", [](DType d) { return d.kind == SK::I8; }},
    {"is_int16", [](DType d) { return d.kind == SK::I16; }},
    {"is_int32", [](DType d) { return d.kind == SK::I32; }},
    {"is_int64", [](DType d) { return d.kind == SK::I64; }},
    {"is_uint8", [](DType d) { return d.kind == SK::U8; }},
    {"is_uint16", [](DType d) { return d.kind == SK::U16; }},
    {"is_uint32", [](DType d) { return d.kind == SK::U32; }},
    {"is_uint64", [](DType d) { return d.kind == SK::U64; }},
    // A dtype is never a block type.
    {"is_block", [](DType) { return false; }},
};

static const DTypeMethod *findDTypeMethod(llvm::StringRef name) {
  for (const DTypeMethod &m : kDTypeMethods)
    if (name == m.name)
      return &m;
  return nullptr;
}

bool tt::frontend::detail::isDTypeMethod(llvm::StringRef name) {
  return findDTypeMethod(name) != nullptr;
}

static VR callDTypeMethod(CodeGen &cg, const std::string &name,
                          const CallArgs &call, DType d) {
  if (!call.args.empty() || !call.kwargs.empty())
    return cg.error("dtype." + name + "() takes no arguments");
  const DTypeMethod *m = findDTypeMethod(name);
  return Val::ofBool(m && m->test(d));
}

//===----------------------------------------------------------------------===//
// Binding and dispatch
//===----------------------------------------------------------------------===//

/// Binds a call's arguments to a builtin's parameters.
static bool bindArgs(CodeGen &cg, const std::string &name, CallArgs &call,
                     const Val *self, const BuiltinDef &sig, Bound &out) {
  out.vals.assign(sig.params.size(), std::nullopt);
  out.locs.assign(sig.params.size(), cg.errLoc);
  std::vector<Val> pos;
  std::vector<SrcLoc> posLocs;
  if (self) {
    pos.push_back(*self);
    posLocs.push_back(cg.errLoc);
  }
  for (size_t k = 0; k < call.args.size(); ++k) {
    pos.push_back(call.args[k]);
    posLocs.push_back(call.argLocs[k]);
  }
  std::string shown = name.rfind("py.", 0) == 0 ? name.substr(3) : name;
  if (pos.size() > sig.params.size())
    return cg.error(shown + "() takes at most " +
                    std::to_string(sig.params.size()) + " arguments (" +
                    std::to_string(pos.size()) + " given)"),
           false;
  for (size_t k = 0; k < pos.size(); ++k) {
    out.vals[k] = pos[k];
    out.locs[k] = posLocs[k];
  }
  for (size_t k = 0; k < call.kwargs.size(); ++k) {
    const std::string &kw = call.kwargs[k].first;
    const Val &v = call.kwargs[k].second;
    auto it = llvm::find_if(sig.params, [&](const char *p) { return kw == p; });
    if (it == sig.params.end())
      return cg.error(shown + "() got an unexpected keyword argument '" + kw +
                      "'"),
             false;
    size_t idx = it - sig.params.begin();
    if (out.vals[idx])
      return cg.error(shown + "() got multiple values for argument '" + kw +
                      "'"),
             false;
    out.vals[idx] = v;
    out.locs[idx] = call.kwLocs[k];
  }
  for (size_t k = 0; k < sig.required; ++k)
    if (!out.vals[k])
      return cg.error(shown + "() missing required argument '" +
                      std::string(sig.params[k]) + "'"),
             false;
  return true;
}

VR BuiltinCall::tensorArg(CodeGen &cg, size_t k) const {
  const Val *v = a.get(k);
  if (!v)
    return cg.error(std::string("missing argument '") + def.params[k] + "'");
  return cg.toTensor(*v);
}

static VR dispatch(CodeGen &cg, const std::string &name, CallArgs &call,
                   const Val *self, bool bindSelf) {
  const BuiltinDef *def = lookupBuiltin(name);
  if (!def || !def->handler)
    return cg.error("'" + name + "' is not supported by tt's frontend");
  BuiltinCall c{*def, name, call, self, Bound()};
  if (def->required != kUnbound &&
      !bindArgs(cg, name, call, bindSelf ? self : nullptr, *def, c.a))
    return std::nullopt;
  return def->handler(cg, c);
}

VR CodeGen::callBuiltin(const std::string &name, CallArgs &call,
                        const Val *self) {
  if (self && self->kind == Val::DTypeV)
    return callDTypeMethod(*this, name, call, self->dt);
  // A descriptor's methods are builtins of their own (descriptor.load,
  // descriptor.store), bound without the receiver.
  if (self && self->kind == Val::Desc)
    return dispatch(*this, "descriptor." + name, call, self,
                    /*bindSelf=*/false);
  return dispatch(*this, name, call, self, /*bindSelf=*/true);
}

//===----------------------------------------------------------------------===//
// Reading arguments
//===----------------------------------------------------------------------===//

std::vector<Val> tt::frontend::detail::items(const Val &v) {
  if (v.kind == Val::Tuple)
    return v.tuple();
  return {v};
}

/// A compile-time integer argument.
std::optional<int64_t> tt::frontend::detail::constInt(CodeGen &cg,
                                                      const Val *v,
                                                      const std::string &what) {
  if (v && (v->kind == Val::Int || v->kind == Val::Bool))
    return v->kind == Val::Int ? v->i : (int64_t)v->b;
  cg.error(what + " must be a compile-time integer (tl.constexpr), got " +
           (v ? v->describe() : std::string("nothing")));
  return std::nullopt;
}

std::optional<bool> tt::frontend::detail::constBool(CodeGen &cg, const Val *v,
                                                    bool dflt,
                                                    const std::string &what) {
  if (!v || v->kind == Val::None)
    return dflt;
  if (v->isTensor()) {
    cg.error(what + " must be a compile-time bool, got " + v->describe());
    return std::nullopt;
  }
  return cg.constTruth(*v);
}

/// Reads a block shape (a tuple/list of compile-time ints, or one int) and
/// checks it the way upstream does.
std::optional<SmallVector<int64_t, 4>>
tt::frontend::detail::constShape(CodeGen &cg, const Val &v,
                                 const std::string &fn, const SrcLoc &where) {
  std::vector<Val> dims = items(v);
  SmallVector<int64_t, 4> shape;
  for (size_t k = 0; k < dims.size(); ++k) {
    const Val &d = dims[k];
    if (d.kind != Val::Int) {
      cg.error(where, fn + ": shape element " + std::to_string(k) +
                          " must be a compile-time integer (tl.constexpr), "
                          "got " +
                          d.describe());
      return std::nullopt;
    }
    if (d.i <= 0 || !llvm::isPowerOf2_64(d.i)) {
      cg.error(where, fn + ": shape element " + std::to_string(k) +
                          " must be a power of 2, got " + std::to_string(d.i));
      return std::nullopt;
    }
    shape.push_back(d.i);
  }
  int64_t numel = 1;
  for (int64_t d : shape)
    numel *= d;
  if (numel > (1 << 20)) {
    cg.error(where, fn + ": a tensor of " + std::to_string(numel) +
                        " elements exceeds the maximum of 1048576");
    return std::nullopt;
  }
  return shape;
}

std::optional<DType> tt::frontend::detail::dtypeArg(CodeGen &cg, const Val *v,
                                                    const std::string &what) {
  if (v && v->kind == Val::DTypeV)
    return v->dt;
  cg.error(what + " must be a dtype such as tl.float32, got " +
           (v ? v->describe() : std::string("nothing")));
  return std::nullopt;
}

std::optional<std::string>
tt::frontend::detail::strArg(CodeGen &cg, const Val *v,
                             const std::string &what) {
  if (!v || v->kind == Val::None)
    return std::string();
  if (v->kind == Val::Str)
    return v->s;
  cg.error(what + " must be a string, got " + v->describe());
  return std::nullopt;
}

