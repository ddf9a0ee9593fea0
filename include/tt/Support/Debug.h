//===- Debug.h - per-pass debug output without -debug-only ------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Debian's LLVM is a release build: LLVM_DEBUG and -debug-only compile to
// nothing. TT_DEBUG is our replacement, switched on at run time by the
// TRITON_LLVM_DEBUG_ONLY environment variable (a comma-separated list of
// debug types, usually pass names; "all" or "*" enables every type):
//
//   TT_DEBUG("tritongpu-coalesce") << "chose " << layout << "\n";
//
//   $ TRITON_LLVM_DEBUG_ONLY=tritongpu-coalesce tt-opt k.ttgir ...
//   [tritongpu-coalesce] chose #ttg.blocked<...>
//
// Output goes to stderr, each statement prefixed with "[type] ". The check
// is one load of a cached flag per statement when the variable is unset.
// Header-only so that every library can use it without a link dependency.
//
//===----------------------------------------------------------------------===//

#ifndef TT_SUPPORT_DEBUG_H
#define TT_SUPPORT_DEBUG_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <string>

namespace tt::debug {

namespace detail {
/// The debug types named by TRITON_LLVM_DEBUG_ONLY, read once per process.
struct DebugTypes {
  std::string value;
  llvm::SmallVector<llvm::StringRef> types;
  bool all = false;

  DebugTypes() {
    if (const char *env = std::getenv("TRITON_LLVM_DEBUG_ONLY"))
      value = env;
    llvm::SmallVector<llvm::StringRef> parts;
    llvm::StringRef(value).split(parts, ',', -1, /*KeepEmpty=*/false);
    for (llvm::StringRef p : parts) {
      p = p.trim();
      if (p == "all" || p == "*")
        all = true;
      else if (!p.empty())
        types.push_back(p);
    }
  }
};

inline const DebugTypes &getDebugTypes() {
  static const DebugTypes types;
  return types;
}
} // namespace detail

/// True when TRITON_LLVM_DEBUG_ONLY names `type` (or is "all").
inline bool isDebugEnabled(llvm::StringRef type) {
  const detail::DebugTypes &d = detail::getDebugTypes();
  if (d.all)
    return true;
  for (llvm::StringRef t : d.types)
    if (t == type)
      return true;
  return false;
}

/// The stream TT_DEBUG writes to, after printing the "[type] " prefix.
inline llvm::raw_ostream &debugStream(llvm::StringRef type) {
  return llvm::errs() << "[" << type << "] ";
}

} // namespace tt::debug

/// Streams to stderr when TRITON_LLVM_DEBUG_ONLY names TYPE; the operands of
/// `<<` are not evaluated otherwise. Safe inside an unbraced if/else.
#define TT_DEBUG(TYPE)                                                         \
  if (!::tt::debug::isDebugEnabled(TYPE)) {                                    \
  } else                                                                       \
    ::tt::debug::debugStream(TYPE)

#endif // TT_SUPPORT_DEBUG_H
