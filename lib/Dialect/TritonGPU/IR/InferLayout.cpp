//===- InferLayout.cpp - result layouts of tt shape ops ---------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The ttg implementation of triton::DialectInferLayoutInterface: given the
// layout of the operand of tt.reduce, tt.expand_dims, tt.trans, tt.join or
// tt.split, the layout of its result such that the op moves no data between
// threads.
//
// Layouts are handled structurally here (blocked, slice, linear, the shared
// encodings). Cases that need a general linear-layout conversion (e.g.
// transposing an MMA layout, or telling two different attributes apart as
// the same mapping) report that they are not supported yet; they become
// possible once the linear-layout library provides toLinearLayout.
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/TritonGPU/IR/Dialect.h"

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
  verifyLayoutsAreEqual(ArrayRef<int64_t> shape, Attribute expected,
                        Attribute given,
                        std::optional<Location> loc) const override {
    if (expected == given)
      return success();
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
