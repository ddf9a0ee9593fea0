//===- CPUPasses.cpp - passes of the CPU backend ----------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// tt-cpu-fuse-elementwise, tt-cpu-lower-math and tt-cpu-packed-entry; see
// include/tt/Target/CPU/Passes.td and docs/cpu-backend.md.
//
//===----------------------------------------------------------------------===//

#include "tt/Target/CPU/Passes.h"

#include "tt/Conversion/TritonToLinalg/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace mlir::triton::cpu {
#define GEN_PASS_DEF_TTCPUFUSEELEMENTWISE
#define GEN_PASS_DEF_TTCPUVERSIONMASKS
#define GEN_PASS_DEF_TTCPULOWERCOPIES
#define GEN_PASS_DEF_TTCPULOWERDOT
#define GEN_PASS_DEF_TTCPULOWERMATH
#define GEN_PASS_DEF_TTCPUHOISTBUFFERREADS
#define GEN_PASS_DEF_TTCPUPACKEDENTRY
#define GEN_PASS_DEF_TTCPUDEFINEATOMICS
#include "tt/Target/CPU/Passes.h.inc"
} // namespace mlir::triton::cpu

using namespace mlir;

namespace {

//===----------------------------------------------------------------------===//
// tt-cpu-fuse-elementwise
//===----------------------------------------------------------------------===//

/// Whether recomputing `op`'s body for every use costs about as much as
/// reading a stored element: integer and float arithmetic except division,
/// index computations, pointer-to-integer casts; a bounded number of them.
bool isCheapToRecompute(linalg::GenericOp op) {
  unsigned count = 0;
  for (Operation &o : op.getBody()->without_terminator()) {
    if (++count > 24)
      return false;
    if (isa<linalg::IndexOp, LLVM::PtrToIntOp, LLVM::ZeroOp>(o))
      continue;
    if (isa<arith::DivSIOp, arith::DivUIOp, arith::RemSIOp, arith::RemUIOp,
            arith::CeilDivSIOp, arith::CeilDivUIOp, arith::FloorDivSIOp,
            arith::DivFOp, arith::RemFOp>(o))
      return false;
    if (isa<arith::ArithDialect>(o.getDialect()))
      continue;
    return false;
  }
  return true;
}

bool shouldFuse(OpOperand *fused) {
  auto producer = fused->get().getDefiningOp<linalg::GenericOp>();
  auto consumer = dyn_cast<linalg::GenericOp>(fused->getOwner());
  if (!producer || !consumer)
    return false;
  // Does the consumer read each produced element exactly once?
  bool once = consumer.getMatchingIndexingMap(fused).isPermutation();
  if (!once && consumer.getNumReductionLoops() != 0)
    return false;
  if (!isMemoryEffectFree(producer)) {
    // Moving a memory access down to its user: only when nothing in
    // between touches memory, and without duplicating it.
    if (!once || !producer->hasOneUse() ||
        producer->getBlock() != consumer->getBlock())
      return false;
    for (Operation *op = producer->getNextNode(); op && op != consumer;
         op = op->getNextNode())
      if (!isMemoryEffectFree(op))
        return false;
    return true;
  }
  if (once && producer->hasOneUse() &&
      producer->getBlock() == consumer->getBlock())
    return true;
  return isCheapToRecompute(producer);
}

/// Decomposes `v` into `ptrtoint(base) + sum(terms)` through additions and
/// subtractions (subtracted terms come back negated by the caller).
bool decomposeAddress(Value v, Value &base, SmallVectorImpl<Value> &terms,
                      SmallVectorImpl<bool> &negated, bool negate,
                      unsigned depth = 0) {
  if (depth > 8)
    return false;
  if (auto cast = v.getDefiningOp<LLVM::PtrToIntOp>()) {
    if (negate || base)
      return false;
    base = cast.getArg();
    return true;
  }
  if (auto add = v.getDefiningOp<arith::AddIOp>()) {
    Value lhs = add.getLhs(), rhs = add.getRhs();
    SmallVector<Value> t;
    SmallVector<bool> n;
    Value b;
    if (decomposeAddress(lhs, b, t, n, negate, depth + 1) && b) {
      base = b;
      terms.append(t);
      negated.append(n);
      terms.push_back(rhs);
      negated.push_back(negate);
      return true;
    }
    t.clear();
    n.clear();
    b = Value();
    if (decomposeAddress(rhs, b, t, n, negate, depth + 1) && b) {
      base = b;
      terms.append(t);
      negated.append(n);
      terms.push_back(lhs);
      negated.push_back(negate);
      return true;
    }
    return false;
  }
  if (auto sub = v.getDefiningOp<arith::SubIOp>()) {
    SmallVector<Value> t;
    SmallVector<bool> n;
    Value b;
    if (decomposeAddress(sub.getLhs(), b, t, n, negate, depth + 1) && b) {
      base = b;
      terms.append(t);
      negated.append(n);
      terms.push_back(sub.getRhs());
      negated.push_back(!negate);
      return true;
    }
  }
  return false;
}

/// inttoptr(ptrtoint(p) + x) -> getelementptr i8, p, x.
struct AddressToGEP : OpRewritePattern<LLVM::IntToPtrOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(LLVM::IntToPtrOp op,
                                PatternRewriter &rewriter) const override {
    Value base;
    SmallVector<Value> terms;
    SmallVector<bool> negated;
    if (!decomposeAddress(op.getArg(), base, terms, negated, false) || !base ||
        base.getType() != op.getType())
      return failure();
    Location loc = op.getLoc();
    Value offset;
    for (auto [t, neg] : llvm::zip(terms, negated)) {
      if (!offset) {
        offset = neg ? arith::SubIOp::create(
                           rewriter, loc,
                           arith::ConstantIntOp::create(rewriter, loc,
                                                        t.getType(), 0),
                           t)
                           .getResult()
                     : t;
        continue;
      }
      offset = neg ? arith::SubIOp::create(rewriter, loc, offset, t).getResult()
                   : arith::AddIOp::create(rewriter, loc, offset, t).getResult();
    }
    if (!offset) {
      rewriter.replaceOp(op, base);
      return success();
    }
    rewriter.replaceOpWithNewOp<LLVM::GEPOp>(op, op.getType(),
                                             rewriter.getI8Type(), base,
                                             ValueRange{offset});
    return success();
  }
};

