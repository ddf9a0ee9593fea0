//===- LinearLayout.cpp - Layouts as linear maps over GF(2) ---------------===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//
//
// Representation: each basis is packed into one 64-bit word holding the
// coordinates of all out dims side by side (first out dim in the low bits).
// In that form a layout is a 64x64 bit matrix whose columns are the bases,
// listed in flattened input order, and every algorithm below is plain
// Gaussian elimination over GF(2) on those columns.
//
//===----------------------------------------------------------------------===//

#include "tt/LinearLayout/LinearLayout.h"
#include "GF2.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MathExtras.h"

#include <mutex>

using namespace tt;
using llvm::ArrayRef;
using llvm::SmallVector;

//===----------------------------------------------------------------------===//
// Dim interning
//===----------------------------------------------------------------------===//

namespace {
struct InternPool {
  std::mutex mutex;
  llvm::StringMap<const char *> names;
  InternPool() {
    for (const char *seeded :
         {detail::kRegisterName, detail::kLaneName, detail::kWarpName,
          detail::kBlockName, detail::kOffsetName, detail::kEmptyName})
      names[seeded] = seeded;
  }
};
InternPool &internPool() {
  // Leaked on purpose: Dims may be created during static destruction.
  static InternPool *pool = new InternPool();
  return *pool;
}
} // namespace

Dim::Dim(llvm::StringRef spelling) {
  InternPool &pool = internPool();
  std::lock_guard<std::mutex> lock(pool.mutex);
  auto [it, inserted] = pool.names.try_emplace(spelling, nullptr);
  if (inserted)
    it->second = it->getKeyData(); // NUL-terminated, stable address
  name = it->second;
}

Dim tt::outDim(unsigned i) { return Dim("dim" + std::to_string(i)); }

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

[[noreturn]] static void fail(const llvm::Twine &msg) {
  llvm::report_fatal_error(llvm::Twine("LinearLayout: ") + msg);
}

static unsigned log2Exact(int64_t size, const char *what) {
  if (size <= 0 || !llvm::isPowerOf2_64(uint64_t(size)))
    fail(llvm::Twine(what) + " must be a positive power of two, got " +
         llvm::Twine(size));
  return llvm::Log2_64(uint64_t(size));
}

static uint64_t lowMask(unsigned bits) {
  return bits >= 64 ? ~uint64_t(0) : ((uint64_t(1) << bits) - 1);
}

/// Merges two dimension orders: the result keeps `a`'s order and inserts
/// each dim only in `b` just before the next dim of `b` that `a` also has
/// (at the end if none). Dims in both must be in the same relative order.
static SmallVector<Dim, 4> mergeOrders(ArrayRef<Dim> a, ArrayRef<Dim> b) {
  SmallVector<Dim, 4> common;
  for (Dim d : a)
    if (llvm::is_contained(b, d))
      common.push_back(d);
  SmallVector<Dim, 4> commonInB;
  for (Dim d : b)
    if (llvm::is_contained(a, d))
      commonInB.push_back(d);
  if (common != commonInB)
    fail("operator*: dimensions shared by both layouts appear in different "
         "orders");
  SmallVector<Dim, 4> result(a.begin(), a.end());
  SmallVector<Dim, 4> pending;
  for (Dim d : b) {
    if (!llvm::is_contained(a, d)) {
      pending.push_back(d);
      continue;
    }
    auto pos = llvm::find(result, d);
    result.insert(pos, pending.begin(), pending.end());
    pending.clear();
  }
  result.append(pending.begin(), pending.end());
  return result;
}

//===----------------------------------------------------------------------===//
// Construction
//===----------------------------------------------------------------------===//

LinearLayout LinearLayout::strided1D(int32_t size, int32_t stride, Dim inDim,
                                     Dim outDim) {
  unsigned n = log2Exact(size, "strided1D size");
  unsigned s = log2Exact(stride, "strided1D stride");
  LinearLayout l;
  InDim in{inDim, {}};
  for (unsigned i = 0; i < n; ++i)
    in.bases.push_back(uint64_t(1) << (i + s));
  l.ins.push_back(std::move(in));
  l.outs.push_back({outDim, n + s});
  return l;
}

