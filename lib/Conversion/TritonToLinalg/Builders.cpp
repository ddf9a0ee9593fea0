//===- Builders.cpp - helpers shared by the patterns ------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The helpers declared at the end of Patterns.h: tensors, constants,
// elementwise linalg.generic ops, grid arguments and combine regions.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonCPU/IR/KernelABI.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
namespace tt = mlir::triton;

namespace mlir::triton::tolinalg {

bool isBlockPointer(Type t) {
  auto p = dyn_cast<tt::PointerType>(t);
  return p && isa<RankedTensorType>(p.getPointeeType());
}

Value makeEmpty(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                Type elem) {
  return tensor::EmptyOp::create(b, loc, shape, elem);
}

Value makeZero(OpBuilder &b, Location loc, Type t) {
  if (isa<LLVM::LLVMPointerType>(t))
    return LLVM::ZeroOp::create(b, loc, t);
  return arith::ConstantOp::create(b, loc, b.getZeroAttr(t));
}

Value makeIndexConst(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

Value castInt(OpBuilder &b, Location loc, Value v, Type t) {
  unsigned from = v.getType().getIntOrFloatBitWidth();
  unsigned to = t.getIntOrFloatBitWidth();
  if (from == to)
    return v;
  if (from < to)
    return arith::ExtSIOp::create(b, loc, t, v);
  return arith::TruncIOp::create(b, loc, t, v);
}

SmallVector<Value> buildElementwise(OpBuilder &b, Location loc,
                                    ArrayRef<int64_t> shape, ValueRange inputs,
                                    TypeRange resultElemTypes, BodyFn body) {
  unsigned rank = shape.size();
  MLIRContext *ctx = b.getContext();
  SmallVector<AffineMap> maps;
  for (Value v : inputs)
    maps.push_back(isa<RankedTensorType>(v.getType())
                       ? b.getMultiDimIdentityMap(rank)
                       : AffineMap::get(rank, 0, ctx));
  SmallVector<Value> outs;
  SmallVector<Type> resultTypes;
  for (Type t : resultElemTypes) {
    outs.push_back(makeEmpty(b, loc, shape, t));
    resultTypes.push_back(RankedTensorType::get(shape, t));
    maps.push_back(b.getMultiDimIdentityMap(rank));
  }
  SmallVector<utils::IteratorType> iters(rank, utils::IteratorType::parallel);
  unsigned numInputs = inputs.size();
  auto generic = linalg::GenericOp::create(
      b, loc, resultTypes, inputs, outs, maps, iters,
      [&](OpBuilder &nb, Location nl, ValueRange args) {
        SmallVector<Value> results = body(nb, nl, args.take_front(numInputs));
        linalg::YieldOp::create(nb, nl, results);
      });
  return SmallVector<Value>(generic.getResults());
}

FailureOr<Value> getGridArg(Operation *op, unsigned index) {
  auto func = op->getParentOfType<func::FuncOp>();
  if (!func || func.isDeclaration() ||
      func.getNumArguments() < tt::kNumGridArgs)
    return failure();
  return func.getArgument(func.getNumArguments() - tt::kNumGridArgs + index);
}

FailureOr<SmallVector<Value>> getGridArgs(Operation *op, unsigned count) {
  SmallVector<Value> args;
  for (unsigned i = 0; i < count; ++i) {
    FailureOr<Value> arg = getGridArg(op, i);
    if (failed(arg))
      return failure();
    args.push_back(*arg);
  }
  return args;
}

SmallVector<Value> inlineCombineRegion(OpBuilder &b, Region &region,
                                       ValueRange args, bool reassoc) {
  IRMapping map;
  Block &block = region.front();
  map.map(block.getArguments(), args);
  for (Operation &op : block.without_terminator()) {
    Operation *clone = b.clone(op, map);
    if (reassoc && isa<arith::AddFOp, arith::MulFOp, arith::MaxNumFOp,
                       arith::MinNumFOp, arith::MaximumFOp,
                       arith::MinimumFOp>(clone))
      if (auto fm = dyn_cast<arith::ArithFastMathInterface>(clone)) {
        auto flags = fm.getFastMathFlagsAttr().getValue() |
                     arith::FastMathFlags::reassoc;
        clone->setAttr(fm.getFastMathAttrName(),
                       arith::FastMathFlagsAttr::get(b.getContext(), flags));
      }
  }
  SmallVector<Value> results;
  for (Value v : block.getTerminator()->getOperands())
    results.push_back(map.lookupOrDefault(v));
  return results;
}

} // namespace mlir::triton::tolinalg
