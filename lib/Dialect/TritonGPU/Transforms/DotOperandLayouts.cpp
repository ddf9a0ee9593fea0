//===- DotOperandLayouts.cpp - shared-memory layouts of dot operands -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/TritonGPU/Transforms/DotOperandLayouts.h"

#include "mlir/IR/BuiltinOps.h"

using namespace mlir;
namespace ttg = mlir::triton::gpu;

std::optional<int> ttg::getNVIDIAComputeCapability(Operation *op) {
  auto module = isa<ModuleOp>(op) ? cast<ModuleOp>(op)
                                  : op->getParentOfType<ModuleOp>();
  if (!module)
    return std::nullopt;
  auto target = module->getAttrOfType<StringAttr>("ttg.target");
  if (!target)
    return std::nullopt;
  StringRef text = target.getValue();
  if (!text.consume_front("cuda:"))
    return std::nullopt;
  int cc = 0;
  if (text.getAsInteger(10, cc))
    return std::nullopt;
  return cc;
}

SmallVector<unsigned> ttg::getOrderForMemory(RankedTensorType type) {
  if (auto blocked = dyn_cast_or_null<BlockedEncodingAttr>(type.getEncoding()))
    return SmallVector<unsigned>(blocked.getOrder());
  SmallVector<unsigned> order;
  for (unsigned d = type.getRank(); d-- > 0;)
    order.push_back(d);
  return order;
}

ttg::NVMMASharedEncodingAttr
ttg::getNVMMASharedEncoding(ArrayRef<int64_t> shape, ArrayRef<unsigned> order,
                            Type elementType, CGAEncodingAttr cgaLayout) {
  MLIRContext *ctx = elementType.getContext();
  unsigned bits = elementType.getIntOrFloatBitWidth();
  int64_t contigBytes = shape[order[0]] * bits / 8;
  unsigned swizzle = 0;
  for (unsigned candidate : {128u, 64u, 32u})
    if (contigBytes >= candidate && contigBytes % candidate == 0) {
      swizzle = candidate;
      break;
    }
  int64_t outer = 1;
  for (size_t i = 1; i < order.size(); ++i)
    outer *= shape[order[i]];
  if (outer < 8)
    swizzle = 0;
  bool transposed = order[0] == 0 && shape.size() >= 2;
  if (!cgaLayout)
    cgaLayout = CGAEncodingAttr::get1CTALayout(ctx, shape.size());
  return NVMMASharedEncodingAttr::get(ctx, swizzle, transposed, bits,
                                      /*fp4Padded=*/false, cgaLayout);
}

ttg::SwizzledSharedEncodingAttr
ttg::getDotOperandSharedEncoding(DotOperandEncodingAttr dotOperand,
                                 ArrayRef<int64_t> shape,
                                 ArrayRef<unsigned> order, Type elementType) {
  MLIRContext *ctx = elementType.getContext();
  auto cga = CGAEncodingAttr::get1CTALayout(ctx, shape.size());
  auto mma = dyn_cast<NvidiaMmaEncodingAttr>(dotOperand.getParent());
  if (!mma || !mma.isAmpere() || dotOperand.getKWidth() == 0)
    return SwizzledSharedEncodingAttr::get(ctx, 1, 1, 1, order, cga);
  // mma.sync reads 8x8 matrices of 32-bit pairs: rows of 4*kWidth
  // elements along K. Vectors of one such row (or 8 rows of M/N) are
  // swizzled with the row number, enough rows sharing a phase to fill the
  // 128 bytes of the banks.
  unsigned rank = shape.size();
  unsigned kWidth = dotOperand.getKWidth();
  unsigned bits = elementType.getIntOrFloatBitWidth();
  int perPhase = 128 / std::max<int64_t>(1, shape[order[0]] * 4 / kWidth);
  perPhase = std::max(perPhase, 1);
  unsigned kDim = dotOperand.getOpIdx() == 0 ? rank - 1 : rank - 2;
  int vecWidth = 32 / bits;
  if (vecWidth != (int)kWidth && order[0] == kDim)
    perPhase = std::max(perPhase, 2 * vecWidth);
  int mn = 8, k = 4 * kWidth;
  bool kContiguous = order[0] == kDim;
  int vec = kContiguous ? k : mn;
  int stride = kContiguous ? mn : k;
  int maxPhase = std::max(1, stride / perPhase);
  return SwizzledSharedEncodingAttr::get(ctx, vec, perPhase, maxPhase, order,
                                         cga);
}
