//===- TypeNames.h - TTIR types by their signature names --------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The signature spelling of a kernel argument's TTIR type ("*fp32", "i32",
// "bf16"), as the metadata JSON of the CPU backend and tt-aot's launchers
// record it. The names come from tt/Support/TypeNames.h. Also the spelling
// of a shape in the verifiers' messages.
//
//===----------------------------------------------------------------------===//

#ifndef TT_DIALECT_TRITON_IR_TYPENAMES_H
#define TT_DIALECT_TRITON_IR_TYPENAMES_H

#include "mlir/IR/Types.h"
#include "mlir/Support/LLVM.h"

#include <string>

namespace mlir::triton {

/// "*" per pointer level before the pointee's name; integers are "i<N>";
/// a type with no Triton name is spelled as MLIR prints it.
std::string getSignatureTypeName(Type type);

/// A shape as the types print it, "AxBxC" (empty for rank 0).
std::string getShapeString(ArrayRef<int64_t> shape);

} // namespace mlir::triton

#endif // TT_DIALECT_TRITON_IR_TYPENAMES_H
