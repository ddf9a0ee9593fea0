//===- DotOpToLLVM.cpp - tt.dot as per-thread multiply-adds -----*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The FMA dot: a tt.dot whose result keeps a #ttg.blocked layout (dots no
// tensor-core instruction takes: f32 with inputPrecision ieee, f64,
// integers, shapes too small for an MMA tile) and whose operands have the
// #ttg.dot_op layouts of that blocked parent. Such operand layouts give
// each thread every K element of the rows (A) and columns (B) its result
// elements need, so each thread computes
//
//   d[b, m, n] = c[b, m, n] + sum over k of a[b, m, k] * b[b, k, n]
//
// from its own registers, K ascending, with no communication: floats with
// llvm.fmuladd, integers with mul and add. Operands narrower than the
// accumulator (f16 into f32, i8 into i32) are extended first.
//
// Registers are matched through the linear layouts: with lane, warp and
// block 0, a result register at (b, m, n) reads the A register at
// (b, m, k) and the B register at (b, k, n). That holds for every thread
// when A's lanes and warps move (b, m) as the result's do and never K, and
// B's move (b, n) likewise; both are checked. Target-neutral: every GPU
// backend uses it.
//
//===----------------------------------------------------------------------===//

#include "tt/Conversion/TritonGPUToLLVM/Patterns.h"
#include "tt/Conversion/TritonGPUToLLVM/Utility.h"

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"

#include <array>
#include <map>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::lowering;

namespace {

/// (batch, row, column); batch is 0 for 2-D dots.
using Coord = std::array<int32_t, 3>;

Coord toCoord(ArrayRef<int32_t> c) {
  return c.size() == 3 ? Coord{c[0], c[1], c[2]} : Coord{0, c[0], c[1]};
}

/// The register holding each coordinate (lane, warp, block 0).
std::map<Coord, unsigned> registersByCoord(const tt::LinearLayout &layout) {
  std::map<Coord, unsigned> out;
  for (unsigned r = 0, e = layout.getInDimSize(tt::kRegister); r < e; ++r)
    out.emplace(toCoord(registerCoord(layout, r)), r);
  return out;
}

/// Whether the lanes, warps and blocks of `operand` move the result's
/// coordinates with the dim `kept` (1: rows, 2: columns) and the batch as
/// `result`'s do, and never move K.
bool threadsAgree(const tt::LinearLayout &operand,
                  const tt::LinearLayout &result, unsigned kept) {
  for (tt::Dim in : {tt::kLane, tt::kWarp, tt::kBlock}) {
    if (!operand.hasInDim(in) || !result.hasInDim(in))
      continue;
    if (operand.getInDimSizeLog2(in) != result.getInDimSizeLog2(in))
      return false;
    for (unsigned bit = 0, e = operand.getInDimSizeLog2(in); bit < e; ++bit) {
      Coord o = toCoord(operand.getBasis(in, bit));
      Coord r = toCoord(result.getBasis(in, bit));
      unsigned k = kept == 1 ? 2 : 1; // the operand's K position
      if (o[0] != r[0] || o[kept] != r[kept] || o[k] != 0)
        return false;
    }
  }
  return true;
}

/// `v` widened to the accumulator type `acc` (a no-op when it is one).
Value extendTo(OpBuilder &b, Location loc, Value v, Type acc) {
  Type t = v.getType();
  if (t == acc)
    return v;
  if (isa<IntegerType>(t))
    return LLVM::SExtOp::create(b, loc, acc, v);
  return LLVM::FPExtOp::create(b, loc, acc, v);
}

struct FmaDotOpConversion : public ConvertOpToLLVMPattern<DotOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto dType = cast<RankedTensorType>(op.getType());
    auto blocked = dyn_cast<ttg::BlockedEncodingAttr>(dType.getEncoding());
    if (!blocked)
      return rewriter.notifyMatchFailure(op, "not an FMA dot");
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto bType = cast<RankedTensorType>(op.getB().getType());
    if (failed(checkTypes(op, aType, bType, dType)))
      return failure();
    auto aEnc = dyn_cast<ttg::DotOperandEncodingAttr>(aType.getEncoding());
    auto bEnc = dyn_cast<ttg::DotOperandEncodingAttr>(bType.getEncoding());
    if (!aEnc || !bEnc || aEnc.getParent() != blocked ||
        bEnc.getParent() != blocked)
      return op.emitError("cannot lower the FMA tt.dot: the operands must "
                          "have #ttg.dot_op layouts of the result's "
                          "#ttg.blocked layout");
    tt::LinearLayout aL = getLayout(aType), bL = getLayout(bType),
                     cL = getLayout(dType);
    if (!threadsAgree(aL, cL, 1) || !threadsAgree(bL, cL, 2))
      return op.emitError("cannot lower the FMA tt.dot: the operand layouts "
                          "do not give each thread the rows and columns of "
                          "its result elements");

