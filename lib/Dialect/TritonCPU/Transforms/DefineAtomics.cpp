//===- DefineAtomics.cpp - tritoncpu-define-atomics -------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// tritoncpu-define-atomics: bodies (llvm.atomicrmw, llvm.cmpxchg) for the
// __tt_cpu_atomicrmw.* and __tt_cpu_cmpxchg.* helpers of converted atomics.
// See include/tt/Dialect/TritonCPU/Transforms/Passes.td and
// docs/cpu-backend.md.
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/TritonCPU/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::triton::cpu {
#define GEN_PASS_DEF_TRITONCPUDEFINEATOMICS
#include "tt/Dialect/TritonCPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::cpu

using namespace mlir;

namespace {

struct DefineAtomicsPass
    : triton::cpu::impl::TritonCPUDefineAtomicsBase<DefineAtomicsPass> {
  void runOnOperation() override {
    for (auto fn : getOperation().getOps<LLVM::LLVMFuncOp>()) {
      if (!fn.isExternal())
        continue;
      SmallVector<StringRef> parts;
      fn.getName().split(parts, '.');
      bool rmw = parts[0] == "__tt_cpu_atomicrmw" && parts.size() >= 4;
      bool cas = parts[0] == "__tt_cpu_cmpxchg" && parts.size() >= 3;
      if (!rmw && !cas)
        continue;
      std::optional<LLVM::AtomicBinOp> binOp;
      if (rmw && !(binOp = LLVM::symbolizeAtomicBinOp(parts[1]))) {
        fn.emitError("unknown atomic operation in ") << fn.getName();
        return signalPassFailure();
      }
      auto ordering = LLVM::symbolizeAtomicOrdering(parts[rmw ? 2 : 1]);
      if (!ordering) {
        fn.emitError("unknown atomic ordering in ") << fn.getName();
        return signalPassFailure();
      }
      OpBuilder b(fn.getContext());
      Location loc = fn.getLoc();
      Block *block = fn.addEntryBlock(b);
      b.setInsertionPointToStart(block);
      Value ptr = block->getArgument(0);
      Value val = block->getArguments().back();
      Type type = val.getType();
      unsigned align = std::max(1u, type.getIntOrFloatBitWidth() / 8);
      Value result;
      if (rmw) {
        result = LLVM::AtomicRMWOp::create(b, loc, *binOp, ptr, val, *ordering,
                                           StringRef(), align);
      } else {
        // cmpxchg works on integers: compare and swap the bits.
        Value cmp = block->getArgument(1);
        Type intTy = b.getIntegerType(type.getIntOrFloatBitWidth());
        if (intTy != type) {
          cmp = LLVM::BitcastOp::create(b, loc, intTy, cmp);
          val = LLVM::BitcastOp::create(b, loc, intTy, val);
        }
        LLVM::AtomicOrdering failure = *ordering;
        if (failure == LLVM::AtomicOrdering::release)
          failure = LLVM::AtomicOrdering::monotonic;
        else if (failure == LLVM::AtomicOrdering::acq_rel)
          failure = LLVM::AtomicOrdering::acquire;
        Value pair = LLVM::AtomicCmpXchgOp::create(
            b, loc, ptr, cmp, val, *ordering, failure, StringRef(), align);
        result = LLVM::ExtractValueOp::create(b, loc, pair, 0);
        if (intTy != type)
          result = LLVM::BitcastOp::create(b, loc, type, result);
      }
      LLVM::ReturnOp::create(b, loc, result);
      fn.setLinkage(LLVM::Linkage::Internal);
      fn.setSymVisibilityAttr(nullptr);
      fn.setAlwaysInline(true);
    }
  }
};

} // namespace
