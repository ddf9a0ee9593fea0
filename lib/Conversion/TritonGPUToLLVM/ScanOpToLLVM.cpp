//===- ScanOpToLLVM.cpp - tt.scan -------------------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// An inclusive scan along `axis`, read off the operand's linear layout. Each
// bit of the axis coordinate comes from one hardware bit; from the least
// significant up they must be register bits (R1), lane bits (L), warp bits
// (W), then register bits again (R2, the layout repeating along the axis),
// which every blocked layout and its slices satisfy. The scan then runs
// level by level, each level adding the totals of the blocks before it:
//
//   R1  sequentially within the thread;
//   L   Hillis-Steele over the lanes on each thread's block total with
//       shfl.sync.up (shfl.sync.down for `reverse`), then the exclusive
//       lane prefix folded into every element;
//   W, R2  the last lane of each warp writes its block total to shared
//       memory, and every thread folds in the totals of all blocks before
//       its own; without warp bits the R2 block totals come from the last
//       lane by shfl.sync.idx instead.
//
// A `reverse` scan is the same with every digit counted from the other end,
// so the combining region always sees (earlier in scan order, later).
//
//===----------------------------------------------------------------------===//

#include "tt/Conversion/TritonGPUToLLVM/Patterns.h"
#include "tt/Conversion/TritonGPUToLLVM/SharedMemory.h"

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"


#include <map>
#include <tuple>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::lowering;

namespace {

using Values = SmallVector<Value>;

/// The bits of `hw` at `positions`, packed from bit 0 up.
Value gatherBits(OpBuilder &b, Location loc, Value hw,
                 ArrayRef<unsigned> positions) {
  bool contiguous = true;
  for (unsigned i = 1; i < positions.size(); ++i)
    contiguous &= positions[i] == positions[0] + i;
  if (contiguous) {
    Value v = LLVM::LShrOp::create(b, loc, hw, i32Const(b, loc, positions[0]));
    return LLVM::AndOp::create(b, loc, v,
                               i32Const(b, loc, (1 << positions.size()) - 1));
  }
  Value out = i32Const(b, loc, 0);
  for (auto [i, p] : llvm::enumerate(positions)) {
    Value bit = extractBit(b, loc, hw, p);
    out = LLVM::OrOp::create(
        b, loc, out, LLVM::ShlOp::create(b, loc, bit, i32Const(b, loc, i)));
  }
  return out;
}

/// `hw` with the bits at `positions` replaced by the bits of `digit`.
Value scatterBits(OpBuilder &b, Location loc, Value hw, Value digit,
                  ArrayRef<unsigned> positions) {
  int32_t mask = 0;
  for (unsigned p : positions)
    mask |= 1 << p;
  Value out = LLVM::AndOp::create(b, loc, hw, i32Const(b, loc, ~mask));
  for (auto [i, p] : llvm::enumerate(positions)) {
    Value bit = extractBit(b, loc, digit, i);
    out = LLVM::OrOp::create(
        b, loc, out, LLVM::ShlOp::create(b, loc, bit, i32Const(b, loc, p)));
  }
  return out;
}

unsigned staticDigit(unsigned r, ArrayRef<unsigned> positions) {
  unsigned d = 0;
  for (auto [i, p] : llvm::enumerate(positions))
    d |= ((r >> p) & 1) << i;
  return d;
}

struct ScanOpConversion : public LoweringPattern<ScanOp> {
  using LoweringPattern::LoweringPattern;

