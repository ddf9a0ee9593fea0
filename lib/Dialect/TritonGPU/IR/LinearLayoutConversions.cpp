//===- LinearLayoutConversions.cpp - encodings as linear layouts *- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Bridges the ttg encoding attributes to the linear-layout library: the
// attribute's fields are copied into the library's parameter structs.
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include "tt/Dialect/TritonGPU/IR/Dialect.h"
#include "tt/LinearLayout/AMDEncodings.h"
#include "tt/LinearLayout/Encodings.h"
#include "tt/LinearLayout/LayoutUtils.h"

#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace mlir::triton::gpu;

namespace {
template <typename T>
llvm::SmallVector<unsigned, 4> toVec(ArrayRef<T> values) {
  return llvm::SmallVector<unsigned, 4>(values.begin(), values.end());
}

std::optional<tt::CGALayout> toCGA(CGAEncodingAttr cga) {
  if (!cga || cga.isSingleCTA())
    return std::nullopt;
  tt::CGALayout out;
  out.ctasPerCGA = toVec<unsigned>(cga.getCTAsPerCGA());
  out.ctaSplitNum = toVec<unsigned>(cga.getCTASplitNum());
  out.ctaOrder = toVec<unsigned>(cga.getCTAOrder());
  return out;
}

tt::NvidiaMmaParams toParams(NvidiaMmaEncodingAttr mma) {
  tt::NvidiaMmaParams p;
  p.versionMajor = mma.getVersionMajor();
  p.versionMinor = mma.getVersionMinor();
  p.warpsPerCTA = toVec<unsigned>(mma.getWarpsPerCTA());
  p.instrShape = toVec<unsigned>(mma.getInstrShape());
  p.cga = toCGA(mma.getCGALayout());
  return p;
}

tt::BlockedParams toParams(BlockedEncodingAttr blocked) {
  tt::BlockedParams p;
  p.sizePerThread = toVec<unsigned>(blocked.getSizePerThread());
  p.threadsPerWarp = toVec<unsigned>(blocked.getThreadsPerWarp());
  p.warpsPerCTA = toVec<unsigned>(blocked.getWarpsPerCTA());
  p.order = toVec<unsigned>(blocked.getOrder());
  p.cga = toCGA(blocked.getCGALayout());
  return p;
}

tt::AmdMfmaParams toParams(AMDMfmaEncodingAttr mfma) {
  tt::AmdMfmaParams p;
  p.version = mfma.getVersion();
  p.warpsPerCTA = toVec<unsigned>(mfma.getWarpsPerCTA());
  p.instrShape = toVec<unsigned>(mfma.getInstrShape());
  p.isTransposed = mfma.getIsTransposed();
  p.elementBitWidth = mfma.getElementBitWidth();
  p.tilesPerWarp = toVec<unsigned>(mfma.getTilesPerWarp());
  p.cga = toCGA(mfma.getCGALayout());
  return p;
}

tt::AmdWmmaParams toParams(AMDWmmaEncodingAttr wmma) {
  tt::AmdWmmaParams p;
  p.version = wmma.getVersion();
  p.warpsPerCTA = toVec<unsigned>(wmma.getWarpsPerCTA());
  p.isTransposed = wmma.getIsTransposed();
  p.tilesPerWarp = toVec<unsigned>(wmma.getTilesPerWarp());
  p.cga = toCGA(wmma.getCGALayout());
  return p;
}

/// The AMD factories support a subset of what the attributes can say.
bool isLowerable(AMDMfmaEncodingAttr mfma) {
  ArrayRef<unsigned> instr = mfma.getInstrShape();
  return instr.size() >= 2 && instr[0] == instr[1] &&
         (instr[0] == 32 || instr[0] == 16);
}
bool isLowerable(AMDWmmaEncodingAttr wmma) {
  ArrayRef<unsigned> instr = wmma.getInstrShape();
  return wmma.getVersion() == 1 &&
         (instr.empty() || (instr[0] == 16 && instr[1] == 16));
}

std::vector<tt::LinearLayout::Basis>
toBases(const LinearEncodingAttr::Bases &bases) {
  std::vector<tt::LinearLayout::Basis> out;
  for (const auto &b : bases)
    out.emplace_back(b.begin(), b.end());
  return out;
}
} // namespace

