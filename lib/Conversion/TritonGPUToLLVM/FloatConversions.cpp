//===- FloatConversions.cpp - fp8 and rounded float conversions -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The scalar form of tt.fp_to_fp (and of arith.extf/truncf on fp8): the
// target's own instruction where TargetInfo::convertFloat has one, else a
// target-neutral sequence of LLVM integer operations that computes the
// same bits:
//
//   - widening from fp8 decodes sign, exponent and mantissa into an f32
//     (exact: every fp8 value is an f16, bf16 and f32 value), then rounds
//     that f32 exactly to the destination;
//   - narrowing to fp8, and f32 -> f16/bf16 with rtz, widens the source to
//     f32 (exact) and rounds the f32 bits to the destination's exponent and
//     mantissa width with round-to-nearest-even or toward zero.
//
// Out-of-range values follow NVIDIA's cvt, which upstream Triton uses: with
// rtne the fp8 result saturates (`.satfinite`: overflow and infinities give
// the largest finite value); with rtz finite overflow gives the largest
// finite value and an infinity stays one where the format has infinities.
// NaN gives the format's all-ones NaN. fp8e4b15 (f8E4M3B11FNUZ in the IR)
// is read as upstream's NVIDIA backend reads it: exponent bias 15, no
// infinities or NaN.
//
//===----------------------------------------------------------------------===//

#include "tt/Conversion/TritonGPUToLLVM/Patterns.h"

#include "tt/Dialect/Triton/IR/Dialect.h"

#include <cmath>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::lowering;

namespace {

/// A binary float format: exponent and mantissa widths, bias, and which
/// encodings are not finite.
struct FloatFormat {
  enum Special { IEEE, NanOnly, Finite };
  unsigned expBits, manBits;
  int bias;
  Special special;

  unsigned width() const { return 1 + expBits + manBits; }
  uint32_t magMask() const { return (1u << (expBits + manBits)) - 1; }
  uint32_t maxExp() const { return (1u << expBits) - 1; }
  /// The largest finite magnitude's encoding.
  uint32_t maxFinite() const {
    uint32_t man = (1u << manBits) - 1;
    switch (special) {
    case IEEE:
      return ((maxExp() - 1) << manBits) | man;
    case NanOnly:
      return (maxExp() << manBits) | (man - 1);
    case Finite:
      return magMask();
    }
    return 0;
  }
};

std::optional<FloatFormat> formatOf(FloatType type) {
  if (isa<Float8E4M3FNType>(type))
    return FloatFormat{4, 3, 7, FloatFormat::NanOnly};
  if (isa<Float8E5M2Type>(type))
    return FloatFormat{5, 2, 15, FloatFormat::IEEE};
  if (isa<Float8E4M3B11FNUZType>(type))
    return FloatFormat{4, 3, 15, FloatFormat::Finite};
  if (type.isF16())
    return FloatFormat{5, 10, 15, FloatFormat::IEEE};
  if (type.isBF16())
    return FloatFormat{8, 7, 127, FloatFormat::IEEE};
  return std::nullopt;
}

/// Integer arithmetic on i32 values, spelled briefly.
struct I32Builder {
  OpBuilder &b;
  Location loc;
  Type i32 = b.getI32Type();

