//===- PipelineExpand.cpp - expand a modulo schedule ------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The second step of tritongpu-pipeline (Pipeline.h): a loop whose body ops
// carry stages 0..n becomes a prologue running the first stages of the
// first n iterations, and a kernel loop whose body runs stage `s` of
// iteration `i + n - s`.
//
// The expansion is a modulo schedule without epilogue: in the last
// iterations the early stages run for iterations past the end, so their side
// effects (the copies) are masked off, and every value they produce is
// either unused after the loop or only feeds those masked copies.
//
//===----------------------------------------------------------------------===//

#include "Pipeline.h"

#include "tt/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu::pipeline;
namespace ttg = mlir::triton::gpu;
namespace ttng = mlir::triton::nvidia_gpu;

namespace {

/// Makes `op` (a clone running for an iteration that may be past the
/// end) do nothing when `pred` is false.
void predicate(OpBuilder &b, Operation *op, Value pred) {
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(op);
  auto withPred = [&](Value mask, Type ptrType) -> Value {
    auto shaped = cast<RankedTensorType>(ptrType);
    auto maskType = RankedTensorType::get(shaped.getShape(), b.getI1Type(),
                                          shaped.getEncoding());
    Value splat = SplatOp::create(b, op->getLoc(), maskType, pred);
    if (!mask)
      return splat;
    return arith::AndIOp::create(b, op->getLoc(), splat, mask);
  };
  if (auto copy = dyn_cast<ttg::AsyncCopyGlobalToLocalOp>(op)) {
    copy.getMaskMutable().assign(
        withPred(copy.getMask(), copy.getSrc().getType()));
    return;
  }
  // Scalar loads, TMA and mbarrier ops take a scalar predicate.
  auto andPred = [&](Value current) -> Value {
    if (!current || matchPattern(current, m_One()))
      return pred;
    return arith::AndIOp::create(b, op->getLoc(), pred, current);
  };
  if (auto load = dyn_cast<LoadOp>(op)) {
    // A scalar load (a block index of a block-sparse loop, read one
    // iteration ahead) takes the predicate as its mask; its value past the
    // end only feeds other masked ops.
    if (isa<RankedTensorType>(load.getPtr().getType()))
      load.getMaskMutable().assign(
          withPred(load.getMask(), load.getPtr().getType()));
    else
      load.getMaskMutable().assign(andPred(load.getMask()));
    return;
  }
  if (auto expect = dyn_cast<ttng::BarrierExpectOp>(op)) {
    expect.getPredMutable().assign(andPred(expect.getPred()));
    return;
  }
  if (auto copy = dyn_cast<ttng::AsyncTMACopyGlobalToLocalOp>(op)) {
    copy.getPredMutable().assign(andPred(copy.getPred()));
    return;
  }
  if (auto wait = dyn_cast<ttng::WaitBarrierOp>(op)) {
    wait.getPredMutable().assign(andPred(wait.getPred()));
    return;
  }
}

/// Sets each asynchronous wait of the loop to the number of copy groups
/// that may still be pending: those committed after the awaited ones,
/// counting around the loop.
void updateWaitCounts(scf::ForOp kernel) {
  Block *body = kernel.getBody();
  SmallVector<Operation *> commits;
  llvm::DenseMap<Operation *, unsigned> index;
  unsigned i = 0;
  for (Operation &op : body->without_terminator()) {
    index[&op] = i++;
    if (isa<ttg::AsyncCommitGroupOp>(op))
      commits.push_back(&op);
  }
  auto commitsAfter = [&](Operation *a) {
    return llvm::count_if(commits,
                          [&](Operation *c) { return index[c] > index[a]; });
  };
  auto commitsBefore = [&](Operation *a) {
    return llvm::count_if(commits,
                          [&](Operation *c) { return index[c] < index[a]; });
  };
  auto yield = body->getTerminator();
  for (auto wait : body->getOps<ttg::AsyncWaitOp>()) {
    std::optional<unsigned> pending;
    for (Value token : wait.getAsyncToken()) {
      unsigned hops = 0;
      Value v = token;
      while (auto arg = dyn_cast<BlockArgument>(v)) {
        if (arg.getOwner() != body || arg.getArgNumber() == 0)
          break;
        v = yield->getOperand(arg.getArgNumber() - 1);
        ++hops;
      }
      Operation *commit = v.getDefiningOp<ttg::AsyncCommitGroupOp>();
      if (!commit || commit->getBlock() != body)
        continue;
      unsigned count =
          hops == 0 ? commitsBefore(wait) - commitsBefore(commit) - 1
                    : commitsAfter(commit) + (hops - 1) * commits.size() +
                          commitsBefore(wait);
      pending = pending ? std::min(*pending, count) : count;
    }
    if (pending)
      wait.setNum(*pending);
  }
}

/// A body value carried across kernel iterations: each original argument
/// carries its yielded value one iteration; values read `d > 1` iterations
/// (or stages) later get `d - 1` more arguments (oldest first).
struct Chain {
  Value value;                // Body value carried.
  int length = 0;             // Iterations it must survive.
  int original = -1;          // Original argument carrying it (distance 1).
  SmallVector<unsigned> args; // Kernel argument per distance 1..length.
};

/// The expansion of one scheduled loop, step by step (see expandLoop).
class LoopExpander {
public:
  explicit LoopExpander(Schedule &s)
      : s(s), forOp(s.forOp), n(s.maxStage), loc(forOp.getLoc()),
        lb(forOp.getLowerBound()), ub(forOp.getUpperBound()),
        step(forOp.getStep()), iv(forOp.getInductionVar()),
        unsignedCmp(forOp.getUnsignedCmp()),
        lessThan(unsignedCmp ? arith::CmpIPredicate::ult
                             : arith::CmpIPredicate::slt),
        b(forOp), iter(n), numOriginal(forOp.getNumRegionIterArgs()) {}

