//===- ConvertLayoutOpToLLVM.cpp - ttg.convert_layout -----------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// A layout conversion keeps the registers when both layouts place every
// element in the same lane and warp. When only lanes of one warp exchange
// elements (every warp holds the same elements on both sides), index
// shuffles move them, packed into 32-bit words, with no shared memory and
// no barrier (tt/LinearLayout/WarpExchange.h plans which register each lane
// sends and which lane it reads in each round). Otherwise the conversion
// goes through the operation's scratch buffer, in one of two arrangements:
//
//   - Matrix rows (NVIDIA, sm_90 and later): a 16-bit tensor whose threads
//     hold element pairs in the tensor-core accumulator arrangement (a
//     register bit and two lane bits walk the 8 columns of a row, three
//     more lane bits 8 rows: mma v2 and v3 after the f32 -> f16 truncation)
//     going to a layout whose threads read 16-byte rows (sizePerThread
//     [1, 8] blocked layouts). The buffer holds the tensor as 16-byte
//     chunks, row-major, with the low three bits of each chunk's index
//     XORed by a linear function of its higher bits, chosen from the two
//     layouts so that the 8 rows one stmatrix phase writes and the 8 chunks
//     a quarter warp reads fall in distinct bank groups. The source side is
//     `stmatrix.sync.aligned.m8n8.x4` (four pair registers per instruction,
//     each lane naming one 16-byte row), the destination side 16-byte
//     ld.shared.v4 loads.
//   - Padded rows (everything else): row-major with 16 bytes of padding
//     per row: each thread writes its elements, a barrier, each thread reads
//     the elements of its new layout. The padding shifts consecutive rows by
//     four banks, so that the column-pair stores of a tensor-core
//     accumulator (8 rows x 4 lanes) and the row reads of a blocked layout
//     hit distinct banks. Both sides use the widest accesses (up to 16
//     bytes) their registers allow.
//
// Either way every address is computed once per thread from its lane and
// warp bits (the layouts are linear over GF(2)), plus one base per distinct
// XOR pattern the registers add, the rest of the register part being an
// immediate.
//
//===----------------------------------------------------------------------===//

#include "tt/Conversion/TritonGPUToLLVM/Patterns.h"
#include "tt/Conversion/TritonGPUToLLVM/SharedMemory.h"

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"
#include "tt/LinearLayout/WarpExchange.h"

#include <map>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::lowering;

