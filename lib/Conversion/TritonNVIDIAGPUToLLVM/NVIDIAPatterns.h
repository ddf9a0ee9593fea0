//===- NVIDIAPatterns.h - pieces of the NVIDIA TTGIR lowering ---*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// What the files of this directory share: inline PTX, the NVIDIA
// TargetInfo, and the pattern groups ConvertTritonGPUToLLVM.cpp puts
// together in populateTritonNVIDIAGPUToLLVMPatterns.
//
//===----------------------------------------------------------------------===//

#ifndef TT_LIB_CONVERSION_TRITONNVIDIAGPUTOLLVM_NVIDIAPATTERNS_H
#define TT_LIB_CONVERSION_TRITONNVIDIAGPUTOLLVM_NVIDIAPATTERNS_H

#include "tt/Conversion/TritonGPUToLLVM/SharedMemory.h"
#include "tt/Conversion/TritonNVIDIAGPUToLLVM/Patterns.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

namespace mlir::triton::lowering {

/// An inline-PTX statement; a void `resultType` (or null) gives no result.
Value inlineAsm(OpBuilder &b, Location loc, Type resultType, ValueRange args,
                StringRef text, StringRef constraints, bool sideEffects);

/// NVIDIA GPUs of one compute capability through NVVM and inline PTX
/// (TargetInfo.cpp; the global accesses and atomics in GlobalAccesses.cpp).
class NVIDIATargetInfo : public TargetInfo {
public:
  explicit NVIDIATargetInfo(int computeCapability)
      : computeCapability(computeCapability) {}

  StringRef getName() const override { return "nvidia"; }
  Value threadIdX(OpBuilder &b, Location loc) const override;
  Value programId(OpBuilder &b, Location loc, unsigned axis) const override;
  Value numPrograms(OpBuilder &b, Location loc, unsigned axis) const override;
  void barrier(OpBuilder &b, Location loc) const override;
  Value shuffleI32(OpBuilder &b, Location loc, Value word, ShuffleKind kind,
                   Value laneOrOffset, int clamp) const override;
  void storeShared(OpBuilder &b, Location loc, Value pred, Value addr,
                   Value v) const override;
  bool hasStoreMatrix() const override { return computeCapability >= 90; }
  void storeMatrix(OpBuilder &b, Location loc, Value address, int64_t addend,
                   ArrayRef<Value> words) const override;

  SmallVector<Value> loadGlobal(RewriterBase &b, Location loc, Value ptr,
                                Type elemType, unsigned vec, Value pred,
                                ArrayRef<Value> others,
                                const GlobalAccess &access) const override;
  void storeGlobal(RewriterBase &b, Location loc, Value ptr,
                   ArrayRef<Value> elems, Value mask, Value representative,
                   const GlobalAccess &access) const override;
  LogicalResult checkAtomic(Operation *op, Type elemType) const override;
  Value atomic(OpBuilder &b, Location loc, Operation *op, Value ptr,
               ArrayRef<Value> values, Value pred,
               Type elemType) const override;
  void incrementShared(OpBuilder &b, Location loc, Value pred,
                       Value address) const override;

  LogicalResult
  devicePrintf(RewriterBase &b, Location loc, ModuleOp module, Value format,
               ArrayRef<Value> args,
               llvm::DenseMap<Type, Value> &storage) const override;
  LogicalResult assertFail(RewriterBase &b, Location loc, ModuleOp module,
                           StringRef message, StringRef file, unsigned line,
                           StringRef function) const override;

  /// cvt for fp8 from and to f16/bf16/f32 (sm_89 on) and for rtz
  /// narrowing of f32 (ElementwiseOpToLLVM.cpp).
  Value convertFloat(OpBuilder &b, Location loc, Value src, FloatType srcType,
                     FloatType dstType, RoundingMode rounding) const override;

  std::optional<int64_t> getScratchBytes(Operation *op) const override;
  void markKernel(LLVM::LLVMFuncOp func, int numWarps,
                  int threadsPerWarp) const override;
  /// f32 atomic adds on up to four consecutive elements from sm_90 on
  /// (`atom.global.<scope>.<sem>.add.v4.f32`).
  unsigned getAtomicVectorWidth(Operation *op, Type elemType) const override;
  SmallVector<Value> atomicVector(OpBuilder &b, Location loc, Operation *op,
                                  Value ptr, ArrayRef<Value> vals, Value pred,
                                  Type elemType) const override;
  /// Host tensor descriptors: CUtensorMaps by value, and their TMA facts
  /// for the launcher in the module's ttng.tensordesc_meta.
  LogicalResult lowerKernelArguments(LLVM::LLVMFuncOp func,
                                     triton::FuncOp source) const override;
  void populatePatterns(TritonGPUToLLVMTypeConverter &tc,
                        RewritePatternSet &patterns,
                        LoweringContext &lc) const override;
  void addLegalDialects(ConversionTarget &target) const override;

private:
  int computeCapability;
};

/// f32 division and exponentials in the fast PTX forms upstream Triton
/// uses (div.full.f32, ex2.approx.f32) (ElementwiseOpToLLVM.cpp).
void populateFastMathOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &tc,
                                      RewritePatternSet &patterns);

/// ttng.warp_group_dot (wgmma), its wait and the async-proxy fence
/// (WarpGroupDotOpToLLVM.cpp).
void populateWarpGroupDotOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &tc,
                                          RewritePatternSet &patterns,
                                          LoweringContext &lc);
/// cp.async copies and their groups (AsyncCopyOpToLLVM.cpp).
void populateAsyncCopyOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &tc,
                                       RewritePatternSet &patterns,
                                       LoweringContext &lc);
/// The mbarrier operations (MBarrierOpToLLVM.cpp).
void populateMBarrierOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &tc,
                                      RewritePatternSet &patterns,
                                      LoweringContext &lc);
/// tt.dot on #ttg.nvidia_mma version 2 (mma.sync) (MmaV2DotOpToLLVM.cpp).
void populateMmaV2DotOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &tc,
                                      RewritePatternSet &patterns,
                                      LoweringContext &lc);
/// local_load of dot operands with ldmatrix (LoadMatrixOpToLLVM.cpp).
void populateLoadMatrixOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &tc,
                                        RewritePatternSet &patterns,
                                        LoweringContext &lc);
/// TMA descriptors made on the device (tensormap_create, its fence,
/// reinterpret_tensor_descriptor); teaches `tc` !tt.tensordesc
/// (TensormapOpToLLVM.cpp).
void populateTensormapOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &tc,
                                       RewritePatternSet &patterns,
                                       LoweringContext &lc);
/// TMA copies between global and shared memory, and the store wait
/// (TMAOpToLLVM.cpp).
void populateTMAOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &tc,
                                 RewritePatternSet &patterns,
                                 LoweringContext &lc);

/// The shared staging copy of a `ttng.tensormap_create` descriptor.
int64_t getTensormapCreateScratchBytes(Operation *op);

} // namespace mlir::triton::lowering

#endif // TT_LIB_CONVERSION_TRITONNVIDIAGPUTOLLVM_NVIDIAPATTERNS_H
