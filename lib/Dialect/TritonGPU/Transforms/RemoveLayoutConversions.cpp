//===- RemoveLayoutConversions.cpp - propagate layouts ----------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Three steps, each keeping the computed values the same:
//  1. Forward propagation: layouts chosen for loads (by coalescing) and the
//     accumulator layouts of tensor-core dots flow to the elementwise
//     operations, reductions, broadcasts and expand_dims that consume them,
//     and through tt.trans and tt.reshape (their result takes the layout the
//     dialect infers from the operand's, so that they move no data; a
//     reshape whose layout was chosen on purpose, efficient_layout, stops
//     the propagation), looking through convert_layout and through scf.for
//     loop-carried values. Each such operation is rebuilt in the propagated
//     layout (a loop changes the type of its iteration argument and result
//     in place);
//     its old results are replaced by a conversion of the new ones. A value
//     that several layouts reach keeps a load's own layout, else takes a
//     tensor-core accumulator layout (so a dot's result, e.g. attention's
//     scores and their softmax, stays in the registers the dot wrote).
//  2. Backward rematerialization: a conversion of a value that is cheap to
//     recompute (constants, splats, ranges, and elementwise/broadcast/
//     expand_dims/trans/reshape chains over them, or over values already
//     available in the wanted layout; a trans or reshape needs its operand
//     in the layout it infers back from the wanted one) is replaced by
//     recomputing that chain in the wanted layout. Each success removes one
//     conversion and adds none, except that a broadcast whose operand
//     cannot be recomputed converts that operand
//     when it is at most 1/16 of the result (a row's scalars instead of the
//     row: the per-row index arithmetic of Inductor's gathers). A
//     conversion of a loop-carried value is removed by carrying the value in
//     the wanted layout when both its initial value and the value yielded
//     for the next iteration can be recomputed in that layout.
//  3. Folding: conversion chains collapse; dead operations are erased.
//
// TRITON_LLVM_DEBUG_ONLY=tritongpu-remove-layout-conversions prints each
// decision: the layout chosen where several meet, the ops rebuilt and the
// loop values carried in another layout, each conversion removed by
// recomputation or hoisted above a broadcast, and each conversion kept,
// with the op that could not be recomputed.
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/TritonGPU/Transforms/Passes.h"

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"
#include "tt/Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "tt/Support/Debug.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUREMOVELAYOUTCONVERSIONS
#include "tt/Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;

#define DEBUG_TYPE "tritongpu-remove-layout-conversions"

namespace {

Attribute encodingOf(Value v) {
  auto tensor = dyn_cast<RankedTensorType>(v.getType());
  return tensor ? tensor.getEncoding() : Attribute();
}

Type withEncoding(Type type, Attribute encoding) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return type;
  return RankedTensorType::get(tensor.getShape(), tensor.getElementType(),
                               encoding);
}

/// Operations computing each result element from the operand elements at the
/// same position: any layout works as long as all tensors share it.
bool isElementwiseLike(Operation *op) {
  if (op->getNumRegions() != 0 || op->getNumResults() == 0)
    return false;
  if (!op->hasTrait<::mlir::OpTrait::Elementwise>())
    return false;
  return isMemoryEffectFree(op);
}

/// A reshape whose result layout may follow its operand's: any reshape but
/// one whose layout was chosen on purpose (efficient_layout). One that may
/// reorder its elements (allow_reorder) keeping them where they are is one
/// valid order, the one that moves no data.
bool isFollowingReshape(Operation *op) {
  auto reshape = dyn_cast<ReshapeOp>(op);
  return reshape && !reshape.getEfficientLayout();
}

/// tt.trans and tt.reshape (without efficient_layout): the result layout is
/// the operand's, relabeled, and the op moves no data.
bool isLayoutRelabel(Operation *op) {
  return isa<TransOp>(op) || isFollowingReshape(op);
}

/// The result layout of the relabeling op `op` when its operand has
/// `operandLayout` (what the dialect infers); null when there is none.
Attribute relabeledLayout(Operation *op, Attribute operandLayout) {
  const auto *iface = getLayoutInterface(operandLayout);
  if (!iface)
    return Attribute();
  auto srcType = cast<RankedTensorType>(op->getOperand(0).getType());
  auto dstType = cast<RankedTensorType>(op->getResult(0).getType());
  Attribute result;
  LogicalResult ok = failure();
  if (auto trans = dyn_cast<TransOp>(op))
    ok = iface->inferTransOpEncoding(operandLayout, srcType.getShape(),
                                     trans.getOrder(), result, std::nullopt);
  else if (isFollowingReshape(op))
    ok = iface->inferReshapeOpEncoding(srcType.getShape(), operandLayout,
                                       dstType.getShape(), result,
                                       std::nullopt);
  return succeeded(ok) ? result : Attribute();
}

