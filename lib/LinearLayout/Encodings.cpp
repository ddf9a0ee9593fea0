//===- Encodings.cpp - Linear layouts of the TritonGPU encodings ----------===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//
//
// Each factory first builds the layout of one CTA's tile (in dims register,
// lane, warp -- or offset for shared memory) with out dims listed fastest
// first, then combineCtaCgaWithShape fits it to the tensor: missing extent
// becomes extra registers (or offsets) along the out dims in that order, and
// excess extent wraps around (broadcast).
//
//===----------------------------------------------------------------------===//

#include "tt/LinearLayout/Encodings.h"
#include "tt/LinearLayout/LayoutUtils.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MathExtras.h"

#include <numeric>

using namespace tt;
using llvm::ArrayRef;
using llvm::SmallVector;

[[noreturn]] static void fail(const llvm::Twine &msg) {
  llvm::report_fatal_error(llvm::Twine("layout encoding: ") + msg);
}

static void checkRank(ArrayRef<unsigned> v, size_t rank, const char *what) {
  if (v.size() != rank)
    fail(llvm::Twine(what) + " has " + llvm::Twine(v.size()) +
         " entries, expected rank " + llvm::Twine(rank));
}

static void checkPermutation(ArrayRef<unsigned> order, size_t rank,
                             const char *what) {
  checkRank(order, rank, what);
  SmallVector<unsigned, 4> sorted(order.begin(), order.end());
  llvm::sort(sorted);
  for (auto [i, d] : llvm::enumerate(sorted))
    if (d != i)
      fail(llvm::Twine(what) + " is not a permutation");
}

static SmallVector<unsigned, 4> ones(size_t rank) {
  return SmallVector<unsigned, 4>(rank, 1);
}

//===----------------------------------------------------------------------===//
// CGA
//===----------------------------------------------------------------------===//

CGALayout CGALayout::single(unsigned rank) {
  CGALayout cga;
  cga.ctasPerCGA.assign(rank, 1);
  cga.ctaSplitNum.assign(rank, 1);
  cga.ctaOrder = getMatrixOrder(rank, /*rowMajor=*/true);
  return cga;
}

LinearLayout tt::makeCgaLayout(const CGALayout &cga) {
  size_t rank = cga.ctaOrder.size();
  checkPermutation(cga.ctaOrder, rank, "CTAOrder");
  checkRank(cga.ctasPerCGA, rank, "CTAsPerCGA");
  checkRank(cga.ctaSplitNum, rank, "CTASplitNum");
  LinearLayout l;
  for (unsigned d : cga.ctaOrder) {
    unsigned split = cga.ctaSplitNum[d], ctas = cga.ctasPerCGA[d];
    if (split == 0 || ctas % split != 0)
      fail("CTAsPerCGA must be a multiple of CTASplitNum");
    // The first `split` CTAs along d own distinct pieces; the rest repeat.
    l *= LinearLayout::identity1D(split, kBlock, outDim(d)) *
         LinearLayout::zeros1D(ctas / split, kBlock, outDim(d));
  }
  return l.transposeOuts(standardOutDimNames(rank));
}

SmallVector<int64_t, 4> tt::getShapePerCTA(const CGALayout &cga,
                                           ArrayRef<int64_t> shape) {
  checkRank(cga.ctaSplitNum, shape.size(), "CTASplitNum");
  SmallVector<int64_t, 4> perCTA;
  for (auto [size, split] : llvm::zip_equal(shape, cga.ctaSplitNum))
    perCTA.push_back(std::max<int64_t>(1, size / int64_t(split)));
  return perCTA;
}

LinearLayout tt::combineCtaCgaWithShape(const LinearLayout &ctaLayout,
                                        const CGALayout &cga,
                                        ArrayRef<int64_t> shape) {
  size_t rank = shape.size();
  SmallVector<Dim, 4> ctaOrder = ctaLayout.getOutDimNames();
  if (ctaOrder.size() != rank)
    fail("the CTA layout's rank differs from the tensor's");
  SmallVector<LinearLayout::DimSize, 4> full = standardOutDims(shape);
  LinearLayout cgaLayout = ensureLayoutNotLargerThan(makeCgaLayout(cga), full)
                               .transposeOuts(ctaOrder);
  // What is left for one CTA, listed in the CTA layout's (fastest-first)
  // order so that repetitions go along the fastest dim first.
  SmallVector<LinearLayout::DimSize, 4> ctaShape;
  for (Dim d : ctaOrder) {
    auto it = llvm::find_if(full, [&](auto &ds) { return ds.first == d; });
    if (it == full.end())
      fail("the CTA layout's out dims are not dim0..dim<rank-1>");
    ctaShape.push_back(
        {d, std::max<int32_t>(1, it->second / cgaLayout.getOutDimSize(d))});
  }
  LinearLayout cta = ensureLayoutNotSmallerThan(ctaLayout, ctaShape);
  cta = ensureLayoutNotLargerThan(cta, ctaShape);
  LinearLayout result =
      (cta * cgaLayout).transposeOuts(standardOutDimNames(rank));
  for (auto [d, size] : full)
    if (result.getOutDimSize(d) != size)
      fail("tensor dimension " + d.str() + " of size " + llvm::Twine(size) +
           " does not fit the layout");
  return result;
}

