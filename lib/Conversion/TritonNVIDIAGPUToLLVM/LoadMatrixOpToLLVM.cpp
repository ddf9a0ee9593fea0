//===- LoadMatrixOpToLLVM.cpp - ldmatrix for mma.sync operands --*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// ttg.local_load into the #ttg.dot_op layout of an mma.sync accumulator
// (#ttg.nvidia_mma version 2) reads whole fragments with
// `ldmatrix.sync.aligned.m8n8.x4` (x2 when a thread holds a single tile of
// B): each lane gives the address of one 16-byte row of one of four 8x8
// b16 matrices, and every thread receives, per matrix, the 32-bit word an
// mma.sync fragment register holds: the kWidth = 32 / width elements of one
// row that are consecutive along K (2 f16/bf16, 4 8-bit integers or floats,
// 1 tf32). In bytes the fragments of every element type have the same
// shape (16 rows by 32 bytes of K for A), so one plain ldmatrix serves them
// all when the buffer stores K contiguously. `.trans` (16-bit elements
// only) reads matrices whose rows run along the fragment's other dim (B
// stored N-major, A stored M-major); 8- and 32-bit operands stored so are
// left to the generic lowering, as are buffers whose rows are not 16
// contiguous bytes.
//
// The addresses are linear over GF(2) in the lane and warp bits (lane bits
// 0-2 walk the 8 rows of a matrix, bits 3-4 choose the matrix; warp bits as
// the operand's layout places warps) composed with the inverse of the
// buffer's shared layout: computed once per thread, the tile's own part an
// immediate.
//
//===----------------------------------------------------------------------===//

#include "NVIDIAPatterns.h"

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"

#include <map>
#include <set>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::lowering;

