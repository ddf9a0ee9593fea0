//===- TritonGPUAttrDefs.td - encodings of the ttg dialect ---*- tablegen -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Layout encodings of tensors and shared-memory buffers. Printed forms follow
// upstream Triton 3.6 exactly (keys, key order, which fields are omitted when
// they hold their default); the parsers accept the keys in any order, as
// upstream's do.
//
// CGA layouts. A cluster of CTAs (a CGA) may split a tensor between its CTAs.
// Upstream 3.6 prints that split as `CGALayout = [[...], ...]`: one basis per
// bit of the CTA id, each basis the tensor-index offset (one entry per
// dimension) that bit selects; a zero basis means the CTAs differing in that
// bit hold the same data. It is omitted for a single CTA. The parsers also
// accept the older `CTAsPerCGA`/`CTASplitNum`/`CTAOrder` triple and convert
// it to bases.
//
//===----------------------------------------------------------------------===//

#ifndef TT_DIALECT_TRITONGPU_IR_TRITONGPUATTRDEFS_TD
#define TT_DIALECT_TRITONGPU_IR_TRITONGPUATTRDEFS_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/TensorEncoding.td"
include "tt/Dialect/TritonGPU/IR/TritonGPUDialect.td"
include "tt/Dialect/TritonGPU/IR/TritonGPUAttrInterfaces.td"

class TTG_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<TritonGPU_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

// Traits shared by every register layout. Every layout declares
// LayoutEncodingTrait::getRank itself (GetRankDecl) because the trait's
// companion method getCGALayout() is a parameter accessor for most layouts.
defvar DistributedTraits = [
  TTG_LayoutEncodingTrait,
  DeclareAttrInterfaceMethods<TTG_DistributedEncodingTrait>,
  DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]<Trait>;

// Traits shared by every shared-memory layout.
defvar SharedTraits = [TTG_LayoutEncodingTrait, TTG_SharedEncodingTrait]<Trait>;

defvar GetRankDecl = [{
    /// Number of tensor dimensions this encoding describes.
    unsigned getRank() const;
}];
// For the layouts whose CGA layout derives from other parameters.
defvar GetRankAndCGADecl = GetRankDecl # [{
    /// How the CTAs of a cluster split the tensor.
    CGAEncodingAttr getCGALayout() const;
}];

// VerifiableTensorEncoding::verifyEncoding is the same for every register
// layout: the tensor must have the layout's rank. (The helper it calls is
// defined in Attributes.cpp before the generated definitions.)
defvar VerifyEncodingDef = [{
  ::mlir::LogicalResult $cppClass::verifyEncoding(
      ::llvm::ArrayRef<int64_t> shape, ::mlir::Type,
      ::llvm::function_ref<::mlir::InFlightDiagnostic()> emitError) const {
    return verifyTensorRank(*this, getRank(), shape, emitError);
  }
}];

// A register layout.
class TTG_DistributedAttr<string name, string attrMnemonic,
                          list<Trait> traits = []>
    : TTG_Attr<name, attrMnemonic, !listconcat(DistributedTraits, traits)> {
  let extraClassDefinition = VerifyEncodingDef;
}

// The accumulator layout of a matrix instruction: its rank is the length of
// its `warpsPerCTA` grid, whose product is the number of warps it covers.
class TTG_MmaAttr<string name, string attrMnemonic>
    : TTG_DistributedAttr<name, attrMnemonic, [TTG_MmaEncodingTrait]> {
  let extraClassDefinition = VerifyEncodingDef # [{
  unsigned $cppClass::getRank() const { return getWarpsPerCTA().size(); }
  unsigned $cppClass::getNumWarpsCovered() const {
    return product(getWarpsPerCTA());
  }
}];
}

//===----------------------------------------------------------------------===//
// CGA layout
//===----------------------------------------------------------------------===//