std::optional<tt::LinearLayout>
mlir::triton::gpu::toLinearLayout(ArrayRef<int64_t> shape,
                                  Attribute encoding) {
  if (auto blocked = dyn_cast<BlockedEncodingAttr>(encoding))
    return tt::blockedToLinearLayout(shape, toParams(blocked));
  if (auto slice = dyn_cast<SliceEncodingAttr>(encoding)) {
    auto parentShape = tt::sliceParentShape(shape, slice.getDim());
    std::optional<tt::LinearLayout> parent =
        toLinearLayout(parentShape, slice.getParent());
    if (!parent)
      return std::nullopt;
    return tt::sliceLinearLayout(*parent, slice.getDim());
  }
  if (auto mma = dyn_cast<NvidiaMmaEncodingAttr>(encoding))
    return tt::nvidiaMmaToLinearLayout(shape, toParams(mma));
  if (auto dot = dyn_cast<DotOperandEncodingAttr>(encoding)) {
    if (auto mma = dyn_cast<NvidiaMmaEncodingAttr>(dot.getParent()))
      return tt::nvidiaDotOperandToLinearLayout(shape, toParams(mma),
                                                dot.getOpIdx(), dot.getKWidth());
    if (auto blocked = dyn_cast<BlockedEncodingAttr>(dot.getParent()))
      return tt::blockedDotOperandToLinearLayout(shape, toParams(blocked),
                                                 dot.getOpIdx());
    if (auto mfma = dyn_cast<AMDMfmaEncodingAttr>(dot.getParent())) {
      if (!isLowerable(mfma) || dot.getKWidth() == 0 ||
          !llvm::isPowerOf2_32(dot.getKWidth()))
        return std::nullopt;
      return tt::amdMfmaDotOperandToLinearLayout(shape, toParams(mfma),
                                                 dot.getOpIdx(), dot.getKWidth());
    }
    if (auto wmma = dyn_cast<AMDWmmaEncodingAttr>(dot.getParent())) {
      if (!isLowerable(wmma) || dot.getKWidth() != 16)
        return std::nullopt;
      return tt::amdWmmaDotOperandToLinearLayout(shape, toParams(wmma),
                                                 dot.getOpIdx(), dot.getKWidth());
    }
    return std::nullopt;
  }
  if (auto mfma = dyn_cast<AMDMfmaEncodingAttr>(encoding)) {
    if (!isLowerable(mfma) ||
        (mfma.getElementBitWidth() != 32 && mfma.getElementBitWidth() != 64))
      return std::nullopt;
    return tt::amdMfmaToLinearLayout(shape, toParams(mfma));
  }
  if (auto wmma = dyn_cast<AMDWmmaEncodingAttr>(encoding)) {
    if (!isLowerable(wmma))
      return std::nullopt;
    return tt::amdWmmaToLinearLayout(shape, toParams(wmma));
  }
  if (auto shared = dyn_cast<SwizzledSharedEncodingAttr>(encoding)) {
    tt::SwizzledSharedParams p;
    p.vec = shared.getVec();
    p.perPhase = shared.getPerPhase();
    p.maxPhase = shared.getMaxPhase();
    p.order = toVec<unsigned>(shared.getOrder());
    p.cga = toCGA(shared.getCGALayout());
    return tt::swizzledSharedToLinearLayout(shape, p);
  }
  if (auto nvmma = dyn_cast<NVMMASharedEncodingAttr>(encoding)) {
    if (nvmma.getFp4Padded())
      return std::nullopt;
    tt::NVMMASharedParams p;
    p.swizzlingByteWidth = nvmma.getSwizzlingByteWidth();
    p.transposed = nvmma.getTransposed();
    p.elementBitWidth = nvmma.getElementBitWidth();
    p.cga = toCGA(nvmma.getCGALayout());
    return tt::nvmmaSharedToLinearLayout(shape, p);
  }
  if (auto linear = dyn_cast<LinearEncodingAttr>(encoding)) {
    if (shape.size() != linear.getRank())
      return std::nullopt;
    std::vector<std::pair<tt::Dim, std::vector<tt::LinearLayout::Basis>>> bases =
        {{tt::kRegister, toBases(linear.getRegisterBases())},
         {tt::kLane, toBases(linear.getLaneBases())},
         {tt::kWarp, toBases(linear.getWarpBases())},
         {tt::kBlock, toBases(linear.getBlockBases())}};
    // The bases cover a power-of-two extent along each dimension (what the
    // attribute verifies). A tensor of another shape gets the layout fitted
    // to it, as blocked layouts are: repeated along a larger dimension (more
    // registers), wrapped along a smaller one (copies). Slicing a linear
    // layout relies on the latter: its parent shape has a size-1 dimension.
    llvm::SmallVector<tt::LinearLayout::DimSize, 4> extent;
    for (unsigned d = 0; d < shape.size(); ++d) {
      int64_t size = 1;
      for (const auto &[in, group] : bases)
        for (const auto &basis : group)
          if (basis[d] > 0)
            size = std::max<int64_t>(size, llvm::NextPowerOf2(basis[d]));
      extent.push_back({tt::outDim(d), int32_t(size)});
    }
    std::optional<tt::LinearLayout> layout = tt::LinearLayout::tryCreate(
        bases, extent, /*requireSurjective=*/false);
    if (!layout || !llvm::all_of(shape, [](int64_t size) {
          return size > 0 && llvm::isPowerOf2_64(size);
        }))
      return std::nullopt;
    llvm::SmallVector<tt::LinearLayout::DimSize, 4> want =
        tt::standardOutDims(shape);
    return tt::ensureLayoutNotLargerThan(
        tt::ensureLayoutNotSmallerThan(*layout, want), want);
  }
  return std::nullopt;
}

