//===- Attributes.cpp - layout encodings of the ttg dialect -----*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Parsers, printers, verifiers and accessors of the ttg encodings. The
// dictionary-style encodings (`#ttg.blocked<{...}>`) declare their keys and
// go through EncodingDict (EncodingDict.h): keys may come in any order; the
// printers emit upstream Triton 3.6's order and omit fields holding their
// default, exactly as upstream does.
//
//===----------------------------------------------------------------------===//

#include "EncodingDict.h"

#include "tt/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::triton::gpu;

#include "tt/Dialect/TritonGPU/IR/TritonGPUAttrInterfaces.cpp.inc"

using namespace mlir::triton::gpu::parsing;

//===----------------------------------------------------------------------===//
// Small helpers
//===----------------------------------------------------------------------===//

static unsigned product(ArrayRef<unsigned> values) {
  unsigned p = 1;
  for (unsigned v : values)
    p *= v;
  return p;
}

static SmallVector<unsigned> ones(size_t n) {
  return SmallVector<unsigned>(n, 1);
}

bool mlir::triton::gpu::isPermutationOfIota(ArrayRef<unsigned> order) {
  SmallVector<bool> seen(order.size(), false);
  for (unsigned d : order) {
    if (d >= order.size() || seen[d])
      return false;
    seen[d] = true;
  }
  return true;
}

/// Checks a CGA layout against the rank of the encoding holding it.
static LogicalResult verifyCGARank(function_ref<InFlightDiagnostic()> emitError,
                                   CGAEncodingAttr cga, unsigned rank,
                                   StringRef encoding) {
  if (!cga)
    return emitError() << encoding << " needs a CGA layout";
  if (cga.getRank() != rank)
    return emitError() << encoding << " has rank " << rank
                       << ", but its CGA layout has rank " << cga.getRank();
  return success();
}

static LogicalResult
verifyPowersOfTwo(function_ref<InFlightDiagnostic()> emitError,
                  ArrayRef<unsigned> values, StringRef field,
                  StringRef encoding) {
  for (auto [d, v] : llvm::enumerate(values))
    if (!llvm::isPowerOf2_32(v))
      return emitError() << encoding << ": " << field << "[" << d << "] = " << v
                         << " is not a power of two";
  return success();
}

static LogicalResult verifyOrder(function_ref<InFlightDiagnostic()> emitError,
                                 ArrayRef<unsigned> order, StringRef encoding) {
  if (!isPermutationOfIota(order)) {
    auto diag = emitError() << encoding << ": order [";
    llvm::interleaveComma(order, diag);
    return diag << "] is not a permutation of 0.." << order.size() - 1;
  }
  return success();
}

