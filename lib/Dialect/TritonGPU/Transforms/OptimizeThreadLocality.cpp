//===- OptimizeThreadLocality.cpp - thread-local reductions in loops -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// A loop that reduces a tile along a dimension spread over lanes or warps
// and folds the result into a loop-carried accumulator pays a cross-thread
// reduction every iteration. When each thread holds e > 1 consecutive
// elements along that dimension, the loop instead reduces only those e
// elements (in registers) into an accumulator 1/e the tile's size, and one
// cross-thread reduction runs after the loop:
//
//   acc = acc0; for: acc = acc + sum(x, axis=1)               x: [M, N]
// becomes
//   part = 0;   for: part = part + sum(reshape(x, [M, N/e, e]), axis=2)
//   acc = sum(part, axis=1) + acc0
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/TritonGPU/Transforms/Passes.h"

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUOPTIMIZETHREADLOCALITY
#include "tt/Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;

namespace {

/// The identity of a combining op on `type` (an integer or float scalar),
/// or null when it has none we know.
TypedAttr neutralElement(Operation *combiner, Type type) {
  if (auto ft = dyn_cast<FloatType>(type)) {
    const llvm::fltSemantics &sem = ft.getFloatSemantics();
    if (isa<arith::AddFOp>(combiner))
      return FloatAttr::get(type, llvm::APFloat::getZero(sem));
    if (isa<arith::MulFOp>(combiner))
      return FloatAttr::get(type, llvm::APFloat::getOne(sem));
    if (isa<arith::MaxNumFOp, arith::MaximumFOp>(combiner))
      return FloatAttr::get(type, llvm::APFloat::getInf(sem, /*Negative=*/true));
    if (isa<arith::MinNumFOp, arith::MinimumFOp>(combiner))
      return FloatAttr::get(type, llvm::APFloat::getInf(sem));
    return TypedAttr();
  }
  auto it = dyn_cast<IntegerType>(type);
  if (!it)
    return TypedAttr();
  unsigned w = it.getWidth();
  std::optional<llvm::APInt> value;
  if (isa<arith::AddIOp, arith::OrIOp, arith::XOrIOp, arith::MaxUIOp>(combiner))
    value = llvm::APInt::getZero(w);
  else if (isa<arith::MulIOp>(combiner))
    value = llvm::APInt(w, 1);
  else if (isa<arith::AndIOp, arith::MinUIOp>(combiner))
    value = llvm::APInt::getAllOnes(w);
  else if (isa<arith::MaxSIOp>(combiner))
    value = llvm::APInt::getSignedMinValue(w);
  else if (isa<arith::MinSIOp>(combiner))
    value = llvm::APInt::getSignedMaxValue(w);
  return value ? IntegerAttr::get(type, *value) : TypedAttr();
}

/// `acc' = combine(acc, convert?(reduce(x)))` inside `loop`, where `acc` is
/// loop-carried value `iterIndex` and `acc'` is what the loop yields for it.
struct Candidate {
  scf::ForOp loop;
  ReduceOp reduce;
  ttg::ConvertLayoutOp convert; // between the reduce and the combine, or null
  Operation *accumulate;
  unsigned iterIndex;
  unsigned perThread; // e: consecutive elements per thread along the axis
};

/// The number of consecutive elements each thread holds along `axis` of
/// `tile` when a thread-local pre-reduction over them saves communication:
/// a blocked layout whose fastest dimension is `axis`, more than one element
/// per thread along it, and lanes or warps sharing it. Else 0.
unsigned elementsPerThreadAlong(RankedTensorType tile, unsigned axis) {
  auto blocked = dyn_cast_or_null<ttg::BlockedEncodingAttr>(tile.getEncoding());
  if (!blocked || blocked.getOrder()[0] != axis)
    return 0;
  unsigned e = blocked.getSizePerThread()[axis];
  int64_t size = tile.getShape()[axis];
  if (e <= 1 || size <= e || size % e != 0)
    return 0;
  if (blocked.getThreadsPerWarp()[axis] == 1 &&
      blocked.getWarpsPerCTA()[axis] == 1)
    return 0; // Already reduced within each thread.
  return e;
}

std::optional<Candidate> match(ReduceOp reduce) {
  if (reduce.getNumOperands() != 1 || !reduce->hasOneUse())
    return std::nullopt;
  Operation *combiner = reduce.getSingleCombiner();
  if (!combiner)
    return std::nullopt;
  auto loop = dyn_cast<scf::ForOp>(reduce->getParentOp());
  if (!loop)
    return std::nullopt;
  auto tile = cast<RankedTensorType>(reduce.getSrcs()[0].getType());
  unsigned e = elementsPerThreadAlong(tile, reduce.getAxis());
  if (!e || !neutralElement(combiner, tile.getElementType()))
    return std::nullopt;

  Value result = reduce.getResult()[0];
  Operation *user = *result.getUsers().begin();
  auto convert = dyn_cast<ttg::ConvertLayoutOp>(user);
  if (convert) {
    if (!convert->hasOneUse())
      return std::nullopt;
    result = convert.getResult();
    user = *result.getUsers().begin();
  }
  Operation *acc = user;
  if (acc->getName() != combiner->getName() ||
      acc->getBlock() != reduce->getBlock() || acc->getNumOperands() != 2 ||
      !acc->hasOneUse())
    return std::nullopt;
  Value other =
      acc->getOperand(0) == result ? acc->getOperand(1) : acc->getOperand(0);
  auto arg = dyn_cast<BlockArgument>(other);
  if (!arg || arg.getOwner() != loop.getBody() || arg.getArgNumber() == 0 ||
      !arg.hasOneUse())
    return std::nullopt;
  unsigned iterIndex = arg.getArgNumber() - 1;
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  if (yield.getOperand(iterIndex) != acc->getResult(0))
    return std::nullopt;
  return Candidate{loop, reduce, convert, acc, iterIndex, e};
}

/// `tile`'s blocked layout with `axis` split in two: `axis` keeps the lanes
/// and warps, a new fastest dimension right after it holds the `e`
/// consecutive elements each thread had along `axis`.
ttg::BlockedEncodingAttr splitLayout(RankedTensorType tile, unsigned axis,
                                     unsigned e) {
  auto blocked = cast<ttg::BlockedEncodingAttr>(tile.getEncoding());
  auto insertAfterAxis = [&](ArrayRef<unsigned> v, unsigned atAxis,
                             unsigned inserted) {
    SmallVector<unsigned> r(v);
    r[axis] = atAxis;
    r.insert(r.begin() + axis + 1, inserted);
    return r;
  };
  SmallVector<unsigned> order{axis + 1};
  for (unsigned d : blocked.getOrder())
    order.push_back(d > axis ? d + 1 : d);
  return ttg::BlockedEncodingAttr::get(
      tile.getContext(), insertAfterAxis(blocked.getSizePerThread(), 1, e),
      insertAfterAxis(blocked.getThreadsPerWarp(),
                      blocked.getThreadsPerWarp()[axis], 1),
      insertAfterAxis(blocked.getWarpsPerCTA(), blocked.getWarpsPerCTA()[axis],
                      1),
      order);
}

/// A reduce of `src` along `axis` with `like`'s combining region.
Value cloneReduce(OpBuilder &builder, Location loc, ReduceOp like, Value src,
                  unsigned axis) {
  auto reduce = ReduceOp::create(builder, loc, ValueRange{src}, axis);
  IRMapping mapping;
  like.getCombineOp().cloneInto(&reduce.getCombineOp(), mapping);
  return reduce.getResult()[0];
}

/// `v` as a tensor of `type` (the same shape in another layout): a splat
/// constant is rebuilt, anything else converted.
Value withType(OpBuilder &builder, Value v, Type type) {
  if (v.getType() == type)
    return v;
  DenseElementsAttr splat;
  if (matchPattern(v, m_Constant(&splat)) && splat.isSplat())
    return arith::ConstantOp::create(builder, v.getLoc(), cast<ShapedType>(type),
                                     splat.resizeSplat(cast<ShapedType>(type)));
  return ttg::ConvertLayoutOp::create(builder, v.getLoc(), type, v);
}

/// `name`(lhs, rhs), typed as `lhs`.
Value combine(OpBuilder &builder, Location loc, OperationName name, Value lhs,
              Value rhs) {
  OperationState state(loc, name);
  state.addOperands({lhs, rhs});
  state.addTypes(lhs.getType());
  return builder.create(state)->getResult(0);
}

void rewrite(const Candidate &c) {
  scf::ForOp loop = c.loop;
  ReduceOp reduce = c.reduce;
  Location loc = reduce.getLoc();
  OperationName combinerName = reduce.getSingleCombiner()->getName();
  Value x = reduce.getSrcs()[0];
  auto tile = cast<RankedTensorType>(x.getType());
  unsigned axis = reduce.getAxis();

  // In the loop: the thread's e elements along `axis` become their own,
  // fastest dimension (the same registers), reduced without communication.
  SmallVector<int64_t> splitShape(tile.getShape());
  splitShape[axis] /= c.perThread;
  splitShape.insert(splitShape.begin() + axis + 1, c.perThread);
  auto splitType = RankedTensorType::get(splitShape, tile.getElementType(),
                                         splitLayout(tile, axis, c.perThread));
  OpBuilder inner(reduce);
  auto reshape = ReshapeOp::create(inner, loc, splitType, x,
                                   /*allow_reorder=*/true,
                                   /*efficient_layout=*/true);
  Value part = cloneReduce(inner, loc, reduce, reshape, axis + 1);
  auto partType = cast<RankedTensorType>(part.getType());

  // The loop carries the partial results, starting from the neutral element.
  OpBuilder before(loop);
  TypedAttr neutral =
      neutralElement(reduce.getSingleCombiner(), tile.getElementType());
  Value init = arith::ConstantOp::create(
      before, loc, partType, DenseElementsAttr::get(partType, neutral));
  SmallVector<Value> inits(loop.getInitArgs());
  Value accInit = inits[c.iterIndex];
  inits[c.iterIndex] = init;
  auto newLoop =
      scf::ForOp::create(before, loop.getLoc(), loop.getLowerBound(),
                         loop.getUpperBound(), loop.getStep(), inits);

  // After the loop: one cross-thread reduction of the partial results,
  // combined with the accumulator's initial value.
  OpBuilder after(newLoop->getContext());
  after.setInsertionPointAfter(newLoop);
  Value total = cloneReduce(after, loc, reduce, newLoop.getResult(c.iterIndex),
                            axis);
  Value result = combine(after, loc, combinerName, total,
                         withType(after, accInit, total.getType()));
  result = withType(after, result, accInit.getType());

  // Into the new loop: the body, with the partial results carried.
  Block *oldBody = loop.getBody();
  Block *newBody = newLoop.getBody();
  BlockArgument partAcc = newBody->getArgument(1 + c.iterIndex);
  Value nextPart = combine(inner, loc, combinerName, partAcc, part);
  auto yield = cast<scf::YieldOp>(oldBody->getTerminator());
  yield->setOperand(c.iterIndex, nextPart);
  c.accumulate->erase();
  if (c.convert)
    c.convert->erase();
  reduce->erase();

  while (!newBody->empty()) // a terminator the builder may have added
    newBody->back().erase();
  newBody->getOperations().splice(newBody->end(), oldBody->getOperations());
  for (auto [oldArg, newArg] :
       llvm::zip(oldBody->getArguments(), newBody->getArguments()))
    if (newArg != partAcc)
      oldArg.replaceAllUsesWith(newArg);

  for (unsigned i = 0; i < loop.getNumResults(); ++i)
    loop.getResult(i).replaceAllUsesWith(i == c.iterIndex
                                             ? result
                                             : newLoop.getResult(i));
  loop.erase();
}

class OptimizeThreadLocality
    : public ttg::impl::TritonGPUOptimizeThreadLocalityBase<
          OptimizeThreadLocality> {
public:
  void runOnOperation() override {
    // One rewrite at a time: it rebuilds the loop, which may hold further
    // candidates. The reductions it creates do not match again (the in-loop
    // one is thread-local, the other is outside the loop).
    while (true) {
      std::optional<Candidate> candidate;
      getOperation().walk([&](ReduceOp reduce) {
        candidate = match(reduce);
        return candidate ? WalkResult::interrupt() : WalkResult::advance();
      });
      if (!candidate)
        return;
      rewrite(*candidate);
    }
  }
};

} // namespace
