//===- Coalesce.cpp - layouts that coalesce global accesses -----*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/TritonGPU/Transforms/Passes.h"

#include "tt/Analysis/AxisInfo.h"
#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/DefaultLayouts.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"
#include "tt/Support/Debug.h"

#include "mlir/IR/Builders.h"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUCOALESCE
#include "tt/Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;

namespace {

/// The pointer operand of a global memory access through a tensor of
/// pointers, or null.
Value getTensorPointer(Operation *op) {
  Value ptr;
  if (auto load = dyn_cast<LoadOp>(op))
    ptr = load.getPtr();
  else if (auto store = dyn_cast<StoreOp>(op))
    ptr = store.getPtr();
  else if (auto rmw = dyn_cast<AtomicRMWOp>(op))
    ptr = rmw.getPtr();
  else if (auto cas = dyn_cast<AtomicCASOp>(op))
    ptr = cas.getPtr();
  if (!ptr || !isTensorPointerType(ptr.getType()))
    return Value();
  return ptr;
}

unsigned pointeeBits(Value ptr) {
  auto tensor = cast<RankedTensorType>(ptr.getType());
  Type pointee = cast<PointerType>(tensor.getElementType()).getPointeeType();
  return pointee.isIntOrFloat() ? std::max(8u, pointee.getIntOrFloatBitWidth())
                                : 64u;
}

class Coalesce : public ttg::impl::TritonGPUCoalesceBase<Coalesce> {
public:
  void runOnOperation() override {
    ModuleOp module = getOperation();
    ModuleAxisInfoAnalysis axisInfo(module);
    int numWarps = ttg::maybeLookupNumWarps(module).value_or(4);
    int threadsPerWarp = ttg::maybeLookupThreadsPerWarp(module).value_or(32);
    int numCTAs = ttg::maybeLookupNumCTAs(module).value_or(1);

    // Decide every layout first (the analysis refers to the current IR).
    SmallVector<std::pair<Operation *, Attribute>> plan;
    module.walk([&](Operation *op) {
      // Tensor-descriptor loads and stores: the block is row-major in global
      // memory, so 16 bytes per thread along the last dim (upstream's
      // layouts; they stay visible where a loaded block is re-stored, e.g.
      // transposed for an fp8 wgmma operand).
      if (isa<DescriptorLoadOp, DescriptorStoreOp>(op)) {
        auto type = cast<RankedTensorType>(
            isa<DescriptorLoadOp>(op) ? op->getResult(0).getType()
                                      : cast<DescriptorStoreOp>(op).getSrc().getType());
        if (!type.getEncoding() || !type.getElementType().isIntOrFloat())
          return;
        unsigned rank = type.getRank();
        unsigned bits = std::max(8u, type.getElementType().getIntOrFloatBitWidth());
        int64_t numThreads = int64_t(numWarps) * threadsPerWarp;
        int64_t perThread = std::min<int64_t>(
            {128 / bits, std::max<int64_t>(1, type.getNumElements() / numThreads),
             type.getShape()[rank - 1]});
        SmallVector<unsigned> sizePerThread(rank, 1), order;
        sizePerThread[rank - 1] = perThread;
        for (unsigned d = rank; d-- > 0;)
          order.push_back(d);
        Attribute layout = ttg::getBlockedEncoding(
            &getContext(), type.getShape(), sizePerThread, order, numWarps,
            threadsPerWarp, numCTAs);
        if (layout != type.getEncoding())
          plan.push_back({op, layout});
        return;
      }
      Value ptr = getTensorPointer(op);
      if (!ptr)
        return;
      auto type = cast<RankedTensorType>(ptr.getType());
      if (!type.getEncoding())
        return;
      SmallVector<unsigned, 4> order = axisInfo.getOrder(ptr);
      unsigned bits = pointeeBits(ptr);
      // Widest access the alignment and contiguity allow, capped at 128 bits.
      unsigned perThread = std::min<unsigned>(axisInfo.getPtrAlignment(ptr),
                                              std::max(1u, 128u / bits));
      int64_t numElems = type.getNumElements();
      int64_t numThreads = int64_t(numWarps) * threadsPerWarp;
      perThread = std::min<int64_t>(perThread,
                                    std::max<int64_t>(1, numElems / numThreads));
      perThread = std::min<int64_t>(perThread, type.getShape()[order[0]]);
      SmallVector<unsigned> sizePerThread(type.getRank(), 1);
      sizePerThread[order[0]] = perThread;
      Attribute layout = ttg::getBlockedEncoding(
          &getContext(), type.getShape(), sizePerThread, order, numWarps,
          threadsPerWarp, numCTAs);
      TT_DEBUG("tritongpu-coalesce")
          << op->getName() << " at " << op->getLoc() << ": " << perThread
          << " elements per thread (alignment "
          << axisInfo.getPtrAlignment(ptr) << ", " << bits << "-bit) -> "
          << layout << "\n";
      if (layout != type.getEncoding())
        plan.push_back({op, layout});
    });

    for (auto [op, layout] : plan)
      rewrite(op, layout);
  }

private:
  static Type withEncoding(Type type, Attribute encoding) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor)
      return type;
    return RankedTensorType::get(tensor.getShape(), tensor.getElementType(),
                                 encoding);
  }

  /// Runs `op` in `layout`: its tensor operands are converted to it, and its
  /// tensor results converted back for the existing users.
  void rewrite(Operation *op, Attribute layout) {
    OpBuilder builder(op);
    for (OpOperand &operand : op->getOpOperands()) {
      Type type = operand.get().getType();
      if (!isa<RankedTensorType>(type))
        continue;
      Value converted = ttg::ConvertLayoutOp::create(
          builder, op->getLoc(), withEncoding(type, layout), operand.get());
      operand.set(converted);
    }
    builder.setInsertionPointAfter(op);
    for (OpResult result : op->getResults()) {
      Type oldType = result.getType();
      if (!isa<RankedTensorType>(oldType))
        continue;
      result.setType(withEncoding(oldType, layout));
      auto back =
          ttg::ConvertLayoutOp::create(builder, op->getLoc(), oldType, result);
      result.replaceAllUsesExcept(back, back);
    }
  }
};

} // namespace