/// Per-dimension bit-independence check shared by #ttg.linear: along each
/// dimension the non-zero basis values must be linearly independent over
/// GF(2) and span [0, 2^k) for k values.
static LogicalResult
verifyInvertibleBases(function_ref<InFlightDiagnostic()> emitError,
                      ArrayRef<Bases> groups, unsigned rank) {
  for (unsigned d = 0; d < rank; ++d) {
    SmallVector<uint32_t> values;
    for (const Bases &group : groups)
      for (const auto &basis : group)
        if (basis[d] != 0)
          values.push_back(basis[d]);
    // Gaussian elimination over GF(2), one pivot per leading bit.
    uint32_t pivots[32] = {};
    uint32_t maxValue = 0;
    for (uint32_t v : values) {
      maxValue = std::max(maxValue, v);
      for (int bit = 31; bit >= 0 && v != 0; --bit) {
        if (!(v >> bit & 1))
          continue;
        if (pivots[bit] == 0) {
          pivots[bit] = v;
          break;
        }
        v ^= pivots[bit];
      }
      if (v == 0)
        return emitError()
               << "#ttg.linear: the bases along dimension " << d
               << " are not linearly independent, so two hardware positions "
                  "would hold the same element";
    }
    if (!values.empty() &&
        llvm::NextPowerOf2(maxValue) != (1ull << values.size()))
      return emitError() << "#ttg.linear: the bases along dimension " << d
                         << " do not cover a power-of-two extent exactly";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Layout queries shared by the dialect
//===----------------------------------------------------------------------===//

CGAEncodingAttr mlir::triton::gpu::getCGALayout(Attribute layout) {
  if (!layout)
    return {};
  return llvm::TypeSwitch<Attribute, CGAEncodingAttr>(layout)
      .Case<BlockedEncodingAttr, SliceEncodingAttr, DotOperandEncodingAttr,
            NvidiaMmaEncodingAttr, AMDMfmaEncodingAttr, AMDWmmaEncodingAttr,
            LinearEncodingAttr, SwizzledSharedEncodingAttr,
            AMDRotatingSharedEncodingAttr, NVMMASharedEncodingAttr>(
          [](auto enc) { return enc.getCGALayout(); })
      .Default([](Attribute) { return CGAEncodingAttr(); });
}

SmallVector<unsigned> mlir::triton::gpu::getCTAsPerCGA(Attribute layout) {
  if (CGAEncodingAttr cga = getCGALayout(layout))
    return cga.getCTAsPerCGA();
  return {};
}

SmallVector<unsigned> mlir::triton::gpu::getCTASplitNum(Attribute layout) {
  if (CGAEncodingAttr cga = getCGALayout(layout))
    return cga.getCTASplitNum();
  return {};
}

SmallVector<unsigned> mlir::triton::gpu::getCTAOrder(Attribute layout) {
  if (CGAEncodingAttr cga = getCGALayout(layout))
    return cga.getCTAOrder();
  return {};
}

unsigned mlir::triton::gpu::getNumCTAs(Attribute layout) {
  if (CGAEncodingAttr cga = getCGALayout(layout))
    return cga.getNumCTAs();
  return 1;
}

unsigned mlir::triton::gpu::getLayoutRank(Attribute layout) {
  if (auto enc = dyn_cast_or_null<LayoutEncodingTrait>(layout))
    return enc.getRank();
  return 0;
}

/// The rank-mismatch check of VerifiableTensorEncoding, shared by every
/// distributed layout.
static LogicalResult
verifyTensorRank(Attribute layout, unsigned layoutRank, ArrayRef<int64_t> shape,
                 function_ref<InFlightDiagnostic()> emitError) {
  if (shape.size() != layoutRank)
    return emitError() << "tensor of rank " << shape.size()
                       << " cannot have the rank-" << layoutRank << " layout "
                       << layout;
  return success();
}

//===----------------------------------------------------------------------===//
// CGAEncodingAttr
//===----------------------------------------------------------------------===//

CGAEncodingAttr CGAEncodingAttr::get1CTALayout(MLIRContext *ctx,
                                               unsigned rank) {
  return get(ctx, rank, ArrayRef<int32_t>{});
}

CGAEncodingAttr
CGAEncodingAttr::getFromBases(MLIRContext *ctx, unsigned rank,
                              ArrayRef<SmallVector<int32_t>> bases) {
  return get(ctx, rank, flattenBases(bases));
}

FailureOr<CGAEncodingAttr> CGAEncodingAttr::getFromSplitParams(
    MLIRContext *ctx, ArrayRef<unsigned> CTAsPerCGA,
    ArrayRef<unsigned> CTASplitNum, ArrayRef<unsigned> CTAOrder,
    std::string &error) {
  unsigned rank = CTAOrder.size();
  if (CTAsPerCGA.size() != rank || CTASplitNum.size() != rank) {
    error = "CTAsPerCGA, CTASplitNum and CTAOrder must have the same length";
    return failure();
  }
  if (!isPermutationOfIota(CTAOrder)) {
    error = "CTAOrder is not a permutation of the dimensions";
    return failure();
  }
  Bases bases;
  for (unsigned dim : CTAOrder) {
    unsigned split = CTASplitNum[dim], total = CTAsPerCGA[dim];
    if (!llvm::isPowerOf2_32(split) || !llvm::isPowerOf2_32(total) ||
        total % split != 0) {
      error = ("CTASplitNum[" + Twine(dim) + "] = " + Twine(split) +
               " must be a power of two dividing CTAsPerCGA[" + Twine(dim) +
               "] = " + Twine(total))
                  .str();
      return failure();
    }
    // `split` distinct pieces along `dim`, then `total / split` copies.
    for (unsigned step = 1; step < split; step *= 2) {
      SmallVector<int32_t> basis(rank, 0);
      basis[dim] = step;
      bases.push_back(basis);
    }
    for (unsigned copies = 1; copies < total / split; copies *= 2)
      bases.push_back(SmallVector<int32_t>(rank, 0));
  }
  return getFromBases(ctx, rank, bases);
}

Bases CGAEncodingAttr::getBlockBases() const {
  return unflattenBases(getFlatBases(), getRank());
}

SmallVector<unsigned> CGAEncodingAttr::getCTASplitNum() const {
  SmallVector<unsigned> split(getRank(), 1);
  for (const auto &basis : getBlockBases())
    for (unsigned d = 0; d < getRank(); ++d)
      if (basis[d] != 0)
        split[d] *= 2;
  return split;
}

SmallVector<unsigned> CGAEncodingAttr::getCTAsPerCGA() const {
  // A broadcast (zero) basis adds copies along the dimension of the last
  // non-zero basis before it (dimension 0 if there is none).
  SmallVector<unsigned> ctas(getRank(), 1);
  unsigned lastDim = 0;
  for (const auto &basis : getBlockBases()) {
    for (unsigned d = 0; d < getRank(); ++d)
      if (basis[d] != 0) {
        lastDim = d;
        break;
      }
    if (getRank() > 0)
      ctas[lastDim] *= 2;
  }
  return ctas;
}

SmallVector<unsigned> CGAEncodingAttr::getCTAOrder() const {
  SmallVector<unsigned> order;
  for (const auto &basis : getBlockBases())
    for (unsigned d = 0; d < getRank(); ++d)
      if (basis[d] != 0 && !llvm::is_contained(order, d))
        order.push_back(d);
  for (unsigned d = 0; d < getRank(); ++d)
    if (!llvm::is_contained(order, d))
      order.push_back(d);
  return order;
}

LogicalResult
CGAEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                        unsigned rank, ArrayRef<int32_t> flatBases) {
  if (rank == 0 && !flatBases.empty())
    return emitError() << "a rank-0 CGA layout cannot have bases";
  if (rank != 0 && flatBases.size() % rank != 0)
    return emitError() << "CGA layout bases must each have " << rank
                       << " entries";
  for (const auto &[i, basis] :
       llvm::enumerate(unflattenBases(flatBases, rank))) {
    if (llvm::count_if(basis, [](int32_t v) { return v != 0; }) > 1)
      return emitError() << "CGA layout basis #" << i
                         << " moves along more than one dimension";
    for (int32_t v : basis)
      if (v < 0 || (v != 0 && !llvm::isPowerOf2_32(v)))
        return emitError() << "CGA layout basis #" << i
                           << " has an entry that is neither 0 nor a power "
                              "of two";
  }
  return success();
}

Attribute CGAEncodingAttr::parse(AsmParser &parser, Type) {
  unsigned rank = 0;
  if (parser.parseLess() || parser.parseKeyword("rank") ||
      parser.parseEqual() || parser.parseInteger(rank) || parser.parseComma() ||
      parser.parseKeyword("bases") || parser.parseEqual())
    return {};
  SMLoc loc = parser.getCurrentLocation();
  Attribute value;
  Bases bases;
  unsigned basesRank = rank;
  if (parser.parseAttribute(value) ||
      readBases(parser, loc, "cga_layout", "bases", value, bases, basesRank) ||
      parser.parseGreater())
    return {};
  return parser.getChecked<CGAEncodingAttr>(parser.getContext(), rank,
                                            flattenBases(bases));
}

void CGAEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<rank = " << getRank() << ", bases = ";
  printBases(printer, getFlatBases(), getRank());
  printer << ">";
}

