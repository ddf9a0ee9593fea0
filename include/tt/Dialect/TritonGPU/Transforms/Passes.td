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
  let summary = "reduce in registers inside a loop, across threads once after it";
  let description = [{
    A loop that reduces a tile every iteration and folds the result into a
    loop-carried accumulator (`acc = acc + sum(x, axis=1)`) pays a
    cross-thread reduction (shuffles, shared memory, barriers) per
    iteration. When the tile's layout is blocked, the reduced axis is the
    fastest in its order, each thread holds e > 1 consecutive elements
    along it and lanes or warps share it, and the accumulation uses the
    reduction's own combining operation with a known neutral element (add,
    mul, max, min, and, or, xor on integers or floats), the pass splits the
    work:

    - in the loop, `tt.reshape %x allow_reorder efficient_layout` views the
      [M, N] tile as [M, N/e, e] in a blocked layout that keeps the lanes
      and warps on the first two dimensions and gives the e elements their
      own, fastest dimension (the same registers: the reshape is free); a
      `tt.reduce` over that dimension combines each thread's e elements
      without communication into a loop-carried [M, N/e] partial result,
      which starts at the neutral element;
    - after the loop, one `tt.reduce` over the original axis of the partial
      result, combined with the accumulator's initial value.

    The loop carries 1/e of the tile per thread and communicates nothing.
    Rank-1 tiles reduced to a scalar are split the same way ([N] becomes
    [N/e, e]).
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
}

def TritonGPUF32DotTC : Pass<"tritongpu-F32DotTC", "mlir::ModuleOp"> {
  let summary = "compute error-compensated f32 dots as several tensor-core dots";
  let description = [{
    A `tt.dot` of f32 operands whose `inputPrecision` is `tf32x3`, `bf16x3`
    or `bf16x6` asks for close to f32 accuracy from 19-bit (tf32) or 16-bit
    (bf16) tensor-core products. Each operand `x` is split into a leading
    part and residuals that sum to it (almost) exactly:
    - `tf32x3`: `big = cvt.rna.tf32.f32(x)` (round to nearest, ties away,
      through `tt.elementwise_inline_asm`) and `small = x - big`, both kept
      in f32 and multiplied by `inputPrecision = tf32` dots;
    - `bf16x3`: `hi = truncf(x)` and `mid = truncf(x - extf(hi))` in bf16;
    - `bf16x6`: also `lo = truncf(x - extf(hi) - extf(mid))`.
    The dot becomes the sum of the cross products whose magnitude matters,
    smallest first, accumulated from zero: `small*big + big*small`
    (`bf16x6`: `mid*mid + lo*hi + hi*lo + mid*hi + hi*mid`). A NaN in that
    sum (from `inf - inf` in the residual of an infinite input) is replaced
    by zero, then `big*big` is accumulated on top, so infinities and NaNs
    of the inputs reach the result through the leading term alone. The
    original accumulator is added last. Dots already in a `#ttg.dot_op`
    layout are split before their operand conversion, each part converted
    on its own, so that `tritongpu-accelerate-matmul` turns every new dot
    into a wgmma or mma.sync.

    `tf32x3` needs PTX (`cvt.rna.tf32.f32`, sm_80 on): it is rewritten only
    with `emu-tf32`, which is refused for a module whose `ttg.target` is
    not `cuda:80` or later; without it such dots are left alone (they stay
    on FMA). Other dots (f16/bf16/fp8/integer operands, `tf32`, `ieee`) are
    never touched.
  }];
  let options = [
    Option<"emuTF32", "emu-tf32", "bool", /*default=*/"false",
           "rewrite tf32x3 dots too (NVIDIA PTX rounding to tf32)">
  ];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect",
                           "mlir::arith::ArithDialect"];
}