/// Whether `op` is the last user of `v`: every other user is (nested in) an
/// operation before `op` in its block.
bool isLastUse(Value v, Operation *op) {
  Block *block = op->getBlock();
  for (Operation *user : v.getUsers()) {
    if (user == op)
      continue;
    Operation *ancestor = block->findAncestorOpInBlock(*user);
    if (!ancestor || ancestor == op || !ancestor->isBeforeInBlock(op))
      return false;
  }
  return true;
}

/// An elementwise generic writing a fresh tensor can write over an input
/// of the same type read at the same points, when that input dies here
/// (typically a loop-carried tensor of pointers advanced by `tt.addptr`).
/// Bufferization still checks the reuse and copies if it must.
struct ReuseInputAsDestination : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasPureTensorSemantics() || op.getNumReductionLoops() != 0 ||
        !isMemoryEffectFree(op))
      return failure();
    bool changed = false;
    for (OpOperand &init : op.getDpsInitsMutable()) {
      if (!init.get().getDefiningOp<tensor::EmptyOp>() ||
          !op.getMatchingBlockArgument(&init).use_empty())
        continue;
      AffineMap outMap = op.getMatchingIndexingMap(&init);
      for (OpOperand *in : op.getDpsInputOperands()) {
        Value v = in->get();
        if (v.getType() != init.get().getType() || !isLastUse(v, op) ||
            llvm::count(op->getOperands(), v) != 1 ||
            op.getMatchingIndexingMap(in) != outMap ||
            v.getDefiningOp<arith::ConstantOp>())
          continue;
        rewriter.modifyOpInPlace(op, [&] { init.set(v); });
        changed = true;
        break;
      }
    }
    return success(changed);
  }
};

struct FuseElementwisePass
    : triton::cpu::impl::TTCPUFuseElementwiseBase<FuseElementwisePass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    {
      RewritePatternSet patterns(ctx);
      linalg::populateElementwiseOpsFusionPatterns(patterns, shouldFuse);
      linalg::GenericOp::getCanonicalizationPatterns(patterns, ctx);
      tensor::EmptyOp::getCanonicalizationPatterns(patterns, ctx);
      if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
        return signalPassFailure();
    }
    RewritePatternSet patterns(ctx);
    patterns.add<AddressToGEP, ReuseInputAsDestination>(ctx);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

//===----------------------------------------------------------------------===//
// tt-cpu-version-masks
//===----------------------------------------------------------------------===//

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
    : triton::cpu::impl::TTCPUVersionMasksBase<VersionMasksPass> {
  void runOnOperation() override {
    SmallVector<linalg::GenericOp> generics;
    getOperation()->walk([&](linalg::GenericOp op) { generics.push_back(op); });
    for (linalg::GenericOp op : generics)
      (void)versionMasks(op);
  }
};

