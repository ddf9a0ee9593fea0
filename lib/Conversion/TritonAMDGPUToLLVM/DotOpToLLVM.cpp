//===- DotOpToLLVM.cpp - tt.dot on MFMA and WMMA ----------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// A tt.dot whose result has an #ttg.amd_mfma (CDNA) or #ttg.amd_wmma v1
// (RDNA3) layout, with operands in the matching #ttg.dot_op layouts, becomes
// one matrix instruction per (M tile, N tile, K step) of the warp:
//
//   - the accumulator registers of tile (tm, tn) are those whose lane-0,
//     warp-0 coordinate is the tile's origin plus the instruction's element
//     offsets (AMDEncodings.h);
//   - the operand registers of step k are the kBase consecutive K elements
//     lane 0 holds there (the other lanes follow from the layouts, which
//     match the instructions' lane maps by construction);
//   - a transposed accumulator layout swaps A and B in the instruction,
//     computing the tile of C^T = B^T A^T whose lanes hold rows of C.
//
// Registers are found through the linear layouts, never by assuming an
// order, so any register order the layout factories pick stays correct.
//
//===----------------------------------------------------------------------===//

#include "AMDPatterns.h"

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"
#include "tt/LinearLayout/AMDEncodings.h"

#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"

#include <map>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::lowering;

namespace {

using Coord = std::pair<int32_t, int32_t>;

/// Lane 0, warp 0: coordinate -> register of a rank-2 layout.
std::map<Coord, unsigned> registersByCoord(const tt::LinearLayout &layout) {
  std::map<Coord, unsigned> out;
  for (unsigned r = 0, e = layout.getInDimSize(tt::kRegister); r < e; ++r) {
    SmallVector<int32_t> c = registerCoord(layout, r);
    out.emplace(Coord{c[0], c[1]}, r);
  }
  return out;
}

/// Packs registers into an LLVM vector of `type`'s element type.
Value packVector(OpBuilder &b, Location loc, VectorType type,
                 ArrayRef<Value> elems) {
  Value v = LLVM::PoisonOp::create(b, loc, type);
  for (auto [i, e] : llvm::enumerate(elems)) {
    Value x = e;
    if (x.getType() != type.getElementType())
      x = LLVM::BitcastOp::create(b, loc, type.getElementType(), x);
    v = LLVM::InsertElementOp::create(b, loc, v, x, i32Const(b, loc, i));
  }
  return v;
}

struct Instruction {
  unsigned tileM = 32, tileN = 32;
  /// K elements one lane feeds one instruction.
  unsigned kBase = 4;
  /// Accumulator elements per lane.
  unsigned accElems = 16;
  /// Lane 0's (row, column) of accumulator element e.
  std::function<Coord(unsigned)> accElement;
  /// Emits the instruction: a, b operands (vectors), c accumulator.
  std::function<Value(OpBuilder &, Location, Type, Value, Value, Value)> emit;
  /// The operand vector element type (bf16 travels as i16).
  Type operandElem;
};

class DotOpConversion : public LoweringPattern<DotOp> {
public:
  DotOpConversion(TritonGPUToLLVMTypeConverter &tc, LoweringContext &lc,
                  const tt::amdgpu::Arch &arch)
      : LoweringPattern(tc, lc), arch(arch) {}

