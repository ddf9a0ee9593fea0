//===- Conversion.cpp - What a layout conversion costs --------------------===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//
//
// Classification. Let A = src and B = dst, both maps from hardware index h =
// (register, lane, warp, block) to the tensor. Fix a set K of hardware dims
// the data must not cross (K = {lane, warp, block} for "within a thread",
// {warp, block} for "within a warp", {block} for "within a CTA") and let F
// be the others. Destination location h can be served without crossing K
// iff some s with the same K-part as h has A(s) = B(h), i.e. iff
//
//     B(h) ^ A(h_K) lies in the image of A restricted to F,
//
// where h_K is h with its F part zeroed. The left side is linear in h, so it
// suffices to test the bases of h. Solving each test by elimination also
// yields the source location, which makes dstToSrc.
//
//===----------------------------------------------------------------------===//

#include "tt/LinearLayout/Conversion.h"
#include "GF2.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <map>

using namespace tt;
using llvm::ArrayRef;
using llvm::SmallVector;

llvm::StringRef tt::stringifyConversionKind(ConversionKind kind) {
  switch (kind) {
  case ConversionKind::NoOp:
    return "no-op";
  case ConversionKind::RegisterPermutation:
    return "register-permutation";
  case ConversionKind::WarpShuffle:
    return "warp-shuffle";
  case ConversionKind::SharedMemory:
    return "shared-memory";
  case ConversionKind::DistributedSharedMemory:
    return "distributed-shared-memory";
  }
  return "unknown";
}

static const Dim kHardwareDims[] = {kRegister, kLane, kWarp, kBlock};

/// Puts a distributed layout in canonical form: in dims exactly register,
/// lane, warp, block (missing ones with size 1), out dims in `outOrder`.
static std::optional<LinearLayout>
canonicalDistributed(const LinearLayout &l, ArrayRef<Dim> outOrder) {
  for (Dim d : l.getInDimNames())
    if (!llvm::is_contained(kHardwareDims, d))
      return std::nullopt;
  if (l.getNumOutDims() != outOrder.size())
    return std::nullopt;
  for (Dim d : outOrder)
    if (!l.hasOutDim(d))
      return std::nullopt;
  LinearLayout r = l;
  for (Dim d : kHardwareDims)
    if (!r.hasInDim(d))
      r = r.concatIns(LinearLayout::fromPacked({{d, {}}}, r.getOutDims()));
  return r.transposeIns(kHardwareDims).transposeOuts(outOrder);
}

/// Canonical forms of a pair of distributed layouts of the same tensor.
static std::optional<std::pair<LinearLayout, LinearLayout>>
canonicalPair(const LinearLayout &src, const LinearLayout &dst) {
  SmallVector<Dim, 4> outOrder = dst.getOutDimNames();
  std::optional<LinearLayout> a = canonicalDistributed(src, outOrder);
  std::optional<LinearLayout> b = canonicalDistributed(dst, outOrder);
  if (!a || !b)
    return std::nullopt;
  if (a->getOutDims() != b->getOutDims())
    return std::nullopt;
  for (Dim d : {kLane, kWarp, kBlock})
    if (a->getInDimSize(d) != b->getInDimSize(d))
      return std::nullopt;
  return std::make_pair(std::move(*a), std::move(*b));
}

/// Bit offset of each hardware dim in the flattened (register, lane, warp,
/// block) index of a canonical layout.
static SmallVector<unsigned, 4> inDimOffsets(const LinearLayout &l) {
  SmallVector<unsigned, 4> offsets;
  unsigned next = 0;
  for (Dim d : kHardwareDims) {
    offsets.push_back(next);
    next += l.getInDimSizeLog2(d);
  }
  return offsets;
}

/// Tries to serve every location of `b` from a location of `a` that agrees
/// with it on the dims in `keep`. With `strict`, the kept dims must map to
/// themselves exactly (the source register may not depend on them).
static std::optional<LinearLayout> solveKeeping(const LinearLayout &a,
                                                const LinearLayout &b,
                                                ArrayRef<Dim> keep,
                                                bool strict) {
  SmallVector<unsigned, 4> aOff = inDimOffsets(a);
  // Elimination over the columns of A that may change, tagged with their
  // position in A's flattened input.
  gf2::Echelon free;
  for (auto [i, d] : llvm::enumerate(kHardwareDims)) {
    if (llvm::is_contained(keep, d))
      continue;
    for (auto [bit, col] : llvm::enumerate(a.getPackedBases(d)))
      free.insert(col, uint64_t(1) << (aOff[i] + bit));
  }
  SmallVector<std::pair<Dim, SmallVector<uint64_t, 8>>, 4> bases;
  for (auto [i, d] : llvm::enumerate(kHardwareDims)) {
    bool kept = llvm::is_contained(keep, d);
    ArrayRef<uint64_t> aCols = a.getPackedBases(d);
    SmallVector<uint64_t, 8> mapped;
    for (auto [bit, target] : llvm::enumerate(b.getPackedBases(d))) {
      uint64_t need = target, src = 0;
      if (kept) {
        need ^= aCols[bit];
        src = uint64_t(1) << (aOff[i] + bit);
      }
      uint64_t tag = 0;
      free.reduce(need, tag);
      if (need != 0 || (strict && kept && tag != 0))
        return std::nullopt;
      mapped.push_back(src ^ tag);
    }
    bases.push_back({d, std::move(mapped)});
  }
  return LinearLayout::fromPacked(bases, a.getInDims());
}

