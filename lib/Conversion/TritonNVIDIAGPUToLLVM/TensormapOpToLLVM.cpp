//===- TensormapOpToLLVM.cpp - TMA descriptors made on the device -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// `ttng.tensormap_create` writes a 128-byte CUtensorMap into global memory
// (a slot of the kernel's global scratch) with Hopper's `tensormap.*`
// instructions, which edit a descriptor only in shared memory:
//
//  1. a CTA barrier (the staging bytes are scratch space of the operation,
//     shared with other buffers: insert-shared-memory-barriers relies on
//     operations with scratch space synchronizing first);
//  2. warp 0 zeroes the 128-byte, 128-byte-aligned staging buffer (every
//     field not replaced below stays 0), then syncs the warp;
//  3. thread 0 sets each field with `tensormap.replace.tile.*` (address,
//     rank - 1, box, global sizes and byte strides, element strides, then
//     the element type, interleave, swizzle and fill enumerations);
//  4. warp 0 copies the staging buffer to global memory with
//     `tensormap.cp_fenceproxy ... release.gpu.sync.aligned`, which also
//     releases it to the tensormap proxy.
//
// `ttng.tensormap_fenceproxy_acquire` is the matching acquire: warp 0
// fences the descriptor (`fence.proxy.tensormap::generic.acquire.gpu`),
// waits for its bulk copies, and a CTA barrier lets every warp use it.
// `ttng.reinterpret_tensor_descriptor` is the descriptor's generic address.
//
// The sequence follows the one upstream Triton 3.6 emits for sm_90a.
//
//===----------------------------------------------------------------------===//

#include "NVIDIAPatterns.h"

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::lowering;

/// The staging descriptor is 128 bytes aligned to 128; scratch buffers are
/// only 16-byte aligned, so the lowering aligns inside a larger one.
static constexpr int64_t kTensormapBytes = 128;

int64_t mlir::triton::lowering::getTensormapCreateScratchBytes(Operation *op) {
  return 2 * kTensormapBytes;
}

namespace {

Value toI64(OpBuilder &b, Location loc, Value v) {
  if (isa<LLVM::LLVMPointerType>(v.getType()))
    return LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), v);
  if (v.getType().isInteger(64))
    return v;
  return LLVM::ZExtOp::create(b, loc, b.getI64Type(), v);
}

/// The inline-PTX text and operands of the `tensormap.replace` sequence,
/// each statement predicated on operand 0.
class ReplaceSequence {
public:
  ReplaceSequence(Value pred, Value staging) {
    operands = {pred, staging};
    constraints = "b,l";
  }
  /// `field` with no ordinal, an immediate value.
  void immediate(StringRef field, int64_t value) {
    text += ("@$0 tensormap.replace.tile." + field +
             ".shared::cta.b1024.b32 [$1], " + std::to_string(value) + ";\n")
                .str();
  }
  /// `field` (with ordinal `ord` when >= 0) set to a register.
  void reg(StringRef field, int ord, Value v, bool wide) {
    std::string idx = "$" + std::to_string(operands.size());
    operands.push_back(v);
    constraints += wide ? ",l" : ",r";
    text += ("@$0 tensormap.replace.tile." + field + ".shared::cta.b1024." +
             (wide ? "b64" : "b32") + " [$1], ")
                .str();
    if (ord >= 0)
      text += std::to_string(ord) + ", ";
    text += idx + ";\n";
  }
  void emit(OpBuilder &b, Location loc) {
    inlineAsm(b, loc, Type(), operands, text, constraints,
              /*sideEffects=*/true);
  }

private:
  SmallVector<Value> operands;
  std::string constraints, text;
};

