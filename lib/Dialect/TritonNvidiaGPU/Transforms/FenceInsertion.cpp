//===- FenceInsertion.cpp - proxy fences before wgmma -----------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/TritonNvidiaGPU/Transforms/Passes.h"

#include "tt/Dialect/TritonGPU/IR/Dialect.h"
#include "tt/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

namespace mlir::triton::nvidia_gpu {
#define GEN_PASS_DEF_TRITONGPUFENCEINSERTION
#include "tt/Dialect/TritonNvidiaGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::nvidia_gpu

using namespace mlir;
namespace ttg = mlir::triton::gpu;
namespace ttng = mlir::triton::nvidia_gpu;

namespace {

bool isView(Operation *op) {
  return isa<ttg::MemDescIndexOp, ttg::MemDescSubsliceOp, ttg::MemDescTransOp,
             ttg::MemDescReshapeOp, ttg::MemDescReinterpretOp>(op);
}

/// Collects the ops writing registers into the shared memory `operand`
/// reads: local_allocs with a value and local_stores into the allocation,
/// looking through views and loop-carried descriptors. Block arguments of
/// other ops count as unknown writers (the op owning them).
void collectWriters(Value operand, llvm::DenseSet<Value> &visited,
                    llvm::SetVector<Operation *> &writers) {
  if (!isa<ttg::MemDescType>(operand.getType()) ||
      !visited.insert(operand).second)
    return;
  if (Operation *def = operand.getDefiningOp()) {
    if (auto alloc = dyn_cast<ttg::LocalAllocOp>(def)) {
      if (alloc.getSrc())
        writers.insert(alloc);
      SmallVector<Operation *> users(alloc->getUsers());
      while (!users.empty()) {
        Operation *user = users.pop_back_val();
        if (isa<ttg::LocalStoreOp>(user))
          writers.insert(user);
        else if (isView(user))
          users.append(user->getUsers().begin(), user->getUsers().end());
      }
      return;
    }
    for (Value v : def->getOperands())
      collectWriters(v, visited, writers);
    return;
  }
  auto arg = cast<BlockArgument>(operand);
  Operation *owner = arg.getOwner()->getParentOp();
  if (auto forOp = dyn_cast<scf::ForOp>(owner)) {
    if (arg.getArgNumber() == 0)
      return;
    unsigned k = arg.getArgNumber() - 1;
    collectWriters(forOp.getInitArgs()[k], visited, writers);
    collectWriters(forOp.getBody()->getTerminator()->getOperand(k), visited,
                   writers);
    return;
  }
  if (isa<FunctionOpInterface>(owner))
    return; // A kernel argument: nothing in this function wrote it.
  writers.insert(owner);
}

class FenceInsertion
    : public ttng::impl::TritonGPUFenceInsertionBase<FenceInsertion> {
public:
  using Base::Base;
  void runOnOperation() override {
    if (computeCapability < 90)
      return;
    SmallVector<ttng::WarpGroupDotOp> dots;
    getOperation().walk([&](ttng::WarpGroupDotOp dot) { dots.push_back(dot); });
    for (ttng::WarpGroupDotOp dot : dots) {
      llvm::DenseSet<Value> visited;
      llvm::SetVector<Operation *> writers;
      collectWriters(dot.getA(), visited, writers);
      collectWriters(dot.getB(), visited, writers);
      if (writers.empty())
        continue;
      OpBuilder builder(dot);
      auto fence = ttng::FenceAsyncSharedOp::create(builder, dot.getLoc(),
                                                    /*bCluster=*/false);
      // One fence before a loop covers every iteration when the writes all
      // happen before it.
      while (auto loop = fence->getParentOfType<LoopLikeOpInterface>()) {
        if (llvm::any_of(writers, [&](Operation *w) {
              return loop->isAncestor(w);
            }))
          break;
        fence->moveBefore(loop);
      }
      if (auto prev =
              dyn_cast_or_null<ttng::FenceAsyncSharedOp>(fence->getPrevNode()))
        if (prev.getBCluster() == fence.getBCluster())
          fence.erase();
    }
  }
};

} // namespace