//===----------------------------------------------------------------------===//
// BlockedEncodingAttr
//===----------------------------------------------------------------------===//

Attribute BlockedEncodingAttr::parse(AsmParser &parser, Type) {
  static constexpr FieldSpec fields[] = {
      {"sizePerThread", FieldKind::UnsignedList, kRequired},
      {"threadsPerWarp", FieldKind::UnsignedList, kRequired},
      {"warpsPerCTA", FieldKind::UnsignedList, kRequired},
      {"order", FieldKind::UnsignedList, kRequired}};
  FailureOr<EncodingDict> dict =
      EncodingDict::parseWithCGA(parser, "blocked", fields, "order");
  if (failed(dict))
    return {};
  return parser.getChecked<BlockedEncodingAttr>(
      parser.getContext(), dict->getUnsignedList("sizePerThread"),
      dict->getUnsignedList("threadsPerWarp"),
      dict->getUnsignedList("warpsPerCTA"), dict->getUnsignedList("order"),
      dict->getCGA());
}

void BlockedEncodingAttr::print(AsmPrinter &printer) const {
  EncodingDictPrinter(printer)
      .field("sizePerThread", getSizePerThread())
      .field("threadsPerWarp", getThreadsPerWarp())
      .field("warpsPerCTA", getWarpsPerCTA())
      .field("order", getOrder())
      .cgaLayout(getCGALayout())
      .finish();
}

LogicalResult BlockedEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError,
    ArrayRef<unsigned> sizePerThread, ArrayRef<unsigned> threadsPerWarp,
    ArrayRef<unsigned> warpsPerCTA, ArrayRef<unsigned> order,
    CGAEncodingAttr CGALayout) {
  StringRef name = "#ttg.blocked";
  size_t rank = order.size();
  if (sizePerThread.size() != rank || threadsPerWarp.size() != rank ||
      warpsPerCTA.size() != rank)
    return emitError() << name << ": sizePerThread (" << sizePerThread.size()
                       << "), threadsPerWarp (" << threadsPerWarp.size()
                       << "), warpsPerCTA (" << warpsPerCTA.size()
                       << ") and order (" << rank
                       << ") must have the same length";
  if (rank == 0)
    return emitError() << name << " needs at least one dimension";
  if (failed(
          verifyPowersOfTwo(emitError, sizePerThread, "sizePerThread", name)) ||
      failed(verifyPowersOfTwo(emitError, threadsPerWarp, "threadsPerWarp",
                               name)) ||
      failed(verifyPowersOfTwo(emitError, warpsPerCTA, "warpsPerCTA", name)) ||
      failed(verifyOrder(emitError, order, name)))
    return failure();
  return verifyCGARank(emitError, CGALayout, rank, name);
}

unsigned BlockedEncodingAttr::getRank() const { return getOrder().size(); }
unsigned BlockedEncodingAttr::getLanesPerWarp() const {
  return product(getThreadsPerWarp());
}
unsigned BlockedEncodingAttr::getNumWarpsCovered() const {
  return product(getWarpsPerCTA());
}

//===----------------------------------------------------------------------===//
// SliceEncodingAttr
//===----------------------------------------------------------------------===//

Attribute SliceEncodingAttr::parse(AsmParser &parser, Type) {
  static constexpr FieldSpec fields[] = {
      {"dim", FieldKind::Unsigned, kRequired},
      {"parent", FieldKind::Attribute, kRequired}};
  FailureOr<EncodingDict> dict = EncodingDict::parse(parser, "slice", fields);
  if (failed(dict))
    return {};
  auto distributed =
      dyn_cast<DistributedEncodingTrait>(dict->getAttr("parent"));
  if (!distributed) {
    (void)dict->error("parent",
                      "the parent must be a distributed (register) layout");
    return {};
  }
  return parser.getChecked<SliceEncodingAttr>(
      parser.getContext(), dict->getUnsigned("dim"), distributed);
}

void SliceEncodingAttr::print(AsmPrinter &printer) const {
  EncodingDictPrinter(printer)
      .field("dim", getDim())
      .field("parent", Attribute(getParent()))
      .finish();
}

LogicalResult
SliceEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                          unsigned dim, DistributedEncodingTrait parent) {
  if (!parent)
    return emitError() << "#ttg.slice needs a parent layout";
  unsigned rank = getLayoutRank(parent);
  if (rank < 2)
    return emitError() << "#ttg.slice: the parent layout has rank " << rank
                       << ", but slicing needs rank 2 or more";
  if (dim >= rank)
    return emitError() << "#ttg.slice: dim " << dim
                       << " is out of range for the rank-" << rank
                       << " parent layout";
  return success();
}