struct TensormapCreateOpConversion
    : public LoweringPattern<ttng::TensormapCreateOp> {
  using LoweringPattern::LoweringPattern;

  LogicalResult
  matchAndRewrite(ttng::TensormapCreateOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    // The hardware takes at most 256 elements per box dimension; the
    // descriptor would be refused at the first copy, so say it here.
    for (auto [i, v] : llvm::enumerate(op.getBoxDim())) {
      APInt c;
      if (matchPattern(v, m_ConstantInt(&c)) &&
          (c.getSExtValue() < 1 || c.getSExtValue() > 256))
        return op.emitError() << "box dimension " << i << " is "
                              << c.getSExtValue()
                              << " elements; TMA boxes have 1 to 256";
    }
    if (lc.threadsPerWarp != 32)
      return op.emitError("tensormap_create needs 32 threads per warp");
    auto &b = rewriter;
    FailureOr<Value> scratch =
        scratchAddress(b, loc, op, getTensormapCreateScratchBytes(op));
    if (failed(scratch))
      return failure();
    // Other warps may still use these bytes (scratch space is shared).
    barrier(b, loc, lc);
    Value staging = LLVM::AndOp::create(
        b, loc,
        LLVM::AddOp::create(b, loc, *scratch,
                            i32Const(b, loc, kTensormapBytes - 1)),
        i32Const(b, loc, -kTensormapBytes));

    Value tid = threadId(b, loc, lc);
    Value warp0 = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ult, tid,
                                       i32Const(b, loc, 32));
    Value thread0 = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, tid,
                                         i32Const(b, loc, 0));
    // Warp 0 zeroes the 128 bytes, one word per lane.
    Value word = LLVM::AddOp::create(
        b, loc, staging,
        LLVM::ShlOp::create(b, loc, LLVM::AndOp::create(b, loc, tid,
                                                        i32Const(b, loc, 31)),
                            i32Const(b, loc, 2)));
    inlineAsm(b, loc, Type(), {warp0, word, i32Const(b, loc, 0)},
              "@$0 st.shared.b32 [$1], $2;", "b,r,r", /*sideEffects=*/true);
    inlineAsm(b, loc, Type(), {}, "bar.warp.sync -1;", "",
              /*sideEffects=*/true);

    // Thread 0 fills in the fields.
    Value staging64 = toI64(b, loc, staging);
    ReplaceSequence seq(thread0, staging64);
    seq.reg("global_address", -1, toI64(b, loc, adaptor.getGlobalAddress()),
            /*wide=*/true);
    unsigned rank = op.getBoxDim().size();
    seq.immediate("rank", rank - 1);
    for (unsigned i = 0; i < rank; ++i)
      seq.reg("box_dim", i, adaptor.getBoxDim()[i], false);
    for (unsigned i = 0; i < rank; ++i)
      seq.reg("global_dim", i, adaptor.getGlobalDim()[i], false);
    for (unsigned i = 0; i + 1 < rank; ++i)
      seq.reg("global_stride", i, adaptor.getGlobalStride()[i], true);
    for (unsigned i = 0; i < rank; ++i)
      seq.reg("element_stride", i, adaptor.getElementStride()[i], false);
    seq.immediate("elemtype", op.getElemType());
    seq.immediate("interleave_layout", op.getInterleaveLayout());
    seq.immediate("swizzle_mode", op.getSwizzleMode());
    seq.immediate("fill_mode", op.getFillMode());
    seq.emit(b, loc);
    inlineAsm(b, loc, Type(), {}, "bar.warp.sync -1;", "",
              /*sideEffects=*/true);

    // Warp 0 copies it out and releases it to the tensormap proxy.
    inlineAsm(b, loc, Type(),
              {warp0, toI64(b, loc, adaptor.getDescPtr()), staging64},
              "@$0 tensormap.cp_fenceproxy.global.shared::cta.tensormap::"
              "generic.release.gpu.sync.aligned [$1], [$2], 128;",
              "b,l,l", /*sideEffects=*/true);
    rewriter.eraseOp(op);
    return success();
  }
};

struct TensormapFenceproxyAcquireOpConversion
    : public ConvertOpToLLVMPattern<ttng::TensormapFenceproxyAcquireOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ttng::TensormapFenceproxyAcquireOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto &b = rewriter;
    // The fence takes a generic address of global memory.
    Value ptr = adaptor.getDescPtr();
    auto generic = LLVM::LLVMPointerType::get(b.getContext());
    if (ptr.getType() != generic)
      ptr = LLVM::AddrSpaceCastOp::create(b, loc, generic, ptr);
    Value tid = NVVM::ThreadIdXOp::create(b, loc, b.getI32Type());
    Value warp0 = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ult, tid,
                                       i32Const(b, loc, 32));
    inlineAsm(b, loc, Type(), {warp0, toI64(b, loc, ptr)},
              "@$0 fence.proxy.tensormap::generic.acquire.gpu [$1], 128;\n"
              "@$0 cp.async.bulk.commit_group;\n"
              "@$0 cp.async.bulk.wait_group.read 0;",
              "b,l", /*sideEffects=*/true);
    NVVM::Barrier0Op::create(b, loc);
    rewriter.eraseOp(op);
    return success();
  }
};

/// The descriptor is its generic address.
struct ReinterpretTensorDescOpConversion
    : public ConvertOpToLLVMPattern<ttng::ReinterpretTensorDescOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ttng::ReinterpretTensorDescOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    Value ptr = adaptor.getRawDesc();
    if (ptr.getType() != type)
      ptr = LLVM::AddrSpaceCastOp::create(rewriter, op.getLoc(), type, ptr);
    rewriter.replaceOp(op, ptr);
    return success();
  }
};

} // namespace

void mlir::triton::lowering::populateTensormapOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &tc, RewritePatternSet &patterns,
    LoweringContext &lc) {
  MLIRContext *ctx = patterns.getContext();
  // A TMA descriptor is the generic address of its 128 bytes.
  tc.addConversion([ctx](TensorDescType) -> Type {
    return LLVM::LLVMPointerType::get(ctx);
  });
  patterns.add<TensormapCreateOpConversion>(tc, lc);
  patterns.add<TensormapFenceproxyAcquireOpConversion,
               ReinterpretTensorDescOpConversion>(tc);
}
