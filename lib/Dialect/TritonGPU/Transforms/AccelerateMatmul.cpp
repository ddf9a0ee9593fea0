//===- AccelerateMatmul.cpp - tt.dot onto NVIDIA tensor cores ---*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Rewrites each tt.dot whose accumulator still has a blocked (FMA) layout
// into a tensor-core form:
//  - Hopper (cuda:90), when the shapes and types allow it: a
//    ttng.warp_group_dot (wgmma) reading its operands from shared memory
//    (`ttg.local_alloc` into a `#ttg.nvmma_shared` buffer placed right after
//    the operand's producer) and accumulating in a version 3
//    `#ttg.nvidia_mma` layout; a 16-bit operand A computed in registers
//    (not a loaded tile) stays there, in the `#ttg.dot_op` layout of the
//    accumulator's;
//  - Ampere and later (cuda:80+), or Hopper shapes wgmma cannot take: a
//    tt.dot accumulating in a version 2 `#ttg.nvidia_mma` layout, with its
//    operands converted to `#ttg.dot_op` layouts of it.
// The accumulator is converted into the MMA layout before the dot and the
// result back to the old layout after it; remove-layout-conversions then
// carries the MMA layout through loops.
//
// TRITON_LLVM_DEBUG_ONLY=tritongpu-accelerate-matmul prints, for each dot,
// the MMA version, instruction shape and warps chosen, or why it was left
// alone (and, on Hopper, why wgmma could not take it).
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/TritonGPU/Transforms/Passes.h"
#include "tt/Dialect/TritonGPU/Transforms/DotOperandLayouts.h"

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"
#include "tt/Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "tt/Support/Debug.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUACCELERATEMATMUL
#include "tt/Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;
namespace ttng = mlir::triton::nvidia_gpu;

#define DEBUG_TYPE "tritongpu-accelerate-matmul"

namespace {

/// Returns false after storing `reason` in `why` (when given): the verdicts
/// of the *Supports functions explain themselves in the debug output.
bool unsupported(StringRef *why, StringRef reason) {
  if (why)
    *why = reason;
  return false;
}

/// "[a, b, c]", for the debug output.
std::string listString(ArrayRef<unsigned> values) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "[";
  llvm::interleaveComma(values, os);
  os << "]";
  return s;
}

bool isFp8(Type t) { return isa<Float8E4M3FNType, Float8E5M2Type>(t); }

/// Whether another dot consumes this dot's result (directly or after
/// elementwise work), as in attention kernels: warps are then all put
/// along M so that row reductions stay inside a warp.
bool feedsAnotherDot(Operation *dot) {
  SetVector<Operation *> slice;
  ForwardSliceOptions options;
  options.filter = [&](Operation *op) {
    return op->getParentRegion() == dot->getParentRegion() ||
           dot->getParentRegion()->isAncestor(op->getParentRegion());
  };
  getForwardSlice(dot, &slice, options);
  return llvm::any_of(slice, [](Operation *op) {
    return isa<DotOp, ttng::WarpGroupDotOp>(op);
  });
}

/// Whether a dot consumes this dot's result or produces one of its
/// operands (excluding transposes, which attention kernels put between
/// chained dots).
bool isChained(Operation *dot) {
  if (feedsAnotherDot(dot))
    return true;
  SetVector<Operation *> slice;
  BackwardSliceOptions options;
  options.omitBlockArguments = true;
  options.filter = [&](Operation *op) {
    return op->getParentRegion() == dot->getParentRegion() &&
           !isa<TransOp>(op);
  };
  (void)getBackwardSlice(dot, &slice, options);
  return llvm::any_of(slice, [&](Operation *op) {
    return op != dot && isa<DotOp, ttng::WarpGroupDotOp>(op);
  });
}

//===----------------------------------------------------------------------===//
// Hopper (wgmma, MMA version 3)
//===----------------------------------------------------------------------===//