LinearLayout LinearLayout::identity1D(int32_t size, Dim inDim, Dim outDim) {
  return strided1D(size, 1, inDim, outDim);
}

LinearLayout LinearLayout::zeros1D(int32_t size, Dim inDim, Dim outDim,
                                   int32_t outSize) {
  unsigned n = log2Exact(size, "zeros1D size");
  LinearLayout l;
  l.ins.push_back({inDim, SmallVector<uint64_t, 8>(n, 0)});
  l.outs.push_back({outDim, log2Exact(outSize, "zeros1D out size")});
  return l;
}

std::optional<LinearLayout>
LinearLayout::tryCreate(ArrayRef<std::pair<Dim, std::vector<Basis>>> bases,
                        ArrayRef<DimSize> outDims, bool requireSurjective,
                        std::string *error) {
  auto reject = [&](const llvm::Twine &msg) -> std::optional<LinearLayout> {
    if (error)
      *error = msg.str();
    return std::nullopt;
  };
  LinearLayout l;
  unsigned totalOut = 0;
  for (auto [name, size] : outDims) {
    if (l.hasOutDim(name))
      return reject("duplicate out dim " + name.str());
    if (size <= 0 || !llvm::isPowerOf2_32(uint32_t(size)))
      return reject("size of out dim " + name.str() + " is not a power of two");
    unsigned log2 = llvm::Log2_32(uint32_t(size));
    l.outs.push_back({name, log2});
    totalOut += log2;
  }
  if (totalOut > 64)
    return reject("more than 64 output bits");
  unsigned totalIn = 0;
  for (const auto &[name, dimBases] : bases) {
    if (l.hasInDim(name))
      return reject("duplicate in dim " + name.str());
    InDim in{name, {}};
    for (const Basis &b : dimBases) {
      if (b.size() != outDims.size())
        return reject("a basis of " + name.str() + " has " +
                      llvm::Twine(b.size()) + " coordinates, expected " +
                      llvm::Twine(outDims.size()));
      for (auto [i, c] : llvm::enumerate(b))
        if (c < 0 || c >= outDims[i].second)
          return reject("a basis of " + name.str() + " has coordinate " +
                        llvm::Twine(c) + " outside out dim " +
                        outDims[i].first.str() + " of size " +
                        llvm::Twine(outDims[i].second));
      in.bases.push_back(l.packOut(b));
    }
    totalIn += in.bases.size();
    l.ins.push_back(std::move(in));
  }
  if (totalIn > 64)
    return reject("more than 64 input bits");
  if (requireSurjective && !l.isSurjective())
    return reject("layout is not surjective:\n" + l.toString());
  return l;
}

LinearLayout::LinearLayout(ArrayRef<std::pair<Dim, std::vector<Basis>>> bases,
                           ArrayRef<DimSize> outDims, bool requireSurjective) {
  std::string error;
  std::optional<LinearLayout> l =
      tryCreate(bases, outDims, requireSurjective, &error);
  if (!l)
    fail(error);
  *this = std::move(*l);
}

static SmallVector<LinearLayout::DimSize, 4>
inferOutDims(ArrayRef<std::pair<Dim, std::vector<LinearLayout::Basis>>> bases,
             ArrayRef<Dim> outDimNames) {
  SmallVector<LinearLayout::DimSize, 4> outDims;
  for (auto [i, name] : llvm::enumerate(outDimNames)) {
    int64_t maxCoord = 0;
    for (const auto &[in, dimBases] : bases)
      for (const LinearLayout::Basis &b : dimBases)
        if (i < b.size())
          maxCoord = std::max<int64_t>(maxCoord, b[i]);
    int64_t size = maxCoord == 0 ? 1 : int64_t(llvm::NextPowerOf2(maxCoord));
    if (size > INT32_MAX)
      fail("out dim " + name.str() + " does not fit in int32");
    outDims.push_back({name, int32_t(size)});
  }
  return outDims;
}

LinearLayout::LinearLayout(ArrayRef<std::pair<Dim, std::vector<Basis>>> bases,
                           ArrayRef<Dim> outDimNames)
    : LinearLayout(bases, inferOutDims(bases, outDimNames),
                   /*requireSurjective=*/true) {}

