//===- ConvertLayoutOpToLLVM.cpp - ttg.convert_layout -----------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// A layout conversion keeps the registers when both layouts place every
// element in the same lane and warp. Otherwise it goes through the
// operation's scratch buffer laid out row-major with 16 bytes of padding
// per row: each thread writes its elements, a barrier, each thread reads
// the elements of its new layout. The padding shifts consecutive rows by
// four banks, so that the column-pair stores of a tensor-core accumulator
// (8 rows x 4 lanes) and the row reads of a blocked layout hit distinct
// banks. Both sides use the widest accesses (up to 16 bytes) their
// registers allow, with the register part of each address as an immediate.
//
//===----------------------------------------------------------------------===//

#include "SharedMemory.h"

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"

#include <map>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::lowering;
namespace ttg = mlir::triton::gpu;

namespace {

unsigned elementBytes(Type elem) {
  if (isa<PointerType, LLVM::LLVMPointerType>(elem))
    return 8;
  return std::max(1u, elem.getIntOrFloatBitWidth() / 8);
}

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
void planPadded(OpBuilder &b, Location loc, const tt::LinearLayout &layout,
                const PaddedRows &rows, unsigned elemBytes, unsigned vec,
                Value base, const LoweringContext &lc,
                SmallVector<Value> &bases, SmallVector<unsigned> &baseOf,
                SmallVector<int64_t> &addends) {
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
        Value one = LLVM::AndOp::create(
            b, loc, LLVM::LShrOp::create(b, loc, hwValue, i32Const(b, loc, bit)),
            i32Const(b, loc, 1));
        acc = LLVM::XOrOp::create(
            b, loc, acc, LLVM::MulOp::create(b, loc, one, i32Const(b, loc, basis)));
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
    baseOf.push_back(it->second);
    addends.push_back(addend * elemBytes);
  }
}

struct ConvertLayoutOpConversion
    : public ConvertOpToLLVMPattern<ttg::ConvertLayoutOp> {
  ConvertLayoutOpConversion(TritonGPUToLLVMTypeConverter &tc,
                            LoweringContext &lc)
      : ConvertOpToLLVMPattern(tc), lc(lc) {}

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

    Type elemType = getTypeConverter()->convertType(dstType.getElementType());
    unsigned elemBytes = elementBytes(dstType.getElementType());
    PaddedRows rows = paddedRows(dstType.getShape(), elemBytes);
    FailureOr<Value> scratch =
        scratchAddress(rewriter, loc, op, rows.elems * elemBytes);
    if (failed(scratch))
      return failure();
    unsigned maxVec = std::max(1u, 16 / elemBytes);

    {
      unsigned vec = vectorAlongLastDim(src, maxVec);
      SmallVector<Value> bases;
      SmallVector<unsigned> baseOf;
      SmallVector<int64_t> addends;
      planPadded(rewriter, loc, src, rows, elemBytes, vec, *scratch, lc, bases,
                 baseOf, addends);
      // The data is packed before the barrier: in a tensor-core epilogue the
      // f32 accumulators then die before the exchange starts.
      int32_t freeRegs = src.getFreeVariableMask(tt::kRegister);
      SmallVector<std::pair<unsigned, Value>> packed;
      for (unsigned g = 0, r = 0; r < in.size(); ++g, r += vec)
        if (!(r & freeRegs))
          packed.push_back(
              {g, packSharedStore(rewriter, loc,
                                  ArrayRef<Value>(in).slice(r, vec))});
      barrier(rewriter, loc);
      for (auto [g, data] : packed)
        storeSharedPacked(rewriter, loc, bases[baseOf[g]], addends[g], data);
    }
    barrier(rewriter, loc);
    SmallVector<Value> out;
    {
      unsigned vec = vectorAlongLastDim(dst, maxVec);
      SmallVector<Value> bases;
      SmallVector<unsigned> baseOf;
      SmallVector<int64_t> addends;
      planPadded(rewriter, loc, dst, rows, elemBytes, vec, *scratch, lc, bases,
                 baseOf, addends);
      unsigned numRegs = dst.getInDimSize(tt::kRegister);
      for (unsigned g = 0, r = 0; r < numRegs; ++g, r += vec)
        for (Value v : loadShared(rewriter, loc, bases[baseOf[g]], addends[g],
                                  elemType, vec))
          out.push_back(v);
    }
    rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), out,
                                          rewriter, dstType));
    return success();
  }

  LoweringContext &lc;
};

} // namespace

int64_t mlir::triton::lowering::getConvertLayoutScratchBytes(
    ttg::ConvertLayoutOp op) {
  auto srcType = cast<RankedTensorType>(op.getSrc().getType());
  auto dstType = cast<RankedTensorType>(op.getType());
  std::optional<tt::LinearLayout> src = ttg::toLinearLayout(srcType);
  std::optional<tt::LinearLayout> dst = ttg::toLinearLayout(dstType);
  if (!src || !dst || sameThreads(*src, *dst))
    return 0;
  unsigned elemBytes = elementBytes(dstType.getElementType());
  return paddedRows(dstType.getShape(), elemBytes).elems * elemBytes;
}

void mlir::triton::lowering::populateConvertLayoutOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &tc, RewritePatternSet &patterns,
    LoweringContext &lc) {
  patterns.add<ConvertLayoutOpConversion>(tc, lc);
}
