//===- F32DotTC.cpp - f32 dots as sums of tensor-core dots ------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// tf32x3, bf16x3 and bf16x6: each f32 operand is split into a leading part
// and residuals of tensor-core precision, and the dot into the sum of the
// cross products that matter, the leading product last.
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/TritonGPU/Transforms/Passes.h"

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/Transforms/DotOperandLayouts.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUF32DOTTC
#include "tt/Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;

namespace {

/// A product of part `a` of A and part `b` of B (0 is the leading part).
struct Term {
  unsigned a, b;
};

/// How a precision splits the operands and which correction products it
/// sums, smallest first; the leading product (0, 0) always comes last.
struct Scheme {
  unsigned parts;
  bool tf32; // tf32 parts (f32 values) rather than bf16 ones
  ArrayRef<Term> corrections;
};

std::optional<Scheme> schemeFor(InputPrecision precision) {
  static const Term two[] = {{1, 0}, {0, 1}};
  static const Term three[] = {{1, 1}, {2, 0}, {0, 2}, {1, 0}, {0, 1}};
  switch (precision) {
  case InputPrecision::TF32x3:
    return Scheme{2, true, two};
  case InputPrecision::BF16x3:
    return Scheme{2, false, two};
  case InputPrecision::BF16x6:
    return Scheme{3, false, three};
  default:
    return std::nullopt;
  }
}

RankedTensorType withElement(Type type, Type element) {
  return cast<RankedTensorType>(type).clone(element);
}

/// `x` rounded to tf32 (to nearest, ties away from zero), still an f32.
Value roundToTF32(OpBuilder &b, Location loc, Value x) {
  auto op = ElementwiseInlineAsmOp::create(
      b, loc, TypeRange{x.getType()}, "cvt.rna.tf32.f32 $0, $1;", "=r,r",
      /*pure=*/true, /*packed_element=*/1, ValueRange{x});
  return op->getResult(0);
}

/// The parts of the f32 tensor `x`, leading part first: tf32 values (as
/// f32) or bf16 values whose sum approximates `x`.
SmallVector<Value> splitOperand(OpBuilder &b, Location loc, Value x,
                                const Scheme &scheme) {
  SmallVector<Value> parts;
  if (scheme.tf32) {
    Value big = roundToTF32(b, loc, x);
    parts = {big, arith::SubFOp::create(b, loc, x, big)};
    return parts;
  }
  Type f32Type = x.getType();
  Type bf16Type = withElement(f32Type, b.getBF16Type());
  Value rest = x;
  for (unsigned i = 0; i < scheme.parts; ++i) {
    Value part = arith::TruncFOp::create(b, loc, bf16Type, rest);
    parts.push_back(part);
    if (i + 1 < scheme.parts)
      rest = arith::SubFOp::create(
          b, loc, rest, arith::ExtFOp::create(b, loc, f32Type, part));
  }
  return parts;
}

/// The parts of a dot operand in the operand's type (with the parts'
/// element type). An operand converted into a `#ttg.dot_op` layout is
/// split in the layout it comes from and each part converted on its own,
/// so that the tensor-core passes see conversions of plain tensors.
SmallVector<Value> operandParts(OpBuilder &b, Value operand,
                                const Scheme &scheme) {
  Location loc = operand.getLoc();
  auto cvt = operand.getDefiningOp<ttg::ConvertLayoutOp>();
  if (!cvt || !isa<ttg::DotOperandEncodingAttr>(
                  cast<RankedTensorType>(operand.getType()).getEncoding()))
    return splitOperand(b, loc, operand, scheme);
  SmallVector<Value> parts = splitOperand(b, loc, cvt.getSrc(), scheme);
  for (Value &part : parts)
    part = ttg::ConvertLayoutOp::create(
        b, loc,
        withElement(operand.getType(), mlir::getElementTypeOrSelf(part.getType())),
        part);
  return parts;
}

void rewrite(DotOp dot, const Scheme &scheme) {
  OpBuilder b(dot);
  Location loc = dot.getLoc();
  SmallVector<Value> a = operandParts(b, dot.getA(), scheme);
  SmallVector<Value> bParts = operandParts(b, dot.getB(), scheme);
  auto type = cast<RankedTensorType>(dot.getType());
  auto precision = InputPrecisionAttr::get(dot.getContext(),
                                           InputPrecision::TF32);
  auto product = [&](Term term, Value acc) -> Value {
    return DotOp::create(b, loc, type, a[term.a], bParts[term.b], acc,
                         precision, dot.getMaxNumImpreciseAccAttr());
  };
  Value zero = arith::ConstantOp::create(
      b, loc, type, DenseElementsAttr::get(type, b.getF32FloatAttr(0.0)));
  Value sum = zero;
  for (Term term : scheme.corrections)
    sum = product(term, sum);
  // inf - inf in a residual makes the corrections NaN; the leading product
  // alone carries the inputs' infinities and NaNs.
  Value isNaN =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, sum, sum);
  sum = arith::SelectOp::create(b, loc, isNaN, zero, sum);
  sum = product({0, 0}, sum);
  Value result = arith::AddFOp::create(b, loc, sum, dot.getC());
  dot.getResult().replaceAllUsesWith(result);
  auto cvtA = dot.getA().getDefiningOp<ttg::ConvertLayoutOp>();
  auto cvtB = dot.getB().getDefiningOp<ttg::ConvertLayoutOp>();
  dot.erase();
  for (ttg::ConvertLayoutOp cvt : {cvtA, cvtB})
    if (cvt && cvt->use_empty())
      cvt.erase(); // cvtA == cvtB is used by the new dots
}

bool hasF32Operands(DotOp dot) {
  auto element = [](Value v) { return mlir::getElementTypeOrSelf(v.getType()); };
  return element(dot.getA()).isF32() && element(dot.getB()).isF32() &&
         element(dot.getC()).isF32();
}

class F32DotTC : public ttg::impl::TritonGPUF32DotTCBase<F32DotTC> {
public:
  using TritonGPUF32DotTCBase::TritonGPUF32DotTCBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<std::pair<DotOp, Scheme>> dots;
    WalkResult walk = module.walk([&](DotOp dot) {
      std::optional<Scheme> scheme = schemeFor(dot.getInputPrecision());
      if (!scheme || !hasF32Operands(dot))
        return WalkResult::advance();
      if (scheme->tf32) {
        if (!emuTF32)
          return WalkResult::advance();
        if (failed(checkTF32Target(dot)))
          return WalkResult::interrupt();
      }
      dots.push_back({dot, *scheme});
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return signalPassFailure();
    for (auto &[dot, scheme] : dots)
      rewrite(dot, scheme);
  }

private:
  /// The tf32 rounding is PTX of sm_80 on; a module for another target
  /// (one without `ttg.target` is taken as NVIDIA's) cannot have it.
  LogicalResult checkTF32Target(DotOp dot) {
    ModuleOp module = dot->getParentOfType<ModuleOp>();
    if (!module->hasAttr("ttg.target"))
      return success();
    std::optional<int> cc = ttg::getNVIDIAComputeCapability(module);
    if (cc && *cc >= 80)
      return success();
    return dot.emitError("inputPrecision = tf32x3 with emu-tf32 needs an "
                         "NVIDIA target of cuda:80 or later "
                         "(cvt.rna.tf32.f32), not ")
           << module->getAttr("ttg.target");
  }
};

} // namespace