/// The operand layout from which the relabeling op `op` gives
/// `resultLayout` (or an equivalent one); null when there is none. Also
/// null for a reshape that may reorder its elements: recomputing it in
/// another layout next to the original could give a second, differently
/// ordered copy of what is one value.
Attribute unrelabeledLayout(Operation *op, Attribute resultLayout) {
  auto reshape = dyn_cast<ReshapeOp>(op);
  if (reshape && reshape.getAllowReorder())
    return Attribute();
  const auto *iface = getLayoutInterface(resultLayout);
  if (!iface)
    return Attribute();
  auto srcType = cast<RankedTensorType>(op->getOperand(0).getType());
  auto dstType = cast<RankedTensorType>(op->getResult(0).getType());
  Attribute operand;
  LogicalResult ok = failure();
  if (auto trans = dyn_cast<TransOp>(op)) {
    SmallVector<int32_t> inverse(trans.getOrder().size());
    for (auto [i, d] : llvm::enumerate(trans.getOrder()))
      inverse[d] = i;
    ok = iface->inferTransOpEncoding(resultLayout, dstType.getShape(),
                                     inverse, operand, std::nullopt);
  } else if (isFollowingReshape(op)) {
    ok = iface->inferReshapeOpEncoding(dstType.getShape(), resultLayout,
                                       srcType.getShape(), operand,
                                       std::nullopt);
  }
  if (failed(ok))
    return Attribute();
  // The op must infer `resultLayout` back (tt.trans verifies it does).
  Attribute again = relabeledLayout(op, operand);
  if (!again || !areLayoutsEquivalent(dstType.getShape(), again, resultLayout))
    return Attribute();
  return operand;
}

/// The layout operand `idx` of `op` needs when `op`'s results have
/// `resultLayout`; null when it cannot be derived.
Attribute operandLayoutFor(Operation *op, Attribute resultLayout) {
  if (isElementwiseLike(op) || isa<BroadcastOp, SplatOp>(op))
    return resultLayout;
  if (isLayoutRelabel(op))
    return unrelabeledLayout(op, resultLayout);
  if (auto expand = dyn_cast<ExpandDimsOp>(op))
    return ttg::SliceEncodingAttr::get(
        op->getContext(), expand.getAxis(),
        cast<ttg::DistributedEncodingTrait>(resultLayout));
  return Attribute();
}

/// The scf.for whose iteration argument `v` is (not its induction
/// variable), or null.
scf::ForOp iterArgOwner(Value v) {
  auto arg = dyn_cast<BlockArgument>(v);
  if (!arg || arg.getArgNumber() == 0)
    return scf::ForOp();
  auto forOp = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
  if (!forOp || arg.getOwner() != forOp.getBody())
    return scf::ForOp();
  return forOp;
}

/// For the debug output: the op that defines `v` and where, or which loop
/// argument it is.
void describeValue(llvm::raw_ostream &os, Value v) {
  if (Operation *def = v.getDefiningOp()) {
    os << def->getName() << " at " << def->getLoc();
    return;
  }
  if (scf::ForOp forOp = iterArgOwner(v)) {
    os << "iter_arg #" << cast<BlockArgument>(v).getArgNumber() - 1
       << " of scf.for at " << forOp.getLoc();
    return;
  }
  os << "block argument #" << cast<BlockArgument>(v).getArgNumber();
}

unsigned countConversions(Operation *root) {
  unsigned n = 0;
  root->walk([&](ttg::ConvertLayoutOp) { ++n; });
  return n;
}

/// The layout a value reached by several propagated layouts is rebuilt in:
/// a load's or atomic's own (coalesced) layout, else the first tensor-core
/// accumulator layout among them (the dot results stay in their registers
/// and the rest converts once, instead of every accumulator leaving its
/// registers), else the first that reached it.
Attribute resolveConflict(Value v, ArrayRef<Attribute> layouts) {
  if (layouts.size() == 1)
    return layouts.front();
  Operation *def = v.getDefiningOp();
  if (def && isa<LoadOp, AtomicRMWOp, AtomicCASOp>(def) &&
      llvm::is_contained(layouts, encodingOf(v)))
    return encodingOf(v);
  for (Attribute layout : layouts)
    if (isa<ttg::MmaEncodingTrait>(layout))
      return layout;
  return layouts.front();
}

