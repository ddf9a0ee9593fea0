//===- AMDEncodings.cpp - Linear layouts of AMD matrix-core operands ------===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//
//
// See AMDEncodings.h for the register maps. Each factory builds one CTA's
// layout with its out dims listed in the order registers repeat (K first for
// operands, N first for accumulators) and lets combineCtaCgaWithShape fit it
// to the tensor, as Encodings.cpp does.
//
//===----------------------------------------------------------------------===//

#include "tt/LinearLayout/AMDEncodings.h"
#include "tt/LinearLayout/LayoutUtils.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MathExtras.h"

using namespace tt;
using llvm::ArrayRef;
using llvm::SmallVector;

[[noreturn]] static void fail(const llvm::Twine &msg) {
  llvm::report_fatal_error(llvm::Twine("AMD layout encoding: ") + msg);
}

static void checkShape(size_t rank, ArrayRef<unsigned> warpsPerCTA,
                       ArrayRef<unsigned> tilesPerWarp) {
  if (rank != 2 && rank != 3)
    fail("AMD matrix-core layouts are rank 2 or 3");
  if (warpsPerCTA.size() != rank)
    fail("warpsPerCTA does not match the tensor rank");
  if (!tilesPerWarp.empty() && tilesPerWarp.size() != rank)
    fail("tilesPerWarp does not match the tensor rank");
}

static unsigned tilesAlong(ArrayRef<unsigned> tilesPerWarp, unsigned d) {
  return tilesPerWarp.empty() ? 1 : tilesPerWarp[d];
}

/// Warps of an accumulator with `warpsPerCTA`, N fastest, then M, then the
/// batch; an operand drops (broadcasts) the dim it does not have.
static LinearLayout accumulatorWarps(ArrayRef<unsigned> warpsPerCTA,
                                     std::optional<unsigned> broadcastDim) {
  size_t rank = warpsPerCTA.size();
  unsigned mIdx = rank - 2, nIdx = rank - 1;
  LinearLayout l;
  for (unsigned d : {nIdx, mIdx}) {
    Dim out = outDim(d);
    l *= broadcastDim && *broadcastDim == d
             ? LinearLayout::zeros1D(warpsPerCTA[d], kWarp, out)
             : LinearLayout::identity1D(warpsPerCTA[d], kWarp, out);
  }
  if (rank == 3)
    l *= LinearLayout::identity1D(warpsPerCTA[0], kWarp, outDim(0));
  return l;
}

/// Operand `opIdx` of a matrix instruction whose non-K extent is `nonK`:
/// each lane holds kWidth consecutive K elements; lanes run along the non-K
/// dim first (`nonK` of them), then the remaining lane bits step along K
/// (`kGroups`, or broadcast when `kGroupsBroadcast`).
static LinearLayout operandLayout(ArrayRef<int64_t> shape, unsigned opIdx,
                                  unsigned kWidth, unsigned nonK,
                                  unsigned laneBits, bool kGroupsBroadcast,
                                  ArrayRef<unsigned> warpsPerCTA,
                                  ArrayRef<unsigned> tilesPerWarp,
                                  const std::optional<CGALayout> &cga) {
  size_t rank = shape.size();
  checkShape(rank, warpsPerCTA, tilesPerWarp);
  if (opIdx > 1)
    fail("opIdx must be 0 or 1");
  if (kWidth == 0 || !llvm::isPowerOf2_32(kWidth))
    fail("kWidth must be a power of two");
  unsigned mIdx = rank - 2, nIdx = rank - 1;
  unsigned kIdx = opIdx == 0 ? nIdx : mIdx;
  unsigned nonKIdx = opIdx == 0 ? mIdx : nIdx;
  Dim kDim = outDim(kIdx), nonKDim = outDim(nonKIdx);
  unsigned lanes = 1u << laneBits;
  if (nonK > lanes)
    fail("instruction tile wider than a wave");
  unsigned kGroups = lanes / nonK;
  LinearLayout tile =
      LinearLayout::identity1D(kWidth, kRegister, kDim) *
      LinearLayout::identity1D(nonK, kLane, nonKDim) *
      (kGroupsBroadcast ? LinearLayout::zeros1D(kGroups, kLane, kDim)
                        : LinearLayout::identity1D(kGroups, kLane, kDim));
  // K first so that fitting to the shape repeats along K before the non-K
  // dim (the order the dot lowering walks the tiles in).
  tile = tile.transposeOuts({kDim, nonKDim});
  tile *= LinearLayout::identity1D(tilesAlong(tilesPerWarp, nonKIdx),
                                   kRegister, nonKDim);
  LinearLayout warps = accumulatorWarps(warpsPerCTA, kIdx);
  if (rank == 3) {
    tile *= LinearLayout::identity1D(1, kRegister, outDim(0));
    tile = tile.transposeOuts({kDim, nonKDim, outDim(0)});
    warps = warps.transposeOuts({kDim, nonKDim, outDim(0)});
  } else {
    warps = warps.transposeOuts({kDim, nonKDim});
  }
  tile *= warps;
  return combineCtaCgaWithShape(tile, cga.value_or(CGALayout::single(rank)),
                                shape);
}

