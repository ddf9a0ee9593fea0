//===- TritonNvidiaGPUOps.td - operations of the ttng dialect *- tablegen -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Assembly formats reproduce upstream Triton 3.6's textual syntax; the
// descriptions are ours.
//
//===----------------------------------------------------------------------===//

#ifndef TT_DIALECT_TRITONNVIDIAGPU_IR_TRITONNVIDIAGPUOPS_TD
#define TT_DIALECT_TRITONNVIDIAGPU_IR_TRITONNVIDIAGPUOPS_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "tt/Dialect/Triton/IR/TritonTypes.td"
include "tt/Dialect/Triton/IR/TritonEnums.td"
include "tt/Dialect/TritonGPU/IR/TritonGPUTypes.td"
include "tt/Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUDialect.td"

def TTNG_GlobalMemory : Resource<"::mlir::triton::GlobalMemory">;
def TTNG_SharedMemory : Resource<"::mlir::triton::gpu::SharedMemory">;

class TTNG_Op<string mnemonic, list<Trait> traits = []>
    : Op<TritonNvidiaGPU_Dialect, mnemonic, traits>;

def TTNG_TensorOrMemDesc : AnyTypeOf<[TT_FloatTensor, TT_IntTensor,
                                      TTG_MemDescType],
                                     "tensor or memory descriptor">;

//===----------------------------------------------------------------------===//
// Warp-group matrix multiply (Hopper wgmma)
//===----------------------------------------------------------------------===//

def TTNG_WarpGroupDotOp : TTNG_Op<"warp_group_dot", [
    TypesMatchWith<"the accumulator has the result's type", "d", "c", "$_self">]> {
  let summary = "a matrix multiply-accumulate on a warp group (wgmma)";
  let description = [{
    Computes `d = a * b + c` (or `a * b` when `useC` is false) with Hopper
    `wgmma` instructions, four warps working on each instruction. `b` is
    read from shared memory; `a` either from shared memory or from registers
    (a tensor in a `#ttg.dot_op` layout with opIdx 0). `c` and `d` are
    tensors in a version 3 `#ttg.nvidia_mma` layout. `inputPrecision`
    selects how f32 operands are rounded (as in `tt.dot`);
    `maxNumImpreciseAcc` bounds the fp8 accumulations done at reduced
    precision. With `isAsync` the result may only be used after a
    `ttng.warp_group_dot_wait` names it.

    ```mlir
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32, isAsync = true}
        : !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
        * !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
        -> tensor<128x128xf32, #mma>
    ```
  }];
  let arguments = (ins
    Arg<TTNG_TensorOrMemDesc, "", [MemRead<TTNG_SharedMemory>]>:$a,
    Arg<TTG_MemDescType, "", [MemRead<TTNG_SharedMemory>]>:$b,
    TT_FpIntTensor:$c,
    Optional<I1>:$useC,
    DefaultValuedAttr<TT_InputPrecisionAttr,
                      "::mlir::triton::InputPrecision::IEEE">:$inputPrecision,
    DefaultValuedAttr<I32Attr, "0">:$maxNumImpreciseAcc,
    DefaultValuedAttr<BoolAttr, "false">:$isAsync);
  let results = (outs TT_FpIntTensor:$d);
  let assemblyFormat = [{
    $a `,` $b `,` $c (`,` $useC^)? attr-dict
    `:` type($a) `*` qualified(type($b)) `->` type($d)
  }];
  let hasVerifier = 1;
}

