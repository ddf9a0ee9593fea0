//===- AccelerateMatmul.cpp - tt.dot onto AMD matrix cores ------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// tritonamdgpu-accelerate-matmul: gives each tt.dot an #ttg.amd_mfma (CDNA)
// or #ttg.amd_wmma (RDNA3) result layout and the matching #ttg.dot_op
// operand layouts; see Passes.td for the choices.
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/TritonAMDGPU/Transforms/Passes.h"

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"
#include "tt/Target/AMDGPU/Arch.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::triton::amdgpu {
#define GEN_PASS_DEF_TRITONAMDGPUACCELERATEMATMUL
#include "tt/Dialect/TritonAMDGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::amdgpu

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;

namespace {

/// Warps over the (M, N) tiles of one instruction tile `instrM` x `instrN`:
/// doubles along the dimension with more tiles per warp left.
SmallVector<unsigned> warpsPerTile(ArrayRef<int64_t> shape, unsigned instrM,
                                   unsigned instrN, unsigned numWarps) {
  size_t rank = shape.size();
  int64_t tilesM = std::max<int64_t>(1, shape[rank - 2] / instrM);
  int64_t tilesN = std::max<int64_t>(1, shape[rank - 1] / instrN);
  unsigned wm = 1, wn = 1;
  while (wm * wn < numWarps) {
    int64_t leftM = tilesM / wm, leftN = tilesN / wn;
    if (leftM >= leftN && leftM > 1)
      wm *= 2;
    else if (leftN > 1)
      wn *= 2;
    else
      wm *= 2; // More warps than tiles: the extra ones hold copies.
  }
  SmallVector<unsigned> warps(rank, 1);
  warps[rank - 2] = wm;
  warps[rank - 1] = wn;
  return warps;
}

bool isHalfType(Type t) { return t.isF16() || t.isBF16(); }

class AccelerateMatmul
    : public triton::amdgpu::impl::TritonAMDGPUAccelerateMatmulBase<
          AccelerateMatmul> {
public:
  using TritonAMDGPUAccelerateMatmulBase::TritonAMDGPUAccelerateMatmulBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::string name = gfxArch;
    if (name.empty()) {
      auto target = module->getAttrOfType<StringAttr>("ttg.target");
      if (!target || !tt::amdgpu::isAMDTarget(target.getValue())) {
        module.emitError("tritonamdgpu-accelerate-matmul needs gfx-arch or "
                         "a module ttg.target of the form hip:gfxNNN");
        return signalPassFailure();
      }
      name = target.getValue().drop_front(4).str();
    }
    std::optional<tt::amdgpu::Arch> arch = tt::amdgpu::parseArch(name);
    if (!arch) {
      module.emitError() << "unknown AMD GPU architecture '" << name
                         << "' (known: " << tt::amdgpu::supportedArchList()
                         << ")";
      return signalPassFailure();
    }
    if (matrixInstructionSize != 0 && matrixInstructionSize != 16 &&
        matrixInstructionSize != 32) {
      module.emitError() << "matrix-instruction-size must be 0, 16 or 32, got "
                         << int(matrixInstructionSize);
      return signalPassFailure();
    }
    if (kPack != 1 && kPack != 2) {
      module.emitError() << "kPack must be 1 or 2, got " << int(kPack);
      return signalPassFailure();
    }
    int numWarps = ttg::maybeLookupNumWarps(module).value_or(4);

    SmallVector<DotOp> dots;
    module.walk([&](DotOp dot) { dots.push_back(dot); });
    for (DotOp dot : dots)
      rewrite(dot, *arch, numWarps);
  }

private:
  void rewrite(DotOp dot, const tt::amdgpu::Arch &arch, int numWarps) {
    auto resultType = cast<RankedTensorType>(dot.getType());
    if (!isa_and_nonnull<ttg::BlockedEncodingAttr>(resultType.getEncoding()))
      return;
    auto aType = cast<RankedTensorType>(dot.getA().getType());
    auto bType = cast<RankedTensorType>(dot.getB().getType());
    Type aElem = aType.getElementType(), bElem = bType.getElementType();
    if (!isHalfType(aElem) || aElem != bElem ||
        !resultType.getElementType().isF32())
      return;
    ArrayRef<int64_t> shape = resultType.getShape();
    size_t rank = shape.size();
    int64_t K = aType.getShape()[rank - 1];
    MLIRContext *ctx = dot.getContext();
    auto cga = ttg::CGAEncodingAttr::get1CTALayout(ctx, rank);

    Attribute accLayout;
    unsigned kWidth;
    if (arch.mfmaVersion > 0) {
      unsigned instr = matrixInstructionSize;
      if (instr == 0)
        instr = shape[rank - 2] % 32 == 0 && shape[rank - 1] % 32 == 0 ? 32
                                                                        : 16;
      // 32x32x8 / 16x16x16: four K elements per lane and instruction.
      unsigned kBase = 4;
      unsigned kPerInstr = kBase * (64 / instr);
      kWidth = kBase * kPack;
      if (K % (kPerInstr * kPack) != 0 || shape[rank - 2] % instr != 0 ||
          shape[rank - 1] % instr != 0)
        return;
      // gfx908 has no bf16 instruction with 4 elements per lane.
      if (aElem.isBF16() && arch.mfmaVersion < 2)
        return;
      SmallVector<unsigned> warps = warpsPerTile(shape, instr, instr, numWarps);
      SmallVector<unsigned> instrShape{instr, instr, kPerInstr};
      accLayout = ttg::AMDMfmaEncodingAttr::get(
          ctx, arch.mfmaVersion, warps, instrShape, /*isTransposed=*/true, cga,
          SmallVector<unsigned>(rank, 1), /*elementBitWidth=*/32);
    } else if (arch.wmmaVersion == 1) {
      kWidth = 16;
      if (K % 16 != 0 || shape[rank - 2] % 16 != 0 || shape[rank - 1] % 16 != 0)
        return;
      SmallVector<unsigned> warps = warpsPerTile(shape, 16, 16, numWarps);
      accLayout = ttg::AMDWmmaEncodingAttr::get(
          ctx, /*version=*/1, /*isTransposed=*/false, warps,
          SmallVector<unsigned>(rank, 1), cga, SmallVector<unsigned>{16, 16, 16});
    } else {
      return; // No matrix cores tt can use on this GPU.
    }

    OpBuilder b(dot);
    Location loc = dot.getLoc();
    auto convert = [&](Value v, Attribute encoding) -> Value {
      auto type = cast<RankedTensorType>(v.getType());
      auto newType = type.cloneWithEncoding(encoding);
      return ttg::ConvertLayoutOp::create(b, loc, newType, v);
    };
    Value a = convert(dot.getA(),
                      ttg::DotOperandEncodingAttr::get(ctx, 0, accLayout, kWidth));
    Value bv = convert(dot.getB(),
                       ttg::DotOperandEncodingAttr::get(ctx, 1, accLayout, kWidth));
    Value c = convert(dot.getC(), accLayout);
    auto newDot = DotOp::create(b, loc, c.getType(), a, bv, c,
                                dot.getInputPrecision(), dot.getMaxNumImpreciseAcc());
    Value result = ttg::ConvertLayoutOp::create(b, loc, resultType, newDot);
    dot.replaceAllUsesWith(result);
    dot.erase();
  }
};

} // namespace
