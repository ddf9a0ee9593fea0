//===- Prefetch.cpp - K-sliced mma.sync operands, one ahead ----*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// tritongpu-prefetch (see Passes.td): in a loop whose single Ampere
// tt.dot reads both operands with ttg.local_load from buffers the loop
// carries, the dot is cut along K into slices; each slice reads its piece
// of the buffers through ttg.memdesc_subslice, and the first slice of the
// next iteration is read at the end of this one and carried across the
// back edge in a new iteration argument.
//
// TRITON_LLVM_DEBUG_ONLY=tritongpu-prefetch prints, per loop, the dot
// prefetched and its slices, or why the loop does not qualify.
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/TritonGPU/Transforms/Passes.h"

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"
#include "tt/Support/Debug.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUPREFETCH
#include "tt/Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;

#define DEBUG_TYPE "tritongpu-prefetch"

namespace {

/// How one dot operand is produced from a buffer the loop carries: the
/// iteration argument (by number), the local_load of it, and the
/// single-operand ops between that load and the dot, in program order.
struct OperandSource {
  unsigned iterArg;
  ttg::LocalLoadOp load;
  SmallVector<Operation *> chain;
};

/// Whether `op` (or an op nested in it) may write memory; ops that do not
/// describe their effects count as writing.
bool mayWrite(Operation *op) {
  if (auto iface = dyn_cast<MemoryEffectOpInterface>(op)) {
    SmallVector<MemoryEffects::EffectInstance> effects;
    iface.getEffects(effects);
    if (llvm::any_of(effects, [](MemoryEffects::EffectInstance &e) {
          return isa<MemoryEffects::Write>(e.getEffect());
        }))
      return true;
  } else if (!op->hasTrait<mlir::OpTrait::HasRecursiveMemoryEffects>()) {
    return !op->hasTrait<mlir::OpTrait::IsTerminator>();
  }
  if (!op->hasTrait<mlir::OpTrait::HasRecursiveMemoryEffects>())
    return false;
  for (Region &region : op->getRegions())
    for (Operation &nested : region.getOps())
      if (mayWrite(&nested))
        return true;
  return false;
}

/// Stores `reason` in `why` and returns nothing: the verdicts explain
/// themselves in the debug output.
template <typename T>
std::optional<T> rejected(std::string *why, const Twine &reason) {
  *why = reason.str();
  return std::nullopt;
}

/// Walks back from a dot operand to the local_load that produced it; else
/// says why not in `why`.
std::optional<OperandSource> findSource(scf::ForOp loop, Value operand,
                                        std::string *why) {
  OperandSource src;
  Operation *op = operand.getDefiningOp();
  while (op && op->getBlock() == loop.getBody()) {
    if (op->getNumResults() != 1 || !op->getResult(0).hasOneUse())
      return rejected<OperandSource>(
          why, "an op between its local_load and the dot has other users "
               "or results");
    if (auto load = dyn_cast<ttg::LocalLoadOp>(op)) {
      // A load ordered by an async token waits for copies of this
      // iteration: reading it one iteration early would not.
      if (load.getToken())
        return rejected<OperandSource>(
            why, "its local_load waits for this iteration's copies (an "
                 "async token)");
      if (!isa<ttg::DotOperandEncodingAttr>(
              cast<RankedTensorType>(load.getType()).getEncoding()))
        return rejected<OperandSource>(
            why, "its local_load does not produce a dot-operand layout");
      auto arg = dyn_cast<BlockArgument>(load.getSrc());
      if (!arg || arg.getOwner() != loop.getBody() ||
          arg.getArgNumber() < loop.getNumInductionVars())
        return rejected<OperandSource>(
            why, "its local_load reads a buffer the loop does not carry");
      src.iterArg = arg.getArgNumber() - loop.getNumInductionVars();
      src.load = load;
      std::reverse(src.chain.begin(), src.chain.end());
      return src;
    }
    if (op->getNumOperands() != 1 || op->getNumRegions() != 0)
      return rejected<OperandSource>(
          why, "an op between its local_load and the dot has several "
               "operands or regions");
    src.chain.push_back(op);
    op = op->getOperand(0).getDefiningOp();
  }
  return rejected<OperandSource>(
      why, "it is not read by a ttg.local_load in the loop body");
}

/// Reads the K slice [kOff, kOff + width) of the operand (opIdx 0: A, K is
/// dim 1; opIdx 1: B, K is dim 0) from `buffer`, then replays the chain of
/// ops on it.
Value loadSlice(OpBuilder &b, OperandSource &src, unsigned opIdx,
                Value buffer, int64_t kOff, int64_t width) {
  Location loc = src.load.getLoc();
  auto memType = cast<ttg::MemDescType>(buffer.getType());
  unsigned kDim = opIdx == 0 ? 1 : 0;
  SmallVector<int64_t> shape(memType.getShape());
  shape[kDim] = width;
  SmallVector<int32_t> offsets(shape.size(), 0);
  offsets[kDim] = kOff;
  auto sliceType = ttg::MemDescType::get(
      shape, memType.getElementType(), memType.getEncoding(),
      memType.getMemorySpace(), memType.getMutableMemory(),
      memType.getAllocShape());
  Value slice = ttg::MemDescSubsliceOp::create(b, loc, sliceType, buffer,
                                               b.getDenseI32ArrayAttr(offsets));
  auto loadType = cast<RankedTensorType>(src.load.getType());
  Value value = ttg::LocalLoadOp::create(
      b, loc, RankedTensorType::get(shape, loadType.getElementType(),
                                    loadType.getEncoding()),
      slice);
  for (Operation *op : src.chain) {
    IRMapping map;
    map.map(op->getOperand(0), value);
    Operation *clone = b.clone(*op, map);
    auto type = cast<RankedTensorType>(op->getResult(0).getType());
    clone->getResult(0).setType(RankedTensorType::get(
        shape, type.getElementType(), type.getEncoding()));
    value = clone->getResult(0);
  }
  return value;
}

/// The loop's dot, if the loop qualifies, with its operand sources and the
/// slice width.
struct Candidate {
  DotOp dot;
  OperandSource a, b;
  int64_t width;
};

std::optional<Candidate> analyze(scf::ForOp loop, std::string *why) {
  SmallVector<DotOp> dots;
  for (Operation &op : *loop.getBody())
    if (auto dot = dyn_cast<DotOp>(op))
      dots.push_back(dot);
  if (dots.empty())
    return rejected<Candidate>(why, "no tt.dot in its body");
  if (dots.size() != 1)
    return rejected<Candidate>(why, "more than one tt.dot in its body");
  DotOp dot = dots.front();
  auto dType = cast<RankedTensorType>(dot.getType());
  auto mma = dyn_cast<ttg::NvidiaMmaEncodingAttr>(dType.getEncoding());
  if (!mma || mma.getVersionMajor() != 2)
    return rejected<Candidate>(why, "its dot is not an mma v2 (mma.sync) "
                                    "dot");
  if (dType.getRank() != 2)
    return rejected<Candidate>(why, "its dot is not 2-D");
  auto aType = cast<RankedTensorType>(dot.getA().getType());
  auto bType = cast<RankedTensorType>(dot.getB().getType());
  auto aEnc = dyn_cast<ttg::DotOperandEncodingAttr>(aType.getEncoding());
  auto bEnc = dyn_cast<ttg::DotOperandEncodingAttr>(bType.getEncoding());
  if (!aEnc || !bEnc || aEnc.getKWidth() != bEnc.getKWidth())
    return rejected<Candidate>(why, "its operands are not dot-operand "
                                    "layouts of one kWidth");
  // A slice is what one mma.sync instruction consumes along K: 32 bits
  // per register pair, i.e. 8 * kWidth elements.
  unsigned kWidth = aEnc.getKWidth();
  int64_t width = kWidth ? 8 * kWidth : 256 / aType.getElementTypeBitWidth();
  int64_t k = aType.getShape()[1];
  if (k < width || k % width != 0)
    return rejected<Candidate>(why, "K is not a multiple of one "
                                    "instruction's K slice");
  std::string whyOperand;
  std::optional<OperandSource> a = findSource(loop, dot.getA(), &whyOperand);
  if (!a)
    return rejected<Candidate>(why, "operand A: " + whyOperand);
  std::optional<OperandSource> b = findSource(loop, dot.getB(), &whyOperand);
  if (!b)
    return rejected<Candidate>(why, "operand B: " + whyOperand);
  // The first slice is read at the end of the previous iteration and the
  // others right before the dot: nothing before the dot in the body may
  // write memory (the buffers could change under either).
  for (Operation &op : *loop.getBody()) {
    if (&op == dot.getOperation())
      break;
    if (mayWrite(&op))
      return rejected<Candidate>(why, "an op before the dot in the body may "
                                      "write memory");
  }
  return Candidate{dot, *a, *b, width};
}

void prefetch(scf::ForOp loop, Candidate &c) {
  IRRewriter rewriter(loop.getContext());
  int64_t k = cast<RankedTensorType>(c.dot.getA().getType()).getShape()[1];
  // The first slices of the first iteration, before the loop.
  rewriter.setInsertionPoint(loop);
  Value aFirst = loadSlice(rewriter, c.a, 0, loop.getInitArgs()[c.a.iterArg],
                           0, c.width);
  Value bFirst = loadSlice(rewriter, c.b, 1, loop.getInitArgs()[c.b.iterArg],
                           0, c.width);
  // The first slices of the next iteration, from the buffers it receives.
  auto yieldNext = [&](OpBuilder &b, Location, ArrayRef<BlockArgument>) {
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    return SmallVector<Value>{
        loadSlice(b, c.a, 0, yield.getOperand(c.a.iterArg), 0, c.width),
        loadSlice(b, c.b, 1, yield.getOperand(c.b.iterArg), 0, c.width)};
  };
  FailureOr<LoopLikeOpInterface> replaced =
      cast<LoopLikeOpInterface>(loop.getOperation())
          .replaceWithAdditionalYields(rewriter, {aFirst, bFirst},
                                       /*replaceInitOperandUsesInLoop=*/false,
                                       yieldNext);
  if (failed(replaced))
    return;
  auto newLoop = cast<scf::ForOp>(replaced->getOperation());
  auto iterArgs = newLoop.getRegionIterArgs();
  Value aCur = iterArgs[iterArgs.size() - 2], bCur = iterArgs.back();
  Value aBuf = iterArgs[c.a.iterArg], bBuf = iterArgs[c.b.iterArg];

  // The dot, slice by slice: the carried slice first, then the others read
  // from this iteration's buffers.
  rewriter.setInsertionPoint(c.dot);
  Value acc = c.dot.getC();
  for (int64_t off = 0; off < k; off += c.width) {
    Value a = off ? loadSlice(rewriter, c.a, 0, aBuf, off, c.width) : aCur;
    Value b = off ? loadSlice(rewriter, c.b, 1, bBuf, off, c.width) : bCur;
    acc = DotOp::create(rewriter, c.dot.getLoc(), c.dot.getType(), a, b, acc,
                        c.dot.getInputPrecisionAttr(),
                        c.dot.getMaxNumImpreciseAccAttr());
  }
  rewriter.replaceOp(c.dot, acc);
  // The whole-K loads and their chains are dead now.
  for (OperandSource *src : {&c.a, &c.b}) {
    for (Operation *op : llvm::reverse(src->chain))
      rewriter.eraseOp(op);
    rewriter.eraseOp(src->load);
  }
}

class Prefetch : public ttg::impl::TritonGPUPrefetchBase<Prefetch> {
public:
  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) { loops.push_back(loop); });
    TT_DEBUG(DEBUG_TYPE) << "loops: " << loops.size() << "\n";
    for (scf::ForOp loop : loops) {
      std::string why;
      std::optional<Candidate> c = analyze(loop, &why);
      if (!c) {
        TT_DEBUG(DEBUG_TYPE) << "scf.for at " << loop.getLoc()
                             << ": not prefetched: " << why << "\n";
        continue;
      }
      TT_DEBUG(DEBUG_TYPE)
          << "scf.for at " << loop.getLoc() << ": prefetched tt.dot at "
          << c->dot.getLoc() << ": "
          << cast<RankedTensorType>(c->dot.getA().getType()).getShape()[1] /
                 c->width
          << " slices of K = " << c->width
          << ", the first of the next iteration read ahead\n";
      prefetch(loop, *c);
    }
  }
};

} // namespace