unsigned SliceEncodingAttr::getRank() const {
  return getLayoutRank(getParent()) - 1;
}
CGAEncodingAttr SliceEncodingAttr::getCGALayout() const {
  CGAEncodingAttr parent = ::getCGALayout(getParent());
  Bases bases;
  for (auto basis : parent.getBlockBases()) {
    basis.erase(basis.begin() + getDim());
    bases.push_back(basis);
  }
  return CGAEncodingAttr::getFromBases(getContext(), getRank(), bases);
}
unsigned SliceEncodingAttr::getLanesPerWarp() const {
  return getParent().getLanesPerWarp();
}
unsigned SliceEncodingAttr::getNumWarpsCovered() const {
  return getParent().getNumWarpsCovered();
}

//===----------------------------------------------------------------------===//
// DotOperandEncodingAttr
//===----------------------------------------------------------------------===//

LogicalResult
DotOperandEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                               unsigned opIdx, Attribute parent,
                               unsigned kWidth) {
  if (opIdx != 0 && opIdx != 1)
    return emitError() << "#ttg.dot_op: opIdx must be 0 (A operand) or 1 (B "
                          "operand), got "
                       << opIdx;
  if (!parent)
    return emitError() << "#ttg.dot_op needs a parent layout";
  if (unsigned rank = getLayoutRank(parent); rank != 2 && rank != 3)
    return emitError() << "#ttg.dot_op: the parent layout must have rank 2 "
                          "(or 3 with a batch dimension), got rank "
                       << rank;
  if (auto mma = dyn_cast<NvidiaMmaEncodingAttr>(parent)) {
    bool needsKWidth = mma.isAmpere() || mma.isHopper();
    if (needsKWidth && kWidth == 0)
      return emitError() << "#ttg.dot_op: kWidth is required when the parent "
                            "is an Ampere or Hopper #ttg.nvidia_mma";
    if (!needsKWidth && kWidth != 0)
      return emitError() << "#ttg.dot_op: kWidth is only allowed when the "
                            "parent is an Ampere or Hopper #ttg.nvidia_mma";
    if (mma.isHopper() && opIdx != 0)
      return emitError() << "#ttg.dot_op: only operand A (opIdx = 0) of a "
                            "Hopper wgmma can live in registers";
    return success();
  }
  if (auto wmma = dyn_cast<AMDWmmaEncodingAttr>(parent)) {
    unsigned version = wmma.getVersion();
    if (version == 1 && kWidth != 8 && kWidth != 16)
      return emitError() << "#ttg.dot_op: kWidth must be 8 or 16 for a WMMA "
                            "v1 parent, got "
                         << kWidth;
    if (version == 2 && kWidth != 4 && kWidth != 8 && kWidth != 16)
      return emitError() << "#ttg.dot_op: kWidth must be 4, 8 or 16 for a "
                            "WMMA v2 parent, got "
                         << kWidth;
    if (version == 3 && kWidth == 0)
      return emitError() << "#ttg.dot_op: kWidth is required for a WMMA v3 "
                            "parent";
    return success();
  }
  if (isa<AMDMfmaEncodingAttr>(parent)) {
    if (kWidth == 0)
      return emitError() << "#ttg.dot_op: kWidth is required when the parent "
                            "is #ttg.amd_mfma";
    return success();
  }
  if (isa<BlockedEncodingAttr>(parent)) {
    if (kWidth != 0)
      return emitError() << "#ttg.dot_op: kWidth is not allowed when the "
                            "parent is #ttg.blocked";
    return success();
  }
  return emitError() << "#ttg.dot_op: the parent must be #ttg.blocked, "
                        "#ttg.nvidia_mma, #ttg.amd_mfma or #ttg.amd_wmma, got "
                     << parent;
}

unsigned DotOperandEncodingAttr::getRank() const {
  return getLayoutRank(getParent());
}
CGAEncodingAttr DotOperandEncodingAttr::getCGALayout() const {
  // The operand is split between CTAs like the accumulator, except along K,
  // where every CTA needs the whole extent.
  CGAEncodingAttr parent = ::getCGALayout(getParent());
  unsigned rank = parent.getRank();
  unsigned kDim = getOpIdx() == 0 ? rank - 1 : rank - 2;
  Bases bases = parent.getBlockBases();
  for (auto &basis : bases)
    basis[kDim] = 0;
  return CGAEncodingAttr::getFromBases(getContext(), rank, bases);
}
unsigned DotOperandEncodingAttr::getLanesPerWarp() const {
  return cast<DistributedEncodingTrait>(getParent()).getLanesPerWarp();
}
unsigned DotOperandEncodingAttr::getNumWarpsCovered() const {
  return cast<DistributedEncodingTrait>(getParent()).getNumWarpsCovered();
}

//===----------------------------------------------------------------------===//
// Helpers of the matrix-instruction (MMA) layouts
//===----------------------------------------------------------------------===//

// Their getRank() and getNumWarpsCovered() come from warpsPerCTA and are
// defined once, in TritonGPUAttrDefs.td (TTG_MmaAttr).

/// The checks every MMA layout makes of its warp grid: warpsPerCTA is a
/// non-empty list of powers of two, and the CGA layout has its rank.
static LogicalResult
verifyWarpGrid(function_ref<InFlightDiagnostic()> emitError,
               ArrayRef<unsigned> warpsPerCTA, CGAEncodingAttr cga,
               StringRef name) {
  if (warpsPerCTA.empty())
    return emitError() << name << ": warpsPerCTA must not be empty";
  if (failed(verifyPowersOfTwo(emitError, warpsPerCTA, "warpsPerCTA", name)))
    return failure();
  return verifyCGARank(emitError, cga, warpsPerCTA.size(), name);
}

