//===- LoopAwareCSE.cpp - CSE that merges equal loop arguments --*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Two scf.for iteration arguments are provably equal when they start from
// the same value and are updated by the same computation. Plain CSE cannot
// see that (each is its own block argument); this pass proves it by
// induction and merges them, after which plain CSE can finish the job.
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/Triton/Transforms/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/EquivalenceClasses.h"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONLOOPAWARECSE
#include "tt/Dialect/Triton/Transforms/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;

namespace {

/// Decides equality of values computed in the body of one loop, assuming
/// iteration arguments equal while their equality is being proved.
class IterArgEquivalence {
public:
  explicit IterArgEquivalence(scf::ForOp loop) : loop(loop) {}

  /// Whether iteration arguments `i` and `j` hold the same value in every
  /// iteration.
  bool argsEqual(unsigned i, unsigned j) {
    if (i == j)
      return true;
    if (loop.getInitArgs()[i] != loop.getInitArgs()[j])
      return false;
    std::pair<unsigned, unsigned> key{std::min(i, j), std::max(i, j)};
    // Inductive hypothesis: while proving (i, j), assume it.
    if (llvm::is_contained(assumed, key))
      return true;
    assumed.push_back(key);
    bool equal =
        valuesEqual(loop.getYieldedValues()[i], loop.getYieldedValues()[j]);
    assumed.pop_back();
    return equal;
  }

private:
  bool valuesEqual(Value a, Value b) {
    if (a == b)
      return true;
    if (a.getType() != b.getType())
      return false;
    Block *body = loop.getBody();
    // Distinct values from outside the body were already CSE'd: different.
    if (a.getParentBlock() != body || b.getParentBlock() != body)
      return false;
    Value iv = loop.getInductionVar();
    if (a == iv || b == iv)
      return false;
    auto argA = dyn_cast<BlockArgument>(a);
    auto argB = dyn_cast<BlockArgument>(b);
    if (bool(argA) != bool(argB))
      return false;
    if (argA) // Both iteration arguments: first block argument is the IV.
      return argsEqual(argA.getArgNumber() - 1, argB.getArgNumber() - 1);

    auto resA = cast<OpResult>(a), resB = cast<OpResult>(b);
    if (resA.getResultNumber() != resB.getResultNumber())
      return false;
    Operation *opA = resA.getOwner(), *opB = resB.getOwner();
    // Only pure, region-free computations are known to give equal results
    // for equal operands.
    if (opA->getNumRegions() || opB->getNumRegions() ||
        !isMemoryEffectFree(opA) || !isMemoryEffectFree(opB))
      return false;
    return OperationEquivalence::isEquivalentTo(
        opA, opB, [&](Value x, Value y) { return success(valuesEqual(x, y)); },
        /*markEquivalent=*/nullptr, OperationEquivalence::IgnoreLocations);
  }

  scf::ForOp loop;
  SmallVector<std::pair<unsigned, unsigned>> assumed;
};

/// Merges the provably equal iteration arguments of `loop`: every member of
/// a class is replaced by the class's first argument, and its yield is made
/// a pass-through so that the canonicalizer can delete it.
void mergeEqualIterArgs(scf::ForOp loop) {
  unsigned n = loop.getNumRegionIterArgs();
  llvm::EquivalenceClasses<unsigned> classes;
  IterArgEquivalence equivalence(loop);
  for (unsigned i = 0; i < n; ++i)
    for (unsigned j = i + 1; j < n; ++j)
      if (!classes.isEquivalent(i, j) && equivalence.argsEqual(i, j))
        classes.unionSets(i, j);

  for (auto it = classes.begin(), e = classes.end(); it != e; ++it) {
    if (!(*it)->isLeader())
      continue;
    SmallVector<unsigned> members(classes.member_begin(**it),
                                  classes.member_end());
    if (members.size() < 2)
      continue;
    llvm::sort(members); // Deterministic choice of the survivor.
    unsigned keep = members.front();
    BlockArgument keptArg = loop.getRegionIterArg(keep);
    Value keptResult = loop.getResult(keep);
    for (unsigned j : llvm::drop_begin(members)) {
      BlockArgument arg = loop.getRegionIterArg(j);
      arg.replaceAllUsesWith(keptArg);
      (*loop.getYieldedValuesMutable())[j].set(arg);
      loop.getResult(j).replaceAllUsesWith(keptResult);
    }
  }
}

struct LoopAwareCSEPass
    : public triton::impl::TritonLoopAwareCSEBase<LoopAwareCSEPass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    DominanceInfo &dominance = getAnalysis<DominanceInfo>();
    // Make equal values from outside the loops pointer-equal first: the
    // induction compares initial values by identity.
    eliminateCommonSubExpressions(rewriter, dominance, getOperation());
    getOperation()->walk([](scf::ForOp loop) { mergeEqualIterArgs(loop); });
    // Merged arguments make their update computations identical.
    eliminateCommonSubExpressions(rewriter, dominance, getOperation());

    // Drop the pass-through arguments and unused results.
    RewritePatternSet patterns(&getContext());
    scf::ForOp::getCanonicalizationPatterns(patterns, &getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
