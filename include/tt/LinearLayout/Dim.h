//===- Dim.h - Interned names of linear-layout dimensions -------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//
//
// A linear layout names its input dimensions (hardware index spaces such as
// "register", "lane", "warp", "block" or "offset") and its output dimensions
// (tensor coordinates "dim0", "dim1", ...). `Dim` is such a name, interned in
// a process-wide pool so that copying and comparing is a pointer operation.
// It carries no MLIR context: the integrator maps a StringAttr to a Dim with
// `Dim(attr.getValue())`.
//
//===----------------------------------------------------------------------===//

#ifndef TT_LINEARLAYOUT_DIM_H
#define TT_LINEARLAYOUT_DIM_H

#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <ostream>
#include <string>

namespace tt {

namespace detail {
// Storage of the well-known names. They seed the intern pool, so that a name
// spelled at run time ("lane") interns to the same pointer as `kLane`.
inline constexpr char kRegisterName[] = "register";
inline constexpr char kLaneName[] = "lane";
inline constexpr char kWarpName[] = "warp";
inline constexpr char kBlockName[] = "block";
inline constexpr char kOffsetName[] = "offset";
inline constexpr char kEmptyName[] = "";
} // namespace detail

/// An interned dimension name. Two Dims are equal iff their spellings are.
class Dim {
public:
  /// The empty name.
  constexpr Dim() : name(detail::kEmptyName) {}
  /// Interns `name`. Implicit so that tests and callers can write "lane".
  Dim(llvm::StringRef name);
  Dim(const char *name) : Dim(llvm::StringRef(name)) {}
  Dim(const std::string &name) : Dim(llvm::StringRef(name)) {}

  llvm::StringRef str() const { return llvm::StringRef(name); }
  const char *data() const { return name; }

  friend bool operator==(Dim a, Dim b) { return a.name == b.name; }
  friend bool operator!=(Dim a, Dim b) { return a.name != b.name; }
  /// Orders by spelling (deterministic across runs, unlike pointer order).
  friend bool operator<(Dim a, Dim b) { return a.str() < b.str(); }
  friend llvm::hash_code hash_value(Dim d) {
    return llvm::hash_value(static_cast<const void *>(d.name));
  }

  /// Builds a Dim directly from one of the seeded literals in `detail`.
  struct SeededTag {};
  constexpr Dim(const char *seeded, SeededTag) : name(seeded) {}

private:
  const char *name; // NUL-terminated, owned by the intern pool or a literal.
};

inline llvm::raw_ostream &operator<<(llvm::raw_ostream &os, Dim d) {
  return os << d.str();
}
inline std::ostream &operator<<(std::ostream &os, Dim d) {
  return os << d.data();
}

/// Input dimensions of distributed (register) layouts.
inline constexpr Dim kRegister{detail::kRegisterName, Dim::SeededTag{}};
inline constexpr Dim kLane{detail::kLaneName, Dim::SeededTag{}};
inline constexpr Dim kWarp{detail::kWarpName, Dim::SeededTag{}};
inline constexpr Dim kBlock{detail::kBlockName, Dim::SeededTag{}};
/// Input dimension of shared-memory layouts (element offset in the buffer).
inline constexpr Dim kOffset{detail::kOffsetName, Dim::SeededTag{}};

/// The standard name of tensor dimension `i`: "dim<i>".
Dim outDim(unsigned i);

} // namespace tt

#endif // TT_LINEARLAYOUT_DIM_H