/// tilesPerWarp of the AMD layouts: one entry per dimension, all ones when
/// the key is absent.
static SmallVector<unsigned> parseTilesPerWarp(const EncodingDict &dict,
                                               ArrayRef<unsigned> warpsPerCTA) {
  return dict.getUnsignedList("tilesPerWarp", ones(warpsPerCTA.size()));
}

static LogicalResult
verifyTilesPerWarp(function_ref<InFlightDiagnostic()> emitError,
                   ArrayRef<unsigned> tilesPerWarp,
                   ArrayRef<unsigned> warpsPerCTA, StringRef name) {
  if (tilesPerWarp.size() != warpsPerCTA.size())
    return emitError() << name << ": tilesPerWarp has " << tilesPerWarp.size()
                       << " entries, but warpsPerCTA has "
                       << warpsPerCTA.size();
  return success();
}

//===----------------------------------------------------------------------===//
// NvidiaMmaEncodingAttr
//===----------------------------------------------------------------------===//

Attribute NvidiaMmaEncodingAttr::parse(AsmParser &parser, Type) {
  static constexpr FieldSpec fields[] = {
      {"versionMajor", FieldKind::Unsigned, kRequired},
      {"versionMinor", FieldKind::Unsigned},
      {"warpsPerCTA", FieldKind::UnsignedList, kRequired},
      {"instrShape", FieldKind::UnsignedList, kRequired}};
  FailureOr<EncodingDict> dict =
      EncodingDict::parseWithCGA(parser, "nvidia_mma", fields, "warpsPerCTA");
  if (failed(dict))
    return {};
  return parser.getChecked<NvidiaMmaEncodingAttr>(
      parser.getContext(), dict->getUnsigned("versionMajor"),
      dict->getUnsigned("versionMinor", 0),
      dict->getUnsignedList("warpsPerCTA"), dict->getCGA(),
      dict->getUnsignedList("instrShape"));
}

void NvidiaMmaEncodingAttr::print(AsmPrinter &printer) const {
  EncodingDictPrinter(printer)
      .field("versionMajor", getVersionMajor())
      .field("versionMinor", getVersionMinor())
      .field("warpsPerCTA", getWarpsPerCTA())
      .cgaLayout(getCGALayout())
      .field("instrShape", getInstrShape())
      .finish();
}

LogicalResult NvidiaMmaEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, unsigned versionMajor,
    unsigned versionMinor, ArrayRef<unsigned> warpsPerCTA,
    CGAEncodingAttr CGALayout, ArrayRef<unsigned> instrShape) {
  StringRef name = "#ttg.nvidia_mma";
  if (versionMajor < 1 || versionMajor > 3)
    return emitError() << name
                       << ": versionMajor must be 1 (Volta), 2 (Turing/Ampere) "
                          "or 3 (Hopper), got "
                       << versionMajor;
  if (failed(verifyWarpGrid(emitError, warpsPerCTA, CGALayout, name)))
    return failure();
  unsigned rank = warpsPerCTA.size();
  if (versionMajor == 2) {
    if (instrShape.size() != rank || instrShape.take_back(2)[0] != 16 ||
        instrShape.back() != 8)
      return emitError() << name << ": a version 2 (mma.sync) layout of rank "
                         << rank << " needs instrShape = ["
                         << (rank == 3 ? "1, " : "") << "16, 8]";
  } else if (versionMajor == 3) {
    if (instrShape.size() != 3)
      return emitError() << name
                         << ": a version 3 (wgmma) layout needs instrShape = "
                            "[M, N, K] with 3 entries, got "
                         << instrShape.size();
    if (instrShape[0] != 16 || instrShape[1] < 8 || instrShape[1] > 256 ||
        instrShape[1] % 8 != 0)
      return emitError() << name
                         << ": wgmma instructions have M = 16 and N a multiple "
                            "of 8 up to 256, got instrShape = ["
                         << instrShape[0] << ", " << instrShape[1] << ", "
                         << instrShape[2] << "]";
    if (product(warpsPerCTA) % 4 != 0)
      return emitError() << name
                         << ": wgmma runs on whole warp groups, so the product "
                            "of warpsPerCTA ("
                         << product(warpsPerCTA) << ") must be a multiple of 4";
  }
  return success();
}

unsigned NvidiaMmaEncodingAttr::getLanesPerWarp() const { return 32; }

//===----------------------------------------------------------------------===//
// AMDMfmaEncodingAttr
//===----------------------------------------------------------------------===//

Attribute AMDMfmaEncodingAttr::parse(AsmParser &parser, Type) {
  static constexpr FieldSpec fields[] = {
      {"version", FieldKind::Unsigned, kRequired},
      {"warpsPerCTA", FieldKind::UnsignedList, kRequired},
      {"instrShape", FieldKind::UnsignedList, kRequired},
      {"isTransposed", FieldKind::Bool},
      {"tilesPerWarp", FieldKind::UnsignedList},
      {"elementBitWidth", FieldKind::Unsigned}};
  FailureOr<EncodingDict> dict =
      EncodingDict::parseWithCGA(parser, "amd_mfma", fields, "warpsPerCTA");
  if (failed(dict))
    return {};
  SmallVector<unsigned> warpsPerCTA = dict->getUnsignedList("warpsPerCTA");
  return parser.getChecked<AMDMfmaEncodingAttr>(
      parser.getContext(), dict->getUnsigned("version"), warpsPerCTA,
      dict->getUnsignedList("instrShape"), dict->getBool("isTransposed"),
      dict->getCGA(), parseTilesPerWarp(*dict, warpsPerCTA),
      dict->getUnsigned("elementBitWidth", 32));
}

