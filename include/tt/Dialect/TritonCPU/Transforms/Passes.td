//===- Passes.td - passes of the CPU backend ---------------*- tablegen -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The passes of the CPU backend (the TritonCPU passes) that take the output
// of convert-triton-to-linalg to the LLVM dialect, between the upstream MLIR
// passes of the `tt-cpu` stage (lib/Pipeline/CPUPipeline.cpp,
// docs/cpu-backend.md). One pass per file in lib/Dialect/TritonCPU/Transforms,
// named after the pass.
//
//===----------------------------------------------------------------------===//

#ifndef TT_DIALECT_TRITONCPU_TRANSFORMS_PASSES_TD
#define TT_DIALECT_TRITONCPU_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TritonCPUFuseElementwise : Pass<"tritoncpu-fuse-elementwise"> {
  let summary = "fuse elementwise linalg.generic ops without reordering memory accesses";
  let description = [{
    Runs linalg's producer-consumer fusion of elementwise `linalg.generic`
    operations with a cost and safety policy suited to the output of
    `convert-triton-to-linalg`:

    * A producer that accesses memory (a converted `tt.load`) is fused only
      into its single user, in the same block, through a bijective indexing
      map, and only when no operation between the two touches memory. The
      load then happens inside the consumer's loop, next to the use of its
      value, instead of filling a temporary tensor.
    * A pure producer is fused when it has a single user that reads each of
      its elements exactly once, or when it is cheap (integer and float
      arithmetic without division, index computations): cheap producers are
      recomputed in every consumer, which is what lets address computations
      (`splat`, `make_range`, `broadcast`, `addptr`) disappear into the
      loads and stores that use them.
    * Nothing is fused into a consumer with reduction loops (`tt.dot`,
      `tt.reduce`) unless the operand is read exactly once per iteration
      point, so that no work is multiplied.

    Afterwards, `inttoptr(ptrtoint(p) + offset)` becomes `getelementptr i8,
    p, offset`, so that LLVM can see which pointer an address derives from
    (needed for its vectorizer's alias checks), and elementwise generics
    whose result can overwrite one of their inputs are given that input as
    destination so that bufferization updates it in place.
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect",
                           "mlir::LLVM::LLVMDialect",
                           "mlir::tensor::TensorDialect"];
}

def TritonCPUVersionMasks : Pass<"tritoncpu-version-masks"> {
  let summary = "run a mask-free copy of a generic when every mask bit is true";
  let description = [{
    Masked loads and stores (`scf.if` on a mask bit inside a fused
    `linalg.generic`) become masked vector instructions, which are much
    slower than plain ones on memory-bound kernels. But most programs of a
    grid are entirely in bounds. When each mask condition of a generic is a
    signed comparison between a non-decreasing function of the loop indices
    (built from `linalg.index`, loop-invariant values, additions,
    subtractions of invariants, multiplications by non-negative constants,
    `index_cast` and `extsi`) and a loop-invariant bound, possibly combined
    with `and`, the condition holds everywhere exactly when it holds at one
    corner of the iteration space (the last point for `<`, the first for
    `>`). This pass evaluates the conditions there, before the generic, and
    selects with `scf.if` between a copy of the generic without those
    `scf.if`s and the original. Both write the same destination tensors.
    (The reasoning assumes the index arithmetic does not overflow, as the
    addresses computed from it would be wrong anyway.)
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::scf::SCFDialect"];
}

def TritonCPULowerDot : Pass<"tritoncpu-lower-dot"> {
  let summary = "register-blocked vector micro-kernel for converted tt.dot";
  let description = [{
    Runs after bufferization on the `linalg.generic` ops that
    `convert-triton-to-linalg` made from `tt.dot` (marked `tt.dot`). When
    the product is 2-D with static shapes, an f32 accumulator and f16, bf16
    or f32 inputs, M a multiple of 4 and N a multiple of four vectors, it
    becomes a loop nest over 4 x (4 * `vector-width`) blocks of C: the block
    is held in sixteen vector registers across the whole K loop, each step
    loading four vectors of a row of B (extended to f32), broadcasting four
    elements of a column of A, and doing sixteen vector FMAs. Other dots
    keep their generic form and become scalar loops, which LLVM vectorizes.

    The loops are not unrolled beyond the 4 x 4 block, so code size does not
    grow with the tile.
  }];
  let options = [
    Option<"vectorWidth", "vector-width", "unsigned", /*default=*/"16",
           "f32 lanes per vector (16 for AVX-512, 8 for AVX2)">
  ];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::memref::MemRefDialect",
                           "mlir::scf::SCFDialect",
                           "mlir::vector::VectorDialect"];
}

def TritonCPULowerCopies : Pass<"tritoncpu-lower-copies"> {
  let summary = "turn strided memref.copy into linalg.copy";
  let description = [{
    MLIR lowers a `memref.copy` between buffers that are not both contiguous
    to a call of `memrefCopy` from its C runner library, which a kernel
    shared library does not link. This pass rewrites such copies to
    `linalg.copy`, which `convert-linalg-to-loops` turns into loops.
    Contiguous copies stay `memref.copy` and become `llvm.memcpy`.
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect"];
}

def TritonCPUHoistBufferReads : Pass<"tritoncpu-hoist-buffer-reads"> {
  let summary = "loop-invariant code motion that also hoists reads of temporaries";
  let description = [{
    Runs after `convert-linalg-to-loops`. Like `loop-invariant-code-motion`
    it hoists speculatable, side-effect free operations whose operands are
    defined outside an `scf.for`; in addition it hoists `memref.load` from a
    temporary buffer (a `memref.alloc`, `memref.alloca` or
    `memref.get_global`, possibly through views) when nothing in the loop
    may write that buffer and the loop surely runs (constant bounds, as the
    loops made from linalg ops have). Memory reached through `!llvm.ptr`
    (the kernel's tensors) cannot alias such buffers.

    The loops of a fused generic read one element of each broadcast operand
    per iteration of the innermost loop, e.g. `rm[i]` inside the loop over
    `j` of a matmul's load of A. Left there, LLVM sinks that read under the
    load's mask condition and then can neither hoist it nor vectorize the
    masked load whose address depends on it.
  }];
}

def TritonCPULowerMath : Pass<"tritoncpu-lower-math", "mlir::ModuleOp"> {
  let summary = "math functions as polynomial approximations and expansions LLVM vectorizes";
  let description = [{
    Replaces f32 `math.exp`, `expm1`, `log`, `log2`, `log1p`, `tanh`,
    `erf`, `sin`, `cos`, `atan` and `atan2` by MLIR's polynomial
    approximations (plain arithmetic that LLVM's loop vectorizer can
    vectorize), and expands the functions that have a short definition in
    terms of others (`tan`, `sinh`, `cosh`, `asinh`, `acosh`, `atanh`,
    `fpowi`, and `exp2` in terms of `exp`). What remains is left to the
    passes the `tt-cpu` stage runs next: `convert-math-to-llvm` for what
    LLVM has intrinsics for (`sqrt`, `floor`, `fma`, ...) and
    `convert-math-to-libm` for calls of the C math library. Run
    `math-extend-to-supported-types` before it so that f16 and bf16
    functions are computed in f32.

    It also expands `arith.truncf` from f32 to bf16 (round to nearest even,
    NaN kept a quiet NaN, as the GPU's `cvt.rn.bf16.f32`) and `arith.extf`
    from bf16 to f32 into integer arithmetic: LLVM would otherwise call
    `__truncsfbf2` on hosts without AVX512-BF16, which older C runtimes
    (libgcc before 13) do not define.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::func::FuncDialect",
                           "mlir::LLVM::LLVMDialect", "mlir::vector::VectorDialect"];
}

def TritonCPUDefineAtomics : Pass<"tritoncpu-define-atomics", "mlir::ModuleOp"> {
  let summary = "define the atomic helper functions called by converted atomics";
  let description = [{
    `convert-triton-to-linalg` turns `tt.atomic_rmw` and `tt.atomic_cas`
    into calls of `__tt_cpu_atomicrmw.<op>.<ordering>.<type>` and
    `__tt_cpu_cmpxchg.<ordering>.<type>`, because LLVM's atomic operations
    declare no memory effects and buffer deallocation rejects such
    operations. Once everything is in the LLVM dialect, this pass gives
    each declared helper a body (one `llvm.atomicrmw`, or an `llvm.cmpxchg`
    on the integer bits of the operands), internal linkage and
    `always_inline`, so that no call remains after LLVM's inliner.

    A declared helper whose name spells an unknown operation or ordering is
    an error (`unknown atomic operation in ...`, `unknown atomic ordering
    in ...`); other external functions are left alone.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

def TritonCPUPackedEntry : Pass<"tritoncpu-packed-entry", "mlir::ModuleOp"> {
  let summary = "add the `<kernel>__packed` entry points of the CPU kernel ABI";
  let description = [{
    For every `llvm.func` marked `tt.cpu.kernel` (a converted public
    `tt.func`, whose last six `i32` parameters are the program ids and the
    grid size), adds

    ```c
    void <kernel>__packed(void **args, int32_t pid_x, int32_t pid_y,
                          int32_t pid_z, int32_t num_x, int32_t num_y,
                          int32_t num_z);
    ```

    which loads the user arguments through `args` (`args[i]` points to the
    i-th argument's value, like CUDA's `kernelParams`: a `void **` for a
    pointer argument, an `int32_t *` for an `i32`, a one-byte bool for an
    `i1`) and calls the kernel. The kernel itself becomes internal, so that
    LLVM inlines it into its entry point; the entry points are the only
    exported symbols.

    A marked function that returns a value or has fewer than six parameters
    is an error: it cannot be a converted kernel.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

#endif // TT_DIALECT_TRITONCPU_TRANSFORMS_PASSES_TD