def TTG_CGAEncodingAttr : TTG_Attr<"CGAEncoding", "cga_layout"> {
  let summary = "how the CTAs of a cluster split a tensor";
  let description = [{
    A linear map from the bits of a CTA's id within its cluster to tensor
    index offsets, given as one basis per bit (`getBlockBases()`, each basis
    has `rank` entries). No bases means a single CTA. Encodings embed it as
    their `CGALayout` field; on its own (in diagnostics) it prints as

    ```mlir
    #ttg.cga_layout<rank = 2, bases = [[1, 0], [0, 0]]>
    ```

    which is this project's spelling: upstream never prints it standalone.
    `getCTAsPerCGA()`, `getCTASplitNum()` and `getCTAOrder()` give the legacy
    per-dimension view.
  }];
  let parameters = (ins "unsigned":$rank,
                        ArrayRefParameter<"int32_t", "flattened bases">:$flatBases);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The layout of a single CTA: no bases.
    static CGAEncodingAttr get1CTALayout(::mlir::MLIRContext *ctx,
                                         unsigned rank);
    /// Builds the layout from one basis per CTA-id bit.
    static CGAEncodingAttr
    getFromBases(::mlir::MLIRContext *ctx, unsigned rank,
                 ::llvm::ArrayRef<::llvm::SmallVector<int32_t>> bases);
    /// Builds the layout from the legacy triple: dimension `CTAOrder[i]` is
    /// split `CTASplitNum[d]` ways and replicated `CTAsPerCGA[d] /
    /// CTASplitNum[d]` times.
    static ::mlir::FailureOr<CGAEncodingAttr> getFromSplitParams(
        ::mlir::MLIRContext *ctx, ::llvm::ArrayRef<unsigned> CTAsPerCGA,
        ::llvm::ArrayRef<unsigned> CTASplitNum,
        ::llvm::ArrayRef<unsigned> CTAOrder, std::string &error);

    unsigned getNumBases() const {
      return getRank() == 0 ? 0 : getFlatBases().size() / getRank();
    }
    ::llvm::ArrayRef<int32_t> getBasis(unsigned i) const {
      return getFlatBases().slice(i * getRank(), getRank());
    }
    ::llvm::SmallVector<::llvm::SmallVector<int32_t>> getBlockBases() const;
    /// Number of CTAs the layout is written for (2^number of bases).
    unsigned getNumCTAs() const { return 1u << getNumBases(); }
    bool isSingleCTA() const { return getNumBases() == 0; }

    /// CTAs along each dimension, broadcast copies included.
    ::llvm::SmallVector<unsigned> getCTAsPerCGA() const;
    /// Distinct tensor pieces along each dimension.
    ::llvm::SmallVector<unsigned> getCTASplitNum() const;
    /// Dimensions in the order the CTA id bits walk them, fastest first.
    ::llvm::SmallVector<unsigned> getCTAOrder() const;
  }];
}

//===----------------------------------------------------------------------===//
// Distributed (register) layouts
//===----------------------------------------------------------------------===//