/// Whether wgmma can compute `dot`: 2-D, a multiple of 64 rows and 8
/// columns, whole warp groups, K at least one instruction deep, and a
/// supported operand type (fp8 only when its partial sums may be kept in
/// reduced precision). When it cannot, `why` (if given) says why.
bool wgmmaSupports(DotOp dot, int numWarps, StringRef *why = nullptr) {
  auto aType = cast<RankedTensorType>(dot.getA().getType());
  auto bType = cast<RankedTensorType>(dot.getB().getType());
  auto dType = cast<RankedTensorType>(dot.getType());
  Type a = aType.getElementType(), b = bType.getElementType();
  if (dType.getRank() != 2)
    return unsupported(why, "not a 2-D dot");
  if (numWarps % 4 != 0)
    return unsupported(why, "num-warps is not a multiple of 4 (whole warp "
                            "groups)");
  if (dType.getShape()[0] % 64 != 0)
    return unsupported(why, "M is not a multiple of 64");
  if (dType.getShape()[1] % 8 != 0)
    return unsupported(why, "N is not a multiple of 8");
  if (!a.isIntOrFloat() || aType.getShape()[1] < 256 / a.getIntOrFloatBitWidth())
    return unsupported(why, "K is less than 32 bytes of operand");
  if (isFp8(a) || isFp8(b)) {
    if (!isFp8(a) || !isFp8(b))
      return unsupported(why, "fp8 mixed with another operand type");
    if (dType.getElementType().isF32() && dot.getMaxNumImpreciseAcc() < 32)
      return unsupported(why, "fp8 with f32 partial sums kept exact "
                              "(max_num_imprecise_acc < 32)");
    return true;
  }
  if (a != b)
    return unsupported(why, "operand types differ");
  if (a.isF32())
    return dot.getInputPrecision() == InputPrecision::TF32 ||
           unsupported(why, "f32 operands without tf32 input precision");
  return a.isF16() || a.isBF16() || a.isInteger(8) ||
         unsupported(why, "operand type not f16, bf16, i8, fp8 or tf32");
}

/// The wgmma instruction shape [16, N, K]: K covers 32 bytes of operand, N
/// the widest allowed width dividing the tile that the warps along N do
/// not have to share.
SmallVector<unsigned> wgmmaInstrShape(ArrayRef<int64_t> shape, Type aElem,
                                      int numWarps) {
  unsigned k = 256 / aElem.getIntOrFloatBitWidth();
  SmallVector<unsigned> validN;
  if (aElem.isInteger(8)) {
    validN = {224, 208, 192, 176, 160, 144, 128, 112, 96, 80, 64, 48,
              32,  24,  16,  8};
  } else {
    for (unsigned n = 256; n >= 8; n -= 8)
      validN.push_back(n);
  }
  unsigned mWarps = std::max<int64_t>(shape[0] / 16, 1);
  unsigned nWarps = std::max<unsigned>(numWarps / mWarps, 1);
  unsigned maxN = std::max<int64_t>(shape[1] / nWarps, 8);
  for (unsigned n : validN)
    if (shape[1] % n == 0 && n <= maxN)
      return {16, n, k};
  return {16, 8, k};
}

/// Warps over the tile for wgmma: groups of four along M, then doubling M
/// while the tile has rows left for them, else N. Chained dots put every
/// warp along M.
SmallVector<unsigned> wgmmaWarps(Operation *dot, ArrayRef<int64_t> shape,
                                 int numWarps) {
  if (feedsAnotherDot(dot))
    return {(unsigned)numWarps, 1};
  SmallVector<unsigned> warps = {4, 1};
  while (warps[0] * warps[1] < (unsigned)numWarps) {
    if (shape[0] > 16 * (int64_t)warps[0])
      warps[0] *= 2;
    else
      warps[1] *= 2;
  }
  return warps;
}

/// `operand` (a tensor, usually a conversion of a load) stored into a new
/// shared-memory buffer laid out for wgmma. f16/bf16 keep the order of the
/// producer's layout; other types must be K-major (A row-major, B
/// column-major, i.e. `transposed`).
Value toSharedOperand(OpBuilder &builder, Value operand, unsigned opIdx,
                      bool keepOrder) {
  Value src = operand;
  if (auto cvt = src.getDefiningOp<ttg::ConvertLayoutOp>())
    src = cvt.getSrc();
  auto type = cast<RankedTensorType>(src.getType());
  SmallVector<unsigned> order =
      keepOrder ? ttg::getOrderForMemory(type)
                : (opIdx == 0 ? SmallVector<unsigned>{1, 0}
                              : SmallVector<unsigned>{0, 1});
  auto encoding = ttg::getNVMMASharedEncoding(
      type.getShape(), order, type.getElementType(),
      ttg::getCGALayout(type.getEncoding()));
  auto memType = ttg::MemDescType::get(
      type.getShape(), type.getElementType(), encoding,
      ttg::SharedMemorySpaceAttr::get(builder.getContext()));
  // A tile that several dots read (attention's Q, in both loops of the
  // causal kernel) is stored once: its buffer is immutable.
  for (Operation *user : src.getUsers())
    if (auto alloc = dyn_cast<ttg::LocalAllocOp>(user))
      if (alloc.getType() == memType)
        return alloc;
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointAfterValue(src);
  return ttg::LocalAllocOp::create(builder, src.getLoc(), memType, src);
}

