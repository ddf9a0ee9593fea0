//===- Dialect.h - the ttg dialect ------------------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The TritonGPU dialect: layout encodings, the memory descriptor type and the
// operations of TTGIR.
//
//===----------------------------------------------------------------------===//

#ifndef TT_DIALECT_TRITONGPU_IR_DIALECT_H
#define TT_DIALECT_TRITONGPU_IR_DIALECT_H

#include "tt/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinTypeInterfaces.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/TensorEncoding.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "tt/Dialect/TritonGPU/IR/TritonGPUDialect.h.inc"

namespace mlir::triton::gpu {

/// The side-effect resource standing for the CTA's shared memory.
struct SharedMemory : public SideEffects::Resource::Base<SharedMemory> {
  StringRef getName() final { return "<SharedMemory>"; }
};

} // namespace mlir::triton::gpu

#include "tt/Dialect/TritonGPU/IR/TritonGPUAttrInterfaces.h.inc"

#define GET_ATTRDEF_CLASSES
#include "tt/Dialect/TritonGPU/IR/TritonGPUAttrDefs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "tt/Dialect/TritonGPU/IR/TritonGPUTypes.h.inc"

namespace mlir::triton::gpu {

//===----------------------------------------------------------------------===//
// Launch shape of a module
//===----------------------------------------------------------------------===//

/// The number of warps of the nearest enclosing op (the op itself included)
/// that carries "ttg.num-warps" (a module, or a tt.func); nullopt if none.
std::optional<int> maybeLookupNumWarps(Operation *op);
/// "ttg.threads-per-warp" of the enclosing module; nullopt if absent.
std::optional<int> maybeLookupThreadsPerWarp(Operation *op);
/// "ttg.num-ctas" of the enclosing module; nullopt if absent.
std::optional<int> maybeLookupNumCTAs(Operation *op);

/// Checks the ttg encodings inside `type` (a tensor, a memory descriptor, or
/// a type containing them, such as a pointer to a tensor) against the launch
/// shape of the module around `op`; reports the first mismatch through
/// `emitError`.
LogicalResult verifyTypeLayouts(Type type, Operation *op,
                                function_ref<InFlightDiagnostic()> emitError);

/// Checks the types of the results and region arguments of `root` and of
/// every op nested in it (except under ops carrying their own
/// "ttg.num-warps") with verifyTypeLayouts; stops at the first error.
LogicalResult verifyLayoutsUnder(Operation *root);

//===----------------------------------------------------------------------===//
// Layout queries
//===----------------------------------------------------------------------===//

/// The CGA layout of any ttg layout encoding (null for other attributes).
CGAEncodingAttr getCGALayout(Attribute layout);
/// The rank of any ttg layout encoding (0 for other attributes).
unsigned getLayoutRank(Attribute layout);
/// Legacy per-dimension views of getCGALayout(layout) (see CGAEncodingAttr):
/// CTAs along each dimension, distinct pieces along each dimension, and the
/// dimensions in CTA-id order. Empty for non-ttg attributes.
SmallVector<unsigned> getCTAsPerCGA(Attribute layout);
SmallVector<unsigned> getCTASplitNum(Attribute layout);
SmallVector<unsigned> getCTAOrder(Attribute layout);
/// Number of CTAs a ttg layout is written for (1 for other attributes).
unsigned getNumCTAs(Attribute layout);
/// Whether `order` is a permutation of 0..order.size()-1.
bool isPermutationOfIota(ArrayRef<unsigned> order);

} // namespace mlir::triton::gpu

#define GET_OP_CLASSES
#include "tt/Dialect/TritonGPU/IR/TritonGPUOps.h.inc"

#endif // TT_DIALECT_TRITONGPU_IR_DIALECT_H
