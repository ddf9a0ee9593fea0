//===- TypeNames.h - upstream Triton's names of scalar types ----*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The one table of the type names upstream Triton writes in signatures
// ("i32", "fp16", "fp8e4nv"; a pointer is "*" before one: "*fp32") and in
// triton.language ("int32", "float16", "float8e4nv"), with each type's kind
// and width. Plain C++: the frontend, tt-aot and the runtime read it.
//
//===----------------------------------------------------------------------===//

#ifndef TT_SUPPORT_TYPENAMES_H
#define TT_SUPPORT_TYPENAMES_H

#include <string_view>

namespace tt::support {

/// The scalar types that have a Triton signature name. The fp8 types:
/// FP8E4NV is OCP e4m3fn (no infinities), FP8E5 OCP e5m2, FP8E4B15 e4m3
/// with exponent bias 15 (upstream's fp8 before Hopper).
enum class ScalarType {
  I1, I8, I16, I32, I64, U8, U16, U32, U64,
  FP8E4NV, FP8E5, FP8E4B15, FP16, BF16, FP32, FP64,
};

enum class TypeKind { Bool, SignedInt, UnsignedInt, Float };

struct TypeName {
  ScalarType type;
  /// The signature spelling: "i32", "fp8e4nv".
  const char *name;
  /// triton.language's dtype name: "int32", "float8e4nv".
  const char *languageName;
  TypeKind kind;
  unsigned bits;
};

/// The entry of `type`.
const TypeName &getTypeName(ScalarType type);
/// The entry whose signature name is `name` ("fp16"); nullptr if none.
const TypeName *lookupTypeName(std::string_view name);
/// The entry whose triton.language name is `name` ("float16"); nullptr if
/// none.
const TypeName *lookupLanguageTypeName(std::string_view name);
/// The entry whose signature or triton.language name is `name` ("fp16" or
/// "float16"); nullptr if none.
const TypeName *lookupAnyTypeName(std::string_view name);

} // namespace tt::support

#endif // TT_SUPPORT_TYPENAMES_H