namespace {


/// The registers alone implement the conversion.
bool sameThreads(const tt::LinearLayout &src, const tt::LinearLayout &dst) {
  if (src.sublayout({tt::kLane, tt::kWarp}, src.getOutDimNames()) !=
      dst.sublayout({tt::kLane, tt::kWarp}, dst.getOutDimNames()))
    return false;
  SmallVector<int> map = mapRegisters(
      src, dst, [](ArrayRef<int32_t> c) { return SmallVector<int32_t>(c); });
  return llvm::all_of(map, [](int r) { return r >= 0; });
}

/// The padded row-major scratch layout of a conversion.
struct PaddedRows {
  SmallVector<int64_t> strides; // elements, per dim
  int64_t elems = 0;            // total elements, padding included
};

PaddedRows paddedRows(ArrayRef<int64_t> shape, unsigned elemBytes) {
  PaddedRows p;
  unsigned rank = shape.size();
  int64_t row = shape[rank - 1];
  int64_t rows = 1;
  for (unsigned d = 0; d + 1 < rank; ++d)
    rows *= shape[d];
  int64_t pad = 0;
  if (rows > 1 && row * elemBytes >= 64 && elemBytes <= 16)
    pad = 16 / elemBytes;
  p.strides.assign(rank, 1);
  int64_t stride = row + pad;
  for (unsigned d = rank - 1; d-- > 0;) {
    p.strides[d] = stride;
    stride *= shape[d];
  }
  p.elems = rank == 1 ? row : stride;
  return p;
}

/// Consecutive registers along the last dim, at most `maxElems`, such that
/// every other basis keeps the vector aligned.
unsigned vectorAlongLastDim(const tt::LinearLayout &l, unsigned maxElems) {
  unsigned rank = l.getNumOutDims();
  tt::Dim last = l.getOutDimNames()[rank - 1];
  unsigned regBits = l.getInDimSizeLog2(tt::kRegister);
  unsigned k = 0;
  auto isUnit = [&](unsigned i) {
    for (unsigned d = 0; d < rank; ++d) {
      int32_t v = l.getBasis(tt::kRegister, i, l.getOutDimNames()[d]);
      if (v != (d == rank - 1 ? (1 << i) : 0))
        return false;
    }
    return true;
  };
  while (k < regBits && isUnit(k) && (2u << k) <= maxElems)
    ++k;
  auto aligned = [&](unsigned kk) {
    int32_t low = (1 << kk) - 1;
    for (tt::Dim in : l.getInDimNames()) {
      if (in == tt::kBlock)
        continue;
      for (unsigned i = in == tt::kRegister ? kk : 0,
                    e = l.getInDimSizeLog2(in);
           i < e; ++i)
        if (l.getBasis(in, i, last) & low)
          return false;
    }
    return true;
  };
  while (k > 0 && !aligned(k))
    --k;
  return 1u << k;
}

/// Byte offsets of `layout`'s register groups of `vec` in the padded rows:
/// runtime bases (one per distinct XOR pattern of the register part over
/// the lane/warp part) and constant addends.
SharedAccessPlan planPadded(OpBuilder &b, Location loc,
                            const tt::LinearLayout &layout,
                            const PaddedRows &rows, unsigned elemBytes,
                            unsigned vec, Value base,
                            const LoweringContext &lc) {
  SharedAccessPlan plan;
  plan.vec = vec;
  SmallVector<Value> &bases = plan.bases;
  unsigned rank = layout.getNumOutDims();
  auto names = layout.getOutDimNames();
  // Per dim: the coordinate bits lanes and warps may set, and the runtime
  // coordinate.
  Value lane = laneId(b, loc, lc), warp = warpId(b, loc, lc);
  SmallVector<int32_t> hwMask(rank, 0);
  SmallVector<Value> hwCoord;
  for (unsigned d = 0; d < rank; ++d) {
    Value acc = i32Const(b, loc, 0);
    for (auto [dim, hwValue] : {std::pair{tt::kLane, lane}, {tt::kWarp, warp}}) {
      if (!layout.hasInDim(dim))
        continue;
      for (unsigned bit = 0, e = layout.getInDimSizeLog2(dim); bit < e; ++bit) {
        int32_t basis = layout.getBasis(dim, bit, names[d]);
        if (basis == 0)
          continue;
        hwMask[d] |= basis;
        acc = xorIfBitSet(b, loc, acc, hwValue, bit, basis);
      }
    }
    hwCoord.push_back(acc);
  }
  std::map<SmallVector<int32_t>, unsigned> seen;
  unsigned numRegs = layout.getInDimSize(tt::kRegister);
  for (unsigned r = 0; r < numRegs; r += vec) {
    SmallVector<int32_t> c = registerCoord(layout, r);
    SmallVector<int32_t> x(rank);
    int64_t addend = 0;
    for (unsigned d = 0; d < rank; ++d) {
      x[d] = c[d] & hwMask[d];
      addend += int64_t(c[d] & ~hwMask[d]) * rows.strides[d];
    }
    auto [it, inserted] = seen.emplace(x, bases.size());
    if (inserted) {
      Value off = i32Const(b, loc, 0);
      for (unsigned d = 0; d < rank; ++d) {
        Value coord = x[d] ? (Value)LLVM::XOrOp::create(b, loc, hwCoord[d],
                                                         i32Const(b, loc, x[d]))
                           : hwCoord[d];
        off = LLVM::AddOp::create(
            b, loc, off,
            LLVM::MulOp::create(b, loc, coord,
                                i32Const(b, loc, rows.strides[d] * elemBytes)));
      }
      bases.push_back(LLVM::AddOp::create(b, loc, base, off));
    }
    plan.baseOf.push_back(it->second);
    plan.addends.push_back(addend * elemBytes);
  }
  return plan;
}

//===----------------------------------------------------------------------===//
// Matrix rows: stmatrix into a buffer of XOR-swizzled 16-byte chunks
//===----------------------------------------------------------------------===//

/// The buffer of the matrix-rows path: the tensor as chunks of 8 elements
/// along its last dim, numbered row-major (index m); chunk m lives at
/// chunk m ^ f(m >> 3), f XORing swizzle[k] into the low three bits for
/// every bit k set in m >> 3. Chunk indices and placements are linear over
/// GF(2), so a placement of a sum of basis vectors is the XOR of theirs.
struct ChunkBuffer {
  SmallVector<int64_t> strides; // chunk-index stride of each dim
  SmallVector<int32_t> swizzle;
  int64_t chunks = 0;

