//===- Dialect.h - the tt dialect -------------------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#ifndef TT_DIALECT_TRITON_IR_DIALECT_H
#define TT_DIALECT_TRITON_IR_DIALECT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "tt/Dialect/Triton/IR/TritonDialect.h.inc"
#include "tt/Dialect/Triton/IR/TritonEnums.h.inc"

#define GET_TYPEDEF_CLASSES
#include "tt/Dialect/Triton/IR/TritonTypes.h.inc"

namespace mlir::triton {

/// The side-effect resource standing for global memory.
struct GlobalMemory : public SideEffects::Resource::Base<GlobalMemory> {
  StringRef getName() final { return "<GlobalMemory>"; }
};

/// For a pointer (or tensor of pointers) type, the type of what it points to
/// with the same shape: `tensor<4x!tt.ptr<f32>>` gives `tensor<4xf32>`,
/// `!tt.ptr<tensor<4xf16>>` gives `tensor<4xf16>`.
Type getPointeeType(Type type);
/// `type` with its element type replaced by i1 (a scalar becomes i1).
Type getI1SameShape(Type type);
/// The element type of a tensor, or the type itself for a scalar.
Type getElementTypeOrSelf(Type type);
/// Whether `type` is a tensor of pointers.
bool isTensorPointerType(Type type);

} // namespace mlir::triton

#define GET_OP_CLASSES
#include "tt/Dialect/Triton/IR/TritonOps.h.inc"

#endif // TT_DIALECT_TRITON_IR_DIALECT_H