  LogicalResult
  matchAndRewrite(ScanOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    unsigned axis = op.getAxis();
    bool reverse = op.getReverse();
    unsigned numOperands = op.getNumOperands();
    auto srcType = cast<RankedTensorType>(op.getSrcs()[0].getType());
    tt::LinearLayout layout = getLayout(srcType);
    unsigned rank = srcType.getRank();
    unsigned axisBits = llvm::Log2_64(srcType.getShape()[axis]);

    // Which hardware bit produces each bit of the axis coordinate.
    SmallVector<std::pair<tt::Dim, unsigned>> source(axisBits,
                                                     {tt::kRegister, ~0u});
    for (tt::Dim hw : layout.getInDimNames()) {
      for (unsigned bit = 0, e = layout.getInDimSizeLog2(hw); bit < e; ++bit) {
        tt::LinearLayout::Basis basis = layout.getBasis(hw, bit);
        if (basis[axis] == 0)
          continue;
        bool mixed = false;
        for (unsigned d = 0; d < rank; ++d)
          mixed |= d != axis && basis[d] != 0;
        unsigned j = llvm::Log2_32(basis[axis]);
        if (mixed || !llvm::isPowerOf2_32(basis[axis]) || hw == tt::kBlock ||
            source[j].second != ~0u)
          return op.emitError("cannot lower a scan over this layout: a "
                              "hardware bit moves along the axis and another "
                              "dimension at once");
        source[j] = {hw, bit};
      }
    }
    // Classify: R1 lanes warps R2, in this order from the low bits.
    SmallVector<unsigned> r1Bits, laneBits, warpBits, r2Bits;
    int phase = 0;
    for (auto [hw, bit] : source) {
      if (bit == ~0u)
        return op.emitError("cannot lower a scan over a layout that does not "
                            "cover the axis");
      if (hw == tt::kRegister) {
        if (phase == 0) {
          r1Bits.push_back(bit);
          continue;
        }
        phase = 3;
        r2Bits.push_back(bit);
      } else if (hw == tt::kLane && phase <= 1) {
        phase = 1;
        laneBits.push_back(bit);
      } else if (hw == tt::kWarp && phase <= 2) {
        phase = 2;
        warpBits.push_back(bit);
      } else {
        return op.emitError("cannot lower a scan over this layout: along the "
                            "axis, lanes must follow registers and warps "
                            "follow lanes");
      }
    }

    SmallVector<Values> inputs;
    for (Value v : adaptor.getSrcs())
      inputs.push_back(unpackLLElements(loc, v, rewriter));
    unsigned numRegs = inputs[0].size();
    SmallVector<Values> vals(numRegs);
    for (unsigned r = 0; r < numRegs; ++r)
      for (auto &in : inputs)
        vals[r].push_back(in[r]);

    auto combine = [&](ArrayRef<Value> earlier, ArrayRef<Value> later) {
      SmallVector<Value> args(earlier.begin(), earlier.end());
      args.append(later.begin(), later.end());
      SmallVector<Value> r =
          inlineBlock(rewriter, op.getCombineOp().front(), args);
      return Values(r.begin(), r.end());
    };
    auto select = [&](Value cond, ArrayRef<Value> a, ArrayRef<Value> b) {
      Values out;
      for (auto [x, y] : llvm::zip(a, b))
        out.push_back(LLVM::SelectOp::create(rewriter, loc, cond, x, y));
      return out;
    };
    // Position in scan order of a digit of `n` bits.
    auto order = [&](unsigned digit, unsigned n) {
      return reverse ? ((1u << n) - 1) - digit : digit;
    };
    auto orderValue = [&](Value digit, unsigned n) -> Value {
      if (!reverse)
        return digit;
      return LLVM::SubOp::create(rewriter, loc,
                                 i32Const(rewriter, loc, (1 << n) - 1), digit);
    };

    // Chunks: registers sharing everything but their R1 bits, listed in
    // scan order; keyed by (other register bits, R2 position).
    int32_t r1Mask = 0, r2Mask = 0;
    for (unsigned p : r1Bits)
      r1Mask |= 1 << p;
    for (unsigned p : r2Bits)
      r2Mask |= 1 << p;
    std::map<std::pair<unsigned, unsigned>, SmallVector<unsigned>> chunks;
    for (unsigned r = 0; r < numRegs; ++r) {
      auto key = std::make_pair(unsigned(r & ~(r1Mask | r2Mask)),
                                order(staticDigit(r, r2Bits), r2Bits.size()));
      auto &list = chunks[key];
      if (list.empty())
        list.resize(1u << r1Bits.size());
      list[order(staticDigit(r, r1Bits), r1Bits.size())] = r;
    }

    // 1. Within the thread.
    for (auto &[key, regs] : chunks)
      for (unsigned q = 1; q < regs.size(); ++q)
        vals[regs[q]] = combine(vals[regs[q - 1]], vals[regs[q]]);

    // 2. Across lanes.
    Value lane = laneId(rewriter, loc, lc);
    Value laneDigit, laneQ;
    std::map<std::pair<unsigned, unsigned>, Values> laneTotals;
    unsigned numLaneBits = laneBits.size();
    bool contiguousLanes = true;
    for (unsigned i = 1; i < numLaneBits; ++i)
      contiguousLanes &= laneBits[i] == laneBits[0] + i;
    if (numLaneBits) {
      laneDigit = gatherBits(rewriter, loc, lane, laneBits);
      laneQ = orderValue(laneDigit, numLaneBits);
    }
    // The value `delta` positions earlier in scan order along the lanes.
    auto laneShift = [&](ArrayRef<Value> v, unsigned delta) {
      Values out;
      Value offset, src;
      if (contiguousLanes) {
        offset = i32Const(rewriter, loc, delta << laneBits[0]);
      } else {
        Value d = reverse ? (Value)LLVM::AddOp::create(
                                rewriter, loc, laneDigit,
                                i32Const(rewriter, loc, delta))
                          : (Value)LLVM::SubOp::create(
                                rewriter, loc, laneDigit,
                                i32Const(rewriter, loc, delta));
        src = scatterBits(rewriter, loc, lane, d, laneBits);
      }
      for (Value x : v) {
        if (!contiguousLanes)
          out.push_back(shuffle(rewriter, loc, x, ShuffleKind::Idx, src, 0x1f, lc));
        else if (reverse)
          out.push_back(shuffle(rewriter, loc, x, ShuffleKind::Down, offset, 0x1f, lc));
        else
          out.push_back(shuffle(rewriter, loc, x, ShuffleKind::Up, offset, 0, lc));
      }
      return out;
    };
    if (numLaneBits) {
      for (auto &[key, regs] : chunks) {
        Values total = vals[regs.back()];
        for (unsigned s = 0; s < numLaneBits; ++s) {
          unsigned delta = 1u << s;
          Values earlier = laneShift(total, delta);
          Value has = LLVM::ICmpOp::create(rewriter, loc,
                                           LLVM::ICmpPredicate::uge, laneQ,
                                           i32Const(rewriter, loc, delta));
          total = select(has, combine(earlier, total), total);
        }
        laneTotals[key] = total;
        Values exclusive = laneShift(total, 1);
        Value has = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::uge,
                                         laneQ, i32Const(rewriter, loc, 1));
        for (unsigned r : regs)
          vals[r] = select(has, combine(exclusive, vals[r]), vals[r]);
      }
    }