namespace {

/// One ldmatrix: the origins (tensor coordinates, lane 0 of warp 0) of its
/// 2 or 4 matrices, and for each matrix the kWidth tensor registers its
/// result word holds (lowest bits first).
struct LoadMatrix {
  SmallVector<std::pair<int32_t, int32_t>, 4> origins;
  SmallVector<SmallVector<unsigned, 4>, 4> registers;
};

struct LocalLoadMatrixOpConversion
    : public LoweringPattern<ttg::LocalLoadOp> {
  LocalLoadMatrixOpConversion(TritonGPUToLLVMTypeConverter &tc,
                              LoweringContext &lc)
      : LoweringPattern(tc, lc, /*benefit=*/2) {}

  LogicalResult
  matchAndRewrite(ttg::LocalLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto type = cast<RankedTensorType>(op.getType());
    auto memType = cast<ttg::MemDescType>(op.getSrc().getType());
    auto dot = dyn_cast<ttg::DotOperandEncodingAttr>(type.getEncoding());
    auto mma = dot ? dyn_cast<ttg::NvidiaMmaEncodingAttr>(dot.getParent())
                   : ttg::NvidiaMmaEncodingAttr();
    if (!mma || mma.getVersionMajor() != 2 || type.getRank() != 2 ||
        !type.getElementType().isIntOrFloat() || lc.computeCapability < 75)
      return failure();
    // kW elements of `width` bits make one 32-bit fragment register; a
    // 16-byte matrix row holds `vec` of them.
    unsigned width = type.getElementType().getIntOrFloatBitWidth();
    if (width != 8 && width != 16 && width != 32)
      return failure();
    int32_t kW = 32 / width, vec = 128 / width, bytes = width / 8;
    if (dot.getKWidth() != unsigned(kW))
      return failure();
    // A view inside a larger buffer is read when a memdesc_subslice of the
    // whole 2-D tile made it (as tritongpu-prefetch does): its offsets are
    // multiples of the view's power-of-two shape, so the buffer coordinate
    // of a view element is the XOR of the two, and every address below
    // just XORs in the layout's image of the offsets.
    int32_t sliceOff[2] = {0, 0};
    if (memType.getAllocShape().take_back(2) != memType.getShape()) {
      auto sub = op.getSrc().getDefiningOp<ttg::MemDescSubsliceOp>();
      if (!sub || sub.getSrc().getType().getShape() !=
                      memType.getAllocShape().take_back(2))
        return failure();
      sliceOff[0] = sub.getOffsets()[0];
      sliceOff[1] = sub.getOffsets()[1];
    }
    std::optional<tt::LinearLayout> tile = getSharedTileLayout(memType);
    std::optional<tt::LinearLayout> inv =
        tile ? tile->tryInvert() : std::nullopt;
    if (!inv)
      return failure();
    unsigned opIdx = dot.getOpIdx();
    unsigned kDim = opIdx == 0 ? 1 : 0;
    // The buffer's contiguous dim: 16 bytes (`vec` elements) per row,
    // aligned.
    auto dims = inv->getInDimNames();
    tt::LinearLayout::Basis first = tile->getBasis(tt::kOffset, 0);
    unsigned contig = first[0] == 1 ? 0 : 1;
    auto offsetOf = [&](int32_t c0, int32_t c1) -> int32_t {
      return inv->apply({{dims[0], c0}, {dims[1], c1}})[0].second;
    };
    for (unsigned bit = 0; bit < inv->getInDimSizeLog2(dims[contig]) ||
                           bit < inv->getInDimSizeLog2(dims[1 - contig]);
         ++bit)
      for (unsigned d = 0; d < 2; ++d) {
        if (bit >= inv->getInDimSizeLog2(dims[d]))
          continue;
        int32_t img = inv->getBasis(dims[d], bit, tt::kOffset);
        bool low = d == contig && (1 << bit) < vec;
        if (low ? img != (1 << bit) : (img & (vec - 1)) != 0)
          return failure();
      }
    bool trans = contig != kDim;
    if (trans && width != 16)
      return failure();

    // The fragments the threads hold, tile by tile; lanes 0-1 step K by kW
    // elements, lanes 2-4 the rows (columns of B), as in the mma.sync
    // fragments.
    tt::LinearLayout layout = getLayout(type);
    if (layout.getFreeVariableMask(tt::kRegister) != 0 ||
        layout.getInDimSizeLog2(tt::kLane) != 5)
      return failure();
    for (unsigned bit = 0; bit < 5; ++bit) {
      tt::LinearLayout::Basis l = layout.getBasis(tt::kLane, bit);
      int32_t along = l[kDim], across = l[1 - kDim];
      if (bit < 2 ? (along != (kW << bit) || across != 0)
                  : (across != (1 << (bit - 2)) || along != 0))
        return failure();
    }
    std::map<std::pair<int32_t, int32_t>, SmallVector<int>> tiles;
    // A's tiles are 16 x 8kW (M x K), B's 8kW x 8 (K x N); a thread holds
    // 4 (A) or 2 (B) words of kW elements of each.
    int32_t tileR = opIdx == 0 ? 16 : 8 * kW, tileC = opIdx == 0 ? 8 * kW : 8;
    unsigned fragSize = (opIdx == 0 ? 4 : 2) * kW;
    for (unsigned r = 0, e = layout.getInDimSize(tt::kRegister); r < e; ++r) {
      SmallVector<int32_t> c = registerCoord(layout, r);
      std::pair<int32_t, int32_t> origin{c[0] - c[0] % tileR,
                                         c[1] - c[1] % tileC};
      auto &regs = tiles[origin];
      if (regs.empty())
        regs.assign(fragSize, -1);
      int32_t r0 = c[0] % tileR, c1 = c[1] % tileC;
      unsigned pos =
          opIdx == 0 ? kW * ((r0 >= 8) + 2 * (c1 >= 4 * kW)) + (c1 % kW)
                     : kW * (r0 >= 4 * kW) + (r0 % kW);
      if (pos >= fragSize || regs[pos] >= 0)
        return failure();
      regs[pos] = r;
    }
    for (auto &[origin, regs] : tiles)
      if (llvm::is_contained(regs, -1))
        return failure();
    // Lanes must hold the fragment elements mma.sync expects (as the dot
    // lowering checks); the matrices of one ldmatrix are then these.
    SmallVector<LoadMatrix> loads;
    if (opIdx == 0) {
      for (auto &[o, regs] : tiles) {
        LoadMatrix lm;
        for (unsigned i = 0; i < 4; ++i) {
          lm.origins.push_back(
              {o.first + 8 * (i & 1), o.second + 4 * kW * (i >> 1)});
          lm.registers.push_back(SmallVector<unsigned, 4>(
              regs.begin() + kW * i, regs.begin() + kW * (i + 1)));
        }
        loads.push_back(lm);
      }
    } else {
      std::set<std::pair<int32_t, int32_t>> done;
      for (auto &[o, regs] : tiles) {
        if (done.count(o))
          continue;
        LoadMatrix lm;
        auto addTile = [&](std::pair<int32_t, int32_t> t) {
          const SmallVector<int> &rs = tiles[t];
          for (unsigned i = 0; i < 2; ++i) {
            lm.origins.push_back({t.first + 4 * kW * i, t.second});
            lm.registers.push_back(SmallVector<unsigned, 4>(
                rs.begin() + kW * i, rs.begin() + kW * (i + 1)));
          }
          done.insert(t);
        };
        addTile(o);
        // Pair with the thread's next tile along N (the map is sorted).
        for (auto &[t, rs] : tiles)
          if (t.first == o.first && t.second > o.second && !done.count(t)) {
            addTile(t);
            break;
          }
        loads.push_back(lm);
      }
    }
    // All loads must share the lane pattern of the first: matrix q's origin
    // relative to matrix 0 is the same, and lane bits 3-4 select q.
    SmallVector<std::pair<int32_t, int32_t>, 4> rel;
    for (auto &o : loads[0].origins)
      rel.push_back({o.first - loads[0].origins[0].first,
                     o.second - loads[0].origins[0].second});
    for (LoadMatrix &lm : loads) {
      if (lm.origins.size() != rel.size())
        return failure();
      for (unsigned q = 0; q < rel.size(); ++q)
        if (lm.origins[q].first - lm.origins[0].first != rel[q].first ||
            lm.origins[q].second - lm.origins[0].second != rel[q].second)
          return failure();
    }
    if (rel.size() == 4 && (rel[3].first != (rel[1].first ^ rel[2].first) ||
                            rel[3].second != (rel[1].second ^ rel[2].second)))
      return failure();

    // Runtime part: lane bits 0-2 step the strided dim (8 rows), lane bits
    // 3-4 choose the matrix, warps as the operand layout places them.
    unsigned strided = 1 - contig;
    auto coordImage = [&](int32_t c0, int32_t c1) {
      return int32_t(offsetOf(c0, c1));
    };
    SmallVector<int32_t> laneImages;
    for (unsigned bit = 0; bit < 3; ++bit)
      laneImages.push_back(strided == 0 ? coordImage(1 << bit, 0)
                                        : coordImage(0, 1 << bit));
    laneImages.push_back(coordImage(rel[1].first, rel[1].second));
    laneImages.push_back(rel.size() == 4
                             ? coordImage(rel[2].first, rel[2].second)
                             : 0);
    SmallVector<int32_t> warpImages;
    auto outs = layout.getOutDimNames();
    for (unsigned bit = 0, e = layout.getInDimSizeLog2(tt::kWarp); bit < e;
         ++bit)
      warpImages.push_back(
          coordImage(layout.getBasis(tt::kWarp, bit, outs[0]),
                     layout.getBasis(tt::kWarp, bit, outs[1])));
    auto xorOf = [&](Value hw, ArrayRef<int32_t> images) {
      Value acc = i32Const(rewriter, loc, 0);
      for (auto [bit, img] : llvm::enumerate(images)) {
        if (img == 0)
          continue;
        acc = xorIfBitSet(rewriter, loc, acc, hw, bit, img);
      }
      return acc;
    };
    Value hw = LLVM::XOrOp::create(rewriter, loc,
                                   xorOf(laneId(rewriter, loc, lc), laneImages),
                                   xorOf(warpId(rewriter, loc, lc), warpImages));
    int32_t mask = 0;
    for (int32_t img : laneImages)
      mask |= img;
    for (int32_t img : warpImages)
      mask |= img;
    SharedMemoryObject smem =
        unpackSharedMemoryObject(rewriter, loc, adaptor.getSrc(), 2);
    Value elemBytes = i32Const(rewriter, loc, bytes);
    std::map<int32_t, Value> bases;

    unsigned n = rel.size();
    std::string text = "ldmatrix.sync.aligned.m8n8.x" + std::to_string(n) +
                       (trans ? ".trans" : "") + ".shared.b16 {";
    for (unsigned i = 0; i < n; ++i)
      text += (i ? ",$" : "$") + std::to_string(i);
    std::string constraints;
    for (unsigned i = 0; i < n; ++i)
      constraints += "=r,";
    constraints += "r";
    Type i32 = rewriter.getI32Type();
    Type elem = getTypeConverter()->convertType(type.getElementType());
    auto wordType = VectorType::get({kW}, elem);
    Type resultType =
        n == 1 ? i32
               : (Type)LLVM::LLVMStructType::getLiteral(
                     getContext(), SmallVector<Type>(n, i32));
    unsigned numRegs = layout.getInDimSize(tt::kRegister);
    SmallVector<Value> values(numRegs);
    for (LoadMatrix &lm : loads) {
      int32_t c = offsetOf(lm.origins[0].first + sliceOff[0],
                           lm.origins[0].second + sliceOff[1]);
      int32_t x = c & mask, a = c & ~mask;
      Value &base = bases[x];
      if (!base) {
        Value off = x ? (Value)LLVM::XOrOp::create(rewriter, loc, hw,
                                                    i32Const(rewriter, loc, x))
                      : hw;
        base = LLVM::AddOp::create(rewriter, loc, smem.address,
                                   LLVM::MulOp::create(rewriter, loc, off,
                                                       elemBytes));
      }
      std::string full = text + "}, [ $" + std::to_string(n) + " + " +
                         std::to_string(int64_t(a) * bytes) + " ];";
      Value res = inlineAsm(rewriter, loc, resultType, {base}, full,
                            constraints, /*sideEffects=*/true);
      for (unsigned q = 0; q < n; ++q) {
        Value word = n == 1 ? res
                            : (Value)LLVM::ExtractValueOp::create(rewriter, loc,
                                                                  res, q);
        Value parts = LLVM::BitcastOp::create(rewriter, loc, wordType, word);
        for (auto [i, reg] : llvm::enumerate(lm.registers[q]))
          values[reg] = LLVM::ExtractElementOp::create(
              rewriter, loc, parts, i32Const(rewriter, loc, i));
      }
    }
    rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), values,
                                          rewriter, type));
    return success();
  }
};

} // namespace

namespace mlir::triton::lowering {
void populateLoadMatrixOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &tc,
                                        RewritePatternSet &patterns,
                                        LoweringContext &lc) {
  patterns.add<LocalLoadMatrixOpConversion>(tc, lc);
}
} // namespace mlir::triton::lowering