  /// The chunk index of a coordinate whose last component is a multiple of
  /// 8 (the dims' bit fields are disjoint: the sum is an XOR).
  int64_t index(ArrayRef<int32_t> c) const {
    int64_t m = 0;
    for (unsigned d = 0, e = c.size(); d < e; ++d)
      m += int64_t(d + 1 == e ? c[d] >> 3 : c[d]) * strides[d];
    return m;
  }
  /// Where chunk index `m` is stored, in chunks.
  int64_t place(int64_t m) const {
    int64_t low = 0;
    for (unsigned k = 0; k < swizzle.size(); ++k)
      if ((m >> (k + 3)) & 1)
        low ^= swizzle[k];
    return m ^ low;
  }
  /// The placement of basis `i` of input `in` of `l`.
  int64_t placeBasis(const tt::LinearLayout &l, tt::Dim in, unsigned i) const {
    tt::LinearLayout::Basis v = l.getBasis(in, i);
    return place(index(SmallVector<int32_t>(v.begin(), v.end())));
  }
};

/// Basis `i` of `in` moves along the last dim only, by `value`.
bool isColumnStep(const tt::LinearLayout &l, tt::Dim in, unsigned i,
                  int32_t value) {
  if (i >= l.getInDimSizeLog2(in))
    return false;
  tt::LinearLayout::Basis v = l.getBasis(in, i);
  for (unsigned d = 0; d + 1 < v.size(); ++d)
    if (v[d] != 0)
      return false;
  return v.back() == value;
}

/// Every register basis from `firstReg`, lane basis from `firstLane` and
/// warp basis keeps 8-element chunks whole; one CTA.
bool keepsChunks(const tt::LinearLayout &l, unsigned firstReg,
                 unsigned firstLane) {
  if (l.hasInDim(tt::kBlock) && l.getInDimSize(tt::kBlock) != 1)
    return false;
  for (auto [in, first] : {std::pair{tt::kRegister, firstReg},
                           {tt::kLane, firstLane},
                           {tt::kWarp, 0u}}) {
    if (!l.hasInDim(in))
      continue;
    for (unsigned i = first, e = l.getInDimSizeLog2(in); i < e; ++i)
      if (l.getBasis(in, i).back() % 8 != 0)
        return false;
  }
  return true;
}

/// The rank over GF(2) of a set of bit vectors.
unsigned rankOf(SmallVector<int64_t> vs) {
  unsigned rank = 0;
  for (unsigned i = 0; i < vs.size(); ++i) {
    if (vs[i] == 0)
      continue;
    ++rank;
    int64_t pivot = vs[i] & -vs[i];
    for (unsigned j = i + 1; j < vs.size(); ++j)
      if (vs[j] & pivot)
        vs[j] ^= vs[i];
  }
  return rank;
}

/// How far the wavefronts `phases` (per phase, the chunk indices its lane
/// bits step by) are from conflict-free: per phase, the dimensions of the
/// chunks it touches that do not show in their bank groups (place & 7).
unsigned bankConflicts(const ChunkBuffer &buf,
                       ArrayRef<SmallVector<int64_t>> phases) {
  unsigned lost = 0;
  for (ArrayRef<int64_t> phase : phases) {
    SmallVector<int64_t> placed, groups;
    for (int64_t m : phase) {
      placed.push_back(buf.place(m));
      groups.push_back(buf.place(m) & 7);
    }
    lost += rankOf(placed) - rankOf(groups);
  }
  return lost;
}

/// Picks the swizzle so that the chunks each of `phases` touches fall in
/// distinct bank groups. First greedily: a chunk whose group the phase
/// already spans gets a high index bit no earlier chunk uses XOR a group
/// outside the span. When that leaves conflicts (the rows the source writes
/// and the chunks the destination reads share index bits), every
/// assignment of the high bits the phases use is tried (at most 8^6).
void chooseSwizzle(ChunkBuffer &buf, ArrayRef<SmallVector<int64_t>> phases) {
  unsigned highBits = llvm::Log2_64(buf.chunks);
  highBits = highBits > 3 ? highBits - 3 : 0;
  buf.swizzle.assign(highBits, 0);
  SmallVector<bool> locked(highBits, false);
  for (ArrayRef<int64_t> phase : phases) {
    SmallVector<int32_t> span{0};
    for (int64_t m : phase) {
      if (m == 0) // A lane bit that does not move: the same chunk.
        continue;
      int32_t group = buf.place(m) & 7;
      for (unsigned k = 0; k < highBits && llvm::is_contained(span, group);
           ++k) {
        if (!((m >> (k + 3)) & 1) || locked[k])
          continue;
        for (int32_t e = 1; e < 8; ++e)
          if (!llvm::is_contained(span, group ^ e)) {
            buf.swizzle[k] = e;
            group ^= e;
            break;
          }
        locked[k] = true;
      }
      for (unsigned k = 0; k < highBits; ++k)
        if ((m >> (k + 3)) & 1)
          locked[k] = true;
      if (!llvm::is_contained(span, group))
        for (unsigned i = 0, e = span.size(); i < e; ++i)
          span.push_back(span[i] ^ group);
    }
  }
  unsigned best = bankConflicts(buf, phases);
  if (best == 0)
    return;
  SmallVector<unsigned> used;
  for (unsigned k = 0; k < highBits; ++k)
    if (llvm::any_of(phases, [&](ArrayRef<int64_t> phase) {
          return llvm::any_of(phase,
                              [&](int64_t m) { return (m >> (k + 3)) & 1; });
        }))
      used.push_back(k);
  if (used.size() > 6)
    return;
  ChunkBuffer trial = buf;
  SmallVector<int32_t> bestSwizzle = buf.swizzle;
  for (int64_t code = 0, e = int64_t(1) << (3 * used.size());
       code < e && best > 0; ++code) {
    for (auto [i, k] : llvm::enumerate(used))
      trial.swizzle[k] = (code >> (3 * i)) & 7;
    unsigned lost = bankConflicts(trial, phases);
    if (lost < best) {
      best = lost;
      bestSwizzle = trial.swizzle;
    }
  }
  buf.swizzle = bestSwizzle;
}

/// The matrix-rows buffer when the conversion `src` -> `dst` of a tensor of
/// `type` fits the path: 16-bit elements; in `src`, register bit 0 and lane
/// bits 0-1 walk columns 1, 2, 4 (the pair of a 32-bit register, 4 lanes
/// per 8-column row) and lane bits 2-4 the rows of an 8x8 matrix; in
/// `dst`, register bits 0-2 walk columns 1, 2, 4 (a 16-byte row per
/// access); every other basis of both moves by whole chunks.
std::optional<ChunkBuffer> matchMatrixRows(const tt::LinearLayout &src,
                                           const tt::LinearLayout &dst,
                                           RankedTensorType type) {
  Type elem = type.getElementType();
  ArrayRef<int64_t> shape = type.getShape();
  if (!elem.isIntOrFloat() || elem.getIntOrFloatBitWidth() != 16 ||
      shape.empty() || shape.back() < 8 ||
      src.getOutDimNames() != dst.getOutDimNames() ||
      !src.hasInDim(tt::kLane) || src.getInDimSizeLog2(tt::kLane) != 5)
    return std::nullopt;
  if (!isColumnStep(src, tt::kRegister, 0, 1) ||
      !isColumnStep(src, tt::kLane, 0, 2) ||
      !isColumnStep(src, tt::kLane, 1, 4) || !keepsChunks(src, 1, 2))
    return std::nullopt;
  if (!isColumnStep(dst, tt::kRegister, 0, 1) ||
      !isColumnStep(dst, tt::kRegister, 1, 2) ||
      !isColumnStep(dst, tt::kRegister, 2, 4) || !keepsChunks(dst, 3, 0))
    return std::nullopt;

  ChunkBuffer buf;
  unsigned rank = shape.size();
  buf.strides.assign(rank, 1);
  int64_t stride = 1;
  for (unsigned d = rank; d-- > 0;) {
    buf.strides[d] = stride;
    stride *= d + 1 == rank ? shape[d] / 8 : shape[d];
  }
  buf.chunks = stride;
  // The wavefronts: the 8 rows of one stored matrix (source lane bits 2-4)
  // and the 8 chunks of a quarter warp's loads (destination lane bits 0-2).
  SmallVector<SmallVector<int64_t>, 2> phases(2);
  for (unsigned i = 2; i < 5; ++i)
    phases[0].push_back(buf.placeBasis(src, tt::kLane, i));
  for (unsigned i = 0; i < 3 && dst.hasInDim(tt::kLane) &&
                       i < dst.getInDimSizeLog2(tt::kLane);
       ++i)
    phases[1].push_back(buf.placeBasis(dst, tt::kLane, i));
  chooseSwizzle(buf, phases);
  return buf;
}

/// The placed chunk of each combination of the bases `first`.. of `in`
/// (combination g sets basis first + j for each bit j of g).
SmallVector<int64_t> registerChunks(const ChunkBuffer &buf,
                                    const tt::LinearLayout &l, unsigned first) {
  unsigned bits = l.getInDimSizeLog2(tt::kRegister) - first;
  SmallVector<int64_t> out(1u << bits, 0);
  for (unsigned g = 0; g < out.size(); ++g)
    for (unsigned j = 0; j < bits; ++j)
      if ((g >> j) & 1)
        out[g] ^= buf.placeBasis(l, tt::kRegister, first + j);
  return out;
}

SmallVector<int64_t> inputChunks(const ChunkBuffer &buf,
                                 const tt::LinearLayout &l, tt::Dim in) {
  SmallVector<int64_t> out;
  if (l.hasInDim(in))
    for (unsigned i = 0, e = l.getInDimSizeLog2(in); i < e; ++i)
      out.push_back(buf.placeBasis(l, in, i));
  return out;
}

/// The stmatrix side of the matrix-rows conversion: lanes 8i..8i+7 name the
/// rows of matrix i, so lane bits 2-4 pick the row and the low pair bits (at
/// most two: `matrixBits`) the matrix; the chunk each of them moves by.
struct MatrixRowLanes {
  unsigned matrixBits;
  SmallVector<int64_t> laneChunks;
};
MatrixRowLanes matrixRowLanes(const ChunkBuffer &buf,
                              const tt::LinearLayout &src) {
  unsigned pairBits = src.getInDimSizeLog2(tt::kRegister) - 1;
  MatrixRowLanes rows{std::min(2u, pairBits), {}};
  for (unsigned i = 2; i < 5; ++i)
    rows.laneChunks.push_back(buf.placeBasis(src, tt::kLane, i));
  for (unsigned j = 0; j < rows.matrixBits; ++j)
    rows.laneChunks.push_back(buf.placeBasis(src, tt::kRegister, 1 + j));
  return rows;
}

#ifndef NDEBUG
/// Replays the matrix-rows exchange on the host: the byte every element is
/// stored at (stmatrix semantics) must be the byte it is loaded from.
bool replayMatrixRows(const ChunkBuffer &buf, const tt::LinearLayout &src,
                      const tt::LinearLayout &dst) {
  auto flat = [&](const tt::LinearLayout &l, int32_t reg, int32_t lane,
                  int32_t warp) {
    SmallVector<std::pair<tt::Dim, int32_t>> ins{{tt::kRegister, reg},
                                                 {tt::kLane, lane}};
    if (l.hasInDim(tt::kWarp))
      ins.push_back({tt::kWarp, warp});
    if (l.hasInDim(tt::kBlock))
      ins.push_back({tt::kBlock, 0});
    int64_t f = 0;
    for (auto [dim, v] : l.apply(ins))
      f = f * l.getOutDimSize(dim) + v;
    return f;
  };
  auto addressOf = [&](ArrayRef<int64_t> laneChunks,
                       ArrayRef<int64_t> warpChunks, int64_t regChunk,
                       int32_t lane, int32_t warp) {
    int64_t c = regChunk;
    for (auto [bit, v] : llvm::enumerate(laneChunks))
      if ((lane >> bit) & 1)
        c ^= v;
    for (auto [bit, v] : llvm::enumerate(warpChunks))
      if ((warp >> bit) & 1)
        c ^= v;
    return 16 * c;
  };
  std::vector<int64_t> memory(buf.chunks * 8, -1);
  MatrixRowLanes rows = matrixRowLanes(buf, src);
  unsigned matrixBits = rows.matrixBits;
  ArrayRef<int64_t> laneChunks = rows.laneChunks;
  SmallVector<int64_t> warps = inputChunks(buf, src, tt::kWarp);
  SmallVector<int64_t> regs = registerChunks(buf, src, 1 + matrixBits);
  int32_t numWarps = src.hasInDim(tt::kWarp) ? src.getInDimSize(tt::kWarp) : 1;
  unsigned x = 1u << matrixBits;
  for (int32_t w = 0; w < numWarps; ++w)
    for (unsigned g = 0; g < regs.size(); ++g)
      for (int32_t t = 0; t < 32; ++t)
        for (unsigned i = 0; i < x; ++i) {
          int64_t row = addressOf(laneChunks, warps, regs[g], 8 * i + t / 4, w);
          unsigned p = g * x + i;
          for (unsigned h = 0; h < 2; ++h) {
            int64_t at = row / 2 + 2 * (t % 4) + h;
            int64_t e = flat(src, 2 * p + h, t, w);
            if (at < 0 || at >= int64_t(memory.size()) ||
                (memory[at] >= 0 && memory[at] != e))
              return false;
            memory[at] = e;
          }
        }
  SmallVector<int64_t> dLanes = inputChunks(buf, dst, tt::kLane);
  SmallVector<int64_t> dWarps = inputChunks(buf, dst, tt::kWarp);
  SmallVector<int64_t> dRegs = registerChunks(buf, dst, 3);
  int32_t dstWarps = dst.hasInDim(tt::kWarp) ? dst.getInDimSize(tt::kWarp) : 1;
  for (int32_t w = 0; w < dstWarps; ++w)
    for (int32_t t = 0; t < dst.getInDimSize(tt::kLane); ++t)
      for (unsigned g = 0; g < dRegs.size(); ++g)
        for (unsigned k = 0; k < 8; ++k) {
          int64_t at = addressOf(dLanes, dWarps, dRegs[g], t, w) / 2 + k;
          if (memory[at] != flat(dst, 8 * g + k, t, w))
            return false;
        }
  return true;
}
#endif

/// The matrix-rows conversion: stmatrix of the source's pair registers,
/// barrier, 16-byte loads of the destination's rows.
SmallVector<Value> convertThroughMatrixRows(
    OpBuilder &b, Location loc, const ChunkBuffer &buf,
    const tt::LinearLayout &src, const tt::LinearLayout &dst,
    ArrayRef<Value> in, Type elemType, Value scratch,
    const LoweringContext &lc) {
  // Source: pair p (registers 2p, 2p+1) goes to matrix p % x of stmatrix
  // p / x; lanes 8i..8i+7 name the rows of matrix i: source lane bits 2-4
  // for the row, the pair bits for the matrix.
  assert(replayMatrixRows(buf, src, dst) && "matrix-rows addresses disagree");
  MatrixRowLanes rows = matrixRowLanes(buf, src);
  unsigned matrixBits = rows.matrixBits;
  ArrayRef<int64_t> laneChunks = rows.laneChunks;
  // The pairs are packed before the barrier: in a tensor-core epilogue the
  // f32 accumulators then die before the exchange starts.
  SmallVector<Value> words;
  for (unsigned r = 0; r < in.size(); r += 2)
    words.push_back(packSharedStore(b, loc, in.slice(r, 2)));
  barrier(b, loc, lc);
  storeMatrixChunks(b, loc, scratch, laneChunks,
                    inputChunks(buf, src, tt::kWarp),
                    registerChunks(buf, src, 1 + matrixBits), words, lc);
  barrier(b, loc, lc);

  // Destination: 8 registers (one chunk) per load.
  SmallVector<Value> bases;
  SmallVector<unsigned> baseOf;
  SmallVector<int64_t> addends;
  planChunkAccess(b, loc, scratch, inputChunks(buf, dst, tt::kLane),
                  inputChunks(buf, dst, tt::kWarp), registerChunks(buf, dst, 3),
                  lc, bases, baseOf, addends);
  SmallVector<Value> out;
  for (unsigned g = 0; g < baseOf.size(); ++g)
    for (Value v : loadShared(b, loc, bases[baseOf[g]], addends[g], elemType, 8))
      out.push_back(v);
  return out;
}

/// Bits of one element of `type` as registers hold it (pointers: 64).
unsigned elementBits(RankedTensorType type) {
  Type elem = type.getElementType();
  if (isa<triton::PointerType>(elem))
    return 64;
  return elem.isIntOrFloat() ? elem.getIntOrFloatBitWidth() : 0;
}

/// The shuffle plan of a conversion that stays inside each warp, if any.
std::optional<tt::WarpExchangePlan>
warpExchangePlan(const tt::LinearLayout &src, const tt::LinearLayout &dst,
                 RankedTensorType type) {
  return tt::planWarpExchange(src, dst, elementBits(type));
}

/// The linear function `f` of the lane id, at run time.
Value laneFunction(OpBuilder &b, Location loc, Value lane, unsigned laneBits,
                   function_ref<uint32_t(uint32_t)> f) {
  Value acc = i32Const(b, loc, 0);
  for (unsigned bit = 0; bit < laneBits; ++bit)
    if (uint32_t v = f(1u << bit))
      acc = xorIfBitSet(b, loc, acc, lane, bit, v);
  return acc;
}

/// The values `f` takes over the lanes, first seen first, and for each but
/// the first the run-time predicate that `runtime` (f of this lane) equals
/// it. choose() then picks among candidates with a chain of selects.
struct LaneChoice {
  SmallVector<uint32_t> values;
  SmallVector<Value> isValue; // isValue[k] for values[k], k >= 1

