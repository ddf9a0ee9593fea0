//===- Builtins.h - the table of triton.language builtins -------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Every function a kernel can call that is not a @triton.jit function is
// one BuiltinDef: its name, where the kernel language exposes it (tl.NAME,
// tl.math.NAME, x.NAME(...)), its Python parameters and its handler. Each
// family file of this folder lists its definitions beside its handlers;
// Table.cpp gathers them into the one table that CodeGen::callBuiltin
// dispatches on and that name resolution (Attributes.cpp) consults. Adding
// a builtin is one entry and one handler.
//
//===----------------------------------------------------------------------===//

#ifndef TT_LIB_FRONTEND_BUILTINS_BUILTINS_H
#define TT_LIB_FRONTEND_BUILTINS_BUILTINS_H

#include "CodeGen.h"

#include "llvm/ADT/ArrayRef.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tt::frontend::detail {

/// Where the kernel language exposes a builtin (a bit set).
enum BuiltinScope : unsigned {
  /// Reached only through a name the code generator resolves itself
  /// (Python's `min`, `triton.cdiv`, ...).
  Hidden = 0,
  /// triton.language.NAME (also .core and .standard).
  Lang = 1,
  /// triton.language.math.NAME.
  MathLib = 2,
  /// A method of tensors: x.NAME(...).
  TensorMethod = 4,
};

/// `required` of a builtin that reads the call's arguments itself
/// (variadic builtins, shape functions taking dimensions one by one).
constexpr size_t kUnbound = ~size_t(0);

struct BuiltinDef;

/// One call of a builtin, as its handler sees it.
struct BuiltinCall {
  const BuiltinDef &def;
  /// The name it was called by (several builtins share a handler).
  const std::string &name;
  /// The arguments as written, and the receiver of a method call.
  CallArgs &call;
  const Val *self;
  /// The arguments bound to `def.params` (self first), unless kUnbound.
  Bound a;

  const Val *arg(size_t k) const { return a.get(k); }
  /// Argument `k` was given and is not None.
  bool given(size_t k) const { return a.get(k) && a.get(k)->kind != Val::None; }
  /// Argument `k` as a tensor (Python numbers become scalar constants).
  VR tensorArg(CodeGen &cg, size_t k) const;
};

using BuiltinHandler = VR (*)(CodeGen &cg, const BuiltinCall &c);

struct BuiltinDef {
  const char *name;
  /// BuiltinScope bits.
  unsigned scopes;
  /// Parameter names in order; the first `required` must be given.
  std::vector<const char *> params;
  size_t required;
  /// Null for names the code generator handles before any call is made
  /// (static_assert, range): calling one is an error.
  BuiltinHandler handler;
};

/// The builtin named `name` (`load`, `py.min`, `triton.next_power_of_2`).
const BuiltinDef *lookupBuiltin(llvm::StringRef name);
/// Whether `name` is a builtin visible in `scope`.
bool isBuiltinIn(llvm::StringRef name, BuiltinScope scope);
/// Whether `name` is a method of dtypes (`is_floating`, `is_int32`, ...).
bool isDTypeMethod(llvm::StringRef name);

/// The definitions of each family (one file each).
llvm::ArrayRef<BuiltinDef> creationBuiltins();
llvm::ArrayRef<BuiltinDef> memoryBuiltins();
llvm::ArrayRef<BuiltinDef> descriptorBuiltins();
llvm::ArrayRef<BuiltinDef> mathBuiltins();
llvm::ArrayRef<BuiltinDef> shapeBuiltins();
llvm::ArrayRef<BuiltinDef> reduceBuiltins();
llvm::ArrayRef<BuiltinDef> dotBuiltins();
llvm::ArrayRef<BuiltinDef> castBuiltins();
llvm::ArrayRef<BuiltinDef> debugBuiltins();

//===----------------------------------------------------------------------===//
// Reading arguments (Table.cpp); each reports its own error
//===----------------------------------------------------------------------===//

/// A compile-time integer (or bool).
std::optional<int64_t> constInt(CodeGen &cg, const Val *v,
                                const std::string &what);
/// A compile-time bool; `dflt` when absent or None.
std::optional<bool> constBool(CodeGen &cg, const Val *v, bool dflt,
                              const std::string &what);
/// A block shape (a tuple of compile-time ints, or one int), checked the
/// way upstream does: powers of 2, at most 2^20 elements.
std::optional<llvm::SmallVector<int64_t, 4>>
constShape(CodeGen &cg, const Val &v, const std::string &fn,
           const SrcLoc &where);
/// A dtype such as tl.float32.
std::optional<DType> dtypeArg(CodeGen &cg, const Val *v,
                              const std::string &what);
/// A string; empty when absent or None.
std::optional<std::string> strArg(CodeGen &cg, const Val *v,
                                  const std::string &what);
/// The items of a list/tuple argument (one value: a list of one).
std::vector<Val> items(const Val &v);

/// The spellings a string argument may take and what each means.
template <typename E>
using Options = llvm::ArrayRef<std::pair<const char *, E>>;

/// What `options` make of `text`; nothing for a spelling not among them.
template <typename E>
std::optional<E> lookupOption(const std::string &text, Options<E> options) {
  for (const auto &[spelling, value] : options)
    if (text == spelling)
      return value;
  return std::nullopt;
}

/// The same, reporting a spelling not among them: "`what` must be 'a',
/// 'b' or 'c', got 'd'".
template <typename E>
std::optional<E> pickOption(CodeGen &cg, const std::string &text,
                            Options<E> options, const std::string &what) {
  std::optional<E> value = lookupOption(text, options);
  if (value)
    return value;
  std::string list;
  size_t i = 0;
  for (const auto &option : options) {
    if (i++)
      list += i == options.size() ? " or " : ", ";
    list += "'" + std::string(option.first) + "'";
  }
  cg.error(what + " must be " + list + ", got '" + text + "'");
  return std::nullopt;
}

} // namespace tt::frontend::detail

#endif // TT_LIB_FRONTEND_BUILTINS_BUILTINS_H
