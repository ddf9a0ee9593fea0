//===- MmaV2DotOpToLLVM.cpp - tt.dot on Ampere tensor cores -----*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// tt.dot whose result has a #ttg.nvidia_mma layout of version 2 and whose
// operands are in registers (#ttg.dot_op layouts of that parent, kWidth
// the number of elements in 32 bits) becomes, one per 16x8 tile of the
// result and 32 bytes of K:
//  - f32 read as tf32 (inputPrecision tf32, kWidth 1):
//    `mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32`;
//  - f16/bf16 (kWidth 2): `mma.sync.aligned.m16n8k16.row.col.f32`, f32
//    accumulators; f16 also accumulating in f16
//    (`.f16.f16.f16.f16`), whose four accumulators travel as two 32-bit
//    registers of two f16 each (c0 c1, c2 c3);
//  - i8 (kWidth 4): `mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8
//    .s32`, i32 accumulators saturating at the i32 range (as upstream's);
//  - fp8, e4m3 and e5m2 in any mix (kWidth 4, sm_89 and later):
//    `mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e5m2.f32`.
//
// The operand and accumulator registers of each instruction are read off
// the linear layouts: a register's coordinates (lane 0 of warp 0) give its
// tile and its place in the PTX fragment. With w = kWidth and the K tile
// 8w deep (g = lane / 4, t = lane % 4): A's words a0..a3 hold w elements
// of K each at (row g, k wt..wt+w-1), (g + 8, wt), (g, wt + 4w),
// (g + 8, wt + 4w); B's b0, b1 hold (k wt.., column g) and (wt + 4w, g);
// C: c0, c1 at (g, 2t..2t+1), c2, c3 at row g + 8. The lanes of the three
// layouts are checked to place elements that way.
//
// Batched (rank 3) dots, [batch, M, N], are the same instructions once per
// batch index a thread holds: tiles are keyed by their batch coordinate
// too, and lanes must not move along the batch dim.
//
//===----------------------------------------------------------------------===//

#include "NVIDIAPatterns.h"

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"

#include <map>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::lowering;