def TTNG_WarpGroupDotWaitOp : TTNG_Op<"warp_group_dot_wait", [
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "wait until at most `pendings` asynchronous wgmma groups are in flight";
  let description = [{
    Blocks until no more than `pendings` asynchronous
    `ttng.warp_group_dot` operations are outstanding, then returns its
    operands unchanged. The operands name what the wait protects: the
    results of the dots that must have completed and the buffers they read,
    so that these values are not used (or overwritten) before the wait.

    ```mlir
    %r:3 = ttng.warp_group_dot_wait %d, %a, %b {pendings = 1 : i32}
        : tensor<128x128xf32, #mma>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>,
          !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins Variadic<TTNG_TensorOrMemDesc>:$inputs,
                       I32Attr:$pendings);
  let results = (outs Variadic<TTNG_TensorOrMemDesc>:$outputs);
  let assemblyFormat = "$inputs attr-dict `:` type($inputs)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Fences and cluster synchronization
//===----------------------------------------------------------------------===//

def TTNG_FenceAsyncSharedOp : TTNG_Op<"fence_async_shared"> {
  let summary = "order generic shared-memory accesses before asynchronous ones";
  let description = [{
    A proxy fence (`fence.proxy.async.shared::cta`, or `::cluster` with
    `bCluster`): shared-memory writes made by ordinary stores before it
    become visible to the asynchronous proxy (wgmma, TMA) after it.

    ```mlir
    ttng.fence_async_shared {bCluster = false}
    ```
  }];
  let arguments = (ins BoolAttr:$bCluster);
  let assemblyFormat = "attr-dict";
}

def TTNG_FenceMBarrierInitReleaseClusterOp
    : TTNG_Op<"fence_mbarrier_init_release_cluster"> {
  let summary = "make mbarrier initializations visible to the whole cluster";
  let description = [{
    `fence.mbarrier_init.release.cluster`: the mbarrier initializations of
    this thread are released to the other CTAs of the cluster.
  }];
  let assemblyFormat = "attr-dict";
}

def TTNG_ClusterArriveOp : TTNG_Op<"cluster_arrive"> {
  let summary = "arrive at the cluster-wide barrier";
  let description = [{
    `barrier.cluster.arrive` (`.relaxed` when `relaxed` is set): signals
    that this thread reached the cluster barrier; `ttng.cluster_wait` waits
    for all threads of the cluster.
  }];
  let arguments = (ins DefaultValuedAttr<BoolAttr, "false">:$relaxed);
  let assemblyFormat = "attr-dict";
}

def TTNG_ClusterWaitOp : TTNG_Op<"cluster_wait"> {
  let summary = "wait for every thread of the cluster to arrive";
  let description = [{
    `barrier.cluster.wait`: blocks until all threads of all CTAs of the
    cluster have executed `ttng.cluster_arrive`.
  }];
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// mbarriers
//===----------------------------------------------------------------------===//

def TTNG_InitBarrierOp : TTNG_Op<"init_barrier"> {
  let summary = "initialize an mbarrier in shared memory";
  let description = [{
    Initializes the 64-bit mbarrier object in `alloc` (a mutable
    `1xi64` shared-memory buffer) to expect `count` arrivals per phase
    (`mbarrier.init.shared::cta.b64`).

    ```mlir
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins Arg<TTG_MemDescType, "", [MemWrite<TTNG_SharedMemory>]>:$alloc,
                       I32Attr:$count);
  let assemblyFormat = "$alloc `,` $count attr-dict `:` qualified(type($alloc))";
  let hasVerifier = 1;
}

def TTNG_InvalBarrierOp : TTNG_Op<"inval_barrier"> {
  let summary = "invalidate an mbarrier so its memory can be reused";
  let description = [{
    `mbarrier.inval`: required before the shared memory of an mbarrier is
    used for anything else.

    ```mlir
    ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins Arg<TTG_MemDescType, "", [MemWrite<TTNG_SharedMemory>]>:$alloc);
  let assemblyFormat = "$alloc attr-dict `:` qualified(type($alloc))";
  let hasVerifier = 1;
}

def TTNG_BarrierExpectOp : TTNG_Op<"barrier_expect"> {
  let summary = "announce the bytes an mbarrier phase waits for";
  let description = [{
    Adds `size` bytes to the transaction count of the current phase of the
    mbarrier (`mbarrier.arrive.expect_tx`), if `pred` holds; the phase
    completes once TMA copies have delivered that many bytes.

    ```mlir
    ttng.barrier_expect %bar, 16384, %true : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins Arg<TTG_MemDescType, "", [MemWrite<TTNG_SharedMemory>]>:$alloc,
                       I32Attr:$size, I1:$pred);
  let assemblyFormat = [{
    $alloc `,` $size attr-dict `,` $pred `:` qualified(type($alloc))
  }];
  let hasVerifier = 1;
}

def TTNG_WaitBarrierOp : TTNG_Op<"wait_barrier", [AttrSizedOperandSegments]> {
  let summary = "wait for an mbarrier phase to complete";
  let description = [{
    Blocks until the phase of the mbarrier with parity `phase` has
    completed (a loop on `mbarrier.try_wait.parity`), if `pred` holds. The
    optional `deps` are buffers that may be accessed asynchronously until
    then, so they stay alive up to the wait.

    ```mlir
    ttng.wait_barrier %bar, %phase : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.wait_barrier %bar, %phase, %pred deps %buf
        : !ttg.memdesc<1xi64, #shared, #smem, mutable>, !ttg.memdesc<128x64xf16, #shared1, #smem, mutable>
    ```
  }];
  let arguments = (ins
    Arg<TTG_MemDescType, "", [MemRead<TTNG_SharedMemory>,
                              MemWrite<TTNG_SharedMemory>]>:$alloc,
    I32:$phase, Optional<I1>:$pred, Variadic<TTG_MemDescType>:$deps);
  let builders = [
    OpBuilder<(ins "::mlir::Value":$alloc, "::mlir::Value":$phase), [{
      build($_builder, $_state, alloc, phase, ::mlir::Value(), ::mlir::ValueRange());
    }]>
  ];
  let assemblyFormat = [{
    $alloc `,` $phase (`,` $pred^)? (`deps` $deps^)?
    attr-dict `:` qualified(type($alloc)) (`,` qualified(type($deps))^)?
  }];
  let hasVerifier = 1;
}

def TTNG_ArriveBarrierOp : TTNG_Op<"arrive_barrier"> {
  let summary = "arrive on an mbarrier";
  let description = [{
    Performs `count` arrivals on the mbarrier (`mbarrier.arrive`), if
    `pred` holds; the phase completes when the expected number of arrivals
    (and of transaction bytes) is reached.

    ```mlir
    ttng.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.arrive_barrier %bar, 2, %pred : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins
    Arg<TTG_MemDescType, "", [MemRead<TTNG_SharedMemory>,
                              MemWrite<TTNG_SharedMemory>]>:$alloc,
    I32Attr:$count, Optional<I1>:$pred);
  let assemblyFormat = [{
    $alloc `,` $count (`,` $pred^)? attr-dict `:` qualified(type($alloc))
  }];
  let hasVerifier = 1;
}

def TTNG_AsyncCopyMbarrierArriveOp : TTNG_Op<"async_copy_mbarrier_arrive"> {
  let summary = "arrive on an mbarrier when this thread's cp.async copies finish";
  let description = [{
    `cp.async.mbarrier.arrive`: the mbarrier receives an arrival once all
    `ttg.async_copy_global_to_local` copies issued by this thread so far
    have completed. `noIncrement` makes the arrival count against the
    pending count instead of adding one to it.
  }];
  let arguments = (ins Arg<TTG_MemDescType, "", [MemWrite<TTNG_SharedMemory>]>:$barrier,
                       UnitAttr:$noIncrement);
  let assemblyFormat = "$barrier attr-dict `:` qualified(type($barrier))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// TMA copies
//===----------------------------------------------------------------------===//

def TTNG_AsyncTMACopyGlobalToLocalOp
    : TTNG_Op<"async_tma_copy_global_to_local"> {
  let summary = "start a TMA copy of a tensor block into shared memory";
  let description = [{
    Starts copying the block of the tensor described by `desc` at
    coordinates `coord` into the shared-memory buffer `result`
    (`cp.async.bulk.tensor`), if `pred` holds. Completion is reported to the
    mbarrier `barrier` as transaction bytes.

    ```mlir
    ttng.async_tma_copy_global_to_local %desc[%x, %y] %buf, %bar, %true
        : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable>
        -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins
    Arg<TT_TensorDesc, "", [MemRead<TTNG_GlobalMemory>]>:$desc,
    Variadic<I32>:$coord,
    Arg<TTG_MemDescType, "", [MemWrite<TTNG_SharedMemory>]>:$barrier,
    Arg<TTG_MemDescType, "", [MemWrite<TTNG_SharedMemory>]>:$result,
    I1:$pred,
    DefaultValuedAttr<TT_CacheModifierAttr, "::mlir::triton::CacheModifier::NONE">:$cache,
    DefaultValuedAttr<TT_EvictionPolicyAttr, "::mlir::triton::EvictionPolicy::NORMAL">:$evict,
    DefaultValuedAttr<BoolAttr, "false">:$isVolatile);
  let assemblyFormat = [{
    $desc `[` $coord `]` $result `,` $barrier `,` $pred
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)
    attr-dict `:` qualified(type($desc)) `,` qualified(type($barrier))
    `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TTNG_AsyncTMACopyLocalToGlobalOp
    : TTNG_Op<"async_tma_copy_local_to_global"> {
  let summary = "start a TMA copy of a shared-memory buffer into a tensor block";
  let description = [{
    Starts storing `src` into the block of the tensor described by `desc`
    at coordinates `coord` (`cp.async.bulk.tensor` global <- shared).
    `ttng.async_tma_store_wait` waits for such stores.

    ```mlir
    ttng.async_tma_copy_local_to_global %desc[%x, %y] %buf
        : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<128x64xf16, #shared, #smem>
    ```
  }];
  let arguments = (ins
    Arg<TT_TensorDesc, "", [MemRead<TTNG_GlobalMemory>,
                            MemWrite<TTNG_GlobalMemory>]>:$desc,
    Variadic<I32>:$coord,
    Arg<TTG_MemDescType, "", [MemRead<TTNG_SharedMemory>]>:$src);
  let assemblyFormat = [{
    $desc `[` $coord `]` $src
    attr-dict `:` qualified(type($desc)) `,` qualified(type($src))
  }];
  let hasVerifier = 1;
}

def TTNG_AsyncTMAReduceOp : TTNG_Op<"async_tma_reduce"> {
  let summary = "reduce a shared-memory buffer into a tensor block with TMA";
  let description = [{
    Like `ttng.async_tma_copy_local_to_global`, but each destination
    element is combined with the stored one by `kind` (add, min, max, ...),
    atomically per element with relaxed ordering
    (`cp.reduce.async.bulk.tensor`).

    ```mlir
    ttng.async_tma_reduce add, %desc[%x, %y] %buf
        : !tt.tensordesc<tensor<128x64xf32, #shared>>, !ttg.memdesc<128x64xf32, #shared, #smem>
    ```
  }];
  let arguments = (ins
    TT_DescriptorReduceKindAttr:$kind,
    Arg<TT_TensorDesc, "", [MemRead<TTNG_GlobalMemory>,
                            MemWrite<TTNG_GlobalMemory>]>:$desc,
    Variadic<I32>:$coord,
    Arg<TTG_MemDescType, "", [MemRead<TTNG_SharedMemory>]>:$src);
  let assemblyFormat = [{
    $kind `,` $desc `[` $coord `]` $src
    attr-dict `:` qualified(type($desc)) `,` qualified(type($src))
  }];
  let hasVerifier = 1;
}

def TTNG_AsyncTMAGatherOp : TTNG_Op<"async_tma_gather"> {
  let summary = "gather rows of a 2-D tensor into shared memory with TMA";
  let description = [{
    Copies the rows `x_offsets` (one per result row), starting at column
    `y_offset`, of the 2-D tensor described by `desc` into `result`
    (`cp.async.bulk.tensor.2d.tile::gather4`), if `pred` holds; completion is
    reported to `barrier`.
  }];
  let arguments = (ins
    Arg<TT_TensorDesc, "", [MemRead<TTNG_GlobalMemory>]>:$desc,
    RankedTensorOf<[I32]>:$x_offsets, I32:$y_offset,
    Arg<TTG_MemDescType, "", [MemWrite<TTNG_SharedMemory>]>:$barrier,
    Arg<TTG_MemDescType, "", [MemWrite<TTNG_SharedMemory>]>:$result,
    I1:$pred);
  let assemblyFormat = [{
    $desc `[` $x_offsets `,` $y_offset `]` $result `,` $barrier `,` $pred
    attr-dict `:` type(operands)
  }];
  let hasVerifier = 1;
}

def TTNG_AsyncTMAScatterOp : TTNG_Op<"async_tma_scatter"> {
  let summary = "scatter rows of a shared-memory buffer into a 2-D tensor with TMA";
  let description = [{
    Stores row `i` of `src` at row `x_offsets[i]`, starting at column
    `y_offset`, of the 2-D tensor described by `desc`.
  }];
  let arguments = (ins
    Arg<TT_TensorDesc, "", [MemRead<TTNG_GlobalMemory>,
                            MemWrite<TTNG_GlobalMemory>]>:$desc,
    RankedTensorOf<[I32]>:$x_offsets, I32:$y_offset,
    Arg<TTG_MemDescType, "", [MemRead<TTNG_SharedMemory>]>:$src);
  let assemblyFormat = [{
    $desc `[` $x_offsets `,` $y_offset `]` $src attr-dict `:` type(operands)
  }];
  let hasVerifier = 1;
}

def TTNG_TMAStoreWaitOp : TTNG_Op<"async_tma_store_wait"> {
  let summary = "wait until at most `pendings` TMA stores are in flight";
  let description = [{
    `cp.async.bulk.wait_group.read`: blocks until no more than `pendings`
    TMA stores of this thread still read their shared-memory source, so
    that the source may be overwritten.

    ```mlir
    ttng.async_tma_store_wait {pendings = 0 : i32}
    ```
  }];
  let arguments = (ins I32Attr:$pendings);
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Tensor descriptors
//===----------------------------------------------------------------------===//

def TTNG_ReinterpretTensorDescOp : TTNG_Op<"reinterpret_tensor_descriptor", [Pure]> {
  let summary = "view a raw pointer to a TMA descriptor as a typed descriptor";
  let description = [{
    Treats `rawDesc`, a pointer to a 128-byte CUtensorMap in global memory,
    as a `!tt.tensordesc` of the given block type.

    ```mlir
    %d = ttng.reinterpret_tensor_descriptor %p : !tt.ptr<i8> to !tt.tensordesc<tensor<128x64xf16, #shared>>
    ```
  }];
  let arguments = (ins TT_Ptr:$rawDesc);
  let results = (outs TT_TensorDesc:$result);
  let assemblyFormat = [{
    $rawDesc attr-dict `:` qualified(type($rawDesc)) `to` qualified(type($result))
  }];
}

def TTNG_TensormapCreateOp : TTNG_Op<"tensormap_create", [
    MemoryEffects<[MemRead<TTNG_GlobalMemory>, MemWrite<TTNG_GlobalMemory>]>,
    AttrSizedOperandSegments]> {
  let summary = "write a TMA descriptor (CUtensorMap) on the device";
  let description = [{
    Fills the 128-byte descriptor at `desc_ptr` for a tensor at
    `global_address` of the given `global_dim` sizes and byte
    `global_stride`s (one fewer than dimensions: the innermost stride is the
    element size), copied in blocks of `box_dim` with `element_stride`.
    `elem_type`, `interleave_layout`, `swizzle_mode` and `fill_mode` are the
    CUtensorMap enumerations. Dimension lists are innermost first, as the
    hardware wants them. Use `ttng.tensormap_fenceproxy_acquire` before the
    TMA unit reads it.
  }];
  let arguments = (ins
    TT_Ptr:$desc_ptr, TT_Ptr:$global_address,
    Variadic<I32>:$box_dim, Variadic<I32>:$global_dim,
    Variadic<I64>:$global_stride, Variadic<I32>:$element_stride,
    ConfinedAttr<I32Attr, [IntNonNegative, IntMaxValue<15>]>:$elem_type,
    ConfinedAttr<I32Attr, [IntNonNegative, IntMaxValue<2>]>:$interleave_layout,
    ConfinedAttr<I32Attr, [IntNonNegative, IntMaxValue<3>]>:$swizzle_mode,
    ConfinedAttr<I32Attr, [IntNonNegative, IntMaxValue<1>]>:$fill_mode);
  let assemblyFormat = [{
    $desc_ptr `,` $global_address `,`
    `[` $box_dim `]` `,`
    `[` $global_dim `]` `,`
    `[` $global_stride `]` `,`
    `[` $element_stride `]`
    attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def TTNG_TensormapFenceproxyAcquireOp : TTNG_Op<"tensormap_fenceproxy_acquire", [
    MemoryEffects<[MemWrite<TTNG_GlobalMemory>]>]> {
  let summary = "make a device-written TMA descriptor visible to the TMA unit";
  let description = [{
    `fence.proxy.tensormap::generic.acquire.gpu` on the descriptor at
    `desc_ptr`: orders the generic writes that created it before TMA
    operations that use it.

    ```mlir
    ttng.tensormap_fenceproxy_acquire %p : !tt.ptr<i8>
    ```
  }];
  let arguments = (ins TT_Ptr:$desc_ptr);
  let assemblyFormat = "$desc_ptr attr-dict `:` qualified(type($desc_ptr))";
}

#endif // TT_DIALECT_TRITONNVIDIAGPU_IR_TRITONNVIDIAGPUOPS_TD