/// Whether wgmma should read operand A from registers: when A is a 16-bit
/// or fp8 value computed in registers (attention's probabilities, the
/// softmax of the first dot's accumulator) rather than a tile loaded from
/// memory, a cast of one, or a value passed in. Storing it to shared memory
/// for the dot would cost a round trip of every element and a barrier, and
/// a dot whose A is rewritten in shared memory every iteration cannot stay
/// in flight while the next iteration runs; an accumulator layout holds
/// the elements the operand's register fragments need (16-bit: the
/// conversion is free; fp8: four elements of K per register, a few
/// shuffles).
bool isComputedOperandA(DotOp dot) {
  Value a = dot.getA();
  Type elem = cast<RankedTensorType>(a.getType()).getElementType();
  if (!elem.isF16() && !elem.isBF16() && !isFp8(elem))
    return false;
  while (Operation *def = a.getDefiningOp()) {
    if (isa<LoadOp, DescriptorLoadOp, DescriptorGatherOp, ttg::LocalLoadOp>(
            def))
      return false;
    // Layout changes, transposes and casts of one value keep looking: a
    // loaded tile up-cast for the dot stays a shared-memory operand.
    if (isa<ttg::ConvertLayoutOp, TransOp, arith::ExtFOp, arith::TruncFOp,
            arith::SIToFPOp, arith::UIToFPOp, arith::ExtSIOp, arith::ExtUIOp,
            arith::BitcastOp, FpToFpOp>(def)) {
      a = def->getOperand(0);
      continue;
    }
    return true;
  }
  return false; // A block argument: passed in or loop-carried.
}

/// `operand` converted to the register layout of wgmma's A operand of the
/// accumulator layout `mma` (32 bits of K per register).
Value toRegisterOperand(OpBuilder &builder, Value operand,
                        ttg::NvidiaMmaEncodingAttr mma) {
  Value src = operand;
  if (auto cvt = src.getDefiningOp<ttg::ConvertLayoutOp>())
    src = cvt.getSrc();
  auto type = cast<RankedTensorType>(src.getType());
  unsigned kWidth = 32 / type.getElementTypeBitWidth();
  auto enc = ttg::DotOperandEncodingAttr::get(builder.getContext(), 0, mma,
                                              kWidth);
  return ttg::ConvertLayoutOp::create(
      builder, operand.getLoc(),
      RankedTensorType::get(type.getShape(), type.getElementType(), enc), src);
}

void rewriteToWgmma(DotOp dot, int numWarps) {
  OpBuilder builder(dot);
  auto dType = cast<RankedTensorType>(dot.getType());
  Type aElem = cast<RankedTensorType>(dot.getA().getType()).getElementType();
  SmallVector<unsigned> instr =
      wgmmaInstrShape(dType.getShape(), aElem, numWarps);
  SmallVector<unsigned> warps = wgmmaWarps(dot, dType.getShape(), numWarps);
  auto mma = ttg::NvidiaMmaEncodingAttr::get(
      dot.getContext(), 3, 0, warps, ttg::getCGALayout(dType.getEncoding()),
      instr);
  auto mmaType = RankedTensorType::get(dType.getShape(),
                                       dType.getElementType(), mma);
  bool keepOrder = aElem.isF16() || aElem.isBF16();
  Value a = isComputedOperandA(dot)
                ? toRegisterOperand(builder, dot.getA(), mma)
                : toSharedOperand(builder, dot.getA(), 0, keepOrder);
  Value b = toSharedOperand(builder, dot.getB(), 1, keepOrder);
  TT_DEBUG(DEBUG_TYPE) << "tt.dot at " << dot.getLoc()
                       << ": mma v3 (wgmma), instrShape " << listString(instr)
                       << ", warpsPerCTA " << listString(warps)
                       << (feedsAnotherDot(dot) ? " (feeds another dot: all "
                                                  "warps along M)"
                                                : "")
                       << ", A from "
                       << (isa<ttg::MemDescType>(a.getType())
                               ? "shared memory"
                               : "registers (computed, not loaded)")
                       << ", B from shared memory\n";
  Value acc = ttg::ConvertLayoutOp::create(builder, dot.getLoc(), mmaType,
                                           dot.getC());
  auto wgmma = ttng::WarpGroupDotOp::create(
      builder, dot.getLoc(), mmaType, a, b, acc, /*useC=*/Value(),
      dot.getInputPrecisionAttr(), dot.getMaxNumImpreciseAccAttr(),
      builder.getBoolAttr(false));
  Value back = ttg::ConvertLayoutOp::create(builder, dot.getLoc(), dType,
                                            wgmma.getResult());
  dot.getResult().replaceAllUsesWith(back);
  dot.erase();
}

