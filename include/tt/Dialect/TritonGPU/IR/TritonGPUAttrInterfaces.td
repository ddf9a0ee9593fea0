//===- TritonGPUAttrInterfaces.td - layout interfaces --------*- tablegen -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The interfaces that classify ttg encodings. Passes ask "is this a
// distributed (register) layout?" or "is this a shared-memory layout?"
// through them instead of listing concrete attribute classes.
//
//===----------------------------------------------------------------------===//

#ifndef TT_DIALECT_TRITONGPU_IR_TRITONGPUATTRINTERFACES_TD
#define TT_DIALECT_TRITONGPU_IR_TRITONGPUATTRINTERFACES_TD

include "mlir/IR/OpBase.td"

def TTG_LayoutEncodingTrait : AttrInterface<"LayoutEncodingTrait"> {
  let cppNamespace = "::mlir::triton::gpu";
  let description = [{
    Any ttg encoding of a tensor or memory descriptor: it has a rank (the
    number of tensor dimensions it describes). Every such encoding also has
    a `getCGALayout()` method (reached generically through the free function
    `getCGALayout(Attribute)`) saying how the CTAs of a cluster split the
    tensor.
  }];
  let methods = [
    InterfaceMethod<"Number of tensor dimensions this encoding describes.",
                    "unsigned", "getRank">,
  ];
}

def TTG_DistributedEncodingTrait : AttrInterface<"DistributedEncodingTrait"> {
  let cppNamespace = "::mlir::triton::gpu";
  let description = [{
    An encoding of a tensor held in registers: each element is owned by
    one or more (register, lane, warp, CTA) positions. The counts below are
    the hardware extents the layout is written for; they must match the
    module's "ttg.threads-per-warp", "ttg.num-warps" and "ttg.num-ctas".
  }];
  let methods = [
    InterfaceMethod<"Number of lanes of a warp the layout distributes over.",
                    "unsigned", "getLanesPerWarp">,
    InterfaceMethod<"Number of warps of a CTA the layout distributes over.",
                    "unsigned", "getNumWarpsCovered">,
  ];
}

def TTG_SharedEncodingTrait : AttrInterface<"SharedEncodingTrait"> {
  let cppNamespace = "::mlir::triton::gpu";
  let description = [{
    An encoding of a buffer in shared memory (the encoding of a
    `!ttg.memdesc` in `#ttg.shared_memory`): how tensor elements are placed
    at shared-memory offsets, swizzled or not.
  }];
}

def TTG_MmaEncodingTrait : AttrInterface<"MmaEncodingTrait"> {
  let cppNamespace = "::mlir::triton::gpu";
  let description = [{
    The accumulator layout of a matrix instruction (NVIDIA mma/wgmma, AMD
    MFMA/WMMA); such layouts can be the parent of a `#ttg.dot_op`.
  }];
}

#endif // TT_DIALECT_TRITONGPU_IR_TRITONGPUATTRINTERFACES_TD
