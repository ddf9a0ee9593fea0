//===- Allocation.h - shared-memory buffers, liveness and offsets -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//
//
// Every byte of a kernel's shared memory belongs to a buffer:
//  - explicit buffers, made by `ttg.local_alloc` and viewed through memory
//    descriptors (`ttg.memdesc_index`, loop-carried descriptors, ...);
//  - scratch buffers, used inside the lowering of one operation only (a
//    layout conversion, a reduction across warps, ...), sized by a callback
//    the lowering supplies.
// A buffer lives from its allocation to the last use of any descriptor
// viewing it (a use inside a loop the allocation is outside of keeps it
// alive to the end of that loop); a scratch buffer lives during its
// operation only. Buffers whose lifetimes are disjoint may share bytes: the
// allocator places the largest buffers first, each at the lowest suitably
// aligned offset no buffer alive at the same time overlaps.
//
// Functions called with `tt.call` get their own frame stacked above every
// caller's, so a callee never overlaps its callers' live buffers.
//
//===----------------------------------------------------------------------===//

#ifndef TT_ANALYSIS_ALLOCATION_H
#define TT_ANALYSIS_ALLOCATION_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"

#include <functional>

namespace mlir::triton {

/// Bytes of scratch shared memory the lowering of `op` needs while it runs;
/// 0 when it needs none.
using ScratchSizeFn = std::function<int64_t(Operation *op)>;

/// A half-open byte range [start, end) of shared memory.
struct SharedInterval {
  int64_t start = 0;
  int64_t end = 0;
  bool empty() const { return end <= start; }
  bool intersects(const SharedInterval &other) const {
    return !empty() && !other.empty() && start < other.end &&
           other.start < end;
  }
  bool operator==(const SharedInterval &o) const {
    return start == o.start && end == o.end;
  }
};

/// Which `ttg.local_alloc` buffers each shared-memory descriptor value may
/// view, following views, loop-carried values, branches and any other
/// operation that takes and returns descriptors.
class SharedMemoryAliasAnalysis {
public:
  explicit SharedMemoryAliasAnalysis(Operation *root);
  /// The allocations `value` may view (empty for values that are not
  /// shared-memory descriptors).
  ArrayRef<Operation *> getAllocs(Value value) const;
  /// Every value that may view `alloc`.
  ArrayRef<Value> getAliases(Operation *alloc) const;

private:
  llvm::DenseMap<Value, llvm::SmallSetVector<Operation *, 2>> allocs;
  llvm::DenseMap<Operation *, SmallVector<Value>> aliases;
  SmallVector<Operation *, 0> none;
  SmallVector<Value, 0> noValues;
};

/// Bytes of the buffer a `ttg.local_alloc` of this type makes.
int64_t getSharedAllocationBytes(Type memDescType);
/// Byte alignment a `ttg.local_alloc` needs: its `alignment` attribute if
/// set, else what its encoding needs (1024 for 128-byte swizzled tiles,
/// which the tensor cores address by absolute bank-phase), at least 16.
int64_t getSharedAllocationAlignment(Operation *localAlloc);

/// The shared-memory layout of a module.
class SharedMemoryAllocation {
public:
  /// Allocates every buffer of `module`. Fails (with a diagnostic) when a
  /// call graph is recursive.
  static FailureOr<SharedMemoryAllocation> run(ModuleOp module,
                                               const ScratchSizeFn &scratch);

  /// Bytes of shared memory the kernel needs (the highest end of any
  /// buffer, rounded up to 16).
  int64_t getTotalBytes() const { return total; }
  /// Offset of the buffer of a `ttg.local_alloc` or of an operation's
  /// scratch buffer; std::nullopt when `op` owns none.
  std::optional<int64_t> getOffset(Operation *op) const;
  /// Size of the buffer `op` owns (0 when none).
  int64_t getSize(Operation *op) const;
  /// First byte of the frame of a function (0 for kernels), and the end of
  /// the highest byte it or any function it calls uses.
  SharedInterval getFrame(Operation *func) const;

private:
  struct Placed {
    int64_t offset;
    int64_t size;
  };
  llvm::DenseMap<Operation *, Placed> buffers;
  llvm::DenseMap<Operation *, SharedInterval> frames;
  int64_t total = 0;
};

} // namespace mlir::triton

#endif // TT_ANALYSIS_ALLOCATION_H