//===----------------------------------------------------------------------===//
// Blocked and slice
//===----------------------------------------------------------------------===//

LinearLayout tt::blockedToLinearLayout(ArrayRef<int64_t> shape,
                                       const BlockedParams &p) {
  size_t rank = shape.size();
  checkRank(p.sizePerThread, rank, "sizePerThread");
  checkRank(p.threadsPerWarp, rank, "threadsPerWarp");
  checkRank(p.warpsPerCTA, rank, "warpsPerCTA");
  checkPermutation(p.order, rank, "order");
  LinearLayout cta = identityStandardND(kRegister, p.sizePerThread, p.order) *
                     identityStandardND(kLane, p.threadsPerWarp, p.order) *
                     identityStandardND(kWarp, p.warpsPerCTA, p.order);
  return combineCtaCgaWithShape(cta, p.cga.value_or(CGALayout::single(rank)),
                                shape);
}

SmallVector<int64_t, 4> tt::sliceParentShape(ArrayRef<int64_t> shape,
                                             unsigned dim) {
  if (dim > shape.size())
    fail("slice dim out of range");
  SmallVector<int64_t, 4> parent(shape.begin(), shape.end());
  parent.insert(parent.begin() + dim, 1);
  return parent;
}

LinearLayout tt::sliceLinearLayout(const LinearLayout &parent, unsigned dim) {
  unsigned rank = parent.getNumOutDims();
  if (dim >= rank)
    fail("slice dim out of range");
  if (parent.getOutDimNames() != standardOutDimNames(rank))
    fail("slice parent must have standard out dims");
  SmallVector<Dim, 4> kept;
  SmallVector<LinearLayout::DimSize, 4> renamed;
  for (unsigned d = 0; d < rank; ++d) {
    if (d == dim)
      continue;
    kept.push_back(outDim(d));
    renamed.push_back(
        {outDim(renamed.size()), parent.getOutDimSize(outDim(d))});
  }
  // Dropping the sliced dim and renumbering the rest is a projection; the
  // registers that only walked along the sliced dim now hold duplicates.
  LinearLayout l =
      parent.sublayout(parent.getInDimNames(), kept).reshapeOuts(renamed);
  if (l.hasInDim(kRegister))
    l = l.removeZeroBasesAlongDim(kRegister);
  return l;
}

//===----------------------------------------------------------------------===//
// NVIDIA mma
//===----------------------------------------------------------------------===//

/// One warp's tile of an mma.sync/wgmma fragment: kWidth consecutive
/// elements per register group along the inner (K-like) dim, lanes 4 wide
/// along inner and 8 tall along outer, then register repeats along outer
/// (every 8 rows) and along inner. Out dims are listed in `repOrder`.
static LinearLayout nvidiaMmaTile(ArrayRef<unsigned> tileShape, unsigned kWidth,
                                  ArrayRef<unsigned> order,
                                  ArrayRef<unsigned> repOrder) {
  size_t rank = tileShape.size();
  LinearLayout tile = identityStandardND(kRegister, ones(rank), repOrder);
  unsigned inner = order[0], outer = order[1];
  unsigned m = tileShape[outer], n = tileShape[inner];
  if (m % 8 != 0 || n % (kWidth * 4) != 0)
    fail("mma tile is not a multiple of the 8 x (4 * kWidth) lane grid");
  Dim in = outDim(inner), out = outDim(outer);
  return tile * LinearLayout::identity1D(kWidth, kRegister, in) *
         LinearLayout::identity1D(4, kLane, in) *
         LinearLayout::identity1D(8, kLane, out) *
         LinearLayout::identity1D(m / 8, kRegister, out) *
         LinearLayout::identity1D(n / (kWidth * 4), kRegister, in);
}

