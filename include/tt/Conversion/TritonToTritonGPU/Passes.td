//===- Passes.td - TTIR to TTGIR conversion ------------------*- tablegen -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#ifndef TT_CONVERSION_TRITONTOTRITONGPU_PASSES_TD
#define TT_CONVERSION_TRITONTOTRITONGPU_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertTritonToTritonGPU : Pass<"convert-triton-to-tritongpu", "mlir::ModuleOp"> {
  let summary = "give every tensor a default blocked layout (TTIR to TTGIR)";
  let description = [{
    Turns TTIR into TTGIR: the module gets the launch attributes
    `ttg.num-warps`, `ttg.num-ctas`, `ttg.threads-per-warp` and `ttg.target`,
    and every tensor type gets an encoding. The default encoding of a tensor
    is a `#ttg.blocked` layout with one element per thread that spreads the
    lanes of a warp, then the warps, over the dimensions from the fastest
    (last) to the slowest, as far as the shape allows. Shape operations get
    the encodings their semantics require: `tt.reduce` yields a
    `#ttg.slice` of its operand's layout, `tt.expand_dims` takes a slice of
    its result's layout, `tt.broadcast` keeps its operand's layout, and
    `tt.dot` takes its operands in `#ttg.dot_op` layouts of the accumulator's.
    Where an operand's layout differs from what its user needs, a
    `ttg.convert_layout` is inserted; later passes (`tritongpu-coalesce`,
    `tritongpu-remove-layout-conversions`) choose better layouts.
  }];
  let options = [
    Option<"target", "target", "std::string", "\"cuda:90\"",
           "compilation target written to ttg.target (cuda:90, cuda:80, hip:gfx942, ...)">,
    Option<"numWarps", "num-warps", "int32_t", "4", "warps per CTA">,
    Option<"threadsPerWarp", "threads-per-warp", "int32_t", "32",
           "lanes per warp (32 on NVIDIA, 64 on AMD CDNA)">,
    Option<"numCTAs", "num-ctas", "int32_t", "1", "CTAs per cluster">
  ];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
}

#endif // TT_CONVERSION_TRITONTOTRITONGPU_PASSES_TD