    // 3. Across warps and repetitions.
    unsigned numChunkBits = r2Bits.size(), numWarpBits = warpBits.size();
    if (numWarpBits) {
      if (failed(acrossWarps(op, rewriter, layout, srcType, chunks, vals,
                             lane, laneBits, laneDigit, warpBits,
                             numChunkBits, orderValue, combine, select)))
        return failure();
    } else if (numChunkBits) {
      // Block totals from the last lane in scan order.
      unsigned lastDigit = reverse ? 0 : (1u << numLaneBits) - 1;
      Value src = scatterBits(rewriter, loc, lane,
                              i32Const(rewriter, loc, lastDigit), laneBits);
      std::map<unsigned, Values> carry; // per other-register key
      for (auto &[key, regs] : chunks) {
        auto it = carry.find(key.first);
        if (it != carry.end())
          for (unsigned r : regs)
            vals[r] = combine(it->second, vals[r]);
        Values total;
        for (Value x : laneTotals[key])
          total.push_back(shuffle(rewriter, loc, x, ShuffleKind::Idx, src, 0x1f, lc));
        if (it == carry.end())
          carry[key.first] = total;
        else
          it->second = combine(it->second, total);
      }
    }

    SmallVector<Value> results;
    for (unsigned i = 0; i < numOperands; ++i) {
      Values elems;
      for (unsigned r = 0; r < numRegs; ++r)
        elems.push_back(vals[r][i]);
      results.push_back(packLLElements(loc, getTypeConverter(), elems, rewriter,
                                       op->getResult(i).getType()));
    }
    rewriter.replaceOp(op, results);
    return success();
  }