//===----------------------------------------------------------------------===//
// tt-cpu-lower-dot
//===----------------------------------------------------------------------===//

constexpr int64_t kDotRows = 4;    // rows of C per block
constexpr int64_t kDotVectors = 4; // vectors of C per block row

/// Whether `t` is a static 2-D memref whose rows are contiguous.
bool isRowContiguous(Type t) {
  auto m = dyn_cast<MemRefType>(t);
  return m && m.getRank() == 2 && m.hasStaticShape() &&
         m.isLastDimUnitStride();
}

/// Replaces a converted tt.dot (C += A x B on memrefs) by a loop nest over
/// blocks of C kept in vector registers across the K loop.
LogicalResult lowerDot(linalg::GenericOp op, int64_t lanes) {
  if (!op->hasAttr("tt.dot") || !op.hasPureBufferSemantics() ||
      op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1 ||
      op.getNumLoops() != 3)
    return failure();
  Value a = op.getDpsInputOperand(0)->get();
  Value b = op.getDpsInputOperand(1)->get();
  Value c = op.getDpsInitOperand(0)->get();
  if (!isRowContiguous(a.getType()) || !isRowContiguous(b.getType()) ||
      !isRowContiguous(c.getType()))
    return failure();
  auto aTy = cast<MemRefType>(a.getType());
  auto bTy = cast<MemRefType>(b.getType());
  auto cTy = cast<MemRefType>(c.getType());
  Type accTy = cTy.getElementType();
  auto inputOk = [](Type t) { return t.isF16() || t.isBF16() || t.isF32(); };
  if (!accTy.isF32() || !inputOk(aTy.getElementType()) ||
      !inputOk(bTy.getElementType()))
    return failure();
  int64_t m = cTy.getDimSize(0), n = cTy.getDimSize(1);
  int64_t k = aTy.getDimSize(1);
  int64_t blockCols = kDotVectors * lanes;
  if (m % kDotRows != 0 || n % blockCols != 0 || k < 1)
    return failure();

  OpBuilder b0(op);
  Location loc = op.getLoc();
  auto idx = [&](OpBuilder &bb, int64_t v) -> Value {
    return arith::ConstantIndexOp::create(bb, loc, v);
  };
  // Narrow inputs are widened once into f32 copies: the block loop would
  // otherwise convert every element of B once per block row of C.
  SmallVector<Value> temporaries;
  auto widen = [&](Value v) -> Value {
    auto ty = cast<MemRefType>(v.getType());
    if (ty.getElementType() == accTy)
      return v;
    auto wideTy = MemRefType::get(ty.getShape(), accTy);
    Value wide =
        memref::AllocOp::create(b0, loc, wideTy, b0.getI64IntegerAttr(64));
    SmallVector<AffineMap> maps(2, b0.getMultiDimIdentityMap(2));
    SmallVector<utils::IteratorType> iters(2, utils::IteratorType::parallel);
    linalg::GenericOp::create(
        b0, loc, ValueRange{v}, ValueRange{wide}, maps, iters,
        [&](OpBuilder &nb, Location nl, ValueRange args) {
          linalg::YieldOp::create(
              nb, nl, arith::ExtFOp::create(nb, nl, accTy, args[0]).getResult());
        });
    temporaries.push_back(wide);
    return wide;
  };
  a = widen(a);
  b = widen(b);
  auto accVecTy = VectorType::get({lanes}, accTy);
  auto bVecTy = accVecTy;
  // Column blocks outside: the K x blockCols panel of B stays in L1 while
  // the row blocks of A stream past it.
  scf::ForOp::create(
      b0, loc, idx(b0, 0), idx(b0, n), idx(b0, blockCols), ValueRange{},
      [&](OpBuilder &b1, Location, Value j0, ValueRange) {
        scf::ForOp::create(
            b1, loc, idx(b1, 0), idx(b1, m), idx(b1, kDotRows), ValueRange{},
            [&](OpBuilder &b2, Location, Value i0, ValueRange) {
              SmallVector<Value> rows, cols;
              for (int64_t r = 0; r < kDotRows; ++r)
                rows.push_back(arith::AddIOp::create(b2, loc, i0, idx(b2, r)));
              for (int64_t v = 0; v < kDotVectors; ++v)
                cols.push_back(
                    arith::AddIOp::create(b2, loc, j0, idx(b2, v * lanes)));
              SmallVector<Value> init;
              for (Value row : rows)
                for (Value col : cols)
                  init.push_back(vector::LoadOp::create(
                      b2, loc, accVecTy, c, ValueRange{row, col}));
              auto kLoop = scf::ForOp::create(
                  b2, loc, idx(b2, 0), idx(b2, k), idx(b2, 1), init,
                  [&](OpBuilder &b3, Location, Value kk, ValueRange acc) {
                    SmallVector<Value> bv;
                    for (Value col : cols) {
                      Value v = vector::LoadOp::create(b3, loc, bVecTy, b,
                                                       ValueRange{kk, col});
                      if (v.getType() != accVecTy)
                        v = arith::ExtFOp::create(b3, loc, accVecTy, v);
                      bv.push_back(v);
                    }
                    SmallVector<Value> next;
                    for (auto [r, row] : llvm::enumerate(rows)) {
                      Value s = memref::LoadOp::create(b3, loc, a,
                                                       ValueRange{row, kk});
                      if (s.getType() != accTy)
                        s = arith::ExtFOp::create(b3, loc, accTy, s);
                      Value splat =
                          vector::BroadcastOp::create(b3, loc, accVecTy, s);
                      for (auto [v, col] : llvm::enumerate(bv))
                        next.push_back(vector::FMAOp::create(
                            b3, loc, accVecTy, splat, col,
                            acc[r * kDotVectors + v]));
                    }
                    scf::YieldOp::create(b3, loc, next);
                  });
              unsigned n = 0;
              for (Value row : rows)
                for (Value col : cols)
                  vector::StoreOp::create(b2, loc, kLoop.getResult(n++), c,
                                          ValueRange{row, col});
              scf::YieldOp::create(b2, loc);
            });
        scf::YieldOp::create(b1, loc);
      });
  for (Value t : temporaries)
    memref::DeallocOp::create(b0, loc, t);
  op->erase();
  return success();
}

