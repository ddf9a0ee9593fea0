//===- FuseNestedLoops.cpp - flatten loop nests marked tt.flatten -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// A two-level nest whose outer scf.for carries `tt.flatten` becomes one
// scf.for over all inner iterations. A counter T walks the inner iterations
// of the current outer iteration: at T == 0 the fused loop runs the outer
// prologue (advancing the outer induction variable), every iteration runs
// the inner body, and at T == len - 1 it runs the outer epilogue. Everything
// that crosses from one part to another is carried by the fused loop.
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/TritonGPU/Transforms/Passes.h"

#include "tt/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"
#include "mlir/Transforms/RegionUtils.h"

#include "llvm/ADT/SetVector.h"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUFUSENESTEDLOOPS
#include "tt/Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;

namespace {

// Set by the frontend (`tl.range(..., flatten=True)`): fuse this nest.
constexpr llvm::StringLiteral kFlatten = "tt.flatten";
// Upstream's marker for an inner loop known to run at least once.
constexpr llvm::StringLiteral kMustExecute = "ttg.must-execute";
constexpr llvm::StringLiteral kNumStages = "tt.num_stages";
constexpr llvm::StringLiteral kDisallowAccMultiBuffer =
    "tt.disallow_acc_multi_buffer";

Value intConstant(OpBuilder &b, Location loc, Type type, int64_t v) {
  return arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, v));
}

// A placeholder for a carried value that is written before it is read: zero
// where a constant can express it, poison otherwise.
Value placeholder(OpBuilder &b, Location loc, Type type) {
  Type elem = getElementTypeOrSelf(type);
  auto tensor = dyn_cast<RankedTensorType>(type);
  if ((type == elem || tensor) && (elem.isIntOrIndex() || isa<FloatType>(elem))) {
    TypedAttr zero = isa<FloatType>(elem) ? TypedAttr(b.getFloatAttr(elem, 0))
                                          : TypedAttr(b.getIntegerAttr(elem, 0));
    if (tensor)
      zero = SplatElementsAttr::get(tensor, zero);
    return arith::ConstantOp::create(b, loc, zero);
  }
  return ub::PoisonOp::create(b, loc, type);
}

// The number of iterations of range(lb, ub, step), step > 0; negative
// when ub < lb.
Value tripCount(OpBuilder &b, Location loc, Value lb, Value ub, Value step) {
  Value diff = arith::SubIOp::create(b, loc, ub, lb);
  return arith::CeilDivSIOp::create(b, loc, diff, step);
}

void setYield(OpBuilder &b, Location loc, Block *block, ValueRange values) {
  if (!block->empty() && isa<scf::YieldOp>(block->back()))
    block->back().erase();
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToEnd(block);
  scf::YieldOp::create(b, loc, values);
}

// The only loop directly in `outer`'s body, or failure with a reason.
FailureOr<scf::ForOp> findInnerLoop(scf::ForOp outer, std::string &why) {
  auto loops = outer.getBody()->getOps<scf::ForOp>();
  auto count = std::distance(loops.begin(), loops.end());
  if (count == 0) {
    why = "its body holds no loop";
    return failure();
  }
  if (count > 1) {
    why = "its body holds more than one loop";
    return failure();
  }
  scf::ForOp inner = *loops.begin();
  if (!inner.getBody()->getOps<scf::ForOp>().empty()) {
    why = "the nest is deeper than two loops";
    return failure();
  }
  if (outer.getUnsignedCmp() || inner.getUnsignedCmp()) {
    why = "a loop compares its bounds unsigned";
    return failure();
  }
  if (outer.getInductionVar().getType() != inner.getInductionVar().getType()) {
    why = "the two induction variables have different types";
    return failure();
  }
  return inner;
}