  /// Warps (and R2 repetitions) through shared memory: slot
  /// ((key * chunks + chunk) * warps + warp) per operand holds the total of
  /// one warp's block, written by the warp's last lane in scan order.
  template <typename OrderFn, typename CombineFn, typename SelectFn>
  LogicalResult acrossWarps(
      ScanOp op, ConversionPatternRewriter &rewriter,
      const tt::LinearLayout &layout, RankedTensorType srcType,
      std::map<std::pair<unsigned, unsigned>, SmallVector<unsigned>> &chunks,
      SmallVector<Values> &vals, Value lane, ArrayRef<unsigned> laneBits,
      Value laneDigit, ArrayRef<unsigned> warpBits, unsigned numChunkBits,
      OrderFn orderValue, CombineFn combine, SelectFn select) const {
    Location loc = op.getLoc();
    unsigned axis = op.getAxis();
    bool reverse = op.getReverse();
    unsigned numOperands = op.getNumOperands();
    unsigned rank = srcType.getRank();
    unsigned numWarps = 1u << warpBits.size();
    unsigned numChunks = 1u << numChunkBits;
    int64_t numKeys = srcType.getNumElements() / srcType.getShape()[axis];

    Value warpQ = orderValue(
        gatherBits(rewriter, loc, warpId(rewriter, loc, lc), warpBits),
        warpBits.size());
    Value isLastLane;
    if (!laneBits.empty())
      isLastLane = LLVM::ICmpOp::create(
          rewriter, loc, LLVM::ICmpPredicate::eq, laneDigit,
          i32Const(rewriter, loc, reverse ? 0 : (1 << laneBits.size()) - 1));

    // Shared memory: one region per operand.
    FailureOr<Value> scratch =
        scratchAddress(rewriter, loc, op, getScanScratchBytes(op));
    if (failed(scratch))
      return failure();
    Value base = sharedPointer(rewriter, loc, *scratch);
    auto ptrType = LLVM::LLVMPointerType::get(getContext(), 3);
    SmallVector<Value> regionBase;
    SmallVector<Type> memTypes;
    int64_t offset = 0;
    for (unsigned i = 0; i < numOperands; ++i) {
      Type t = vals[0][i].getType();
      Type mem = sharedMemoryType(rewriter, t);
      memTypes.push_back(mem);
      regionBase.push_back(LLVM::GEPOp::create(
          rewriter, loc, ptrType, rewriter.getI8Type(), base,
          ValueRange{i32Const(rewriter, loc, offset)}));
      offset += llvm::alignTo(numKeys * numChunks * numWarps *
                                  sharedMemoryBytes(mem),
                              16);
    }

    // Key of each chunk: the row-major index of its coordinate without the
    // axis.
    auto coords = emitIndices(rewriter, loc, layout, lc);
    auto keyOf = [&](unsigned r) {
      SmallVector<Value> c;
      SmallVector<int64_t> shape;
      for (unsigned d = 0; d < rank; ++d)
        if (d != axis) {
          c.push_back(coords[r][d]);
          shape.push_back(srcType.getShape()[d]);
        }
      return linearize(rewriter, loc, c, shape);
    };
    auto slotAddr = [&](unsigned i, Value key, unsigned chunk, Value warp) {
      Value idx = LLVM::MulOp::create(rewriter, loc, key,
                                      i32Const(rewriter, loc, numChunks));
      idx = LLVM::AddOp::create(rewriter, loc, idx,
                                i32Const(rewriter, loc, chunk));
      idx = LLVM::MulOp::create(rewriter, loc, idx,
                                i32Const(rewriter, loc, numWarps));
      idx = LLVM::AddOp::create(rewriter, loc, idx, warp);
      return LLVM::GEPOp::create(rewriter, loc, ptrType, memTypes[i],
                                 regionBase[i], ValueRange{idx});
    };

    barrier(rewriter, loc, lc);
    std::map<std::pair<unsigned, unsigned>, Value> keys;
    for (auto &[key, regs] : chunks) {
      Value k = keyOf(regs.back());
      keys[key] = k;
      for (unsigned i = 0; i < numOperands; ++i) {
        Value v = vals[regs.back()][i];
        if (memTypes[i] != v.getType())
          v = LLVM::ZExtOp::create(rewriter, loc, memTypes[i], v);
        Value addr = slotAddr(i, k, key.second, warpQ);
        if (isLastLane)
          predicatedSharedStore(rewriter, loc, isLastLane, addr, v, lc);
        else
          LLVM::StoreOp::create(rewriter, loc, v, addr);
      }
    }
    barrier(rewriter, loc, lc);

    // Each slot is read once per group of chunks sharing a key.
    std::map<std::tuple<unsigned, unsigned, unsigned>, Values> loaded;
    for (auto &entry : chunks) {
      const auto &key = entry.first;
      const SmallVector<unsigned> &regs = entry.second;
      Value k = keys[key];
      unsigned group = key.first;
      auto load = [&](unsigned chunk, unsigned warp) {
        Values &out = loaded[{group, chunk, warp}];
        if (!out.empty())
          return out;
        for (unsigned i = 0; i < numOperands; ++i) {
          Type t = vals[0][i].getType();
          Value v = LLVM::LoadOp::create(
              rewriter, loc, memTypes[i],
              slotAddr(i, k, chunk, i32Const(rewriter, loc, warp)));
          if (memTypes[i] != t)
            v = LLVM::TruncOp::create(rewriter, loc, t, v);
          out.push_back(v);
        }
        return out;
      };
      // Totals of every block before this chunk, then a prefix over the
      // warps of this chunk, chosen by this thread's warp position.
      std::optional<Values> acc;
      for (unsigned c = 0; c < key.second; ++c)
        for (unsigned w = 0; w < numWarps; ++w) {
          Values t = load(c, w);
          acc = acc ? combine(*acc, t) : t;
        }
      SmallVector<std::optional<Values>> prefix{acc};
      for (unsigned w = 0; w + 1 < numWarps; ++w) {
        Values t = load(key.second, w);
        prefix.push_back(prefix.back() ? combine(*prefix.back(), t) : t);
      }
      Values carry = *prefix.back();
      for (unsigned w = numWarps - 1; w-- > 0;) {
        if (!prefix[w])
          continue;
        Value here = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq,
                                          warpQ, i32Const(rewriter, loc, w));
        carry = select(here, *prefix[w], carry);
      }
      Value has;
      if (!prefix[0])
        has = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::uge,
                                   warpQ, i32Const(rewriter, loc, 1));
      for (unsigned r : regs) {
        Values combined = combine(carry, vals[r]);
        vals[r] = has ? select(has, combined, vals[r]) : combined;
      }
    }
    return success();
  }
};

} // namespace