  LaneChoice(OpBuilder &b, Location loc, Value runtime, unsigned laneBits,
             function_ref<uint32_t(uint32_t)> f) {
    for (uint32_t l = 0; l < (1u << laneBits); ++l)
      if (!llvm::is_contained(values, f(l)))
        values.push_back(f(l));
    isValue.push_back(Value());
    for (unsigned k = 1; k < values.size(); ++k)
      isValue.push_back(LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq,
                                             runtime,
                                             i32Const(b, loc, values[k])));
  }

  Value choose(OpBuilder &b, Location loc,
               function_ref<Value(uint32_t)> candidate) const {
    Value v = candidate(values[0]);
    for (unsigned k = 1; k < values.size(); ++k)
      v = LLVM::SelectOp::create(b, loc, isValue[k], candidate(values[k]), v);
    return v;
  }
};

/// The elements of `values` as one integer (a vector bitcast), or the value
/// itself when there is one.
Value packInteger(OpBuilder &b, Location loc, ArrayRef<Value> values) {
  if (values.size() == 1)
    return values[0];
  Type elem = values[0].getType();
  auto vecType = VectorType::get({int64_t(values.size())}, elem);
  Value v = LLVM::PoisonOp::create(b, loc, vecType);
  for (unsigned j = 0; j < values.size(); ++j)
    v = LLVM::InsertElementOp::create(b, loc, v, values[j], i32Const(b, loc, j));
  return LLVM::BitcastOp::create(
      b, loc, b.getIntegerType(values.size() * elem.getIntOrFloatBitWidth()),
      v);
}

