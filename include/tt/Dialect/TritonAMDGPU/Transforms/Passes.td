//===- Passes.td - TTGIR passes for AMD GPUs -----------------*- tablegen -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Pass names and options follow upstream Triton 3.6's AMD backend.
//
//===----------------------------------------------------------------------===//

#ifndef TT_DIALECT_TRITONAMDGPU_TRANSFORMS_PASSES_TD
#define TT_DIALECT_TRITONAMDGPU_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TritonAMDGPUAccelerateMatmul
    : Pass<"tritonamdgpu-accelerate-matmul", "mlir::ModuleOp"> {
  let summary = "put tt.dot on the AMD matrix cores (MFMA on CDNA, WMMA on RDNA3)";
  let description = [{
    Rewrites every `tt.dot` whose result still has a `#ttg.blocked` layout
    and whose operands are f16 or bf16 with an f32 accumulator so that it
    runs on the matrix cores of the GPU named by `gfx-arch` (default: the
    module's `ttg.target`, `hip:gfxNNN`):

    - CDNA (gfx908, gfx90a, gfx942, gfx950): the result gets an
      `#ttg.amd_mfma` layout (version 1 to 4) with 32x32 instruction tiles
      when both M and N are multiples of 32, else 16x16 (or the size
      `matrix-instruction-size` forces), transposed so that each lane holds
      consecutive elements of a row; the operands get `#ttg.dot_op` layouts
      of it whose `kWidth` is 4 K elements per lane times `kPack`;
    - RDNA3 (gfx11xx): `#ttg.amd_wmma` version 1 (16x16x16 tiles on 32-lane
      waves) with `kWidth = 16`.

    Warps are spread over the M x N tiles, doubling along whichever
    dimension has more tiles per warp left. The accumulator and operands are
    converted into the new layouts and the result back to the old one, so
    the IR stays valid; `tritongpu-remove-layout-conversions` then carries
    the new layouts through the loop. Dots it cannot map (other element
    types, K not a multiple of one instruction's K) are left unchanged.
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
  let options = [
    Option<"gfxArch", "gfx-arch", "std::string", /*default=*/"std::string{}",
           "the GPU architecture, e.g. gfx942 (default: from ttg.target)">,
    Option<"matrixInstructionSize", "matrix-instruction-size", "int32_t",
           /*default=*/"0",
           "force the MFMA tile's M and N (16 or 32; 0: choose)">,
    Option<"kPack", "kPack", "int32_t", /*default=*/"1",
           "K elements per lane as a multiple of one MFMA's (1 or 2)">
  ];
}

def TritonAMDGPUCarryConvertedLayouts
    : Pass<"tritonamdgpu-carry-converted-layouts", "mlir::ModuleOp"> {
  let summary = "carry loop values in the blocked layout the loop converts them to";
  let description = [{
    An `scf.for` iteration argument whose only uses in the body, besides
    the computation of the value it yields, are `ttg.convert_layout`s to one
    `#ttg.blocked` layout is carried in that layout: the initial value is
    converted once before the loop, the yielded value at the end of the
    body, and the results are converted back after the loop for their
    users. `tritongpu-remove-layout-conversions` then recomputes both in the
    new layout when they are cheap (pointer arithmetic over splats and
    ranges), so that no conversion is left in the loop. Matmul loops need it
    after coalescing: their A and B pointer tensors would otherwise go
    through LDS, 8 bytes per element, on every iteration.
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
}

def TritonAMDGPUOptimizeEpilogue
    : Pass<"tritonamdgpu-optimize-epilogue", "mlir::ModuleOp"> {
  let summary = "store matrix-core accumulators without staging them through LDS";
  let description = [{
    A `tt.store` whose value is a `ttg.convert_layout` from an
    `#ttg.amd_mfma` or `#ttg.amd_wmma` layout stores the unconverted value;
    its pointer and mask operands are converted to the accumulator layout
    instead. Run `tritongpu-remove-layout-conversions` afterwards: pointers
    and masks are cheap to recompute in any layout, so the conversion of the
    output tile through LDS disappears. With transposed MFMA layouts each
    lane then stores 4 consecutive elements of a row.
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
}

#endif // TT_DIALECT_TRITONAMDGPU_TRANSFORMS_PASSES_TD