/// Warps (or lanes) along every dim except `kDim`, which they broadcast
/// over: the dot operands are shared by all warps along K of the result.
static LinearLayout broadcastAlongK(ArrayRef<unsigned> shape,
                                    ArrayRef<unsigned> order, unsigned kDim,
                                    Dim inDim) {
  LinearLayout l;
  for (unsigned d : order)
    l *= d == kDim ? LinearLayout::zeros1D(shape[d], inDim, outDim(d))
                   : LinearLayout::identity1D(shape[d], inDim, outDim(d));
  return l;
}

static void checkMmaVersion(const NvidiaMmaParams &p, size_t rank) {
  if (p.versionMajor != 2 && p.versionMajor != 3)
    fail("only nvidia_mma versions 2 (mma.sync) and 3 (wgmma) are supported");
  checkRank(p.warpsPerCTA, rank, "warpsPerCTA");
  if (p.versionMajor == 3 && rank != 2)
    fail("nvidia_mma v3 layouts are rank 2");
  if (rank < 2)
    fail("mma layouts need rank >= 2");
}

LinearLayout tt::nvidiaMmaToLinearLayout(ArrayRef<int64_t> shape,
                                         const NvidiaMmaParams &p) {
  size_t rank = shape.size();
  checkMmaVersion(p, rank);
  SmallVector<unsigned, 4> tileShape(rank, 1);
  if (p.instrShape.size() < 2)
    fail("instrShape needs at least M and N");
  if (p.versionMajor == 2) {
    // [M, N] or [batch, M, N]; only the last two matter.
    tileShape[rank - 2] = p.instrShape[p.instrShape.size() - 2];
    tileShape[rank - 1] = p.instrShape[p.instrShape.size() - 1];
  } else {
    // [M, N, K]: M is the 16 rows one warp of the warpgroup owns.
    tileShape[0] = p.instrShape[0];
    tileShape[1] = p.instrShape[1];
  }
  SmallVector<unsigned, 4> order = getMatrixOrder(rank, /*rowMajor=*/true);
  LinearLayout cta = nvidiaMmaTile(tileShape, /*kWidth=*/2, order, order);
  // wgmma fixes warps to go down M first; for mma.sync we pick row-major.
  SmallVector<unsigned, 4> warpOrder =
      getMatrixOrder(rank, /*rowMajor=*/p.versionMajor != 3);
  cta *= identityStandardND(kWarp, p.warpsPerCTA, warpOrder)
             .transposeOuts(cta.getOutDimNames());
  return combineCtaCgaWithShape(cta, p.cga.value_or(CGALayout::single(rank)),
                                shape);
}

LinearLayout tt::nvidiaDotOperandToLinearLayout(ArrayRef<int64_t> shape,
                                                const NvidiaMmaParams &p,
                                                unsigned opIdx,
                                                unsigned kWidth) {
  size_t rank = shape.size();
  checkMmaVersion(p, rank);
  if (opIdx > 1)
    fail("opIdx must be 0 or 1");
  if (kWidth == 0 || !llvm::isPowerOf2_32(kWidth))
    fail("kWidth must be a power of two");
  bool isA = opIdx == 0;
  if (!isA && p.versionMajor == 3)
    fail("wgmma takes operand B from shared memory, not registers");
  SmallVector<unsigned, 4> tileShape(rank, 1);
  if (isA) {
    tileShape[rank - 2] = 16;         // M
    tileShape[rank - 1] = kWidth * 8; // K
  } else {
    tileShape[rank - 2] = kWidth * 8; // K
    tileShape[rank - 1] = 8;          // N
  }
  SmallVector<unsigned, 4> order =
      getOrderForDotOperand(opIdx, rank, /*kContig=*/true);
  LinearLayout cta = nvidiaMmaTile(tileShape, kWidth, order, order);
  unsigned kDim = isA ? rank - 1 : rank - 2;
  SmallVector<unsigned, 4> warpOrder =
      getMatrixOrder(rank, /*rowMajor=*/p.versionMajor != 3);
  cta *= broadcastAlongK(p.warpsPerCTA, warpOrder, kDim, kWarp)
             .transposeOuts(cta.getOutDimNames());
  return combineCtaCgaWithShape(cta, p.cga.value_or(CGALayout::single(rank)),
                                shape);
}