  LogicalResult
  matchAndRewrite(DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto dType = cast<RankedTensorType>(op.getType());
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto bType = cast<RankedTensorType>(op.getB().getType());
    Attribute enc = dType.getEncoding();
    auto mfma = dyn_cast_or_null<ttg::AMDMfmaEncodingAttr>(enc);
    auto wmma = dyn_cast_or_null<ttg::AMDWmmaEncodingAttr>(enc);
    // Blocked results are FMA dots (populateDotOpToLLVMPatterns).
    if (isa_and_nonnull<ttg::BlockedEncodingAttr>(enc))
      return rewriter.notifyMatchFailure(op, "an FMA dot");
    if (!mfma && !wmma)
      return op.emitError()
             << "the AMD backend lowers tt.dot only with an #ttg.amd_mfma or "
                "#ttg.amd_wmma result layout (run "
                "tritonamdgpu-accelerate-matmul); got "
             << enc;
    if (dType.getRank() != 2)
      return op.emitError("batched (rank-3) dots are not lowered on AMD yet");
    auto aEnc = dyn_cast_or_null<ttg::DotOperandEncodingAttr>(aType.getEncoding());
    auto bEnc = dyn_cast_or_null<ttg::DotOperandEncodingAttr>(bType.getEncoding());
    if (!aEnc || !bEnc || aEnc.getParent() != enc || bEnc.getParent() != enc ||
        aEnc.getOpIdx() != 0 || bEnc.getOpIdx() != 1 ||
        aEnc.getKWidth() != bEnc.getKWidth())
      return op.emitError("tt.dot operands must have #ttg.dot_op layouts of "
                          "the result's layout with one kWidth");
    Type elem = aType.getElementType();
    if (elem != bType.getElementType() || !dType.getElementType().isF32() ||
        !(elem.isF16() || elem.isBF16()))
      return op.emitError()
             << "the AMD matrix-core lowering takes f16 or bf16 operands and "
                "an f32 accumulator, got "
             << elem << " x " << bType.getElementType() << " -> "
             << dType.getElementType();

    Instruction instr;
    SmallVector<unsigned> warps;
    bool transposed;
    unsigned kWidth = aEnc.getKWidth();
    Location loc = op.getLoc();
    MLIRContext *ctx = getContext();
    Type f32 = rewriter.getF32Type();
    bool bf16 = elem.isBF16();
    instr.operandElem = bf16 ? (Type)rewriter.getI16Type() : elem;
    if (mfma) {
      if (arch.mfmaVersion == 0)
        return op.emitError() << arch.name << " has no MFMA instructions";
      ArrayRef<unsigned> shape = mfma.getInstrShape();
      if (mfma.getElementBitWidth() != 32 ||
          llvm::any_of(mfma.getTilesPerWarp(), [](unsigned t) { return t != 1; }))
        return op.emitError("only 32-bit mfma accumulators with one tile per "
                            "warp are lowered");
      if (shape[0] != shape[1] || (shape[0] != 32 && shape[0] != 16))
        return op.emitError("only 32x32 and 16x16 MFMA tiles are lowered");
      if (bf16 && arch.mfmaVersion < 2)
        return op.emitError() << "bf16 MFMA with 4 elements per lane needs "
                                 "gfx90a or newer, not "
                              << arch.name;
      instr.tileM = instr.tileN = shape[0];
      instr.kBase = 4;
      instr.accElems = shape[0] == 32 ? 16 : 4;
      unsigned m = shape[0];
      transposed = mfma.getIsTransposed();
      instr.accElement = [m, transposed](unsigned e) {
        return tt::amdMfmaAccumulatorElement(m, transposed, e);
      };
      instr.emit = [m, bf16](OpBuilder &b, Location loc, Type resType, Value a,
                             Value bv, Value c) -> Value {
        SmallVector<Value> args{a, bv, c, i32Const(b, loc, 0),
                                i32Const(b, loc, 0), i32Const(b, loc, 0)};
        if (m == 32)
          return bf16 ? ROCDL::mfma_f32_32x32x8bf16_1k::create(b, loc, resType, args)
                            .getResult()
                      : ROCDL::mfma_f32_32x32x8f16::create(b, loc, resType, args)
                            .getResult();
        return bf16 ? ROCDL::mfma_f32_16x16x16bf16_1k::create(b, loc, resType, args)
                          .getResult()
                    : ROCDL::mfma_f32_16x16x16f16::create(b, loc, resType, args)
                          .getResult();
      };
      warps.assign(mfma.getWarpsPerCTA().begin(), mfma.getWarpsPerCTA().end());
    } else {
      if (arch.wmmaVersion != 1)
        return op.emitError() << "#ttg.amd_wmma version 1 needs an RDNA3 GPU "
                                 "(gfx11xx), not "
                              << arch.name;
      if (wmma.getVersion() != 1 ||
          llvm::any_of(wmma.getTilesPerWarp(), [](unsigned t) { return t != 1; }))
        return op.emitError("only #ttg.amd_wmma version 1 with one tile per "
                            "warp is lowered");
      if (kWidth != 16)
        return op.emitError("WMMA v1 operands need kWidth = 16");
      instr.tileM = instr.tileN = 16;
      instr.kBase = 16;
      instr.accElems = 8;
      transposed = wmma.getIsTransposed();
      instr.accElement = [transposed](unsigned e) {
        return tt::amdWmmaAccumulatorElement(transposed, e);
      };
      instr.emit = [bf16](OpBuilder &b, Location loc, Type resType, Value a,
                          Value bv, Value c) -> Value {
        if (bf16)
          return ROCDL::wmma_f32_16x16x16_bf16::create(b, loc, resType, a, bv, c)
              .getResult();
        return ROCDL::wmma_f32_16x16x16_f16::create(b, loc, resType, a, bv, c)
            .getResult();
      };
      warps.assign(wmma.getWarpsPerCTA().begin(), wmma.getWarpsPerCTA().end());
    }
    if (kWidth % instr.kBase != 0)
      return op.emitError() << "kWidth " << kWidth << " is not a multiple of "
                            << instr.kBase;

    int64_t M = dType.getShape()[0], N = dType.getShape()[1];
    int64_t K = aType.getShape()[1];
    unsigned lanesAlongK = lc.threadsPerWarp / instr.tileM;
    if (mfma == nullptr)
      lanesAlongK = 1; // WMMA v1: the second half-wave holds copies.
    int64_t kGroup = int64_t(kWidth) * lanesAlongK;
    int64_t strideM = int64_t(instr.tileM) * warps[0];
    int64_t strideN = int64_t(instr.tileN) * warps[1];
    if (M % strideM != 0 || N % strideN != 0 || K % kGroup != 0)
      return op.emitError()
             << "tensor shape " << M << "x" << N << "x" << K
             << " is not a whole number of " << instr.tileM << "x"
             << instr.tileN << " tiles over warps [" << warps[0] << ", "
             << warps[1] << "] and K steps of " << kGroup;

    std::map<Coord, unsigned> aRegs = registersByCoord(getLayout(aType));
    std::map<Coord, unsigned> bRegs = registersByCoord(getLayout(bType));
    std::map<Coord, unsigned> cRegs = registersByCoord(getLayout(dType));
    SmallVector<Value> a = unpackLLElements(loc, adaptor.getA(), rewriter);
    SmallVector<Value> bvals = unpackLLElements(loc, adaptor.getB(), rewriter);
    SmallVector<Value> c = unpackLLElements(loc, adaptor.getC(), rewriter);
    SmallVector<Value> d(c);
    auto lookup = [&](const std::map<Coord, unsigned> &regs, Coord at,
                      unsigned &r) {
      auto it = regs.find(at);
      if (it == regs.end())
        return false;
      r = it->second;
      return true;
    };

    auto operandType = VectorType::get({int64_t(instr.kBase)}, instr.operandElem);
    auto accType = VectorType::get({int64_t(instr.accElems)}, f32);
    for (int64_t tm = 0; tm < M / strideM; ++tm) {
      for (int64_t tn = 0; tn < N / strideN; ++tn) {
        int64_t m0 = tm * strideM, n0 = tn * strideN;
        SmallVector<unsigned> accRegs;
        SmallVector<Value> acc;
        for (unsigned e = 0; e < instr.accElems; ++e) {
          Coord off = instr.accElement(e);
          unsigned r;
          if (!lookup(cRegs, {int32_t(m0 + off.first), int32_t(n0 + off.second)},
                      r))
            return op.emitError("accumulator layout does not match the "
                                "matrix instruction");
          accRegs.push_back(r);
          acc.push_back(d[r]);
        }
        Value accVec = packVector(rewriter, loc, accType, acc);
        for (int64_t k0 = 0; k0 < K; k0 += kGroup) {
          for (unsigned sub = 0; sub < kWidth / instr.kBase; ++sub) {
            SmallVector<Value> av, bv;
            for (unsigned j = 0; j < instr.kBase; ++j) {
              int32_t k = int32_t(k0 + sub * instr.kBase + j);
              unsigned ra, rb;
              if (!lookup(aRegs, {int32_t(m0), k}, ra) ||
                  !lookup(bRegs, {k, int32_t(n0)}, rb))
                return op.emitError("operand layouts do not match the matrix "
                                    "instruction");
              av.push_back(a[ra]);
              bv.push_back(bvals[rb]);
            }
            Value aVec = packVector(rewriter, loc, operandType, av);
            Value bVec = packVector(rewriter, loc, operandType, bv);
            accVec = transposed
                         ? instr.emit(rewriter, loc, accType, bVec, aVec, accVec)
                         : instr.emit(rewriter, loc, accType, aVec, bVec, accVec);
          }
        }
        for (auto [e, r] : llvm::enumerate(accRegs))
          d[r] = LLVM::ExtractElementOp::create(rewriter, loc, accVec,
                                                i32Const(rewriter, loc, e));
      }
    }
    (void)ctx;
    rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), d, rewriter,
                                          dType));
    return success();
  }

private:
  const tt::amdgpu::Arch &arch;
};

} // namespace

void mlir::triton::lowering::amd::populateDotOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &tc, RewritePatternSet &patterns,
    LoweringContext &lc, const tt::amdgpu::Arch &arch) {
  patterns.add<DotOpConversion>(tc, lc, arch);
}