  scf::ForOp run() {
    orderBody();
    emitPrologue();
    planChains();
    SmallVector<Value> inits = initialValues();
    if (llvm::any_of(inits, [](Value v) { return !v; })) {
      // A value needed from before the loop that nothing provides: the
      // verified schedules never ask for one.
      forOp.emitError("software pipelining needs a value before the loop");
      return scf::ForOp();
    }
    scf::ForOp kernel = emitKernel(inits);
    for (unsigned k = 0; k < numOriginal; ++k)
      forOp.getResult(k).replaceAllUsesWith(kernel.getResult(k));
    forOp.erase();
    updateWaitCounts(kernel);
    return kernel;
  }

private:
  /// Body ops in kernel order.
  void orderBody() {
    for (Operation &op : forOp.getBody()->without_terminator())
      ordered.push_back(&op);
    llvm::stable_sort(ordered, [&](Operation *a, Operation *b) {
      return s.of.lookup(a).cluster < s.of.lookup(b).cluster;
    });
  }

  /// The value `v` (a body value or iteration argument) has in original
  /// iteration j of the prologue.
  Value valueIn(Value v, int j) {
    if (s.bodyDef(v))
      return iter[j].lookupOrNull(v);
    int k = s.iterArgNumber(v);
    if (k < 0)
      return v;
    Value y = s.yielded(k);
    if (j == 0 || y == v)
      return forOp.getInitArgs()[k];
    return valueIn(y, j - 1);
  }

  /// Prologue: step i runs stage st of iteration i - st.
  void emitPrologue() {
    SmallVector<Value> preds(n);
    for (int i = 0; i < n; ++i) {
      Value ivI = lb;
      if (i > 0) {
        Value c = arith::ConstantOp::create(b, loc,
                                            b.getIntegerAttr(iv.getType(), i));
        ivI = arith::AddIOp::create(b, loc, lb,
                                    arith::MulIOp::create(b, loc, step, c));
      }
      iter[i].map(iv, ivI);
      preds[i] = arith::CmpIOp::create(b, loc, lessThan, ivI, ub);
      for (Operation *op : ordered) {
        int st = s.of.lookup(op).stage;
        if (st > i)
          continue;
        int j = i - st;
        for (Value v : Schedule::usedValues(op))
          if (s.iterArgNumber(v) >= 0)
            iter[j].map(v, valueIn(v, j));
        Operation *clone = b.clone(*op, iter[j]);
        clone->walk([](Operation *o) { clearScheduleAttrs(o); });
        predicate(b, clone, preds[j]);
      }
    }
  }