LinearLayout tt::blockedDotOperandToLinearLayout(ArrayRef<int64_t> shape,
                                                 const BlockedParams &p,
                                                 unsigned opIdx) {
  size_t rank = shape.size();
  if (rank < 2 || opIdx > 1)
    fail("FMA dot operands need rank >= 2 and opIdx 0 or 1");
  checkRank(p.sizePerThread, rank, "sizePerThread");
  checkRank(p.threadsPerWarp, rank, "threadsPerWarp");
  checkRank(p.warpsPerCTA, rank, "warpsPerCTA");
  checkPermutation(p.order, rank, "order");
  unsigned kDim = opIdx == 0 ? rank - 1 : rank - 2;
  SmallVector<unsigned, 4> perThread(p.sizePerThread);
  if (shape[kDim] <= 0 || shape[kDim] > INT32_MAX)
    fail("K extent out of range");
  perThread[kDim] = unsigned(shape[kDim]);
  SmallVector<Dim, 4> repDims;
  for (unsigned d : p.order)
    repDims.push_back(outDim(d));
  LinearLayout cta =
      identityStandardND(kRegister, perThread, p.order).transposeOuts(repDims) *
      broadcastAlongK(p.threadsPerWarp, p.order, kDim, kLane)
          .transposeOuts(repDims) *
      broadcastAlongK(p.warpsPerCTA, p.order, kDim, kWarp)
          .transposeOuts(repDims);
  return combineCtaCgaWithShape(cta, p.cga.value_or(CGALayout::single(rank)),
                                shape);
}

//===----------------------------------------------------------------------===//
// AMD mfma
//===----------------------------------------------------------------------===//

LinearLayout tt::amdMfmaToLinearLayout(ArrayRef<int64_t> shape,
                                       const AmdMfmaParams &p) {
  size_t rank = shape.size();
  if (rank != 2 && rank != 3)
    fail("amd_mfma layouts are rank 2 or 3");
  checkRank(p.warpsPerCTA, rank, "warpsPerCTA");
  if (p.instrShape.size() < 2)
    fail("instrShape needs M and N");
  unsigned mDim = p.instrShape[0], nDim = p.instrShape[1];
  if (!((mDim == 32 && nDim == 32) || (mDim == 16 && nDim == 16)))
    fail("only 32x32 and 16x16 mfma tiles are supported");
  if (p.elementBitWidth != 32 && p.elementBitWidth != 64 &&
      p.elementBitWidth != 16)
    fail("unsupported mfma accumulator element width");
  SmallVector<unsigned, 4> tilesPerWarp =
      p.tilesPerWarp.empty() ? ones(rank) : p.tilesPerWarp;
  checkRank(tilesPerWarp, rank, "tilesPerWarp");

  constexpr unsigned warpSize = 64;
  unsigned mIdx = rank - 2, nIdx = rank - 1;
  Dim dimM = outDim(mIdx), dimN = outDim(nIdx);
  // Each lane holds `height` consecutive elements of a column (4 for 32-bit
  // accumulators, 1 for 64-bit), lanes run along N first, then along M; the
  // register repeats cover the rest of the instruction tile along M.
  unsigned height = p.elementBitWidth == 64 ? 1 : 4;
  unsigned tiles = (mDim * nDim) / (warpSize * height);
  // Transposed swaps the roles of M and N inside the instruction tile.
  Dim along = p.isTransposed ? dimN : dimM;  // register direction
  Dim across = p.isTransposed ? dimM : dimN; // first lane direction
  unsigned acrossSize = p.isTransposed ? mDim : nDim;
  LinearLayout tile =
      LinearLayout::identity1D(height, kRegister, along) *
      LinearLayout::identity1D(acrossSize, kLane, across) *
      LinearLayout::identity1D(warpSize / acrossSize, kLane, along) *
      LinearLayout::identity1D(std::max(1u, tiles), kRegister, along);
  tile = tile.transposeOuts({dimN, dimM});

  // Warps and tile repetitions go along N first, then M, so that mfma tiles
  // stay N-contiguous across the whole tensor.
  unsigned warpsM = p.warpsPerCTA[mIdx], warpsN = p.warpsPerCTA[nIdx];
  unsigned tpwM = tilesPerWarp[mIdx], tpwN = tilesPerWarp[nIdx];
  tile *= LinearLayout::identity1D(tpwN, kRegister, dimN);
  tile *= LinearLayout::identity1D(warpsN, kWarp, dimN);
  int64_t repsN = shape[nIdx] / (int64_t(nDim) * warpsN * tpwN);
  tile *= LinearLayout::identity1D(int32_t(std::max<int64_t>(1, repsN)),
                                   kRegister, dimN);
  tile *= LinearLayout::identity1D(tpwM, kRegister, dimM);
  tile *= LinearLayout::identity1D(warpsM, kWarp, dimM);
  if (rank == 3) {
    Dim batch = outDim(0);
    tile *= LinearLayout::identity1D(1, kRegister, batch) *
            LinearLayout::identity1D(1, kLane, batch) *
            LinearLayout::identity1D(p.warpsPerCTA[0], kWarp, batch);
  }
  return combineCtaCgaWithShape(tile, p.cga.value_or(CGALayout::single(rank)),
                                shape);
}

