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

#include "tt/Dialect/Triton/IR/Interfaces.h"
#include "tt/Dialect/Triton/IR/Traits.h"

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
/// Pointer(s) to `type`'s elements with the same shape: `tensor<4xf32>` gives
/// `tensor<4x!tt.ptr<f32>>`, `f32` gives `!tt.ptr<f32>`.
Type getPointerTypeSameShape(Type type);
/// For a block pointer `!tt.ptr<tensor<...xT>, N>`, the scalar pointer
/// `!tt.ptr<T, N>` to its elements (for any other pointer, the pointer).
Type getBlockPointerBaseType(Type type);
/// The layout-inference interface of the dialect owning `encoding`, or null
/// (also when `encoding` is null).
const DialectInferLayoutInterface *getLayoutInterface(Attribute encoding);
/// Whether two encodings of a tensor of `shape` are the same layout: equal
/// attributes, or equivalent according to their dialect's interface.
bool areLayoutsEquivalent(ArrayRef<int64_t> shape, Attribute lhs,
                          Attribute rhs);
/// Whether two types are equal up to equivalent tensor encodings.
bool areTypesEquivalent(Type lhs, Type rhs);
/// Element-wise areTypesEquivalent over two type lists of the same length.
bool areTypesEquivalent(TypeRange lhs, TypeRange rhs);

/// Whether two element types agree, ignoring integer signedness: tensor
/// descriptor blocks record the signedness of the frontend's type (`si8`,
/// `ui32`), while tensors and buffers carry signless integers.
bool isSameElementTypeIgnoringSignedness(Type a, Type b);
/// The encoding of the result of a shape op on an operand with
/// `operandEncoding`: null when the operand has none, else what `infer`
/// computes with the encoding dialect's layout interface. Fails (with an
/// error at `loc`, when given) if that dialect has no such interface.
LogicalResult inferResultEncoding(
    Attribute operandEncoding, std::optional<Location> loc,
    function_ref<LogicalResult(const DialectInferLayoutInterface &,
                               Attribute &)>
        infer,
    Attribute &resultEncoding);

} // namespace mlir::triton

#define GET_OP_CLASSES
#include "tt/Dialect/Triton/IR/TritonOps.h.inc"

#endif // TT_DIALECT_TRITON_IR_DIALECT_H
