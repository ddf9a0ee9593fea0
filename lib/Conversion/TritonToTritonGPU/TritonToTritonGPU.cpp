//===- TritonToTritonGPU.cpp - give tensors default layouts -----*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The conversion only adds encodings to tensor types, so it rewrites types in
// place instead of recreating every op: each tensor value gets the default
// blocked layout of its shape, then the few ops whose operand and result
// layouts are tied (reduce, expand_dims, broadcast, dot, trans, join, split,
// reshape) get ttg.convert_layout ops where the defaults do not fit.
//
//===----------------------------------------------------------------------===//

#include "tt/Conversion/TritonToTritonGPU/Passes.h"

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/Triton/IR/Interfaces.h"
#include "tt/Dialect/TritonGPU/IR/DefaultLayouts.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include <algorithm>

namespace mlir::triton {
#define GEN_PASS_DEF_CONVERTTRITONTOTRITONGPU
#include "tt/Conversion/TritonToTritonGPU/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;

namespace {

class ConvertTritonToTritonGPU
    : public triton::impl::ConvertTritonToTritonGPUBase<
          ConvertTritonToTritonGPU> {
public:
  using ConvertTritonToTritonGPUBase::ConvertTritonToTritonGPUBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    if (numWarps <= 0 || (numWarps & (numWarps - 1))) {
      module.emitError() << "num-warps must be a power of two, got "
                         << static_cast<int>(numWarps);
      return signalPassFailure();
    }
    if (threadsPerWarp != 32 && threadsPerWarp != 64) {
      module.emitError() << "threads-per-warp must be 32 or 64, got "
                         << static_cast<int>(threadsPerWarp);
      return signalPassFailure();
    }
    // The pass gives TTIR its layouts. Tensors that already have one (TTGIR,
    // or a layout written by hand) would keep it and then contradict the
    // module attributes set below: refuse them instead.
    // 0-d tensors (tensor<f32>) have no blocked layout to give.
    Operation *encoded = nullptr, *scalarTensor = nullptr;
    module.walk([&](Operation *op) {
      auto check = [&](Type t) {
        auto tensor = dyn_cast<RankedTensorType>(t);
        if (tensor && tensor.getEncoding() && !encoded)
          encoded = op;
        if (tensor && tensor.getRank() == 0 && !scalarTensor)
          scalarTensor = op;
      };
      llvm::for_each(op->getResultTypes(), check);
      for (Region &region : op->getRegions())
        for (Block &block : region)
          llvm::for_each(block.getArgumentTypes(), check);
    });
    if (encoded) {
      encoded->emitError()
          << "has tensors with a layout already; convert-triton-to-tritongpu "
             "takes TTIR, whose tensors have none";
      return signalPassFailure();
    }
    if (scalarTensor) {
      scalarTensor->emitError()
          << "has a 0-d tensor, which has no GPU layout; "
             "convert-triton-to-tritongpu needs tensors of rank 1 or more";
      return signalPassFailure();
    }
    if (numCTAs != 1) {
      // Layouts over several CTAs (thread-block clusters, upstream's
      // num_ctas > 1 on Hopper) are not implemented: refuse at the kernel.
      Location at = module.getLoc();
      module.walk([&](FunctionOpInterface func) {
        if (at == module.getLoc())
          at = func->getLoc();
      });
      mlir::emitError(at) << "num-ctas=" << int(numCTAs)
                      << ": tt compiles one CTA per program; thread-block "
                         "clusters (num_ctas > 1) are not supported";
      return signalPassFailure();
    }
    Builder b(ctx);
    module->setAttr("ttg.num-warps", b.getI32IntegerAttr(numWarps));
    module->setAttr("ttg.num-ctas", b.getI32IntegerAttr(numCTAs));
    module->setAttr("ttg.threads-per-warp", b.getI32IntegerAttr(threadsPerWarp));
    module->setAttr("ttg.target", b.getStringAttr(target));

    // 1. Every tensor type gets its default layout.
    module.walk([&](Operation *op) {
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument arg : block.getArguments())
            arg.setType(convertType(arg.getType()));
      for (OpResult result : op->getResults())
        result.setType(convertType(result.getType()));
      if (auto constant = dyn_cast<arith::ConstantOp>(op))
        retypeConstant(constant);
      if (auto func = dyn_cast<FunctionOpInterface>(op))
        retypeFunction(func);
    });

