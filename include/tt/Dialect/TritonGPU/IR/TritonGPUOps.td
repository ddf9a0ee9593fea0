//===- TritonGPUOps.td - operations of the ttg dialect -------*- tablegen -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Assembly formats reproduce upstream Triton 3.6's textual syntax; the
// descriptions are ours.
//
//===----------------------------------------------------------------------===//

#ifndef TT_DIALECT_TRITONGPU_IR_TRITONGPUOPS_TD
#define TT_DIALECT_TRITONGPU_IR_TRITONGPUOPS_TD

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "tt/Dialect/Triton/IR/TritonTypes.td"
include "tt/Dialect/Triton/IR/TritonEnums.td"
include "tt/Dialect/TritonGPU/IR/TritonGPUDialect.td"
include "tt/Dialect/TritonGPU/IR/TritonGPUTypes.td"
include "tt/Dialect/TritonGPU/IR/TritonGPUAttrDefs.td"

//===----------------------------------------------------------------------===//
// Resources, traits and type constraints
//===----------------------------------------------------------------------===//

def TTG_GlobalMemory : Resource<"::mlir::triton::GlobalMemory">;
def TTG_SharedMemory : Resource<"::mlir::triton::gpu::SharedMemory">;

// The encodings of the values an op defines are checked against the launch
// shape of the module ("ttg.num-warps", ...) by the verifier of those module
// attributes, for the ops of every dialect at once (see Dialect.cpp).
class TTG_Op<string mnemonic, list<Trait> traits = []>
    : Op<TritonGPU_Dialect, mnemonic, traits>;

def TTG_I1Tensor : RankedTensorOf<[I1]>;
def TTG_TensorOrMemDesc : AnyTypeOf<[TT_FloatTensor, TT_IntTensor,
                                     TTG_MemDescType],
                                    "tensor or memory descriptor">;

//===----------------------------------------------------------------------===//
// Layout conversion
//===----------------------------------------------------------------------===//

