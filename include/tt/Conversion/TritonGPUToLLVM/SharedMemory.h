//===- SharedMemory.h - shared memory in the TTGIR-to-LLVM lowering -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//
//
// Shared memory is laid out before the lowering, by `allocate-shared-memory`
// (lib/Analysis/Allocation.cpp): each `ttg.local_alloc` and each operation
// whose lowering needs scratch space gets an `allocation.offset` attribute,
// and the module its total in `ttg.shared`. The lowering finds its bytes
// there; the scratch sizes below are the single definition both sides use.
//
// A shared-memory descriptor (`!ttg.memdesc`) becomes, in LLVM, a struct of
// i32: the byte address (in the shared window) of the view's buffer, then
// the view's offset along each of its dims inside the allocation tile (zero
// unless a `ttg.memdesc_subslice` made it).
//
//===----------------------------------------------------------------------===//

#ifndef TT_CONVERSION_TRITONGPUTOLLVM_SHAREDMEMORY_H
#define TT_CONVERSION_TRITONGPUTOLLVM_SHAREDMEMORY_H

#include "tt/Conversion/TritonGPUToLLVM/Utility.h"

#include "tt/Dialect/TritonGPU/IR/Dialect.h"

namespace mlir::triton::lowering {

//===----------------------------------------------------------------------===//
// Scratch buffers
//===----------------------------------------------------------------------===//

/// Bytes of scratch shared memory the lowering of `op` needs (0: none) for
/// `target` (null: no target, whose lowering takes no target-specific
/// path); the target sizes its own operations. The allocation callback of
/// `allocate-shared-memory`.
int64_t getScratchBytes(Operation *op, const TargetInfo *target);

/// Runs the allocation on `module` for the TargetInfo registered for its
/// `ttg.target` (lookupModuleTargetInfo): `allocation.offset` on every
/// buffer owner, `ttg.shared` on the module (what `allocate-shared-memory`
/// does).
LogicalResult allocateSharedMemory(ModuleOp module);

/// Per-operation sizes; each lowering file defines its own.
int64_t getConvertLayoutScratchBytes(gpu::ConvertLayoutOp op,
                                     const TargetInfo *target);
int64_t getReduceScratchBytes(ReduceOp op);
int64_t getScanScratchBytes(ScanOp op);
int64_t getAtomicScratchBytes(Operation *op);
int64_t getHistogramScratchBytes(HistogramOp op);
int64_t getShapeOpScratchBytes(Operation *op);
/// A scratch buffer of one region per tensor of `tensors`, each of
/// `numSlots` of its elements and 16-byte aligned (reduce and scan across
/// warps).
int64_t getRegionScratchBytes(ValueRange tensors, int64_t numSlots);

/// The i32 shared-window address of `op`'s scratch buffer, checking that
/// `bytes` fit in what was allocated for it (sized for the module's
/// registered target, as `allocate-shared-memory` does); a diagnostic and
/// failure when `allocate-shared-memory` did not run or sized it
/// differently.
FailureOr<Value> scratchAddress(OpBuilder &b, Location loc, Operation *op,
                                int64_t bytes);

/// A shared pointer to `op`'s scratch buffer (scratchAddress), checked to
/// hold `numElements` elements of `elemType` as shared memory keeps them
/// (sharedMemoryType).
FailureOr<Value> scratchPointer(OpBuilder &b, Location loc, Operation *op,
                                Type elemType, int64_t numElements);
/// `v` as shared memory keeps it (i1 zero-extended to i8), and the value of
/// type `elemType` loaded back from `addr`.
Value toSharedElement(OpBuilder &b, Location loc, Value v);
Value loadSharedElement(OpBuilder &b, Location loc, Value addr, Type elemType);
/// Moves elements between threads through `op`'s scratch buffer: after a
/// barrier every thread stores `stores[i].first` at element offset
/// `stores[i].second`, then after a second barrier loads the elements at
/// `loadOffsets`; `numSlots` elements of `elemType` must fit.
FailureOr<SmallVector<Value>>
exchangeThroughScratch(OpBuilder &b, Location loc, Operation *op,
                       Type elemType, int64_t numSlots,
                       ArrayRef<std::pair<Value, Value>> stores,
                       ArrayRef<Value> loadOffsets, const LoweringContext &lc);

/// The i32 shared-window address of byte `offset` of the kernel's shared
/// memory.
Value sharedAddress(OpBuilder &b, Location loc, ModuleOp module,
                    int64_t offset);
/// A shared pointer (addrspace 3) for an i32 shared-window address.
Value sharedPointer(OpBuilder &b, Location loc, Value address);

//===----------------------------------------------------------------------===//
// Descriptors
//===----------------------------------------------------------------------===//

struct SharedMemoryObject {
  Value address;               // i32 byte address of the buffer
  SmallVector<Value> offsets;  // i32 per dim of the view
};

Type getSharedMemoryObjectType(MLIRContext *ctx, unsigned rank);
SharedMemoryObject unpackSharedMemoryObject(OpBuilder &b, Location loc,
                                            Value llvmStruct, unsigned rank);
Value packSharedMemoryObject(OpBuilder &b, Location loc,
                             const SharedMemoryObject &smem);
/// The descriptor of `memDesc`, a !ttg.memdesc value, from `llvmStruct`,
/// what it was converted to (its rank from the memdesc type).
SharedMemoryObject unpackMemDesc(OpBuilder &b, Location loc, Value llvmStruct,
                                 Value memDesc);

/// The linear layout (offset -> tensor coordinates) of one allocation tile
/// of a descriptor type: its encoding over its allocation shape without the
/// leading dims that memdesc_index strips (rank of the view).
std::optional<tt::LinearLayout> getSharedTileLayout(gpu::MemDescType type);


//===----------------------------------------------------------------------===//
// Moving registers to and from shared memory
//===----------------------------------------------------------------------===//

/// Where each register of a distributed tensor lives in a shared buffer.
/// Registers go in groups of `vec` consecutive registers that are
/// consecutive in memory; group g starts at byte `bases[baseOf[g]] +
/// addends[g]`, where the bases are runtime values (one per distinct XOR
/// pattern the swizzle applies) and the addends constants.
struct SharedAccessPlan {
  unsigned vec = 1;
  SmallVector<Value> bases;
  SmallVector<unsigned> baseOf;
  SmallVector<int64_t> addends;
  /// Register r is a duplicate (same element as register r & ~freeRegs).
  int32_t freeRegisters = 0;
};

/// Plans the accesses of `regLayout` (register/lane/warp/block -> coords)
/// to a buffer at `smem` laid out by `tile` (offset -> coords) with
/// `elemBytes`-byte elements, vectors at most `maxVecBytes` bytes (and at
/// most `maxVecElems` elements). Views with nonzero offsets
/// (`hasOffsets`) are supported with scalar accesses.
FailureOr<SharedAccessPlan>
planSharedAccess(OpBuilder &b, Location loc, const tt::LinearLayout &regLayout,
                 const tt::LinearLayout &tile, const SharedMemoryObject &smem,
                 bool hasOffsets, unsigned elemBytes, unsigned maxVecBytes,
                 unsigned maxVecElems, const LoweringContext &lc);

/// Stores `values` (consecutive elements, one vector access) at the i32
/// shared address `address` plus `addend` bytes.
void storeShared(OpBuilder &b, Location loc, Value address, int64_t addend,
                 ArrayRef<Value> values);
/// The same in two steps: the data as one access (an i32, a vector of
/// i32, or the elements), then the store. Packing early (before a barrier)
/// lets wide registers die before the shared-memory round trip.
Value packSharedStore(OpBuilder &b, Location loc, ArrayRef<Value> values);
void storeSharedPacked(OpBuilder &b, Location loc, Value address,
                       int64_t addend, Value packed);
/// Loads `count` consecutive elements of `elemType` likewise.
SmallVector<Value> loadShared(OpBuilder &b, Location loc, Value address,
                              int64_t addend, Type elemType, unsigned count);

/// Loads registers [0, numRegs) of `elemType` with the accesses of `plan`,
/// `plan.vec` registers each.
SmallVector<Value> loadPlanned(OpBuilder &b, Location loc,
                               const SharedAccessPlan &plan, unsigned numRegs,
                               Type elemType);
/// Byte addresses of accesses of whole 16-byte chunks (linear over GF(2) in
/// chunk units): lane bit i moves the chunk by `laneChunks[i]`, warp bit i
/// by `warpChunks[i]`, and access g adds `regChunks[g]`. One runtime base
/// (`scratch` plus the lane and warp part) per distinct part of the
/// register chunks that lanes and warps may also flip; the rest becomes
/// the constant addend of access g.
void planChunkAccess(OpBuilder &b, Location loc, Value scratch,
                     ArrayRef<int64_t> laneChunks, ArrayRef<int64_t> warpChunks,
                     ArrayRef<int64_t> regChunks, const LoweringContext &lc,
                     SmallVector<Value> &bases, SmallVector<unsigned> &baseOf,
                     SmallVector<int64_t> &addends);
/// Stores the 32-bit pair `words` of a 16-bit tensor as 8x8 matrices with
/// TargetInfo::storeMatrix (stmatrix; only where hasStoreMatrix): x =
/// words.size() / groupChunks.size() matrices per instruction, instruction
/// g taking words [g x, g x + x). Lane l names row l % 8 of matrix l / 8:
/// its 16-byte chunk is the XOR of `rowChunks[i]` over the set bits i of l
/// (three row bits, then log2(x) matrix bits), of `warpChunks` likewise
/// and of `groupChunks[g]`, from `base`.
void storeMatrixChunks(OpBuilder &b, Location loc, Value base,
                       ArrayRef<int64_t> rowChunks, ArrayRef<int64_t> warpChunks,
                       ArrayRef<int64_t> groupChunks, ArrayRef<Value> words,
                       const LoweringContext &lc);

} // namespace mlir::triton::lowering

#endif // TT_CONVERSION_TRITONGPUTOLLVM_SHAREDMEMORY_H