  /// The body value whose copy `op` reads through `v`, and how many stages
  /// (kernel iterations) earlier it was computed; a null value when `v` is
  /// not carried (defined outside the body, or an invariant argument).
  std::pair<Value, int> distanceOf(Operation *op, Value v) {
    int st = s.of.lookup(op).stage;
    if (Operation *def = s.bodyDef(v))
      return {v, st - s.of.lookup(def).stage};
    int k = s.iterArgNumber(v);
    if (k < 0)
      return {Value(), 0};
    Value y = s.yielded(k);
    Operation *def = s.bodyDef(y);
    if (!def)
      return {Value(), 0};
    return {y, 1 + st - s.of.lookup(def).stage};
  }

  void need(Value v, int d) {
    Chain &c = chains[v];
    c.value = v;
    c.length = std::max(c.length, d);
  }

  /// The chains of kernel loop arguments.
  void planChains() {
    for (unsigned k = 0; k < numOriginal; ++k) {
      Value y = s.yielded(k);
      if (s.bodyDef(y)) {
        need(y, 1);
        if (chains[y].original < 0)
          chains[y].original = k;
      }
    }
    for (Operation *op : ordered)
      for (Value v : Schedule::usedValues(op)) {
        auto [carried, d] = distanceOf(op, v);
        if (carried && d >= 1)
          need(carried, d);
      }
  }

  /// The value chain `c` holds `t` iterations back when the kernel starts.
  Value initialValue(Chain &c, int t) {
    int stage = s.of.lookup(c.value.getDefiningOp()).stage;
    int j = n - stage - t;
    if (j >= 0)
      return iter[j].lookupOrNull(c.value);
    // Before the first iteration: the value the loop starts from.
    for (unsigned k = 0; k < numOriginal; ++k)
      if (s.yielded(k) == c.value)
        return forOp.getInitArgs()[k];
    return Value();
  }

  /// Initial values of the kernel arguments (the carried value of kernel
  /// iteration -t, i.e. of original iteration n - stage - t), numbering
  /// the arguments of each chain; null where nothing provides one.
  SmallVector<Value> initialValues() {
    SmallVector<Value> inits;
    for (unsigned k = 0; k < numOriginal; ++k) {
      Value y = s.yielded(k);
      if (!s.bodyDef(y)) {
        inits.push_back(forOp.getInitArgs()[k]);
        continue;
      }
      inits.push_back(Value()); // Filled below.
    }
    for (auto &[v, c] : chains) {
      c.args.assign(c.length + 1, ~0u);
      if (c.original >= 0) {
        c.args[1] = c.original;
        inits[c.original] = initialValue(c, 1);
      }
    }
    for (unsigned k = 0; k < numOriginal; ++k)
      if (!inits[k])
        inits[k] = initialValue(chains[s.yielded(k)], 1);
    for (auto &[v, c] : chains) {
      for (int t = c.length; t >= 1; --t) {
        if (c.args[t] != ~0u)
          continue;
        c.args[t] = inits.size();
        inits.push_back(initialValue(c, t));
      }
    }
    return inits;
  }

