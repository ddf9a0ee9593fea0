//===- TritonGPUTypes.td - types of the ttg dialect ----------*- tablegen -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#ifndef TT_DIALECT_TRITONGPU_IR_TRITONGPUTYPES_TD
#define TT_DIALECT_TRITONGPU_IR_TRITONGPUTYPES_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"
include "tt/Dialect/TritonGPU/IR/TritonGPUDialect.td"

class TTG_TypeDef<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<TritonGPU_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def TTG_AsyncToken : TTG_TypeDef<"AsyncToken", "async.token"> {
  let summary = "a handle on an asynchronous copy or copy group";
  let description = [{
    `!ttg.async.token` links asynchronous operations
    (`ttg.async_copy_global_to_local`) to the operations that group them
    (`ttg.async_commit_group`) and wait for them (`ttg.async_wait`), so that
    the dependence is visible in SSA form.
  }];
}

def TTG_MemDescType : TTG_TypeDef<"MemDesc", "memdesc", [ShapedTypeInterface]> {
  let summary = "a descriptor of a buffer in shared (or other on-chip) memory";
  let description = [{
    `!ttg.memdesc<SHAPExELT, ENCODING, MEMSPACE[, mutable][, ALLOCSHAPE]>`
    views a buffer as a tensor of the given shape and element type placed by
    a shared-memory encoding. `mutable` buffers may be written after their
    allocation. The allocation shape (printed only when it differs from the
    shape) is the shape of the whole buffer a view was taken from, for
    example the pipelined `4x128x64` buffer of a `128x64` stage.

    ```mlir
    !ttg.memdesc<4x128x64xf16, #shared, #smem, mutable>
    !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 128x64>
    ```

    Every dimension except the first (the pipelining dimension) is a power
    of two; the shape must fit in the allocation shape.
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType,
                        "::mlir::Attribute":$encoding,
                        "::mlir::Attribute":$memorySpace,
                        "bool":$mutableMemory,
                        ArrayRefParameter<"int64_t">:$allocShape);
  let builders = [
    TypeBuilderWithInferredContext<(ins "::llvm::ArrayRef<int64_t>":$shape,
        "::mlir::Type":$elementType, "::mlir::Attribute":$encoding,
        "::mlir::Attribute":$memorySpace,
        CArg<"bool", "false">:$mutableMemory), [{
      return $_get(elementType.getContext(), shape, elementType, encoding,
                   memorySpace, mutableMemory, shape);
    }]>,
    TypeBuilderWithInferredContext<(ins "::llvm::ArrayRef<int64_t>":$shape,
        "::mlir::Type":$elementType, "::mlir::Attribute":$encoding,
        "::mlir::Attribute":$memorySpace, "bool":$mutableMemory,
        "::llvm::ArrayRef<int64_t>":$allocShape), [{
      return $_get(elementType.getContext(), shape, elementType, encoding,
                   memorySpace, mutableMemory, allocShape);
    }]>
  ];
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// ShapedType interface: the same descriptor with another shape and/or
    /// element type (the allocation shape follows a new shape).
    MemDescType cloneWith(std::optional<::llvm::ArrayRef<int64_t>> shape,
                          ::mlir::Type elementType) const {
      auto newShape = shape.value_or(getShape());
      return MemDescType::get(newShape, elementType, getEncoding(),
                              getMemorySpace(), getMutableMemory(),
                              shape ? newShape : getAllocShape());
    }
    bool hasRank() const { return true; }
  }];
}

#endif // TT_DIALECT_TRITONGPU_IR_TRITONGPUTYPES_TD