  Value c(int64_t v) {
    return LLVM::ConstantOp::create(b, loc, i32, b.getI32IntegerAttr(v));
  }
  Value add(Value x, Value y) { return LLVM::AddOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return LLVM::SubOp::create(b, loc, x, y); }
  Value band(Value x, Value y) { return LLVM::AndOp::create(b, loc, x, y); }
  Value bor(Value x, Value y) { return LLVM::OrOp::create(b, loc, x, y); }
  Value shl(Value x, Value y) { return LLVM::ShlOp::create(b, loc, x, y); }
  Value lshr(Value x, Value y) { return LLVM::LShrOp::create(b, loc, x, y); }
  Value cmp(LLVM::ICmpPredicate p, Value x, Value y) {
    return LLVM::ICmpOp::create(b, loc, p, x, y);
  }
  Value select(Value cond, Value x, Value y) {
    return LLVM::SelectOp::create(b, loc, cond, x, y);
  }
  Value smax(Value x, Value y) { return LLVM::SMaxOp::create(b, loc, x, y); }
  Value umin(Value x, Value y) { return LLVM::UMinOp::create(b, loc, x, y); }
};

/// Widens or narrows an f16/bf16/f32/f64 value to `dst` where the result is
/// exact (or rounds to nearest even, as LLVM's fptrunc does).
Value castFloat(OpBuilder &b, Location loc, Value v, FloatType dst) {
  auto src = cast<FloatType>(v.getType());
  if (src == dst)
    return v;
  // f16 <-> bf16 has no direct LLVM cast; f32 holds both exactly.
  if (src.getWidth() == dst.getWidth()) {
    v = LLVM::FPExtOp::create(b, loc, b.getF32Type(), v);
    src = b.getF32Type();
  }
  if (src.getWidth() < dst.getWidth())
    return LLVM::FPExtOp::create(b, loc, dst, v);
  return LLVM::FPTruncOp::create(b, loc, dst, v);
}

/// The f32 with the value of the `fmt` encoding in the low bits of `x`.
Value decodeToF32(OpBuilder &b, Location loc, Value x, const FloatFormat &fmt) {
  I32Builder i{b, loc};
  using P = LLVM::ICmpPredicate;
  Value bits = LLVM::ZExtOp::create(b, loc, i.i32, x);
  Value sign = i.shl(i.lshr(bits, i.c(fmt.width() - 1)), i.c(31));
  Value mag = i.band(bits, i.c(fmt.magMask()));
  Value exp = i.lshr(mag, i.c(fmt.manBits));
  Value man = i.band(mag, i.c((1 << fmt.manBits) - 1));
  // Normal numbers: rebias the exponent, widen the mantissa.
  Value normal =
      i.add(i.shl(mag, i.c(23 - fmt.manBits)), i.c((127 - fmt.bias) << 23));
  // Subnormals: man * 2^(1 - bias - manBits), a normal f32 (exact).
  Value manF = LLVM::UIToFPOp::create(b, loc, b.getF32Type(), man);
  Value ulp = LLVM::ConstantOp::create(
      b, loc, b.getF32Type(),
      b.getF32FloatAttr(std::ldexp(1.0f, 1 - fmt.bias - (int)fmt.manBits)));
  Value sub = LLVM::BitcastOp::create(
      b, loc, i.i32, LLVM::FMulOp::create(b, loc, manF, ulp));
  Value result = i.select(i.cmp(P::eq, exp, i.c(0)), sub, normal);
  Value qnan = i.c(0x7fc00000);
  if (fmt.special == FloatFormat::IEEE) {
    Value special = i.select(i.cmp(P::eq, man, i.c(0)), i.c(0x7f800000), qnan);
    result = i.select(i.cmp(P::eq, exp, i.c(fmt.maxExp())), special, result);
  } else if (fmt.special == FloatFormat::NanOnly) {
    result = i.select(i.cmp(P::eq, mag, i.c(fmt.magMask())), qnan, result);
  }
  return LLVM::BitcastOp::create(b, loc, b.getF32Type(), i.bor(result, sign));
}

/// The `fmt` encoding (in an integer of its width) of the f32 `v`, rounded
/// as `rounding` says (see the file comment for out-of-range values).
Value encodeFromF32(OpBuilder &b, Location loc, Value v,
                    const FloatFormat &fmt, RoundingMode rounding) {
  I32Builder i{b, loc};
  using P = LLVM::ICmpPredicate;
  Value bits = LLVM::BitcastOp::create(b, loc, i.i32, v);
  Value abs = i.band(bits, i.c(0x7fffffff));
  Value exp = i.lshr(abs, i.c(23));
  Value man = i.band(abs, i.c(0x7fffff));
  Value isSub = i.cmp(P::eq, exp, i.c(0));
  Value sig = i.select(isSub, man, i.bor(man, i.c(0x800000)));
  // The destination's biased exponent (an f32 subnormal has the exponent
  // of exp == 1); below 1 the result is subnormal and the significand is
  // shifted further right.
  Value dexp = i.add(i.select(isSub, i.c(1), exp), i.c(fmt.bias - 127));
  Value extra = i.smax(i.sub(i.c(1), dexp), i.c(0));
  Value shift = i.umin(i.add(extra, i.c(23 - fmt.manBits)), i.c(31));
  Value base = i.shl(i.smax(i.sub(dexp, i.c(1)), i.c(0)), i.c(fmt.manBits));
  Value kept = i.lshr(sig, shift);
  Value mag = i.add(base, kept);
  if (rounding == RoundingMode::RTNE) {
    Value one = i.c(1);
    Value dropped = i.band(sig, i.sub(i.shl(one, shift), one));
    Value half = i.shl(one, i.sub(shift, one));
    Value above = i.cmp(P::ugt, dropped, half);
    Value tie = i.band(
        LLVM::ZExtOp::create(b, loc, i.i32, i.cmp(P::eq, dropped, half)),
        i.band(kept, one));
    Value up = i.bor(LLVM::ZExtOp::create(b, loc, i.i32, above), tie);
    mag = i.add(mag, up);
  }
  // Overflow (infinities included) saturates, except that rtz keeps an
  // infinite input infinite where the format has infinities.
  Value maxFinite = i.c(fmt.maxFinite());
  mag = i.select(i.cmp(P::ugt, mag, maxFinite), maxFinite, mag);
  if (rounding == RoundingMode::RTZ && fmt.special == FloatFormat::IEEE)
    mag = i.select(i.cmp(P::eq, abs, i.c(0x7f800000)),
                   i.c(fmt.maxExp() << fmt.manBits), mag);
  Value sign = i.shl(i.lshr(bits, i.c(31)), i.c(fmt.width() - 1));
  Value result = i.bor(sign, mag);
  if (fmt.special != FloatFormat::Finite)
    result = i.select(i.cmp(P::ugt, abs, i.c(0x7f800000)),
                      i.c(fmt.magMask()), result);
  return LLVM::TruncOp::create(b, loc, b.getIntegerType(fmt.width()), result);
}

} // namespace

