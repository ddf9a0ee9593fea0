//===- Patterns.h - the pattern families of the TTGIR lowering --*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The target-neutral patterns of the TTGIR-to-LLVM lowering, one family per
// file of lib/Conversion/TritonGPUToLLVM, and lowerToLLVM, the conversion
// every backend's pass runs with its TargetInfo and its own patterns
// (convert-triton-gpu-to-llvm in lib/Conversion/TritonNVIDIAGPUToLLVM,
// convert-triton-amdgpu-to-llvm in lib/Conversion/TritonAMDGPUToLLVM).
//
//===----------------------------------------------------------------------===//

#ifndef TT_CONVERSION_TRITONGPUTOLLVM_PATTERNS_H
#define TT_CONVERSION_TRITONGPUTOLLVM_PATTERNS_H

#include "tt/Conversion/TritonGPUToLLVM/Utility.h"

namespace mlir::triton::lowering {

/// Elementwise arith, math and tt ops, one scalar op per element; splat
/// constants (ElementwiseOpToLLVM.cpp).
void populateElementwiseOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &tc,
                                         RewritePatternSet &patterns,
                                         LoweringContext &lc);
/// The scalar float conversion of tt.fp_to_fp (and of arith.extf/truncf
/// on fp8) of `src`, an LLVM value of the lowered `srcType` (fp8 is i8), to
/// `dstType` with `rounding`: `target`'s own instruction where it has one,
/// else a target-neutral integer sequence with the same results
/// (FloatConversions.cpp). Reports on `op` the pairs it cannot convert.
FailureOr<Value> emitFloatConversion(OpBuilder &b, Operation *op, Value src,
                                     FloatType srcType, FloatType dstType,
                                     RoundingMode rounding,
                                     const TargetInfo *target);
/// tt.elementwise_inline_asm, tt.map_elementwise and tt.unsplat: code the
/// user wrote per element (UserElementwiseOpToLLVM.cpp).
void populateUserElementwiseOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &tc,
                                             RewritePatternSet &patterns);
/// tt.load / tt.store through tensors of pointers, vectorized as AxisInfo
/// allows (MemoryOpToLLVM.cpp).
void populateMemoryOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &tc,
                                    RewritePatternSet &patterns,
                                    LoweringContext &lc);
/// Splat, broadcast, expand_dims, make_range, program ids, and
/// convert_layout through populateConvertLayoutOpToLLVMPatterns
/// (ViewOpToLLVM.cpp).
void populateViewOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &tc,
                                  RewritePatternSet &patterns,
                                  LoweringContext &lc);
/// convert_layout: in registers, through warp shuffles or shared memory
/// (ConvertLayoutOpToLLVM.cpp).
void populateConvertLayoutOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &tc,
                                           RewritePatternSet &patterns,
                                           LoweringContext &lc);
/// tt.dot with a #ttg.blocked result: per-thread multiply-adds (the FMA
/// dot; DotOpToLLVM.cpp).
void populateDotOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &tc,
                                 RewritePatternSet &patterns,
                                 LoweringContext &lc);
/// tt.reduce (ReduceOpToLLVM.cpp).
void populateReduceOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &tc,
                                    RewritePatternSet &patterns,
                                    LoweringContext &lc);
/// tt.scan (ScanOpToLLVM.cpp).
void populateScanOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &tc,
                                  RewritePatternSet &patterns,
                                  LoweringContext &lc);
/// trans, reshape, join, split, cat, gather (ShapeOpToLLVM.cpp).
void populateShapeOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &tc,
                                   RewritePatternSet &patterns,
                                   LoweringContext &lc);
/// tt.atomic_rmw, tt.atomic_cas and tt.histogram, with the target's atomics
/// (AtomicOpToLLVM.cpp).
void populateAtomicOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &tc,
                                    RewritePatternSet &patterns,
                                    LoweringContext &lc);
/// tt.print and tt.assert, with the target's printf and assertion failure
/// (PrintOpToLLVM.cpp).
void populatePrintOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &tc,
                                   RewritePatternSet &patterns,
                                   LoweringContext &lc);
/// tt.func, tt.call and tt.return with upstream's kernel ABI
/// (FuncOpToLLVM.cpp).
void populateFuncOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &tc,
                                  RewritePatternSet &patterns,
                                  LoweringContext &lc);
/// local_alloc/dealloc/load/store, the memdesc views, barriers. Also
/// teaches `tc` the descriptor and token types (SharedMemoryOpToLLVM.cpp).
void populateSharedMemoryOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &tc,
                                          RewritePatternSet &patterns,
                                          LoweringContext &lc);
/// ttg.global_scratch_alloc: an address in the kernel's global-scratch
/// argument (GlobalScratchAllocation.cpp).
void populateGlobalScratchOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &tc,
                                           RewritePatternSet &patterns,
                                           LoweringContext &lc);

/// f32 math.exp (`scaleByLog2E`: as 2^(x * log2(e))) and math.exp2 on a
/// target's fast base-2 exponential, which `exp2` builds for an f32 value.
/// Other element types are left to the general patterns.
template <typename OpTy, bool scaleByLog2E>
struct FastExp2Conversion : public ConvertOpToLLVMPattern<OpTy> {
  using Exp2Builder = Value (*)(OpBuilder &, Location, Value);
  FastExp2Conversion(const LLVMTypeConverter &tc, Exp2Builder exp2,
                     PatternBenefit benefit)
      : ConvertOpToLLVMPattern<OpTy>(tc, benefit), exp2(exp2) {}
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op.getType().isF32())
      return failure();
    Location loc = op.getLoc();
    Value x = adaptor.getOperand();
    if (scaleByLog2E) {
      Value log2e = LLVM::ConstantOp::create(
          rewriter, loc, rewriter.getF32Type(),
          rewriter.getF32FloatAttr(1.4426950408889634f));
      x = LLVM::FMulOp::create(rewriter, loc, x, log2e);
    }
    rewriter.replaceOp(op, exp2(rewriter, loc, x));
    return success();
  }
  Exp2Builder exp2;
};

/// Extra patterns a backend adds to the common ones.
using PatternHook = function_ref<void(TritonGPUToLLVMTypeConverter &,
                                      RewritePatternSet &, LoweringContext &)>;

/// The whole TTGIR-to-LLVM conversion of `module` for `target`: the common
/// families (func, elementwise, memory, view, reduce, scan, shape, atomics,
/// print), arith, the target's own patterns, `extraPatterns`, control flow;
/// then TargetInfo::finalizeModule and the module's `ttg.shared`.
LogicalResult lowerToLLVM(ModuleOp module, const TargetInfo &target,
                          int computeCapability,
                          PatternHook extraPatterns = nullptr);

} // namespace mlir::triton::lowering

#endif // TT_CONVERSION_TRITONGPUTOLLVM_PATTERNS_H
