//===- OptimizeEpilogue.cpp - store accumulators in their own layout -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// tritonamdgpu-optimize-epilogue: a tt.store of a value converted from an
// AMD matrix-core accumulator layout (#ttg.amd_mfma, #ttg.amd_wmma) stores
// the unconverted value instead, with its pointers and mask converted to
// the accumulator layout. Those are pointer arithmetic over ranges and
// splats, which tritongpu-remove-layout-conversions recomputes in the new
// layout, so the epilogue no longer stages the whole output tile through
// LDS (a 128x256 f16 tile alone would fill gfx942's 64 KiB).
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/TritonAMDGPU/Transforms/Passes.h"

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::triton::amdgpu {
#define GEN_PASS_DEF_TRITONAMDGPUOPTIMIZEEPILOGUE
#include "tt/Dialect/TritonAMDGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::amdgpu

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;

namespace {

class OptimizeEpilogue
    : public triton::amdgpu::impl::TritonAMDGPUOptimizeEpilogueBase<
          OptimizeEpilogue> {
public:
  void runOnOperation() override {
    SmallVector<StoreOp> stores;
    getOperation().walk([&](StoreOp store) { stores.push_back(store); });
    for (StoreOp store : stores) {
      auto convert = store.getValue().getDefiningOp<ttg::ConvertLayoutOp>();
      if (!convert)
        continue;
      auto srcType = cast<RankedTensorType>(convert.getSrc().getType());
      Attribute layout = srcType.getEncoding();
      if (!isa_and_nonnull<ttg::AMDMfmaEncodingAttr, ttg::AMDWmmaEncodingAttr>(
              layout))
        continue;
      OpBuilder b(store);
      auto inLayout = [&](Value v) -> Value {
        if (!v)
          return v;
        auto type = cast<RankedTensorType>(v.getType());
        return ttg::ConvertLayoutOp::create(b, store.getLoc(),
                                            type.cloneWithEncoding(layout), v);
      };
      store.getPtrMutable().assign(inLayout(store.getPtr()));
      if (store.getMask())
        store.getMaskMutable().assign(inLayout(store.getMask()));
      store.getValueMutable().assign(convert.getSrc());
      if (convert->use_empty())
        convert.erase();
    }
  }
};

} // namespace