SmallVector<Value> unpackInteger(OpBuilder &b, Location loc, Value word,
                                 Type elem, unsigned count) {
  if (count == 1)
    return {word};
  auto vecType = VectorType::get({int64_t(count)}, elem);
  Value v = LLVM::BitcastOp::create(b, loc, vecType, word);
  SmallVector<Value> out;
  for (unsigned j = 0; j < count; ++j)
    out.push_back(
        LLVM::ExtractElementOp::create(b, loc, v, i32Const(b, loc, j)));
  return out;
}

/// Executes `plan`: one index shuffle per round, each lane sending the word
/// of source registers its reader wants and keeping the word it reads for
/// the destination registers of its round.
SmallVector<Value> convertInWarp(OpBuilder &b, Location loc,
                                 const tt::WarpExchangePlan &plan,
                                 ArrayRef<Value> in,
                                 const LoweringContext &lc) {
  Value lane = laneId(b, loc, lc);
  unsigned laneBits = plan.laneBits;
  // sourceLane(t, l) = sourceLane(t, 0) ^ sourceLane(0, l): the part that
  // depends on the lane is computed once.
  Value readBase = laneFunction(b, loc, lane, laneBits, [&](uint32_t l) {
    return plan.sourceLane(0, l);
  });
  auto senderShift = [&](uint32_t l) { return plan.senderShift(l); };
  LaneChoice send(b, loc, laneFunction(b, loc, lane, laneBits, senderShift),
                  laneBits, senderShift);
  auto receiverShift = [&](uint32_t l) { return plan.receiverShift(l); };
  LaneChoice keep(b, loc, laneFunction(b, loc, lane, laneBits, receiverShift),
                  laneBits, receiverShift);

  SmallVector<Value> received;
  for (unsigned t = 0; t < plan.rounds(); ++t) {
    Value word = send.choose(b, loc, [&](uint32_t shift) {
      SmallVector<Value> elems;
      for (unsigned g = 0; g < plan.slots(); ++g)
        elems.push_back(in[plan.sendRegister(t, g) ^ shift]);
      return packInteger(b, loc, elems);
    });
    Value from = readBase;
    if (uint32_t c = plan.sourceLane(t, 0))
      from = LLVM::XOrOp::create(b, loc, from, i32Const(b, loc, c));
    received.push_back(shuffle(b, loc, word, ShuffleKind::Idx, from, 0x1f, lc));
  }

  // Round t delivered destination registers roundRegister(t) ^ K L.
  Type elem = in[0].getType();
  SmallVector<Value> out(plan.dstRegs);
  for (unsigned t = 0; t < plan.rounds(); ++t) {
    uint32_t reg = plan.roundRegister(t);
    Value word = keep.choose(b, loc, [&](uint32_t shift) {
      return received[plan.roundOf(reg ^ shift)];
    });
    SmallVector<Value> elems =
        unpackInteger(b, loc, word, elem, plan.slots());
    for (unsigned g = 0; g < plan.slots(); ++g)
      out[reg ^ plan.slotRegister(g)] = elems[g];
  }
  for (unsigned r = 0; r < plan.dstRegs; ++r)
    out[r] = out[r & ~plan.dstFreeRegs];
  return out;
}

