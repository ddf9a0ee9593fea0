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

namespace {

/// Thread 0 of the CTA, and `pred` when given.
Value leaderPredicate(OpBuilder &b, Location loc, Value pred) {
  Value tid = NVVM::ThreadIdXOp::create(b, loc, b.getI32Type());
  Value first = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, tid,
                                     i32Const(b, loc, 0));
  return pred ? (Value)LLVM::AndOp::create(b, loc, first, pred) : first;
}

/// A barrier update thread 0 makes: its PTX ($0 the predicate, $1 the
/// barrier's address) and the op's own predicate (none for init and inval).
struct LeaderUpdate {
  std::string ptx;
  Value pred;
};
LeaderUpdate leaderUpdate(ttng::InitBarrierOp op, ttng::InitBarrierOp::Adaptor) {
  return {"@$0 mbarrier.init.shared::cta.b64 [$1], " +
              std::to_string(op.getCount()) + ";",
          Value()};
}
LeaderUpdate leaderUpdate(ttng::InvalBarrierOp, ttng::InvalBarrierOp::Adaptor) {
  return {"@$0 mbarrier.inval.shared::cta.b64 [$1];", Value()};
}
LeaderUpdate leaderUpdate(ttng::BarrierExpectOp op,
                          ttng::BarrierExpectOp::Adaptor adaptor) {
  return {"@$0 mbarrier.arrive.expect_tx.shared::cta.b64 _, [$1], " +
              std::to_string(op.getSize()) + ";",
          adaptor.getPred()};
}
LeaderUpdate leaderUpdate(ttng::ArriveBarrierOp op,
                          ttng::ArriveBarrierOp::Adaptor adaptor) {
  return {"@$0 mbarrier.arrive.shared::cta.b64 _, [$1], " +
              std::to_string(op.getCount()) + ";",
          adaptor.getPred()};
}

/// init, inval, expect and arrive: one instruction by thread 0.
template <typename OpTy>
struct LeaderBarrierOpConversion : public ConvertOpToLLVMPattern<OpTy> {
  using ConvertOpToLLVMPattern<OpTy>::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value addr =
        unpackMemDesc(rewriter, loc, adaptor.getAlloc(), op.getAlloc()).address;
    LeaderUpdate update = leaderUpdate(op, adaptor);
    inlineAsm(rewriter, loc, Type(),
              {leaderPredicate(rewriter, loc, update.pred), addr}, update.ptx,
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
    Value addr =
        unpackMemDesc(rewriter, loc, adaptor.getAlloc(), op.getAlloc()).address;
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
  patterns.add<LeaderBarrierOpConversion<ttng::InitBarrierOp>,
               LeaderBarrierOpConversion<ttng::InvalBarrierOp>,
               LeaderBarrierOpConversion<ttng::BarrierExpectOp>,
               LeaderBarrierOpConversion<ttng::ArriveBarrierOp>,
               WaitBarrierOpConversion>(tc);
}
} // namespace mlir::triton::lowering