void AMDMfmaEncodingAttr::print(AsmPrinter &printer) const {
  EncodingDictPrinter(printer)
      .field("version", getVersion())
      .field("warpsPerCTA", getWarpsPerCTA())
      .field("instrShape", getInstrShape())
      .field("isTransposed", getIsTransposed())
      .cgaLayout(getCGALayout())
      .fieldUnlessDefault("tilesPerWarp", getTilesPerWarp(),
                          ones(getTilesPerWarp().size()))
      .fieldUnlessDefault("elementBitWidth", getElementBitWidth(), 32)
      .finish();
}

LogicalResult AMDMfmaEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, unsigned version,
    ArrayRef<unsigned> warpsPerCTA, ArrayRef<unsigned> instrShape,
    bool isTransposed, CGAEncodingAttr CGALayout,
    ArrayRef<unsigned> tilesPerWarp, unsigned elementBitWidth) {
  StringRef name = "#ttg.amd_mfma";
  if (version > 4)
    return emitError() << name << ": version must be in [0, 4], got "
                       << version;
  if (failed(verifyWarpGrid(emitError, warpsPerCTA, CGALayout, name)))
    return failure();
  if (instrShape.size() < 2)
    return emitError() << name << ": instrShape needs at least [M, N]";
  std::pair<unsigned, unsigned> mn(instrShape[0], instrShape[1]);
  if (mn != std::make_pair(32u, 32u) && mn != std::make_pair(16u, 16u) &&
      mn != std::make_pair(64u, 4u) && mn != std::make_pair(4u, 64u))
    return emitError() << name
                       << ": no MFMA instruction has M x N = " << mn.first
                       << " x " << mn.second;
  if (failed(verifyTilesPerWarp(emitError, tilesPerWarp, warpsPerCTA, name)))
    return failure();
  if (elementBitWidth != 32 && elementBitWidth != 64)
    return emitError() << name << ": elementBitWidth must be 32 or 64, got "
                       << elementBitWidth;
  return success();
}

unsigned AMDMfmaEncodingAttr::getLanesPerWarp() const { return 64; }

//===----------------------------------------------------------------------===//
// AMDWmmaEncodingAttr
//===----------------------------------------------------------------------===//

static constexpr unsigned kDefaultWmmaInstrShape[] = {16, 16, 16};

Attribute AMDWmmaEncodingAttr::parse(AsmParser &parser, Type) {
  static constexpr FieldSpec fields[] = {
      {"version", FieldKind::Unsigned, kRequired},
      {"isTranspose", FieldKind::Bool},
      {"warpsPerCTA", FieldKind::UnsignedList, kRequired},
      {"tilesPerWarp", FieldKind::UnsignedList},
      {"instrShape", FieldKind::UnsignedList}};
  FailureOr<EncodingDict> dict =
      EncodingDict::parseWithCGA(parser, "amd_wmma", fields, "warpsPerCTA");
  if (failed(dict))
    return {};
  SmallVector<unsigned> warpsPerCTA = dict->getUnsignedList("warpsPerCTA");
  return parser.getChecked<AMDWmmaEncodingAttr>(
      parser.getContext(), dict->getUnsigned("version"),
      dict->getBool("isTranspose"), warpsPerCTA,
      parseTilesPerWarp(*dict, warpsPerCTA), dict->getCGA(),
      dict->getUnsignedList("instrShape", kDefaultWmmaInstrShape));
}

void AMDWmmaEncodingAttr::print(AsmPrinter &printer) const {
  EncodingDictPrinter(printer)
      .field("version", getVersion())
      .field("isTranspose", getIsTransposed())
      .field("warpsPerCTA", getWarpsPerCTA())
      .cgaLayout(getCGALayout())
      .fieldUnlessDefault("tilesPerWarp", getTilesPerWarp(),
                          ones(getTilesPerWarp().size()))
      .fieldUnlessDefault("instrShape", getInstrShape(),
                          kDefaultWmmaInstrShape)
      .finish();
}

LogicalResult AMDWmmaEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, unsigned version,
    bool isTransposed, ArrayRef<unsigned> warpsPerCTA,
    ArrayRef<unsigned> tilesPerWarp, CGAEncodingAttr CGALayout,
    ArrayRef<unsigned> instrShape) {
  StringRef name = "#ttg.amd_wmma";
  if (version < 1 || version > 3)
    return emitError() << name << ": version must be in [1, 3], got "
                       << version;
  if (failed(verifyWarpGrid(emitError, warpsPerCTA, CGALayout, name)))
    return failure();
  if (failed(verifyTilesPerWarp(emitError, tilesPerWarp, warpsPerCTA, name)))
    return failure();
  SmallVector<unsigned> shape(instrShape);
  auto allowed = [&](ArrayRef<SmallVector<unsigned>> shapes) {
    return llvm::is_contained(shapes, shape);
  };
  bool ok =
      version == 1 ? allowed({{16, 16, 16}})
      : version == 2
          ? allowed({{16, 16, 16}, {16, 16, 32}})
          : allowed({{16, 16, 4}, {16, 16, 32}, {16, 16, 64}, {16, 16, 128}});
  if (!ok) {
    auto diag = emitError() << name << ": WMMA v" << version
                            << " has no instruction of shape [";
    llvm::interleaveComma(instrShape, diag);
    return diag << "]";
  }
  return success();
}

unsigned AMDWmmaEncodingAttr::getLanesPerWarp() const { return 32; }

