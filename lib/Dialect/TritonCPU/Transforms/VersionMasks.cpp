//===- VersionMasks.cpp - tritoncpu-version-masks ---------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// tritoncpu-version-masks: a copy of a masked generic without its mask
// guards, run when the masks hold at the corners of the iteration space.
// See include/tt/Dialect/TritonCPU/Transforms/Passes.td and
// docs/cpu-backend.md.
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/TritonCPU/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir::triton::cpu {
#define GEN_PASS_DEF_TRITONCPUVERSIONMASKS
#include "tt/Dialect/TritonCPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::cpu

using namespace mlir;

namespace {

/// How a value in a generic's body varies with the loop indices.
enum class Monotony { Invariant, NonDecreasing, Unknown };

struct MaskAnalysis {
  linalg::GenericOp op;
  Block *body;

  /// Whether `v` does not depend on the iteration point: defined outside
  /// the body, or a scalar input.
  bool isInvariantArg(Value v) {
    auto arg = dyn_cast<BlockArgument>(v);
    if (!arg || arg.getOwner() != body)
      return false;
    if (arg.getArgNumber() >= op.getNumDpsInputs())
      return false;
    OpOperand *operand = op.getDpsInputOperand(arg.getArgNumber());
    return !isa<ShapedType>(operand->get().getType());
  }

  Monotony classify(Value v, unsigned depth = 0) {
    if (depth > 16)
      return Monotony::Unknown;
    if (!body->getParentOp()->isAncestor(v.getParentBlock()->getParentOp()))
      return Monotony::Invariant;
    if (isInvariantArg(v))
      return Monotony::Invariant;
    Operation *def = v.getDefiningOp();
    if (!def || def->getBlock() != body)
      return Monotony::Unknown;
    if (matchPattern(v, m_Constant()))
      return Monotony::Invariant;
    if (isa<linalg::IndexOp>(def))
      return Monotony::NonDecreasing;
    auto join = [](Monotony a, Monotony b) {
      if (a == Monotony::Unknown || b == Monotony::Unknown)
        return Monotony::Unknown;
      return a == Monotony::Invariant ? b : Monotony::NonDecreasing;
    };
    // Signed casts only: a zero-extended negative value would wrap around.
    if (isa<arith::IndexCastOp, arith::ExtSIOp>(def))
      return classify(def->getOperand(0), depth + 1);
    if (isa<arith::AddIOp>(def))
      return join(classify(def->getOperand(0), depth + 1),
                  classify(def->getOperand(1), depth + 1));
    if (isa<arith::SubIOp>(def)) {
      Monotony rhs = classify(def->getOperand(1), depth + 1);
      if (rhs != Monotony::Invariant)
        return Monotony::Unknown;
      return classify(def->getOperand(0), depth + 1);
    }
    if (isa<arith::MulIOp>(def)) {
      for (unsigned k = 0; k < 2; ++k) {
        APInt c;
        if (matchPattern(def->getOperand(k), m_ConstantInt(&c)) &&
            !c.isNegative())
          return classify(def->getOperand(1 - k), depth + 1);
      }
      Monotony a = classify(def->getOperand(0), depth + 1);
      Monotony b = classify(def->getOperand(1), depth + 1);
      if (a == Monotony::Invariant && b == Monotony::Invariant)
        return Monotony::Invariant;
      return Monotony::Unknown;
    }
    // Any other pure operation of invariant operands is invariant.
    if (isPure(def) && def->getNumRegions() == 0 &&
        llvm::all_of(def->getOperands(), [&](Value o) {
          return classify(o, depth + 1) == Monotony::Invariant;
        }))
      return Monotony::Invariant;
    return Monotony::Unknown;
  }

  /// For a condition that holds everywhere iff it holds at one corner:
  /// collects the corner (true: the last point, false: the first) for each
  /// comparison. Fails for anything else.
  bool analyze(Value cond, SmallVectorImpl<std::pair<Value, bool>> &checks) {
    Operation *def = cond.getDefiningOp();
    if (!def || def->getBlock() != body)
      return false;
    if (auto andOp = dyn_cast<arith::AndIOp>(def))
      return analyze(andOp.getLhs(), checks) &&
             analyze(andOp.getRhs(), checks);
    auto cmp = dyn_cast<arith::CmpIOp>(def);
    if (!cmp)
      return false;
    Monotony lhs = classify(cmp.getLhs()), rhs = classify(cmp.getRhs());
    if (lhs == Monotony::Unknown || rhs == Monotony::Unknown)
      return false;
    if (lhs == Monotony::Invariant && rhs == Monotony::Invariant) {
      checks.push_back({cond, true});
      return true;
    }
    if (lhs != Monotony::Invariant && rhs != Monotony::Invariant)
      return false;
    // Normalize to "increasing PRED invariant".
    arith::CmpIPredicate pred = cmp.getPredicate();
    if (lhs == Monotony::Invariant)
      pred = swapPredicate(pred);
    // Signed comparisons only: the analysis reasons about signed values
    // (an increasing value may cross zero, which unsigned order breaks).
    switch (pred) {
    case arith::CmpIPredicate::slt:
    case arith::CmpIPredicate::sle:
      checks.push_back({cond, true});
      return true;
    case arith::CmpIPredicate::sgt:
    case arith::CmpIPredicate::sge:
      checks.push_back({cond, false});
      return true;
    default:
      return false;
    }
  }

  static arith::CmpIPredicate swapPredicate(arith::CmpIPredicate p) {
    switch (p) {
    case arith::CmpIPredicate::slt:
      return arith::CmpIPredicate::sgt;
    case arith::CmpIPredicate::sle:
      return arith::CmpIPredicate::sge;
    case arith::CmpIPredicate::sgt:
      return arith::CmpIPredicate::slt;
    case arith::CmpIPredicate::sge:
      return arith::CmpIPredicate::sle;
    default:
      return p;
    }
  }

  /// Clones the computation of `v` before the generic with the loop indices
  /// at the last (or first) point and scalar inputs replaced by operands.
  Value materialize(OpBuilder &b, Value v, bool last, IRMapping &map,
                    ArrayRef<int64_t> ranges) {
    if (Value m = map.lookupOrNull(v))
      return m;
    if (isInvariantArg(v)) {
      Value in = op.getDpsInputOperand(cast<BlockArgument>(v).getArgNumber())
                     ->get();
      map.map(v, in);
      return in;
    }
    Operation *def = v.getDefiningOp();
    if (!def || def->getBlock() != body)
      return v; // defined outside the generic
    if (auto index = dyn_cast<linalg::IndexOp>(def)) {
      int64_t at = last ? ranges[index.getDim()] - 1 : 0;
      Value c = arith::ConstantIndexOp::create(b, def->getLoc(), at);
      map.map(v, c);
      return c;
    }
    for (Value operand : def->getOperands())
      materialize(b, operand, last, map, ranges);
    Operation *clone = b.clone(*def, map);
    return clone->getResult(cast<OpResult>(v).getResultNumber());
  }
};

LogicalResult versionMasks(linalg::GenericOp op) {
  if (!op.hasPureTensorSemantics())
    return failure();
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (llvm::any_of(ranges, ShapedType::isDynamic) ||
      llvm::any_of(ranges, [](int64_t r) { return r <= 0; }))
    return failure();
  MaskAnalysis analysis{op, op.getBody()};
  SmallVector<scf::IfOp> guards;
  SmallVector<std::pair<Value, bool>> checks;
  for (auto ifOp : op.getBody()->getOps<scf::IfOp>()) {
    if (!analysis.analyze(ifOp.getCondition(), checks))
      return failure();
    guards.push_back(ifOp);
  }
  if (guards.empty())
    return failure();

  OpBuilder b(op);
  Location loc = op.getLoc();
  IRMapping lastMap, firstMap;
  Value all;
  llvm::SmallDenseSet<std::pair<Value, unsigned>> seen;
  for (auto [cond, last] : checks) {
    if (!seen.insert({cond, unsigned(last)}).second)
      continue;
    Value c = analysis.materialize(b, cond, last, last ? lastMap : firstMap,
                                   ranges);
    all = all ? arith::AndIOp::create(b, loc, all, c).getResult() : c;
  }
  // Without results the regions come with their terminators.
  bool hasResults = op->getNumResults() != 0;
  auto ifOp = scf::IfOp::create(b, loc, op->getResultTypes(), all,
                                /*withElseRegion=*/true);
  // Then: a copy without the guards.
  b.setInsertionPointToStart(&ifOp.getThenRegion().front());
  auto fast = cast<linalg::GenericOp>(b.clone(*op));
  SmallVector<scf::IfOp> fastGuards;
  for (auto guard : fast.getBody()->getOps<scf::IfOp>())
    fastGuards.push_back(guard);
  for (scf::IfOp guard : fastGuards) {
    Block *then = &guard.getThenRegion().front();
    auto yield = cast<scf::YieldOp>(then->getTerminator());
    SmallVector<Value> values(yield.getOperands());
    yield->erase();
    guard->getBlock()->getOperations().splice(guard->getIterator(),
                                              then->getOperations());
    guard->replaceAllUsesWith(values);
    guard->erase();
  }
  if (hasResults)
    scf::YieldOp::create(b, loc, fast->getResults());
  // Else: the original.
  Block &elseBlock = ifOp.getElseRegion().front();
  op->replaceAllUsesWith(ifOp.getResults());
  if (hasResults) {
    op->moveBefore(&elseBlock, elseBlock.end());
    b.setInsertionPointToEnd(&elseBlock);
    scf::YieldOp::create(b, loc, op->getResults());
  } else {
    op->moveBefore(elseBlock.getTerminator());
  }
  return success();
}

struct VersionMasksPass
    : triton::cpu::impl::TritonCPUVersionMasksBase<VersionMasksPass> {
  void runOnOperation() override {
    SmallVector<linalg::GenericOp> generics;
    getOperation()->walk([&](linalg::GenericOp op) { generics.push_back(op); });
    for (linalg::GenericOp op : generics)
      (void)versionMasks(op);
  }
};

} // namespace