//===----------------------------------------------------------------------===//
// Shared memory
//===----------------------------------------------------------------------===//

static void checkPow2(unsigned v, const char *what) {
  if (v == 0 || !llvm::isPowerOf2_32(v))
    fail(llvm::Twine(what) + " must be a power of two");
}

LinearLayout tt::swizzledSharedToLinearLayout(ArrayRef<int64_t> shape,
                                              const SwizzledSharedParams &p) {
  size_t rank = shape.size();
  checkPermutation(p.order, rank, "order");
  checkPow2(p.vec, "vec");
  checkPow2(p.perPhase, "perPhase");
  checkPow2(p.maxPhase, "maxPhase");
  CGALayout cga = p.cga.value_or(CGALayout::single(rank));
  SmallVector<int64_t, 4> perCTA = getShapePerCTA(cga, shape);
  if (rank == 1)
    return combineCtaCgaWithShape(
        LinearLayout::identity1D(int32_t(perCTA[0]), kOffset, outDim(0)), cga,
        shape);

  unsigned colDim = p.order[0], rowDim = p.order[1];
  int32_t numCols = int32_t(perCTA[colDim]), numRows = int32_t(perCTA[rowDim]);
  // Offsets walk a row first, then rows; a row's `vec`-element groups are
  // XORed with its phase, which is a linear function of the row bits.
  std::vector<LinearLayout::Basis> bases;
  for (int32_t col = 1; col < numCols; col *= 2)
    bases.push_back({0, col});
  for (int32_t row = 1; row < numRows; row *= 2) {
    int64_t phase = (row / p.perPhase) % p.maxPhase;
    bases.push_back({row, int32_t((p.vec * phase) % numCols)});
  }
  LinearLayout cta({{kOffset, bases}},
                   {{outDim(rowDim), numRows}, {outDim(colDim), numCols}},
                   /*requireSurjective=*/true);
  for (size_t i = 2; i < rank; ++i) {
    unsigned d = p.order[i];
    cta *= LinearLayout::identity1D(int32_t(perCTA[d]), kOffset, outDim(d));
  }
  return combineCtaCgaWithShape(cta, cga, shape);
}

static bool validNVMMA(const NVMMASharedParams &p, std::string *error) {
  auto reject = [&](const llvm::Twine &msg) {
    if (error)
      *error = msg.str();
    return false;
  };
  unsigned sw = p.swizzlingByteWidth;
  if (sw != 0 && sw != 32 && sw != 64 && sw != 128)
    return reject("swizzlingByteWidth must be 0, 32, 64 or 128");
  unsigned e = p.elementBitWidth;
  if (e != 8 && e != 16 && e != 32 && e != 64)
    return reject("elementBitWidth must be 8, 16, 32 or 64");
  return true;
}

std::optional<SmallVector<int64_t, 4>>
tt::getTMABlockShape(ArrayRef<int64_t> shapePerCTA,
                     const NVMMASharedParams &p) {
  if (shapePerCTA.empty() || !validNVMMA(p, nullptr))
    return std::nullopt;
  SmallVector<int64_t, 4> block(shapePerCTA.begin(), shapePerCTA.end());
  // A TMA box is at most 256 elements along every dim, and exactly one
  // swizzle width along the contiguous one.
  for (int64_t &size : block)
    size = std::min<int64_t>(size, 256);
  if (p.swizzlingByteWidth != 0) {
    size_t contig = p.transposed ? 0 : block.size() - 1;
    int64_t width = 8 * int64_t(p.swizzlingByteWidth) / p.elementBitWidth;
    if (block[contig] < width)
      return std::nullopt;
    block[contig] = width;
  }
  return block;
}

