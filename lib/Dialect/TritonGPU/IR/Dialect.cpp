//===- Dialect.cpp - the ttg dialect ----------------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Dialect registration, the module attributes that fix the launch shape and
// the check of every layout in a module against that shape.
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::triton::gpu;

#include "tt/Dialect/TritonGPU/IR/TritonGPUDialect.cpp.inc"

//===----------------------------------------------------------------------===//
// Launch shape lookups
//===----------------------------------------------------------------------===//

static std::optional<int> lookupIntAttr(Operation *op, StringRef name,
                                        bool moduleOnly) {
  for (; op; op = op->getParentOp()) {
    if (moduleOnly && !isa<ModuleOp>(op))
      continue;
    if (auto attr = op->getAttrOfType<IntegerAttr>(name))
      return attr.getInt();
  }
  return std::nullopt;
}

std::optional<int> mlir::triton::gpu::maybeLookupNumWarps(Operation *op) {
  return lookupIntAttr(op, TritonGPUDialect::getNumWarpsAttrName(),
                       /*moduleOnly=*/false);
}

std::optional<int> mlir::triton::gpu::maybeLookupThreadsPerWarp(Operation *op) {
  return lookupIntAttr(op, TritonGPUDialect::getThreadsPerWarpAttrName(),
                       /*moduleOnly=*/true);
}

std::optional<int> mlir::triton::gpu::maybeLookupNumCTAs(Operation *op) {
  return lookupIntAttr(op, TritonGPUDialect::getNumCTAsAttrName(),
                       /*moduleOnly=*/true);
}

//===----------------------------------------------------------------------===//
// Layouts against the launch shape
//===----------------------------------------------------------------------===//

