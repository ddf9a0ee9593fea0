//===- TMAOpToLLVM.cpp - TMA block copies -----------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// `ttng.async_tma_copy_global_to_local` and `..._local_to_global` become
// `cp.async.bulk.tensor` (Hopper's Tensor Memory Accelerator): one thread
// asks the TMA unit to move a whole box of a tensor between global and
// shared memory.
//
// A box is at most 256 elements along each dimension, and with a swizzled
// shared layout at most one swizzle row (swizzle bytes / element bytes)
// along the contiguous one; the descriptor (`ttng.tensormap_create`) was
// made with those box sizes, so a block larger than one box is copied as
// several. Boxes are numbered row-major over the block (the contiguous
// dimension fastest) and shared among the warps, box i by warp
// i mod num_warps, each issued by one lane chosen with `elect.sync`. Where
// a box lands in shared memory follows from the buffer's linear layout: its
// origin's offset is the XOR of the offsets of the box-index bits.
//
// Loads complete on the mbarrier (`mbarrier::complete_tx::bytes`); stores
// form a bulk group per thread (`cp.async.bulk.commit_group`) that
// `ttng.async_tma_store_wait` waits on (`cp.async.bulk.wait_group.read`).
// Coordinates are given to the hardware innermost first.
//
//===----------------------------------------------------------------------===//

#include "NVIDIAPatterns.h"

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"
#include "tt/Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "tt/Dialect/TritonNvidiaGPU/Transforms/TMAUtilities.h"
#include "tt/LinearLayout/LayoutUtils.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::lowering;

namespace {

/// How a block is cut into TMA boxes and where each lands in shared memory.
struct BoxPlan {
  SmallVector<int64_t> box;      // elements per dim, tensor order
  SmallVector<int64_t> numBoxes; // boxes per dim (powers of two)
  unsigned numBoxesLog2 = 0;
  /// For bit k of the box index: the dim it moves along and by how many
  /// elements, and the byte offset of that box's origin.
  SmallVector<std::pair<unsigned, int64_t>> bitStep;
  SmallVector<int64_t> bitOffset;
};

FailureOr<BoxPlan> planBoxes(Operation *op, TensorDescType desc,
                             ttg::MemDescType buffer) {
  RankedTensorType block = desc.getBlockType();
  ArrayRef<int64_t> shape = block.getShape();
  unsigned rank = shape.size();
  if (rank < 1 || rank > 5)
    return op->emitError() << "cannot lower a TMA copy of a rank-" << rank
                           << " block: TMA moves 1 to 5 dimensions";
  if (buffer.getShape() != shape)
    return op->emitError() << "cannot lower a TMA copy between a block of "
                              "shape "
                           << block << " and a buffer of type " << buffer
                           << ": the shapes must be the same";
  if (buffer.getAllocShape().take_back(rank) != buffer.getShape())
    return op->emitError() << "cannot lower a TMA copy into a view inside a "
                              "larger buffer (memdesc_subslice)";
  if (!ttng::isTMACompatibleEncoding(buffer.getEncoding(), block))
    return op->emitError() << "cannot lower a TMA copy into " << buffer
                           << ": only untransposed #ttg.nvmma_shared and "
                              "unswizzled #ttg.swizzled_shared buffers are "
                              "supported";
  auto nvmma = dyn_cast<ttg::NVMMASharedEncodingAttr>(buffer.getEncoding());
  unsigned swizzleBytes = nvmma ? nvmma.getSwizzlingByteWidth() : 0;
  unsigned elemBits = buffer.getElementType().getIntOrFloatBitWidth();
  unsigned elemBytes = sharedMemoryBytes(buffer.getElementType());
  BoxPlan plan;
  for (unsigned d = 0; d < rank; ++d) {
    int64_t limit = 256;
    if (d == rank - 1 && swizzleBytes != 0)
      limit = swizzleBytes * 8 / elemBits;
    plan.box.push_back(std::min<int64_t>(shape[d], limit));
    plan.numBoxes.push_back(shape[d] / plan.box.back());
  }
  if (plan.box.back() * elemBits % 128 != 0)
    return op->emitError() << "cannot lower a TMA copy: the innermost box "
                              "dimension is "
                           << plan.box.back() * elemBits / 8
                           << " bytes; TMA needs a multiple of 16";

  std::optional<tt::LinearLayout> tile = getSharedTileLayout(buffer);
  std::optional<tt::LinearLayout> inverse =
      tile ? tile->tryInvert() : std::nullopt;
  if (!inverse)
    return op->emitError() << "cannot lower a TMA copy into " << buffer
                           << ": its layout is not a bijection of offsets";
  int64_t boxBytes = elemBytes;
  for (int64_t b : plan.box)
    boxBytes *= b;
  // Box-index bits, contiguous dimension first (row-major numbering).
  for (int d = rank - 1; d >= 0; --d) {
    for (int64_t n = 1; n < plan.numBoxes[d]; n *= 2) {
      int64_t step = n * plan.box[d];
      SmallVector<tt::LinearLayout::DimSize, 4> coords;
      for (unsigned e = 0; e < rank; ++e)
        coords.push_back({tt::outDim(e), e == unsigned(d) ? int32_t(step) : 0});
      int64_t offset = 0;
      for (auto [dim, value] : inverse->apply(coords))
        if (dim == tt::kOffset)
          offset = int64_t(value) * elemBytes;
        else if (value != 0)
          return op->emitError("cannot lower a TMA copy: the buffer spans "
                               "several CTAs");
      if (offset % boxBytes != 0)
        return op->emitError() << "cannot lower a TMA copy into " << buffer
                               << ": its boxes of "
                               << boxBytes << " bytes are not contiguous";
      plan.bitStep.push_back({unsigned(d), step});
      plan.bitOffset.push_back(offset);
    }
  }
  plan.numBoxesLog2 = plan.bitStep.size();
  return plan;
}

/// For box index `index` (runtime), the coordinates (tensor order) and the
/// byte offset of the box in the buffer.
std::pair<SmallVector<Value>, Value>
boxOrigin(OpBuilder &b, Location loc, const BoxPlan &plan, Value index,
          ValueRange coords) {
  SmallVector<Value> out(coords.begin(), coords.end());
  // Coordinates: each bit adds its step along its dimension.
  Value offset;
  bool linear = true;
  for (unsigned k = 0; k < plan.numBoxesLog2; ++k)
    linear &= plan.bitOffset[k] == (int64_t(1) << k) * plan.bitOffset[0];
  for (unsigned k = 0; k < plan.numBoxesLog2; ++k) {
    Value bit = LLVM::AndOp::create(b, loc, index, i32Const(b, loc, 1 << k));
    auto [d, step] = plan.bitStep[k];
    // bit is 0 or 2^k; scale it to step (a power of two times 2^k).
    Value delta = step >= (int64_t(1) << k)
                      ? (Value)LLVM::ShlOp::create(
                            b, loc, bit,
                            i32Const(b, loc,
                                     llvm::Log2_64(step) - k))
                      : (Value)LLVM::LShrOp::create(
                            b, loc, bit,
                            i32Const(b, loc, k - llvm::Log2_64(step)));
    out[d] = LLVM::AddOp::create(b, loc, out[d], delta);
    if (!linear) {
      Value isSet = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ne, bit,
                                         i32Const(b, loc, 0));
      Value term = LLVM::SelectOp::create(
          b, loc, isSet, i32Const(b, loc, plan.bitOffset[k]),
          i32Const(b, loc, 0));
      offset = offset ? (Value)LLVM::XOrOp::create(b, loc, offset, term) : term;
    }
  }
  if (linear)
    offset = plan.numBoxesLog2 == 0
                 ? i32Const(b, loc, 0)
                 : (Value)LLVM::MulOp::create(b, loc, index,
                                              i32Const(b, loc,
                                                       plan.bitOffset[0]));
  return {out, offset};
}