namespace {

/// The lane bases of `layout` are those of an mma.sync fragment: lanes 0-1
/// move `pairDim` by `step` and 2 * `step`, lanes 2-4 move `rowDim` by 1,
/// 2, 4.
bool hasFragmentLanes(const tt::LinearLayout &layout, unsigned pairDim,
                      unsigned rowDim, int32_t step) {
  if (layout.getInDimSizeLog2(tt::kLane) != 5)
    return false;
  auto outs = layout.getOutDimNames();
  for (unsigned bit = 0; bit < 5; ++bit) {
    // The batch dim of a rank-3 layout stays put.
    for (unsigned d = 0; d + 2 < outs.size(); ++d)
      if (layout.getBasis(tt::kLane, bit, outs[d]) != 0)
        return false;
    int32_t pair = layout.getBasis(tt::kLane, bit, outs[pairDim]);
    int32_t row = layout.getBasis(tt::kLane, bit, outs[rowDim]);
    bool ok = bit < 2 ? (pair == (step << bit) && row == 0)
                      : (row == (1 << (bit - 2)) && pair == 0);
    if (!ok)
      return false;
  }
  return true;
}

/// A tile's origin: batch (0 for 2-D dots), row, column.
using TileKey = std::tuple<int32_t, int32_t, int32_t>;

/// Registers of 16x8w (A), 8wx8 (B) or 16x8 (C) tiles, indexed by tile
/// origin, each in fragment order. The tile's rows and columns are the
/// layout's last two dims, `tileR`/`tileC` its size; `fragment(r, c)` the
/// position of the element at (r, c) inside the tile.
using Tiles = std::map<TileKey, SmallVector<int>>;
FailureOr<Tiles> gatherTiles(const tt::LinearLayout &layout, int32_t tileR,
                             int32_t tileC, unsigned fragSize,
                             function_ref<unsigned(int32_t, int32_t)> fragment) {
  Tiles tiles;
  int32_t free = layout.getFreeVariableMask(tt::kRegister);
  unsigned rank = layout.getNumOutDims();
  unsigned dimR = rank - 2, dimC = rank - 1;
  for (unsigned r = 0, e = layout.getInDimSize(tt::kRegister); r < e; ++r) {
    if (r & free)
      continue;
    SmallVector<int32_t> c = registerCoord(layout, r);
    TileKey origin{rank == 3 ? c[0] : 0, c[dimR] - c[dimR] % tileR,
                   c[dimC] - c[dimC] % tileC};
    auto &regs = tiles[origin];
    if (regs.empty())
      regs.assign(fragSize, -1);
    unsigned pos = fragment(c[dimR] % tileR, c[dimC] % tileC);
    if (pos >= fragSize || regs[pos] >= 0)
      return failure();
    regs[pos] = r;
  }
  for (auto &[origin, regs] : tiles)
    if (llvm::is_contained(regs, -1))
      return failure();
  return tiles;
}

/// The layout of a tensor grown to at least `minRows` x `minCols` in its
/// last two dims, and for each of its registers the register of the
/// tensor itself holding the element at the wrapped coordinate (lane,
/// warp and block 0). `ok` is false when the tensor has no such register.
struct Padded {
  tt::LinearLayout layout;
  SmallVector<int> tensorReg;
  bool ok = true;
};
Padded padToTile(RankedTensorType type, int64_t minRows, int64_t minCols) {
  SmallVector<int64_t> shape(type.getShape());
  unsigned rank = shape.size();
  shape[rank - 2] = std::max(shape[rank - 2], minRows);
  shape[rank - 1] = std::max(shape[rank - 1], minCols);
  tt::LinearLayout real = getLayout(type);
  Padded p{getLayout(type.clone(shape)), {}};
  if (ArrayRef<int64_t>(shape) == type.getShape()) {
    for (unsigned r = 0, e = real.getInDimSize(tt::kRegister); r < e; ++r)
      p.tensorReg.push_back(r);
    return p;
  }
  std::map<SmallVector<int32_t>, int> byCoord;
  for (unsigned r = 0, e = real.getInDimSize(tt::kRegister); r < e; ++r)
    byCoord.emplace(registerCoord(real, r), r);
  for (unsigned r = 0, e = p.layout.getInDimSize(tt::kRegister); r < e; ++r) {
    SmallVector<int32_t> c = registerCoord(p.layout, r);
    for (unsigned d = 0; d < rank; ++d)
      c[d] %= type.getShape()[d];
    auto it = byCoord.find(c);
    p.ok &= it != byCoord.end();
    p.tensorReg.push_back(it == byCoord.end() ? 0 : it->second);
  }
  return p;
}

/// The mma.sync instruction of one dot.
struct MmaForm {
  unsigned w;       // operand elements per 32-bit register (kWidth)
  bool f16Acc;      // accumulators two f16 per register
  unsigned accRegs; // accumulator registers per instruction
  std::string text, constraints;
  Type accRegType; // LLVM type of one accumulator register
};

/// The instruction for `op`'s types, or a diagnostic naming what is
/// missing.
FailureOr<MmaForm> selectForm(DotOp op) {
  auto aType = cast<RankedTensorType>(op.getA().getType());
  auto bType = cast<RankedTensorType>(op.getB().getType());
  auto dType = cast<RankedTensorType>(op.getType());
  Type elem = aType.getElementType(), bElem = bType.getElementType();
  auto fp8Name = [](Type t) -> StringRef {
    return isa<Float8E4M3FNType>(t) ? "e4m3"
           : isa<Float8E5M2Type>(t) ? "e5m2"
                                    : "";
  };
  bool fp8 = !fp8Name(elem).empty() && !fp8Name(bElem).empty();
  bool s8 = elem.isInteger(8), tf32 = elem.isF32();
  if (!fp8 && (elem != bElem || !(elem.isF16() || elem.isBF16() || s8 || tf32)))
    return op.emitError() << "cannot lower tt.dot of " << elem << " x "
                          << bElem
                          << " with mma.sync (f16, bf16, f32 as tf32, i8 and "
                             "the fp8 types are supported)";
  if (tf32 && op.getInputPrecision() != InputPrecision::TF32)
    return op.emitError() << "cannot lower tt.dot of f32 operands with "
                             "inputPrecision = "
                          << stringifyInputPrecision(op.getInputPrecision())
                          << " with mma.sync, which reads f32 only as tf32";
  Type accElem = dType.getElementType();
  bool f16Acc = elem.isF16() && accElem.isF16();
  if (!f16Acc && (s8 ? !accElem.isInteger(32) : !accElem.isF32()))
    return op.emitError() << "cannot lower tt.dot of " << elem
                          << " accumulating in " << accElem
                          << " with mma.sync ("
                          << (s8 ? "i32" : elem.isF16() ? "f32 or f16" : "f32")
                          << " is supported)";
  MmaForm form;
  form.w = s8 || fp8 ? 4 : tf32 ? 1 : 2;
  form.f16Acc = f16Acc;
  form.accRegs = f16Acc ? 2 : 4;
  MLIRContext *ctx = op.getContext();
  form.accRegType = s8 || f16Acc ? (Type)IntegerType::get(ctx, 32)
                                 : (Type)Float32Type::get(ctx);
  // Integer sums saturate at the i32 range (.satfinite), as upstream's.
  std::string types = fp8 ? (".f32." + fp8Name(elem) + "." + fp8Name(bElem) +
                             ".f32")
                                .str()
                      : s8     ? ".satfinite.s32.s8.s8.s32"
                      : tf32   ? ".f32.tf32.tf32.f32"
                      : f16Acc ? ".f16.f16.f16.f16"
                      : elem.isF16() ? ".f32.f16.f16.f32"
                                     : ".f32.bf16.bf16.f32";
  // Operands: the results, A's four words, B's two, the accumulators
  // tied to the results.
  unsigned n = form.accRegs;
  auto list = [](unsigned first, unsigned count) {
    std::string l = "{";
    for (unsigned i = 0; i < count; ++i)
      l += (i ? ",$" : "$") + std::to_string(first + i);
    return l + "}";
  };
  form.text = "mma.sync.aligned.m16n8k" + std::to_string(8 * form.w) +
              ".row.col" + types + " " + list(0, n) + ", " + list(n, 4) +
              ", " + list(n + 4, 2) + ", " + list(n + 6, n) + ";";
  std::string out = form.accRegType.isF32() ? "=f," : "=r,";
  for (unsigned i = 0; i < n; ++i)
    form.constraints += out;
  form.constraints += "r,r,r,r,r,r";
  for (unsigned i = 0; i < n; ++i)
    form.constraints += "," + std::to_string(i);
  return form;
}

struct MmaV2DotOpConversion : public LoweringPattern<DotOp> {
  using LoweringPattern::LoweringPattern;