def TritonGPUAccelerateMatmul
    : Pass<"tritongpu-accelerate-matmul", "mlir::ModuleOp"> {
  let summary = "move tt.dot onto NVIDIA tensor cores (mma.sync or wgmma)";
  let description = [{
    Gives every `tt.dot` that still accumulates in a `#ttg.blocked` layout
    a tensor-core form, chosen from the module's `ttg.target`:
    - on `cuda:90`, when wgmma can take the dot (2-D, M a multiple of 64,
      N of 8, whole warp groups, f16/bf16/tf32/fp8/i8 operands at least one
      instruction deep), a `ttng.warp_group_dot` whose operands are stored
      to shared memory by `ttg.local_alloc` (a `#ttg.nvmma_shared` layout
      with the widest swizzle the contiguous dimension allows; tf32, fp8 and
      i8 operands are stored K-major, i.e. B `transposed`) and whose
      accumulator has a version 3 `#ttg.nvidia_mma` layout with
      `instrShape = [16, N, K]`;
    - otherwise on `cuda:80` and later, a `tt.dot` with a version 2
      `#ttg.nvidia_mma` accumulator (`instrShape = [16, 8]`) and operands
      converted to `#ttg.dot_op` layouts of it (`kWidth` = 32 bits of K).
    Warps are spread over the tile as upstream Triton does (for wgmma, groups
    of four along M first). The accumulator is converted into the MMA layout
    before the new dot and the result converted back after it;
    `tritongpu-remove-layout-conversions` then carries the MMA layout through
    the loop. Other targets, and dots these instructions cannot compute
    (e.g. f32 with `inputPrecision = ieee`), are left alone.
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect",
                           "mlir::triton::nvidia_gpu::TritonNvidiaGPUDialect"];
}

def TritonGPUOptimizeDotOperands
    : Pass<"tritongpu-optimize-dot-operands", "mlir::ModuleOp"> {
  let summary = "rearrange how dot operands reach the tensor cores";
  let description = [{
    Local rewrites of the operands of tensor-core dots:
    - a transpose stored to shared memory for a wgmma
      (`ttg.local_alloc(tt.trans(x))`) becomes a transposed view of the
      stored `x` (`ttg.memdesc_trans(ttg.local_alloc(x))`), so the transpose
      costs nothing;
    - with `hoist-layout-conversion`, a conversion to a `#ttg.dot_op` layout
      of an elementwise cast of a load (`convert(cast(load))`) is moved
      above the cast, so the cast runs on the (smaller, less duplicated)
      dot-operand registers and the load keeps feeding shared memory.
  }];
  let options = [
    Option<"hoistLayoutConversion", "hoist-layout-conversion", "bool",
           /*default=*/"true",
           "move conversions to dot-operand layouts above elementwise casts">
  ];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
}

def TritonGPUAssignLatencies
    : Pass<"tritongpu-assign-latencies", "mlir::ModuleOp"> {
  let summary = "mark the loads of a loop that software pipelining will overlap";
  let description = [{
    In every innermost `scf.for` containing a tensor-core dot, gives each
    `tt.load` of a tensor of pointers whose value feeds a dot operand (via
    `ttg.local_alloc` or a conversion to a `#ttg.dot_op` layout) the
    attribute `tt.latency = S - 1`, the number of iterations ahead it will
    be issued; `S` is the loop's `tt.num_stages` attribute if present, else
    `num-stages`. Loads too narrow for an asynchronous copy (under 4 bytes
    per thread) are not marked. With `S <= 1` nothing is marked.
  }];
  let options = [
    Option<"numStages", "num-stages", "int", /*default=*/"3",
           "number of pipeline stages">
  ];
}

def TritonGPUScheduleLoops
    : Pass<"tritongpu-schedule-loops", "mlir::ModuleOp"> {
  let summary = "assign pipeline stages and clusters to the ops of marked loops";
  let description = [{
    For every `scf.for` with `tt.latency` loads (largest latency `L`):
    the loads and the ops computing their operands go to stage 0; ops that
    compute, for the next iteration, a loop-carried value read by stage 0
    (pointer increments) go to stage 1; everything else (the dot and the
    code around it) to stage `L`. Within one iteration the order of
    clusters is: stage-`L` work, then stage-1 increments, then stage-0
    loads. The result is written as `loop.stage` / `loop.cluster`
    attributes on every op of the body and `tt.scheduled_max_stage = L` on
    the loop. A loop whose schedule would break a dependence is left
    unscheduled (and its `tt.latency` marks are removed).
  }];
}

def TritonGPUPipeline : Pass<"tritongpu-pipeline", "mlir::ModuleOp"> {
  let summary = "software-pipeline scheduled loops with asynchronous copies";
  let description = [{
    Expands every loop scheduled by `tritongpu-schedule-loops`:
    1. Lowering. Each scheduled load becomes a
       `ttg.async_copy_global_to_local` into one slot of a multi-buffered
       shared-memory allocation (`!ttg.memdesc<B x ...>`, `B` the distance
       from load to use, plus one when an asynchronous wgmma reads the
       buffer) followed by `ttg.async_commit_group`; its users read the slot
       (`ttg.memdesc_index`) after a `ttg.async_wait`, directly when they
       stored the loaded value to shared memory with the same layout, else
       through `ttg.local_load`. Insert and extract slot counters become
       loop-carried.
    2. Expansion. With `L` the last stage, a prologue issues stages
       `0..i` of iterations `0..L-1` (guarded by `lb + i*step < ub`); the
       loop then runs stage `s` of iteration `iv + (L-s)*step`, masking
       the copies of iterations past the end; values crossing stages are
       carried in extra loop arguments.
    3. Waits. Consecutive `ttg.async_wait`s merge, and each waits until at
       most `num` newer copy groups are pending. A wgmma whose accumulator
       is only carried to the next iteration becomes asynchronous
       (`isAsync`, followed by `ttng.warp_group_dot_wait {pendings = 1}`);
       after the loop, waits with `pendings = 0` / `num = 0` and the
       deallocation of the buffers.
    The depth comes from the schedule; `num-stages` is accepted for
    compatibility with upstream's option. Loops that were not scheduled are
    left alone.
  }];
  let options = [
    Option<"numStages", "num-stages", "int", /*default=*/"3",
           "number of pipeline stages">
  ];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect",
                           "mlir::triton::nvidia_gpu::TritonNvidiaGPUDialect",
                           "mlir::scf::SCFDialect", "mlir::arith::ArithDialect"];
}

