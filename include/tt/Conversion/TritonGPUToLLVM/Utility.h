//===- Utility.h - shared pieces of the TTGIR-to-LLVM lowering --*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The type converter, the facts every pattern is given (LoweringContext)
// and the helpers the pattern families of the common lowering and of the
// backends share: element (un)packing, thread coordinates, shuffles,
// barriers, global strings.
//
//===----------------------------------------------------------------------===//

#ifndef TT_CONVERSION_TRITONGPUTOLLVM_UTILITY_H
#define TT_CONVERSION_TRITONGPUTOLLVM_UTILITY_H

#include "tt/Analysis/AxisInfo.h"
#include "tt/Conversion/TritonGPUToLLVM/TargetInfo.h"
#include "tt/Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::triton::nvidia_gpu {}

namespace mlir::triton::lowering {

/// The dialect namespaces, as the lowering files spell them.
namespace ttg = mlir::triton::gpu;
namespace ttng = mlir::triton::nvidia_gpu;

/// Tensors become, in each thread, a struct of the elements its layout gives
/// that thread; !tt.ptr becomes !llvm.ptr of the same address space.
class TritonGPUToLLVMTypeConverter : public LLVMTypeConverter {
public:
  TritonGPUToLLVMTypeConverter(MLIRContext *ctx, const LowerToLLVMOptions &opts);
};

/// Facts every pattern needs about the module being lowered.
struct LoweringContext {
  ModuleAxisInfoAnalysis *axisInfo = nullptr;
  /// The GPU being lowered for (see TargetInfo.h); lowerToLLVM sets it.
  const TargetInfo *target = nullptr;
  int numWarps = 4;
  int threadsPerWarp = 32;
  int computeCapability = 90;
  /// Bytes of shared memory the lowering has used so far (its high-water
  /// mark becomes the kernel's dynamic shared memory size).
  int64_t sharedBytes = 0;
};

/// A pattern of the lowering that needs the facts of the module being
/// lowered (lc).
template <typename OpTy>
struct LoweringPattern : public ConvertOpToLLVMPattern<OpTy> {
  LoweringPattern(TritonGPUToLLVMTypeConverter &tc, LoweringContext &lc,
                  PatternBenefit benefit = 1)
      : ConvertOpToLLVMPattern<OpTy>(tc, benefit), lc(lc) {}
  LoweringContext &lc;
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
/// Bit `bit` of the i32 `v`, as 0 or 1.
Value extractBit(OpBuilder &b, Location loc, Value v, unsigned bit);
/// `acc` ^ (bit `bit` of the i32 `hw`) * `value`: one term of a linear map
/// over GF(2) applied to a runtime id.
Value xorIfBitSet(OpBuilder &b, Location loc, Value acc, Value hw, unsigned bit,
                  int64_t value);

/// Clones the ops of the one-block region body `block` at `b`'s insertion
/// point with its arguments bound to `args`; the values its terminator
/// yields (a reduce or scan combiner, a map_elementwise body).
SmallVector<Value> inlineBlock(OpBuilder &b, Block &block, ValueRange args);
Value threadId(OpBuilder &b, Location loc, const LoweringContext &lc);
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
void barrier(OpBuilder &b, Location loc, const LoweringContext &lc);
/// Butterfly shuffle of a 32-bit-or-smaller scalar across the warp.
Value shuffleXor(OpBuilder &b, Location loc, Value v, int mask,
                 const LoweringContext &lc);

/// A warp shuffle of any scalar (64-bit values travel as two halves, narrower
/// ones widened to 32 bits): `kind` up/down take a lane delta, bfly an XOR
/// mask, idx a source lane; `clamp` is as TargetInfo::shuffleI32's (0 for
/// up, 0x1f otherwise).
Value shuffle(OpBuilder &b, Location loc, Value v, ShuffleKind kind,
              Value laneOrOffset, int clamp, const LoweringContext &lc);

/// Converts a scalar to/from an integer of the same width (for shuffles and
/// inline assembly).
Value bitcastToInt(OpBuilder &b, Location loc, Value v);
Value bitcastFromInt(OpBuilder &b, Location loc, Value v, Type type);

/// `values` (scalars of one type, `perWord` of them in 32 bits) packed
/// into i32 words, `perWord` consecutive values each (for inline assembly
/// that takes f16x2 or 8-bit x4 registers).
SmallVector<Value> packWords(OpBuilder &b, Location loc,
                             ArrayRef<Value> values, unsigned perWord);
/// The inverse of packWords: the `elemType` scalars of i32 `words`.
SmallVector<Value> unpackWords(OpBuilder &b, Location loc,
                               ArrayRef<Value> words, Type elemType,
                               unsigned perWord);

/// Tensor coordinate of register `r` with lane, warp and block 0.
SmallVector<int32_t> registerCoord(const tt::LinearLayout &layout, unsigned r);

/// True for the one copy of each element that several threads hold (the
/// lane and warp bits `layout` does not use are 0); null when no element is
/// duplicated across threads. Registers that duplicate others are found with
/// `layout.getFreeVariableMask(tt::kRegister)`.
Value isRepresentative(OpBuilder &b, Location loc, const tt::LinearLayout &layout,
                       const LoweringContext &lc);

/// A shared-memory store only the threads with `pred` set make
/// (TargetInfo::storeShared).
void predicatedSharedStore(OpBuilder &b, Location loc, Value pred, Value addr,
                           Value v, const LoweringContext &lc);

/// Row-major offset of `coord` in a tensor of `shape` (i32 arithmetic).
Value linearize(OpBuilder &b, Location loc, ArrayRef<Value> coord,
                ArrayRef<int64_t> shape);

/// The type an element of `elemType` has in shared memory (i1 as i8) and
/// its size in bytes (pointers, !tt.ptr or !llvm.ptr, take 8; other types
/// at least 1).
Type sharedMemoryType(OpBuilder &b, Type elemType);
unsigned sharedMemoryBytes(Type memType);

/// A constant NUL-terminated string global (internal linkage, named
/// `prefix` plus a unique suffix) and a generic pointer to it.
Value globalString(OpBuilder &b, Location loc, ModuleOp module,
                   StringRef prefix, StringRef contents);

/// Finds or declares the external function `name` of type `type`.
LLVM::LLVMFuncOp getOrDeclareFunction(OpBuilder &b, ModuleOp module,
                                      StringRef name,
                                      LLVM::LLVMFunctionType type);

/// Register moves for ops that only relabel coordinates (trans, reshape,
/// join, split, cat). `mapCoord` sends a result coordinate to (operand,
/// operand coordinate) and must be affine over GF(2) (bit permutations,
/// projections, constant bits), as all these ops are for power-of-two
/// shapes. When every lane, warp and block basis of `dst` maps onto the same
/// basis of the operands, returns, for each result register, the operand
/// and operand register holding its element; std::nullopt when data must
/// cross threads.
using OperandCoord = std::pair<unsigned, SmallVector<int32_t>>;
std::optional<SmallVector<std::pair<unsigned, unsigned>>> mapRegistersAcross(
    ArrayRef<tt::LinearLayout> srcs, const tt::LinearLayout &dst,
    function_ref<OperandCoord(ArrayRef<int32_t>)> mapCoord);

/// Elements of one global access through the tensor of pointers `ptr`
/// (masked by `mask`, may be null) in registers of `layout`: consecutive
/// registers on consecutive, aligned addresses under one mask value, at most
/// 16 bytes of `elem` (a power of two, at least 1).
unsigned getAccessVectorWidth(Value ptr, Value mask,
                              const tt::LinearLayout &layout, Type elem,
                              const LoweringContext &lc);

/// Lays out the per-program global scratch memory of `module` (what
/// tritongpu-global-scratch-memory-allocation does): an offset on every
/// ttg.global_scratch_alloc, the slice size and alignment on the module.
LogicalResult allocateGlobalScratchMemory(ModuleOp module);

} // namespace mlir::triton::lowering

#endif // TT_CONVERSION_TRITONGPUTOLLVM_UTILITY_H