/// Calls `issue(pred, coords, byteOffset)` once per box this thread may
/// issue: box i by the elected lane of warp i mod num_warps.
void forEachBox(OpBuilder &b, Location loc, const BoxPlan &plan,
                const LoweringContext &lc, ValueRange coords, Value pred,
                function_ref<void(Value, ArrayRef<Value>, Value)> issue) {
  unsigned numBoxes = 1u << plan.numBoxesLog2;
  Value warp = warpId(b, loc, lc);
  // Warp-uniform for the compiler: the warp index read from lane 0.
  warp = shuffle(b, loc, warp, ShuffleKind::Idx, i32Const(b, loc, 0), 0x1f,
                 lc);
  Value elected = NVVM::ElectSyncOp::create(b, loc, b.getI1Type(), Value());
  Value base = pred ? (Value)LLVM::AndOp::create(b, loc, pred, elected)
                    : elected;
  unsigned rounds = std::max(1u, numBoxes / unsigned(lc.numWarps));
  for (unsigned r = 0; r < rounds; ++r) {
    Value index = warp;
    if (r)
      index = LLVM::AddOp::create(b, loc, warp,
                                  i32Const(b, loc, r * lc.numWarps));
    Value p = base;
    if (numBoxes < unsigned(lc.numWarps))
      p = LLVM::AndOp::create(
          b, loc, p,
          LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ult, warp,
                               i32Const(b, loc, numBoxes)));
    auto [origin, offset] = boxOrigin(b, loc, plan, index, coords);
    issue(p, origin, offset);
  }
}

