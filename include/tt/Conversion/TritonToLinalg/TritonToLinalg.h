//===- TritonToLinalg.h - TTIR to linalg patterns ---------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The type conversion and the patterns of convert-triton-to-linalg, for
// passes that lower TTIR to linalg on tensors as part of their own
// conversion. The pass itself is declared in Passes.h.
//
//===----------------------------------------------------------------------===//

#ifndef TT_CONVERSION_TRITONTOLINALG_TRITONTOLINALG_H
#define TT_CONVERSION_TRITONTOLINALG_TRITONTOLINALG_H

#include "mlir/Transforms/DialectConversion.h"

namespace mlir::triton {

/// TTIR types to the types of the CPU lowering: a scalar `!tt.ptr<T>`
/// becomes `!llvm.ptr`, a tensor of pointers a tensor of i64 byte
/// addresses; other types stay. Block pointers and tensor descriptors have
/// no conversion. Casts between the two are unrealized conversion casts.
class TritonToLinalgTypeConverter : public TypeConverter {
public:
  explicit TritonToLinalgTypeConverter(MLIRContext *ctx);
};

/// Adds the patterns that lower every operation of the `tt` dialect, and
/// arith/math operations on tensors, to linalg, tensor, arith, math, scf,
/// func and LLVM dialect operations on builtin tensors. `converter` gives
/// the types (a TritonToLinalgTypeConverter). Structural scf and cf type
/// conversions are not included (scf::populateSCFStructuralTypeConversions,
/// populateBranchOpInterfaceTypeConversionPattern).
void populateTritonToLinalgPatterns(const TypeConverter &converter,
                                    RewritePatternSet &patterns);

} // namespace mlir::triton

#endif // TT_CONVERSION_TRITONTOLINALG_TRITONTOLINALG_H
