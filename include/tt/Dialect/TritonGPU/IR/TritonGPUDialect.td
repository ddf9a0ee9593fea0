//===- TritonGPUDialect.td - the ttg dialect -----------------*- tablegen -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#ifndef TT_DIALECT_TRITONGPU_IR_TRITONGPUDIALECT_TD
#define TT_DIALECT_TRITONGPU_IR_TRITONGPUDIALECT_TD

include "mlir/IR/OpBase.td"

def TritonGPU_Dialect : Dialect {
  let name = "ttg";
  let cppNamespace = "::mlir::triton::gpu";
  let summary = "Triton GPU IR: tile programs whose tensors carry a hardware layout";
  let description = [{
    The `ttg` dialect is the second stage of the Triton compiler (TTGIR).
    Every tensor of a `tt` program gets an *encoding* attribute that says
    how its elements are spread over the registers of the threads, warps and
    CTAs of a launch (`#ttg.blocked`, `#ttg.slice`, `#ttg.dot_op`, the MMA
    layouts, `#ttg.linear`), and values that live in shared memory are
    described by `!ttg.memdesc` values with a shared-memory encoding
    (`#ttg.swizzled_shared`, `#ttg.nvmma_shared`, ...).

    The module carries the launch shape every distributed layout must agree
    with: `"ttg.num-warps"`, `"ttg.threads-per-warp"`, `"ttg.num-ctas"`, plus
    `ttg.target` (`"cuda:90"`, `"hip:gfx942"`, ...). Attributes added by later
    stages (`ttg.shared`, `"ttg.total-num-warps"`, scratch sizes) live there
    too.

    The textual syntax is that of upstream Triton 3.6, so TTGIR dumped by
    upstream's `TRITON_KERNEL_DUMP=1` parses unchanged.
  }];
  let dependentDialects = ["triton::TritonDialect"];
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    void registerTypes();
    void registerAttributes();
    /// Registers the layout-inference interface tt shape ops query.
    void registerInterfaces();

    /// Names of the module attributes that fix the launch shape.
    static constexpr llvm::StringLiteral getNumWarpsAttrName() {
      return llvm::StringLiteral("ttg.num-warps");
    }
    static constexpr llvm::StringLiteral getNumCTAsAttrName() {
      return llvm::StringLiteral("ttg.num-ctas");
    }
    static constexpr llvm::StringLiteral getThreadsPerWarpAttrName() {
      return llvm::StringLiteral("ttg.threads-per-warp");
    }
    static constexpr llvm::StringLiteral getTargetAttrName() {
      return llvm::StringLiteral("ttg.target");
    }
    static constexpr llvm::StringLiteral getTotalNumWarpsAttrName() {
      return llvm::StringLiteral("ttg.total-num-warps");
    }
    static constexpr llvm::StringLiteral getSharedAttrName() {
      return llvm::StringLiteral("ttg.shared");
    }
  }];
}

#endif // TT_DIALECT_TRITONGPU_IR_TRITONGPUDIALECT_TD