//===----------------------------------------------------------------------===//
// Ampere (mma.sync, MMA version 2)
//===----------------------------------------------------------------------===//

/// Whether mma.sync can compute `dot`. The 8-bit floats (any mix of e4m3
/// and e5m2, f32 sums) go as f16 (rewriteToMmaV2 upcasts them, as
/// upstream does): the fp8 dots wgmma may not take on Hopper (small tiles,
/// partial sums that must stay in f32) and every fp8 dot on Ampere.
bool mmaV2Supports(DotOp dot, StringRef *why = nullptr) {
  Type a = cast<RankedTensorType>(dot.getA().getType()).getElementType();
  Type b = cast<RankedTensorType>(dot.getB().getType()).getElementType();
  if (isFp8(a) || isFp8(b))
    return (isFp8(a) && isFp8(b) &&
            cast<RankedTensorType>(dot.getType()).getElementType().isF32()) ||
           unsupported(why, "fp8 needs fp8 on both sides and f32 sums");
  if (a != b)
    return unsupported(why, "operand types differ");
  if (a.isF32())
    return dot.getInputPrecision() == InputPrecision::TF32 ||
           unsupported(why, "f32 operands without tf32 input precision");
  return a.isF16() || a.isBF16() || a.isInteger(8) ||
         unsupported(why, "operand type not f16, bf16, i8, fp8 or tf32");
}

/// Warps over the tile for mma.sync: each warp computes 16x8 pieces; warps
/// are doubled along M while the rows left per warp are at least the
/// columns left per warp pair, else along N. Batched dots put all warps on
/// the batch dimension, chained ones all along the longer side.
SmallVector<unsigned> mmaV2Warps(Operation *dot, ArrayRef<int64_t> shape,
                                 int numWarps) {
  unsigned rank = shape.size();
  if (rank == 3)
    return {(unsigned)numWarps, 1, 1};
  if (isChained(dot))
    return shape[0] >= shape[1] ? SmallVector<unsigned>{(unsigned)numWarps, 1}
                                : SmallVector<unsigned>{1, (unsigned)numWarps};
  SmallVector<unsigned> warps = {1, 1};
  while (warps[0] * warps[1] < (unsigned)numWarps) {
    if (shape[0] / 16 / warps[0] >= shape[1] / 16 / warps[1]) {
      if (warps[0] < shape[0] / 16)
        warps[0] *= 2;
      else
        warps[1] *= 2;
    } else {
      warps[1] *= 2;
    }
  }
  return warps;
}

void rewriteToMmaV2(DotOp dot, int numWarps) {
  OpBuilder builder(dot);
  auto dType = cast<RankedTensorType>(dot.getType());
  auto aType = cast<RankedTensorType>(dot.getA().getType());
  auto bType = cast<RankedTensorType>(dot.getB().getType());
  unsigned rank = dType.getRank();
  SmallVector<unsigned> instr =
      rank == 3 ? SmallVector<unsigned>{1, 16, 8} : SmallVector<unsigned>{16, 8};
  SmallVector<unsigned> warps = mmaV2Warps(dot, dType.getShape(), numWarps);
  auto mma = ttg::NvidiaMmaEncodingAttr::get(
      dot.getContext(), 2, 0, warps, ttg::getCGALayout(dType.getEncoding()),
      instr);
  TT_DEBUG(DEBUG_TYPE) << "tt.dot at " << dot.getLoc()
                       << ": mma v2 (mma.sync), instrShape "
                       << listString(instr) << ", warpsPerCTA "
                       << listString(warps)
                       << (rank == 3          ? " (batched: warps on the batch)"
                           : isChained(dot) ? " (chained dots: all warps "
                                              "along the longer side)"
                                            : "")
                       << (isFp8(aType.getElementType()) ||
                                   isFp8(bType.getElementType())
                               ? ", fp8 operands upcast to f16"
                               : "")
                       << "\n";
  auto mmaType = RankedTensorType::get(dType.getShape(),
                                       dType.getElementType(), mma);
  // fp8 operands are exact in f16: upcast them and use the f16 instruction.
  auto upcast = [&](Value v) -> Value {
    auto type = cast<RankedTensorType>(v.getType());
    if (!isFp8(type.getElementType()))
      return v;
    return FpToFpOp::create(builder, v.getLoc(),
                            type.clone(builder.getF16Type()), v,
                            RoundingModeAttr());
  };
  Value aIn = upcast(dot.getA()), bIn = upcast(dot.getB());
  aType = cast<RankedTensorType>(aIn.getType());
  bType = cast<RankedTensorType>(bIn.getType());
  // Each thread holds 32 bits of K per register.
  unsigned bits = std::min(aType.getElementTypeBitWidth(),
                           bType.getElementTypeBitWidth());
  unsigned kWidth = std::max(1u, 32 / bits);
  auto operand = [&](Value v, unsigned opIdx) -> Value {
    auto type = cast<RankedTensorType>(v.getType());
    auto enc = ttg::DotOperandEncodingAttr::get(dot.getContext(), opIdx, mma,
                                                kWidth);
    return ttg::ConvertLayoutOp::create(
        builder, v.getLoc(),
        RankedTensorType::get(type.getShape(), type.getElementType(), enc), v);
  };
  Value a = operand(aIn, 0);
  Value b = operand(bIn, 1);
  Value acc = ttg::ConvertLayoutOp::create(builder, dot.getLoc(), mmaType,
                                           dot.getC());
  auto newDot = DotOp::create(builder, dot.getLoc(), mmaType, a, b, acc,
                              dot.getInputPrecisionAttr(),
                              dot.getMaxNumImpreciseAccAttr());
  Value back = ttg::ConvertLayoutOp::create(builder, dot.getLoc(), dType,
                                            newDot.getResult());
  dot.getResult().replaceAllUsesWith(back);
  dot.erase();
}

