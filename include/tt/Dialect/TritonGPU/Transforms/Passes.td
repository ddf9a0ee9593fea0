//===- Passes.td - TTGIR layout passes -----------------------*- tablegen -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Pass names and options follow upstream Triton 3.6.
//
//===----------------------------------------------------------------------===//

#ifndef TT_DIALECT_TRITONGPU_TRANSFORMS_PASSES_TD
#define TT_DIALECT_TRITONGPU_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TritonGPUCoalesce : Pass<"tritongpu-coalesce", "mlir::ModuleOp"> {
  let summary = "give each global memory access the layout that coalesces it";
  let description = [{
    For every load, store and atomic through a tensor of pointers, picks a
    `#ttg.blocked` layout whose fastest dimension is the pointer tensor's most
    contiguous one (per the AxisInfo analysis) and whose `sizePerThread`
    along it is the widest vector the known alignment and contiguity allow
    (at most 128 bits, and no more than the tensor has elements per
    thread). Consecutive lanes then touch consecutive vectors, so a warp's
    accesses coalesce into few memory transactions. Operands are converted
    to the new layout and results converted back; run
    `tritongpu-remove-layout-conversions` afterwards to propagate the new
    layouts and drop the conversions.
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
}

def TritonGPURemoveLayoutConversions
    : Pass<"tritongpu-remove-layout-conversions", "mlir::ModuleOp"> {
  let summary = "propagate layouts to remove ttg.convert_layout operations";
  let description = [{
    Removes layout conversions where recomputing values in another layout is
    cheaper than moving them between threads:
    - conversions of values that are cheap to recompute (constants, splats,
      ranges and the elementwise, broadcast and expand_dims operations over
      them) are replaced by recomputing the whole chain in the wanted layout;
    - conversions feeding elementwise operations and reductions are moved
      past them, so the operation runs in its operand's layout (for
      reductions, a `#ttg.slice` of it), when that removes conversions;
    - chains of conversions collapse, and conversions to the same layout
      vanish.
    The result computes the same values; what changes is which thread holds
    which element.
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
}


def TritonGPUReduceDataDuplication
    : Pass<"tritongpu-reduce-data-duplication", "mlir::ModuleOp"> {
  let summary = "stage conversions to dot-operand layouts through shared memory";
  let description = [{
    A `#ttg.dot_op` layout holds each operand element in several threads (a
    row of A is needed by every thread computing that row of the result).
    Converting to it directly from a distributed layout would shuffle those
    duplicates register to register. This pass rewrites each such
    `ttg.convert_layout` into a `ttg.local_alloc` of the source into shared
    memory (a swizzled layout chosen to avoid bank conflicts for the
    operand's access pattern) followed by a `ttg.local_load` into the
    dot-operand layout, so every element is written once and read by each
    thread that needs it.
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
}

def TritonGPUOptimizeThreadLocality
    : Pass<"tritongpu-optimize-thread-locality", "mlir::ModuleOp"> {
  let summary = "accumulate elementwise in a loop and reduce once after it";
  let description = [{
    A loop that reduces a tile every iteration and folds the result into a
    loop-carried scalar or row (`acc = acc + sum(x, axis)`) pays a
    cross-thread reduction (shuffles, shared memory, barriers) per
    iteration. When the accumulation uses the reduction's own combining
    operation (add, max, min), the loop can instead carry the whole tile,
    combine elementwise in each thread, and reduce once after the loop:
    `acc0 + sum(sum_i x_i)`. The pass does this when the tile is small
    enough per thread (at most 64 elements) that carrying it costs fewer
    registers than it saves in communication.
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
}

#endif // TT_DIALECT_TRITONGPU_TRANSFORMS_PASSES_TD
