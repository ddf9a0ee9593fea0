//===- Specialization.h - signatures and constexpr values -------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The textual inputs of kernel specialization: upstream's ahead-of-time
// signature format (`*fp32:16, i32:16, i32, 1024`) and constexpr values
// given as `-D NAME=VALUE`. Plain string processing, no MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef TT_FRONTEND_SPECIALIZATION_H
#define TT_FRONTEND_SPECIALIZATION_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tt::frontend {

/// A compile-time value given on the command line.
struct ConstValue {
  enum Kind { None, Bool, Int, Float, Str, DType } kind = None;
  bool boolValue = false;
  int64_t intValue = 0;
  double floatValue = 0;
  /// Str: the string; DType: the dtype name as Triton spells it in
  /// signatures ("fp16", "i32", "*fp32", ...).
  std::string strValue;
};

/// Parses a constexpr value: `True`/`False`, `None`, an integer (decimal
/// or 0x.., with sign), a float (`1e-5`, `-inf`, `nan`), a quoted string,
/// or a dtype (`fp16`, `tl.float16`, `i32`, ...). Returns false (with
/// `error` set) when it is none of these.
bool parseConstValue(llvm::StringRef text, ConstValue &value,
                     std::string &error);

/// One entry of a signature string.
struct SignatureEntry {
  /// The entry as written (for messages).
  std::string text;
  /// True when the entry is a compile-time value (`1024`, `1e-5`, or a
  /// type hinted `:1`, which means the value 1).
  bool isConstant = false;
  ConstValue value;
  /// Otherwise the type: `*fp32`, `i32`, `fp16`, `u64`, ...
  std::string type;
  /// The divisibility hint after `:` (16 gives tt.divisibility = 16), or 0.
  unsigned divisibility = 0;
};

/// Parses upstream's AOT signature format, comma-separated:
/// `*fp32:16, i32:16, i32, 1024`. Returns false with `error` set on a
/// malformed entry (unknown type, bad hint).
bool parseSignature(llvm::StringRef text, std::vector<SignatureEntry> &out,
                    std::string &error);

/// Whether `name` is a type a signature may use (`*` prefix for pointers).
bool isSignatureType(llvm::StringRef name);

} // namespace tt::frontend

#endif // TT_FRONTEND_SPECIALIZATION_H
