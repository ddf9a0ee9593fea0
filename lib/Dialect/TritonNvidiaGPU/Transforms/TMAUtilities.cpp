//===- TMAUtilities.cpp - facts about TMA descriptors -----------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/TritonNvidiaGPU/Transforms/TMAUtilities.h"

#include "tt/Dialect/TritonGPU/Transforms/DotOperandLayouts.h"

using namespace mlir;
namespace ttg = mlir::triton::gpu;
namespace ttng = mlir::triton::nvidia_gpu;

Attribute ttng::getDefaultDescriptorEncoding(RankedTensorType blockType) {
  MLIRContext *ctx = blockType.getContext();
  unsigned rank = blockType.getRank();
  SmallVector<unsigned> order;
  for (unsigned d = rank; d-- > 0;)
    order.push_back(d);
  if (rank < 2)
    return ttg::SwizzledSharedEncodingAttr::get(
        ctx, 1, 1, 1, order, ttg::CGAEncodingAttr::get1CTALayout(ctx, rank));
  return ttg::getNVMMASharedEncoding(blockType.getShape(), order,
                                     blockType.getElementType(), {});
}

bool ttng::isTMACompatibleEncoding(Attribute encoding,
                                   RankedTensorType blockType) {
  if (auto nvmma = dyn_cast_or_null<ttg::NVMMASharedEncodingAttr>(encoding)) {
    // Upstream lays 1-D blocks out as an unswizzled nvmma_shared marked
    // transposed; with one dimension and no swizzle that is plain order.
    bool plain1D = blockType.getRank() == 1 && nvmma.getSwizzlingByteWidth() == 0;
    if ((nvmma.getTransposed() && !plain1D) || nvmma.getFp4Padded())
      return false;
    unsigned bits = blockType.getElementTypeBitWidth();
    int64_t rowBytes = blockType.getShape().back() * bits / 8;
    return rowBytes >= nvmma.getSwizzlingByteWidth();
  }
  if (auto swizzled = dyn_cast_or_null<ttg::SwizzledSharedEncodingAttr>(encoding))
    return swizzled.getVec() == 1 && swizzled.getPerPhase() == 1 &&
           swizzled.getMaxPhase() == 1;
  return false;
}

int64_t ttng::getBlockBytes(RankedTensorType blockType) {
  return blockType.getNumElements() * blockType.getElementTypeBitWidth() / 8;
}

/// The element-type code of `tensormap.replace.tile.elemtype` (and of
/// `ttng.tensormap_create`): floats by kind, integers by size.
static std::optional<int> tmaElementType(Type type) {
  if (type.isF16())
    return 6;
  if (type.isF32())
    return 7;
  if (type.isF64())
    return 9;
  if (type.isBF16())
    return 10;
  if (isa<triton::PointerType>(type))
    return 4; // 64-bit addresses.
  if (!type.isIntOrFloat())
    return std::nullopt;
  bool isSigned = type.isSignedInteger();
  switch (type.getIntOrFloatBitWidth()) {
  case 8:
    return 0; // Also the 8-bit floats: TMA only moves their bytes.
  case 16:
    return 1;
  case 32:
    return isSigned ? 3 : 2;
  case 64:
    return isSigned ? 5 : 4;
  default:
    return std::nullopt;
  }
}

FailureOr<ttng::TMABox> ttng::getTMABox(Operation *op,
                                        TensorDescType descType) {
  RankedTensorType block = descType.getBlockType();
  Attribute encoding = block.getEncoding();
  if (!encoding)
    return op->emitError()
           << "tensor descriptor " << descType
           << " has no shared-memory layout; run "
              "triton-nvidia-optimize-descriptor-encoding first";
  if (!isTMACompatibleEncoding(encoding, block))
    return op->emitError() << "TMA cannot copy blocks of " << descType
                           << ": its layout is neither an untransposed "
                              "#ttg.nvmma_shared whose swizzle fits in a row nor "
                              "an unswizzled #ttg.swizzled_shared";
  unsigned rank = block.getRank();
  if (rank < 1 || rank > 5)
    return op->emitError() << "TMA copies blocks of rank 1 to 5, not " << rank;
  Type elem = block.getElementType();
  std::optional<int> code = tmaElementType(elem);
  if (!code)
    return op->emitError() << "TMA cannot copy elements of type " << elem
                           << ": they must be 1, 2, 4 or 8 bytes wide";
  TMABox box;
  box.elementType = *code;
  unsigned bits = isa<triton::PointerType>(elem) ? 64 : elem.getIntOrFloatBitWidth();
  box.elementBytes = bits / 8;

  unsigned swizzleBytes = 0;
  if (auto nvmma = dyn_cast<ttg::NVMMASharedEncodingAttr>(encoding))
    swizzleBytes = nvmma.getSwizzlingByteWidth();
  switch (swizzleBytes) {
  case 0: box.swizzleMode = 0; break;
  case 32: box.swizzleMode = 1; break;
  case 64: box.swizzleMode = 2; break;
  case 128: box.swizzleMode = 3; break;
  default:
    return op->emitError() << "TMA has no " << swizzleBytes
                           << "-byte swizzle";
  }

  // A box dimension holds at most 256 elements; with a swizzle, a box row
  // is exactly one swizzle wide, and wider blocks take several boxes.
  ArrayRef<int64_t> shape = block.getShape();
  for (unsigned d = rank; d-- > 0;)
    box.boxDim.push_back(std::min<int64_t>(shape[d], 256));
  if (swizzleBytes != 0)
    box.boxDim[0] = swizzleBytes * 8 / bits;
  if ((box.boxDim[0] * bits / 8) % 16 != 0)
    return op->emitError() << "TMA cannot copy blocks of " << descType
                           << ": the innermost dimension spans "
                           << box.boxDim[0] * bits / 8
                           << " bytes, which is not a multiple of 16";
  return box;
}