bool mlir::triton::gpu::isThreadLocalConversion(RankedTensorType src,
                                                RankedTensorType dst) {
  std::optional<tt::LinearLayout> s = toLinearLayout(src);
  std::optional<tt::LinearLayout> d = toLinearLayout(dst);
  if (!s || !d || s->getOutDimNames() != d->getOutDimNames() ||
      s->getInDimNames() != d->getInDimNames() || !s->hasInDim(tt::kRegister))
    return false;
  // The same elements for the same hardware index bits...
  SmallVector<tt::Dim> hardware;
  for (tt::Dim in : s->getInDimNames())
    if (in != tt::kRegister)
      hardware.push_back(in);
  auto outs = s->getOutDimNames();
  if (s->sublayout(hardware, outs) != d->sublayout(hardware, outs))
    return false;
  // ...and each register of `dst` (at lane, warp and block 0) is one of
  // `src`'s: the coordinates are linear, so then every thread's are.
  auto registerElement = [](const tt::LinearLayout &l, unsigned r) {
    SmallVector<tt::LinearLayout::DimSize, 4> in;
    for (tt::Dim dim : l.getInDimNames())
      in.push_back({dim, dim == tt::kRegister ? int32_t(r) : 0});
    SmallVector<int32_t, 4> coords;
    for (auto &[dim, v] : l.apply(in))
      coords.push_back(v);
    return l.packOut(coords);
  };
  llvm::DenseSet<uint64_t> held;
  for (unsigned r = 0, e = s->getInDimSize(tt::kRegister); r < e; ++r)
    held.insert(registerElement(*s, r));
  for (unsigned r = 0, e = d->getInDimSize(tt::kRegister); r < e; ++r)
    if (!held.count(registerElement(*d, r)))
      return false;
  return true;
}