struct LowerDotPass : triton::cpu::impl::TTCPULowerDotBase<LowerDotPass> {
  using Base::Base;
  void runOnOperation() override {
    SmallVector<linalg::GenericOp> dots;
    getOperation()->walk([&](linalg::GenericOp op) {
      if (op->hasAttr("tt.dot"))
        dots.push_back(op);
    });
    for (linalg::GenericOp op : dots)
      (void)lowerDot(op, std::max(1u, unsigned(vectorWidth)));
  }
};

//===----------------------------------------------------------------------===//
// tt-cpu-lower-copies
//===----------------------------------------------------------------------===//

struct StridedCopyToLinalg : OpRewritePattern<memref::CopyOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(memref::CopyOp op,
                                PatternRewriter &rewriter) const override {
    auto source = dyn_cast<MemRefType>(op.getSource().getType());
    auto target = dyn_cast<MemRefType>(op.getTarget().getType());
    if (!source || !target ||
        (memref::isStaticShapeAndContiguousRowMajor(source) &&
         memref::isStaticShapeAndContiguousRowMajor(target)))
      return failure();
    rewriter.replaceOpWithNewOp<linalg::CopyOp>(op, op.getSource(),
                                                op.getTarget());
    return success();
  }
};

struct LowerCopiesPass
    : triton::cpu::impl::TTCPULowerCopiesBase<LowerCopiesPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<StridedCopyToLinalg>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

//===----------------------------------------------------------------------===//
// tt-cpu-hoist-buffer-reads
//===----------------------------------------------------------------------===//

/// The temporary buffer `v` is a view of, or null when `v` may be anything
/// else (a function argument, a pointer-derived memref).
Value getTemporaryRoot(Value v) {
  while (true) {
    Operation *def = v.getDefiningOp();
    if (!def)
      return Value();
    if (isa<memref::AllocOp, memref::AllocaOp, memref::GetGlobalOp>(def))
      return v;
    auto view = dyn_cast<ViewLikeOpInterface>(def);
    if (!view)
      return Value();
    v = view.getViewSource();
  }
}