def TTG_BlockedEncodingAttr
    : TTG_DistributedAttr<"BlockedEncoding", "blocked"> {
  let summary = "a tile of contiguous elements per thread, tiled over lanes and warps";
  let description = [{
    Each thread owns `sizePerThread[d]` consecutive elements along every
    dimension `d`; the lanes of a warp tile a `threadsPerWarp` grid of such
    pieces and the warps of a CTA a `warpsPerCTA` grid of warp tiles.
    `order` lists the dimensions from fastest to slowest varying (for
    elements within a thread, lanes within a warp and warps within a CTA).
    A tensor larger than the CTA tile wraps around; a smaller one is
    broadcast. This is the layout of coalesced global loads and stores.

    ```mlir
    #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8],
                  warpsPerCTA = [4, 1], order = [1, 0]}>
    ```

    Every field is a per-dimension list of the same length; sizes are powers
    of two, `order` is a permutation, and the product of `threadsPerWarp`
    (resp. `warpsPerCTA`) must equal the module's "ttg.threads-per-warp"
    (resp. "ttg.num-warps").
  }];
  let parameters = (ins ArrayRefParameter<"unsigned">:$sizePerThread,
                        ArrayRefParameter<"unsigned">:$threadsPerWarp,
                        ArrayRefParameter<"unsigned">:$warpsPerCTA,
                        ArrayRefParameter<"unsigned">:$order,
                        "CGAEncodingAttr":$CGALayout);
  let builders = [
    AttrBuilder<(ins "::llvm::ArrayRef<unsigned>":$sizePerThread,
                     "::llvm::ArrayRef<unsigned>":$threadsPerWarp,
                     "::llvm::ArrayRef<unsigned>":$warpsPerCTA,
                     "::llvm::ArrayRef<unsigned>":$order), [{
      return $_get(context, sizePerThread, threadsPerWarp, warpsPerCTA, order,
                   CGAEncodingAttr::get1CTALayout(context, order.size()));
    }]>
  ];
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = GetRankDecl;
}

def TTG_SliceEncodingAttr : TTG_DistributedAttr<"SliceEncoding", "slice"> {
  let summary = "the parent layout with one dimension removed";
  let description = [{
    The layout of a tensor obtained by reducing (or before expanding) the
    `dim` dimension of a tensor with the `parent` layout: every thread that
    owned some element of a `dim`-line in the parent owns the line's single
    value here. The rank is the parent's minus one.

    ```mlir
    tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    ```
  }];
  let parameters = (ins "unsigned":$dim,
                        "DistributedEncodingTrait":$parent);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = GetRankAndCGADecl;
}

def TTG_DotOperandEncodingAttr
    : TTG_DistributedAttr<"DotOperandEncoding", "dot_op"> {
  let summary = "the register layout of a dot operand feeding a given accumulator layout";
  let description = [{
    The layout that operand `opIdx` (0 for A, 1 for B) of a dot must have so
    that the matrix instruction producing an accumulator in the `parent`
    layout can consume it from registers. `kWidth` is the number of
    consecutive K elements a thread holds; it is mandatory for Ampere/Hopper
    MMA and AMD parents and must be absent (0) for a blocked parent.

    ```mlir
    #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
    ```
  }];
  let parameters = (ins "unsigned":$opIdx, "::mlir::Attribute":$parent,
                        DefaultValuedParameter<"unsigned", "0">:$kWidth);
  let assemblyFormat = "`<` `{` struct(params) `}` `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = GetRankAndCGADecl;
}

def TTG_NvidiaMmaEncodingAttr : TTG_MmaAttr<"NvidiaMmaEncoding", "nvidia_mma"> {
  let summary = "accumulator layout of NVIDIA tensor-core instructions";
  let description = [{
    The layout of the result of `mma.sync` (`versionMajor = 2`, Ampere and
    Turing; `instrShape = [16, 8]`, with a leading 1 for batched dots) or of
    `wgmma` (`versionMajor = 3`, Hopper; `instrShape = [16, N, K]` of one
    warp-group instruction). `warpsPerCTA` arranges the warps over the
    output tile.

    ```mlir
    #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1],
                     instrShape = [16, 128, 16]}>
    ```
  }];
  let parameters = (ins "unsigned":$versionMajor, "unsigned":$versionMinor,
                        ArrayRefParameter<"unsigned">:$warpsPerCTA,
                        "CGAEncodingAttr":$CGALayout,
                        ArrayRefParameter<"unsigned">:$instrShape);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = GetRankDecl # [{
    bool isAmpere() const { return getVersionMajor() == 2; }
    bool isHopper() const { return getVersionMajor() == 3; }
  }];
}

