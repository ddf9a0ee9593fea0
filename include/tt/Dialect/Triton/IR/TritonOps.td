//===- TritonOps.td - operations of the tt dialect -----------*- tablegen -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Assembly formats reproduce upstream Triton 3.6's textual syntax; the
// descriptions are ours.
//
//===----------------------------------------------------------------------===//

#ifndef TT_DIALECT_TRITON_IR_TRITONOPS_TD
#define TT_DIALECT_TRITON_IR_TRITONOPS_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/CallInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/OpAsmInterface.td"
include "tt/Dialect/Triton/IR/TritonDialect.td"
include "tt/Dialect/Triton/IR/TritonTypes.td"
include "tt/Dialect/Triton/IR/TritonEnums.td"

def GlobalMemory : Resource<"::mlir::triton::GlobalMemory">;

//===----------------------------------------------------------------------===//
// Functions and calls
//===----------------------------------------------------------------------===//

def TT_FuncOp : TT_Op<"func", [
    AffineScope, AutomaticAllocationScope, CallableOpInterface,
    FunctionOpInterface, IsolatedFromAbove,
    HasParent<"ModuleOp">]> {
  let summary = "a Triton kernel or device function";
  let description = [{
    A function whose body is one region of tile-level code. Public
    functions are kernels (entry points of a launch); private ones are
    device functions reached through `tt.call`, inlined unless they carry
    `noinline = true`. Argument attributes carry what the frontend knows
    about the values, chiefly `tt.divisibility = 16` on pointers and integers
    known to be multiples of 16.

    ```mlir
    tt.func public @add(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32)
        attributes {noinline = false} {
      tt.return
    }
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<StrAttr>:$sym_visibility,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let regions = (region AnyRegion:$body);
  let builders = [OpBuilder<(ins "StringRef":$name, "FunctionType":$type,
      CArg<"ArrayRef<NamedAttribute>", "{}">:$attrs,
      CArg<"ArrayRef<DictionaryAttr>", "{}">:$argAttrs)>];
  let extraClassDeclaration = [{
    /// Returns the argument types of this function.
    ArrayRef<Type> getArgumentTypes() { return getFunctionType().getInputs(); }
    /// Returns the result types of this function.
    ArrayRef<Type> getResultTypes() { return getFunctionType().getResults(); }
    Region *getCallableRegion() { return isExternal() ? nullptr : &getBody(); }
    bool isDeclaration() { return isExternal(); }
  }];
  let hasCustomAssemblyFormat = 1;
  let hasRegionVerifier = 1;
}

def TT_CallOp : TT_Op<"call", [CallOpInterface,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "call a tt.func";
  let description = [{
    Calls the function named by `callee` with the given operands. The types
    must match the callee's signature.

    ```mlir
    %r = tt.call @combine(%a, %b) : (f32, f32) -> f32
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$callee, Variadic<AnyType>:$operands,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let results = (outs Variadic<AnyType>);
  let builders = [
    OpBuilder<(ins "FuncOp":$callee, CArg<"ValueRange", "{}">:$operands), [{
      $_state.addOperands(operands);
      $_state.addAttribute("callee", SymbolRefAttr::get(callee));
      $_state.addTypes(callee.getFunctionType().getResults());
    }]>,
    OpBuilder<(ins "SymbolRefAttr":$callee, "TypeRange":$results,
                   CArg<"ValueRange", "{}">:$operands), [{
      $_state.addOperands(operands);
      $_state.addAttribute("callee", callee);
      $_state.addTypes(results);
    }]>];
  let extraClassDeclaration = [{
    FunctionType getCalleeType() {
      return FunctionType::get(getContext(), getOperandTypes(), getResultTypes());
    }
    operand_range getArgOperands() { return getOperands(); }
    operand_iterator arg_operand_begin() { return operand_begin(); }
    operand_iterator arg_operand_end() { return operand_end(); }
    CallInterfaceCallable getCallableForCallee() {
      return (*this)->getAttrOfType<SymbolRefAttr>("callee");
    }
    void setCalleeFromCallable(CallInterfaceCallable callee) {
      (*this)->setAttr("callee", cast<SymbolRefAttr>(callee));
    }
    MutableOperandRange getArgOperandsMutable() { return getOperandsMutable(); }
  }];
  let assemblyFormat = [{
    $callee `(` $operands `)` attr-dict `:` functional-type($operands, results)
  }];
}

def TT_ReturnOp : TT_Op<"return", [Pure, HasParent<"FuncOp">, ReturnLike,
                                   Terminator]> {
  let summary = "return from a tt.func";
  let description = [{
    Ends a function body, passing the given values back to the caller. The
    operand types must match the function's result types.
  }];
  let arguments = (ins Variadic<AnyType>:$srcs);
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, {}); }]>];
  let assemblyFormat = "attr-dict ($srcs^ `:` type($srcs))?";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Program identity
//===----------------------------------------------------------------------===//

def TT_GetProgramIdOp : TT_Op<"get_program_id", [Pure]> {
  let summary = "index of the running program along one grid axis";
  let description = [{
    Returns the index (0-based) of the current program instance along axis
    `x`, `y` or `z` of the launch grid.

    ```mlir
    %pid = tt.get_program_id x : i32
    ```
  }];
  let arguments = (ins TT_ProgramDim:$axis);
  let results = (outs I32:$result);
  let assemblyFormat = "$axis attr-dict `:` type($result)";
  let extraClassDeclaration = [{
    int32_t getAxisAsInt() { return static_cast<int32_t>(getAxis()); }
  }];
}

def TT_GetNumProgramsOp : TT_Op<"get_num_programs", [Pure]> {
  let summary = "number of programs along one grid axis";
  let description = [{
    Returns the extent of the launch grid along axis `x`, `y` or `z`.

    ```mlir
    %n = tt.get_num_programs y : i32
    ```
  }];
  let arguments = (ins TT_ProgramDim:$axis);
  let results = (outs I32:$result);
  let assemblyFormat = "$axis attr-dict `:` type($result)";
  let extraClassDeclaration = [{
    int32_t getAxisAsInt() { return static_cast<int32_t>(getAxis()); }
  }];
}

//===----------------------------------------------------------------------===//
// Tensor creation and shape manipulation
//===----------------------------------------------------------------------===//

