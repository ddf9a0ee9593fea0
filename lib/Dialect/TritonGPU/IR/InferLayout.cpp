//===- InferLayout.cpp - result layouts of tt shape ops ---------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The ttg implementation of triton::DialectInferLayoutInterface: given the
// layout of the operand of tt.reduce, tt.expand_dims, tt.trans, tt.join,
// tt.split or tt.reshape, the layout of its result such that the op moves no
// data between threads.
//
// Most layouts are handled structurally here (blocked, slice, linear, the
// shared encodings); transposing or joining an MMA layout is not supported
// yet. tt.reshape goes through linear layouts: the operand's layout read
// over the result's shape (the element at each row-major position stays in
// the register, lane and warp that hold it), given back as the default or a
// #ttg.blocked layout when one has exactly that mapping, else as #ttg.linear.
// Two encodings are the same layout when their linear layouts are equal.
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/Triton/IR/TypeNames.h"
#include "tt/Dialect/TritonGPU/IR/DefaultLayouts.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/LinearLayoutConversions.h"
#include "tt/LinearLayout/LayoutUtils.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::triton::gpu;

using Bases = SmallVector<SmallVector<int32_t>>;

namespace {

SmallVector<unsigned> permute(ArrayRef<unsigned> values,
                              ArrayRef<int32_t> order) {
  SmallVector<unsigned> result;
  for (int32_t d : order)
    result.push_back(values[d]);
  return result;
}

Bases permuteBases(const Bases &bases, ArrayRef<int32_t> order) {
  Bases result;
  for (const auto &basis : bases) {
    SmallVector<int32_t> permuted;
    for (int32_t d : order)
      permuted.push_back(basis[d]);
    result.push_back(permuted);
  }
  return result;
}

SmallVector<int32_t> flatten(const Bases &bases) {
  SmallVector<int32_t> flat;
  for (const auto &b : bases)
    flat.append(b.begin(), b.end());
  return flat;
}

/// `order` of a layout after transposing the tensor by `perm` (result
/// dimension i is operand dimension perm[i]).
SmallVector<unsigned> transposeOrder(ArrayRef<unsigned> order,
                                     ArrayRef<int32_t> perm) {
  SmallVector<unsigned> inverse(perm.size());
  for (auto [i, d] : llvm::enumerate(perm))
    inverse[d] = i;
  SmallVector<unsigned> result;
  for (unsigned d : order)
    result.push_back(inverse[d]);
  return result;
}

CGAEncodingAttr transposeCGA(CGAEncodingAttr cga, ArrayRef<int32_t> perm) {
  return CGAEncodingAttr::getFromBases(cga.getContext(), cga.getRank(),
                                       permuteBases(cga.getBlockBases(), perm));
}

/// Appends a zero entry (a new size-1 dimension) to every basis.
Bases appendDim(const Bases &bases) {
  Bases result = bases;
  for (auto &basis : result)
    basis.push_back(0);
  return result;
}


//===----------------------------------------------------------------------===//
// Reshape
//===----------------------------------------------------------------------===//

/// `layout` (a map onto a tensor of `srcShape`, out dims dim0..) read over a
/// tensor of `dstShape`: every hardware position keeps the element at the
/// same row-major position. Linear layouts flatten their first out dim
/// fastest, so the dims are listed last-first around the reshape.
tt::LinearLayout reshapeRowMajor(const tt::LinearLayout &layout,
                                 ArrayRef<int64_t> srcShape,
                                 ArrayRef<int64_t> dstShape) {
  SmallVector<tt::Dim> srcMinorFirst;
  for (unsigned d = srcShape.size(); d-- > 0;)
    srcMinorFirst.push_back(tt::outDim(d));
  SmallVector<tt::LinearLayout::DimSize> dstMinorFirst;
  for (unsigned d = dstShape.size(); d-- > 0;)
    dstMinorFirst.push_back({tt::outDim(d), int32_t(dstShape[d])});
  return layout.transposeOuts(srcMinorFirst)
      .reshapeOuts(dstMinorFirst)
      .transposeOuts(tt::standardOutDimNames(dstShape.size()));
}

/// Runs of consecutive dimensions of `src` and `dst` with equal products:
/// each run of the result is a merge or split of a run of the operand. Unit
/// dimensions left over at the end join the last run. Empty if the shapes
/// have different sizes.
using DimRuns =
    SmallVector<std::pair<SmallVector<unsigned>, SmallVector<unsigned>>>;
DimRuns matchDimRuns(ArrayRef<int64_t> src, ArrayRef<int64_t> dst) {
  DimRuns runs;
  unsigned i = 0, j = 0;
  while (i < src.size() || j < dst.size()) {
    SmallVector<unsigned> srcDims, dstDims;
    int64_t srcSize = 1, dstSize = 1;
    auto takeSrc = [&] {
      srcSize *= src[i];
      srcDims.push_back(i++);
    };
    auto takeDst = [&] {
      dstSize *= dst[j];
      dstDims.push_back(j++);
    };
    if (i < src.size())
      takeSrc();
    if (j < dst.size())
      takeDst();
    while (srcSize != dstSize) {
      if (srcSize < dstSize && i < src.size())
        takeSrc();
      else if (srcSize > dstSize && j < dst.size())
        takeDst();
      else
        return {};
    }
    if ((srcDims.empty() || dstDims.empty()) && !runs.empty()) {
      runs.back().first.append(srcDims);
      runs.back().second.append(dstDims);
      continue;
    }
    runs.push_back({srcDims, dstDims});
  }
  // A first run with one side empty (unit dims only) joins the next one.
  if (runs.size() > 1 &&
      (runs.front().first.empty() || runs.front().second.empty())) {
    runs[1].first.insert(runs[1].first.begin(), runs[0].first.begin(),
                         runs[0].first.end());
    runs[1].second.insert(runs[1].second.begin(), runs[0].second.begin(),
                          runs[0].second.end());
    runs.erase(runs.begin());
  }
  return runs;
}

/// A #ttg.blocked candidate for reshaping the single-CTA `src` from
/// `srcShape` to `dstShape`: within each run of merged or split dimensions,
/// the per-thread, per-warp and per-CTA extents of the operand are handed
/// to the result's dimensions from the fastest one, what exceeds the shape
/// going to the slowest; the runs keep the operand's dimension order. Only
/// a candidate: the caller compares its linear layout with the reshaped one.
BlockedEncodingAttr reshapedBlockedCandidate(BlockedEncodingAttr src,
                                             ArrayRef<int64_t> srcShape,
                                             ArrayRef<int64_t> dstShape) {
  if (!src.getCGALayout().isSingleCTA())
    return {};
  DimRuns runs = matchDimRuns(srcShape, dstShape);
  if (runs.empty())
    return {};
  unsigned rank = dstShape.size();
  SmallVector<int64_t> remaining(dstShape);
  auto distribute = [&](ArrayRef<unsigned> srcExtent) {
    SmallVector<unsigned> dstExtent(rank, 1);
    for (const auto &[srcDims, dstDims] : runs) {
      int64_t left = 1;
      for (unsigned d : srcDims)
        left *= srcExtent[d];
      for (unsigned d : llvm::reverse(dstDims)) {
        int64_t take = std::min(left, remaining[d]);
        dstExtent[d] = take;
        left /= take;
        remaining[d] /= take;
      }
      dstExtent[dstDims.front()] *= left;
    }
    return dstExtent;
  };
  SmallVector<unsigned> sizePerThread = distribute(src.getSizePerThread());
  SmallVector<unsigned> threadsPerWarp = distribute(src.getThreadsPerWarp());
  SmallVector<unsigned> warpsPerCTA = distribute(src.getWarpsPerCTA());

  // Runs from the one holding the operand's fastest dimension on; within a
  // run the last result dimension is the fastest.
  SmallVector<unsigned> position(srcShape.size());
  for (auto [i, d] : llvm::enumerate(src.getOrder()))
    position[d] = i;
  auto speed = [&](const SmallVector<unsigned> &srcDims) {
    unsigned best = srcShape.size();
    for (unsigned d : srcDims)
      if (srcShape[d] > 1)
        best = std::min(best, position[d]);
    return best;
  };
  DimRuns sorted = runs;
  llvm::stable_sort(sorted, [&](const auto &a, const auto &b) {
    return speed(a.first) < speed(b.first);
  });
  SmallVector<unsigned> order;
  for (const auto &run : sorted)
    for (unsigned d : llvm::reverse(run.second))
      order.push_back(d);
  MLIRContext *ctx = src.getContext();
  return BlockedEncodingAttr::get(ctx, sizePerThread, threadsPerWarp,
                                  warpsPerCTA, order,
                                  CGAEncodingAttr::get1CTALayout(ctx, rank));
}

/// `layout` as a #ttg.linear of `rank`, or the reason it is not one.
FailureOr<Attribute> linearEncodingOf(MLIRContext *ctx,
                                      const tt::LinearLayout &layout,
                                      unsigned rank, std::string &why) {
  const tt::Dim inDims[] = {tt::kRegister, tt::kLane, tt::kWarp, tt::kBlock};
  for (tt::Dim in : layout.getInDimNames())
    if (!llvm::is_contained(inDims, in)) {
      why = ("it maps hardware dimension '" + in.str() +
             "', which a register layout does not have")
                .str();
      return failure();
    }
  SmallVector<int32_t> flat[4];
  for (auto [k, in] : llvm::enumerate(inDims))
    if (layout.hasInDim(in))
      for (const auto &basis : layout.getBases(in))
        flat[k].append(basis.begin(), basis.end());
  std::string message;
  LogicalResult valid = success();
  {
    ScopedDiagnosticHandler capture(ctx, [&](Diagnostic &diag) {
      message = diag.str();
      return success();
    });
    valid = LinearEncodingAttr::verify(
        [&] { return mlir::emitError(UnknownLoc::get(ctx)); }, rank, flat[0],
        flat[1], flat[2], flat[3]);
  }
  if (failed(valid)) {
    why = message;
    return failure();
  }
  return Attribute(
      LinearEncodingAttr::get(ctx, rank, flat[0], flat[1], flat[2], flat[3]));
}

struct TritonGPUInferLayoutInterface
    : public triton::DialectInferLayoutInterface {
  using DialectInferLayoutInterface::DialectInferLayoutInterface;

  LogicalResult
  inferTransOpEncoding(Attribute operandEncoding, ArrayRef<int64_t> shape,
                       ArrayRef<int32_t> order, Attribute &resultEncoding,
                       std::optional<Location> loc) const override {
    if (llvm::equal(order, llvm::seq<int32_t>(0, order.size()))) {
      resultEncoding = operandEncoding;
      return success();
    }
    MLIRContext *ctx = operandEncoding.getContext();
    if (getLayoutRank(operandEncoding) != order.size())
      return emitOptionalError(loc, "the rank of layout ", operandEncoding,
                               " does not match the permutation's ",
                               order.size());
    if (auto enc = dyn_cast<BlockedEncodingAttr>(operandEncoding)) {
      resultEncoding =
          BlockedEncodingAttr::get(ctx, permute(enc.getSizePerThread(), order),
                                   permute(enc.getThreadsPerWarp(), order),
                                   permute(enc.getWarpsPerCTA(), order),
                                   transposeOrder(enc.getOrder(), order),
                                   transposeCGA(enc.getCGALayout(), order));
      return success();
    }
    if (auto enc = dyn_cast<LinearEncodingAttr>(operandEncoding)) {
      resultEncoding = LinearEncodingAttr::get(
          ctx, enc.getRank(),
          flatten(permuteBases(enc.getRegisterBases(), order)),
          flatten(permuteBases(enc.getLaneBases(), order)),
          flatten(permuteBases(enc.getWarpBases(), order)),
          flatten(permuteBases(enc.getBlockBases(), order)));
      return success();
    }
    if (auto enc = dyn_cast<SwizzledSharedEncodingAttr>(operandEncoding)) {
      resultEncoding = SwizzledSharedEncodingAttr::get(
          ctx, enc.getVec(), enc.getPerPhase(), enc.getMaxPhase(),
          transposeOrder(enc.getOrder(), order),
          transposeCGA(enc.getCGALayout(), order));
      return success();
    }
    if (auto enc = dyn_cast<NVMMASharedEncodingAttr>(operandEncoding);
        enc && order.size() == 2) {
      resultEncoding = NVMMASharedEncodingAttr::get(
          ctx, enc.getSwizzlingByteWidth(), !enc.getTransposed(),
          enc.getElementBitWidth(), enc.getFp4Padded(),
          transposeCGA(enc.getCGALayout(), order));
      return success();
    }
    return emitOptionalError(loc, "transposing the layout ", operandEncoding,
                             " is not supported yet (it needs a linear-layout "
                             "conversion)");
  }

  LogicalResult
  inferReduceOpEncoding(Attribute operandEncoding, unsigned axis,
                        Attribute &resultEncoding,
                        std::optional<Location> loc) const override {
    auto parent = dyn_cast<DistributedEncodingTrait>(operandEncoding);
    if (!parent)
      return emitOptionalError(loc,
                               "cannot reduce a tensor in the "
                               "non-register layout ",
                               operandEncoding);
    if (axis >= getLayoutRank(operandEncoding))
      return emitOptionalError(loc, "reduction axis ", axis,
                               " is out of range for the layout ",
                               operandEncoding);
    resultEncoding =
        SliceEncodingAttr::get(operandEncoding.getContext(), axis, parent);
    return success();
  }

  LogicalResult
  inferExpandDimsOpEncoding(Attribute operandEncoding, unsigned axis,
                            Attribute &resultEncoding,
                            std::optional<Location> loc) const override {
    auto slice = dyn_cast<SliceEncodingAttr>(operandEncoding);
    if (!slice)
      return emitOptionalError(loc,
                               "the operand of tt.expand_dims must have "
                               "a #ttg.slice layout, got ",
                               operandEncoding);
    if (slice.getDim() != axis)
      return emitOptionalError(loc, "tt.expand_dims inserts dimension ", axis,
                               ", but the operand's layout slices away "
                               "dimension ",
                               slice.getDim());
    resultEncoding = slice.getParent();
    return success();
  }

  LogicalResult
  inferJoinOpEncoding(Attribute operandEncoding, ArrayRef<int64_t> shape,
                      Attribute &resultEncoding,
                      std::optional<Location> loc) const override {
    MLIRContext *ctx = operandEncoding.getContext();
    unsigned rank = shape.size();
    // The slice of a layout that already holds the pair in each thread
    // joins back into that layout.
    if (auto slice = dyn_cast<SliceEncodingAttr>(operandEncoding);
        slice && slice.getDim() == rank) {
      Attribute split;
      if (succeeded(inferSplitOpEncoding(slice.getParent(), {}, split,
                                         std::nullopt)) &&
          split != slice.getParent()) {
        resultEncoding = slice.getParent();
        return success();
      }
    }
    if (auto enc = dyn_cast<BlockedEncodingAttr>(operandEncoding)) {
      auto append = [](ArrayRef<unsigned> v, unsigned x) {
        SmallVector<unsigned> r(v);
        r.push_back(x);
        return r;
      };
      // The new dimension is the fastest one, held within each thread.
      SmallVector<unsigned> order{rank};
      order.append(enc.getOrder().begin(), enc.getOrder().end());
      resultEncoding = BlockedEncodingAttr::get(
          ctx, append(enc.getSizePerThread(), 2),
          append(enc.getThreadsPerWarp(), 1), append(enc.getWarpsPerCTA(), 1),
          order,
          CGAEncodingAttr::getFromBases(
              ctx, rank + 1, appendDim(enc.getCGALayout().getBlockBases())));
      return success();
    }
    if (auto enc = dyn_cast<LinearEncodingAttr>(operandEncoding)) {
      Bases registers = appendDim(enc.getRegisterBases());
      SmallVector<int32_t> pair(rank + 1, 0);
      pair[rank] = 1;
      registers.insert(registers.begin(), pair);
      resultEncoding =
          LinearEncodingAttr::get(ctx, rank + 1, flatten(registers),
                                  flatten(appendDim(enc.getLaneBases())),
                                  flatten(appendDim(enc.getWarpBases())),
                                  flatten(appendDim(enc.getBlockBases())));
      return success();
    }
    return emitOptionalError(loc, "joining tensors in the layout ",
                             operandEncoding,
                             " is not supported yet (it needs a linear-layout "
                             "conversion)");
  }

  LogicalResult
  inferSplitOpEncoding(Attribute operandEncoding, ArrayRef<int64_t>,
                       Attribute &resultEncoding,
                       std::optional<Location> loc) const override {
    MLIRContext *ctx = operandEncoding.getContext();
    unsigned rank = getLayoutRank(operandEncoding);
    if (rank < 2)
      return emitOptionalError(loc,
                               "tt.split needs a layout of rank 2 or "
                               "more, got ",
                               operandEncoding);
    unsigned last = rank - 1;
    auto dropLast = [&](const Bases &bases) {
      Bases result;
      for (auto basis : bases) {
        basis.pop_back();
        result.push_back(basis);
      }
      return result;
    };
    if (auto enc = dyn_cast<BlockedEncodingAttr>(operandEncoding)) {
      if (enc.getSizePerThread()[last] != 2 ||
          enc.getThreadsPerWarp()[last] != 1 ||
          enc.getWarpsPerCTA()[last] != 1 || enc.getOrder().front() != last)
        return emitOptionalError(
            loc,
            "tt.split needs the last dimension held within each thread "
            "as the fastest one (sizePerThread = 2 and order starting "
            "with it), got ",
            operandEncoding);
      SmallVector<unsigned> order(enc.getOrder().drop_front());
      resultEncoding = BlockedEncodingAttr::get(
          ctx, enc.getSizePerThread().drop_back(),
          enc.getThreadsPerWarp().drop_back(), enc.getWarpsPerCTA().drop_back(),
          order,
          CGAEncodingAttr::getFromBases(
              ctx, last, dropLast(enc.getCGALayout().getBlockBases())));
      return success();
    }
    if (auto enc = dyn_cast<LinearEncodingAttr>(operandEncoding)) {
      Bases registers = enc.getRegisterBases();
      auto isPair = [&](const SmallVector<int32_t> &basis) {
        return basis[last] == 1;
      };
      auto it = llvm::find_if(registers, isPair);
      bool othersMoveLast = false;
      for (const Bases &group :
           {enc.getLaneBases(), enc.getWarpBases(), enc.getBlockBases()})
        for (const auto &basis : group)
          othersMoveLast |= basis[last] != 0;
      if (it == registers.end() || othersMoveLast)
        return emitOptionalError(loc,
                                 "tt.split needs the last dimension "
                                 "held within each thread, got ",
                                 operandEncoding);
      registers.erase(it);
      resultEncoding =
          LinearEncodingAttr::get(ctx, last, flatten(dropLast(registers)),
                                  flatten(dropLast(enc.getLaneBases())),
                                  flatten(dropLast(enc.getWarpBases())),
                                  flatten(dropLast(enc.getBlockBases())));
      return success();
    }
    return emitOptionalError(loc, "splitting a tensor in the layout ",
                             operandEncoding,
                             " is not supported yet (it needs a linear-layout "
                             "conversion)");
  }

  LogicalResult
  inferReshapeOpEncoding(ArrayRef<int64_t> srcShape, Attribute srcEncoding,
                         ArrayRef<int64_t> dstShape, Attribute &dstEncoding,
                         std::optional<Location> loc) const override {
    if (srcShape == dstShape) {
      dstEncoding = srcEncoding;
      return success();
    }
    if (!isa<DistributedEncodingTrait>(srcEncoding))
      return emitOptionalError(loc, "tt.reshape needs a register layout, got ",
                               srcEncoding);
    auto isPow2 = [](int64_t size) {
      return size > 0 && llvm::isPowerOf2_64(size);
    };
    if (!llvm::all_of(srcShape, isPow2) || !llvm::all_of(dstShape, isPow2))
      return emitOptionalError(loc, "tt.reshape of a tensor in a layout needs "
                                    "power-of-two dimensions");
    std::optional<tt::LinearLayout> srcLayout =
        toLinearLayout(srcShape, srcEncoding);
    if (!srcLayout)
      return emitOptionalError(loc, "reshaping a tensor in the layout ",
                               srcEncoding,
                               " is not supported: it has no linear layout");
    bool covers = srcLayout->getNumOutDims() == srcShape.size();
    for (auto [d, size] : llvm::enumerate(srcShape))
      covers = covers && srcLayout->hasOutDim(tt::outDim(d)) &&
               srcLayout->getOutDimSize(tt::outDim(d)) == size;
    if (!covers)
      return emitOptionalError(loc, "the layout ", srcEncoding,
                               " does not cover a tensor of shape ",
                               triton::getShapeString(srcShape), " exactly");
    tt::LinearLayout reshaped =
        reshapeRowMajor(*srcLayout, srcShape, dstShape);
    MLIRContext *ctx = srcEncoding.getContext();
    auto sameAs = [&](Attribute candidate) {
      if (!candidate)
        return false;
      std::optional<tt::LinearLayout> l = toLinearLayout(dstShape, candidate);
      return l && l->isSameMapAs(reshaped);
    };
    // The default layout of the new shape, when it is the same mapping (a
    // default layout reshapes into the default layout)...
    auto inSize = [&](tt::Dim in) {
      return reshaped.hasInDim(in) ? reshaped.getInDimSize(in) : 1;
    };
    Attribute candidate = getDefaultBlockedEncoding(
        ctx, dstShape, inSize(tt::kWarp), inSize(tt::kLane),
        inSize(tt::kBlock));
    if (sameAs(candidate)) {
      dstEncoding = candidate;
      return success();
    }
    // ...else a blocked layout that merges and splits the operand's...
    if (auto blocked = dyn_cast<BlockedEncodingAttr>(srcEncoding)) {
      candidate = reshapedBlockedCandidate(blocked, srcShape, dstShape);
      if (sameAs(candidate)) {
        dstEncoding = candidate;
        return success();
      }
    }
    // ...else the mapping itself.
    std::string why;
    FailureOr<Attribute> linear =
        linearEncodingOf(ctx, reshaped, dstShape.size(), why);
    if (failed(linear))
      return emitOptionalError(loc, "reshaping the layout ", srcEncoding,
                               " to ", triton::getShapeString(dstShape),
                               " gives no valid #ttg.linear layout: ", why);
    dstEncoding = *linear;
    return success();
  }

  LogicalResult
  verifyLayoutsAreEqual(ArrayRef<int64_t> shape, Attribute expected,
                        Attribute given,
                        std::optional<Location> loc) const override {
    if (expected == given)
      return success();
    // Different attributes may give each element the same place.
    if (expected && given) {
      std::optional<tt::LinearLayout> e = toLinearLayout(shape, expected);
      std::optional<tt::LinearLayout> g = toLinearLayout(shape, given);
      if (e && g && isa<DistributedEncodingTrait>(expected) ==
                        isa<DistributedEncodingTrait>(given) &&
          e->isSameMapAs(*g))
        return success();
    }
    return emitOptionalError(loc, "expected the layout ", expected, " but got ",
                             given);
  }

  LogicalResult
  verifyDotOpEncodings(Attribute aEncoding, Attribute bEncoding,
                       Attribute cEncoding,
                       std::optional<Location> loc) const override {
    auto a = dyn_cast_or_null<DotOperandEncodingAttr>(aEncoding);
    auto b = dyn_cast_or_null<DotOperandEncodingAttr>(bEncoding);
    if (!a || !b)
      return emitOptionalError(loc,
                               "the operands of tt.dot must have "
                               "#ttg.dot_op layouts, got ",
                               aEncoding, " and ", bEncoding);
    if (a.getOpIdx() != 0 || b.getOpIdx() != 1)
      return emitOptionalError(loc, "operand a of tt.dot needs opIdx = 0 and "
                                    "operand b opIdx = 1");
    if (a.getParent() != cEncoding || b.getParent() != cEncoding)
      return emitOptionalError(loc,
                               "the #ttg.dot_op parents of the operands "
                               "must be the accumulator layout ",
                               cEncoding);
    if (a.getKWidth() != b.getKWidth())
      return emitOptionalError(loc,
                               "operands a and b of tt.dot have "
                               "different kWidth (",
                               a.getKWidth(), " and ", b.getKWidth(), ")");
    return success();
  }
};

} // namespace

void TritonGPUDialect::registerInterfaces() {
  addInterfaces<TritonGPUInferLayoutInterface>();
}
