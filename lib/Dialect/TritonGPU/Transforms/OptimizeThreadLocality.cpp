//===- OptimizeThreadLocality.cpp - reduce once after a loop ----*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/TritonGPU/Transforms/Passes.h"

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

#include <limits>

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUOPTIMIZETHREADLOCALITY
#include "tt/Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;

namespace {

constexpr int64_t kMaxElementsPerThread = 64;

/// The identity of a combining op, as an attribute of `type`, or null.
TypedAttr neutralElement(Operation *combiner, Type type) {
  if (isa<arith::AddFOp>(combiner))
    return FloatAttr::get(type, 0.0);
  if (isa<arith::AddIOp>(combiner))
    return IntegerAttr::get(type, 0);
  if (isa<arith::MaxNumFOp, arith::MaximumFOp>(combiner))
    return FloatAttr::get(type, -std::numeric_limits<double>::infinity());
  if (isa<arith::MinNumFOp, arith::MinimumFOp>(combiner))
    return FloatAttr::get(type, std::numeric_limits<double>::infinity());
  return TypedAttr();
}

struct Candidate {
  scf::ForOp loop;
  ReduceOp reduce;
  Operation *accumulate; // acc' = combine(acc, reduce)
  unsigned iterIndex;
};

std::optional<Candidate> match(ReduceOp reduce) {
  if (reduce.getNumOperands() != 1 || !reduce->hasOneUse())
    return std::nullopt;
  Operation *combiner = reduce.getSingleCombiner();
  if (!combiner)
    return std::nullopt;
  auto loop = dyn_cast<scf::ForOp>(reduce->getParentOp());
  if (!loop)
    return std::nullopt;
  Operation *acc = *reduce->getUsers().begin();
  if (acc->getName() != combiner->getName() || acc->getBlock() != reduce->getBlock())
    return std::nullopt;
  Value other = acc->getOperand(0) == reduce.getResult()[0] ? acc->getOperand(1)
                                                            : acc->getOperand(0);
  auto arg = dyn_cast<BlockArgument>(other);
  if (!arg || arg.getOwner() != loop.getBody() || arg.getArgNumber() == 0)
    return std::nullopt;
  unsigned iterIndex = arg.getArgNumber() - 1;
  if (!arg.hasOneUse() || !acc->hasOneUse())
    return std::nullopt;
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  if (yield.getOperand(iterIndex) != acc->getResult(0))
    return std::nullopt;
  auto tile = cast<RankedTensorType>(reduce.getSrcs()[0].getType());
  std::optional<tt::LinearLayout> layout = ttg::toLinearLayout(tile);
  if (!layout || layout->getInDimSize(tt::kRegister) > kMaxElementsPerThread)
    return std::nullopt;
  if (!neutralElement(combiner, tile.getElementType()))
    return std::nullopt;
  return Candidate{loop, reduce, acc, iterIndex};
}

/// Rebuilds the loop with one more iter arg (the tile accumulator); returns
/// the new loop.
void rewrite(const Candidate &c) {
  scf::ForOp loop = c.loop;
  ReduceOp reduce = c.reduce;
  Operation *combiner = reduce.getSingleCombiner();
  auto tile = cast<RankedTensorType>(reduce.getSrcs()[0].getType());
  OpBuilder builder(loop);
  Location loc = reduce.getLoc();
  auto zeros = DenseElementsAttr::get(
      tile, neutralElement(combiner, tile.getElementType()));
  Value init = arith::ConstantOp::create(builder, loc, tile, zeros);

  SmallVector<Value> inits(loop.getInitArgs());
  inits.push_back(init);
  auto newLoop = scf::ForOp::create(builder, loop.getLoc(), loop.getLowerBound(),
                                    loop.getUpperBound(), loop.getStep(), inits);
  // Move the body, with the new accumulator argument appended.
  Block *oldBody = loop.getBody();
  Block *newBody = newLoop.getBody();
  while (!newBody->empty()) // a terminator the builder may have added
    newBody->back().erase();
  newBody->getOperations().splice(newBody->end(), oldBody->getOperations());
  for (auto [oldArg, newArg] :
       llvm::zip(oldBody->getArguments(), newBody->getArguments()))
    oldArg.replaceAllUsesWith(newArg);
  Value tileAcc = newBody->getArguments().back();

  // In the body: tileAcc' = combine(tileAcc, x) elementwise; the old
  // accumulator passes through unchanged.
  OpBuilder inner(c.accumulate);
  OperationState state(loc, combiner->getName());
  state.addOperands({tileAcc, reduce.getSrcs()[0]});
  state.addTypes(tile);
  Value next = inner.create(state)->getResult(0);
  auto yield = cast<scf::YieldOp>(newBody->getTerminator());
  Value carried = newBody->getArgument(1 + c.iterIndex);
  yield->setOperand(c.iterIndex, carried);
  yield->insertOperands(yield->getNumOperands(), next);

  // After the loop: acc_final = combine(acc_out, reduce(tileAcc_out)).
  builder.setInsertionPointAfter(newLoop);
  auto newReduce = ReduceOp::create(builder, loc, ValueRange{newLoop.getResults().back()},
                                    reduce.getAxis());
  IRMapping mapping;
  reduce.getCombineOp().cloneInto(&newReduce.getCombineOp(), mapping);
  // The combiner lives in the reduce's region: take its name before the
  // reduce (and with it the combiner) is erased.
  OperationName combinerName = combiner->getName();
  c.accumulate->erase();
  reduce.erase();
  OperationState finalState(loc, combinerName);
  finalState.addOperands({newLoop.getResult(c.iterIndex), newReduce.getResult()[0]});
  finalState.addTypes(newLoop.getResult(c.iterIndex).getType());
  Value result = builder.create(finalState)->getResult(0);

  for (unsigned i = 0; i < loop.getNumResults(); ++i)
    loop.getResult(i).replaceAllUsesWith(i == c.iterIndex ? result
                                                          : newLoop.getResult(i));
  loop.erase();
}

class OptimizeThreadLocality
    : public ttg::impl::TritonGPUOptimizeThreadLocalityBase<
          OptimizeThreadLocality> {
public:
  void runOnOperation() override {
    SmallVector<Candidate> candidates;
    getOperation().walk([&](ReduceOp reduce) {
      if (auto c = match(reduce))
        candidates.push_back(*c);
    });
    // One rewrite per loop per run: a loop rebuilt once is not revisited.
    llvm::DenseSet<Operation *> done;
    for (const Candidate &c : candidates)
      if (done.insert(c.loop).second)
        rewrite(c);
  }
};

} // namespace