//===----------------------------------------------------------------------===//
// LinearEncodingAttr
//===----------------------------------------------------------------------===//

static constexpr StringLiteral kLinearInDims[] = {"register", "lane", "warp",
                                                  "block"};

Attribute LinearEncodingAttr::parse(AsmParser &parser, Type) {
  static constexpr FieldSpec fields[] = {
      {kLinearInDims[0], FieldKind::Bases, kRequired},
      {kLinearInDims[1], FieldKind::Bases, kRequired},
      {kLinearInDims[2], FieldKind::Bases, kRequired},
      {kLinearInDims[3], FieldKind::Bases, kRequired}};
  FailureOr<EncodingDict> dict = EncodingDict::parse(parser, "linear", fields);
  if (failed(dict))
    return {};
  unsigned rank = 0;
  Bases bases[4];
  for (auto [i, key] : llvm::enumerate(kLinearInDims))
    if (dict->getBases(key, bases[i], rank))
      return {};
  if (rank == 0) {
    (void)dict->error("needs at least one basis to know its rank");
    return {};
  }
  return parser.getChecked<LinearEncodingAttr>(
      parser.getContext(), rank, flattenBases(bases[0]), flattenBases(bases[1]),
      flattenBases(bases[2]), flattenBases(bases[3]));
}

void LinearEncodingAttr::print(AsmPrinter &printer) const {
  EncodingDictPrinter(printer)
      .bases("register", getFlatRegisterBases(), getRank())
      .bases("lane", getFlatLaneBases(), getRank())
      .bases("warp", getFlatWarpBases(), getRank())
      .bases("block", getFlatBlockBases(), getRank())
      .finish();
}

LogicalResult LinearEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, unsigned rank,
    ArrayRef<int32_t> flatRegisterBases, ArrayRef<int32_t> flatLaneBases,
    ArrayRef<int32_t> flatWarpBases, ArrayRef<int32_t> flatBlockBases) {
  if (rank == 0)
    return emitError() << "#ttg.linear needs a rank of at least 1";
  ArrayRef<int32_t> flats[] = {flatRegisterBases, flatLaneBases, flatWarpBases,
                               flatBlockBases};
  SmallVector<Bases> groups;
  for (auto [flat, inDim] : llvm::zip(flats, kLinearInDims)) {
    if (flat.size() % rank != 0)
      return emitError() << "#ttg.linear: the '" << inDim
                         << "' bases must each have " << rank << " entries";
    groups.push_back(unflattenBases(flat, rank));
    for (const auto &[i, basis] : llvm::enumerate(groups.back())) {
      if (llvm::count_if(basis, [](int32_t v) { return v != 0; }) > 1)
        return emitError() << "#ttg.linear: '" << inDim << "' basis #" << i
                           << " moves along more than one dimension";
      if (llvm::any_of(basis, [](int32_t v) { return v < 0; }))
        return emitError() << "#ttg.linear: '" << inDim << "' basis #" << i
                           << " has a negative entry";
    }
  }
  if (failed(verifyInvertibleBases(emitError, groups, rank)))
    return failure();
  // The CTA bits must select whole per-CTA tiles: along each dimension, a
  // block basis is a multiple of the extent the other bases span.
  for (unsigned d = 0; d < rank; ++d) {
    int64_t perCTA = 1;
    for (const Bases &group : ArrayRef<Bases>(groups).drop_back())
      for (const auto &basis : group)
        if (basis[d] != 0)
          perCTA *= 2;
    for (const auto &[i, basis] : llvm::enumerate(groups.back()))
      if (basis[d] % perCTA != 0)
        return emitError() << "#ttg.linear: 'block' basis #" << i
                           << " is not a multiple of the per-CTA extent "
                           << perCTA << " along dimension " << d;
  }
  return success();
}

Bases LinearEncodingAttr::getRegisterBases() const {
  return unflattenBases(getFlatRegisterBases(), getRank());
}
Bases LinearEncodingAttr::getLaneBases() const {
  return unflattenBases(getFlatLaneBases(), getRank());
}
Bases LinearEncodingAttr::getWarpBases() const {
  return unflattenBases(getFlatWarpBases(), getRank());
}
Bases LinearEncodingAttr::getBlockBases() const {
  return unflattenBases(getFlatBlockBases(), getRank());
}

CGAEncodingAttr LinearEncodingAttr::getCGALayout() const {
  // Block bases are tensor offsets; the CGA layout counts in per-CTA tiles,
  // whose extent along each dimension is spanned by the other bases.
  SmallVector<int64_t> perCTA(getRank(), 1);
  for (const Bases &group :
       {getRegisterBases(), getLaneBases(), getWarpBases()})
    for (const auto &basis : group)
      for (unsigned d = 0; d < getRank(); ++d)
        if (basis[d] != 0)
          perCTA[d] *= 2;
  Bases bases = getBlockBases();
  for (auto &basis : bases)
    for (unsigned d = 0; d < getRank(); ++d)
      basis[d] /= perCTA[d];
  return CGAEncodingAttr::getFromBases(getContext(), getRank(), bases);
}
unsigned LinearEncodingAttr::getLanesPerWarp() const {
  return 1u << (getFlatLaneBases().size() / getRank());
}
unsigned LinearEncodingAttr::getNumWarpsCovered() const {
  return 1u << (getFlatWarpBases().size() / getRank());
}

//===----------------------------------------------------------------------===//
// Swizzled shared encodings
//===----------------------------------------------------------------------===//

// #ttg.swizzled_shared and #ttg.amd_rotating_shared share their parser,
// printer, verifier and getRank(), defined for both (TTG_SwizzledSharedAttr
// in TritonGPUAttrDefs.td) in terms of the helpers below.

