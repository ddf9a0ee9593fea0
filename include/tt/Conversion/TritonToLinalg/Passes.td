//===- Passes.td - TTIR to linalg conversion -----------------*- tablegen -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#ifndef TT_CONVERSION_TRITONTOLINALG_PASSES_TD
#define TT_CONVERSION_TRITONTOLINALG_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertTritonToLinalg : Pass<"convert-triton-to-linalg", "mlir::ModuleOp"> {
  let summary = "lower TTIR to linalg, tensor, arith, math, scf and func on tensors";
  let description = [{
    The first step of the CPU backend. Every tile-level operation of the `tt`
    dialect becomes an operation on builtin tensors, so that MLIR's
    bufferization and loop lowering can take it from there:

    * `tt.func` becomes `func.func`. Functions with a body get six trailing
      `i32` arguments: the program id and the number of programs along x, y
      and z. `tt.get_program_id` and `tt.get_num_programs` read them and
      `tt.call` forwards them. Public functions are marked `tt.cpu.kernel`.
    * Scalar pointers become `!llvm.ptr`; tensors of pointers become tensors
      of `i64` addresses. `tt.addptr` scales the offset by the pointee size.
    * Elementwise work (`arith`, `math`, `tt.splat`, `tt.broadcast`,
      `tt.expand_dims`, `tt.make_range`, `tt.trans`, `tt.join`, ...) becomes
      `linalg.generic` with parallel iterators; later fusion merges them.
    * `tt.load`, `tt.store` and the atomics become `linalg.generic` ops whose
      body accesses memory through `llvm.load`/`llvm.store`/`llvm.atomicrmw`
      under an `scf.if` on the mask bit, so masked-off elements are never
      touched. Masked-off loaded elements take `other`, or zero.
    * `tt.dot` becomes a contraction `linalg.generic` accumulating into the
      converted `c` operand (inputs are extended to the accumulator type).
    * `tt.reduce` becomes a `linalg.generic` with a reduction iterator whose
      body is the combine region. When the region is a single commutative
      arithmetic operation the accumulator starts at its identity; otherwise
      it starts at the first element along the axis.
    * `tt.scan` and `tt.histogram` become `scf.for` loops over tensors.
    * `scf` and `cf` control flow is kept, with converted types.

    Operations that cannot run on a CPU (inline PTX, block-scaled dots,
    TMA descriptors) or that must be removed by an earlier TTIR pass (block
    pointers: `triton-rewrite-tensor-pointer`) are reported as errors.

    ```mlir
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    // becomes
    %e = tensor.empty() : tensor<1024xi32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>],
                         iterator_types = ["parallel"]} outs(%e : tensor<1024xi32>) {
    ^bb0(%out: i32):
      %i = linalg.index 0 : index
      %v = arith.index_cast %i : index to i32
      linalg.yield %v : i32
    } -> tensor<1024xi32>
    ```
  }];
  let dependentDialects = [
    "mlir::arith::ArithDialect", "mlir::bufferization::BufferizationDialect",
    "mlir::func::FuncDialect", "mlir::linalg::LinalgDialect",
    "mlir::LLVM::LLVMDialect", "mlir::math::MathDialect",
    "mlir::scf::SCFDialect", "mlir::tensor::TensorDialect",
    "mlir::ub::UBDialect"];
}

#endif // TT_CONVERSION_TRITONTOLINALG_PASSES_TD