// Whether range(lb, ub, step) of `inner` is known not to be empty.
bool knownNonEmpty(scf::ForOp inner, DominanceInfo &dom) {
  if (inner->hasAttr(kMustExecute))
    return true;
  std::optional<int64_t> step = getConstantIntValue(inner.getStep());
  if (!step || *step <= 0)
    return false;
  Value lb = inner.getLowerBound(), ub = inner.getUpperBound();
  std::optional<int64_t> lbC = getConstantIntValue(lb);
  std::optional<int64_t> ubC = getConstantIntValue(ub);
  if (lbC && ubC)
    return *lbC < *ubC;
  // An assumption `ub > lb` that holds where the loop starts.
  for (Operation *user : ub.getUsers()) {
    auto cmp = dyn_cast<arith::CmpIOp>(user);
    if (!cmp)
      continue;
    bool greater =
        (cmp.getPredicate() == arith::CmpIPredicate::sgt &&
         cmp.getLhs() == ub && cmp.getRhs() == lb) ||
        (cmp.getPredicate() == arith::CmpIPredicate::slt &&
         cmp.getLhs() == lb && cmp.getRhs() == ub);
    if (!greater)
      continue;
    for (Operation *use : cmp->getUsers())
      if (isa<LLVM::AssumeOp>(use) && dom.properlyDominates(use, inner))
        return true;
  }
  return false;
}

// The ops of `outer`'s body that compute `values` from the outer induction
// variable and values defined outside the nest, in program order; failure
// (with a reason) when one of them has side effects or regions or reads an
// iter_arg of `outer`.
FailureOr<SmallVector<Operation *>>
boundSlice(scf::ForOp outer, ArrayRef<Value> values, std::string &why) {
  llvm::SetVector<Operation *> slice;
  SmallVector<Value> work(values.begin(), values.end());
  while (!work.empty()) {
    Value v = work.pop_back_val();
    if (outer.isDefinedOutsideOfLoop(v) || v == outer.getInductionVar())
      continue;
    Operation *def = v.getDefiningOp();
    if (!def || def->getBlock() != outer.getBody()) {
      why = "the inner loop's bounds depend on values the outer loop carries";
      return failure();
    }
    if (!isPure(def) || def->getNumRegions()) {
      why = "the inner loop's bounds depend on an operation with side effects";
      return failure();
    }
    if (slice.insert(def))
      llvm::append_range(work, def->getOperands());
  }
  SmallVector<Operation *> ordered;
  for (Operation &op : outer.getBody()->without_terminator())
    if (slice.contains(&op))
      ordered.push_back(&op);
  return ordered;
}

// Move pure prologue ops whose results are only read after the inner loop
// to just after it, so the fused loop does not carry them.
void sinkIntoEpilogue(scf::ForOp outer, scf::ForOp inner) {
  Block *body = outer.getBody();
  llvm::SetVector<Operation *> sunk;
  SmallVector<Operation *> prologue;
  for (Operation &op : llvm::make_range(body->begin(), inner->getIterator()))
    prologue.push_back(&op);
  for (Operation *op : llvm::reverse(prologue)) {
    if (!isPure(op) || op->getNumRegions() || isa<triton::DotOp>(op) ||
        op->use_empty())
      continue;
    bool onlyAfter = llvm::all_of(op->getUsers(), [&](Operation *user) {
      Operation *anc = body->findAncestorOpInBlock(*user);
      return anc && (sunk.contains(anc) || inner->isBeforeInBlock(anc));
    });
    if (onlyAfter)
      sunk.insert(op);
  }
  Operation *anchor = inner->getNextNode();
  for (Operation *op : prologue)
    if (sunk.contains(op))
      op->moveBefore(anchor);
}