std::optional<LinearLayout>
tt::nvmmaSharedToLinearLayout(ArrayRef<int64_t> shape,
                              const NVMMASharedParams &p, std::string *error) {
  auto reject = [&](const llvm::Twine &msg) -> std::optional<LinearLayout> {
    if (error)
      *error = msg.str();
    return std::nullopt;
  };
  if (!validNVMMA(p, error))
    return std::nullopt;
  size_t rank = shape.size();
  if (rank == 0)
    return reject("nvmma_shared needs rank >= 1");
  // One dimension is laid out in order, whatever `transposed` says (upstream
  // marks its unswizzled 1-D TMA buffers transposed).
  if (p.transposed && rank > 2)
    return reject("transposed nvmma_shared is supported for rank 1 and 2 only");
  CGALayout cga = p.cga.value_or(CGALayout::single(rank));
  SmallVector<int64_t, 4> perCTA = getShapePerCTA(cga, shape);
  SmallVector<LinearLayout::DimSize, 4> perCTADims = standardOutDims(perCTA);
  if (rank == 1)
    return combineCtaCgaWithShape(
        LinearLayout::identity1D(int32_t(perCTA[0]), kOffset, outDim(0)), cga,
        shape);

  std::optional<SmallVector<int64_t, 4>> box = getTMABlockShape(perCTA, p);
  if (!box)
    return reject("the contiguous dim is narrower than the swizzle width");
  Dim dim0 = outDim(0), dim1 = outDim(1);

  LinearLayout layout;
  if (p.swizzlingByteWidth == 0) {
    // Plain row-major boxes (dim0-major when transposed).
    if (p.transposed) {
      layout = LinearLayout::identity1D(int32_t((*box)[0]), kOffset, dim0) *
               LinearLayout::identity1D(int32_t((*box)[1]), kOffset, dim1);
    } else {
      for (size_t i = rank; i-- > 0;)
        layout *=
            LinearLayout::identity1D(int32_t((*box)[i]), kOffset, outDim(i));
    }
  } else {
    // The swizzle atom: 8 rows of one swizzle width each; the 16-byte chunk
    // c of row r lives at chunk c ^ ((r / perPhase) % maxPhase).
    unsigned sw = p.swizzlingByteWidth;
    int32_t vec = 128 / int32_t(p.elementBitWidth);
    int32_t perPhase = 128 / int32_t(sw), maxPhase = int32_t(sw) / 16;
    int32_t tileRows = 8,
            tileCols = 8 * int32_t(sw) / int32_t(p.elementBitWidth);
    // The box collapsed to (rows, contiguous columns).
    int64_t rows = 1;
    for (size_t i = 0; i + 1 < rank; ++i)
      rows *= (*box)[i];
    int64_t cols = (*box)[rank - 1];
    if (p.transposed)
      std::tie(rows, cols) = std::make_pair((*box)[1], (*box)[0]);
    if (cols < tileCols || rows < tileRows)
      return reject("the tensor is smaller than one swizzle tile");
    std::vector<LinearLayout::Basis> bases;
    for (int32_t col = 1; col < tileCols; col *= 2)
      bases.push_back({0, col});
    for (int32_t row = 1; row < tileRows; row *= 2)
      bases.push_back({row, vec * ((row / perPhase) % maxPhase)});
    LinearLayout tile({{kOffset, bases}}, {{dim0, tileRows}, {dim1, tileCols}},
                      /*requireSurjective=*/true);
    tile = ensureLayoutNotSmallerThan(
        tile, {{dim0, int32_t(rows)}, {dim1, int32_t(cols)}});
    if (p.transposed) {
      // Rows are dim1 and the contiguous columns dim0.
      layout = tile.reshapeOuts({{dim1, int32_t(rows)}, {dim0, int32_t(cols)}})
                   .transposeOuts({dim0, dim1});
    } else if (rank == 2) {
      layout = tile;
    } else {
      // Split the collapsed rows into the leading dims, row-major.
      SmallVector<LinearLayout::DimSize, 4> split;
      for (size_t i = rank; i-- > 0;)
        split.push_back({outDim(i), int32_t((*box)[i])});
      layout = tile.transposeOuts({dim1, dim0})
                   .reshapeOuts(split)
                   .transposeOuts(standardOutDimNames(rank));
    }
  }
  // Further boxes follow the first one in memory, repeating along the
  // layout's out dims in its (fastest-first) order.
  SmallVector<LinearLayout::DimSize, 4> grow;
  for (Dim d : layout.getOutDimNames())
    grow.push_back(
        *llvm::find_if(perCTADims, [&](auto &ds) { return ds.first == d; }));
  layout = ensureLayoutNotSmallerThan(layout, grow);
  return combineCtaCgaWithShape(layout, cga, shape);
}