def TritonGPUPrefetch : Pass<"tritongpu-prefetch", "mlir::ModuleOp"> {
  let summary = "load mma.sync operands from shared memory in K slices, the "
                "first one an iteration ahead";
  let description = [{
    For an `scf.for` whose body holds exactly one `tt.dot`, accumulating in
    a `#ttg.nvidia_mma` version 2 layout (Ampere `mma.sync`), whose two
    operands are `ttg.local_load`s into `#ttg.dot_op` layouts (possibly
    followed by a chain of single-operand, single-use ops such as
    conversions) of shared-memory buffers that the loop carries as
    iteration arguments, the dot is split along K into slices of
    `8 * kWidth` elements (`256 / bitwidth` when kWidth is 0): 16 for f16
    and bf16. Each slice is a `ttg.memdesc_subslice` of the buffer, a
    `ttg.local_load` of it and a `tt.dot` accumulating into the previous
    one. The first slice of each operand is loaded before the loop from the
    buffer's initial value and, at the end of every iteration, from the
    buffer the iteration yields; the loop carries these as new iteration
    arguments, so the first slice of the next iteration is read while the
    tensor cores still work on this one.

    Loops that do not match (no dot or more than one, another MMA version,
    operands read through `ttg.memdesc_index` inside the loop or through a
    `local_load` with an async token, an op before the dot in the body that
    may write memory, K smaller than a slice) are left as they are; the
    pass never fails. As upstream's pipeliner (and ours)
    index a multi-buffered allocation inside the loop, pipelined matmuls
    are left alone too.

    ```mlir
    // before (in the loop, %a an iteration argument)
    %x = ttg.local_load %a : !ttg.memdesc<128x32xf16, #shared, #smem> -> tensor<128x32xf16, #dotA>
    // after: %a0 carried from the previous iteration, then
    %s = ttg.memdesc_subslice %a[0, 16] : !ttg.memdesc<128x32xf16, #shared, #smem> -> !ttg.memdesc<128x16xf16, #shared, #smem, 128x32>
    %a1 = ttg.local_load %s : !ttg.memdesc<128x16xf16, #shared, #smem, 128x32> -> tensor<128x16xf16, #dotA>
    ```
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect",
                           "mlir::scf::SCFDialect"];
}

def TritonGPUCoalesceAsyncCopy
    : Pass<"tritongpu-coalesce-async-copy", "mlir::ModuleOp"> {
  let summary = "narrow the per-thread vectors of cp.async copies to what "
                "the shared layout keeps contiguous";
  let description = [{
    A `ttg.async_copy_global_to_local` copies each thread's contiguous
    registers with one `cp.async` of up to 16 bytes, but only as many
    elements as its destination's shared layout keeps contiguous: a
    `#ttg.swizzled_shared` buffer with `maxPhase > 1` keeps runs of `vec`
    elements along its fastest dimension (the order's first) and XORs the
    runs with the row's phase. Where the source's `#ttg.blocked` layout gives
    a thread more consecutive elements along that dimension than `vec` (an
    int8 operand with 16 bytes per thread going to a `vec = 8` buffer, say),
    the copy would be split into several narrower ones while each thread
    still holds all the pointers. This pass gives the copy a blocked layout
    with `sizePerThread` cut to `vec` along that dimension (lanes and warps
    spread again over the shape as the default layout does) and converts
    its pointer, mask and other operands to it with `ttg.convert_layout`,
    which `tritongpu-remove-layout-conversions` then moves up to where they
    are computed. A pointer that a loop advances (`%next = tt.addptr %arg,
    %step`, `%next` yielded as `%arg` and read only by the copy) is carried
    around the loop in the narrow layout instead, its initial value and
    step converted before the loop, so that no conversion stays in it.
    Copies into other encodings, or already narrow enough, are left alone;
    the pass never fails.

    ```mlir
    // before: 16 i8 per thread, runs of 8 in the buffer
    %t = ttg.async_copy_global_to_local %p, %buf : tensor<128x256x!tt.ptr<i8>, #blocked16> -> <128x256xi8, #ttg.swizzled_shared<{vec = 8, ...}>, ...>
    // after
    %q = ttg.convert_layout %p : tensor<128x256x!tt.ptr<i8>, #blocked16> -> tensor<128x256x!tt.ptr<i8>, #blocked8>
    %t = ttg.async_copy_global_to_local %q, %buf : tensor<128x256x!tt.ptr<i8>, #blocked8> -> ...
    ```
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
}

def TritonGPUFuseNestedLoops
    : Pass<"tritongpu-fuse-nested-loops", "mlir::ModuleOp"> {
  let summary = "flatten a two-level loop nest marked tt.flatten into one loop";
  let description = [{
    An outer `scf.for` with the `tt.flatten` attribute (`tl.range(...,
    flatten=True)`) whose body holds exactly one `scf.for`, itself without
    a directly nested loop, becomes a single `scf.for` over the nest's total
    number of inner iterations, so that the software pipeliner sees one loop
    and overlaps work across outer iterations (persistent kernels):

        for i in range(lbi, ubi, si):           for t in range(total):
          prologue(i)                              if T == 0: i += si; prologue(i); j = lbj
          for j in range(lbj, ubj, sj):    =>      body(i, j); j += sj
            body(i, j)                             if T == len - 1: epilogue(i)
          epilogue(i)                              T = 0 if T == len - 1 else T + 1

    where `len = max(1, ceildiv(ubj - lbj, sj))` and `T` counts the inner
    iterations of the current outer one. Values the prologue defines and
    later code reads, the induction variables and the iter_args of both
    loops are carried by the fused loop; inner iter_args initialized outside
    the nest (accumulators) start from that value and are reset by the
    epilogue instead of by the prologue; an outer iter_arg read only at the
    start of an outer iteration (in the prologue, or as an inner init) takes
    the outer yield's value in every iteration, so a value handed from the
    outer loop to the inner one and back is carried once.

    `total` is `len(range(lbi, ubi, si)) * len` when the inner bounds do not
    depend on the outer loop; otherwise a first `scf.for` over the outer
    range sums the per-iteration `len`, recomputing the inner bounds from
    the outer induction variable (their computation must be pure and must
    not read the outer loop's iter_args). The fused loop runs the inner body
    in every iteration, so the inner loop must run at least once per outer
    iteration: known from constant bounds, from an `llvm.intr.assume` of
    `ubj > lbj` dominating it (`tl.assume`), or from the `ttg.must-execute`
    attribute. Otherwise, with outer-invariant bounds, the nest is
    versioned on `len(range(lbj, ubj, sj)) <= 0`: the original nest without
    its inner loop in one branch, the fused loop in the other; with bounds
    that vary, the nest is left alone.

    Before fusing, loop-invariant code is hoisted out of the outer loop and
    pure prologue ops used only after the inner loop are sunk past it. The
    fused loop takes the larger `tt.num_stages` of the two loops and
    `tt.disallow_acc_multi_buffer` if either has it. Loops without
    `tt.flatten` are not touched; a `tt.flatten` nest of another shape is
    left as it is, with a remark saying why (`loop not flattened: ...`).
  }];
  let dependentDialects = ["mlir::ub::UBDialect", "mlir::arith::ArithDialect",
                           "mlir::scf::SCFDialect"];
}

#endif // TT_DIALECT_TRITONGPU_TRANSFORMS_PASSES_TD
