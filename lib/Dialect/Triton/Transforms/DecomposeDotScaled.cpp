//===- DecomposeDotScaled.cpp - tt.dot_scaled as upcasts + tt.dot -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// GPUs without block-scaled matrix instructions compute tt.dot_scaled as
// upstream Triton does on Hopper: each operand upcast to bf16 or f16,
// multiplied by its per-group power-of-two scale, then an ordinary tt.dot.
// The rewrite runs on TTIR (no layouts) so that any backend can use it; the
// layouts of the upcasts are chosen later like those of any elementwise
// code. See the pass description in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/Triton/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONDECOMPOSEDOTSCALED
#include "tt/Dialect/Triton/Transforms/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;

namespace {

/// Builds the upcast of one operand, oriented [outer, K] (the right-hand
/// operand transposed).
struct OperandUpcast {
  OpBuilder &b;
  Location loc;
  FloatType compute; // bf16 or f16

  RankedTensorType like(Value v, Type elem) {
    return cast<RankedTensorType>(v.getType()).clone(elem);
  }
  Value splat(Value like, Attribute value) {
    auto type = cast<RankedTensorType>(like.getType())
                    .clone(cast<TypedAttr>(value).getType());
    return arith::ConstantOp::create(b, loc,
                                     DenseElementsAttr::get(type, value));
  }
  Value splatInt(Value like, int64_t v) {
    Type elem = cast<RankedTensorType>(like.getType()).getElementType();
    return splat(like, b.getIntegerAttr(elem, v));
  }

  /// The compute-type bits of each e2m1 nibble of the i16 tensor `n`
  /// (values 0..15): sign, exponent rebiased, mantissa at the top; the
  /// subnormal (+-0.5) and zero handled apart.
  Value decodeNibbles(Value n) {
    bool bf16 = compute.isBF16();
    int manBits = bf16 ? 7 : 10, bias = bf16 ? 127 : 15;
    int64_t half = bf16 ? 0x3F00 : 0x3800;
    Value em = arith::AndIOp::create(b, loc, n, splatInt(n, 7));
    Value sign = arith::ShLIOp::create(
        b, loc, arith::AndIOp::create(b, loc, n, splatInt(n, 8)),
        splatInt(n, 12));
    Value v = arith::OrIOp::create(
        b, loc, arith::ShLIOp::create(b, loc, em, splatInt(n, manBits - 1)),
        sign);
    Value hasExp = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::ne,
        arith::AndIOp::create(b, loc, em, splatInt(n, 6)), splatInt(n, 0));
    v = arith::SelectOp::create(
        b, loc, hasExp,
        arith::AddIOp::create(b, loc, v, splatInt(n, (bias - 1) << manBits)),
        v);
    Value isHalf = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, em,
                                         splatInt(n, 1));
    v = arith::SelectOp::create(
        b, loc, isHalf,
        arith::OrIOp::create(b, loc, splatInt(n, half), sign), v);
    return BitcastOp::create(b, loc, like(n, compute), v);
  }

  /// [outer, K/2] i8 of e2m1 pairs (low nibble first) -> [outer, K].
  Value unpackE2M1(Value packed) {
    auto type = cast<RankedTensorType>(packed.getType());
    Value wide = arith::ExtUIOp::create(b, loc, like(packed, b.getI16Type()),
                                        packed);
    Value lo = arith::AndIOp::create(b, loc, wide, splatInt(wide, 0xF));
    Value hi = arith::ShRUIOp::create(b, loc, wide, splatInt(wide, 4));
    Value pairs =
        JoinOp::create(b, loc, decodeNibbles(lo), decodeNibbles(hi));
    SmallVector<int64_t> shape(type.getShape());
    shape.back() *= 2;
    return ReshapeOp::create(b, loc, shape, pairs);
  }

  /// [outer, groups] -> [outer, groups * group]: each value repeated over
  /// its group along the last dimension.
  Value expandGroups(Value v, int64_t group) {
    auto type = cast<RankedTensorType>(v.getType());
    Value col = ExpandDimsOp::create(b, loc, v, 2);
    SmallVector<int64_t> shape(type.getShape());
    shape.push_back(group);
    Value wide = BroadcastOp::create(b, loc, type.clone(shape), col);
    return ReshapeOp::create(
        b, loc, ArrayRef<int64_t>{shape[0], shape[1] * group}, wide);
  }

  /// 2^(s - 127) of each i8 scale in the compute type, as upstream builds
  /// it (bf16 bits s << 7; f16 through the f32 bits s << 23).
  Value scaleValues(Value scale) {
    if (compute.isBF16()) {
      Value wide = arith::ExtUIOp::create(
          b, loc, like(scale, b.getI16Type()), scale);
      Value bits = arith::ShLIOp::create(b, loc, wide, splatInt(wide, 7));
      return BitcastOp::create(b, loc, like(scale, compute), bits);
    }
    Value wide =
        arith::ExtUIOp::create(b, loc, like(scale, b.getI32Type()), scale);
    Value bits = arith::ShLIOp::create(b, loc, wide, splatInt(wide, 23));
    Value f32 = BitcastOp::create(b, loc, like(scale, b.getF32Type()), bits);
    return arith::TruncFOp::create(b, loc, like(scale, compute), f32);
  }

  /// `v` [outer, K] times its scales [outer, K / group]; NaN where a scale
  /// is 0xFF unless `fastMath`.
  Value applyScale(Value v, Value scale, bool fastMath) {
    auto vType = cast<RankedTensorType>(v.getType());
    auto sType = cast<RankedTensorType>(scale.getType());
    int64_t group = vType.getShape().back() / sType.getShape().back();
    Value scaled = arith::MulFOp::create(
        b, loc, v, expandGroups(scaleValues(scale), group));
    if (fastMath)
      return scaled;
    Value isNan = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                        scale, splatInt(scale, 0xFF));
    Value nan = splat(v, b.getFloatAttr(compute, APFloat::getNaN(
                                                      compute.getFloatSemantics())));
    return arith::SelectOp::create(b, loc, expandGroups(isNan, group), nan,
                                   scaled);
  }

  /// One operand, [outer, K] (or [outer, K/2] packed e2m1), in `format`,
  /// upcast to the compute type and scaled when `scale` is given.
  Value upcast(Value v, ScaleDotElemType format, Value scale, bool fastMath) {
    if (format == ScaleDotElemType::E2M1)
      v = unpackE2M1(v);
    else if (cast<RankedTensorType>(v.getType()).getElementType() != compute)
      v = FpToFpOp::create(b, loc, like(v, compute), v, RoundingModeAttr());
    return scale ? applyScale(v, scale, fastMath) : v;
  }
};

