//===- ReduceDataDuplication.cpp - dot operands via shared memory -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// A conversion into a dot-operand layout becomes a store to a swizzled
// shared-memory buffer and a load in the operand layout (whose threads
// hold overlapping elements, read once each from shared memory instead of
// being exchanged). A conversion that moves no data between threads (an
// MMA accumulator that already is the next dot's register operand, as the
// probabilities of attention are for the second dot) stays: it only renames
// registers. So does one that moves data only between the lanes of each
// warp (attention's P in fp8: column pairs of the accumulator to runs of
// four K of the 8-bit operand), which the lowering does with shuffles.
//
// TRITON_LLVM_DEBUG_ONLY=tritongpu-reduce-data-duplication prints each
// conversion into a dot-operand layout: the shared layout it goes through,
// or why it stays a conversion.
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/TritonGPU/Transforms/Passes.h"

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/LinearLayoutConversions.h"
#include "tt/LinearLayout/WarpExchange.h"
#include "tt/Support/Debug.h"

#include "mlir/IR/Builders.h"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUREDUCEDATADUPLICATION
#include "tt/Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;

#define DEBUG_TYPE "tritongpu-reduce-data-duplication"

namespace {

/// Dimension order of an operand in shared memory: K fastest, so each
/// thread's K-run of a dot-operand fragment is contiguous.
SmallVector<unsigned> operandOrder(unsigned opIdx, unsigned rank) {
  SmallVector<unsigned> order;
  unsigned k = opIdx == 0 ? rank - 1 : rank - 2;
  order.push_back(k);
  for (unsigned d = rank; d-- > 0;)
    if (d != k)
      order.push_back(d);
  return order;
}

/// A swizzle that spreads the rows of a tile over the 32 banks: vectors of
/// 16 bytes, enough rows per 128-byte phase, and at most 8 phases.
ttg::SwizzledSharedEncodingAttr chooseSwizzle(MLIRContext *ctx,
                                              ArrayRef<int64_t> shape,
                                              ArrayRef<unsigned> order,
                                              unsigned elemBits,
                                              bool mmaParent) {
  if (!mmaParent) // FMA operands are read element by element.
    return ttg::SwizzledSharedEncodingAttr::get(
        ctx, 1, 1, 1, order, ttg::CGAEncodingAttr::get1CTALayout(ctx, shape.size()));
  int64_t rowElems = shape[order[0]];
  int64_t rowBytes = rowElems * elemBits / 8;
  unsigned vec = std::max<unsigned>(1, 128 / elemBits);
  unsigned perPhase = std::max<int64_t>(1, 128 / std::max<int64_t>(1, rowBytes));
  unsigned maxPhase =
      std::max<int64_t>(1, std::min<int64_t>(8, rowElems / vec));
  return ttg::SwizzledSharedEncodingAttr::get(
      ctx, vec, perPhase, maxPhase, order,
      ttg::CGAEncodingAttr::get1CTALayout(ctx, shape.size()));
}

/// The conversion only exchanges elements between the lanes of each warp,
/// which the lowering does with shuffles (the same plan it uses), cheaper
/// than a store, a barrier and a load.
bool staysInWarp(RankedTensorType src, RankedTensorType dst) {
  if (!dst.getElementType().isIntOrFloat())
    return false;
  std::optional<tt::LinearLayout> from = ttg::toLinearLayout(src);
  std::optional<tt::LinearLayout> to = ttg::toLinearLayout(dst);
  return from && to &&
         tt::planWarpExchange(*from, *to,
                              dst.getElementType().getIntOrFloatBitWidth())
             .has_value();
}

class ReduceDataDuplication
    : public ttg::impl::TritonGPUReduceDataDuplicationBase<
          ReduceDataDuplication> {
public:
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    SmallVector<ttg::ConvertLayoutOp> targets;
    unsigned toDotOperand = 0;
    getOperation().walk([&](ttg::ConvertLayoutOp cvt) {
      auto dst = cast<RankedTensorType>(cvt.getType());
      auto src = cast<RankedTensorType>(cvt.getSrc().getType());
      if (!isa<ttg::DotOperandEncodingAttr>(dst.getEncoding()))
        return;
      ++toDotOperand;
      if (isa<ttg::DotOperandEncodingAttr>(src.getEncoding())) {
        TT_DEBUG(DEBUG_TYPE) << "ttg.convert_layout at " << cvt.getLoc()
                             << " kept: from a dot-operand layout\n";
        return;
      }
      if (!isa<ttg::BlockedEncodingAttr, ttg::SliceEncodingAttr,
               ttg::LinearEncodingAttr, ttg::NvidiaMmaEncodingAttr>(
              src.getEncoding())) {
        TT_DEBUG(DEBUG_TYPE) << "ttg.convert_layout at " << cvt.getLoc()
                             << " kept: source layout " << src.getEncoding()
                             << " not handled\n";
        return;
      }
      if (ttg::isThreadLocalConversion(src, dst)) {
        TT_DEBUG(DEBUG_TYPE) << "ttg.convert_layout at " << cvt.getLoc()
                             << " kept: every thread already holds its "
                                "elements (only registers are renamed)\n";
        return;
      }
      if (staysInWarp(src, dst)) {
        TT_DEBUG(DEBUG_TYPE) << "ttg.convert_layout at " << cvt.getLoc()
                             << " kept: every warp already holds its "
                                "elements (lanes exchange them by shuffles)\n";
        return;
      }
      targets.push_back(cvt);
    });
    for (ttg::ConvertLayoutOp cvt : targets) {
      auto dst = cast<RankedTensorType>(cvt.getType());
      auto dot = cast<ttg::DotOperandEncodingAttr>(dst.getEncoding());
      unsigned elemBits = dst.getElementType().getIntOrFloatBitWidth();
      SmallVector<unsigned> order = operandOrder(dot.getOpIdx(), dst.getRank());
      auto shared = chooseSwizzle(
          ctx, dst.getShape(), order, elemBits,
          isa<ttg::NvidiaMmaEncodingAttr, ttg::AMDMfmaEncodingAttr>(
              dot.getParent()));
      auto memType = ttg::MemDescType::get(
          dst.getShape(), dst.getElementType(), shared,
          ttg::SharedMemorySpaceAttr::get(ctx));
      TT_DEBUG(DEBUG_TYPE) << "ttg.convert_layout at " << cvt.getLoc()
                           << " (operand " << (dot.getOpIdx() ? "B" : "A")
                           << ", " << cast<RankedTensorType>(
                                          cvt.getSrc().getType())
                                          .getEncoding()
                           << "): through shared memory " << shared << ", "
                           << dst.getNumElements() * elemBits / 8
                           << " bytes\n";
      OpBuilder builder(cvt);
      Value alloc = ttg::LocalAllocOp::create(builder, cvt.getLoc(), memType,
                                              cvt.getSrc());
      Value load =
          ttg::LocalLoadOp::create(builder, cvt.getLoc(), dst, alloc);
      cvt.replaceAllUsesWith(load);
      cvt.erase();
    }
    TT_DEBUG(DEBUG_TYPE) << "conversions into dot-operand layouts: "
                         << toDotOperand << ", through shared memory: "
                         << targets.size() << "\n";
  }
};

} // namespace