LinearLayout LinearLayout::fromPacked(
    ArrayRef<std::pair<Dim, SmallVector<uint64_t, 8>>> bases,
    ArrayRef<DimSize> outDims) {
  LinearLayout l;
  unsigned totalOut = 0;
  for (auto [name, size] : outDims) {
    if (l.hasOutDim(name))
      fail("fromPacked: duplicate out dim " + name.str());
    unsigned n = log2Exact(size, "fromPacked out size");
    l.outs.push_back({name, n});
    totalOut += n;
  }
  if (totalOut > 64)
    fail("fromPacked: more than 64 output bits");
  for (const auto &[name, dimBases] : bases) {
    if (l.hasInDim(name))
      fail("fromPacked: duplicate in dim " + name.str());
    for (uint64_t b : dimBases)
      if (b & ~lowMask(totalOut))
        fail("fromPacked: basis outside the out dims");
    l.ins.push_back({name, dimBases});
  }
  if (l.getTotalInDimSizeLog2() > 64)
    fail("fromPacked: more than 64 input bits");
  return l;
}

//===----------------------------------------------------------------------===//
// Shape queries
//===----------------------------------------------------------------------===//

int LinearLayout::findIn(Dim d) const {
  for (auto [i, in] : llvm::enumerate(ins))
    if (in.name == d)
      return int(i);
  return -1;
}

int LinearLayout::findOut(Dim d) const {
  for (auto [i, out] : llvm::enumerate(outs))
    if (out.name == d)
      return int(i);
  return -1;
}

unsigned LinearLayout::getInDimIndex(Dim d) const {
  int i = findIn(d);
  if (i < 0)
    fail("no in dim " + d.str());
  return unsigned(i);
}

unsigned LinearLayout::getOutDimIndex(Dim d) const {
  int i = findOut(d);
  if (i < 0)
    fail("no out dim " + d.str());
  return unsigned(i);
}

SmallVector<Dim, 4> LinearLayout::getInDimNames() const {
  SmallVector<Dim, 4> r;
  for (const InDim &in : ins)
    r.push_back(in.name);
  return r;
}

SmallVector<Dim, 4> LinearLayout::getOutDimNames() const {
  SmallVector<Dim, 4> r;
  for (const OutDim &out : outs)
    r.push_back(out.name);
  return r;
}

SmallVector<LinearLayout::DimSize, 4> LinearLayout::getInDims() const {
  SmallVector<DimSize, 4> r;
  for (const InDim &in : ins)
    r.push_back({in.name, int32_t(1) << in.bases.size()});
  return r;
}

SmallVector<LinearLayout::DimSize, 4> LinearLayout::getOutDims() const {
  SmallVector<DimSize, 4> r;
  for (const OutDim &out : outs)
    r.push_back({out.name, int32_t(1) << out.log2Size});
  return r;
}

unsigned LinearLayout::getInDimSizeLog2(Dim d) const {
  return ins[getInDimIndex(d)].bases.size();
}

unsigned LinearLayout::getOutDimSizeLog2(Dim d) const {
  return outs[getOutDimIndex(d)].log2Size;
}

unsigned LinearLayout::getTotalInDimSizeLog2() const {
  unsigned n = 0;
  for (const InDim &in : ins)
    n += in.bases.size();
  return n;
}

unsigned LinearLayout::getTotalOutDimSizeLog2() const {
  unsigned n = 0;
  for (const OutDim &out : outs)
    n += out.log2Size;
  return n;
}

//===----------------------------------------------------------------------===//
// Packing
//===----------------------------------------------------------------------===//

unsigned LinearLayout::getOutDimShift(Dim d) const {
  unsigned shift = 0;
  for (const OutDim &out : outs) {
    if (out.name == d)
      return shift;
    shift += out.log2Size;
  }
  fail("no out dim " + d.str());
}

uint64_t LinearLayout::packOut(ArrayRef<int32_t> coords) const {
  if (coords.size() != outs.size())
    fail("packOut: wrong number of coordinates");
  uint64_t v = 0;
  unsigned shift = 0;
  for (auto [c, out] : llvm::zip_equal(coords, outs)) {
    if (c < 0 || uint64_t(c) > lowMask(out.log2Size))
      fail("coordinate " + llvm::Twine(c) + " outside out dim " +
           out.name.str());
    v |= uint64_t(c) << shift;
    shift += out.log2Size;
  }
  return v;
}