def TTG_AMDMfmaEncodingAttr : TTG_MmaAttr<"AMDMfmaEncoding", "amd_mfma"> {
  let summary = "accumulator layout of AMD CDNA MFMA instructions";
  let description = [{
    The result layout of MFMA matrix-core instructions on AMD Instinct GPUs.
    `version` is the CDNA generation (1: gfx908, 2: gfx90a, 3: gfx942,
    4: gfx950); `instrShape` the (M, N, K) of one instruction; `isTransposed`
    whether each thread holds a column rather than a row piece;
    `tilesPerWarp` (default all ones) how many adjacent instruction tiles a
    warp computes; `elementBitWidth` (default 32) the accumulator width.

    ```mlir
    #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8],
                   isTransposed = true}>
    ```
  }];
  let parameters = (ins "unsigned":$version,
                        ArrayRefParameter<"unsigned">:$warpsPerCTA,
                        ArrayRefParameter<"unsigned">:$instrShape,
                        "bool":$isTransposed, "CGAEncodingAttr":$CGALayout,
                        ArrayRefParameter<"unsigned">:$tilesPerWarp,
                        "unsigned":$elementBitWidth);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = GetRankDecl;
}

def TTG_AMDWmmaEncodingAttr : TTG_MmaAttr<"AMDWmmaEncoding", "amd_wmma"> {
  let summary = "accumulator layout of AMD RDNA WMMA instructions";
  let description = [{
    The result layout of WMMA instructions (1: RDNA3, 2: RDNA4, 3: gfx1250).
    `instrShape` defaults to [16, 16, 16] and is printed only when it
    differs; `tilesPerWarp` defaults to all ones.

    ```mlir
    #ttg.amd_wmma<{version = 2, isTranspose = false, warpsPerCTA = [2, 2]}>
    ```
  }];
  let parameters = (ins "unsigned":$version, "bool":$isTransposed,
                        ArrayRefParameter<"unsigned">:$warpsPerCTA,
                        ArrayRefParameter<"unsigned">:$tilesPerWarp,
                        "CGAEncodingAttr":$CGALayout,
                        ArrayRefParameter<"unsigned">:$instrShape);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = GetRankDecl;
}

def TTG_LinearEncodingAttr : TTG_DistributedAttr<"LinearEncoding", "linear"> {
  let summary = "a register layout given directly as a linear layout";
  let description = [{
    Bases of a linear map over GF(2) from the hardware index bits to tensor
    indices: one basis (a tensor-index offset, one entry per dimension) for
    each bit of the register index, the lane id, the warp id and the CTA id,
    in that order of input dimensions. The element at hardware position
    `p` is at the XOR of the bases of the set bits of `p`. Each basis moves
    along at most one dimension, and the non-zero bases of each dimension
    are the distinct powers of two 1, 2, ..., so that the map is onto and
    one-to-one once broadcast (zero) bases are dropped.

    ```mlir
    #ttg.linear<{register = [[0, 1], [0, 2]], lane = [[1, 0], [2, 0], [4, 0],
                 [8, 0], [16, 0]], warp = [[32, 0], [64, 0]], block = []}>
    ```
  }];
  let parameters = (ins "unsigned":$rank,
                        ArrayRefParameter<"int32_t">:$flatRegisterBases,
                        ArrayRefParameter<"int32_t">:$flatLaneBases,
                        ArrayRefParameter<"int32_t">:$flatWarpBases,
                        ArrayRefParameter<"int32_t">:$flatBlockBases);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// How the CTAs of a cluster split the tensor.
    CGAEncodingAttr getCGALayout() const;
    using Bases = ::llvm::SmallVector<::llvm::SmallVector<int32_t>>;
    Bases getRegisterBases() const;
    Bases getLaneBases() const;
    Bases getWarpBases() const;
    Bases getBlockBases() const;
  }];
}

//===----------------------------------------------------------------------===//
// Shared-memory layouts
//===----------------------------------------------------------------------===//