// Split the nest on whether the (outer-invariant) inner range is empty: the
// `then` branch runs a copy of the nest without its inner loop, the `else`
// branch the nest itself, whose inner loop then runs at least once.
void versionOnEmptyInner(scf::ForOp outer, scf::ForOp inner) {
  Location loc = inner.getLoc();
  OpBuilder b(outer);
  Value len = tripCount(b, loc, inner.getLowerBound(), inner.getUpperBound(),
                        inner.getStep());
  Value zero = intConstant(b, loc, len.getType(), 0);
  Value empty =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sle, len, zero);
  auto ifOp = scf::IfOp::create(b, loc, outer.getResultTypes(), empty,
                                /*addThenBlock=*/true, /*addElseBlock=*/true);
  outer->replaceAllUsesWith(ifOp.getResults());

  b.setInsertionPointToStart(ifOp.thenBlock());
  IRMapping map;
  auto copy = cast<scf::ForOp>(b.clone(*outer, map));
  copy->removeAttr(kFlatten);
  auto copyInner = cast<scf::ForOp>(map.lookup(inner.getOperation()));
  copyInner->replaceAllUsesWith(copyInner.getInitArgs());
  copyInner->erase();
  setYield(b, loc, ifOp.thenBlock(), copy.getResults());

  outer->moveBefore(ifOp.elseBlock(), ifOp.elseBlock()->begin());
  setYield(b, loc, ifOp.elseBlock(), outer.getResults());
}

struct NestPlan {
  scf::ForOp outer, inner;
  // The inner bounds are defined outside the nest.
  bool invariant = false;
  // Otherwise, the ops that compute them from the outer induction variable.
  SmallVector<Operation *> slice;
};