LogicalResult mlir::triton::gpu::verifyTypeLayouts(
    Type type, Operation *op, function_ref<InFlightDiagnostic()> emitError) {
  std::optional<int> numWarps = maybeLookupNumWarps(op);
  std::optional<int> threadsPerWarp = maybeLookupThreadsPerWarp(op);
  std::optional<int> numCTAs = maybeLookupNumCTAs(op);
  if (!numWarps && !threadsPerWarp && !numCTAs)
    return success();
  WalkResult result = type.walk([&](RankedTensorType tensor) {
    auto layout =
        dyn_cast_or_null<DistributedEncodingTrait>(tensor.getEncoding());
    if (!layout)
      return WalkResult::advance();
    if (threadsPerWarp &&
        layout.getLanesPerWarp() != unsigned(*threadsPerWarp)) {
      emitError() << "layout " << layout << " distributes over "
                  << layout.getLanesPerWarp()
                  << " threads per warp, but the module has \""
                  << TritonGPUDialect::getThreadsPerWarpAttrName()
                  << "\" = " << *threadsPerWarp;
      return WalkResult::interrupt();
    }
    if (numWarps && layout.getNumWarpsCovered() != unsigned(*numWarps)) {
      emitError() << "layout " << layout << " distributes over "
                  << layout.getNumWarpsCovered() << " warps, but \""
                  << TritonGPUDialect::getNumWarpsAttrName() << "\" is "
                  << *numWarps;
      return WalkResult::interrupt();
    }
    unsigned ctas = getCGALayout(layout).getNumCTAs();
    if (numCTAs && ctas != unsigned(*numCTAs)) {
      emitError() << "layout " << layout << " distributes over " << ctas
                  << " CTAs, but \"" << TritonGPUDialect::getNumCTAsAttrName()
                  << "\" is " << *numCTAs;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

LogicalResult mlir::triton::gpu::verifyLayoutsUnder(Operation *root) {
  StringRef numWarpsName = TritonGPUDialect::getNumWarpsAttrName();
  WalkResult result = root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    // An op with its own warp count checks its body itself.
    if (op != root && op->hasAttr(numWarpsName))
      return WalkResult::skip();
    for (auto [i, value] : llvm::enumerate(op->getResults())) {
      if (failed(verifyTypeLayouts(value.getType(), op, [&, i = i] {
            return op->emitOpError() << "result #" << i << ": ";
          })))
        return WalkResult::interrupt();
    }
    for (auto [r, region] : llvm::enumerate(op->getRegions()))
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          if (failed(verifyTypeLayouts(arg.getType(), op, [&, r = r] {
                return op->emitOpError() << "region #" << r << " argument #"
                                         << arg.getArgNumber() << ": ";
              })))
            return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

//===----------------------------------------------------------------------===//
// Module attributes
//===----------------------------------------------------------------------===//

LogicalResult TritonGPUDialect::verifyOperationAttribute(Operation *op,
                                                         NamedAttribute attr) {
  StringRef name = attr.getName().strref();
  bool onModule = isa<ModuleOp>(op);
  auto expectOn = [&](bool ok, StringRef where) -> LogicalResult {
    if (ok)
      return success();
    return op->emitOpError()
           << "has attribute \"" << name << "\", which belongs on " << where;
  };
  auto expectInt = [&](int64_t min, bool powerOfTwo) -> LogicalResult {
    auto value = dyn_cast<IntegerAttr>(attr.getValue());
    if (!value || !value.getType().isInteger(32))
      return op->emitOpError()
             << "attribute \"" << name << "\" must be an i32 integer";
    int64_t v = value.getInt();
    if (v < min || (powerOfTwo && !llvm::isPowerOf2_64(v)))
      return op->emitOpError()
             << "attribute \"" << name << "\" must be "
             << (powerOfTwo ? "a positive power of two" : "non-negative")
             << ", got " << v;
    return success();
  };

  if (name == getNumWarpsAttrName()) {
    if (failed(expectOn(onModule || op->getName().getStringRef() == "tt.func",
                        "a module or a tt.func")) ||
        failed(expectInt(1, /*powerOfTwo=*/true)))
      return failure();
    // The whole body must agree with this warp count (and with the module's
    // threads per warp and CTA count).
    return verifyLayoutsUnder(op);
  }
  if (name == getThreadsPerWarpAttrName() || name == getNumCTAsAttrName())
    return failure(failed(expectOn(onModule, "a module")) ||
                   failed(expectInt(1, /*powerOfTwo=*/true)));
  if (name == getTotalNumWarpsAttrName())
    return failure(failed(expectOn(onModule, "a module")) ||
                   failed(expectInt(1, /*powerOfTwo=*/false)));
  if (name == getSharedAttrName())
    return failure(failed(expectOn(onModule, "a module")) ||
                   failed(expectInt(0, /*powerOfTwo=*/false)));
  if (name == getTargetAttrName()) {
    if (failed(expectOn(onModule, "a module")))
      return failure();
    auto target = dyn_cast<StringAttr>(attr.getValue());
    if (!target || target.getValue().empty())
      return op->emitOpError() << "attribute \"" << name
                               << "\" must be a non-empty string such as "
                                  "\"cuda:90\" or \"hip:gfx942\"";
    return success();
  }
  // Other ttg.* attributes (scratch sizes, loop annotations, ...) are set by
  // passes that check them where they are used.
  return success();
}

//===----------------------------------------------------------------------===//
// Aliases
//===----------------------------------------------------------------------===//

namespace {
/// Prints the usual upstream aliases: #blocked, #mma, #shared, #linear,
/// #smem (slice and dot_op layouts stay inline).
struct TritonGPUOpAsmInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;

  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    if (isa<MmaEncodingTrait>(attr)) {
      os << "mma";
      return AliasResult::FinalAlias;
    }
    if (isa<SharedEncodingTrait>(attr)) {
      os << "shared";
      return AliasResult::FinalAlias;
    }
    if (isa<BlockedEncodingAttr>(attr)) {
      os << "blocked";
      return AliasResult::FinalAlias;
    }
    if (isa<LinearEncodingAttr>(attr)) {
      os << "linear";
      return AliasResult::FinalAlias;
    }
    if (isa<SharedMemorySpaceAttr>(attr)) {
      os << "smem";
      return AliasResult::FinalAlias;
    }
    return AliasResult::NoAlias;
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

void TritonGPUDialect::initialize() {
  registerTypes();
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "tt/Dialect/TritonGPU/IR/TritonGPUOps.cpp.inc"
      >();
  addInterfaces<TritonGPUOpAsmInterface>();
  registerInterfaces();
}