  /// The kernel loop, its body the stages of successive iterations.
  scf::ForOp emitKernel(ArrayRef<Value> inits) {
    auto kernel = scf::ForOp::create(b, loc, lb, ub, step, inits);
    kernel.setUnsignedCmp(unsignedCmp);
    Block *kbody = kernel.getBody();
    OpBuilder kb = OpBuilder::atBlockBegin(kbody);
    if (!kbody->empty())
      kb.setInsertionPoint(kbody->getTerminator());
    IRMapping current = cloneStages(kernel, kb);
    SmallVector<Value> yields(inits.size());
    auto kernelArg = [&](unsigned idx) {
      return kernel.getRegionIterArgs()[idx];
    };
    for (unsigned k = 0; k < numOriginal; ++k)
      yields[k] = s.bodyDef(s.yielded(k)) ? current.lookupOrNull(s.yielded(k))
                                          : kernelArg(k);
    for (auto &[v, c] : chains) {
      yields[c.args[1]] = current.lookup(v);
      for (int t = 2; t <= c.length; ++t)
        yields[c.args[t]] = kernelArg(c.args[t - 1]);
    }
    if (!kbody->empty() && isa<scf::YieldOp>(kbody->back()))
      kbody->back().erase();
    OpBuilder end = OpBuilder::atBlockEnd(kbody);
    scf::YieldOp::create(end, loc, yields);
    return kernel;
  }

  /// Clones the body ops into the kernel with `kb`, stage `st` for the
  /// iteration `n - st` steps ahead and masked off past the end. Returns
  /// the map from body values to their clones.
  IRMapping cloneStages(scf::ForOp kernel, OpBuilder &kb) {
    Value kiv = kernel.getInductionVar();
    // Stage predicates: iteration iv + (n - st) * step is still in range.
    SmallVector<Value> stagePred(n + 1);
    for (int st = 0; st < n; ++st) {
      Value c = arith::ConstantOp::create(
          kb, loc, kb.getIntegerAttr(iv.getType(), n - st));
      Value last = arith::SubIOp::create(
          kb, loc, ub, arith::MulIOp::create(kb, loc, step, c));
      stagePred[st] = arith::CmpIOp::create(kb, loc, lessThan, kiv, last);
    }
    SmallVector<Value> stageIv(n + 1);
    stageIv[n] = kiv;
    IRMapping current; // Body value -> its clone in this kernel iteration.
    auto kernelArg = [&](unsigned idx) {
      return kernel.getRegionIterArgs()[idx];
    };
    for (Operation *op : ordered) {
      int st = s.of.lookup(op).stage;
      IRMapping m;
      SmallVector<Value> used = Schedule::usedValues(op);
      if (!stageIv[st] && llvm::is_contained(used, iv)) {
        Value c = arith::ConstantOp::create(
            kb, loc, kb.getIntegerAttr(iv.getType(), n - st));
        stageIv[st] = arith::AddIOp::create(
            kb, loc, kiv, arith::MulIOp::create(kb, loc, step, c));
      }
      if (stageIv[st])
        m.map(iv, stageIv[st]);
      for (Value v : used) {
        if (v == iv)
          continue;
        auto [carried, d] = distanceOf(op, v);
        if (!carried) {
          int k = s.iterArgNumber(v);
          if (k >= 0)
            m.map(v, kernelArg(k)); // Invariant argument: passes through.
          continue;
        }
        if (d == 0)
          m.map(v, current.lookupOrNull(carried));
        else
          m.map(v, kernelArg(chains[carried].args[d]));
      }
      Operation *clone = kb.clone(*op, m);
      clone->walk([](Operation *o) { clearScheduleAttrs(o); });
      for (auto [o, r] : llvm::zip(op->getResults(), clone->getResults()))
        current.map(o, r);
      if (st < n)
        predicate(kb, clone, stagePred[st]);
    }
    return current;
  }

  Schedule &s;
  scf::ForOp forOp;
  const int n;
  Location loc;
  Value lb, ub, step, iv;
  bool unsignedCmp;
  arith::CmpIPredicate lessThan;
  /// Inserts the prologue and the kernel loop before the original loop.
  OpBuilder b;
  SmallVector<Operation *> ordered;
  /// Body value -> its clone for original iteration j of the prologue.
  SmallVector<IRMapping> iter;
  unsigned numOriginal;
  llvm::MapVector<Value, Chain> chains;
};

} // namespace

scf::ForOp mlir::triton::gpu::pipeline::expandLoop(Schedule &s) {
  return LoopExpander(s).run();
}