// The swizzled layouts share their parameters, syntax and checks; the
// helpers the definitions call are in Attributes.cpp.
class TTG_SwizzledSharedAttr<string name, string attrMnemonic>
    : TTG_Attr<name, attrMnemonic, SharedTraits> {
  let parameters = (ins "unsigned":$vec, "unsigned":$perPhase,
                        "unsigned":$maxPhase,
                        ArrayRefParameter<"unsigned">:$order,
                        "CGAEncodingAttr":$CGALayout);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = GetRankDecl;
  let extraClassDefinition = [{
  ::mlir::Attribute $cppClass::parse(::mlir::AsmParser &parser, ::mlir::Type) {
    return parseSwizzled<$cppClass>(parser);
  }
  void $cppClass::print(::mlir::AsmPrinter &printer) const {
    printSwizzled(printer, *this);
  }
  ::llvm::LogicalResult $cppClass::verify(
      ::llvm::function_ref<::mlir::InFlightDiagnostic()> emitError,
      unsigned vec, unsigned perPhase, unsigned maxPhase,
      ::llvm::ArrayRef<unsigned> order, CGAEncodingAttr CGALayout) {
    return verifySwizzled(emitError, vec, perPhase, maxPhase, order, CGALayout,
                          getMnemonic());
  }
  unsigned $cppClass::getRank() const { return getOrder().size(); }
}];
}

def TTG_SwizzledSharedEncodingAttr
    : TTG_SwizzledSharedAttr<"SwizzledSharedEncoding", "swizzled_shared"> {
  let summary = "a shared-memory layout with XOR swizzling of vectors";
  let description = [{
    Elements are stored in `order` (fastest dimension first). Within each
    row of the fastest dimension, groups of `vec` elements are permuted by
    XOR with the row's phase, `(row / perPhase) % maxPhase`, which spreads
    column accesses over the shared-memory banks. `vec = perPhase = maxPhase
    = 1` is the plain unswizzled layout.

    ```mlir
    #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
    ```
  }];
}

def TTG_AMDRotatingSharedEncodingAttr
    : TTG_SwizzledSharedAttr<"AMDRotatingSharedEncoding",
                             "amd_rotating_shared"> {
  let summary = "a swizzled shared-memory layout whose pattern rotates per block";
  let description = [{
    Like `#ttg.swizzled_shared`, but the XOR phase of each block of
    `perPhase * maxPhase` rows is further XORed with the block number, so
    consecutive blocks start at different banks (for AMD GPUs without a
    transposing shared-memory load).
  }];
}

def TTG_NVMMASharedEncodingAttr
    : TTG_Attr<"NVMMASharedEncoding", "nvmma_shared", SharedTraits> {
  let summary = "the shared-memory tile layout read by wgmma and written by TMA";
  let description = [{
    The NVIDIA core-matrix layout with hardware swizzling of
    `swizzlingByteWidth` bytes (0, 32, 64 or 128) for elements of
    `elementBitWidth` bits; `transposed` means the contiguous dimension is
    the outer one. `fp4Padded` marks the padded fp4 operand format of scaled
    MMAs. The layout describes the last two dimensions; the rank is 2 unless
    printed as `rank = N`.

    ```mlir
    #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false,
                       elementBitWidth = 16}>
    ```
  }];
  let parameters = (ins "unsigned":$swizzlingByteWidth, "bool":$transposed,
                        "unsigned":$elementBitWidth, "bool":$fp4Padded,
                        "CGAEncodingAttr":$CGALayout);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = GetRankDecl;
}

def TTG_SharedMemorySpaceAttr : TTG_Attr<"SharedMemorySpace", "shared_memory"> {
  let summary = "the shared-memory address space of a memory descriptor";
  let description = [{
    Memory space of a `!ttg.memdesc` whose buffer lives in the CTA's shared
    memory (`#ttg.shared_memory`, usually aliased `#smem`).
  }];
}

#endif // TT_DIALECT_TRITONGPU_IR_TRITONGPUATTRDEFS_TD