LinearLayout tt::amdMfmaDotOperandToLinearLayout(ArrayRef<int64_t> shape,
                                                 const AmdMfmaParams &p,
                                                 unsigned opIdx,
                                                 unsigned kWidth) {
  if (p.instrShape.size() < 2)
    fail("instrShape needs M and N");
  unsigned mDim = p.instrShape[0], nDim = p.instrShape[1];
  if (mDim != nDim || (mDim != 32 && mDim != 16))
    fail("only 32x32 and 16x16 mfma tiles have dot-operand layouts");
  return operandLayout(shape, opIdx, kWidth, opIdx == 0 ? mDim : nDim,
                       /*laneBits=*/6, /*kGroupsBroadcast=*/false,
                       p.warpsPerCTA, p.tilesPerWarp, p.cga);
}

LinearLayout tt::amdWmmaToLinearLayout(ArrayRef<int64_t> shape,
                                       const AmdWmmaParams &p) {
  size_t rank = shape.size();
  checkShape(rank, p.warpsPerCTA, p.tilesPerWarp);
  if (p.version != 1)
    fail("only amd_wmma version 1 (RDNA3) is supported");
  unsigned mIdx = rank - 2, nIdx = rank - 1;
  Dim dimM = outDim(mIdx), dimN = outDim(nIdx);
  // Registers step the "along" dim by 2, 4, 8; lane bits 0-3 walk the other
  // dim and lane bit 4 is the odd rows.
  Dim along = p.isTransposed ? dimN : dimM;
  Dim across = p.isTransposed ? dimM : dimN;
  auto basis = [&](Dim d, int32_t v) {
    // Out dims are (N, M).
    return LinearLayout::Basis{d == dimN ? v : 0, d == dimM ? v : 0};
  };
  std::vector<LinearLayout::Basis> regs, lanes;
  for (int32_t v : {2, 4, 8})
    regs.push_back(basis(along, v));
  for (int32_t v : {1, 2, 4, 8})
    lanes.push_back(basis(across, v));
  lanes.push_back(basis(along, 1));
  LinearLayout tile({{kRegister, regs}, {kLane, lanes}},
                    {{dimN, 16}, {dimM, 16}}, /*requireSurjective=*/true);
  tile *= LinearLayout::identity1D(tilesAlong(p.tilesPerWarp, nIdx), kRegister,
                                   dimN);
  tile *= LinearLayout::identity1D(tilesAlong(p.tilesPerWarp, mIdx), kRegister,
                                   dimM);
  LinearLayout warps = accumulatorWarps(p.warpsPerCTA, std::nullopt);
  if (rank == 3) {
    tile *= LinearLayout::identity1D(1, kRegister, outDim(0));
    warps = warps.transposeOuts({dimN, dimM, outDim(0)});
  }
  tile *= warps;
  return combineCtaCgaWithShape(tile, p.cga.value_or(CGALayout::single(rank)),
                                shape);
}

LinearLayout tt::amdWmmaDotOperandToLinearLayout(ArrayRef<int64_t> shape,
                                                 const AmdWmmaParams &p,
                                                 unsigned opIdx,
                                                 unsigned kWidth) {
  if (p.version != 1)
    fail("only amd_wmma version 1 (RDNA3) is supported");
  if (kWidth != 16)
    fail("WMMA v1 operands hold kWidth = 16 elements per lane");
  return operandLayout(shape, opIdx, kWidth, /*nonK=*/16, /*laneBits=*/5,
                       /*kGroupsBroadcast=*/true, p.warpsPerCTA,
                       p.tilesPerWarp, p.cga);
}

std::pair<int32_t, int32_t> tt::amdMfmaAccumulatorElement(unsigned instrM,
                                                          bool isTransposed,
                                                          unsigned e) {
  // 4 consecutive rows per register group; groups of a 32-row tile are 8
  // rows apart (the other lane half fills the 4 between).
  int32_t along = instrM == 32 ? int32_t(e % 4 + 8 * (e / 4)) : int32_t(e);
  return isTransposed ? std::make_pair(0, along) : std::make_pair(along, 0);
}

std::pair<int32_t, int32_t> tt::amdWmmaAccumulatorElement(bool isTransposed,
                                                          unsigned e) {
  int32_t along = int32_t(2 * e);
  return isTransposed ? std::make_pair(0, along) : std::make_pair(along, 0);
}
