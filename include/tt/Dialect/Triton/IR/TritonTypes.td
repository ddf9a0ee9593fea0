//===- TritonTypes.td - types of the tt dialect --------------*- tablegen -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#ifndef TT_DIALECT_TRITON_IR_TRITONTYPES_TD
#define TT_DIALECT_TRITON_IR_TRITONTYPES_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"
include "tt/Dialect/Triton/IR/TritonDialect.td"

class TT_TypeDef<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Triton_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def TT_PtrType : TT_TypeDef<"Pointer", "ptr"> {
  let summary = "a pointer into an address space, to a scalar or to a tensor block";
  let description = [{
    `!tt.ptr<T>` points to values of type `T` in global memory (address
    space 1, omitted when printed); `!tt.ptr<T, N>` names another address
    space. When `T` is a ranked tensor the pointer is a *block pointer*
    (built by `tt.make_tensor_ptr`, moved by `tt.advance`), and loads and
    stores through it move the whole block.

    ```mlir
    !tt.ptr<f32>
    !tt.ptr<i8, 3>
    !tt.ptr<tensor<128x64xf16>>
    ```
  }];
  let parameters = (ins "Type":$pointeeType, "int":$addressSpace);
  let builders = [
    TypeBuilderWithInferredContext<(ins "Type":$pointeeType,
                                        CArg<"int", "1">:$addressSpace), [{
      return $_get(pointeeType.getContext(), pointeeType, addressSpace);
    }]>
  ];
  let skipDefaultBuilders = 1;
  let hasCustomAssemblyFormat = 1;
}

def TT_TensorDescType : TT_TypeDef<"TensorDesc", "tensordesc"> {
  let summary = "a descriptor of a tiled view of a global tensor (TMA on Hopper)";
  let description = [{
    `!tt.tensordesc<tensor<64x64xf16>>` describes a strided global tensor
    (base, shape, strides) read and written one block of the given shape at
    a time. It is created by `tt.make_tensor_descriptor` or passed in as a
    kernel argument, and used by `tt.descriptor_load`, `tt.descriptor_store`,
    `tt.descriptor_reduce` and the gather/scatter forms.
  }];
  let parameters = (ins "RankedTensorType":$blockType);
  let assemblyFormat = "`<` $blockType `>`";
}

//===----------------------------------------------------------------------===//
// Type constraints
//===----------------------------------------------------------------------===//

def TT_Float : AnyTypeOf<[F8E4M3FNUZ, F8E4M3FN, F8E4M3B11FNUZ, F8E5M2,
                          F8E5M2FNUZ, F16, BF16, F32, F64], "floating-point">;
def TT_FloatTensor : RankedTensorOf<[TT_Float]>;
def TT_FloatLike : AnyTypeOf<[TT_Float, TT_FloatTensor]>;

def TT_BoolTensor : RankedTensorOf<[I1]>;
def TT_BoolLike : AnyTypeOf<[I1, TT_BoolTensor]>;

def TT_Int : AnyTypeOf<[I1, I8, I16, I32, I64], "integer">;
def TT_IntTensor : RankedTensorOf<[TT_Int]>;
def TT_IntLike : AnyTypeOf<[TT_Int, TT_IntTensor]>;

def TT_I32Like : AnyTypeOf<[I32, RankedTensorOf<[I32]>]>;
def TT_I64Like : AnyTypeOf<[I64, RankedTensorOf<[I64]>]>;

def TT_Ptr : DialectType<Triton_Dialect,
    CPred<"::llvm::isa<::mlir::triton::PointerType>($_self)">,
    "pointer", "::mlir::triton::PointerType">;
def TT_PtrTensor : RankedTensorOf<[TT_Ptr]>;
def TT_PtrLike : AnyTypeOf<[TT_Ptr, TT_PtrTensor]>;

def TT_FpIntTensor : AnyTypeOf<[TT_FloatTensor, TT_IntTensor]>;
def TT_Tensor : AnyTypeOf<[TT_FpIntTensor, TT_PtrTensor]>;

// A pointer whose pointee is a ranked tensor (a block pointer).
def TT_TensorPtr : DialectType<Triton_Dialect,
    And<[CPred<"::llvm::isa<::mlir::triton::PointerType>($_self)">,
         CPred<"::llvm::isa<::mlir::RankedTensorType>("
               "::llvm::cast<::mlir::triton::PointerType>($_self).getPointeeType())">]>,
    "block pointer (pointer to a tensor)", "::mlir::triton::PointerType">;

def TT_TensorDesc : DialectType<Triton_Dialect,
    CPred<"::llvm::isa<::mlir::triton::TensorDescType>($_self)">,
    "tensor descriptor", "::mlir::triton::TensorDescType">;

def TT_Type : AnyTypeOf<[TT_FloatLike, TT_IntLike, TT_PtrLike, TT_TensorPtr,
                         TT_TensorDesc]>;

#endif // TT_DIALECT_TRITON_IR_TRITONTYPES_TD
