//===- TritonToLinalg.cpp - lower TTIR to linalg on tensors -----*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The first step of the CPU backend (docs/cpu-backend.md): the pass
// convert-triton-to-linalg, its type conversion and the check of what the
// CPU backend supports. Every `tt` operation becomes linalg/tensor/arith/
// math/scf/func on builtin tensors; memory is reached through LLVM dialect
// loads and stores placed inside linalg bodies, one element at a time,
// under `scf.if` on the mask bit. The patterns are in one file per family
// of operations (Patterns.h).
//
//===----------------------------------------------------------------------===//

#include "tt/Conversion/TritonToLinalg/TritonToLinalg.h"

#include "Patterns.h"

#include "tt/Conversion/TritonToLinalg/Passes.h"
#include "tt/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/UB/IR/UBOps.h"

namespace mlir::triton {
#define GEN_PASS_DEF_CONVERTTRITONTOLINALG
#include "tt/Conversion/TritonToLinalg/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
namespace tt = mlir::triton;
namespace tolinalg = mlir::triton::tolinalg;
using tolinalg::isBlockPointer;

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

tt::TritonToLinalgTypeConverter::TritonToLinalgTypeConverter(MLIRContext *ctx) {
  addConversion([](Type t) { return t; });
  addConversion([ctx](tt::PointerType t) -> Type {
    if (isa<RankedTensorType>(t.getPointeeType()))
      return Type(); // block pointers are removed by an earlier pass
    return LLVM::LLVMPointerType::get(ctx);
  });
  addConversion([](tt::TensorDescType) -> Type { return Type(); });
  addConversion([this, ctx](RankedTensorType t) -> Type {
    Type elem = t.getElementType();
    Type converted;
    if (isa<tt::PointerType>(elem)) {
      if (isBlockPointer(elem))
        return Type();
      converted = IntegerType::get(ctx, 64);
    } else {
      converted = convertType(elem);
    }
    if (!converted)
      return Type();
    return RankedTensorType::get(t.getShape(), converted);
  });
  auto cast = [](OpBuilder &b, Type type, ValueRange inputs,
                 Location loc) -> Value {
    return UnrealizedConversionCastOp::create(b, loc, type, inputs)
        .getResult(0);
  };
  addSourceMaterialization(cast);
  addTargetMaterialization(cast);
}

void tt::populateTritonToLinalgPatterns(const TypeConverter &converter,
                                        RewritePatternSet &patterns) {
  tolinalg::populateFuncToLinalgPatterns(converter, patterns);
  tolinalg::populateShapeToLinalgPatterns(converter, patterns);
  tolinalg::populateMemoryToLinalgPatterns(converter, patterns);
  tolinalg::populateElementwiseToLinalgPatterns(converter, patterns);
  tolinalg::populateDotToLinalgPatterns(converter, patterns);
  tolinalg::populateReduceScanToLinalgPatterns(converter, patterns);
  tolinalg::populatePrintToLinalgPatterns(converter, patterns);
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

namespace {

bool isF8(Type t) {
  auto f = dyn_cast<FloatType>(t);
  return f && f.getWidth() == 8;
}

/// Why the CPU backend cannot handle `op`, or an empty string when it can.
std::string whyUnsupported(Operation *op) {
  if (isa<tt::ElementwiseInlineAsmOp>(op))
    return "inline assembly is target specific and cannot run on the CPU";
  if (isa<tt::DotScaledOp>(op))
    return "block-scaled dot products are not implemented by the CPU backend";
  if (isa<tt::MakeTensorPtrOp, tt::AdvanceOp>(op))
    return "block pointers must be rewritten to tensors of pointers first "
           "(triton-rewrite-tensor-pointer, part of the tt-ttir pipeline)";
  if (isa<tt::MakeTensorDescOp, tt::DescriptorLoadOp, tt::DescriptorStoreOp,
          tt::DescriptorReduceOp, tt::DescriptorGatherOp,
          tt::DescriptorScatterOp>(op))
    return "tensor descriptors (TMA) are not implemented by the CPU backend";
  if (auto m = dyn_cast<tt::MapElementwiseOp>(op))
    if (m.getPack() != 1 || !m.getScalarOp().hasOneBlock())
      return "map_elementwise with pack > 1 or several blocks is not "
             "implemented by the CPU backend";
  if (auto d = dyn_cast<tt::DotOp>(op)) {
    unsigned rank = cast<RankedTensorType>(d.getType()).getRank();
    if (rank != 2 && rank != 3)
      return "dot operands must be of rank 2 or 3";
  }
  Dialect *d = op->getDialect();
  if (!d || !isa<tt::TritonDialect, arith::ArithDialect, math::MathDialect,
                 scf::SCFDialect, cf::ControlFlowDialect, ub::UBDialect,
                 BuiltinDialect>(d))
    return "the CPU backend expects TTIR (tt, arith, math, scf, cf and ub "
           "operations only)";
  auto badType = [](Type t) {
    Type e = getElementTypeOrSelf(t);
    return isF8(e) || isBlockPointer(e) || isa<tt::TensorDescType>(e);
  };
  for (Type t : op->getOperandTypes())
    if (badType(t))
      return "fp8 element types, block pointers and tensor descriptors are "
             "not supported by the CPU backend";
  for (Type t : op->getResultTypes())
    if (badType(t))
      return "fp8 element types, block pointers and tensor descriptors are "
             "not supported by the CPU backend";
  return "";
}

struct ConvertTritonToLinalgPass
    : tt::impl::ConvertTritonToLinalgBase<ConvertTritonToLinalgPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();

    // One thread runs a whole program instance on the CPU: the barrier of
    // the program's threads (gpu.barrier, tl.debug_barrier) orders nothing.
    module.walk([](mlir::gpu::BarrierOp barrier) { barrier.erase(); });
    // tl.assume (llvm.intr.assume) only informs the optimizer; bufferization
    // cannot move ops of unknown effects, so the hint is dropped.
    module.walk([](LLVM::AssumeOp assume) { assume.erase(); });

    bool ok = true;
    module.walk([&](Operation *op) {
      if (op == module.getOperation())
        return;
      std::string why = whyUnsupported(op);
      if (!why.empty()) {
        op->emitOpError("is not supported by the CPU backend: ") << why;
        ok = false;
      }
    });
    if (!ok)
      return signalPassFailure();

    tolinalg::rewriteLoopCarriedPointers(module);

    tt::TritonToLinalgTypeConverter converter(ctx);
    ConversionTarget target(*ctx);
    target.addLegalDialect<linalg::LinalgDialect, tensor::TensorDialect,
                           func::FuncDialect, LLVM::LLVMDialect,
                           bufferization::BufferizationDialect>();
    target.addIllegalDialect<tt::TritonDialect>();
    target.addLegalOp<ModuleOp, UnrealizedConversionCastOp>();
    auto scalarAndLegal = [&](Operation *op) {
      auto isTensor = [](Type t) { return isa<RankedTensorType>(t); };
      if (!isa<arith::ConstantOp>(op) &&
          (llvm::any_of(op->getOperandTypes(), isTensor) ||
           llvm::any_of(op->getResultTypes(), isTensor)))
        return false;
      return converter.isLegal(op);
    };
    target.addDynamicallyLegalDialect<arith::ArithDialect, math::MathDialect,
                                      ub::UBDialect>(scalarAndLegal);
    target.addDynamicallyLegalDialect<cf::ControlFlowDialect>(
        [&](Operation *op) { return converter.isLegal(op); });

    RewritePatternSet patterns(ctx);
    tt::populateTritonToLinalgPatterns(converter, patterns);
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);
    populateBranchOpInterfaceTypeConversionPattern(patterns, converter);

    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
