//===- TritonDialect.td - the tt dialect ---------------------*- tablegen -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#ifndef TT_DIALECT_TRITON_IR_TRITONDIALECT_TD
#define TT_DIALECT_TRITON_IR_TRITONDIALECT_TD

include "mlir/IR/OpBase.td"

def Triton_Dialect : Dialect {
  let name = "tt";
  let cppNamespace = "::mlir::triton";
  let summary = "Triton IR: tile-level programs over tensors of values and pointers";
  let description = [{
    The `tt` dialect is the first stage of the Triton compiler (TTIR). A
    kernel is a `tt.func` whose body computes on whole tiles: ranked tensors
    of integers, floats or pointers without any layout information. Memory is
    reached through `!tt.ptr` values (scalars, tensors of pointers, or
    pointers to whole tensor blocks) and through tensor descriptors.

    The textual syntax is that of upstream Triton 3.6, so IR dumped by
    upstream's `TRITON_KERNEL_DUMP=1` parses unchanged.
  }];
  let dependentDialects = [
    "arith::ArithDialect",
    "math::MathDialect",
    "scf::SCFDialect",
    "cf::ControlFlowDialect",
    "ub::UBDialect",
  ];
  let useDefaultTypePrinterParser = 1;
  let hasConstantMaterializer = 1;
  // The value hints `tt.divisibility`, `tt.contiguity` and `tt.constancy`
  // are checked where they appear: on kernel arguments and on the ops that
  // tl.multiple_of / tl.max_contiguous / tl.max_constancy annotate.
  let hasRegionArgAttrVerify = 1;
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    void registerTypes();
  }];
}

//===----------------------------------------------------------------------===//
// Traits (C++ in tt/Dialect/Triton/IR/Traits.h)
//===----------------------------------------------------------------------===//

class TT_NativeOpTrait<string name> : NativeOpTrait<name> {
  let cppNamespace = "::mlir::triton::OpTrait";
}

// Tensors have a power-of-two number of elements, at most 2^20.
def TT_TensorSizeTrait : TT_NativeOpTrait<"TensorSizeTrait">;
// All tensor operands carry the same layout encoding.
def TT_SameOperandsEncoding : TT_NativeOpTrait<"SameOperandsEncoding">;
// All tensor operands and results carry the same layout encoding.
def TT_SameOperandsAndResultEncoding
    : TT_NativeOpTrait<"SameOperandsAndResultEncoding">;

// Base class of tt ops: every op checks the size of its tensors.
class TT_Op<string mnemonic, list<Trait> traits = []>
    : Op<Triton_Dialect, mnemonic, !listconcat(traits, [TT_TensorSizeTrait])>;

#endif // TT_DIALECT_TRITON_IR_TRITONDIALECT_TD
