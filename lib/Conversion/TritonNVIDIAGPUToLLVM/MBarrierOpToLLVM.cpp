//===- MBarrierOpToLLVM.cpp - mbarrier operations ---------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The ttng mbarrier operations on a 64-bit barrier object in shared memory,
// as inline PTX. Initialization, invalidation, expected-transaction
// announcements and arrivals are made by thread 0 of the CTA (and only
// where the optional predicate holds); every thread waits, spinning on
// `mbarrier.try_wait.parity`.
//
//===----------------------------------------------------------------------===//

#include "NVIDIAPatterns.h"

#include "tt/Dialect/TritonGPU/IR/Dialect.h"
#include "tt/Dialect/TritonNvidiaGPU/IR/Dialect.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::lowering;
namespace ttg = mlir::triton::gpu;
namespace ttng = mlir::triton::nvidia_gpu;

namespace {

Value barrierAddress(ConversionPatternRewriter &rewriter, Location loc,
                     Value desc, Type memType) {
  unsigned rank = cast<ttg::MemDescType>(memType).getShape().size();
  return unpackSharedMemoryObject(rewriter, loc, desc, rank).address;
}

/// Thread 0 of the CTA, and `pred` when given.
Value leaderPredicate(OpBuilder &b, Location loc, Value pred) {
  Value tid = NVVM::ThreadIdXOp::create(b, loc, b.getI32Type());
  Value first = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, tid,
                                     i32Const(b, loc, 0));
  return pred ? (Value)LLVM::AndOp::create(b, loc, first, pred) : first;
}

struct InitBarrierOpConversion
    : public ConvertOpToLLVMPattern<ttng::InitBarrierOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttng::InitBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value addr = barrierAddress(rewriter, loc, adaptor.getAlloc(),
                                op.getAlloc().getType());
    inlineAsm(rewriter, loc, Type(),
              {leaderPredicate(rewriter, loc, Value()), addr},
              "@$0 mbarrier.init.shared::cta.b64 [$1], " +
                  std::to_string(op.getCount()) + ";",
              "b,r", /*sideEffects=*/true);
    rewriter.eraseOp(op);
    return success();
  }
};

struct InvalBarrierOpConversion
    : public ConvertOpToLLVMPattern<ttng::InvalBarrierOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttng::InvalBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value addr = barrierAddress(rewriter, loc, adaptor.getAlloc(),
                                op.getAlloc().getType());
    inlineAsm(rewriter, loc, Type(),
              {leaderPredicate(rewriter, loc, Value()), addr},
              "@$0 mbarrier.inval.shared::cta.b64 [$1];", "b,r",
              /*sideEffects=*/true);
    rewriter.eraseOp(op);
    return success();
  }
};

struct BarrierExpectOpConversion
    : public ConvertOpToLLVMPattern<ttng::BarrierExpectOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttng::BarrierExpectOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value addr = barrierAddress(rewriter, loc, adaptor.getAlloc(),
                                op.getAlloc().getType());
    inlineAsm(rewriter, loc, Type(),
              {leaderPredicate(rewriter, loc, adaptor.getPred()), addr},
              "@$0 mbarrier.arrive.expect_tx.shared::cta.b64 _, [$1], " +
                  std::to_string(op.getSize()) + ";",
              "b,r", /*sideEffects=*/true);
    rewriter.eraseOp(op);
    return success();
  }
};

struct ArriveBarrierOpConversion
    : public ConvertOpToLLVMPattern<ttng::ArriveBarrierOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttng::ArriveBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value addr = barrierAddress(rewriter, loc, adaptor.getAlloc(),
                                op.getAlloc().getType());
    inlineAsm(rewriter, loc, Type(),
              {leaderPredicate(rewriter, loc, adaptor.getPred()), addr},
              "@$0 mbarrier.arrive.shared::cta.b64 _, [$1], " +
                  std::to_string(op.getCount()) + ";",
              "b,r", /*sideEffects=*/true);
    rewriter.eraseOp(op);
    return success();
  }
};

struct WaitBarrierOpConversion
    : public ConvertOpToLLVMPattern<ttng::WaitBarrierOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttng::WaitBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value addr = barrierAddress(rewriter, loc, adaptor.getAlloc(),
                                op.getAlloc().getType());
    Value pred = adaptor.getPred();
    if (!pred)
      pred = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI1Type(),
                                      rewriter.getBoolAttr(true));
    // A spin on try_wait; the labels are made unique by ${:uid}.
    std::string text = "{\n\t.reg .pred done;\n\t@!$2 bra.uni skip_${:uid};\n"
                       "wait_${:uid}:\n\t"
                       "mbarrier.try_wait.parity.shared::cta.b64 done, [$0], $1;"
                       "\n\t@!done bra.uni wait_${:uid};\nskip_${:uid}:\n\t}";
    inlineAsm(rewriter, loc, Type(), {addr, adaptor.getPhase(), pred}, text,
              "r,r,b", /*sideEffects=*/true);
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

namespace mlir::triton::lowering {
void populateMBarrierOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &tc,
                                      RewritePatternSet &patterns,
                                      LoweringContext &lc) {
  patterns.add<InitBarrierOpConversion, InvalBarrierOpConversion,
               BarrierExpectOpConversion, ArriveBarrierOpConversion,
               WaitBarrierOpConversion>(tc);
}
} // namespace mlir::triton::lowering