/// Whether `op` (or an operation nested in it) may write the temporary
/// buffer `root`.
bool mayWriteTemporary(Operation *op, Value root) {
  if (auto effects = dyn_cast<MemoryEffectOpInterface>(op)) {
    SmallVector<MemoryEffects::EffectInstance> list;
    effects.getEffects(list);
    for (const auto &e : list) {
      if (!isa<MemoryEffects::Write, MemoryEffects::Free>(e.getEffect()))
        continue;
      Value target = e.getValue();
      // LLVM operations write through !llvm.ptr: kernel memory, never a
      // temporary buffer.
      if (!target)
        return !isa<LLVM::LLVMDialect>(op->getDialect());
      if (!isa<MemRefType>(target.getType()))
        continue;
      Value r = getTemporaryRoot(target);
      if (!r || r == root)
        return true;
    }
  } else if (!op->hasTrait<OpTrait::HasRecursiveMemoryEffects>()) {
    // Calls and unknown operations: only through a memref operand.
    if (llvm::any_of(op->getOperandTypes(),
                     [](Type t) { return isa<MemRefType>(t); }))
      return true;
    if (!isa<CallOpInterface>(op) && !isa<LLVM::LLVMDialect>(op->getDialect()))
      return true;
  }
  for (Region &region : op->getRegions())
    for (Operation &nested : region.getOps())
      if (mayWriteTemporary(&nested, root))
        return true;
  return false;
}

struct HoistBufferReadsPass
    : triton::cpu::impl::TTCPUHoistBufferReadsBase<HoistBufferReadsPass> {
  void runOnOperation() override {
    // Innermost loops first, so that reads can travel several levels.
    SmallVector<scf::ForOp> loops;
    getOperation()->walk<WalkOrder::PostOrder>(
        [&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops) {
      Region &body = loop.getRegion();
      // A read moved out of a loop runs even when the loop would not: only
      // do that for loops that surely run (constant bounds, as the loops
      // made from linalg ops have), so that its index is one the loop used.
      std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound());
      std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound());
      bool runs = lb && ub && *lb < *ub;
      auto canHoist = [&](Operation *op, Region *) {
        if (isMemoryEffectFree(op) && isSpeculatable(op))
          return true;
        auto load = dyn_cast<memref::LoadOp>(op);
        if (!load || !runs)
          return false;
        Value root = getTemporaryRoot(load.getMemRef());
        if (!root)
          return false;
        for (Operation &other : body.getOps())
          if (mayWriteTemporary(&other, root))
            return false;
        return true;
      };
      moveLoopInvariantCode(
          {&body},
          [&](Value v, Region *) { return loop.isDefinedOutsideOfLoop(v); },
          canHoist, [&](Operation *op, Region *) { loop.moveOutOfLoop(op); });
    }
  }
};

//===----------------------------------------------------------------------===//
// tt-cpu-lower-math
//===----------------------------------------------------------------------===//

struct LowerMathPass
    : triton::cpu::impl::TTCPULowerMathBase<LowerMathPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    RewritePatternSet patterns(ctx);
    static const StringRef approximated[] = {
        "exp", "expm1", "log", "log2", "log1p", "tanh",
        "erf", "sin",   "cos", "atan", "atan2"};
    populateMathPolynomialApproximationPatterns(patterns, [](StringRef name) {
      name.consume_front("math.");
      return llvm::is_contained(approximated, name);
    });
    math::populateExpansionPatterns(
        patterns, {"tan", "sinh", "cosh", "asinh", "acosh", "atanh", "fpowi",
                   "exp2"});
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

//===----------------------------------------------------------------------===//
// tt-cpu-define-atomics
//===----------------------------------------------------------------------===//