  LogicalResult
  matchAndRewrite(DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto dType = cast<RankedTensorType>(op.getType());
    // Blocked results are FMA dots (populateDotOpToLLVMPatterns).
    if (isa<ttg::BlockedEncodingAttr>(dType.getEncoding()))
      return rewriter.notifyMatchFailure(op, "an FMA dot");
    auto mma = dyn_cast<ttg::NvidiaMmaEncodingAttr>(dType.getEncoding());
    if (!mma || mma.getVersionMajor() != 2)
      return op.emitError("the NVIDIA backend lowers tt.dot only with a "
                          "#ttg.blocked (FMA) or #ttg.nvidia_mma version 2 "
                          "result layout (run tritongpu-accelerate-matmul); "
                          "Hopper uses ttng.warp_group_dot");
    if (lc.computeCapability < 80)
      return op.emitError() << "mma.sync needs cuda:80 or newer; "
                               "the target is cuda:"
                            << lc.computeCapability;
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto bType = cast<RankedTensorType>(op.getB().getType());
    FailureOr<MmaForm> form = selectForm(op);
    if (failed(form))
      return failure();
    unsigned w = form->w;
    auto aEnc = dyn_cast<ttg::DotOperandEncodingAttr>(aType.getEncoding());
    auto bEnc = dyn_cast<ttg::DotOperandEncodingAttr>(bType.getEncoding());
    if (!aEnc || !bEnc || aEnc.getParent() != mma || bEnc.getParent() != mma ||
        aEnc.getKWidth() != w || bEnc.getKWidth() != w)
      return op.emitError() << "cannot lower tt.dot: the operands must have "
                               "#ttg.dot_op layouts of the result's "
                               "#ttg.nvidia_mma with kWidth = "
                            << w;

    unsigned rank = dType.getRank();
    unsigned rowDim = rank - 2, colDim = rank - 1;
    // K per instruction, and the K offset of the second half of a tile.
    int32_t kTile = 8 * w, kHalf = 4 * w;
    int64_t K = aType.getShape()[rank - 1];
    if (K % kTile != 0)
      return op.emitError() << "cannot lower tt.dot with mma.sync: K = " << K
                            << " is not a multiple of " << kTile;
    // Results smaller than a tile are computed on whole tiles (rows and
    // columns wrap onto the tensor's).
    Padded aL = padToTile(aType, 16, kTile), bL = padToTile(bType, kTile, 8),
           cL = padToTile(dType, 16, 8);
    if (!aL.ok || !bL.ok || !cL.ok ||
        !hasFragmentLanes(aL.layout, colDim, rowDim, w) ||
        !hasFragmentLanes(bL.layout, rowDim, colDim, w) ||
        !hasFragmentLanes(cL.layout, colDim, rowDim, 2))
      return op.emitError("cannot lower tt.dot: the layouts do not place "
                          "lanes as the mma.sync fragments do");
    // A: words a0 (g, wt), a1 (g+8, wt), a2 (g, wt+4w), a3 (g+8, wt+4w),
    // w elements each.
    auto aTiles =
        gatherTiles(aL.layout, 16, kTile, 4 * w, [&](int32_t r, int32_t k) {
          return unsigned(w * ((r >= 8) + 2 * (k >= kHalf)) + (k % w));
        });
    // B: b0 (wt, g), b1 (wt+4w, g); rows are K here.
    auto bTiles =
        gatherTiles(bL.layout, kTile, 8, 2 * w, [&](int32_t k, int32_t n) {
          return unsigned(w * (k >= kHalf) + (k % w));
        });
    auto cTiles = gatherTiles(cL.layout, 16, 8, 4, [](int32_t r, int32_t n) {
      return unsigned(2 * (r >= 8) + (n % 2));
    });
    if (failed(aTiles) || failed(bTiles) || failed(cTiles))
      return op.emitError("cannot lower tt.dot: unexpected register layout "
                          "of an mma.sync operand");

    SmallVector<Value> a = unpackLLElements(loc, adaptor.getA(), rewriter);
    SmallVector<Value> b = unpackLLElements(loc, adaptor.getB(), rewriter);
    SmallVector<Value> c = unpackLLElements(loc, adaptor.getC(), rewriter);
    // Packed operand words per tile, made once.
    auto tileWords = [&](const Tiles &tiles, const Padded &padded,
                         ArrayRef<Value> values) {
      std::map<TileKey, SmallVector<Value>> words;
      for (auto &[origin, regs] : tiles) {
        SmallVector<Value> elems;
        for (int r : regs)
          elems.push_back(values[padded.tensorReg[r]]);
        words[origin] = packWords(rewriter, loc, elems, w);
      }
      return words;
    };
    auto aWords = tileWords(*aTiles, aL, a);
    auto bWords = tileWords(*bTiles, bL, b);

    auto resultType = LLVM::LLVMStructType::getLiteral(
        getContext(), SmallVector<Type>(form->accRegs, form->accRegType));
    Type accElem = getTypeConverter()->convertType(dType.getElementType());
    for (auto &[origin, regs] : *cTiles) {
      auto [batch, m0, n0] = origin;
      SmallVector<Value> acc;
      for (int r : regs)
        acc.push_back(c[cL.tensorReg[r]]);
      if (form->f16Acc)
        acc = packWords(rewriter, loc, acc, 2);
      for (int32_t k0 = 0; k0 < K; k0 += kTile) {
        auto ait = aWords.find({batch, m0, k0});
        auto bit = bWords.find({batch, k0, n0});
        if (ait == aWords.end() || bit == bWords.end())
          return op.emitError("cannot lower tt.dot: an operand does not "
                              "hold the tile a result tile needs");
        SmallVector<Value> args(ait->second);
        args.append(bit->second);
        args.append(acc);
        Value res = inlineAsm(rewriter, loc, resultType, args, form->text,
                              form->constraints, /*sideEffects=*/false);
        for (unsigned i = 0; i < form->accRegs; ++i)
          acc[i] = LLVM::ExtractValueOp::create(rewriter, loc, res, i);
      }
      if (form->f16Acc)
        acc = unpackWords(rewriter, loc, acc, accElem, 2);
      // Wrapped rows and columns compute copies of the same elements.
      for (auto [i, r] : llvm::enumerate(regs))
        c[cL.tensorReg[r]] = acc[i];
    }
    // Duplicated registers (none for mma layouts) keep their originals.
    rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), c, rewriter,
                                          dType));
    return success();
  }
};

} // namespace

namespace mlir::triton::lowering {
void populateMmaV2DotOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &tc,
                                      RewritePatternSet &patterns,
                                      LoweringContext &lc) {
  patterns.add<MmaV2DotOpConversion>(tc, lc);
}
} // namespace mlir::triton::lowering