class RemoveLayoutConversions
    : public ttg::impl::TritonGPURemoveLayoutConversionsBase<
          RemoveLayoutConversions> {
public:
  void runOnOperation() override {
    ModuleOp module = getOperation();
    module.walk([&](FunctionOpInterface func) {
      bool debug = tt::debug::isDebugEnabled(DEBUG_TYPE);
      unsigned before = debug ? countConversions(func) : 0;
      TT_DEBUG(DEBUG_TYPE) << "@" << func.getName()
                           << ": layout conversions: " << before << "\n";
      propagateForward(func);
      bool changed = true;
      for (int iter = 0; changed && iter < 16; ++iter) {
        changed = foldConversions(func);
        changed |= rematerializeBackward(func);
        eraseDeadCode(func);
      }
      if (debug)
        reportKept(func, before);
      keptReason.clear();
    });
  }

private:
  //===--------------------------------------------------------------------===//
  // Step 1: forward propagation of anchor layouts
  //===--------------------------------------------------------------------===//

  /// Passes `layout` of `v` on to the values its users compute from it.
  void propagateToUsers(Value v, Attribute layout,
                        llvm::function_ref<void(Value, Attribute)> assign) {
    for (OpOperand &use : v.getUses()) {
      Operation *user = use.getOwner();
      if (auto yield = dyn_cast<scf::YieldOp>(user)) {
        // A loop-carried value: the next iteration's argument and the
        // loop's result carry the same layout.
        if (auto forOp = dyn_cast<scf::ForOp>(yield->getParentOp())) {
          assign(forOp.getRegionIterArg(use.getOperandNumber()), layout);
          assign(forOp.getResult(use.getOperandNumber()), layout);
        }
        continue;
      }
      if (auto forOp = dyn_cast<scf::ForOp>(user)) {
        if (use.getOperandNumber() >= forOp.getNumControlOperands()) {
          unsigned k = use.getOperandNumber() - forOp.getNumControlOperands();
          assign(forOp.getRegionIterArg(k), layout);
          assign(forOp.getResult(k), layout);
        }
        continue;
      }
      if (isa<ttg::ConvertLayoutOp>(user) || isElementwiseLike(user) ||
          isa<BroadcastOp>(user)) {
        for (Value r : user->getResults())
          assign(r, layout);
      } else if (auto reduce = dyn_cast<ReduceOp>(user)) {
        // Reducing a 1-d tensor gives scalars: there is no layout to pass
        // on, and a slice of a rank-1 layout is not a valid encoding
        // (SliceEncodingAttr::get asserts on it).
        auto type = dyn_cast<RankedTensorType>(v.getType());
        if (!type || type.getRank() < 2)
          continue;
        auto slice = ttg::SliceEncodingAttr::get(
            &getContext(), reduce.getAxis(),
            cast<ttg::DistributedEncodingTrait>(layout));
        for (Value r : reduce->getResults())
          assign(r, slice);
      } else if (auto expand = dyn_cast<ExpandDimsOp>(user)) {
        auto slice = dyn_cast<ttg::SliceEncodingAttr>(layout);
        if (slice && slice.getDim() == (unsigned)expand.getAxis())
          assign(expand.getResult(), slice.getParent());
      } else if (isLayoutRelabel(user)) {
        assign(user->getResult(0), relabeledLayout(user, layout));
      }
    }
  }

  void propagateForward(FunctionOpInterface func) {
    // Every layout that reaches each value, in the order it arrived.
    llvm::MapVector<Value, llvm::SmallSetVector<Attribute, 2>> reached;
    SmallVector<Value> worklist;
    auto assign = [&](Value v, Attribute layout) {
      if (!layout || !isa<RankedTensorType>(v.getType()))
        return;
      if (reached[v].insert(layout))
        worklist.push_back(v);
    };
    func.walk([&](Operation *op) {
      // Anchors: loads and atomics keep the layout coalescing gave them.
      if (isa<LoadOp, AtomicRMWOp, AtomicCASOp>(op))
        for (Value r : op->getResults())
          assign(r, encodingOf(r));
      // Tensor-core accumulators: what is computed from a dot's result
      // (an attention kernel's softmax, a matmul's epilogue) runs in its
      // layout, and only what leaves it (a store, a dot operand) converts.
      if (isa<DotOp, nvidia_gpu::WarpGroupDotOp>(op)) {
        Value d = op->getResult(0);
        Attribute enc = encodingOf(d);
        if (enc && isa<ttg::MmaEncodingTrait>(enc))
          assign(d, enc);
      }
    });
    while (!worklist.empty()) {
      Value v = worklist.pop_back_val();
      SmallVector<Attribute> layouts(reached[v].begin(), reached[v].end());
      for (Attribute layout : layouts)
        propagateToUsers(v, layout, assign);
    }
    llvm::DenseMap<Value, Attribute> wanted;
    for (auto &[v, layouts] : reached) {
      wanted[v] = resolveConflict(v, layouts.getArrayRef());
      if (layouts.size() > 1 && tt::debug::isDebugEnabled(DEBUG_TYPE)) {
        auto &os = tt::debug::debugStream(DEBUG_TYPE);
        os << layouts.size() << " layouts reach ";
        describeValue(os, v);
        os << "; chose " << wanted[v] << " ("
           << (wanted[v] == encodingOf(v) && v.getDefiningOp() &&
                       isa<LoadOp, AtomicRMWOp, AtomicCASOp>(v.getDefiningOp())
                   ? "the memory access's own layout"
               : isa<ttg::MmaEncodingTrait>(wanted[v])
                   ? "a tensor-core accumulator layout"
                   : "the first to arrive")
           << ")\n";
      }
    }

    // Rebuild, in program order, every op whose results want another layout.
    SmallVector<Operation *> toRebuild;
    func.walk([&](Operation *op) {
      if (auto forOp = dyn_cast<scf::ForOp>(op)) {
        for (Value arg : forOp.getRegionIterArgs()) {
          auto it = wanted.find(arg);
          if (it != wanted.end() && it->second != encodingOf(arg)) {
            toRebuild.push_back(op);
            return;
          }
        }
        return;
      }
      if (isa<ttg::ConvertLayoutOp, LoadOp, AtomicRMWOp, AtomicCASOp>(op))
        return;
      // trans and reshapes follow their operand's propagated layout, so
      // that they keep moving no data.
      if (isLayoutRelabel(op)) {
        Value src = op->getOperand(0);
        Attribute srcLayout = wanted.lookup(src);
        if (!srcLayout || srcLayout == encodingOf(src))
          return;
        Attribute layout = relabeledLayout(op, srcLayout);
        if (layout && layout != encodingOf(op->getResult(0)))
          toRebuild.push_back(op);
        return;
      }
      if (!(isElementwiseLike(op) || isa<BroadcastOp, ReduceOp, ExpandDimsOp>(op)))
        return;
      // A reduction takes its operands' propagated layout (its results, if
      // tensors, the slice of it); remember it now: rebuilding producers
      // replaces the operand.
      if (auto reduce = dyn_cast<ReduceOp>(op)) {
        Attribute layout = wanted.lookup(reduce.getSrcs()[0]);
        if (layout && layout != encodingOf(reduce.getSrcs()[0])) {
          reduceInputLayout[op] = layout;
          toRebuild.push_back(op);
        }
        return;
      }
      for (Value r : op->getResults()) {
        auto it = wanted.find(r);
        if (it != wanted.end() && it->second != encodingOf(r)) {
          toRebuild.push_back(op);
          return;
        }
      }
    });
    for (Operation *op : toRebuild) {
      if (auto forOp = dyn_cast<scf::ForOp>(op)) {
        for (auto [k, arg] : llvm::enumerate(forOp.getRegionIterArgs())) {
          Attribute layout = wanted.lookup(arg);
          if (layout && layout != encodingOf(arg)) {
            TT_DEBUG(DEBUG_TYPE)
                << "forward: carry iter_arg #" << k << " of scf.for at "
                << forOp.getLoc() << " in " << layout << "\n";
            carryInLayout(forOp, k, layout);
          }
        }
        continue;
      }
      rebuildInLayout(op, wanted);
    }
    reduceInputLayout.clear();
  }

  /// Changes loop-carried value `k` of `forOp` to `layout` in place: the
  /// initial value and the yielded value are brought to `layout` (recomputed
  /// when cheap, else converted), and the former users of the iteration
  /// argument and of the result see a conversion back to the old type.
  void carryInLayout(scf::ForOp forOp, unsigned k, Attribute layout) {
    BlockArgument arg = forOp.getRegionIterArg(k);
    OpResult result = forOp->getResult(k);
    Type oldType = arg.getType();
    Type newType = withEncoding(oldType, layout);
    Location loc = forOp.getLoc();

    OpBuilder before(forOp);
    OpOperand &init = forOp.getInitArgsMutable()[k];
    init.set(getInLayout(before, init.get(), layout));

    arg.setType(newType);
    OpBuilder body = OpBuilder::atBlockBegin(forOp.getBody());
    auto argBack = ttg::ConvertLayoutOp::create(body, loc, oldType, arg);
    arg.replaceAllUsesExcept(argBack.getResult(), argBack);

    auto yield = cast<scf::YieldOp>(forOp.getBody()->getTerminator());
    OpBuilder atYield(yield);
    yield->setOperand(k, getInLayout(atYield, yield->getOperand(k), layout));

    result.setType(newType);
    OpBuilder after(forOp->getContext());
    after.setInsertionPointAfter(forOp);
    auto resultBack = ttg::ConvertLayoutOp::create(after, loc, oldType, result);
    result.replaceAllUsesExcept(resultBack.getResult(), resultBack);
  }

  /// For each reduction being rebuilt, the layout its operands get.
  llvm::DenseMap<Operation *, Attribute> reduceInputLayout;

  /// The layout each operand of `op` needs so its results get `wanted`.
  Attribute operandLayout(Operation *op, unsigned idx,
                          const llvm::DenseMap<Value, Attribute> &wanted) {
    if (isa<ReduceOp>(op))
      // All operands share the layout propagated to the first one.
      return reduceInputLayout.lookup(op);
    if (isLayoutRelabel(op))
      // The operand's own propagated layout; the result follows from it.
      return wanted.lookup(op->getOperand(0));
    Attribute resultLayout = wanted.lookup(op->getResult(0));
    return resultLayout ? operandLayoutFor(op, resultLayout) : Attribute();
  }

  void rebuildInLayout(Operation *op,
                       const llvm::DenseMap<Value, Attribute> &wanted) {
    // A trans or reshape gets the layout it infers from its new operand.
    Attribute relabeled;
    if (isLayoutRelabel(op)) {
      relabeled = relabeledLayout(op, operandLayout(op, 0, wanted));
      if (!relabeled) {
        TT_DEBUG(DEBUG_TYPE) << "forward: " << op->getName() << " at "
                             << op->getLoc() << " left as it is: no layout "
                             << "inferred for its result\n";
        return;
      }
    }
    OpBuilder builder(op);
    SmallVector<Value> operands;
    for (OpOperand &operand : op->getOpOperands()) {
      Value v = operand.get();
      if (!isa<RankedTensorType>(v.getType())) {
        operands.push_back(v);
        continue;
      }
      Attribute layout = operandLayout(op, operand.getOperandNumber(), wanted);
      if (!layout) {
        TT_DEBUG(DEBUG_TYPE) << "forward: " << op->getName() << " at "
                             << op->getLoc() << " left as it is: no layout "
                             << "for operand #" << operand.getOperandNumber()
                             << "\n";
        return; // Cannot derive: leave the op as it is.
      }
      operands.push_back(getInLayout(builder, v, layout));
    }
    IRMapping mapping;
    mapping.map(op->getOperands(), operands);
    Operation *clone = builder.clone(*op, mapping);
    TT_DEBUG(DEBUG_TYPE) << "forward: rebuilt " << op->getName() << " at "
                         << op->getLoc() << " in "
                         << (isa<ReduceOp>(op) ? reduceInputLayout.lookup(op)
                             : relabeled       ? relabeled
                                         : wanted.lookup(op->getResult(0)))
                         << (isa<ReduceOp>(op) ? " (its operands)" : "")
                         << "\n";
    for (auto [oldResult, newResult] :
         llvm::zip(op->getResults(), clone->getResults())) {
      if (!isa<RankedTensorType>(oldResult.getType())) {
        oldResult.replaceAllUsesWith(newResult); // Scalars have no layout.
        continue;
      }
      Attribute layout = relabeled ? relabeled : wanted.lookup(oldResult);
      if (!layout) {
        // Keep the type the op infers from its new operands.
        auto back = ttg::ConvertLayoutOp::create(
            builder, op->getLoc(), oldResult.getType(), newResult);
        oldResult.replaceAllUsesWith(back.getResult());
        continue;
      }
      newResult.setType(withEncoding(oldResult.getType(), layout));
      auto back = ttg::ConvertLayoutOp::create(builder, op->getLoc(),
                                               oldResult.getType(), newResult);
      oldResult.replaceAllUsesWith(back.getResult());
    }
    op->erase();
  }

  /// `v` in `layout`: itself, the source of a conversion that already has
  /// it, a rematerialized cheap chain, or else a new conversion.
  Value getInLayout(OpBuilder &builder, Value v, Attribute layout) {
    if (encodingOf(v) == layout)
      return v;
    llvm::DenseMap<std::pair<Value, Attribute>, Value> memo;
    int budget = 64;
    if (Value r = rematerialize(builder, v, layout, memo, budget))
      return r;
    if (auto convert = v.getDefiningOp<ttg::ConvertLayoutOp>())
      v = convert.getSrc();
    if (encodingOf(v) == layout)
      return v;
    return ttg::ConvertLayoutOp::create(builder, v.getLoc(),
                                        withEncoding(v.getType(), layout), v);
  }

  //===--------------------------------------------------------------------===//
  // Step 2: backward rematerialization
  //===--------------------------------------------------------------------===//

  /// Whether `small` has at most 1/16 of `big`'s elements (a broadcast's
  /// operand, say a row's scalars against the row).
  static bool isMuchSmaller(Value small, Value big) {
    auto s = cast<RankedTensorType>(small.getType());
    auto b = cast<RankedTensorType>(big.getType());
    return s.getNumElements() * 16 <= b.getNumElements();
  }

  /// A conversion of the broadcast operand `operand` (not recomputable in
  /// `layout`) placed before `def`: converting the few elements a broadcast
  /// reads instead of the many it writes, as upstream hoists conversions
  /// above broadcasts. In a dry run only feasibility is recorded.
  Value convertSmall(OpBuilder &builder, Operation *def, Value operand,
                     Attribute layout) {
    if (dryRun)
      return operand;
    TT_DEBUG(DEBUG_TYPE) << "hoisted a conversion above " << def->getName()
                         << " at " << def->getLoc() << ": converts "
                         << cast<RankedTensorType>(operand.getType())
                                .getNumElements()
                         << " elements instead of "
                         << cast<RankedTensorType>(def->getResult(0).getType())
                                .getNumElements()
                         << "\n";
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPoint(def);
    return ttg::ConvertLayoutOp::create(
        builder, def->getLoc(), withEncoding(operand.getType(), layout),
        operand);
  }

  /// Recomputes `v` in `layout` without any new conversion, or returns null;
  /// the one exception is the operand of a broadcast, which may be
  /// converted when it is much smaller than the broadcast's result.
  /// New ops are created right after the op defining `v`'s source, so they
  /// dominate all former users of `v`.
  Value rematerialize(OpBuilder &builder, Value v, Attribute layout,
                      llvm::DenseMap<std::pair<Value, Attribute>, Value> &memo,
                      int &budget) {
    if (encodingOf(v) == layout)
      return v;
    auto key = std::make_pair(v, layout);
    if (auto it = memo.find(key); it != memo.end())
      return it->second;
    if (--budget < 0)
      return failedAt(v, "more than 64 ops would be recomputed");
    Operation *def = v.getDefiningOp();
    if (!def)
      return failedAt(v, iterArgOwner(v) ? "a loop-carried value whose loop "
                                           "cannot carry it in this layout"
                                         : "an argument");
    if (auto convert = dyn_cast<ttg::ConvertLayoutOp>(def))
      return encodingOf(convert.getSrc()) == layout
                 ? convert.getSrc()
                 : rematerialize(builder, convert.getSrc(), layout, memo,
                                 budget);
    bool cheapLeaf = isa<SplatOp, MakeRangeOp>(def) ||
                     (isa<arith::ConstantOp>(def) &&
                      isa<DenseElementsAttr>(
                          cast<arith::ConstantOp>(def).getValue()));
    Attribute operandLayout = operandLayoutFor(def, layout);
    if (!cheapLeaf && !operandLayout)
      return failedAt(v, "not recomputable in another layout");
    if (def->getNumResults() != 1)
      return failedAt(v, "an op with several results");
    SmallVector<Value> operands;
    for (Value operand : def->getOperands()) {
      if (!isa<RankedTensorType>(operand.getType())) {
        operands.push_back(operand);
        continue;
      }
      Value r = rematerialize(builder, operand, operandLayout, memo, budget);
      if (!r && isa<BroadcastOp>(def) && isMuchSmaller(operand, v))
        r = convertSmall(builder, def, operand, operandLayout);
      if (!r)
        return Value();
      operands.push_back(r);
    }
    if (dryRun) {
      memo[key] = v; // Feasible; nothing is created in a dry run.
      return v;
    }
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointAfter(def);
    for (Value operand : operands)
      if (Operation *od = operand.getDefiningOp())
        if (od->getBlock() == def->getBlock() && def->isBeforeInBlock(od))
          builder.setInsertionPointAfter(od);
    IRMapping mapping;
    mapping.map(def->getOperands(), operands);
    Operation *clone = builder.clone(*def, mapping);
    Type newType = withEncoding(v.getType(), layout);
    clone->getResult(0).setType(newType);
    if (auto constant = dyn_cast<arith::ConstantOp>(clone)) {
      auto dense = cast<DenseElementsAttr>(constant.getValue());
      constant.setValueAttr(
          dense.isSplat()
              ? DenseElementsAttr::get(cast<ShapedType>(newType),
                                       dense.getSplatValue<Attribute>())
              : DenseElementsAttr::getFromRawBuffer(cast<ShapedType>(newType),
                                                    dense.getRawData()));
    }
    memo[key] = clone->getResult(0);
    return clone->getResult(0);
  }

  /// Records (the first) why a rematerialization failed, for the debug
  /// output; returns null.
  Value failedAt(Value v, const char *why) {
    if (!failValue) {
      failValue = v;
      failWhy = why;
    }
    return Value();
  }

  /// Where the last failed rematerialization stopped, and why.
  Value failValue;
  const char *failWhy = nullptr;

  /// For the debug output: why each conversion still in the function was
  /// kept when rematerialization last tried it.
  llvm::DenseMap<Operation *, std::string> keptReason;

  void reportKept(FunctionOpInterface func, unsigned before) {
    unsigned after = 0;
    func.walk([&](ttg::ConvertLayoutOp cvt) {
      ++after;
      auto &os = tt::debug::debugStream(DEBUG_TYPE);
      os << "kept ttg.convert_layout at " << cvt.getLoc() << " "
         << encodingOf(cvt.getSrc()) << " -> " << encodingOf(cvt.getResult())
         << ": ";
      auto it = keptReason.find(cvt);
      if (it != keptReason.end())
        os << it->second << "\n";
      else
        os << "not tried (iteration limit)\n";
    });
    TT_DEBUG(DEBUG_TYPE) << "@" << func.getName()
                         << ": layout conversions: " << before << " before, "
                         << after << " after\n";
  }

  bool rematerializeBackward(FunctionOpInterface func) {
    SmallVector<ttg::ConvertLayoutOp> converts;
    func.walk([&](ttg::ConvertLayoutOp op) { converts.push_back(op); });
    keptReason.clear(); // Only this round's verdicts describe the result.
    bool changed = false;
    for (ttg::ConvertLayoutOp convert : converts) {
      if (convert->use_empty())
        continue; // Dead; erased below.
      if (scf::ForOp forOp = iterArgOwner(convert.getSrc())) {
        unsigned k = cast<BlockArgument>(convert.getSrc()).getArgNumber() - 1;
        if (carryIfCheap(forOp, k, encodingOf(convert.getResult()))) {
          TT_DEBUG(DEBUG_TYPE)
              << "removed ttg.convert_layout at " << convert.getLoc()
              << ": scf.for at " << forOp.getLoc() << " now carries iter_arg #"
              << k << " in " << encodingOf(convert.getResult()) << "\n";
          changed = true; // The conversion folds away in the next round.
        } else if (tt::debug::isDebugEnabled(DEBUG_TYPE)) {
          keptReason[convert] =
              ("converts iter_arg #" + llvm::Twine(k) +
               " of its loop, whose initial or yielded value cannot be "
               "recomputed in the new layout without another conversion")
                  .str();
        }
        continue;
      }
      OpBuilder builder(convert);
      llvm::DenseMap<std::pair<Value, Attribute>, Value> memo;
      int budget = 64;
      failValue = Value();
      failWhy = nullptr;
      Value r = rematerialize(builder, convert.getSrc(),
                              encodingOf(convert.getResult()), memo, budget);
      if (!r) {
        if (tt::debug::isDebugEnabled(DEBUG_TYPE)) {
          std::string why;
          llvm::raw_string_ostream os(why);
          describeValue(os, failValue ? failValue : convert.getSrc());
          os << " is " << (failWhy ? failWhy : "not recomputable");
          keptReason[convert] = why;
        }
        continue;
      }
      if (tt::debug::isDebugEnabled(DEBUG_TYPE)) {
        auto &os = tt::debug::debugStream(DEBUG_TYPE);
        os << "removed ttg.convert_layout at " << convert.getLoc()
           << ": recomputed ";
        describeValue(os, convert.getSrc());
        os << " in " << encodingOf(convert.getResult()) << "\n";
      }
      convert.getResult().replaceAllUsesWith(r);
      convert.erase();
      changed = true;
    }
    return changed;
  }

  /// Whether `v` can be recomputed in `layout` without a conversion, with
  /// the values already in `memo` taken as available.
  bool canRematerialize(Value v, Attribute layout,
                        llvm::DenseMap<std::pair<Value, Attribute>, Value> &memo) {
    OpBuilder unused(v.getContext());
    int budget = 64;
    dryRun = true;
    bool ok = static_cast<bool>(rematerialize(unused, v, layout, memo, budget));
    dryRun = false;
    return ok;
  }

  /// Carries loop-carried value `k` of `forOp` in `layout` when that needs
  /// no new conversion inside the loop: the yielded value can be recomputed
  /// in `layout` (given the argument in `layout`), and every other user of
  /// the argument is a conversion or part of that recomputed chain. The
  /// initial value is recomputed too, or converted once before the loop.
  bool carryIfCheap(scf::ForOp forOp, unsigned k, Attribute layout) {
    BlockArgument arg = forOp.getRegionIterArg(k);
    if (!layout || encodingOf(arg) == layout)
      return false;
    auto yield = cast<scf::YieldOp>(forOp.getBody()->getTerminator());
    llvm::DenseMap<std::pair<Value, Attribute>, Value> memo;
    memo[{arg, layout}] = arg;
    if (!canRematerialize(yield->getOperand(k), layout, memo))
      return false;
    for (OpOperand &use : arg.getUses()) {
      Operation *user = use.getOwner();
      if (isa<ttg::ConvertLayoutOp>(user) || user == yield.getOperation())
        continue;
      // The old chain must die once the yield uses the recomputed one.
      if (user->getNumResults() != 1 ||
          !memo.count({user->getResult(0), layout}))
        return false;
      for (Operation *u : user->getResult(0).getUsers())
        if (u != yield.getOperation() &&
            !(u->getNumResults() == 1 &&
              memo.count({u->getResult(0), layout})))
          return false;
    }
    carryInLayout(forOp, k, layout);
    return true;
  }

  /// Set while rematerialize only checks feasibility.
  bool dryRun = false;

  //===--------------------------------------------------------------------===//
  // Step 3: folding and cleanup
  //===--------------------------------------------------------------------===//

  bool foldConversions(FunctionOpInterface func) {
    bool changed = false;
    SmallVector<ttg::ConvertLayoutOp> converts;
    func.walk([&](ttg::ConvertLayoutOp op) { converts.push_back(op); });
    for (ttg::ConvertLayoutOp convert : converts) {
      Value src = convert.getSrc();
      if (src.getType() == convert.getType()) {
        convert.getResult().replaceAllUsesWith(src);
        convert.erase();
        changed = true;
        continue;
      }
      if (auto inner = src.getDefiningOp<ttg::ConvertLayoutOp>()) {
        convert.getSrcMutable().assign(inner.getSrc());
        changed = true;
      }
    }
    return changed;
  }

  void eraseDeadCode(FunctionOpInterface func) {
    bool erased = true;
    while (erased) {
      erased = false;
      SmallVector<Operation *> dead;
      func.walk([&](Operation *op) {
        if (op->getNumResults() > 0 && isOpTriviallyDead(op))
          dead.push_back(op);
      });
      for (Operation *op : llvm::reverse(dead)) {
        op->erase();
        erased = true;
      }
    }
  }
};

} // namespace
