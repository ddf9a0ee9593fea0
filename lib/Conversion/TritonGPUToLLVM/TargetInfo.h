//===- TargetInfo.h - what the TTGIR-to-LLVM lowering asks a GPU -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The common lowering (this directory) reasons about layouts, registers and
// shared memory the same way for every GPU; the few things that differ
// between NVIDIA (NVVM, inline PTX) and AMD (ROCDL, LLVM memory operations)
// are asked of a TargetInfo:
//
//   - thread, program and grid indices;
//   - the CTA-wide barrier and the cross-lane shuffle of a 32-bit word;
//   - predicated global loads and stores, predicated shared stores;
//   - the kernel attributes (launch bounds) of a lowered tt.func;
//   - the math patterns and legal dialects of the target, and a last look at
//     the module once the conversion succeeded.
//
// NVIDIATargetInfo lives here (it is what convert-triton-gpu-to-llvm uses);
// the AMD one lives in lib/Conversion/TritonAMDGPUToLLVM.
//
// The helpers of Utility.h that take no LoweringContext (threadId, barrier,
// shuffle, predicatedSharedStore) ask TargetInfo::current(), the target of
// the lowering running on this thread, so that patterns written before
// targets existed, and patterns that do not care, stay target-neutral.
//
//===----------------------------------------------------------------------===//

#ifndef TT_LIB_CONVERSION_TRITONGPUTOLLVM_TARGETINFO_H
#define TT_LIB_CONVERSION_TRITONGPUTOLLVM_TARGETINFO_H

#include "tt/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
class ConversionTarget;
} // namespace mlir

namespace mlir::triton::lowering {

class TritonGPUToLLVMTypeConverter;
struct LoweringContext;

class TargetInfo {
public:
  virtual ~TargetInfo();

  /// "nvidia" or "amd", for messages.
  virtual StringRef getName() const = 0;
  /// True for the NVIDIA target, whose memory operations, atomics and
  /// printing are written as inline PTX by the common patterns.
  virtual bool isNVIDIA() const { return false; }

  /// The thread's index in the CTA (x only: kernels are launched 1-D).
  virtual Value threadIdX(OpBuilder &b, Location loc) const = 0;
  /// tt.get_program_id / tt.get_num_programs along `axis` (0, 1, 2).
  virtual Value programId(OpBuilder &b, Location loc, unsigned axis) const = 0;
  virtual Value numPrograms(OpBuilder &b, Location loc,
                            unsigned axis) const = 0;

  /// A CTA-wide execution barrier that also orders shared-memory accesses.
  virtual void barrier(OpBuilder &b, Location loc) const = 0;

  /// Shuffles the i32 `word` across the lanes of a warp. `kind` and
  /// `laneOrOffset` as NVIDIA's shfl.sync: bfly takes an XOR mask, idx a
  /// source lane, up/down a lane delta (a lane whose source falls outside
  /// the warp keeps its own value); `clamp` is PTX's c operand.
  virtual Value shuffleI32(OpBuilder &b, Location loc, Value word,
                           NVVM::ShflKind kind, Value laneOrOffset,
                           int clamp) const = 0;

  /// Stores `v` at the shared-memory address `addr` in the threads where
  /// the i1 `pred` is set.
  virtual void storeShared(OpBuilder &b, Location loc, Value pred, Value addr,
                           Value v) const = 0;

  /// Whether storeMatrix exists on a GPU of `computeCapability` (NVIDIA's
  /// stmatrix: sm_90 and later). Never on other targets.
  virtual bool hasStoreMatrix(int computeCapability) const { return false; }
  /// `stmatrix.sync.aligned.m8n8.x{1,2,4}.shared.b16` for 1, 2 or 4 i32
  /// `words`: lane l gives the i32 shared-window `address` (plus `addend`
  /// bytes) of the 16-byte row l % 8 of matrix l / 8, and word i of lane l
  /// the two 16-bit elements (low half first) of row l / 4, columns
  /// 2 (l % 4) and 2 (l % 4) + 1 of matrix i. Only called when
  /// hasStoreMatrix is true.
  virtual void storeMatrix(OpBuilder &b, Location loc, Value address,
                           int64_t addend, ArrayRef<Value> words) const;

  /// Loads `vec` consecutive elements of `elemType` from the global pointer
  /// `ptr` (aligned to the whole access) where `pred` is set (a null `pred`:
  /// everywhere); masked-off threads get `others` (zeros when empty). Only
  /// called when !isNVIDIA(): the NVIDIA patterns write their PTX themselves.
  virtual SmallVector<Value> loadGlobal(RewriterBase &b, Location loc, Value ptr,
                                        Type elemType, unsigned vec,
                                        Value pred, ArrayRef<Value> others,
                                        bool isVolatile) const;
  /// Stores `elems` (consecutive, aligned) at `ptr` where `pred` is set.
  virtual void storeGlobal(RewriterBase &b, Location loc, Value ptr,
                           ArrayRef<Value> elems, Value pred) const;

  /// Gives a lowered kernel its target attributes (calling convention,
  /// launch bounds of numWarps * threadsPerWarp threads).
  virtual void markKernel(LLVM::LLVMFuncOp func, int numWarps,
                          int threadsPerWarp) const = 0;

  /// Adds the target's own patterns (math functions, fast paths).
  virtual void populatePatterns(TritonGPUToLLVMTypeConverter &tc,
                                RewritePatternSet &patterns,
                                LoweringContext &lc) const {}
  /// Marks the target's intrinsic dialects legal.
  virtual void addLegalDialects(ConversionTarget &target) const = 0;
  /// Called once the whole module is in the LLVM dialect; `sharedBytes` is
  /// what the lowering used of shared memory.
  virtual LogicalResult finalizeModule(ModuleOp module,
                                       int64_t sharedBytes) const {
    return success();
  }

  /// The target of the lowering running on this thread; NVIDIA when none is.
  static const TargetInfo &current();

  /// Makes a target current for its lifetime (lowerToLLVM sets it).
  class Scope {
  public:
    explicit Scope(const TargetInfo &target);
    ~Scope();
    Scope(const Scope &) = delete;
    Scope &operator=(const Scope &) = delete;

  private:
    const TargetInfo *previous;
  };
};

/// NVIDIA GPUs through NVVM and inline PTX.
const TargetInfo &getNVIDIATargetInfo();

/// Extra patterns a backend adds to the common ones.
using PatternHook = function_ref<void(TritonGPUToLLVMTypeConverter &,
                                      RewritePatternSet &, LoweringContext &)>;

/// The whole TTGIR-to-LLVM conversion of `module` for `target`: the common
/// patterns, `extraPatterns`, then TargetInfo::finalizeModule and the
/// module's `ttg.shared`. convert-triton-gpu-to-llvm (NVIDIA) and
/// convert-triton-amdgpu-to-llvm both run it.
LogicalResult lowerToLLVM(ModuleOp module, const TargetInfo &target,
                          int computeCapability,
                          PatternHook extraPatterns = nullptr);

} // namespace mlir::triton::lowering

#endif // TT_LIB_CONVERSION_TRITONGPUTOLLVM_TARGETINFO_H