/// Why `op` cannot be decomposed, or an empty string.
std::string unsupportedReason(DotScaledOp op) {
  if (cast<RankedTensorType>(op.getA().getType()).getRank() != 2)
    return "batched (3-D) tt.dot_scaled is not decomposed";
  if (!op.getLhsKPack() || !op.getRhsKPack())
    return "fp4 operands packed along M/N are not decomposed";
  auto fmts = {op.getAElemType(), op.getBElemType()};
  for (ScaleDotElemType f : fmts)
    if (f == ScaleDotElemType::E2M3 || f == ScaleDotElemType::E3M2)
      return ("operands in " + stringifyScaleDotElemType(f) +
              " are not decomposed")
          .str();
  if (llvm::is_contained(fmts, ScaleDotElemType::BF16) &&
      llvm::is_contained(fmts, ScaleDotElemType::FP16))
    return "bf16 with fp16 operands are not decomposed";
  for (Value s : {op.getAScale(), op.getBScale()})
    if (s && !cast<RankedTensorType>(s.getType()).getElementType().isInteger(8))
      return "only e8m0 (i8) scales are decomposed";
  return "";
}

void decompose(DotScaledOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  auto fmts = {op.getAElemType(), op.getBElemType()};
  FloatType compute = llvm::is_contained(fmts, ScaleDotElemType::FP16)
                          ? (FloatType)b.getF16Type()
                          : (FloatType)b.getBF16Type();
  OperandUpcast up{b, loc, compute};
  Value a = up.upcast(op.getA(), op.getAElemType(), op.getAScale(),
                      op.getFastMath());
  // The right-hand operand is [K, N]: upcast it as [N, K] where it is
  // unpacked or scaled (along K), elementwise otherwise.
  Value rhs = op.getB();
  bool alongK = op.getBScale() || op.getBElemType() == ScaleDotElemType::E2M1;
  if (alongK)
    rhs = TransOp::create(b, loc, rhs, ArrayRef<int32_t>{1, 0});
  rhs = up.upcast(rhs, op.getBElemType(), op.getBScale(), op.getFastMath());
  if (alongK)
    rhs = TransOp::create(b, loc, rhs, ArrayRef<int32_t>{1, 0});
  Value d = DotOp::create(b, loc, op.getType(), a, rhs, op.getC());
  op.replaceAllUsesWith(d);
  op.erase();
}

struct DecomposeDotScaledPass
    : public triton::impl::TritonDecomposeDotScaledBase<
          DecomposeDotScaledPass> {
  void runOnOperation() override {
    SmallVector<DotScaledOp> ops;
    bool failed = false;
    getOperation().walk([&](DotScaledOp op) {
      if (cast<RankedTensorType>(op.getA().getType()).getEncoding()) {
        op.emitError("tt.dot_scaled is decomposed in TTIR, before layouts "
                     "are assigned");
        failed = true;
      } else if (std::string why = unsupportedReason(op); !why.empty()) {
        op.emitError(why);
        failed = true;
      } else {
        ops.push_back(op);
      }
    });
    if (failed)
      return signalPassFailure();
    for (DotScaledOp op : ops)
      decompose(op);
  }
};

} // namespace