LinearLayout::Basis LinearLayout::unpackOut(uint64_t packed) const {
  Basis r;
  unsigned shift = 0;
  for (const OutDim &out : outs) {
    r.push_back(int32_t((packed >> shift) & lowMask(out.log2Size)));
    shift += out.log2Size;
  }
  return r;
}

SmallVector<unsigned, 4>
LinearLayout::positionsOf(const LinearLayout &from,
                          ArrayRef<unsigned> extra) const {
  SmallVector<unsigned, 4> pos;
  for (auto [i, out] : llvm::enumerate(from.outs)) {
    if (!hasOutDim(out.name)) {
      pos.push_back(~0u);
      continue;
    }
    pos.push_back(getOutDimShift(out.name) + (extra.empty() ? 0 : extra[i]));
  }
  return pos;
}

uint64_t LinearLayout::repack(uint64_t packed, const LinearLayout &from,
                              ArrayRef<unsigned> positions) {
  uint64_t v = 0;
  unsigned shift = 0;
  for (auto [out, pos] : llvm::zip_equal(from.outs, positions)) {
    uint64_t c = (packed >> shift) & lowMask(out.log2Size);
    shift += out.log2Size;
    if (pos != ~0u)
      v |= c << pos;
  }
  return v;
}

ArrayRef<uint64_t> LinearLayout::getPackedBases(Dim inDim) const {
  return ins[getInDimIndex(inDim)].bases;
}

SmallVector<uint64_t, 16> LinearLayout::getPackedColumns() const {
  SmallVector<uint64_t, 16> cols;
  for (const InDim &in : ins)
    cols.append(in.bases.begin(), in.bases.end());
  return cols;
}

//===----------------------------------------------------------------------===//
// Bases
//===----------------------------------------------------------------------===//

LinearLayout::Basis LinearLayout::getBasis(Dim inDim, unsigned pos) const {
  const InDim &in = ins[getInDimIndex(inDim)];
  if (pos >= in.bases.size())
    fail("basis " + llvm::Twine(pos) + " of " + inDim.str() + " out of range");
  return unpackOut(in.bases[pos]);
}

int32_t LinearLayout::getBasis(Dim inDim, unsigned pos, Dim outDim) const {
  return getBasis(inDim, pos)[getOutDimIndex(outDim)];
}

std::vector<LinearLayout::Basis> LinearLayout::getBases(Dim inDim) const {
  std::vector<Basis> r;
  for (uint64_t b : ins[getInDimIndex(inDim)].bases)
    r.push_back(unpackOut(b));
  return r;
}

LinearLayout::BasesT LinearLayout::getBases() const {
  BasesT r;
  for (const InDim &in : ins)
    r.push_back({in.name, getBases(in.name)});
  return r;
}

//===----------------------------------------------------------------------===//
// Properties
//===----------------------------------------------------------------------===//

unsigned LinearLayout::getMatrixRank() const {
  gf2::Echelon e;
  for (uint64_t c : getPackedColumns())
    e.insert(c, 0);
  return e.rank();
}

SmallVector<LinearLayout::DimSize, 4>
LinearLayout::getFreeVariableMasks() const {
  SmallVector<DimSize, 4> masks;
  gf2::Echelon e;
  for (const InDim &in : ins) {
    int32_t mask = 0;
    for (auto [i, b] : llvm::enumerate(in.bases))
      if (!e.insert(b, 0))
        mask |= int32_t(1) << i;
    masks.push_back({in.name, mask});
  }
  return masks;
}

int32_t LinearLayout::getFreeVariableMask(Dim inDim) const {
  unsigned idx = getInDimIndex(inDim);
  return getFreeVariableMasks()[idx].second;
}