    // 2. Ops whose operand and result layouts are tied.
    bool failed = false;
    module.walk([&](Operation *op) {
      if (auto reduce = dyn_cast<ReduceOp>(op))
        fixReduce(reduce);
      else if (auto expand = dyn_cast<ExpandDimsOp>(op))
        fixExpandDims(expand);
      else if (auto bcast = dyn_cast<BroadcastOp>(op))
        convertOperand(bcast->getOpOperand(0),
                       encodingOf(bcast.getType()));
      else if (auto dot = dyn_cast<DotOp>(op))
        fixDot(dot);
      else if (isa<TransOp, JoinOp, SplitOp, ReshapeOp>(op))
        failed |= ::mlir::failed(fixInferred(op));
    });
    if (failed)
      signalPassFailure();
  }

private:
  Attribute defaultEncoding(ArrayRef<int64_t> shape) {
    return ttg::getDefaultBlockedEncoding(&getContext(), shape, numWarps,
                                          threadsPerWarp, numCTAs);
  }

  static Attribute encodingOf(Type type) {
    return cast<RankedTensorType>(type).getEncoding();
  }

  Type convertType(Type type) {
    if (auto tensor = dyn_cast<RankedTensorType>(type)) {
      if (tensor.getEncoding())
        return type;
      Type elem = convertType(tensor.getElementType());
      return RankedTensorType::get(tensor.getShape(), elem,
                                   defaultEncoding(tensor.getShape()));
    }
    if (auto ptr = dyn_cast<PointerType>(type))
      if (isa<RankedTensorType>(ptr.getPointeeType()))
        return PointerType::get(convertType(ptr.getPointeeType()),
                                ptr.getAddressSpace());
    return type;
  }

  void retypeConstant(arith::ConstantOp constant) {
    auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
    if (!dense)
      return;
    auto type = cast<ShapedType>(constant.getType());
    if (dense.getType() == type)
      return;
    DenseElementsAttr value =
        dense.isSplat()
            ? DenseElementsAttr::get(type, dense.getSplatValue<Attribute>())
            : DenseElementsAttr::getFromRawBuffer(type, dense.getRawData());
    constant.setValueAttr(value);
  }

  void retypeFunction(FunctionOpInterface func) {
    // Only a builtin FunctionType (tt.func, func.func) can hold tensors; an
    // llvm.func has an LLVMFunctionType, which setType cannot replace.
    if (!isa<FunctionType>(func.getFunctionType()))
      return;
    SmallVector<Type> inputs, results;
    for (Type t : func.getArgumentTypes())
      inputs.push_back(convertType(t));
    for (Type t : func.getResultTypes())
      results.push_back(convertType(t));
    func.setType(FunctionType::get(&getContext(), inputs, results));
  }

  /// Makes `operand` carry `encoding`, through a convert_layout if needed.
  void convertOperand(OpOperand &operand, Attribute encoding) {
    auto type = cast<RankedTensorType>(operand.get().getType());
    if (type.getEncoding() == encoding)
      return;
    OpBuilder builder(operand.getOwner());
    auto newType = RankedTensorType::get(type.getShape(),
                                         type.getElementType(), encoding);
    Value converted = ttg::ConvertLayoutOp::create(
        builder, operand.getOwner()->getLoc(), newType, operand.get());
    operand.set(converted);
  }

  /// Gives `result` the type `actual` and converts it back to what its users
  /// were given.
  void retypeResult(OpResult result, RankedTensorType actual) {
    auto expected = cast<RankedTensorType>(result.getType());
    if (expected == actual)
      return;
    result.setType(actual);
    OpBuilder builder(result.getOwner()->getContext());
    builder.setInsertionPointAfter(result.getOwner());
    auto back = ttg::ConvertLayoutOp::create(
        builder, result.getOwner()->getLoc(), expected, result);
    result.replaceAllUsesExcept(back, back);
  }

  void fixReduce(ReduceOp reduce) {
    unsigned axis = reduce.getAxis();
    // All operands share the first operand's layout.
    Attribute srcEncoding = encodingOf(reduce.getSrcs()[0].getType());
    for (OpOperand &operand : reduce->getOpOperands())
      convertOperand(operand, srcEncoding);
    for (OpResult result : reduce->getResults()) {
      auto tensor = dyn_cast<RankedTensorType>(result.getType());
      if (!tensor)
        continue; // A 1-D reduction yields a scalar.
      // Only now: a slice of a rank-1 layout is not a valid encoding.
      auto slice = ttg::SliceEncodingAttr::get(
          &getContext(), axis,
          cast<ttg::DistributedEncodingTrait>(srcEncoding));
      retypeResult(result, RankedTensorType::get(tensor.getShape(),
                                                 tensor.getElementType(), slice));
    }
  }