void fuse(NestPlan &plan) {
  scf::ForOp outer = plan.outer, inner = plan.inner;
  Location loc = outer.getLoc();
  Type ivTy = outer.getInductionVar().getType();
  Block *body = outer.getBody();
  OpBuilder b(outer);
  auto cst = [&](int64_t v) { return intConstant(b, loc, ivTy, v); };

  // The fused trip count.
  Value total;
  // max(1, len_j) and that minus one, when the inner bounds are invariant.
  Value invariantLen, invariantLast;
  if (plan.invariant) {
    Value lenI = tripCount(b, loc, outer.getLowerBound(),
                           outer.getUpperBound(), outer.getStep());
    Value lenJ = tripCount(b, loc, inner.getLowerBound(),
                           inner.getUpperBound(), inner.getStep());
    invariantLen = arith::MaxSIOp::create(b, loc, lenJ, cst(1));
    total = arith::MulIOp::create(b, loc, lenI, invariantLen);
    invariantLast = arith::SubIOp::create(b, loc, invariantLen, cst(1));
  } else {
    auto count = scf::ForOp::create(b, loc, outer.getLowerBound(),
                                    outer.getUpperBound(), outer.getStep(),
                                    ValueRange{cst(0)});
    OpBuilder cb = OpBuilder::atBlockEnd(count.getBody());
    IRMapping map;
    map.map(outer.getInductionVar(), count.getInductionVar());
    for (Operation *op : plan.slice)
      cb.clone(*op, map);
    Value lenJ = tripCount(cb, loc, map.lookupOrDefault(inner.getLowerBound()),
                           map.lookupOrDefault(inner.getUpperBound()),
                           map.lookupOrDefault(inner.getStep()));
    Value one = intConstant(cb, loc, ivTy, 1);
    Value sum = arith::AddIOp::create(
        cb, loc, count.getRegionIterArg(0),
        arith::MaxSIOp::create(cb, loc, lenJ, one));
    setYield(cb, loc, count.getBody(), sum);
    total = count.getResult(0);
  }

  // What the prologue (the ops before the inner loop) defines and the rest
  // of the nest reads. The inner loop's bounds and inits are consumed inside
  // the prologue and need not be carried, its step is.
  SmallVector<Operation *> prologue;
  for (Operation &op : llvm::make_range(body->begin(), inner->getIterator()))
    prologue.push_back(&op);
  llvm::SmallPtrSet<Operation *, 16> inPrologue(prologue.begin(),
                                                 prologue.end());
  SmallVector<Value> prologueOuts;
  for (Operation *op : prologue)
    for (OpResult r : op->getResults())
      if (llvm::any_of(r.getUses(), [&](OpOperand &use) {
            Operation *owner = use.getOwner();
            if (owner == inner.getOperation())
              return &use == &inner.getStepMutable();
            return !inPrologue.contains(body->findAncestorOpInBlock(*owner));
          }))
        prologueOuts.push_back(r);

  // Inner iter_args initialized outside the nest start from that value and
  // are reset in the epilogue; the others are set by the prologue.
  unsigned numJ = inner.getNumRegionIterArgs();
  SmallVector<bool> hoistedInit;
  for (Value init : inner.getInitArgs())
    hoistedInit.push_back(outer.isDefinedOutsideOfLoop(init));

  // An outer iter_arg read only at the start of an outer iteration (in the
  // prologue or as an inner init) may take the outer yield's value in every
  // fused iteration, not just the last, when that value exists outside the
  // epilogue.
  SmallVector<bool> readAtStartOnly;
  for (BlockArgument arg : outer.getRegionIterArgs())
    readAtStartOnly.push_back(llvm::all_of(arg.getUses(), [&](OpOperand &use) {
      Operation *owner = use.getOwner();
      if (owner == inner.getOperation())
        return use.getOperandNumber() >= inner.getNumControlOperands();
      return inPrologue.contains(body->findAncestorOpInBlock(*owner));
    }));

  // Fused iter_args: T, i, outer iter_args, j, [len], inner iter_args,
  // prologue outputs.
  unsigned numO = outer.getNumRegionIterArgs();
  bool carryLen = !plan.invariant;
  SmallVector<Value> inits{cst(0),
                           arith::SubIOp::create(b, loc, outer.getLowerBound(),
                                                 outer.getStep())};
  llvm::append_range(inits, outer.getInitArgs());
  inits.push_back(cst(0));
  if (carryLen)
    inits.push_back(cst(0));
  for (auto [k, init] : llvm::enumerate(inner.getInitArgs()))
    if (hoistedInit[k])
      inits.push_back(init);
    else if (auto arg = dyn_cast<BlockArgument>(init);
             arg && arg.getOwner() == body && arg != outer.getInductionVar())
      // An outer iter_arg: start from its initial value, so that the two
      // carried values can coincide (and canonicalization merge them).
      inits.push_back(outer.getTiedLoopInit(arg)->get());
    else
      inits.push_back(placeholder(b, loc, init.getType()));
  for (Value v : prologueOuts)
    inits.push_back(placeholder(b, loc, v.getType()));

  auto fused = scf::ForOp::create(b, loc, cst(0), total, cst(1), inits);
  Block *fbody = fused.getBody();
  if (!fbody->empty())
    fbody->back().erase();
  auto args = fused.getRegionIterArgs();
  Value T = args[0], ivArg = args[1];
  ValueRange oArgs = ValueRange(args).slice(2, numO);
  unsigned next = 2 + numO;
  Value jArg = args[next++];
  Value lenArg = carryLen ? Value(args[next++]) : Value();
  ValueRange jArgs = ValueRange(args).slice(next, numJ);
  ValueRange pArgs = ValueRange(args).slice(next + numJ, prologueOuts.size());

  for (auto [o, f] : llvm::zip(outer.getRegionIterArgs(), oArgs))
    o.replaceAllUsesWith(f);

  // if T == 0: i += si; prologue(i); j = lbj; [len]; inner inits
  b.setInsertionPointToStart(fbody);
  Value first = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, T,
                                      cst(0));
  SmallVector<Type> pTypes{ivTy, ivTy};
  if (carryLen)
    pTypes.push_back(ivTy);
  for (auto [k, v] : llvm::enumerate(inner.getInitArgs()))
    if (!hoistedInit[k])
      pTypes.push_back(v.getType());
  for (Value v : prologueOuts)
    pTypes.push_back(v.getType());
  auto pIf = scf::IfOp::create(b, loc, pTypes, first, /*addThenBlock=*/true,
                               /*addElseBlock=*/true);
  Block *thenB = pIf.thenBlock();
  if (!thenB->empty())
    thenB->back().erase();
  OpBuilder tb = OpBuilder::atBlockEnd(thenB);
  Value iNew = arith::AddIOp::create(tb, loc, ivArg, outer.getStep());
  for (Operation *op : prologue)
    op->moveBefore(thenB, thenB->end());
  Value iv = outer.getInductionVar();
  auto inThen = [&](Value v) { return v == iv ? iNew : v; };
  replaceAllUsesInRegionWith(iv, iNew, pIf.getThenRegion());
  tb.setInsertionPointToEnd(thenB);
  SmallVector<Value> thenOuts{iNew, inThen(inner.getLowerBound())};
  if (carryLen) {
    Value lenJ = tripCount(tb, loc, inThen(inner.getLowerBound()),
                           inThen(inner.getUpperBound()),
                           inThen(inner.getStep()));
    lenJ = arith::MaxSIOp::create(tb, loc, lenJ, intConstant(tb, loc, ivTy, 1));
    thenOuts.push_back(lenJ);
  }
  for (auto [k, v] : llvm::enumerate(inner.getInitArgs()))
    if (!hoistedInit[k])
      thenOuts.push_back(inThen(v));
  llvm::append_range(thenOuts, prologueOuts);
  setYield(b, loc, thenB, thenOuts);

  SmallVector<Value> elseOuts{ivArg, jArg};
  if (carryLen)
    elseOuts.push_back(lenArg);
  for (unsigned k = 0; k < numJ; ++k)
    if (!hoistedInit[k])
      elseOuts.push_back(jArgs[k]);
  llvm::append_range(elseOuts, pArgs);
  setYield(b, loc, pIf.elseBlock(), elseOuts);

  // The prologue's values outside it now come from the `scf.if`.
  unsigned r = 0;
  Value curI = pIf.getResult(r++);
  Value curJ = pIf.getResult(r++);
  Value curLen = carryLen ? pIf.getResult(r++) : invariantLen;
  SmallVector<Value> curJArgs;
  for (unsigned k = 0; k < numJ; ++k)
    curJArgs.push_back(hoistedInit[k] ? Value(jArgs[k]) : pIf.getResult(r++));
  ValueRange curPOuts = pIf.getResults().drop_front(r);
  for (auto [old, cur] : llvm::zip(prologueOuts, curPOuts))
    old.replaceUsesWithIf(cur, [&](OpOperand &use) {
      return !pIf.getThenRegion().isAncestor(use.getOwner()->getParentRegion());
    });
  iv.replaceAllUsesWith(curI);

  // The inner body, which runs in every fused iteration.
  inner.getInductionVar().replaceAllUsesWith(curJ);
  for (auto [a, v] : llvm::zip(inner.getRegionIterArgs(), curJArgs))
    a.replaceAllUsesWith(v);
  auto innerYield = cast<scf::YieldOp>(inner.getBody()->getTerminator());
  for (Operation &op :
       llvm::make_early_inc_range(inner.getBody()->without_terminator()))
    op.moveBefore(fbody, fbody->end());
  SmallVector<Value> newJ(innerYield.getOperands());
  b.setInsertionPointToEnd(fbody);
  Value nextJ = arith::AddIOp::create(b, loc, curJ, inner.getStep());
  inner->replaceAllUsesWith(newJ);

  // if T == len - 1: epilogue(i); the outer loop's yield; reset hoisted
  // inner inits.
  Value lastT = carryLen ? Value(arith::SubIOp::create(b, loc, curLen, cst(1)))
                         : invariantLast;
  Value last =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, T, lastT);
  auto outerYield = cast<scf::YieldOp>(body->getTerminator());
  SmallVector<Type> eTypes(outer.getResultTypes());
  SmallVector<Value> eThen(outerYield.getOperands()), eElse(oArgs);
  for (unsigned k = 0; k < numJ; ++k)
    if (hoistedInit[k]) {
      eTypes.push_back(newJ[k].getType());
      eThen.push_back(inner.getInitArgs()[k]);
      eElse.push_back(newJ[k]);
    }
  auto eIf = scf::IfOp::create(b, loc, eTypes, last, /*addThenBlock=*/true,
                               /*addElseBlock=*/true);
  Block *eThenB = eIf.thenBlock();
  if (!eThenB->empty())
    eThenB->back().erase();
  for (Operation &op : llvm::make_early_inc_range(
           llvm::make_range(std::next(inner->getIterator()),
                            outerYield->getIterator())))
    op.moveBefore(eThenB, eThenB->end());
  setYield(b, loc, eThenB, eThen);
  setYield(b, loc, eIf.elseBlock(), eElse);

  b.setInsertionPointAfter(eIf);
  Value nextT = arith::SelectOp::create(
      b, loc, last, cst(0), arith::AddIOp::create(b, loc, T, cst(1)));
  SmallVector<Value> yields{nextT, curI};
  for (unsigned k = 0; k < numO; ++k) {
    Value y = outerYield.getOperand(k);
    bool inEpilogue = eIf.getThenRegion().isAncestor(y.getParentRegion());
    yields.push_back(readAtStartOnly[k] && !inEpilogue ? y : eIf.getResult(k));
  }
  yields.push_back(nextJ);
  if (carryLen)
    yields.push_back(pIf.getResult(2));
  unsigned h = numO;
  for (unsigned k = 0; k < numJ; ++k)
    yields.push_back(hoistedInit[k] ? eIf.getResult(h++) : newJ[k]);
  llvm::append_range(yields, curPOuts);
  setYield(b, loc, fbody, yields);

  // Loop attributes the pipeliner reads.
  int64_t stages = 0;
  for (scf::ForOp loop : {outer, inner})
    if (auto a = loop->getAttrOfType<IntegerAttr>(kNumStages))
      stages = std::max(stages, a.getInt());
  if (stages)
    fused->setAttr(kNumStages, b.getI32IntegerAttr(stages));
  if (outer->hasAttr(kDisallowAccMultiBuffer) ||
      inner->hasAttr(kDisallowAccMultiBuffer))
    fused->setAttr(kDisallowAccMultiBuffer, b.getUnitAttr());

  outer->replaceAllUsesWith(fused.getResults().slice(2, numO));
  inner->erase();
  outer->erase();
}

