//===- Passes.td - TTIR-level passes -------------------------*- tablegen -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Pass names follow upstream Triton 3.6 so that pipelines written for it
// (and its --mlir-print-ir-after dumps) read the same.
//
//===----------------------------------------------------------------------===//

#ifndef TT_DIALECT_TRITON_TRANSFORMS_PASSES_TD
#define TT_DIALECT_TRITON_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TritonCombineOps : Pass<"triton-combine", "mlir::ModuleOp"> {
  let summary = "fold Triton-specific op chains into fewer, cheaper ops";
  let description = [{
    Greedily applies rewrites that the generic canonicalizer does not know
    because they involve Triton semantics:

    * `add(dot(a, b, 0), d)` (either operand order, `arith.addi` or
      `arith.addf`) becomes `dot(a, b, d)` when the dot has no other user;
      likewise `addf(dot_scaled(..., 0), d)`. For `arith.addf` a `tt.dot`
      must not use imprecise accumulation (`maxNumImpreciseAcc = 0`), which
      would change the rounding.
    * `addptr(addptr(p, x), y)` becomes `addptr(p, x + y)` when the offsets
      have the same type and the sum cannot overflow differently: 64-bit
      offsets, or constant (splat) offsets whose sum fits. Hint attributes
      (`tt.divisibility`, `tt.contiguity`, `tt.constancy`, `tt.pointee_type`)
      of the outer op are kept.
    * `select(c, load(p, splat(c)), f)` becomes `load(p, splat(c), f)`: the
      masked-off lanes of the load take `f` directly. Also when the load's
      mask is `c` itself. The load must have no other user and `f` must be
      available where the load is.
    * `reduce<addf>(mulf(broadcast(x[:, :, None]), broadcast(y[None, :, :])),
      axis = 1)` becomes `dot(x, y, 0)` when M and N are at least 16.
    * A rank-1 `reshape` whose users are all `reduce` or `histogram` may
      reorder elements (`allow_reorder`), since those users do not observe
      the order.
    * A `reshape` that only drops leading unit dimensions of a
      `descriptor_load` (its only user) is folded into the load's type.
    * `broadcast` of a splat constant, a `splat` or another `broadcast`
      becomes a single constant, `splat` or `broadcast`.

    ```mlir
    %d = tt.dot %a, %b, %zero : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
    %r = arith.addf %d, %acc : tensor<16x16xf32>
    // becomes
    %r = tt.dot %a, %b, %acc : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
    ```
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::triton::TritonDialect"];
}

def TritonReorderBroadcast : Pass<"triton-reorder-broadcast", "mlir::ModuleOp"> {
  let summary = "compute elementwise ops before splat and broadcast";
  let description = [{
    Moves `tt.splat` and `tt.broadcast` below the elementwise operations
    that consume them, so that the arithmetic runs on the small (scalar or
    un-broadcast) value and only the result is expanded:

    * `elementwise(splat(a), splat(b), ...)` becomes
      `splat(elementwise(a, b, ...))`; splat constants count as splats.
    * `elementwise(broadcast(a), broadcast(b), splat(c), ...)` becomes
      `broadcast(elementwise(a, b, splat'(c), ...))` when every broadcast has
      the same source shape; splats are re-created in that shape.
    * `expand_dims(splat(x))` becomes `splat(x)` and
      `expand_dims(broadcast(x))` becomes `broadcast(expand_dims(x))`, so
      that broadcasts keep moving down through shape changes.
    * `broadcast(splat(x))` becomes `splat(x)` and
      `broadcast(broadcast(x))` a single `broadcast`.

    Only operations without memory effects are moved.

    ```mlir
    %a = tt.splat %x : f32 -> tensor<128xf32>
    %b = tt.splat %y : f32 -> tensor<128xf32>
    %c = arith.addf %a, %b : tensor<128xf32>
    // becomes
    %s = arith.addf %x, %y : f32
    %c = tt.splat %s : f32 -> tensor<128xf32>
    ```
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::triton::TritonDialect"];
}

def TritonRewriteTensorPointer
    : Pass<"triton-rewrite-tensor-pointer", "mlir::ModuleOp"> {
  let summary = "lower block pointers to tensors of pointers with masks";
  let description = [{
    Replaces every block pointer (`!tt.ptr<tensor<...>>`, made by
    `tt.make_tensor_ptr` and moved by `tt.advance`) by its parts: the base
    pointer and, per dimension, the i64 shape, stride and current offset.
    `tt.advance` becomes integer additions on the offsets. A `tt.load` or
    `tt.store` through a block pointer becomes one through a tensor of
    pointers `base + sum_d (offset_d + range_d) * stride_d`; the dimensions
    listed in `boundaryCheck` produce a mask `0 <= offset_d + range_d <
    shape_d`, and a load's `padding` becomes its `other` value (zero or NaN).

    Block pointers may flow through `scf.for` iteration arguments, `scf.if`
    results and `scf.while` arguments and results; their parts are carried
    instead. Loop-carried parts that never change are then dropped again by
    running the `scf.for`/`scf.if`/`scf.while` canonicalizations on the
    functions that were rewritten.

    The pass fails with a diagnostic when a block pointer reaches anything
    else (a function argument or result, `tt.call`, `arith.select`, a `cf`
    branch, ...), or when a load of an integer block asks for NaN padding.

    ```mlir
    %p = tt.make_tensor_ptr %base, [%m], [%c1], [%off] {order = array<i32: 0>} : <tensor<128xf32>>
    %v = tt.load %p {boundaryCheck = array<i32: 0>, padding = 1 : i32} : !tt.ptr<tensor<128xf32>>
    // becomes, roughly,
    %ptrs = tt.addptr (splat %base), ((splat %off64 + range) * splat %c1)
    %mask = (splat %off64 + range >= 0) & (splat %off64 + range < splat %m)
    %v = tt.load %ptrs, %mask, %zeros : tensor<128x!tt.ptr<f32>>
    ```
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::scf::SCFDialect",
                           "mlir::triton::TritonDialect"];
}

def TritonLoopUnroll : Pass<"triton-loop-unroll", "mlir::ModuleOp"> {
  let summary = "unroll scf.for loops that ask for it";
  let description = [{
    Unrolls every `scf.for` carrying an integer `tt.loop_unroll_factor`
    attribute greater than one by that factor (the frontend sets it from
    `tl.range(..., loop_unroll_factor=N)`), then drops the attribute. When
    the trip count is not a known multiple of the factor, the remaining
    iterations run in an epilogue loop, which is marked `tt.num_stages = 1`
    so that software pipelining leaves it alone. Loops that MLIR cannot
    unroll (non-positive constant step, ...) are left as they are.

    A `tt.loop_unroll_factor` that is not an integer is an error.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::scf::SCFDialect"];
}

def TritonLoopInvariantCodeMotion : Pass<"triton-licm", "mlir::ModuleOp"> {
  let summary = "loop-invariant code motion that can also hoist tt.load";
  let description = [{
    Hoists loop-invariant operations out of loops, innermost loops first,
    like MLIR's `loop-invariant-code-motion`: pure, speculatable operations
    whose operands are all defined outside the loop.

    In addition, a `tt.load` with loop-invariant operands is hoisted out of
    an `scf.for` whose body only reads memory (no store, atomic or volatile
    access anywhere in the loop). The hoisted load would otherwise run even
    when the loop runs zero times, so it is predicated on the trip count:
    its mask becomes `mask & (lb < ub)`, or just `lb < ub` when it had none
    (`ult` for unsigned loops).
    Loads in other kinds of loops stay where they are.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::triton::TritonDialect"];
}

def TritonLoopAwareCSE : Pass<"triton-loop-aware-cse", "mlir::ModuleOp"> {
  let summary = "CSE that also merges scf.for iteration arguments";
  let description = [{
    Ordinary CSE cannot see that two iteration arguments of an `scf.for`
    always hold the same value: each is a distinct block argument. This pass
    proves it by induction: two arguments are equal when their initial
    values are the same SSA value and their yielded values are computed by
    equivalent side-effect-free operations from equal operands (assuming
    the pair under test equal, which is what makes the induction sound).
    Equal arguments are merged into the first of their class, after which
    CSE removes the duplicated loop-body computations and the `scf.for`
    canonicalizations drop the now unused arguments and results.

    ```mlir
    %r:2 = scf.for %i = %lb to %ub step %s iter_args(%a = %x, %b = %x) -> (i32, i32) {
      %a1 = arith.addi %a, %c1 : i32
      %b1 = arith.addi %b, %c1 : i32
      scf.yield %a1, %b1 : i32, i32
    }
    // becomes a loop with a single iteration argument; %r#1 uses %r#0.
    ```
  }];
  let dependentDialects = ["mlir::scf::SCFDialect"];
}

def TritonDecomposeDotScaled
    : Pass<"triton-decompose-dot-scaled", "mlir::ModuleOp"> {
  let summary = "rewrite tt.dot_scaled as upcasts, scaling and a tt.dot";
  let description = [{
    For GPUs without block-scaled matrix instructions (NVIDIA before
    Blackwell; the CPU backend), each `tt.dot_scaled` of TTIR (tensors
    without layouts) becomes what it computes, in the way upstream Triton's
    Hopper lowering does it:

    * Each operand is brought to the compute type: f16 when either operand
      is `fp16`, else bf16. fp8 (`e4m3`, `e5m2`) operands go through
      `tt.fp_to_fp`; `e2m1` operands, two values per i8 packed along K
      with the low nibble first, are unpacked with integer operations
      (exact: every e2m1 value is a bf16 and an f16 value) and interleaved
      with `tt.join` and `tt.reshape`.
    * A scaled operand is multiplied by its scale, one e8m0 exponent `s`
      (i8) per group of 16 or 32 elements along K, broadcast along the
      group: `2^(s - 127)`, built as bf16 bits `s << 7` or, for f16, as the
      f32 bits `s << 23` rounded to f16 (as upstream does, so scales out of
      f16's range give 0 or infinity). Unless `fastMath` is set, elements
      whose scale is 0xFF (NaN in e8m0) become NaN.
    * The right-hand operand is processed transposed (N x K), so that K is
      its last dimension like the left one's, and transposed back.
    * The upcast operands feed an ordinary `tt.dot` with the same
      accumulator, which the target's matmul lowering then handles (wgmma
      or mma.sync on NVIDIA).

    The pass refuses, with an error, what it does not decompose: batched
    (3-D) operands, fp4 packed along M/N (`lhs_k_pack`/`rhs_k_pack` false),
    the `e2m3`/`e3m2` formats, scales that are not i8, and bf16 with fp16.

    ```mlir
    %d = tt.dot_scaled %a scale %s, %b, %c lhs = e2m1 rhs = bf16 {fastMath = false}
        : tensor<64x32xi8>, tensor<64x2xi8> * tensor<64x64xbf16> -> tensor<64x64xf32>
    // becomes (schematically)
    %lo, %hi = (nibbles of %a as bf16 bits) : tensor<64x32xi16>
    %ua = tt.reshape (tt.join %lo, %hi) : tensor<64x32x2xbf16> -> tensor<64x64xbf16>
    %sc = tt.reshape (tt.broadcast (tt.expand_dims (bf16 bits %s << 7)))
        : tensor<64x2x32xbf16> -> tensor<64x64xbf16>
    %sa = arith.select (%s == 0xFF), NaN, (arith.mulf %ua, %sc)
    %d = tt.dot %sa, %b, %c : tensor<64x64xbf16> * tensor<64x64xbf16> -> tensor<64x64xf32>
    ```
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::triton::TritonDialect"];
}

#endif // TT_DIALECT_TRITON_TRANSFORMS_PASSES_TD
