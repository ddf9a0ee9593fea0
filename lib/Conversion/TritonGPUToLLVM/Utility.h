//===- Utility.h - shared pieces of the TTGIR-to-LLVM lowering --*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#ifndef TT_LIB_CONVERSION_TRITONGPUTOLLVM_UTILITY_H
#define TT_LIB_CONVERSION_TRITONGPUTOLLVM_UTILITY_H

#include "tt/Analysis/AxisInfo.h"
#include "tt/Conversion/TritonGPUToLLVM/Layouts.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::triton::lowering {

/// Tensors become, in each thread, a struct of the elements its layout gives
/// that thread; !tt.ptr becomes !llvm.ptr of the same address space.
class TritonGPUToLLVMTypeConverter : public LLVMTypeConverter {
public:
  TritonGPUToLLVMTypeConverter(MLIRContext *ctx, const LowerToLLVMOptions &opts);
};

/// Facts every pattern needs about the module being lowered.
struct LoweringContext {
  ModuleAxisInfoAnalysis *axisInfo = nullptr;
  int numWarps = 4;
  int threadsPerWarp = 32;
  int computeCapability = 90;
  /// Bytes of shared memory the lowering has used so far (its high-water
  /// mark becomes the kernel's dynamic shared memory size).
  int64_t sharedBytes = 0;
};

/// Number of elements a thread holds of a tensor type.
unsigned getNumRegisters(RankedTensorType type);
/// The linear layout of `type`; reports a fatal error for unknown encodings
/// (the pass checks every type first).
tt::LinearLayout getLayout(RankedTensorType type);

SmallVector<Value> unpackLLElements(Location loc, Value llvmStruct,
                                    ConversionPatternRewriter &rewriter);
Value packLLElements(Location loc, const TypeConverter *converter,
                     ValueRange elements, ConversionPatternRewriter &rewriter,
                     Type tensorType);

Value i32Const(OpBuilder &b, Location loc, int64_t v);
Value threadId(OpBuilder &b, Location loc);
Value laneId(OpBuilder &b, Location loc, const LoweringContext &lc);
Value warpId(OpBuilder &b, Location loc, const LoweringContext &lc);

/// Tensor coordinates of each register of this thread: result[r][d].
SmallVector<SmallVector<Value>> emitIndices(OpBuilder &b, Location loc,
                                            const tt::LinearLayout &layout,
                                            const LoweringContext &lc);

/// For every register of `dst`, the register of `src` (same thread) that
/// holds the same tensor coordinate after `mapCoord` (which maps a `dst`
/// coordinate to a `src` coordinate); -1 when no such register exists.
/// Only meaningful when both layouts place lanes and warps alike.
SmallVector<int> mapRegisters(const tt::LinearLayout &src,
                              const tt::LinearLayout &dst,
                              function_ref<SmallVector<int32_t>(ArrayRef<int32_t>)> mapCoord);

/// The base of the kernel's dynamic shared memory (addrspace 3).
Value sharedBase(OpBuilder &b, Location loc, ModuleOp module);
/// A CTA-wide barrier.
void barrier(OpBuilder &b, Location loc);
/// Butterfly shuffle of a 32-bit-or-smaller scalar across the warp.
Value shuffleXor(OpBuilder &b, Location loc, Value v, int mask);

/// Converts a scalar to/from an integer of the same width (for shuffles and
/// inline assembly).
Value bitcastToInt(OpBuilder &b, Location loc, Value v);
Value bitcastFromInt(OpBuilder &b, Location loc, Value v, Type type);

/// Populates the pattern sets, one group per file.
void populateElementwiseOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &tc,
                                         RewritePatternSet &patterns,
                                         LoweringContext &lc);
void populateMemoryOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &tc,
                                    RewritePatternSet &patterns,
                                    LoweringContext &lc);
void populateViewOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &tc,
                                  RewritePatternSet &patterns,
                                  LoweringContext &lc);
void populateReduceOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &tc,
                                    RewritePatternSet &patterns,
                                    LoweringContext &lc);
void populateFuncOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &tc,
                                  RewritePatternSet &patterns,
                                  LoweringContext &lc);

} // namespace mlir::triton::lowering

#endif // TT_LIB_CONVERSION_TRITONGPUTOLLVM_UTILITY_H