int32_t LinearLayout::getNumConsecutiveInOut() const {
  if (ins.empty() || outs.empty())
    return 1;
  unsigned out0Bits = outs.front().log2Size;
  uint64_t out0Mask = lowMask(out0Bits);
  const InDim &first = ins.front();
  // Leading bases of the first in dim that are exactly 1, 2, 4, ... in the
  // first out dim and zero elsewhere.
  unsigned consec = 0;
  while (consec < first.bases.size() && consec < out0Bits &&
         first.bases[consec] == (uint64_t(1) << consec))
    ++consec;
  // Every other basis must leave those low bits alone, or the block of
  // consecutive elements would be XORed into a different order.
  uint64_t otherLowBits = 0;
  for (const InDim &in : ins)
    for (auto [i, b] : llvm::enumerate(in.bases))
      if (&in != &first || i >= consec)
        otherLowBits |= b & out0Mask;
  if (otherLowBits)
    consec = std::min<unsigned>(consec, llvm::countr_zero(otherLowBits));
  return int32_t(1) << consec;
}

//===----------------------------------------------------------------------===//
// Evaluation
//===----------------------------------------------------------------------===//

SmallVector<LinearLayout::DimSize, 4>
LinearLayout::apply(ArrayRef<DimSize> inputs) const {
  uint64_t acc = 0;
  for (auto [name, value] : inputs) {
    const InDim &in = ins[getInDimIndex(name)];
    if (value < 0 || uint64_t(value) >= (uint64_t(1) << in.bases.size()))
      fail("apply: value " + llvm::Twine(value) + " out of range for " +
           name.str());
    for (auto [i, b] : llvm::enumerate(in.bases))
      if ((uint64_t(value) >> i) & 1)
        acc ^= b;
  }
  SmallVector<DimSize, 4> r;
  for (auto [out, c] : llvm::zip_equal(outs, unpackOut(acc)))
    r.push_back({out.name, c});
  return r;
}

uint64_t LinearLayout::applyFlat(uint64_t input) const {
  uint64_t acc = 0;
  unsigned bit = 0;
  for (const InDim &in : ins)
    for (uint64_t b : in.bases) {
      if ((input >> bit) & 1)
        acc ^= b;
      ++bit;
    }
  return acc;
}

//===----------------------------------------------------------------------===//
// Product, composition, inversion
//===----------------------------------------------------------------------===//

namespace tt {
LinearLayout operator*(const LinearLayout &inner, const LinearLayout &outer) {
  using OutDim = LinearLayout::OutDim;
  using InDim = LinearLayout::InDim;
  LinearLayout r;
  for (Dim d : mergeOrders(inner.getOutDimNames(), outer.getOutDimNames())) {
    unsigned log2 = 0;
    if (inner.hasOutDim(d))
      log2 += inner.getOutDimSizeLog2(d);
    if (outer.hasOutDim(d))
      log2 += outer.getOutDimSizeLog2(d);
    r.outs.push_back(OutDim{d, log2});
  }
  if (r.getTotalOutDimSizeLog2() > 64)
    fail("operator*: more than 64 output bits");
  // inner's coordinates keep their value; outer's are scaled by inner's size.
  SmallVector<unsigned, 4> innerPos = r.positionsOf(inner);
  SmallVector<unsigned, 4> scale;
  for (const OutDim &out : outer.outs)
    scale.push_back(
        inner.hasOutDim(out.name) ? inner.getOutDimSizeLog2(out.name) : 0);
  SmallVector<unsigned, 4> outerPos = r.positionsOf(outer, scale);
  for (Dim d : mergeOrders(inner.getInDimNames(), outer.getInDimNames())) {
    InDim in{d, {}};
    if (inner.hasInDim(d))
      for (uint64_t b : inner.getPackedBases(d))
        in.bases.push_back(LinearLayout::repack(b, inner, innerPos));
    if (outer.hasInDim(d))
      for (uint64_t b : outer.getPackedBases(d))
        in.bases.push_back(LinearLayout::repack(b, outer, outerPos));
    r.ins.push_back(std::move(in));
  }
  if (r.getTotalInDimSizeLog2() > 64)
    fail("operator*: more than 64 input bits");
  return r;
}
} // namespace tt