/// " {$a, $b, ...}" over the coordinates innermost first, operands from
/// `first`; appends them to `operands`.
std::string coordList(ArrayRef<Value> coords, unsigned first,
                      SmallVector<Value> &operands, std::string &constraints) {
  std::string s = "{";
  for (unsigned i = 0; i < coords.size(); ++i) {
    s += (i ? ", $" : "$") + std::to_string(first + i);
    operands.push_back(coords[coords.size() - 1 - i]);
    constraints += ",r";
  }
  return s + "}";
}

struct AsyncTMACopyGlobalToLocalOpConversion
    : public LoweringPattern<ttng::AsyncTMACopyGlobalToLocalOp> {
  using LoweringPattern::LoweringPattern;

  LogicalResult
  matchAndRewrite(ttng::AsyncTMACopyGlobalToLocalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto buffer = cast<ttg::MemDescType>(op.getResult().getType());
    FailureOr<BoxPlan> plan = planBoxes(op, op.getDesc().getType(), buffer);
    if (failed(plan))
      return failure();
    unsigned rank = buffer.getShape().size();
    Value dst =
        unpackMemDesc(rewriter, loc, adaptor.getResult(), op.getResult())
            .address;
    Value bar =
        unpackMemDesc(rewriter, loc, adaptor.getBarrier(), op.getBarrier())
            .address;
    Value desc = LLVM::PtrToIntOp::create(rewriter, loc,
                                          rewriter.getI64Type(),
                                          adaptor.getDesc());
    forEachBox(rewriter, loc, *plan, lc, adaptor.getCoord(),
               adaptor.getPred(),
               [&](Value pred, ArrayRef<Value> coords, Value offset) {
                 SmallVector<Value> operands{
                     pred, LLVM::AddOp::create(rewriter, loc, dst, offset),
                     desc};
                 std::string constraints = "b,r,l";
                 std::string list =
                     coordList(coords, 3, operands, constraints);
                 std::string text =
                     "@$0 cp.async.bulk.tensor." + std::to_string(rank) +
                     "d.shared::cluster.global.mbarrier::complete_tx::bytes"
                     " [$1], [$2, " + list + "], [$" +
                     std::to_string(operands.size()) + "];";
                 operands.push_back(bar);
                 constraints += ",r";
                 inlineAsm(rewriter, loc, Type(), operands, text,
                           constraints, /*sideEffects=*/true);
               });
    rewriter.eraseOp(op);
    return success();
  }
};

struct AsyncTMACopyLocalToGlobalOpConversion
    : public LoweringPattern<ttng::AsyncTMACopyLocalToGlobalOp> {
  using LoweringPattern::LoweringPattern;

  LogicalResult
  matchAndRewrite(ttng::AsyncTMACopyLocalToGlobalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto buffer = cast<ttg::MemDescType>(op.getSrc().getType());
    FailureOr<BoxPlan> plan = planBoxes(op, op.getDesc().getType(), buffer);
    if (failed(plan))
      return failure();
    unsigned rank = buffer.getShape().size();
    Value src =
        unpackMemDesc(rewriter, loc, adaptor.getSrc(), op.getSrc()).address;
    Value desc = LLVM::PtrToIntOp::create(rewriter, loc,
                                          rewriter.getI64Type(),
                                          adaptor.getDesc());
    forEachBox(rewriter, loc, *plan, lc, adaptor.getCoord(), Value(),
               [&](Value pred, ArrayRef<Value> coords, Value offset) {
                 SmallVector<Value> operands{pred, desc};
                 std::string constraints = "b,l";
                 std::string list =
                     coordList(coords, 2, operands, constraints);
                 std::string text =
                     "@$0 cp.async.bulk.tensor." + std::to_string(rank) +
                     "d.global.shared::cta.bulk_group [$1, " + list +
                     "], [$" + std::to_string(operands.size()) + "];";
                 operands.push_back(
                     LLVM::AddOp::create(rewriter, loc, src, offset));
                 constraints += ",r";
                 inlineAsm(rewriter, loc, Type(), operands, text,
                           constraints, /*sideEffects=*/true);
               });
    // Every thread closes its group (empty where it issued nothing), so
    // that async_tma_store_wait counts groups alike in all threads.
    NVVM::CpAsyncBulkCommitGroupOp::create(rewriter, loc);
    rewriter.eraseOp(op);
    return success();
  }
};

struct TMAStoreWaitOpConversion
    : public ConvertOpToLLVMPattern<ttng::TMAStoreWaitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ttng::TMAStoreWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    NVVM::CpAsyncBulkWaitGroupOp::create(rewriter, op.getLoc(),
                                         op.getPendings(),
                                         rewriter.getUnitAttr());
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::triton::lowering::populateTMAOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &tc, RewritePatternSet &patterns,
    LoweringContext &lc) {
  patterns.add<AsyncTMACopyGlobalToLocalOpConversion,
               AsyncTMACopyLocalToGlobalOpConversion>(tc, lc);
  patterns.add<TMAStoreWaitOpConversion>(tc);
}