template <typename EncodingT>
static Attribute parseSwizzled(AsmParser &parser) {
  StringRef mnemonic = EncodingT::getMnemonic();
  static constexpr FieldSpec fields[] = {
      {"vec", FieldKind::Unsigned, kRequired},
      {"perPhase", FieldKind::Unsigned, kRequired},
      {"maxPhase", FieldKind::Unsigned, kRequired},
      {"order", FieldKind::UnsignedList, kRequired}};
  FailureOr<EncodingDict> dict =
      EncodingDict::parseWithCGA(parser, mnemonic, fields, "order");
  if (failed(dict))
    return {};
  return parser.getChecked<EncodingT>(
      parser.getContext(), dict->getUnsigned("vec"),
      dict->getUnsigned("perPhase"), dict->getUnsigned("maxPhase"),
      dict->getUnsignedList("order"), dict->getCGA());
}

template <typename EncodingT>
static void printSwizzled(AsmPrinter &printer, EncodingT enc) {
  EncodingDictPrinter(printer)
      .field("vec", enc.getVec())
      .field("perPhase", enc.getPerPhase())
      .field("maxPhase", enc.getMaxPhase())
      .field("order", enc.getOrder())
      .cgaLayout(enc.getCGALayout())
      .finish();
}

static LogicalResult
verifySwizzled(function_ref<InFlightDiagnostic()> emitError, unsigned vec,
               unsigned perPhase, unsigned maxPhase, ArrayRef<unsigned> order,
               CGAEncodingAttr cga, StringRef mnemonic) {
  std::string name = ("#ttg." + mnemonic).str();
  if (vec == 0 || perPhase == 0 || maxPhase == 0)
    return emitError() << name
                       << ": vec, perPhase and maxPhase must be at "
                          "least 1";
  if (order.empty())
    return emitError() << name << ": order must not be empty";
  if (failed(verifyOrder(emitError, order, name)))
    return failure();
  return verifyCGARank(emitError, cga, order.size(), name);
}

//===----------------------------------------------------------------------===//
// NVMMASharedEncodingAttr
//===----------------------------------------------------------------------===//

Attribute NVMMASharedEncodingAttr::parse(AsmParser &parser, Type) {
  static constexpr FieldSpec fields[] = {
      {"swizzlingByteWidth", FieldKind::Unsigned, kRequired},
      {"transposed", FieldKind::Bool},
      {"elementBitWidth", FieldKind::Unsigned, kRequired},
      {"fp4Padded", FieldKind::Bool},
      {"rank", FieldKind::Unsigned}};
  // The rank is explicit, or that of the CTA layout, or 2.
  auto rankOf = [](const EncodingDict &dict) -> unsigned {
    if (dict.has("rank"))
      return dict.getUnsigned("rank");
    unsigned rank = dict.getCGARank();
    return rank == 0 ? 2 : rank;
  };
  FailureOr<EncodingDict> dict =
      EncodingDict::parseWithCGA(parser, "nvmma_shared", fields, rankOf);
  if (failed(dict))
    return {};
  return parser.getChecked<NVMMASharedEncodingAttr>(
      parser.getContext(), dict->getUnsigned("swizzlingByteWidth"),
      dict->getBool("transposed"), dict->getUnsigned("elementBitWidth"),
      dict->getBool("fp4Padded"), dict->getCGA());
}

void NVMMASharedEncodingAttr::print(AsmPrinter &printer) const {
  EncodingDictPrinter dict(printer);
  dict.field("swizzlingByteWidth", getSwizzlingByteWidth())
      .field("transposed", getTransposed())
      .field("elementBitWidth", getElementBitWidth());
  if (getFp4Padded())
    dict.field("fp4Padded", true);
  CGAEncodingAttr cga = getCGALayout();
  if (cga.isSingleCTA() && cga.getRank() != 2)
    dict.field("rank", cga.getRank());
  else
    dict.cgaLayout(cga);
  dict.finish();
}

LogicalResult
NVMMASharedEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                unsigned swizzlingByteWidth, bool transposed,
                                unsigned elementBitWidth, bool fp4Padded,
                                CGAEncodingAttr CGALayout) {
  StringRef name = "#ttg.nvmma_shared";
  if (swizzlingByteWidth != 0 && swizzlingByteWidth != 32 &&
      swizzlingByteWidth != 64 && swizzlingByteWidth != 128)
    return emitError() << name
                       << ": swizzlingByteWidth must be 0, 32, 64 or 128, got "
                       << swizzlingByteWidth;
  if (!llvm::isPowerOf2_32(elementBitWidth) || elementBitWidth > 64)
    return emitError() << name
                       << ": elementBitWidth must be a power of two up to 64, "
                          "got "
                       << elementBitWidth;
  if (!CGALayout || CGALayout.getRank() == 0)
    return emitError() << name << " needs a rank of at least 1";
  return success();
}

unsigned NVMMASharedEncodingAttr::getRank() const {
  return getCGALayout().getRank();
}

//===----------------------------------------------------------------------===//
// Generated definitions and registration
//===----------------------------------------------------------------------===//

// The generated definitions come last: the ones TritonGPUAttrDefs.td shares
// between classes (extraClassDefinition) call the static helpers above.
#define GET_ATTRDEF_CLASSES
#include "tt/Dialect/TritonGPU/IR/TritonGPUAttrDefs.cpp.inc"

void TritonGPUDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tt/Dialect/TritonGPU/IR/TritonGPUAttrDefs.cpp.inc"
      >();
}