std::optional<ConversionAnalysis>
tt::analyzeConversion(const LinearLayout &src, const LinearLayout &dst) {
  auto pair = canonicalPair(src, dst);
  if (!pair)
    return std::nullopt;
  const auto &[a, b] = *pair;
  if (a == b) {
    LinearLayout id;
    for (Dim d : kHardwareDims)
      id *= LinearLayout::identity1D(b.getInDimSize(d), d, d);
    return ConversionAnalysis{ConversionKind::NoOp, id};
  }
  struct Level {
    ConversionKind kind;
    SmallVector<Dim, 3> keep;
    bool strict;
  };
  const Level levels[] = {
      {ConversionKind::RegisterPermutation, {kLane, kWarp, kBlock}, true},
      {ConversionKind::WarpShuffle, {kWarp, kBlock}, false},
      {ConversionKind::SharedMemory, {kBlock}, false},
      {ConversionKind::DistributedSharedMemory, {}, false},
  };
  for (const Level &level : levels)
    if (std::optional<LinearLayout> map =
            solveKeeping(a, b, level.keep, level.strict))
      return ConversionAnalysis{level.kind, std::move(*map)};
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Vector widths
//===----------------------------------------------------------------------===//

static unsigned capVector(unsigned log2Width, unsigned elemBits,
                          unsigned maxVectorBits) {
  unsigned maxElems = std::max(1u, maxVectorBits / std::max(1u, elemBits));
  unsigned width = log2Width >= 31 ? (1u << 31) : (1u << log2Width);
  return std::max(1u, std::min(width, unsigned(llvm::bit_floor(maxElems))));
}

std::optional<unsigned> tt::largestSharedVectorWidth(const LinearLayout &src,
                                                     const LinearLayout &dst,
                                                     unsigned elemBits,
                                                     unsigned maxVectorBits) {
  auto pair = canonicalPair(src, dst);
  if (!pair)
    return std::nullopt;
  const auto &[a, b] = *pair;
  // X = what lanes, warps and blocks of either side span. The vector
  // directions V must be independent of X, so the usable dimension is
  // dim(V + X) - dim(X).
  gf2::Echelon vPlusX;
  for (const LinearLayout *l : {&a, &b})
    for (Dim d : {kLane, kWarp, kBlock})
      for (uint64_t col : l->getPackedBases(d))
        vPlusX.insert(col, 0);
  // V = span(A's registers) ∩ span(B's registers): insert B's columns
  // untagged, then A's tagged with themselves; an A column that cancels
  // leaves as its tag a vector in both spans, and these vectors span V.
  gf2::Echelon bRegs;
  for (uint64_t col : b.getPackedBases(kRegister))
    bRegs.insert(col, 0);
  unsigned k = 0;
  for (uint64_t col : a.getPackedBases(kRegister)) {
    uint64_t common = 0;
    if (!bRegs.insert(col, col, &common) && vPlusX.insert(common, 0))
      ++k;
  }
  return capVector(k, elemBits, maxVectorBits);
}

/// Offsets (projected to the shared layout's offset dim) of the register,
/// lane, warp and block bases of `regs` in `shared`.
namespace {
struct SharedPositions {
  SmallVector<uint64_t, 8> reg, lane, warp, block;
  unsigned offsetBits = 0;
};
} // namespace

static std::optional<SharedPositions>
sharedPositions(const LinearLayout &regs, const LinearLayout &shared) {
  if (!shared.hasInDim(kOffset))
    return std::nullopt;
  std::optional<LinearLayout> canon =
      canonicalDistributed(regs, shared.getOutDimNames());
  if (!canon)
    return std::nullopt;
  std::optional<LinearLayout> c = canon->tryInvertAndCompose(shared);
  if (!c)
    return std::nullopt;
  SharedPositions pos;
  pos.offsetBits = shared.getInDimSizeLog2(kOffset);
  unsigned shift = c->getOutDimShift(kOffset);
  uint64_t mask = (uint64_t(1) << pos.offsetBits) - 1;
  auto project = [&](Dim d, SmallVector<uint64_t, 8> &out) {
    for (uint64_t col : c->getPackedBases(d))
      out.push_back((col >> shift) & mask);
  };
  project(kRegister, pos.reg);
  project(kLane, pos.lane);
  project(kWarp, pos.warp);
  project(kBlock, pos.block);
  return pos;
}

/// Largest k such that offsets 1, 2, ..., 2^(k-1) are combinations of the
/// register positions and no other position has any of the low k bits.
static unsigned alignedRegisterBits(const SharedPositions &pos) {
  gf2::Echelon regs;
  for (uint64_t p : pos.reg)
    regs.insert(p, 0);
  uint64_t others = 0;
  for (const auto *v : {&pos.lane, &pos.warp, &pos.block})
    for (uint64_t p : *v)
      others |= p;
  unsigned k = 0;
  while (k < pos.offsetBits && !((others >> k) & 1) &&
         regs.contains(uint64_t(1) << k))
    ++k;
  return k;
}

std::optional<unsigned> tt::sharedAccessVectorWidth(const LinearLayout &regs,
                                                    const LinearLayout &shared,
                                                    unsigned elemBits,
                                                    unsigned maxVectorBits) {
  std::optional<SharedPositions> pos = sharedPositions(regs, shared);
  if (!pos)
    return std::nullopt;
  return capVector(alignedRegisterBits(*pos), elemBits, maxVectorBits);
}

//===----------------------------------------------------------------------===//
// Bank conflicts
//===----------------------------------------------------------------------===//

std::optional<BankConflictStats>
tt::countBankConflicts(const LinearLayout &regs, const LinearLayout &shared,
                       unsigned elemBits, unsigned vecElems, unsigned numBanks,
                       unsigned bankBytes) {
  if (vecElems == 0 || !llvm::isPowerOf2_32(vecElems) || elemBits == 0 ||
      numBanks == 0 || bankBytes == 0 || (vecElems * elemBits) % 8 != 0)
    return std::nullopt;
  std::optional<SharedPositions> pos = sharedPositions(regs, shared);
  if (!pos)
    return std::nullopt;
  unsigned vecBits = llvm::Log2_32(vecElems);
  if (alignedRegisterBits(*pos) < vecBits)
    return std::nullopt;
  uint64_t vecMask = vecElems - 1;

  // Every register group shares the lane pattern, XORed by its base, so one
  // access is identified by the aligned offset its lane 0 touches.
  auto offsetOf = [](ArrayRef<uint64_t> cols, uint64_t index) {
    uint64_t off = 0;
    for (auto [i, col] : llvm::enumerate(cols))
      if ((index >> i) & 1)
        off ^= col;
    return off;
  };
  llvm::DenseSet<uint64_t> seen;
  SmallVector<uint64_t, 16> bases;
  uint64_t numRegs = uint64_t(1) << pos->reg.size();
  for (uint64_t r = 0; r < numRegs; ++r) {
    uint64_t base = offsetOf(pos->reg, r) & ~vecMask;
    if (seen.insert(base).second)
      bases.push_back(base);
  }

  unsigned numLanes = 1u << pos->lane.size();
  uint64_t accessBytes = uint64_t(vecElems) * elemBits / 8;
  uint64_t rowBytes = uint64_t(numBanks) * bankBytes;
  unsigned lanesPerPhase =
      accessBytes <= bankBytes
          ? numLanes
          : unsigned(std::max<uint64_t>(1, rowBytes / accessBytes));
  BankConflictStats stats;
  stats.accesses = bases.size();
  for (uint64_t base : bases) {
    for (unsigned first = 0; first < numLanes; first += lanesPerPhase) {
      std::map<uint64_t, llvm::DenseSet<uint64_t>> wordsPerBank;
      uint64_t distinctWords = 0;
      for (unsigned lane = first;
           lane < std::min(numLanes, first + lanesPerPhase); ++lane) {
        uint64_t elem = base ^ (offsetOf(pos->lane, lane) & ~vecMask);
        uint64_t byte = elem * elemBits / 8;
        for (uint64_t w = byte / bankBytes;
             w <= (byte + accessBytes - 1) / bankBytes; ++w)
          if (wordsPerBank[w % numBanks].insert(w).second)
            ++distinctWords;
      }
      int64_t worst = 0;
      for (auto &[bank, words] : wordsPerBank)
        worst = std::max<int64_t>(worst, words.size());
      stats.wavefronts += worst;
      stats.idealWavefronts +=
          std::max<int64_t>(1, llvm::divideCeil(distinctWords, numBanks));
    }
  }
  return stats;
}