class AccelerateMatmul
    : public ttg::impl::TritonGPUAccelerateMatmulBase<AccelerateMatmul> {
public:
  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::optional<int> cc = ttg::getNVIDIAComputeCapability(module);
    if (!cc || *cc < 80) {
      // Not an NVIDIA target with mma.sync: dots stay on FMA.
      TT_DEBUG(DEBUG_TYPE) << "no tensor cores: "
                           << (cc ? "compute capability " + std::to_string(*cc)
                                  : std::string("not an NVIDIA target"))
                           << " (mma.sync needs 80 or more); every dot stays "
                              "on FMA\n";
      return;
    }
    bool debug = tt::debug::isDebugEnabled(DEBUG_TYPE);
    SmallVector<DotOp> dots;
    module.walk([&](DotOp dot) {
      auto enc = cast<RankedTensorType>(dot.getType()).getEncoding();
      if (isa_and_nonnull<ttg::BlockedEncodingAttr>(enc))
        dots.push_back(dot);
      else
        TT_DEBUG(DEBUG_TYPE) << "tt.dot at " << dot.getLoc()
                             << " left alone: its result layout is not "
                                "blocked (already placed)\n";
    });
    if (debug && dots.empty())
      tt::debug::debugStream(DEBUG_TYPE)
          << "no tt.dot with a blocked result layout\n";
    for (DotOp dot : dots) {
      int numWarps = ttg::maybeLookupNumWarps(dot).value_or(4);
      if (debug) {
        auto dType = cast<RankedTensorType>(dot.getType());
        auto aType = cast<RankedTensorType>(dot.getA().getType());
        auto &os = tt::debug::debugStream(DEBUG_TYPE);
        os << "tt.dot at " << dot.getLoc() << ": ";
        llvm::interleave(dType.getShape(), os, "x");
        os << "x" << aType.getShape().back() << " ("
           << (dType.getRank() == 3 ? "BxMxNxK" : "MxNxK") << "), "
           << aType.getElementType() << " -> "
           << dType.getElementType() << ", " << numWarps << " warps, cuda:"
           << *cc << "\n";
      }
      StringRef whyNotWgmma, whyNotMma;
      bool hopper = *cc >= 90 && *cc < 100;
      if (hopper && wgmmaSupports(dot, numWarps, &whyNotWgmma)) {
        rewriteToWgmma(dot, numWarps);
        continue;
      }
      if (hopper)
        TT_DEBUG(DEBUG_TYPE) << "tt.dot at " << dot.getLoc()
                             << ": not wgmma: " << whyNotWgmma << "\n";
      if (mmaV2Supports(dot, &whyNotMma))
        rewriteToMmaV2(dot, numWarps);
      else
        TT_DEBUG(DEBUG_TYPE) << "tt.dot at " << dot.getLoc()
                             << " left on FMA: " << whyNotMma << "\n";
    }
  }
};

} // namespace