    Location loc = op.getLoc();
    Type accType = getTypeConverter()->convertType(dType.getElementType());
    auto widen = [&](Value packed) {
      SmallVector<Value> values = unpackLLElements(loc, packed, rewriter);
      for (Value &v : values)
        v = extendTo(rewriter, loc, v, accType);
      return values;
    };
    SmallVector<Value> a = widen(adaptor.getA());
    SmallVector<Value> b = widen(adaptor.getB());
    SmallVector<Value> c = unpackLLElements(loc, adaptor.getC(), rewriter);
    std::map<Coord, unsigned> aRegs = registersByCoord(aL);
    std::map<Coord, unsigned> bRegs = registersByCoord(bL);

    // The result registers each thread computes (duplicates are copied
    // after), with the A and B registers of every K.
    struct Element {
      unsigned reg;
      SmallVector<unsigned> aRegs, bRegs;
    };
    SmallVector<Element> elements;
    int32_t free = cL.getFreeVariableMask(tt::kRegister);
    int64_t K = aType.getShape().back();
    for (unsigned r = 0, e = cL.getInDimSize(tt::kRegister); r < e; ++r) {
      if (r & free)
        continue;
      Coord d = toCoord(registerCoord(cL, r));
      Element el{r, {}, {}};
      for (int32_t k = 0; k < K; ++k) {
        auto ait = aRegs.find({d[0], d[1], k});
        auto bit = bRegs.find({d[0], k, d[2]});
        if (ait == aRegs.end() || bit == bRegs.end())
          return op.emitError("cannot lower the FMA tt.dot: a thread does "
                              "not hold all of K of its operands");
        el.aRegs.push_back(ait->second);
        el.bRegs.push_back(bit->second);
      }
      elements.push_back(std::move(el));
    }
    // K outermost: the multiply-adds of one step are independent.
    bool isInt = isa<IntegerType>(accType);
    for (int32_t k = 0; k < K; ++k)
      for (Element &el : elements) {
        Value x = a[el.aRegs[k]], y = b[el.bRegs[k]];
        Value &acc = c[el.reg];
        acc = isInt ? (Value)LLVM::AddOp::create(
                          rewriter, loc, acc,
                          LLVM::MulOp::create(rewriter, loc, x, y))
                    : (Value)LLVM::FMulAddOp::create(rewriter, loc, x, y, acc);
      }
    for (unsigned r = 0, e = c.size(); r < e; ++r)
      if (r & free)
        c[r] = c[r & ~free];
    rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), c, rewriter,
                                          dType));
    return success();
  }

  /// Integer or float operands of one type, no wider than the accumulator
  /// of the same kind.
  static LogicalResult checkTypes(DotOp op, RankedTensorType aType,
                                  RankedTensorType bType,
                                  RankedTensorType dType) {
    Type a = aType.getElementType(), b = bType.getElementType(),
         d = dType.getElementType();
    bool ints = a.isInteger() && d.isInteger();
    bool floats = isa<Float16Type, BFloat16Type, Float32Type, Float64Type>(a) &&
                  isa<FloatType>(d);
    if (a != b || !(ints || floats) ||
        a.getIntOrFloatBitWidth() > d.getIntOrFloatBitWidth())
      return op.emitError()
             << "cannot lower the FMA tt.dot of " << a << " x " << b
             << " accumulating in " << d
             << " (operands of one integer or f16/bf16/f32/f64 type, no "
                "wider than the accumulator, are supported)";
    if (a.isBF16() && d.isF16())
      return op.emitError("cannot lower the FMA tt.dot of bf16 accumulating "
                          "in f16");
    return success();
  }
};

} // namespace

void mlir::triton::lowering::populateDotOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &tc, RewritePatternSet &patterns,
    LoweringContext &lc) {
  (void)lc;
  patterns.add<FmaDotOpConversion>(tc);
}