struct DefineAtomicsPass
    : triton::cpu::impl::TTCPUDefineAtomicsBase<DefineAtomicsPass> {
  void runOnOperation() override {
    for (auto fn : getOperation().getOps<LLVM::LLVMFuncOp>()) {
      if (!fn.isExternal())
        continue;
      SmallVector<StringRef> parts;
      fn.getName().split(parts, '.');
      bool rmw = parts[0] == "__tt_cpu_atomicrmw" && parts.size() >= 4;
      bool cas = parts[0] == "__tt_cpu_cmpxchg" && parts.size() >= 3;
      if (!rmw && !cas)
        continue;
      std::optional<LLVM::AtomicBinOp> binOp;
      if (rmw && !(binOp = LLVM::symbolizeAtomicBinOp(parts[1]))) {
        fn.emitError("unknown atomic operation in ") << fn.getName();
        return signalPassFailure();
      }
      auto ordering = LLVM::symbolizeAtomicOrdering(parts[rmw ? 2 : 1]);
      if (!ordering) {
        fn.emitError("unknown atomic ordering in ") << fn.getName();
        return signalPassFailure();
      }
      OpBuilder b(fn.getContext());
      Location loc = fn.getLoc();
      Block *block = fn.addEntryBlock(b);
      b.setInsertionPointToStart(block);
      Value ptr = block->getArgument(0);
      Value val = block->getArguments().back();
      Type type = val.getType();
      unsigned align = std::max(1u, type.getIntOrFloatBitWidth() / 8);
      Value result;
      if (rmw) {
        result = LLVM::AtomicRMWOp::create(b, loc, *binOp, ptr, val, *ordering,
                                           StringRef(), align);
      } else {
        // cmpxchg works on integers: compare and swap the bits.
        Value cmp = block->getArgument(1);
        Type intTy = b.getIntegerType(type.getIntOrFloatBitWidth());
        if (intTy != type) {
          cmp = LLVM::BitcastOp::create(b, loc, intTy, cmp);
          val = LLVM::BitcastOp::create(b, loc, intTy, val);
        }
        LLVM::AtomicOrdering failure = *ordering;
        if (failure == LLVM::AtomicOrdering::release)
          failure = LLVM::AtomicOrdering::monotonic;
        else if (failure == LLVM::AtomicOrdering::acq_rel)
          failure = LLVM::AtomicOrdering::acquire;
        Value pair = LLVM::AtomicCmpXchgOp::create(
            b, loc, ptr, cmp, val, *ordering, failure, StringRef(), align);
        result = LLVM::ExtractValueOp::create(b, loc, pair, 0);
        if (intTy != type)
          result = LLVM::BitcastOp::create(b, loc, type, result);
      }
      LLVM::ReturnOp::create(b, loc, result);
      fn.setLinkage(LLVM::Linkage::Internal);
      fn.setSymVisibilityAttr(nullptr);
      fn.setAlwaysInline(true);
    }
  }
};

//===----------------------------------------------------------------------===//
// tt-cpu-packed-entry
//===----------------------------------------------------------------------===//

struct PackedEntryPass
    : triton::cpu::impl::TTCPUPackedEntryBase<PackedEntryPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    auto ptrTy = LLVM::LLVMPointerType::get(ctx);
    Type i32 = IntegerType::get(ctx, 32);
    SmallVector<LLVM::LLVMFuncOp> kernels;
    for (auto fn : module.getOps<LLVM::LLVMFuncOp>())
      if (fn->hasAttr(triton::kCPUKernelAttrName))
        kernels.push_back(fn);
    for (LLVM::LLVMFuncOp fn : kernels) {
      fn->removeAttr(triton::kCPUKernelAttrName);
      LLVM::LLVMFunctionType type = fn.getFunctionType();
      unsigned numParams = type.getNumParams();
      if (numParams < triton::kNumGridArgs ||
          !isa<LLVM::LLVMVoidType>(type.getReturnType())) {
        fn.emitError("a CPU kernel must return nothing and end with the six "
                     "i32 grid parameters");
        return signalPassFailure();
      }
      Location loc = fn.getLoc();
      OpBuilder b(ctx);
      b.setInsertionPointAfter(fn);
      SmallVector<Type> params{ptrTy};
      params.append(triton::kNumGridArgs, i32);
      auto entry = LLVM::LLVMFuncOp::create(
          b, loc, (fn.getName() + "__packed").str(),
          LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx), params));
      Block *block = entry.addEntryBlock(b);
      b.setInsertionPointToStart(block);
      Value argv = block->getArgument(0);
      SmallVector<Value> args;
      unsigned numUser = numParams - triton::kNumGridArgs;
      for (unsigned i = 0; i < numUser; ++i) {
        Value slot = LLVM::GEPOp::create(b, loc, ptrTy, ptrTy, argv,
                                         ArrayRef<LLVM::GEPArg>{int32_t(i)});
        Value valuePtr = LLVM::LoadOp::create(b, loc, ptrTy, slot, 8);
        Type t = type.getParamType(i);
        unsigned align = 1;
        if (isa<LLVM::LLVMPointerType>(t))
          align = 8;
        else if (t.isIntOrFloat())
          align = std::max(1u, t.getIntOrFloatBitWidth() / 8);
        args.push_back(LLVM::LoadOp::create(b, loc, t, valuePtr, align));
      }
      for (Value v : block->getArguments().drop_front())
        args.push_back(v);
      LLVM::CallOp::create(b, loc, fn, args);
      LLVM::ReturnOp::create(b, loc, ValueRange{});
      fn.setLinkage(LLVM::Linkage::Internal);
    }
  }
};

} // namespace