// Fuse one nest, or leave it with a remark.
void flatten(scf::ForOp outer) {
  std::string why;
  FailureOr<scf::ForOp> inner = findInnerLoop(outer, why);
  if (succeeded(inner)) {
    // Hoisting first lets more inner bounds count as invariant and keeps
    // invariant work out of the fused loop's conditionals.
    moveLoopInvariantCode(cast<LoopLikeOpInterface>(outer.getOperation()));
    inner = findInnerLoop(outer, why);
  }
  if (failed(inner)) {
    outer.emitRemark("loop not flattened: ") << why;
    return;
  }
  NestPlan plan{outer, *inner};
  sinkIntoEpilogue(outer, plan.inner);
  SmallVector<Value> bounds{plan.inner.getLowerBound(),
                            plan.inner.getUpperBound(), plan.inner.getStep()};
  plan.invariant = llvm::all_of(
      bounds, [&](Value v) { return outer.isDefinedOutsideOfLoop(v); });
  if (!plan.invariant) {
    FailureOr<SmallVector<Operation *>> slice = boundSlice(outer, bounds, why);
    if (failed(slice)) {
      outer.emitRemark("loop not flattened: ") << why;
      return;
    }
    plan.slice = std::move(*slice);
  }
  // The fused loop runs the inner body once per iteration: the inner loop
  // must run at least once per outer iteration, known or made so.
  DominanceInfo dom(outer->getParentOp());
  if (!knownNonEmpty(plan.inner, dom)) {
    if (!plan.invariant) {
      outer.emitRemark("loop not flattened: the inner loop may not run and "
                       "its bounds vary with the outer loop");
      return;
    }
    versionOnEmptyInner(outer, plan.inner);
  }
  fuse(plan);
}

struct FuseNestedLoopsPass
    : triton::gpu::impl::TritonGPUFuseNestedLoopsBase<FuseNestedLoopsPass> {
  void runOnOperation() override {
    // Innermost first (post-order), so that nested marked nests fuse from
    // the inside out.
    SmallVector<scf::ForOp> marked;
    getOperation()->walk([&](scf::ForOp loop) {
      if (loop->hasAttr(kFlatten))
        marked.push_back(loop);
    });
    for (scf::ForOp loop : marked)
      flatten(loop);
  }
};

} // namespace