LinearLayout LinearLayout::compose(const LinearLayout &outer) const {
  for (const OutDim &out : outs) {
    if (!outer.hasInDim(out.name))
      fail("compose: outer layout has no in dim " + out.name.str());
    if (out.log2Size > outer.getInDimSizeLog2(out.name))
      fail("compose: out dim " + out.name.str() +
           " is larger than the outer layout's in dim");
  }
  LinearLayout r;
  r.outs = outer.outs;
  for (const InDim &in : ins) {
    InDim rin{in.name, {}};
    for (uint64_t b : in.bases) {
      uint64_t acc = 0;
      unsigned shift = 0;
      for (const OutDim &out : outs) {
        uint64_t c = (b >> shift) & lowMask(out.log2Size);
        shift += out.log2Size;
        ArrayRef<uint64_t> ob = outer.getPackedBases(out.name);
        for (unsigned i = 0; c; ++i, c >>= 1)
          if (c & 1)
            acc ^= ob[i];
      }
      rin.bases.push_back(acc);
    }
    r.ins.push_back(std::move(rin));
  }
  return r;
}

LinearLayout LinearLayout::pseudoinvert() const {
  // Eliminate the columns, remembering which input bits make up each row;
  // then G(e_k) is the input combination whose image reduces e_k.
  gf2::Echelon e;
  SmallVector<uint64_t, 16> cols = getPackedColumns();
  for (auto [i, c] : llvm::enumerate(cols))
    e.insert(c, uint64_t(1) << i);
  LinearLayout r;
  for (const InDim &in : ins)
    r.outs.push_back(OutDim{in.name, unsigned(in.bases.size())});
  unsigned bit = 0;
  for (const OutDim &out : outs) {
    InDim rin{out.name, {}};
    for (unsigned i = 0; i < out.log2Size; ++i, ++bit) {
      uint64_t v = uint64_t(1) << bit, tag = 0;
      e.reduce(v, tag);
      rin.bases.push_back(tag);
    }
    r.ins.push_back(std::move(rin));
  }
  return r;
}

std::optional<LinearLayout> LinearLayout::tryInvert() const {
  if (getTotalInDimSizeLog2() != getTotalOutDimSizeLog2() || !isSurjective())
    return std::nullopt;
  return pseudoinvert();
}

LinearLayout LinearLayout::invert() const {
  std::optional<LinearLayout> r = tryInvert();
  if (!r)
    fail("invert: layout is not bijective:\n" + toString());
  return *r;
}

std::optional<LinearLayout>
LinearLayout::tryInvertAndCompose(const LinearLayout &outer) const {
  if (outs.size() != outer.outs.size())
    return std::nullopt;
  for (const OutDim &out : outs)
    if (!outer.hasOutDim(out.name) ||
        out.log2Size > outer.getOutDimSizeLog2(out.name))
      return std::nullopt;
  LinearLayout r = compose(outer.pseudoinvert());
  // outer(r(x)) must reproduce this(x); it does not when this layout reaches
  // elements outside outer's image.
  SmallVector<unsigned, 4> pos = outer.positionsOf(*this);
  for (const InDim &in : r.ins) {
    ArrayRef<uint64_t> mine = getPackedBases(in.name);
    for (auto [i, b] : llvm::enumerate(in.bases))
      if (outer.applyFlat(b) != repack(mine[i], *this, pos))
        return std::nullopt;
  }
  return r;
}

LinearLayout LinearLayout::invertAndCompose(const LinearLayout &outer) const {
  std::optional<LinearLayout> r = tryInvertAndCompose(outer);
  if (!r)
    fail("invertAndCompose: the layouts have different out dims, or this "
         "layout reaches elements the outer layout does not hold.\nthis:\n" +
         toString() + "\nouter:\n" + outer.toString());
  return *r;
}

//===----------------------------------------------------------------------===//
// Reshaping
//===----------------------------------------------------------------------===//

static bool isPermutationOf(ArrayRef<Dim> perm, ArrayRef<Dim> dims) {
  if (perm.size() != dims.size())
    return false;
  for (Dim d : dims)
    if (llvm::count(perm, d) != 1)
      return false;
  return true;
}