struct ConvertLayoutOpConversion
    : public LoweringPattern<ttg::ConvertLayoutOp> {
  using LoweringPattern::LoweringPattern;

  LogicalResult
  matchAndRewrite(ttg::ConvertLayoutOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    tt::LinearLayout src = getLayout(srcType), dst = getLayout(dstType);
    SmallVector<Value> in = unpackLLElements(loc, adaptor.getSrc(), rewriter);
    if (sameThreads(src, dst)) {
      SmallVector<int> map = mapRegisters(
          src, dst, [](ArrayRef<int32_t> c) { return SmallVector<int32_t>(c); });
      SmallVector<Value> out;
      for (int r : map)
        out.push_back(in[r]);
      rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), out,
                                            rewriter, dstType));
      return success();
    }

    if (std::optional<tt::WarpExchangePlan> plan =
            warpExchangePlan(src, dst, dstType)) {
      SmallVector<Value> out = convertInWarp(rewriter, loc, *plan, in, lc);
      rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), out,
                                            rewriter, dstType));
      return success();
    }

    Type elemType = getTypeConverter()->convertType(dstType.getElementType());
    if (lc.target->hasStoreMatrix()) {
      if (std::optional<ChunkBuffer> buf = matchMatrixRows(src, dst, dstType)) {
        FailureOr<Value> scratch =
            scratchAddress(rewriter, loc, op, buf->chunks * 16);
        if (failed(scratch))
          return failure();
        SmallVector<Value> out = convertThroughMatrixRows(
            rewriter, loc, *buf, src, dst, in, elemType, *scratch, lc);
        rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), out,
                                              rewriter, dstType));
        return success();
      }
    }
    unsigned elemBytes = sharedMemoryBytes(dstType.getElementType());
    PaddedRows rows = paddedRows(dstType.getShape(), elemBytes);
    FailureOr<Value> scratch =
        scratchAddress(rewriter, loc, op, rows.elems * elemBytes);
    if (failed(scratch))
      return failure();
    unsigned maxVec = std::max(1u, 16 / elemBytes);

    {
      SharedAccessPlan plan =
          planPadded(rewriter, loc, src, rows, elemBytes,
                     vectorAlongLastDim(src, maxVec), *scratch, lc);
      unsigned vec = plan.vec;
      // The data is packed before the barrier: in a tensor-core epilogue the
      // f32 accumulators then die before the exchange starts.
      int32_t freeRegs = src.getFreeVariableMask(tt::kRegister);
      SmallVector<std::pair<unsigned, Value>> packed;
      for (unsigned g = 0, r = 0; r < in.size(); ++g, r += vec)
        if (!(r & freeRegs))
          packed.push_back(
              {g, packSharedStore(rewriter, loc,
                                  ArrayRef<Value>(in).slice(r, vec))});
      barrier(rewriter, loc, lc);
      for (auto [g, data] : packed)
        storeSharedPacked(rewriter, loc, plan.bases[plan.baseOf[g]],
                          plan.addends[g], data);
    }
    barrier(rewriter, loc, lc);
    SmallVector<Value> out = loadPlanned(
        rewriter, loc,
        planPadded(rewriter, loc, dst, rows, elemBytes,
                   vectorAlongLastDim(dst, maxVec), *scratch, lc),
        dst.getInDimSize(tt::kRegister), elemType);
    rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), out,
                                          rewriter, dstType));
    return success();
  }
};

} // namespace

