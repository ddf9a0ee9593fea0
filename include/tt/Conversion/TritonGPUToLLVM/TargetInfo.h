//===- TargetInfo.h - what the TTGIR-to-LLVM lowering asks a GPU -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The common lowering (lib/Conversion/TritonGPUToLLVM) reasons about
// layouts, registers and shared memory the same way for every GPU; what
// differs between GPUs is asked of a TargetInfo:
//
//   - thread, program and grid indices;
//   - the CTA-wide barrier and the cross-lane shuffle of a 32-bit word;
//   - predicated global loads and stores, predicated shared stores, the
//     matrix store to shared memory where the GPU has one;
//   - atomics, device printf and assertions;
//   - the shared-memory scratch of the target's own operations;
//   - the kernel attributes (launch bounds) of a lowered tt.func;
//   - native float conversions (fp8 cvt) where the GPU has them;
//   - the math patterns and legal dialects of the target, and a last look at
//     the module once the conversion succeeded.
//
// Each backend implements it in its own library: NVIDIA's in
// lib/Conversion/TritonNVIDIAGPUToLLVM, AMD's in
// lib/Conversion/TritonAMDGPUToLLVM. The patterns find it in their
// LoweringContext. The passes that size shared memory before the lowering
// (allocate-shared-memory, insert-shared-memory-barriers) have no lowering
// running; they find the TargetInfo of the module's `ttg.target` among those
// the backends registered (registerTargetInfo).
//
//===----------------------------------------------------------------------===//

#ifndef TT_CONVERSION_TRITONGPUTOLLVM_TARGETINFO_H
#define TT_CONVERSION_TRITONGPUTOLLVM_TARGETINFO_H

#include "tt/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/DenseMap.h"

#include <optional>

namespace mlir {
class ConversionTarget;
} // namespace mlir

namespace mlir::triton::lowering {

class TritonGPUToLLVMTypeConverter;
struct LoweringContext;

/// How a warp shuffle picks the lane each lane reads (as NVIDIA's shfl.sync
/// modes): `Bfly` an XOR mask, `Idx` a source lane, `Up`/`Down` a lane delta
/// (a lane whose source falls outside the warp keeps its own value).
enum class ShuffleKind { Bfly, Idx, Up, Down };

/// The cache and eviction hints and volatility of a tt.load / tt.store.
struct GlobalAccess {
  CacheModifier cache = CacheModifier::NONE;
  EvictionPolicy evict = EvictionPolicy::NORMAL;
  bool isVolatile = false;
};

class TargetInfo {
public:
  virtual ~TargetInfo();

  /// "nvidia" or "amd", for messages.
  virtual StringRef getName() const = 0;

  /// The thread's index in the CTA (x only: kernels are launched 1-D).
  virtual Value threadIdX(OpBuilder &b, Location loc) const = 0;
  /// tt.get_program_id / tt.get_num_programs along `axis` (0, 1, 2).
  virtual Value programId(OpBuilder &b, Location loc, unsigned axis) const = 0;
  virtual Value numPrograms(OpBuilder &b, Location loc,
                            unsigned axis) const = 0;

  /// A CTA-wide execution barrier that also orders shared-memory accesses.
  virtual void barrier(OpBuilder &b, Location loc) const = 0;

  /// Shuffles the i32 `word` across the lanes of a warp, `laneOrOffset` as
  /// `kind` says; `clamp` is the c operand of NVIDIA's shfl.sync (0 for up,
  /// 0x1f otherwise).
  virtual Value shuffleI32(OpBuilder &b, Location loc, Value word,
                           ShuffleKind kind, Value laneOrOffset,
                           int clamp) const = 0;

  /// Stores `v` at the shared-memory address `addr` in the threads where
  /// the i1 `pred` is set.
  virtual void storeShared(OpBuilder &b, Location loc, Value pred, Value addr,
                           Value v) const = 0;

  /// Whether storeMatrix exists (NVIDIA's stmatrix: sm_90 and later).
  virtual bool hasStoreMatrix() const { return false; }
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
  /// everywhere); masked-off threads get `others` (zeros when empty). The
  /// default branches around a vectorized LLVM load.
  virtual SmallVector<Value> loadGlobal(RewriterBase &b, Location loc,
                                        Value ptr, Type elemType, unsigned vec,
                                        Value pred, ArrayRef<Value> others,
                                        const GlobalAccess &access) const;
  /// Stores `elems` (consecutive, aligned) at `ptr` where both `mask` and
  /// `representative` are set (either may be null: no condition). The
  /// default branches around a vectorized LLVM store.
  virtual void storeGlobal(RewriterBase &b, Location loc, Value ptr,
                           ArrayRef<Value> elems, Value mask,
                           Value representative,
                           const GlobalAccess &access) const;

