//===- TMALowering.cpp - tensor descriptors to TMA operations ---*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Lowers what is left of the descriptor ops after software pipelining:
//
//  tt.make_tensor_descriptor   a 128-byte CUtensorMap in global scratch
//                              memory, written on the device
//                              (ttng.tensormap_create), fenced for the TMA
//                              proxy and viewed as the descriptor;
//  tt.descriptor_load          a TMA copy into a fresh buffer completed on a
//                              one-shot mbarrier, then read to registers;
//  tt.descriptor_store/reduce  the value stored to shared memory, a proxy
//                              fence, the TMA store (or reduction) and a
//                              wait until it has read the buffer.
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/TritonNvidiaGPU/Transforms/Passes.h"
#include "tt/Dialect/TritonNvidiaGPU/Transforms/TMAUtilities.h"

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"
#include "tt/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::triton::nvidia_gpu {
#define GEN_PASS_DEF_TRITONNVIDIAGPUTMALOWERINGPASS
#include "tt/Dialect/TritonNvidiaGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::nvidia_gpu

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;
namespace ttng = mlir::triton::nvidia_gpu;

namespace {

/// The shared layout of `desc`'s blocks, or an error on `op`.
FailureOr<Attribute> descriptorLayout(Operation *op, Value desc) {
  auto type = cast<TensorDescType>(desc.getType());
  if (Attribute enc = type.getBlockType().getEncoding())
    return enc;
  return op->emitError() << "tensor descriptor " << type
                         << " has no shared-memory layout; run "
                            "triton-nvidia-optimize-descriptor-encoding first";
}

/// The block of `desc` must be the accessed tensor itself: TMA lowering
/// does not reshape rank-reduced accesses.
LogicalResult checkSameRank(Operation *op, Value desc, RankedTensorType tensor) {
  auto block = cast<TensorDescType>(desc.getType()).getBlockType();
  if (block.getRank() == tensor.getRank())
    return success();
  return op->emitError() << "accesses " << tensor << " through a descriptor of "
                         << block
                         << "; rank-reducing TMA accesses are not supported";
}

ttg::MemDescType bufferType(RankedTensorType tensor, Attribute layout,
                            bool mutableMemory) {
  MLIRContext *ctx = tensor.getContext();
  return ttg::MemDescType::get(tensor.getShape(), tensor.getElementType(),
                               layout, ttg::SharedMemorySpaceAttr::get(ctx),
                               mutableMemory);
}

LogicalResult lowerMakeDescriptor(MakeTensorDescOp op) {
  FailureOr<ttng::TMABox> box = ttng::getTMABox(op, op.getType());
  if (failed(box))
    return failure();
  OpBuilder b(op);
  Location loc = op.getLoc();
  auto i32 = [&](int64_t v) -> Value {
    return arith::ConstantIntOp::create(b, loc, v, 32);
  };
  auto rawPtr = PointerType::get(b.getI8Type(), /*addressSpace=*/1);
  Value raw = ttg::GlobalScratchAllocOp::create(b, loc, rawPtr, /*nbytes=*/128,
                                                /*alignment=*/128);
  // CUtensorMap lists dimensions innermost first; the innermost stride is
  // the element itself and is left out; strides are in bytes.
  SmallVector<Value> boxDim, globalDim, globalStride, elementStride;
  for (int64_t d : box->boxDim)
    boxDim.push_back(i32(d));
  for (Value size : llvm::reverse(op.getShape()))
    globalDim.push_back(size);
  Value elemBytes = arith::ConstantIntOp::create(b, loc, box->elementBytes, 64);
  auto strides = op.getStrides();
  for (int k = static_cast<int>(strides.size()) - 2; k >= 0; --k)
    globalStride.push_back(arith::MulIOp::create(b, loc, strides[k], elemBytes));
  elementStride.assign(globalDim.size(), i32(1));
  int fillMode = op.getPadding() == PaddingOption::PAD_NAN ? 1 : 0;
  ttng::TensormapCreateOp::create(b, loc, raw, op.getBase(), boxDim, globalDim,
                                  globalStride, elementStride,
                                  box->elementType, /*interleave_layout=*/0,
                                  box->swizzleMode, fillMode);
  ttng::TensormapFenceproxyAcquireOp::create(b, loc, raw);
  Value desc = ttng::ReinterpretTensorDescOp::create(b, loc, op.getType(), raw);
  op.getResult().replaceAllUsesWith(desc);
  op.erase();
  return success();
}

/// Whether every user of `alloc` only reads the buffer as an operand of
/// ttg/ttng ops, so that a mutable buffer of the same layout may stand in.
bool readOnlyByDots(ttg::LocalAllocOp alloc) {
  return llvm::all_of(alloc->getUsers(), [](Operation *u) {
    return isa<ttng::WarpGroupDotOp, ttg::LocalLoadOp>(u);
  });
}

LogicalResult lowerLoad(DescriptorLoadOp op) {
  FailureOr<Attribute> layout = descriptorLayout(op, op.getDesc());
  auto type = cast<RankedTensorType>(op.getType());
  if (failed(layout) || failed(checkSameRank(op, op.getDesc(), type)))
    return failure();
  if (failed(ttng::getTMABox(op, op.getDesc().getType())))
    return failure();
  OpBuilder b(op);
  Location loc = op.getLoc();
  MLIRContext *ctx = op.getContext();
  Value buffer = ttg::LocalAllocOp::create(b, loc, bufferType(type, *layout, true));
  auto barrierLayout = ttg::SwizzledSharedEncodingAttr::get(
      ctx, 1, 1, 1, {0}, ttg::CGAEncodingAttr::get1CTALayout(ctx, 1));
  auto barrierType = ttg::MemDescType::get(
      {1}, b.getI64Type(), barrierLayout, ttg::SharedMemorySpaceAttr::get(ctx),
      /*mutableMemory=*/true);
  Value barrier = ttg::LocalAllocOp::create(b, loc, barrierType);
  ttng::InitBarrierOp::create(b, loc, barrier, 1);
  Value pred = arith::ConstantIntOp::create(b, loc, 1, 1);
  ttng::BarrierExpectOp::create(b, loc, barrier, ttng::getBlockBytes(type), pred);
  ttng::AsyncTMACopyGlobalToLocalOp::create(
      b, loc, op.getDesc(), op.getIndices(), barrier, buffer, pred,
      op.getCache(), op.getEvict());
  Value phase = arith::ConstantIntOp::create(b, loc, 0, 32);
  ttng::WaitBarrierOp::create(b, loc, barrier, phase);
  ttng::InvalBarrierOp::create(b, loc, barrier);

  // A block only stored back to shared memory in the same layout is used
  // where TMA put it.
  SmallVector<ttg::LocalAllocOp> allocs;
  for (Operation *user : op->getUsers()) {
    auto alloc = dyn_cast<ttg::LocalAllocOp>(user);
    if (!alloc || alloc.getType().getEncoding() != *layout ||
        !readOnlyByDots(alloc)) {
      allocs.clear();
      break;
    }
    allocs.push_back(alloc);
  }
  if (!allocs.empty()) {
    for (ttg::LocalAllocOp alloc : allocs) {
      alloc.getResult().replaceAllUsesWith(buffer);
      alloc.erase();
    }
  } else {
    Value loaded = ttg::LocalLoadOp::create(b, loc, type, buffer);
    op.getResult().replaceAllUsesWith(loaded);
  }
  op.erase();
  return success();
}

/// Stores `src` to a shared buffer in the descriptor's layout and fences it
/// for the TMA unit; returns the buffer.
FailureOr<Value> stageForStore(Operation *op, Value desc, Value src) {
  FailureOr<Attribute> layout = descriptorLayout(op, desc);
  auto type = cast<RankedTensorType>(src.getType());
  if (failed(layout) || failed(checkSameRank(op, desc, type)))
    return failure();
  if (failed(ttng::getTMABox(op, cast<TensorDescType>(desc.getType()))))
    return failure();
  OpBuilder b(op);
  // The shared layout does not depend on the register layout: store the
  // value as it is computed rather than after a layout conversion.
  auto cvt = src.getDefiningOp<ttg::ConvertLayoutOp>();
  if (cvt)
    src = cvt.getSrc();
  Value buffer = ttg::LocalAllocOp::create(
      b, op->getLoc(), bufferType(type, *layout, false), src);
  ttng::FenceAsyncSharedOp::create(b, op->getLoc(), /*bCluster=*/false);
  return buffer;
}

void eraseIfDead(Operation *op) {
  if (op && op->use_empty())
    op->erase();
}

LogicalResult lowerStore(DescriptorStoreOp op) {
  Operation *cvt = op.getSrc().getDefiningOp<ttg::ConvertLayoutOp>();
  FailureOr<Value> buffer = stageForStore(op, op.getDesc(), op.getSrc());
  if (failed(buffer))
    return failure();
  OpBuilder b(op);
  ttng::AsyncTMACopyLocalToGlobalOp::create(b, op.getLoc(), op.getDesc(),
                                            op.getIndices(), *buffer);
  ttng::TMAStoreWaitOp::create(b, op.getLoc(), 0);
  op.erase();
  eraseIfDead(cvt);
  return success();
}

LogicalResult lowerReduce(DescriptorReduceOp op) {
  Operation *cvt = op.getSrc().getDefiningOp<ttg::ConvertLayoutOp>();
  FailureOr<Value> buffer = stageForStore(op, op.getDesc(), op.getSrc());
  if (failed(buffer))
    return failure();
  OpBuilder b(op);
  ttng::AsyncTMAReduceOp::create(b, op.getLoc(), op.getKind(), op.getDesc(),
                                 op.getIndices(), *buffer);
  ttng::TMAStoreWaitOp::create(b, op.getLoc(), 0);
  op.erase();
  eraseIfDead(cvt);
  return success();
}

class TMALowering
    : public ttng::impl::TritonNvidiaGPUTMALoweringPassBase<TMALowering> {
public:
  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      if (isa<MakeTensorDescOp, DescriptorLoadOp, DescriptorStoreOp,
              DescriptorReduceOp>(op))
        ops.push_back(op);
    });
    bool failed = false;
    for (Operation *op : ops) {
      LogicalResult result =
          TypeSwitch<Operation *, LogicalResult>(op)
              .Case([](MakeTensorDescOp o) { return lowerMakeDescriptor(o); })
              .Case([](DescriptorLoadOp o) { return lowerLoad(o); })
              .Case([](DescriptorStoreOp o) { return lowerStore(o); })
              .Case([](DescriptorReduceOp o) { return lowerReduce(o); });
      failed |= mlir::failed(result);
    }
    if (failed)
      signalPassFailure();
  }
};

} // namespace