LinearLayout LinearLayout::transposeIns(ArrayRef<Dim> newOrder) const {
  if (!isPermutationOf(newOrder, getInDimNames()))
    fail("transposeIns: not a permutation of the in dims");
  LinearLayout r;
  r.outs = outs;
  for (Dim d : newOrder)
    r.ins.push_back(ins[getInDimIndex(d)]);
  return r;
}

LinearLayout LinearLayout::transposeOuts(ArrayRef<Dim> newOrder) const {
  if (!isPermutationOf(newOrder, getOutDimNames()))
    fail("transposeOuts: not a permutation of the out dims");
  LinearLayout r;
  for (Dim d : newOrder)
    r.outs.push_back(outs[getOutDimIndex(d)]);
  SmallVector<unsigned, 4> pos = r.positionsOf(*this);
  for (const InDim &in : ins) {
    InDim rin{in.name, {}};
    for (uint64_t b : in.bases)
      rin.bases.push_back(repack(b, *this, pos));
    r.ins.push_back(std::move(rin));
  }
  return r;
}

static void checkUnique(ArrayRef<LinearLayout::DimSize> dims,
                        const char *what) {
  for (auto [i, d] : llvm::enumerate(dims))
    for (unsigned j = 0; j < i; ++j)
      if (dims[j].first == d.first)
        fail(llvm::Twine(what) + ": duplicate dim " + d.first.str());
}

LinearLayout LinearLayout::reshapeIns(ArrayRef<DimSize> newIns) const {
  checkUnique(newIns, "reshapeIns");
  unsigned total = 0;
  for (auto [name, size] : newIns)
    total += log2Exact(size, "reshapeIns size");
  if (total != getTotalInDimSizeLog2())
    fail("reshapeIns: total size changes");
  SmallVector<uint64_t, 16> cols = getPackedColumns();
  LinearLayout r;
  r.outs = outs;
  unsigned next = 0;
  for (auto [name, size] : newIns) {
    unsigned n = llvm::Log2_32(uint32_t(size));
    r.ins.push_back(
        InDim{name, SmallVector<uint64_t, 8>(cols.begin() + next,
                                             cols.begin() + next + n)});
    next += n;
  }
  return r;
}

LinearLayout LinearLayout::reshapeOuts(ArrayRef<DimSize> newOuts) const {
  checkUnique(newOuts, "reshapeOuts");
  LinearLayout r;
  unsigned total = 0;
  for (auto [name, size] : newOuts) {
    unsigned n = log2Exact(size, "reshapeOuts size");
    r.outs.push_back(OutDim{name, n});
    total += n;
  }
  if (total != getTotalOutDimSizeLog2())
    fail("reshapeOuts: total size changes");
  r.ins = ins; // the packed bases already are the flattened outputs
  return r;
}

LinearLayout LinearLayout::flattenIns() const {
  if (ins.empty())
    return *this;
  unsigned total = getTotalInDimSizeLog2();
  if (total > 30)
    fail("flattenIns: flattened size does not fit in int32");
  return reshapeIns({{ins.front().name, int32_t(1) << total}});
}

LinearLayout LinearLayout::flattenOuts() const {
  if (outs.empty())
    return *this;
  unsigned total = getTotalOutDimSizeLog2();
  if (total > 30)
    fail("flattenOuts: flattened size does not fit in int32");
  return reshapeOuts({{outs.front().name, int32_t(1) << total}});
}

LinearLayout LinearLayout::sublayout(ArrayRef<Dim> inDims,
                                     ArrayRef<Dim> outDims) const {
  LinearLayout r;
  for (const OutDim &out : outs)
    if (llvm::is_contained(outDims, out.name))
      r.outs.push_back(out);
  SmallVector<unsigned, 4> pos = r.positionsOf(*this);
  for (const InDim &in : ins) {
    if (!llvm::is_contained(inDims, in.name))
      continue;
    InDim rin{in.name, {}};
    for (uint64_t b : in.bases)
      rin.bases.push_back(repack(b, *this, pos));
    r.ins.push_back(std::move(rin));
  }
  return r;
}

bool LinearLayout::sublayoutIsZero(ArrayRef<Dim> inDims,
                                   ArrayRef<Dim> outDims) const {
  for (const InDim &in : sublayout(inDims, outDims).ins)
    for (uint64_t b : in.bases)
      if (b)
        return false;
  return true;
}