  /// Checks that the target lowers the atomics of `op` (tt.atomic_rmw,
  /// tt.atomic_cas or tt.histogram) on elements of `elemType`; a diagnostic
  /// on `op` and failure otherwise (the default: none are).
  virtual LogicalResult checkAtomic(Operation *op, Type elemType) const;
  /// One element of the atomic `op` (tt.atomic_rmw or tt.atomic_cas, which
  /// checkAtomic accepted): `values` its data operands ({val}, or {cmp,
  /// val}) at the global pointer `ptr`, made where `pred` is set (null:
  /// everywhere); threads that skip it get 0. Returns the old value.
  virtual Value atomic(OpBuilder &b, Location loc, Operation *op, Value ptr,
                       ArrayRef<Value> values, Value pred,
                       Type elemType) const;
  /// Elements at consecutive addresses one instruction of the atomic_rmw
  /// `op` can update (1: one at a time, the default).
  virtual unsigned getAtomicVectorWidth(Operation *op, Type elemType) const {
    return 1;
  }
  /// `vals.size()` (at most getAtomicVectorWidth) consecutive elements of
  /// the atomic_rmw `op` from the global pointer `ptr` in one instruction,
  /// where `pred` is set (null: everywhere); returns the old values (0 where
  /// skipped).
  virtual SmallVector<Value> atomicVector(OpBuilder &b, Location loc,
                                          Operation *op, Value ptr,
                                          ArrayRef<Value> vals, Value pred,
                                          Type elemType) const {
    llvm_unreachable("the target has no vector atomics");
  }
  /// Atomically adds 1 to the i32 at the shared-window address `address`
  /// where `pred` is set (tt.histogram's bins).
  virtual void incrementShared(OpBuilder &b, Location loc, Value pred,
                               Value address) const;

  /// Prints with the device printf: `format` (a generic pointer to a C
  /// string) and `args` promoted as C varargs are. `storage` lives as long
  /// as the tt.print being lowered, for the target to reuse what it
  /// allocates for the arguments. The default emits an error and fails.
  virtual LogicalResult
  devicePrintf(RewriterBase &b, Location loc, ModuleOp module, Value format,
               ArrayRef<Value> args,
               llvm::DenseMap<Type, Value> &storage) const;
  /// Reports a failed tt.assert (`message`, where it is in the source) and
  /// stops the thread; the insertion point is in the block that runs only
  /// then. The default emits an error and fails.
  virtual LogicalResult assertFail(RewriterBase &b, Location loc,
                                   ModuleOp module, StringRef message,
                                   StringRef file, unsigned line,
                                   StringRef function) const;

  /// Bytes of scratch shared memory the lowering of `op`, an operation of
  /// the target's own (a ttng one, say), needs; std::nullopt for those the
  /// common lowering sizes.
  virtual std::optional<int64_t> getScratchBytes(Operation *op) const {
    return std::nullopt;
  }

  /// Gives a lowered kernel its target attributes (calling convention,
  /// launch bounds of numWarps * threadsPerWarp threads).
  virtual void markKernel(LLVM::LLVMFuncOp func, int numWarps,
                          int threadsPerWarp) const = 0;

  /// Gives the kernel arguments of `source` that the launcher passes in a
  /// form of the target's own their attributes in `func` (NVIDIA: host
  /// tensor descriptors, 128-byte CUtensorMaps by value), or says on
  /// `source` why it cannot. By default there are none.
  virtual LogicalResult lowerKernelArguments(LLVM::LLVMFuncOp func,
                                             triton::FuncOp source) const {
    return success();
  }

  /// The target's own instruction for the scalar float conversion of `src`
  /// (an LLVM value of the lowered `srcType`: fp8 values are i8) to
  /// `dstType`, rounding as `rounding` says; null where it has none, and the
  /// common lowering then emits its target-neutral integer sequence, which
  /// rounds the same (FloatConversions.cpp).
  virtual Value convertFloat(OpBuilder &b, Location loc, Value src,
                             FloatType srcType, FloatType dstType,
                             RoundingMode rounding) const {
    return Value();
  }

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
};

/// What a backend gives for one of its `ttg.target` strings ("cuda:90"):
/// its TargetInfo, or null for a target it does not know.
using TargetInfoLookup = const TargetInfo *(*)(StringRef target);

/// Makes `lookup` answer for the targets "<prefix>:..." ("cuda", "hip").
/// Backends call it when a tool registers them; registering a prefix again
/// replaces its lookup.
void registerTargetInfo(StringRef prefix, TargetInfoLookup lookup);

/// The registered TargetInfo of `target`; null when no backend registered
/// its prefix or the backend does not know it.
const TargetInfo *lookupTargetInfo(StringRef target);

/// The same for the `ttg.target` of `op`'s module (or of `op`, a module);
/// null when there is none.
const TargetInfo *lookupModuleTargetInfo(Operation *op);

} // namespace mlir::triton::lowering

#endif // TT_CONVERSION_TRITONGPUTOLLVM_TARGETINFO_H