FailureOr<Value> mlir::triton::lowering::emitFloatConversion(
    OpBuilder &b, Operation *op, Value src, FloatType srcType,
    FloatType dstType, RoundingMode rounding, const TargetInfo *target) {
  Location loc = op->getLoc();
  if (srcType == dstType)
    return src;
  bool narrowing = dstType.getWidth() < srcType.getWidth();
  bool fp8Src = srcType.getWidth() == 8, fp8Dst = dstType.getWidth() == 8;
  bool wideSrc = srcType.isF16() || srcType.isBF16() || srcType.isF32();
  bool supported;
  if (fp8Src) // To any float type.
    supported = formatOf(srcType).has_value() &&
                (!fp8Dst || formatOf(dstType).has_value());
  else if (fp8Dst)
    supported = wideSrc && formatOf(dstType).has_value();
  else // Only rtz needs more than LLVM's casts: f32 -> f16/bf16.
    supported = !narrowing || rounding == RoundingMode::RTNE ||
                (srcType.isF32() && formatOf(dstType).has_value());
  if (!supported)
    return op->emitError() << "no " << stringifyRoundingMode(rounding)
                           << " conversion from " << srcType << " to "
                           << dstType
                           << " (fp8 converts to and from f16, bf16 and f32; "
                              "rtz applies to f32 sources)",
           failure();

  if (target)
    if (Value v =
            target->convertFloat(b, loc, src, srcType, dstType, rounding))
      return v;

  if (fp8Src) {
    if (fp8Dst) // fp8 -> fp8 through f32 (exact widening, then rounding).
      return encodeFromF32(b, loc, decodeToF32(b, loc, src, *formatOf(srcType)),
                           *formatOf(dstType), rounding);
    return castFloat(b, loc, decodeToF32(b, loc, src, *formatOf(srcType)),
                     dstType);
  }
  if (!narrowing || (rounding == RoundingMode::RTNE && !fp8Dst))
    return castFloat(b, loc, src, dstType);
  Value f32 = castFloat(b, loc, src, b.getF32Type());
  Value encoded = encodeFromF32(b, loc, f32, *formatOf(dstType), rounding);
  if (fp8Dst)
    return encoded;
  return LLVM::BitcastOp::create(b, loc, dstType, encoded).getResult();
}
