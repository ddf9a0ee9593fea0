//===- PackedEntry.cpp - tritoncpu-packed-entry -----------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// tritoncpu-packed-entry: the exported <kernel>__packed(void **args, grid)
// entry point of every converted kernel.
// See include/tt/Dialect/TritonCPU/Transforms/Passes.td and
// docs/cpu-backend.md.
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/TritonCPU/Transforms/Passes.h"

#include "tt/Dialect/TritonCPU/IR/KernelABI.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::triton::cpu {
#define GEN_PASS_DEF_TRITONCPUPACKEDENTRY
#include "tt/Dialect/TritonCPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::cpu

using namespace mlir;

namespace {

struct PackedEntryPass
    : triton::cpu::impl::TritonCPUPackedEntryBase<PackedEntryPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    auto ptrTy = LLVM::LLVMPointerType::get(ctx);
    Type i32 = IntegerType::get(ctx, 32);
    SmallVector<LLVM::LLVMFuncOp> kernels;
    for (auto fn : module.getOps<LLVM::LLVMFuncOp>())
      if (fn->hasAttr(triton::kCPUKernelAttrName))
        kernels.push_back(fn);
    for (LLVM::LLVMFuncOp fn : kernels) {
      fn->removeAttr(triton::kCPUKernelAttrName);
      LLVM::LLVMFunctionType type = fn.getFunctionType();
      unsigned numParams = type.getNumParams();
      if (numParams < triton::kNumGridArgs ||
          !isa<LLVM::LLVMVoidType>(type.getReturnType())) {
        fn.emitError("a CPU kernel must return nothing and end with the six "
                     "i32 grid parameters");
        return signalPassFailure();
      }
      Location loc = fn.getLoc();
      OpBuilder b(ctx);
      b.setInsertionPointAfter(fn);
      SmallVector<Type> params{ptrTy};
      params.append(triton::kNumGridArgs, i32);
      auto entry = LLVM::LLVMFuncOp::create(
          b, loc, (fn.getName() + "__packed").str(),
          LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx), params));
      Block *block = entry.addEntryBlock(b);
      b.setInsertionPointToStart(block);
      Value argv = block->getArgument(0);
      SmallVector<Value> args;
      unsigned numUser = numParams - triton::kNumGridArgs;
      for (unsigned i = 0; i < numUser; ++i) {
        Value slot = LLVM::GEPOp::create(b, loc, ptrTy, ptrTy, argv,
                                         ArrayRef<LLVM::GEPArg>{int32_t(i)});
        Value valuePtr = LLVM::LoadOp::create(b, loc, ptrTy, slot, 8);
        Type t = type.getParamType(i);
        unsigned align = 1;
        if (isa<LLVM::LLVMPointerType>(t))
          align = 8;
        else if (t.isIntOrFloat())
          align = std::max(1u, t.getIntOrFloatBitWidth() / 8);
        args.push_back(LLVM::LoadOp::create(b, loc, t, valuePtr, align));
      }
      for (Value v : block->getArguments().drop_front())
        args.push_back(v);
      LLVM::CallOp::create(b, loc, fn, args);
      LLVM::ReturnOp::create(b, loc, ValueRange{});
      fn.setLinkage(LLVM::Linkage::Internal);
    }
  }
};

} // namespace