int64_t mlir::triton::lowering::getScanScratchBytes(ScanOp op) {
  // The classification of ScanOpConversion: only a scan whose axis crosses
  // warps exchanges through shared memory, one slot per key, chunk and warp.
  unsigned axis = op.getAxis();
  auto srcType = cast<RankedTensorType>(op.getSrcs()[0].getType());
  std::optional<tt::LinearLayout> layout = gpu::toLinearLayout(srcType);
  if (!layout)
    return 0;
  unsigned axisBits = llvm::Log2_64(srcType.getShape()[axis]);
  SmallVector<std::pair<tt::Dim, unsigned>> source(axisBits,
                                                   {tt::kRegister, ~0u});
  for (tt::Dim hw : layout->getInDimNames())
    for (unsigned bit = 0, e = layout->getInDimSizeLog2(hw); bit < e; ++bit) {
      tt::LinearLayout::Basis basis = layout->getBasis(hw, bit);
      if (basis[axis] == 0 || !llvm::isPowerOf2_32(basis[axis]))
        continue;
      unsigned j = llvm::Log2_32(basis[axis]);
      if (j < axisBits && source[j].second == ~0u)
        source[j] = {hw, bit};
    }
  unsigned warpBits = 0, r2Bits = 0;
  int phase = 0;
  for (auto [hw, bit] : source) {
    if (bit == ~0u)
      return 0; // the lowering refuses it
    if (hw == tt::kRegister) {
      if (phase != 0) {
        phase = 3;
        ++r2Bits;
      }
    } else if (hw == tt::kLane && phase <= 1) {
      phase = 1;
    } else if (hw == tt::kWarp && phase <= 2) {
      phase = 2;
      ++warpBits;
    } else {
      return 0;
    }
  }
  if (warpBits == 0)
    return 0;
  int64_t numKeys = srcType.getNumElements() / srcType.getShape()[axis];
  return getRegionScratchBytes(op.getSrcs(), numKeys << (r2Bits + warpBits));
}

void mlir::triton::lowering::populateScanOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &tc, RewritePatternSet &patterns,
    LoweringContext &lc) {
  patterns.add<ScanOpConversion>(tc, lc);
}