  void fixExpandDims(ExpandDimsOp expand) {
    auto slice = ttg::SliceEncodingAttr::get(
        &getContext(), expand.getAxis(),
        cast<ttg::DistributedEncodingTrait>(encodingOf(expand.getType())));
    convertOperand(expand->getOpOperand(0), slice);
  }

  void fixDot(DotOp dot) {
    // The result gets register blocks of 4x4 (2x2 for small tiles) as
    // upstream gives it: a dot that stays on FMA units (no tensor-core
    // layout from accelerate-matmul) then reuses each operand element loaded
    // across a block instead of loading it for every result element.
    auto type = cast<RankedTensorType>(dot.getType());
    unsigned rank = type.getRank();
    int64_t perThread =
        type.getNumElements() / (int64_t(numWarps) * threadsPerWarp);
    unsigned block = perThread >= 16 ? 4 : perThread >= 4 ? 2 : 1;
    SmallVector<unsigned> sizePerThread(rank, 1), order;
    sizePerThread[rank - 1] = sizePerThread[rank - 2] = block;
    for (unsigned d = rank; d-- > 0;)
      order.push_back(d);
    Attribute acc = ttg::getBlockedEncoding(&getContext(), type.getShape(),
                                            sizePerThread, order, numWarps,
                                            threadsPerWarp, numCTAs);
    retypeResult(dot->getOpResult(0),
                 RankedTensorType::get(type.getShape(), type.getElementType(),
                                       acc));
    convertOperand(dot->getOpOperand(2), acc);
    for (unsigned idx : {0u, 1u})
      convertOperand(dot->getOpOperand(idx),
                     ttg::DotOperandEncodingAttr::get(&getContext(), idx, acc,
                                                      /*kWidth=*/0));
  }

  /// trans/join/split/reshape: the result layout follows from the operand's
  /// through the ttg layout-inference interface. (For a reshape that may
  /// reorder its elements it is the one order that moves no data.)
  LogicalResult fixInferred(Operation *op) {
    auto src = cast<RankedTensorType>(op->getOperand(0).getType());
    if (isa<SplitOp>(op)) {
      // split separates the two halves of the last dimension: each thread
      // must hold both, as its fastest dimension. Other operand layouts
      // (the default one of a [N, 2] tensor spreads the 2 over lanes) are
      // converted to such a layout first.
      Attribute halves;
      auto *srcIface = src.getEncoding()
                           .getDialect()
                           .getRegisteredInterface<DialectInferLayoutInterface>();
      if (!srcIface || failed(srcIface->inferSplitOpEncoding(
                           src.getEncoding(), src.getShape(), halves,
                           /*loc=*/std::nullopt))) {
        unsigned rank = src.getRank();
        SmallVector<unsigned> sizePerThread(rank, 1), order;
        sizePerThread.back() = 2;
        for (unsigned d = rank; d-- > 0;)
          order.push_back(d);
        convertOperand(op->getOpOperand(0),
                       ttg::getBlockedEncoding(&getContext(), src.getShape(),
                                               sizePerThread, order, numWarps,
                                               threadsPerWarp, numCTAs));
        src = cast<RankedTensorType>(op->getOperand(0).getType());
      }
    }
    // join takes two operands of one layout.
    for (OpOperand &operand : op->getOpOperands())
      convertOperand(operand, src.getEncoding());
    auto *iface = src.getEncoding()
                      .getDialect()
                      .getRegisteredInterface<DialectInferLayoutInterface>();
    if (!iface)
      return op->emitError("no layout inference for this encoding");
    Attribute inferred;
    LogicalResult ok = failure();
    if (auto trans = dyn_cast<TransOp>(op))
      ok = iface->inferTransOpEncoding(src.getEncoding(), src.getShape(),
                                       trans.getOrder(), inferred, op->getLoc());
    else if (isa<JoinOp>(op))
      ok = iface->inferJoinOpEncoding(src.getEncoding(), src.getShape(),
                                      inferred, op->getLoc());
    else if (isa<ReshapeOp>(op))
      ok = iface->inferReshapeOpEncoding(
          src.getShape(), src.getEncoding(),
          cast<RankedTensorType>(op->getResult(0).getType()).getShape(),
          inferred, op->getLoc());
    else
      ok = iface->inferSplitOpEncoding(src.getEncoding(), src.getShape(),
                                       inferred, op->getLoc());
    if (failed(ok))
      return failure();
    for (OpResult result : op->getResults()) {
      auto tensor = cast<RankedTensorType>(result.getType());
      retypeResult(result, RankedTensorType::get(tensor.getShape(),
                                                 tensor.getElementType(),
                                                 inferred));
    }
    return success();
  }
};

} // namespace