def TTG_ConvertLayoutOp : TTG_Op<"convert_layout", [Pure]> {
  let summary = "move a tensor to another register layout";
  let description = [{
    Returns `src` with its elements redistributed over threads as the result
    type's encoding says. Shape and element type are unchanged; only the
    layout differs. Lowering picks register permutations, warp shuffles or a
    round trip through shared memory.

    ```mlir
    %1 = ttg.convert_layout %0 : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked>
    ```
  }];
  let arguments = (ins TT_Tensor:$src);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

//===----------------------------------------------------------------------===//
// Asynchronous copies
//===----------------------------------------------------------------------===//

def TTG_AsyncCopyGlobalToLocalOp : TTG_Op<"async_copy_global_to_local", [
    AttrSizedOperandSegments,
    OptionalTypesMatchWith<"mask is an i1 tensor shaped like src", "src",
                           "mask", "::mlir::triton::getI1SameShape($_self)">,
    OptionalTypesMatchWith<"other has src's pointee type", "src", "other",
                           "::mlir::triton::getPointeeType($_self)">]> {
  let summary = "start copying a tile from global to shared memory";
  let description = [{
    Starts an asynchronous copy (`cp.async` on NVIDIA) of the elements
    `src` points to into the shared-memory buffer `result`. Like `tt.load`,
    elements whose `mask` bit is false are not read and take `other` (or
    zero). `contiguity` is the number of consecutive elements known to be
    contiguous and aligned, i.e. the widest vector the copy may use. The
    data is visible only after the returned token's group has been committed
    (`ttg.async_commit_group`) and waited for (`ttg.async_wait`).

    ```mlir
    %t = ttg.async_copy_global_to_local %ptrs, %buf mask %m other %zero
        {contiguity = 8 : i32}
        : tensor<128x64x!tt.ptr<f16>, #blocked> -> <128x64xf16, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins
    Arg<TT_PtrTensor, "", [MemRead<TTG_GlobalMemory>]>:$src,
    Arg<TTG_MemDescType, "", [MemWrite<TTG_SharedMemory>]>:$result,
    Optional<TTG_I1Tensor>:$mask,
    Optional<TT_Type>:$other,
    DefaultValuedAttr<TT_CacheModifierAttr, "::mlir::triton::CacheModifier::NONE">:$cache,
    DefaultValuedAttr<TT_EvictionPolicyAttr, "::mlir::triton::EvictionPolicy::NORMAL">:$evict,
    DefaultValuedAttr<BoolAttr, "false">:$isVolatile,
    DefaultValuedAttr<I32Attr, "1">:$contiguity);
  let results = (outs TTG_AsyncToken:$token);
  let assemblyFormat = [{
    $src `,` $result (`mask` $mask^)? (`other` $other^)?
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)
    attr-dict `:` type($src) `->` type($result)
  }];
  let hasVerifier = 1;
}

def TTG_AsyncCommitGroupOp : TTG_Op<"async_commit_group"> {
  let summary = "close the current group of asynchronous copies";
  let description = [{
    Groups every asynchronous copy issued since the previous commit so that
    `ttg.async_wait` can wait for it. The input tokens name the copies of
    the group; the result names the group.

    ```mlir
    %g = ttg.async_commit_group tokens %t0, %t1
    ```
  }];
  let arguments = (ins Variadic<TTG_AsyncToken>:$inputTokens);
  let results = (outs TTG_AsyncToken:$asyncToken);
  let assemblyFormat = "(`tokens` $inputTokens^)? attr-dict";
}

def TTG_AsyncWaitOp : TTG_Op<"async_wait"> {
  let summary = "wait until at most `num` copy groups are still in flight";
  let description = [{
    Blocks the calling thread until no more than `num` committed groups of
    asynchronous copies are outstanding (`num = 0` waits for all of them).
    It does not synchronize the threads of the CTA with each other. The
    operand tokens name the groups the caller depends on.

    ```mlir
    %w = ttg.async_wait %g0, %g1 {num = 4 : i32}
    ```
  }];
  let arguments = (ins Variadic<TTG_AsyncToken>:$asyncToken, I32Attr:$num);
  let results = (outs TTG_AsyncToken:$retToken);
  let assemblyFormat = "($asyncToken^)? attr-dict";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Shared-memory buffers
//===----------------------------------------------------------------------===//

def TTG_LocalAllocOp : TTG_Op<"local_alloc"> {
  let summary = "allocate a shared-memory buffer";
  let description = [{
    Allocates a buffer of the result's allocation shape in shared memory and
    returns a descriptor of it, optionally initialized with the tensor
    `src`. A buffer allocated without an initializer must be `mutable`.
    Freeing it with `ttg.local_dealloc` is optional: a buffer dies at the
    first point after its last use.

    ```mlir
    %a = ttg.local_alloc : () -> !ttg.memdesc<4x128x64xf16, #shared, #smem, mutable>
    %b = ttg.local_alloc %t : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    ```
  }];
  let arguments = (ins Optional<TT_Tensor>:$src,
                       OptionalAttr<I32Attr>:$alignment);
  let results = (outs Res<TTG_MemDescType, "",
                          [MemAlloc<TTG_SharedMemory>,
                           MemWrite<TTG_SharedMemory>]>:$result);
  let builders = [
    OpBuilder<(ins "::mlir::Type":$result),
              [{ build($_builder, $_state, result, ::mlir::Value(), ::mlir::IntegerAttr()); }]>,
    OpBuilder<(ins "::mlir::Type":$result, "::mlir::Value":$src),
              [{ build($_builder, $_state, result, src, ::mlir::IntegerAttr()); }]>
  ];
  let assemblyFormat = "($src^)? attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def TTG_LocalDeallocOp : TTG_Op<"local_dealloc"> {
  let summary = "free a shared-memory buffer";
  let description = [{
    Ends the lifetime of a buffer made by `ttg.local_alloc`; using it
    afterwards is undefined.

    ```mlir
    ttg.local_dealloc %a : !ttg.memdesc<4x128x64xf16, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins Arg<TTG_MemDescType, "", [MemFree<TTG_SharedMemory>]>:$src);
  let assemblyFormat = "$src attr-dict `:` qualified(type($src))";
}

def TTG_LocalLoadOp : TTG_Op<"local_load"> {
  let summary = "read a shared-memory buffer into a register tensor";
  let description = [{
    Returns the contents of the buffer `src` as a tensor in the result's
    register layout. The optional token orders the read after the
    asynchronous copies it names.

    ```mlir
    %t = ttg.local_load %buf : !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf16, #blocked>
    ```
  }];
  let arguments = (ins Arg<TTG_MemDescType, "", [MemRead<TTG_SharedMemory>]>:$src,
                       Optional<TTG_AsyncToken>:$token);
  let results = (outs TT_Tensor:$result);
  let builders = [
    OpBuilder<(ins "::mlir::Type":$resultType, "::mlir::Value":$src),
              [{ build($_builder, $_state, resultType, src, ::mlir::Value()); }]>
  ];
  let assemblyFormat = [{
    $src (`token` $token^)? attr-dict `:` qualified(type($src)) `->` type($result)
  }];
  let hasVerifier = 1;
}

def TTG_LocalStoreOp : TTG_Op<"local_store"> {
  let summary = "write a register tensor into a shared-memory buffer";
  let description = [{
    Stores every element of `src` into the mutable buffer `dst` of the same
    shape and element type.

    ```mlir
    ttg.local_store %t, %buf : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins TT_Tensor:$src,
                       Arg<TTG_MemDescType, "", [MemWrite<TTG_SharedMemory>]>:$dst);
  let assemblyFormat = [{
    $src `,` $dst attr-dict `:` type($src) `->` qualified(type($dst))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Views of memory descriptors
//===----------------------------------------------------------------------===//

def TTG_MemDescIndexOp : TTG_Op<"memdesc_index", [Pure]> {
  let summary = "view one slice of a buffer along its first dimension";
  let description = [{
    Returns a descriptor of `src[index]`: the first dimension is dropped and
    the rest of the shape, encoding, memory space and mutability are kept.
    This selects one stage of a multi-buffered allocation. The allocation
    shape of the result is the source's without its first dimension.

    ```mlir
    %s = ttg.memdesc_index %buf[%i] : !ttg.memdesc<4x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins TTG_MemDescType:$src, I32:$index);
  let results = (outs TTG_MemDescType:$result);
  let assemblyFormat = [{
    $src `[` $index `]` attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TTG_MemDescSubsliceOp : TTG_Op<"memdesc_subslice", [Pure]> {
  let summary = "view a rectangular piece of a buffer at constant offsets";
  let description = [{
    Returns a descriptor of the piece of `src` that starts at `offsets` and
    has the result's shape (same rank). The allocation shape is kept, so the
    result remembers the buffer it is part of.

    ```mlir
    %p = ttg.memdesc_subslice %buf[0, 32] : !ttg.memdesc<64x64xf16, #shared, #smem> -> !ttg.memdesc<64x32xf16, #shared, #smem, 64x64>
    ```
  }];
  let arguments = (ins TTG_MemDescType:$src, DenseI32ArrayAttr:$offsets);
  let results = (outs TTG_MemDescType:$result);
  let assemblyFormat = [{
    $src `[` custom<Offsets>($offsets) `]` attr-dict `:` qualified(type($src))
    `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TTG_MemDescTransOp : TTG_Op<"memdesc_trans", [Pure]> {
  let summary = "view a buffer with its dimensions permuted";
  let description = [{
    Returns a descriptor whose dimension `i` is dimension `order[i]` of
    `src`; the memory is not touched, the encoding of the result says how
    the permuted view is laid out.

    ```mlir
    %t = ttg.memdesc_trans %b {order = array<i32: 1, 0>} : !ttg.memdesc<64x128xf16, #shared, #smem> -> !ttg.memdesc<128x64xf16, #shared1, #smem>
    ```
  }];
  let arguments = (ins TTG_MemDescType:$src, DenseI32ArrayAttr:$order);
  let results = (outs TTG_MemDescType:$result);
  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TTG_MemDescReshapeOp : TTG_Op<"memdesc_reshape", [Pure]> {
  let summary = "view a buffer with another shape of the same size";
  let description = [{
    Returns a descriptor of the same buffer viewed with the result's shape;
    the number of elements and the element type are unchanged.

    ```mlir
    %r = ttg.memdesc_reshape %b : !ttg.memdesc<2x64x64xf16, #shared, #smem> -> !ttg.memdesc<128x64xf16, #shared, #smem>
    ```
  }];
  let arguments = (ins TTG_MemDescType:$src);
  let results = (outs TTG_MemDescType:$result);
  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TTG_MemDescReinterpretOp : TTG_Op<"memdesc_reinterpret", [Pure]> {
  let summary = "view a buffer as another shape, element type and encoding";
  let description = [{
    Returns a descriptor of the same memory with an unrelated shape,
    element type and encoding, for reusing one allocation for differently
    typed data (barriers, scratch). Both must live in the same memory space.

    ```mlir
    %r = ttg.memdesc_reinterpret %b : !ttg.memdesc<128xi64, #shared, #smem, mutable> -> !ttg.memdesc<256xi32, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins TTG_MemDescType:$src);
  let results = (outs TTG_MemDescType:$result);
  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Synchronization
//===----------------------------------------------------------------------===//

def TTG_LocalBarrierOp : TTG_Op<"local_barrier"> {
  let summary = "synchronize the CTA's threads and their shared-memory accesses";
  let description = [{
    Waits until every thread of the CTA has reached the barrier; the
    shared-memory reads and writes made before it are then complete and
    visible to all threads. Global memory is not ordered by it.

    ```mlir
    ttg.local_barrier
    ```
  }];
  let assemblyFormat = "attr-dict";
}

def TTG_BarrierOp : TTG_Op<"barrier"> {
  let summary = "synchronize the CTA's threads and the selected address spaces";
  let description = [{
    Waits until every thread of the CTA has reached the barrier, and makes
    the accesses to the selected address spaces made before it visible to
    all threads: `local` (shared memory), `global_read`, `global_write`,
    `tensor_read`, `tensor_write`, joined with `|`; `all` selects every one
    and `none` synchronizes control only. (This form appeared upstream right
    after 3.6, which uses `ttg.local_barrier`.)

    ```mlir
    ttg.barrier local
    ttg.barrier local|global_read|global_write
    ```
  }];
  let arguments = (ins I32Attr:$addrSpace);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Address-space bits of `addrSpace`.
    enum AddrSpaceBits : int32_t {
      kNone = 0, kLocal = 1, kGlobalRead = 2, kGlobalWrite = 4,
      kTensorRead = 8, kTensorWrite = 16, kAll = 31
    };
  }];
}

//===----------------------------------------------------------------------===//
// Miscellaneous
//===----------------------------------------------------------------------===//

def TTG_GlobalScratchAllocOp : TTG_Op<"global_scratch_alloc"> {
  let summary = "allocate a global-memory buffer private to the program";
  let description = [{
    Returns a pointer to `nbytes` bytes of global scratch memory, aligned to
    `alignment` bytes, private to the current program instance. The
    launcher provides the backing store through the scratch argument of the
    kernel ABI.

    ```mlir
    %p = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 1024 : i32} : !tt.ptr<i8>
    ```
  }];
  let arguments = (ins I32Attr:$nbytes, I32Attr:$alignment);
  let results = (outs Res<TT_Ptr, "", [MemAlloc<TTG_GlobalMemory>]>:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
}

def TTG_Fp4ToFpOp : TTG_Op<"fp4_to_fp", [Pure]> {
  let summary = "unpack fp4 (e2m1) pairs stored in i8 into floats";
  let description = [{
    Each i8 of `src` holds two e2m1 values, the low nibble first; they are
    converted to the result's float type and laid out next to each other
    along `axis`, whose size doubles.

    ```mlir
    %f = ttg.fp4_to_fp %p {axis = 1 : i32} : tensor<64x32xi8, #blocked> -> tensor<64x64xbf16, #blocked1>
    ```
  }];
  let arguments = (ins RankedTensorOf<[I8]>:$src, I32Attr:$axis);
  let results = (outs TT_FloatTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

#endif // TT_DIALECT_TRITONGPU_IR_TRITONGPUOPS_TD
