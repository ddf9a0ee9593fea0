//===- GlobalScratchAllocation.cpp - per-program global scratch -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The tritongpu-global-scratch-memory-allocation pass, and the lowering of
// `ttg.global_scratch_alloc` to an address in the kernel's global-scratch
// argument.
//
// Layout: every program (CTA) of the grid owns `size` bytes of the buffer
// the launcher passes, at byte `size * linear program id`, the linear id
// being (z * nctaid.y + y) * nctaid.x + x as upstream Triton computes it.
// Inside that slice, each buffer sits at its recorded offset.
//
//===----------------------------------------------------------------------===//

#include "tt/Conversion/TritonGPUToLLVM/Passes.h"

#include "tt/Conversion/TritonGPUToLLVM/Patterns.h"

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"

#include "llvm/Support/MathExtras.h"

namespace mlir::triton {
#define GEN_PASS_DEF_GLOBALSCRATCHMEMORYALLOCATION
#include "tt/Conversion/TritonGPUToLLVM/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::lowering;

static constexpr StringLiteral kOffsetAttr = "ttg.global_scratch_memory_offset";
static constexpr StringLiteral kSizeAttr = "ttg.global_scratch_memory_size";
static constexpr StringLiteral kAlignAttr =
    "ttg.global_scratch_memory_alignment";

LogicalResult
mlir::triton::lowering::allocateGlobalScratchMemory(ModuleOp module) {
  Builder b(module.getContext());
  int64_t size = 0, align = 1;
  WalkResult walk = module.walk([&](ttg::GlobalScratchAllocOp op) {
    auto func = op->getParentOfType<FuncOp>();
    if (!func || !func.isPublic()) {
      op.emitError("global scratch memory can only be allocated in a kernel "
                   "(a public tt.func), not in a function it calls");
      return WalkResult::interrupt();
    }
    int64_t a = op.getAlignment();
    int64_t offset = llvm::alignTo(size, a);
    size = offset + op.getNbytes();
    align = std::max(align, a);
    if (size > std::numeric_limits<int32_t>::max()) {
      op.emitError("global scratch memory of one program exceeds 2 GiB");
      return WalkResult::interrupt();
    }
    op->setAttr(kOffsetAttr, b.getI32IntegerAttr(int32_t(offset)));
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  size = llvm::alignTo(size, align);
  module->setAttr(kSizeAttr, b.getI32IntegerAttr(int32_t(size)));
  module->setAttr(kAlignAttr, b.getI32IntegerAttr(int32_t(align)));
  return success();
}

namespace {

class GlobalScratchMemoryAllocation
    : public triton::impl::GlobalScratchMemoryAllocationBase<
          GlobalScratchMemoryAllocation> {
public:
  void runOnOperation() override {
    if (failed(allocateGlobalScratchMemory(getOperation())))
      signalPassFailure();
  }
};

/// base + size * linear program id + offset, on the kernel's
/// global-scratch argument (the second to last).
struct GlobalScratchAllocOpConversion
    : public LoweringPattern<ttg::GlobalScratchAllocOp> {
  using LoweringPattern::LoweringPattern;

  LogicalResult
  matchAndRewrite(ttg::GlobalScratchAllocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto module = op->getParentOfType<ModuleOp>();
    auto offset = op->getAttrOfType<IntegerAttr>(kOffsetAttr);
    auto size = module->getAttrOfType<IntegerAttr>(kSizeAttr);
    if (!offset || !size)
      return op.emitError("no global scratch memory was allocated for this "
                          "operation (run "
                          "tritongpu-global-scratch-memory-allocation first)");
    auto func = op->getParentOfType<LLVM::LLVMFuncOp>();
    if (!func)
      return failure(); // its function is converted first
    if (func.getLinkage() != LLVM::Linkage::External)
      return op.emitError("global scratch memory can only be allocated in a "
                          "kernel");
    auto args = func.getBody().front().getArguments();
    if (args.size() < 2)
      return op.emitError("the kernel has no global-scratch argument");
    Value base = args[args.size() - 2];

    Type i64 = rewriter.getI64Type();
    const TargetInfo &t = *lc.target;
    // (z * nctaid.y + y) * nctaid.x + x, in 64 bits: a large grid times the
    // slice size may not fit in 32.
    auto wide = [&](Value v) -> Value {
      return LLVM::ZExtOp::create(rewriter, loc, i64, v);
    };
    Value linear = wide(t.programId(rewriter, loc, 2));
    for (int axis = 1; axis >= 0; --axis) {
      linear = LLVM::MulOp::create(rewriter, loc, linear,
                                   wide(t.numPrograms(rewriter, loc, axis)));
      linear = LLVM::AddOp::create(rewriter, loc, linear,
                                   wide(t.programId(rewriter, loc, axis)));
    }
    Value bytes = LLVM::MulOp::create(
        rewriter, loc, linear,
        LLVM::ConstantOp::create(rewriter, loc, i64, size.getInt()));
    if (offset.getInt() != 0)
      bytes = LLVM::AddOp::create(
          rewriter, loc, bytes,
          LLVM::ConstantOp::create(rewriter, loc, i64, offset.getInt()));
    Type resultType = getTypeConverter()->convertType(op.getType());
    Value ptr = LLVM::GEPOp::create(rewriter, loc, base.getType(),
                                    rewriter.getI8Type(), base,
                                    ValueRange{bytes});
    if (ptr.getType() != resultType)
      ptr = LLVM::AddrSpaceCastOp::create(rewriter, loc, resultType, ptr);
    rewriter.replaceOp(op, ptr);
    return success();
  }
};

} // namespace

void mlir::triton::lowering::populateGlobalScratchOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &tc, RewritePatternSet &patterns,
    LoweringContext &lc) {
  patterns.add<GlobalScratchAllocOpConversion>(tc, lc);
}