int64_t mlir::triton::lowering::getConvertLayoutScratchBytes(
    ttg::ConvertLayoutOp op, const TargetInfo *target) {
  auto srcType = cast<RankedTensorType>(op.getSrc().getType());
  auto dstType = cast<RankedTensorType>(op.getType());
  std::optional<tt::LinearLayout> src = ttg::toLinearLayout(srcType);
  std::optional<tt::LinearLayout> dst = ttg::toLinearLayout(dstType);
  if (!src || !dst || sameThreads(*src, *dst) ||
      warpExchangePlan(*src, *dst, dstType))
    return 0;
  // The matrix-rows path is taken where the target has stmatrix. Without a
  // target the padded buffer, which is larger, is allocated, and either
  // lowering fits in it.
  if (target && target->hasStoreMatrix())
    if (std::optional<ChunkBuffer> buf = matchMatrixRows(*src, *dst, dstType))
      return buf->chunks * 16;
  unsigned elemBytes = sharedMemoryBytes(dstType.getElementType());
  return paddedRows(dstType.getShape(), elemBytes).elems * elemBytes;
}

void mlir::triton::lowering::populateConvertLayoutOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &tc, RewritePatternSet &patterns,
    LoweringContext &lc) {
  patterns.add<ConvertLayoutOpConversion>(tc, lc);
}