def TT_MakeRangeOp : TT_Op<"make_range", [Pure]> {
  let summary = "a 1-D tensor holding start, start+1, ..., end-1";
  let description = [{
    Produces the integers of the half-open interval `[start, end)` as a 1-D
    i32 tensor. The number of elements, `end - start`, must be a power of
    two and equal the tensor's length.

    ```mlir
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    ```
  }];
  let arguments = (ins I32Attr:$start, I32Attr:$end);
  let results = (outs RankedTensorOf<[I32]>:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def TT_SplatOp : TT_Op<"splat", [Pure, SameOperandsAndResultElementType,
                                 TT_SameOperandsAndResultEncoding]> {
  let summary = "a tensor with every element equal to one scalar";
  let description = [{
    Broadcasts a scalar (integer, float or pointer) to every element of a
    tensor of the result's shape.

    ```mlir
    %t = tt.splat %p : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    ```
  }];
  let arguments = (ins TT_Type:$src);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def TT_AddPtrOp : TT_Op<"addptr", [Pure, Elementwise,
    SameOperandsAndResultShape, TT_SameOperandsAndResultEncoding, TypesMatchWith<"result type matches ptr type",
      "result", "ptr", "$_self">]> {
  let summary = "advance pointers by a number of elements";
  let description = [{
    Adds `offset` elements (scaled by the pointee size) to each pointer.
    Works on scalars and elementwise on tensors of pointers; the offset is a
    signed integer of any width.

    ```mlir
    %q = tt.addptr %p, %offs : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    ```
  }];
  let arguments = (ins TT_PtrLike:$ptr, TT_IntLike:$offset);
  let results = (outs TT_PtrLike:$result);
  let assemblyFormat = "$ptr `,` $offset attr-dict `:` type($result) `,` type($offset)";
  let hasFolder = 1;
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

def TT_LoadOp : TT_Op<"load", [
    AttrSizedOperandSegments, TT_SameOperandsAndResultEncoding,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    TypesMatchWith<"result matches the pointee of ptr", "ptr", "result",
                   "::mlir::triton::getPointeeType($_self)">,
    TypesMatchWith<"mask has the shape of ptr with i1 elements", "ptr", "mask",
                   "::mlir::triton::getI1SameShape(::mlir::triton::getPointeeType($_self))",
                   "($_op.getOperands().size() <= 1) || std::equal_to<>()">,
    TypesMatchWith<"other matches the loaded value", "ptr", "other",
                   "::mlir::triton::getPointeeType($_self)",
                   "($_op.getOperands().size() <= 2) || std::equal_to<>()">]> {
  let summary = "read values from global memory";
  let description = [{
    Loads through a pointer, a tensor of pointers, or a block pointer.
    Elements whose `mask` bit is false are not read; they take `other`
    (undefined when absent). Block-pointer loads check the dimensions listed
    in `boundaryCheck` against the block's shape and fill out-of-bounds
    elements according to `padding`. `cacheModifier`, `evictionPolicy` and
    `isVolatile` are hints passed to the hardware.

    ```mlir
    %v = tt.load %ptrs, %mask, %other : tensor<1024x!tt.ptr<f32>>
    %b = tt.load %bp {boundaryCheck = array<i32: 0>, padding = 1 : i32} : !tt.ptr<tensor<64x64xf16>>
    ```
  }];
  let arguments = (ins
    AnyTypeOf<[TT_PtrLike, TT_TensorPtr]>:$ptr,
    Optional<TT_BoolLike>:$mask,
    Optional<TT_Type>:$other,
    DefaultValuedAttr<DenseI32ArrayAttr, "::llvm::ArrayRef<int32_t>{}">:$boundaryCheck,
    OptionalAttr<TT_PaddingOptionAttr>:$padding,
    DefaultValuedAttr<TT_CacheModifierAttr, "::mlir::triton::CacheModifier::NONE">:$cache,
    DefaultValuedAttr<TT_EvictionPolicyAttr, "::mlir::triton::EvictionPolicy::NORMAL">:$evict,
    DefaultValuedAttr<BoolAttr, "false">:$isVolatile);
  let results = (outs TT_Type:$result);
  let builders = [
    OpBuilder<(ins "Value":$ptr, "Value":$mask, "Value":$other,
                   "::mlir::triton::CacheModifier":$cache,
                   "::mlir::triton::EvictionPolicy":$evict, "bool":$isVolatile)>];
  let assemblyFormat = [{
    $ptr (`,` $mask^)? (`,` $other^)?
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)
    attr-dict `:` type($ptr)
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def TT_StoreOp : TT_Op<"store", [
    TT_SameOperandsEncoding,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    TypesMatchWith<"value matches the pointee of ptr", "ptr", "value",
                   "::mlir::triton::getPointeeType($_self)">,
    TypesMatchWith<"mask has the shape of ptr with i1 elements", "ptr", "mask",
                   "::mlir::triton::getI1SameShape(::mlir::triton::getPointeeType($_self))",
                   "($_op.getOperands().size() <= 2) || std::equal_to<>()">]> {
  let summary = "write values to global memory";
  let description = [{
    Stores `value` through a pointer, a tensor of pointers, or a block
    pointer. Elements whose `mask` bit is false are not written; for block
    pointers the dimensions in `boundaryCheck` are checked against the
    block's shape instead.

    ```mlir
    tt.store %ptrs, %v, %mask : tensor<1024x!tt.ptr<f32>>
    ```
  }];
  let arguments = (ins
    AnyTypeOf<[TT_PtrLike, TT_TensorPtr]>:$ptr,
    TT_Type:$value,
    Optional<TT_BoolLike>:$mask,
    DefaultValuedAttr<DenseI32ArrayAttr, "::llvm::ArrayRef<int32_t>{}">:$boundaryCheck,
    DefaultValuedAttr<TT_CacheModifierAttr, "::mlir::triton::CacheModifier::NONE">:$cache,
    DefaultValuedAttr<TT_EvictionPolicyAttr, "::mlir::triton::EvictionPolicy::NORMAL">:$evict);
  let assemblyFormat = [{
    $ptr `,` $value (`,` $mask^)?
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)
    attr-dict `:` type($ptr)
  }];
  let hasCanonicalizer = 1;
}

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

def TT_IntToPtrOp : TT_Op<"int_to_ptr", [Pure, Elementwise,
    SameOperandsAndResultShape, TT_SameOperandsAndResultEncoding]> {
  let summary = "reinterpret 64-bit integers as pointers";
  let description = [{
    Turns each i64 address into a global-memory pointer of the result's
    pointee type. Works on scalars and elementwise on tensors.

    ```mlir
    %p = tt.int_to_ptr %addr : i64 -> !tt.ptr<f32>
    ```
  }];
  let arguments = (ins TT_I64Like:$src);
  let results = (outs TT_PtrLike:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasFolder = 1;
}

def TT_PtrToIntOp : TT_Op<"ptr_to_int", [Pure, Elementwise,
    SameOperandsAndResultShape, TT_SameOperandsAndResultEncoding]> {
  let summary = "the 64-bit address held by pointers";
  let description = [{
    Returns the address of each pointer as an i64, the inverse of
    `tt.int_to_ptr`.

    ```mlir
    %a = tt.ptr_to_int %ps : tensor<64x!tt.ptr<f16>> -> tensor<64xi64>
    ```
  }];
  let arguments = (ins TT_PtrLike:$src);
  let results = (outs TT_I64Like:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasFolder = 1;
}

def TT_BitcastOp : TT_Op<"bitcast", [Pure, Elementwise,
    SameOperandsAndResultShape, TT_SameOperandsAndResultEncoding]> {
  let summary = "reinterpret the bits of each element as another type";
  let description = [{
    Reinterprets every element as a type of the same bit width, without
    changing any bit. Unlike `arith.bitcast` it also accepts pointers, which
    may be cast to other pointer types only (pointers are 64 bits wide).

    ```mlir
    %i = tt.bitcast %x : tensor<128xf32> -> tensor<128xi32>
    %q = tt.bitcast %p : !tt.ptr<f16> -> !tt.ptr<i16>
    ```
  }];
  let arguments = (ins TT_Type:$src);
  let results = (outs TT_Type:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasFolder = 1;
  let hasVerifier = 1;
}

def TT_FpToFpOp : TT_Op<"fp_to_fp", [Pure, Elementwise,
    SameOperandsAndResultShape, TT_SameOperandsAndResultEncoding]> {
  let summary = "convert between floating-point formats, fp8 included";
  let description = [{
    Converts each element to another floating-point type. It covers what
    `arith.extf`/`arith.truncf` cannot express: the fp8 formats and an
    explicit rounding mode. Narrowing conversions must name their rounding
    (`rtne` round to nearest even, `rtz` toward zero); widening ones are
    exact and take none.

    ```mlir
    %h = tt.fp_to_fp %x, rounding = rtne : tensor<64xf32> -> tensor<64xf8E4M3FN>
    %f = tt.fp_to_fp %h : tensor<64xf8E4M3FN> -> tensor<64xf32>
    ```
  }];
  let arguments = (ins TT_FloatLike:$src,
                       OptionalAttr<TT_RoundingModeAttr>:$rounding);
  let results = (outs TT_FloatLike:$result);
  let assemblyFormat = [{
    $src attr-dict (`,` `rounding` `=` $rounding^)? `:` type($src) `->` type($result)
  }];
  let hasFolder = 1;
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Arithmetic and math
//===----------------------------------------------------------------------===//

def TT_ClampFOp : TT_Op<"clampf", [Pure, Elementwise,
                                   SameOperandsAndResultType]> {
  let summary = "clamp floating-point values to [min, max]";
  let description = [{
    Returns `min(max(x, min), max)` elementwise. With `propagateNan = all`
    a NaN in any operand gives NaN; with `none` NaNs are ignored in favour of
    the other operand, as in IEEE minNum/maxNum.

    ```mlir
    %c = tt.clampf %x, %lo, %hi, propagateNan = none : tensor<256xf32>
    ```
  }];
  let arguments = (ins TT_FloatLike:$x, TT_FloatLike:$min, TT_FloatLike:$max,
                       TT_PropagateNanAttr:$propagateNan);
  let results = (outs TT_FloatLike:$result);
  let assemblyFormat = [{
    $x `,` $min `,` $max `,` `propagateNan` `=` $propagateNan attr-dict `:` type($result)
  }];
}

def TT_PreciseSqrtOp : TT_Op<"precise_sqrt", [Pure, Elementwise,
                                              SameOperandsAndResultType]> {
  let summary = "correctly rounded square root";
  let description = [{
    Square root rounded to nearest even, as IEEE 754 requires, where
    `math.sqrt` may be lowered to a faster approximation.

    ```mlir
    %r = tt.precise_sqrt %x : tensor<128xf32>
    ```
  }];
  let arguments = (ins TT_FloatLike:$x);
  let results = (outs TT_FloatLike:$result);
  let assemblyFormat = "$x attr-dict `:` type($x)";
}

def TT_PreciseDivFOp : TT_Op<"precise_divf", [Pure, Elementwise,
                                              SameOperandsAndResultType]> {
  let summary = "correctly rounded floating-point division";
  let description = [{
    `x / y` rounded to nearest even, where `arith.divf` may be lowered to a
    faster approximate division.

    ```mlir
    %q = tt.precise_divf %x, %y : tensor<128xf32>
    ```
  }];
  let arguments = (ins TT_FloatLike:$x, TT_FloatLike:$y);
  let results = (outs TT_FloatLike:$result);
  let assemblyFormat = "$x `,` $y attr-dict `:` type($x)";
}

def TT_MulhiUIOp : TT_Op<"mulhiui", [Pure, Elementwise,
                                     SameOperandsAndResultType]> {
  let summary = "high half of an unsigned full-width product";
  let description = [{
    For N-bit unsigned integers, the upper N bits of the 2N-bit product
    `x * y`.

    ```mlir
    %h = tt.mulhiui %x, %y : tensor<64xi32>
    ```
  }];
  let arguments = (ins TT_IntLike:$x, TT_IntLike:$y);
  let results = (outs TT_IntLike:$result);
  let assemblyFormat = "$x `,` $y attr-dict `:` type($x)";
}

//===----------------------------------------------------------------------===//
// Block pointers
//===----------------------------------------------------------------------===//

def TT_MakeTensorPtrOp : TT_Op<"make_tensor_ptr", [Pure,
    SameVariadicOperandSize,
    TypesMatchWith<"base is a pointer to the block's element type",
                   "result", "base",
                   "::mlir::triton::getBlockPointerBaseType($_self)">]> {
  let summary = "a pointer to a block of a strided global tensor";
  let description = [{
    Describes a tensor in global memory (`base` pointer, `shape` and
    `strides` in elements, all i64) and a block of it starting at `offsets`
    (i32). The block's shape is the result's pointee tensor type. `order`
    lists the dimensions from fastest- to slowest-varying in memory. Loads
    and stores through the result move the whole block; `tt.advance` moves
    it. There is one shape, stride and offset per block dimension.

    ```mlir
    %bp = tt.make_tensor_ptr %base, [%m, %k], [%sm, %c1], [%o0, %o1]
            {order = array<i32: 1, 0>} : <tensor<128x64xf16>>
    ```
  }];
  let arguments = (ins TT_Ptr:$base, Variadic<I64>:$shape,
                       Variadic<I64>:$strides, Variadic<I32>:$offsets,
                       DenseI32ArrayAttr:$order);
  let results = (outs TT_TensorPtr:$result);
  let assemblyFormat = [{
    $base `,` `[` $shape `]` `,` `[` $strides `]` `,` `[` $offsets `]` attr-dict `:` type($result)
  }];
  let builders = [
    OpBuilder<(ins "Value":$base, "ValueRange":$shape, "ValueRange":$strides,
                   "ValueRange":$offsets, "ArrayRef<int32_t>":$blockShape,
                   "ArrayRef<int32_t>":$order)>];
  let hasVerifier = 1;
}

def TT_AdvanceOp : TT_Op<"advance", [Pure,
    TypesMatchWith<"result has the type of ptr", "result", "ptr", "$_self">]> {
  let summary = "move a block pointer by a number of elements per dimension";
  let description = [{
    Returns the block pointer `ptr` with `offsets[i]` added to its offset in
    dimension `i`; there is one i32 offset per block dimension.

    ```mlir
    %next = tt.advance %bp, [%c0, %c64] : <tensor<128x64xf16>>
    ```
  }];
  let arguments = (ins TT_TensorPtr:$ptr, Variadic<I32>:$offsets);
  let results = (outs TT_TensorPtr:$result);
  let assemblyFormat = "$ptr `,` `[` $offsets `]` attr-dict `:` type($result)";
  let hasFolder = 1;
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

def TT_AtomicRMWOp : TT_Op<"atomic_rmw", [
    SameOperandsAndResultShape, TT_SameOperandsAndResultEncoding,
    TypesMatchWith<"ptr points to elements of val's type", "val", "ptr",
                   "::mlir::triton::getPointerTypeSameShape($_self)">,
    TypesMatchWith<"mask has the shape of val with i1 elements",
                   "val", "mask", "::mlir::triton::getI1SameShape($_self)",
                   "($_op.getOperands().size() <= 2) || std::equal_to<>()">]> {
  let summary = "atomic read-modify-write in global memory";
  let description = [{
    For each element (whose `mask` bit is set, when a mask is given)
    atomically reads the value at `ptr`, combines it with `val` by
    `atomic_rmw_op` and writes the result back; returns the values read.
    `sem` orders the access against other memory operations and `scope`
    says which threads it is atomic with respect to. `fadd` works on floats;
    `add`, `and`, `or`, `xor`, `umax` and `umin` on integers.

    ```mlir
    %old = tt.atomic_rmw fadd, acq_rel, gpu, %ptrs, %v, %mask
             : (tensor<64x!tt.ptr<f32>>, tensor<64xf32>, tensor<64xi1>) -> tensor<64xf32>
    ```
  }];
  let arguments = (ins
    TT_AtomicRMWAttr:$atomic_rmw_op,
    Arg<TT_PtrLike, "", [MemRead<GlobalMemory>, MemWrite<GlobalMemory>]>:$ptr,
    TT_Type:$val,
    Optional<TT_BoolLike>:$mask,
    TT_MemSemanticAttr:$sem,
    TT_MemSyncScopeAttr:$scope);
  let results = (outs TT_Type:$result);
  let assemblyFormat = [{
    $atomic_rmw_op `,` $sem `,` $scope `,` $ptr `,` $val (`,` $mask^)? attr-dict `:`
    functional-type(operands, $result)
  }];
  let hasVerifier = 1;
}

def TT_AtomicCASOp : TT_Op<"atomic_cas", [
    SameOperandsAndResultShape, TT_SameOperandsAndResultEncoding,
    TypesMatchWith<"ptr points to elements of cmp's type", "cmp", "ptr",
                   "::mlir::triton::getPointerTypeSameShape($_self)">,
    TypesMatchWith<"ptr points to elements of val's type", "val", "ptr",
                   "::mlir::triton::getPointerTypeSameShape($_self)">]> {
  let summary = "atomic compare-and-swap in global memory";
  let description = [{
    For each element atomically reads the value `old` at `ptr`, writes
    `val` there if `old == cmp`, and returns `old`.

    ```mlir
    %old = tt.atomic_cas acq_rel, gpu, %p, %cmp, %val
             : (!tt.ptr<i32>, i32, i32) -> i32
    ```
  }];
  let arguments = (ins
    Arg<TT_PtrLike, "", [MemRead<GlobalMemory>, MemWrite<GlobalMemory>]>:$ptr,
    TT_Type:$cmp,
    TT_Type:$val,
    TT_MemSemanticAttr:$sem,
    TT_MemSyncScopeAttr:$scope);
  let results = (outs TT_Type:$result);
  let assemblyFormat = [{
    $sem `,` $scope `,` $ptr `,` $cmp `,` $val attr-dict `:`
    functional-type(operands, $result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Shape manipulation
//===----------------------------------------------------------------------===//

def TT_UnsplatOp : TT_Op<"unsplat", [Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "the single element of a one-element tensor";
  let description = [{
    Extracts the only element of a tensor whose dimensions are all 1 (or of
    rank 0), the inverse of `tt.splat`.

    ```mlir
    %s = tt.unsplat %t : tensor<1x1xf32>
    ```
  }];
  let arguments = (ins TT_Tensor:$src);
  let results = (outs TT_Type:$result);
  let assemblyFormat = "$src attr-dict `:` type($src)";
  let hasFolder = 1;
  let hasVerifier = 1;
}

def TT_ExpandDimsOp : TT_Op<"expand_dims", [Pure,
    SameOperandsAndResultElementType,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "insert a dimension of size 1";
  let description = [{
    Returns `src` with a new dimension of size 1 inserted before dimension
    `axis` (`axis` ranges over 0..rank, rank appending it last). Elements
    keep their order.

    ```mlir
    %c = tt.expand_dims %r {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    ```
  }];
  let arguments = (ins TT_Tensor:$src, I32Attr:$axis);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasCanonicalizer = 1;
  let hasFolder = 1;
  let extraClassDeclaration = [{
    /// Result types are compared up to equivalent layout encodings.
    static bool isCompatibleReturnTypes(::mlir::TypeRange lhs,
                                        ::mlir::TypeRange rhs);
  }];
}

def TT_ReshapeOp : TT_Op<"reshape", [Pure, SameOperandsAndResultElementType]> {
  let summary = "view a tensor with another shape of the same size";
  let description = [{
    Returns the elements of `src`, in row-major order, as a tensor of the
    result's shape; both have the same number of elements. With
    `allow_reorder` the compiler may instead place the elements in any
    order that suits the layout (for reductions and other uses where order
    does not matter). `efficient_layout` marks a result layout chosen on
    purpose that later passes should keep.

    With layouts (TTGIR), a reshape without `allow_reorder` moves no data:
    its result layout must keep every element in the register, lane and
    warp that hold it in the operand (the layout the ttg dialect infers, or
    one with the same linear layout); a conversion is a separate
    `ttg.convert_layout`.

    ```mlir
    %r = tt.reshape %x : tensor<32x4xf32> -> tensor<128xf32>
    %s = tt.reshape %x allow_reorder : tensor<32x4xf32> -> tensor<4x32xf32>
    ```
  }];
  let arguments = (ins TT_Tensor:$src, UnitAttr:$allow_reorder,
                       UnitAttr:$efficient_layout);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = [{
    $src (`allow_reorder` $allow_reorder^)? (`efficient_layout` $efficient_layout^)? attr-dict `:` type($src) `->` type($result)
  }];
  let builders = [
    OpBuilder<(ins "ArrayRef<int64_t>":$shape, "Value":$src,
                   CArg<"bool", "false">:$allowReorder)>];
  let hasCanonicalizer = 1;
  let hasFolder = 1;
  let hasVerifier = 1;
}

def TT_BroadcastOp : TT_Op<"broadcast", [Pure,
    SameOperandsAndResultElementType, TT_SameOperandsAndResultEncoding]> {
  let summary = "repeat a tensor along its dimensions of size 1";
  let description = [{
    Stretches every dimension of size 1 of `src` to the size of the same
    dimension of the result, repeating the values. Ranks are equal and all
    other dimensions are unchanged.

    ```mlir
    %b = tt.broadcast %x : tensor<1x64xi32> -> tensor<128x64xi32>
    ```
  }];
  let arguments = (ins TT_Tensor:$src);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasCanonicalizer = 1;
  let hasFolder = 1;
  let hasVerifier = 1;
}

// Not Pure: the order of the result's elements is unspecified, so two cats
// of the same operands need not be equal.
def TT_CatOp : TT_Op<"cat", [NoMemoryEffect, SameTypeOperands,
                             SameOperandsAndResultElementType]> {
  let summary = "concatenate two tensors, in an unspecified element order";
  let description = [{
    Returns a tensor holding all elements of `lhs` and `rhs` (of the same
    type); its first dimension is twice theirs. The compiler may order the
    elements as it likes, so only order-insensitive uses (reductions,
    histograms, sorting networks) should rely on it.

    ```mlir
    %c = tt.cat %a, %b : tensor<32xf32> -> tensor<64xf32>
    ```
  }];
  let arguments = (ins TT_Tensor:$lhs, TT_Tensor:$rhs);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)";
  let hasVerifier = 1;
}

def TT_JoinOp : TT_Op<"join", [Pure, SameTypeOperands]> {
  let summary = "interleave two tensors along a new minor dimension";
  let description = [{
    From two tensors of the same type and shape S, builds a tensor of shape
    S x 2 whose `[..., 0]` slice is `lhs` and `[..., 1]` slice is `rhs`.

    ```mlir
    %j = tt.join %a, %b : tensor<4x8xf32> -> tensor<4x8x2xf32>
    ```
  }];
  let arguments = (ins TT_Tensor:$lhs, TT_Tensor:$rhs);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)";
  let builders = [OpBuilder<(ins "Value":$lhs, "Value":$rhs)>];
  let hasVerifier = 1;
}

def TT_SplitOp : TT_Op<"split", [Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>,
    TypesMatchWith<"outLHS and outRHS have the same type",
                   "outLHS", "outRHS", "$_self">]> {
  let summary = "split a tensor in two along its last dimension of size 2";
  let description = [{
    The inverse of `tt.join`: for a tensor of shape S x 2 returns the slices
    `src[..., 0]` and `src[..., 1]`, each of shape S.

    ```mlir
    %lo, %hi = tt.split %x : tensor<4x8x2xf32> -> tensor<4x8xf32>
    ```
  }];
  let arguments = (ins TT_Tensor:$src);
  let results = (outs TT_Tensor:$outLHS, TT_Tensor:$outRHS);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($outLHS)";
  let hasFolder = 1;
  let extraClassDeclaration = [{
    /// Result types are compared up to equivalent layout encodings.
    static bool isCompatibleReturnTypes(::mlir::TypeRange lhs,
                                        ::mlir::TypeRange rhs);
  }];
}

def TT_TransOp : TT_Op<"trans", [Pure, SameOperandsAndResultElementType,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "permute the dimensions of a tensor";
  let description = [{
    Result dimension `i` is dimension `order[i]` of `src`; `order` is a
    permutation of 0..rank-1. It implements both `tl.trans` and
    `tl.permute`. In TTGIR the result's layout is chosen so that the op
    itself moves no data; any data movement shows up as layout conversions
    around it.

    ```mlir
    %t = tt.trans %x {order = array<i32: 1, 0>} : tensor<64x32xf16> -> tensor<32x64xf16>
    ```
  }];
  let arguments = (ins TT_Tensor:$src, DenseI32ArrayAttr:$order);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasCanonicalizer = 1;
  let hasFolder = 1;
  let extraClassDeclaration = [{
    /// Result types are compared up to equivalent layout encodings.
    static bool isCompatibleReturnTypes(::mlir::TypeRange lhs,
                                        ::mlir::TypeRange rhs);
  }];
}

def TT_GatherOp : TT_Op<"gather", [Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "gather elements along one axis by index";
  let description = [{
    `result[i0, ..., ik, ...] = src[i0, ..., indices[i0, ..., ik, ...], ...]`
    where the index replaces the coordinate along `axis`. The result has the
    shape (and layout) of `indices` and the element type of `src`. Both have
    the same rank; outside `axis` the dimensions of `indices` must match
    those of `src`. `efficient_layout` marks a layout chosen on purpose.

    ```mlir
    %g = tt.gather %src[%idx] {axis = 0 : i32}
           : (tensor<128x16xf32>, tensor<512x16xi32>) -> tensor<512x16xf32>
    ```
  }];
  let arguments = (ins TT_Tensor:$src, TT_IntTensor:$indices, I32Attr:$axis,
                       UnitAttr:$efficient_layout);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = [{
    $src `[` $indices `]` attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Result types are compared up to equivalent layout encodings.
    static bool isCompatibleReturnTypes(::mlir::TypeRange lhs,
                                        ::mlir::TypeRange rhs);
  }];
}

def TT_HistogramOp : TT_Op<"histogram", [Pure,
    TypesMatchWith<"mask has the shape of src with i1 elements",
                   "src", "mask", "::mlir::triton::getI1SameShape($_self)",
                   "($_op.getOperands().size() <= 1) || std::equal_to<>()">]> {
  let summary = "count the occurrences of each small integer";
  let description = [{
    Returns a 1-D tensor whose element `b` counts the elements of `src`
    (with their `mask` bit set, when given) equal to `b`; values outside
    `[0, number of bins)` are not counted.

    ```mlir
    %h = tt.histogram %x : tensor<1024xi32> -> tensor<64xi32>
    ```
  }];
  let arguments = (ins TT_IntTensor:$src, Optional<TT_BoolLike>:$mask);
  let results = (outs TT_IntTensor:$result);
  let assemblyFormat = [{
    $src (`,` $mask^)? attr-dict `:` type($src) `->` type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Matrix multiplication
//===----------------------------------------------------------------------===//

def TT_DotOp : TT_Op<"dot", [Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>,
    TypesMatchWith<"result has the accumulator's type", "d", "c", "$_self">]> {
  let summary = "matrix product with accumulation: d = a * b + c";
  let description = [{
    Multiplies `a` (M x K) by `b` (K x N) and adds the accumulator `c`
    (M x N); a leading batch dimension, the same in all operands, is
    allowed. `a` and `b` have elements of the same width; the result has
    `c`'s type.

    `inputPrecision` says how f32 inputs use tensor cores: `tf32` (one
    TF32 product), `tf32x3` / `bf16x3` / `bf16x6` (error-compensated
    sums of several reduced-precision products) or `ieee` (full f32, the
    default). It is ignored for other input types. `maxNumImpreciseAcc`
    bounds how many fp8 products may be accumulated at reduced precision
    before being added into a full-precision accumulator (0: no bound).

    ```mlir
    %d = tt.dot %a, %b, %c, inputPrecision = tf32
           : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
    ```
  }];
  let arguments = (ins
    TT_FpIntTensor:$a,
    TT_FpIntTensor:$b,
    TT_FpIntTensor:$c,
    DefaultValuedAttr<TT_InputPrecisionAttr,
                      "::mlir::triton::InputPrecision::IEEE">:$inputPrecision,
    DefaultValuedAttr<I32Attr, "0">:$maxNumImpreciseAcc);
  let results = (outs TT_FpIntTensor:$d);
  let assemblyFormat = [{
    $a`,` $b`,` $c (`,` `inputPrecision` `=` $inputPrecision^)? attr-dict `:`
    type($a) `*` type($b) `->` type($d)
  }];
  let hasVerifier = 1;
}

def TT_DotScaledOp : TT_Op<"dot_scaled", [Pure, AttrSizedOperandSegments,
    TypesMatchWith<"result has the accumulator's type", "d", "c", "$_self">]> {
  let summary = "matrix product of block-scaled (microscaling) operands";
  let description = [{
    Computes `d = scale(a, a_scale) * scale(b, b_scale) + c`, where each
    operand is stored in the format named by `lhs`/`rhs` and, when a scale
    tensor is given, every group of 16 or 32 consecutive elements along K
    is multiplied by one shared scale (an e8m0 exponent stored as i8, or an
    fp8 value). fp4 (`e2m1`) operands are stored as i8 holding two values,
    packed along K when `lhs_k_pack`/`rhs_k_pack` is true (the default) and
    along M/N otherwise. `fastMath` lets the lowering skip NaN/inf
    handling of the scales.

    ```mlir
    %d = tt.dot_scaled %a scale %as, %b scale %bs, %c lhs = e2m1 rhs = e4m3
           {fastMath = false}
           : tensor<128x32xi8>, tensor<128x2xi8> * tensor<64x128xf8E4M3FN>,
             tensor<128x2xi8> -> tensor<128x128xf32>
    ```
  }];
  let arguments = (ins
    RankedTensorOf<[TT_Float, I8]>:$a,
    RankedTensorOf<[TT_Float, I8]>:$b,
    TT_FloatTensor:$c,
    Optional<RankedTensorOf<[TT_Float, I8]>>:$a_scale,
    Optional<RankedTensorOf<[TT_Float, I8]>>:$b_scale,
    TT_ScaleDotElemTypeAttr:$a_elem_type,
    TT_ScaleDotElemTypeAttr:$b_elem_type,
    BoolAttr:$fastMath,
    DefaultValuedAttr<BoolAttr, "true">:$lhs_k_pack,
    DefaultValuedAttr<BoolAttr, "true">:$rhs_k_pack);
  let results = (outs TT_FloatTensor:$d);
  let assemblyFormat = [{
    $a (`scale` $a_scale^)? `,` $b (`scale` $b_scale^)? `,` $c
    `lhs` `=` $a_elem_type `rhs` `=` $b_elem_type attr-dict
    `:` type($a) (`,` type($a_scale)^)? `*` type($b) (`,` type($b_scale)^)? `->` type($d)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Reductions, scans and mapped regions
//===----------------------------------------------------------------------===//

def TT_ReduceOp : TT_Op<"reduce", [Pure, SameOperandsShape,
    TT_SameOperandsEncoding, SingleBlock,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "reduce tensors along one axis with a combining region";
  let description = [{
    Reduces N tensors of the same shape together along `axis`, combining
    elements with the region. The region's block takes 2N scalars (the N
    accumulated values, then the N new ones, each of its tensor's element
    type) and ends with `tt.reduce.return` of N scalars of those types. The
    combination must be associative and commutative: the order in which
    elements are combined is unspecified. Each result has its operand's
    shape without `axis` (a scalar for a 1-D operand).

    It has no custom syntax and prints in generic form:

    ```mlir
    %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %m = arith.maxnumf %a, %b : f32
      tt.reduce.return %m : f32
    }) : (tensor<64x128xf32>) -> tensor<64xf32>
    ```
  }];
  let arguments = (ins Variadic<TT_Tensor>:$srcs, I32Attr:$axis);
  let results = (outs Variadic<TT_Type>:$result);
  let regions = (region SizedRegion<1>:$combineOp);
  let builders = [OpBuilder<(ins "ValueRange":$srcs, "int":$axis)>];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    /// The tensor types of the operands.
    ::llvm::SmallVector<::mlir::RankedTensorType> getInputTypes();
    /// The element types of the operands (the region's argument types).
    ::llvm::SmallVector<::mlir::Type> getElementTypes();
    /// The one op the region computes its (single) result with, when the
    /// region is exactly that op followed by tt.reduce.return; else null.
    ::mlir::Operation *getSingleCombiner();
    /// Result types are compared up to equivalent layout encodings.
    static bool isCompatibleReturnTypes(::mlir::TypeRange lhs,
                                        ::mlir::TypeRange rhs);
  }];
}

def TT_ReduceReturnOp : TT_Op<"reduce.return", [Pure, HasParent<"ReduceOp">,
                                                Terminator, ReturnLike]> {
  let summary = "yield the combined values of a tt.reduce region";
  let description = [{
    Ends the combining region of `tt.reduce` with one value per reduced
    tensor.

    ```mlir
    tt.reduce.return %sum : f32
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$result);
  let assemblyFormat = "$result attr-dict `:` type($result)";
}

def TT_ScanOp : TT_Op<"scan", [Pure, SameOperandsAndResultShape,
    TT_SameOperandsAndResultEncoding, SingleBlock,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "inclusive prefix scan along one axis with a combining region";
  let description = [{
    Computes running combinations of N tensors along `axis` (from the end
    when `reverse` is true); results have the operands' types. The region
    is as for `tt.reduce` and ends with `tt.scan.return`; it must be
    associative.

    ```mlir
    %c = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: i32, %b: i32):
      %s = arith.addi %a, %b : i32
      tt.scan.return %s : i32
    }) : (tensor<128xi32>) -> tensor<128xi32>
    ```
  }];
  let arguments = (ins Variadic<TT_Tensor>:$srcs, I32Attr:$axis,
                       BoolAttr:$reverse);
  let results = (outs Variadic<TT_Tensor>:$result);
  let regions = (region SizedRegion<1>:$combineOp);
  let builders = [OpBuilder<(ins "ValueRange":$srcs, "int":$axis,
                                 "bool":$reverse)>];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    ::llvm::SmallVector<::mlir::RankedTensorType> getInputTypes();
    ::llvm::SmallVector<::mlir::Type> getElementTypes();
  }];
}

def TT_ScanReturnOp : TT_Op<"scan.return", [Pure, HasParent<"ScanOp">,
                                            Terminator, ReturnLike]> {
  let summary = "yield the combined values of a tt.scan region";
  let description = [{
    Ends the combining region of `tt.scan` with one value per scanned
    tensor.
  }];
  let arguments = (ins Variadic<AnyType>:$result);
  let assemblyFormat = "$result attr-dict `:` type($result)";
}

def TT_MapElementwiseOp : TT_Op<"map_elementwise", [RecursiveMemoryEffects,
    SameOperandsAndResultShape, TT_SameOperandsAndResultEncoding]> {
  let summary = "apply a scalar region to every element of some tensors";
  let description = [{
    Runs the region once per group of `pack` consecutive elements. For N
    operands and M results of the same shape, the region's entry block takes
    `pack * N` scalars (the `pack` elements of operand 0, then of operand 1,
    ...) and every `tt.map_elementwise.return` yields `pack * M` scalars in
    the same grouping. Unlike elementwise arithmetic the region may branch
    (several blocks, `cf` ops), so only the taken path is computed.

    It has no custom syntax and prints in generic form:

    ```mlir
    %r = "tt.map_elementwise"(%x, %y) <{pack = 1 : i32}> ({
    ^bb0(%a: i32, %b: i32):
      %s = arith.addi %a, %b : i32
      tt.map_elementwise.return %s : i32
    }) : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi32>
    ```
  }];
  let arguments = (ins Variadic<TT_Tensor>:$srcs, I32Attr:$pack);
  let results = (outs Variadic<TT_Tensor>:$result);
  let regions = (region AnyRegion:$scalarOp);
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def TT_MapElementwiseReturnOp : TT_Op<"map_elementwise.return", [Pure,
    HasParent<"MapElementwiseOp">, Terminator, ReturnLike]> {
  let summary = "yield the scalars computed by a tt.map_elementwise region";
  let description = [{
    Ends a path through the region of `tt.map_elementwise` with `pack`
    values per result.
  }];
  let arguments = (ins Variadic<AnyType>:$result);
  let assemblyFormat = "attr-dict ($result^ `:` type($result))?";
}

//===----------------------------------------------------------------------===//
// Calls into libraries and inline assembly
//===----------------------------------------------------------------------===//

def TT_ExternElementwiseOp : TT_Op<"extern_elementwise", [Elementwise,
    TT_SameOperandsAndResultEncoding, SameVariadicOperandSize,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    DeclareOpInterfaceMethods<ConditionallySpeculatable>]> {
  let summary = "call a device-library function on each element";
  let description = [{
    Calls function `symbol` of library `libname` (found at `libpath`, e.g.
    libdevice) elementwise on its operands. When `pure` is true the
    function has no side effects and may be moved, duplicated or removed
    like arithmetic; otherwise it is treated as reading and writing global
    memory.

    ```mlir
    %y = tt.extern_elementwise %x {libname = "", libpath = "", pure = true,
           symbol = "__nv_expf"} : (tensor<128xf32>) -> tensor<128xf32>
    ```
  }];
  let arguments = (ins Variadic<TT_Type>:$srcs, StrAttr:$libname,
                       StrAttr:$libpath, StrAttr:$symbol, BoolAttr:$pure);
  let results = (outs TT_Type:$result);
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, $result)";
}

def TT_ElementwiseInlineAsmOp : TT_Op<"elementwise_inline_asm", [Elementwise,
    TT_SameOperandsAndResultEncoding,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    DeclareOpInterfaceMethods<ConditionallySpeculatable>]> {
  let summary = "inline assembly applied to groups of packed elements";
  let description = [{
    Emits `asm_string` (with operand constraints `constraints`, in the
    target's inline-asm syntax) once per group of `packed_element` elements
    of the operands, producing the same number of elements of each result.
    Which elements form a group is unspecified. Operands and results that
    are tensors all have the same shape, whose number of elements is a
    multiple of `packed_element`. `pure` says the assembly has no side
    effects.

    ```mlir
    %r = tt.elementwise_inline_asm "shl.b32 $0, $1, 3;"
           {constraints = "=r,r", packed_element = 1 : i32, pure = true}
           %x : tensor<256xi32> -> tensor<256xi32>
    ```
  }];
  let arguments = (ins StrAttr:$asm_string, StrAttr:$constraints,
                       BoolAttr:$pure, I32Attr:$packed_element,
                       Variadic<AnyTypeOf<[TT_Type]>>:$args);
  let results = (outs Variadic<TT_Type>:$result);
  let assemblyFormat = [{
    $asm_string attr-dict ($args^ `:` type($args))? `->` type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Debugging
//===----------------------------------------------------------------------===//

def TT_PrintOp : TT_Op<"print", [SameVariadicOperandSize,
    MemoryEffects<[MemWrite<GlobalMemory>]>]> {
  let summary = "print values from the device, for debugging";
  let description = [{
    Prints `prefix` followed by each operand (scalars or every element of
    tensors, with their indices) from every program. `hex` prints integers
    in hexadecimal; `isSigned` has one entry per operand, nonzero where an
    integer operand is signed.

    ```mlir
    tt.print "x: " {hex = false, isSigned = array<i32: 1>} : %x : tensor<128xi32>
    ```
  }];
  let arguments = (ins StrAttr:$prefix, BoolAttr:$hex,
                       Variadic<AnyTypeOf<[TT_Type]>>:$args,
                       DenseI32ArrayAttr:$isSigned);
  let assemblyFormat = [{
    $prefix attr-dict (`:` $args^ `:` type($args))?
  }];
  let hasVerifier = 1;
}

def TT_AssertOp : TT_Op<"assert", [MemoryEffects<[MemWrite<GlobalMemory>]>]> {
  let summary = "abort the kernel when a condition does not hold";
  let description = [{
    If any element of `condition` is false, prints `message` (with the
    failing location) and aborts the launch.

    ```mlir
    tt.assert %ok, "index out of bounds" : tensor<128xi1>
    ```
  }];
  let arguments = (ins TT_BoolLike:$condition, StrAttr:$message);
  let assemblyFormat = "$condition `,` $message attr-dict `:` type($condition)";
  let hasCanonicalizer = 1;
}

//===----------------------------------------------------------------------===//
// Tensor descriptors (TMA on Hopper and later)
//===----------------------------------------------------------------------===//

def TT_MakeTensorDescOp : TT_Op<"make_tensor_descriptor", [Pure,
    SameVariadicOperandSize]> {
  let summary = "describe a strided global tensor for block-wise access";
  let description = [{
    Builds a tensor descriptor for the tensor at `base` with extents `shape`
    (i32) and `strides` (i64, in elements), one of each per dimension of
    the result's block type, which fixes the shape of the blocks read and
    written through it. Out-of-bounds elements read as zero, or as NaN with
    `padding = 2` (`nan`).

    ```mlir
    %d = tt.make_tensor_descriptor %p, [%m, %n], [%sm, %c1]
           : <f16>, <tensor<64x64xf16>>
    ```
  }];
  let arguments = (ins TT_Ptr:$base, Variadic<I32>:$shape,
                       Variadic<I64>:$strides,
                       DefaultValuedAttr<TT_PaddingOptionAttr,
                           "::mlir::triton::PaddingOption::PAD_ZERO">:$padding);
  let results = (outs TT_TensorDesc:$result);
  let assemblyFormat = [{
    $base `,` `[` $shape `]` `,` `[` $strides `]` attr-dict `:` type($base) `,` type($result)
  }];
  let builders = [
    OpBuilder<(ins "Value":$base, "ValueRange":$shape, "ValueRange":$strides,
                   "ArrayRef<int64_t>":$blockShape)>];
  let hasVerifier = 1;
}

def TT_DescriptorLoadOp : TT_Op<"descriptor_load", []> {
  let summary = "load one block through a tensor descriptor";
  let description = [{
    Reads the block whose first element is at coordinates `indices` (one
    i32 per dimension) of the described tensor; out-of-bounds elements get
    the descriptor's padding value. The result has the block's shape, or
    that shape without leading dimensions of size 1.

    ```mlir
    %t = tt.descriptor_load %d[%x, %y] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16>
    ```
  }];
  let arguments = (ins
    Arg<TT_TensorDesc, "", [MemRead<GlobalMemory>]>:$desc,
    Variadic<I32>:$indices,
    DefaultValuedAttr<TT_CacheModifierAttr,
                      "::mlir::triton::CacheModifier::NONE">:$cache,
    DefaultValuedAttr<TT_EvictionPolicyAttr,
                      "::mlir::triton::EvictionPolicy::NORMAL">:$evict);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = [{
    $desc `[` $indices `]`
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)
    attr-dict `:` qualified(type($desc)) `->` type($result)
  }];
  let hasVerifier = 1;
}

def TT_DescriptorStoreOp : TT_Op<"descriptor_store", []> {
  let summary = "store one block through a tensor descriptor";
  let description = [{
    Writes `src` to the block whose first element is at `indices`;
    out-of-bounds elements are dropped. `src` has the block's shape (leading
    dimensions of size 1 may be left out).

    ```mlir
    tt.descriptor_store %d[%x, %y], %t : !tt.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16>
    ```
  }];
  let arguments = (ins
    Arg<TT_TensorDesc, "", [MemRead<GlobalMemory>, MemWrite<GlobalMemory>]>:$desc,
    TT_Tensor:$src,
    Variadic<I32>:$indices);
  let assemblyFormat = [{
    $desc `[` $indices `]` `,` $src attr-dict `:` qualified(type($desc)) `,` type($src)
  }];
  let hasVerifier = 1;
}

def TT_DescriptorReduceOp : TT_Op<"descriptor_reduce", []> {
  let summary = "atomically combine a block into memory through a descriptor";
  let description = [{
    Like `tt.descriptor_store`, but each element of `src` is combined with
    the value in memory by `kind` (add, min, max, inc, dec, and, or, xor),
    atomically per element.

    ```mlir
    tt.descriptor_reduce add, %d[%x, %y], %t
      : !tt.tensordesc<tensor<64x64xf32>>, tensor<64x64xf32>
    ```
  }];
  let arguments = (ins
    TT_DescriptorReduceKindAttr:$kind,
    Arg<TT_TensorDesc, "", [MemRead<GlobalMemory>, MemWrite<GlobalMemory>]>:$desc,
    TT_Tensor:$src,
    Variadic<I32>:$indices);
  let assemblyFormat = [{
    $kind `,` $desc `[` $indices `]` `,` $src attr-dict `:` qualified(type($desc)) `,` type($src)
  }];
  let hasVerifier = 1;
}

def TT_DescriptorGatherOp : TT_Op<"descriptor_gather", []> {
  let summary = "load a set of rows through a 2-D tensor descriptor";
  let description = [{
    For a descriptor whose block is one row (1 x W), reads the W elements
    starting at column `y_offset` of each row listed in `x_offsets` and
    stacks them into a (number of rows) x W tensor.

    ```mlir
    %t = tt.descriptor_gather %d[%rows, %y]
           : (!tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32>, i32) -> tensor<32x128xbf16>
    ```
  }];
  let arguments = (ins
    Arg<TT_TensorDesc, "", [MemRead<GlobalMemory>]>:$desc,
    RankedTensorOf<[I16, I32]>:$x_offsets,
    I32:$y_offset);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = [{
    $desc `[` $x_offsets `,` $y_offset `]` attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def TT_DescriptorScatterOp : TT_Op<"descriptor_scatter", []> {
  let summary = "store a set of rows through a 2-D tensor descriptor";
  let description = [{
    The inverse of `tt.descriptor_gather`: writes row `i` of `src` at
    column `y_offset` of row `x_offsets[i]`.

    ```mlir
    tt.descriptor_scatter %d[%rows, %y], %t
      : !tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32>, i32, tensor<32x128xbf16>
    ```
  }];
  let arguments = (ins
    Arg<TT_TensorDesc, "", [MemRead<GlobalMemory>, MemWrite<GlobalMemory>]>:$desc,
    RankedTensorOf<[I16, I32]>:$x_offsets,
    I32:$y_offset,
    TT_Tensor:$src);
  let assemblyFormat = [{
    $desc `[` $x_offsets `,` $y_offset `]` `,` $src attr-dict `:` type(operands)
  }];
  let hasVerifier = 1;
}

#endif // TT_DIALECT_TRITON_IR_TRITONOPS_TD