LinearLayout LinearLayout::concatIns(const LinearLayout &other) const {
  if (!isPermutationOf(other.getOutDimNames(), getOutDimNames()))
    fail("concatIns: the layouts have different out dims");
  for (const OutDim &out : outs)
    if (other.getOutDimSizeLog2(out.name) != out.log2Size)
      fail("concatIns: out dim " + out.name.str() + " differs in size");
  LinearLayout aligned = other.transposeOuts(getOutDimNames());
  LinearLayout r = *this;
  for (const InDim &in : aligned.ins) {
    if (hasInDim(in.name))
      fail("concatIns: in dim " + in.name.str() + " is in both layouts");
    r.ins.push_back(in);
  }
  if (r.getTotalInDimSizeLog2() > 64)
    fail("concatIns: more than 64 input bits");
  return r;
}

LinearLayout LinearLayout::concatOuts(const LinearLayout &other) const {
  if (!isPermutationOf(other.getInDimNames(), getInDimNames()))
    fail("concatOuts: the layouts have different in dims");
  LinearLayout r = *this;
  unsigned shift = getTotalOutDimSizeLog2();
  for (const OutDim &out : other.outs) {
    if (hasOutDim(out.name))
      fail("concatOuts: out dim " + out.name.str() + " is in both layouts");
    r.outs.push_back(out);
  }
  if (r.getTotalOutDimSizeLog2() > 64)
    fail("concatOuts: more than 64 output bits");
  for (InDim &in : r.ins) {
    ArrayRef<uint64_t> theirs = other.getPackedBases(in.name);
    if (theirs.size() != in.bases.size())
      fail("concatOuts: in dim " + in.name.str() + " differs in size");
    for (auto [mine, their] : llvm::zip_equal(in.bases, theirs))
      mine |= their << shift;
  }
  return r;
}

LinearLayout LinearLayout::removeZeroBasesAlongDim(Dim inDim) const {
  LinearLayout r = *this;
  InDim &in = r.ins[getInDimIndex(inDim)];
  llvm::erase_if(in.bases, [](uint64_t b) { return b == 0; });
  return r;
}

//===----------------------------------------------------------------------===//
// Comparison and printing
//===----------------------------------------------------------------------===//

namespace tt {
bool operator==(const LinearLayout &a, const LinearLayout &b) {
  if (a.ins.size() != b.ins.size() || a.outs.size() != b.outs.size())
    return false;
  for (auto [x, y] : llvm::zip_equal(a.outs, b.outs))
    if (x.name != y.name || x.log2Size != y.log2Size)
      return false;
  for (auto [x, y] : llvm::zip_equal(a.ins, b.ins))
    if (x.name != y.name || x.bases != y.bases)
      return false;
  return true;
}

bool LinearLayout::isSameMapAs(const LinearLayout &other) const {
  if (!isPermutationOf(other.getInDimNames(), getInDimNames()) ||
      !isPermutationOf(other.getOutDimNames(), getOutDimNames()))
    return false;
  return *this ==
         other.transposeIns(getInDimNames()).transposeOuts(getOutDimNames());
}

llvm::hash_code hash_value(const LinearLayout &l) {
  llvm::hash_code h = llvm::hash_value(l.ins.size());
  for (const auto &out : l.outs)
    h = llvm::hash_combine(h, out.name, out.log2Size);
  for (const auto &in : l.ins)
    h = llvm::hash_combine(
        h, in.name, llvm::hash_combine_range(in.bases.begin(), in.bases.end()));
  return h;
}
} // namespace tt

std::string LinearLayout::toString() const {
  std::string s;
  llvm::raw_string_ostream os(s);
  for (const InDim &in : ins) {
    os << in.name << ": [";
    llvm::interleaveComma(in.bases, os, [&](uint64_t b) {
      os << '(';
      llvm::interleaveComma(unpackOut(b), os);
      os << ')';
    });
    os << "]\n";
  }
  os << "-> ";
  llvm::interleaveComma(outs, os, [&](const OutDim &out) {
    os << out.name << " (size " << (uint64_t(1) << out.log2Size) << ')';
  });
  return s;
}
