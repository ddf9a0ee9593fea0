//===- Attributes.cpp - layout encodings of the ttg dialect -----*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Parsers, printers, verifiers and accessors of the ttg encodings. The
// dictionary-style encodings (`#ttg.blocked<{...}>`) are parsed as an MLIR
// dictionary and then read key by key, so keys may come in any order; the
// printers emit upstream Triton 3.6's order and omit fields holding their
// default, exactly as upstream does.
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::triton::gpu;

#include "tt/Dialect/TritonGPU/IR/TritonGPUAttrInterfaces.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "tt/Dialect/TritonGPU/IR/TritonGPUAttrDefs.cpp.inc"

using Bases = SmallVector<SmallVector<int32_t>>;

//===----------------------------------------------------------------------===//
// Small helpers
//===----------------------------------------------------------------------===//

static unsigned product(ArrayRef<unsigned> values) {
  unsigned p = 1;
  for (unsigned v : values)
    p *= v;
  return p;
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

static Bases unflatten(ArrayRef<int32_t> flat, unsigned rank) {
  Bases bases;
  if (rank == 0)
    return bases;
  for (size_t i = 0; i + rank <= flat.size(); i += rank)
    bases.emplace_back(flat.begin() + i, flat.begin() + i + rank);
  return bases;
}

static SmallVector<int32_t> flatten(ArrayRef<SmallVector<int32_t>> bases) {
  SmallVector<int32_t> flat;
  for (const auto &b : bases)
    flat.append(b.begin(), b.end());
  return flat;
}

static void printUnsignedList(AsmPrinter &printer, ArrayRef<unsigned> values) {
  printer << "[";
  llvm::interleaveComma(values, printer);
  printer << "]";
}

static void printBases(AsmPrinter &printer, ArrayRef<int32_t> flat,
                       unsigned rank) {
  printer << "[";
  llvm::interleaveComma(unflatten(flat, rank), printer,
                        [&](const SmallVector<int32_t> &basis) {
                          printer << "[";
                          llvm::interleaveComma(basis, printer);
                          printer << "]";
                        });
  printer << "]";
}

namespace {
/// Reads the entries of an encoding's `{key = value, ...}` dictionary and
/// reports malformed values at the parser's current position.
class DictReader {
public:
  DictReader(AsmParser &parser, StringRef encoding)
      : parser(parser), encoding(encoding) {}

  ParseResult error(const Twine &message) {
    return parser.emitError(loc, "#ttg.") << encoding << ": " << message;
  }

  ParseResult parseDict(DictionaryAttr &dict) {
    loc = parser.getCurrentLocation();
    if (parser.parseLess() || parser.parseAttribute(dict) ||
        parser.parseGreater())
      return failure();
    return success();
  }

  ParseResult readUnsigned(NamedAttribute entry, unsigned &value) {
    auto intAttr = dyn_cast<IntegerAttr>(entry.getValue());
    if (!intAttr || !intAttr.getType().isInteger() ||
        intAttr.getValue().isNegative())
      return error("'" + entry.getName().strref() +
                   "' must be a non-negative integer");
    value = intAttr.getValue().getZExtValue();
    return success();
  }

  ParseResult readBool(NamedAttribute entry, bool &value) {
    auto boolAttr = dyn_cast<BoolAttr>(entry.getValue());
    if (!boolAttr)
      return error("'" + entry.getName().strref() + "' must be true or false");
    value = boolAttr.getValue();
    return success();
  }

  ParseResult readUnsignedList(NamedAttribute entry,
                               SmallVectorImpl<unsigned> &values) {
    auto array = dyn_cast<ArrayAttr>(entry.getValue());
    if (!array)
      return error("'" + entry.getName().strref() +
                   "' must be a list of non-negative integers");
    values.clear();
    for (Attribute element : array) {
      auto intAttr = dyn_cast<IntegerAttr>(element);
      if (!intAttr || !intAttr.getType().isInteger() ||
          intAttr.getValue().isNegative())
        return error("'" + entry.getName().strref() +
                     "' must be a list of non-negative integers");
      values.push_back(intAttr.getValue().getZExtValue());
    }
    return success();
  }

  /// Reads `[[a, b], [c, d], ...]`; every basis must have `rank` entries
  /// when `rank` is non-zero, else the first basis fixes it.
  ParseResult readBases(StringRef key, Attribute value, Bases &bases,
                        unsigned &rank) {
    auto array = dyn_cast<ArrayAttr>(value);
    if (!array)
      return error("'" + key + "' must be a list of bases ([[...], ...])");
    for (auto [i, element] : llvm::enumerate(array)) {
      auto basisAttr = dyn_cast<ArrayAttr>(element);
      if (!basisAttr)
        return error("'" + key + "' must be a list of bases ([[...], ...])");
      SmallVector<int32_t> basis;
      for (Attribute entry : basisAttr) {
        auto intAttr = dyn_cast<IntegerAttr>(entry);
        if (!intAttr || !intAttr.getType().isInteger())
          return error("bases of '" + key + "' must hold integers");
        basis.push_back(intAttr.getInt());
      }
      if (rank == 0)
        rank = basis.size();
      if (basis.size() != rank)
        return error("basis #" + Twine(i) + " of '" + key + "' has " +
                     Twine(basis.size()) +
                     " entries, but the layout has rank " + Twine(rank));
      bases.push_back(std::move(basis));
    }
    return success();
  }

  AsmParser &parser;
  StringRef encoding;
  SMLoc loc;
};

/// The CTA-layout fields an encoding may carry: upstream 3.6's `CGALayout`
/// bases or the older CTAsPerCGA/CTASplitNum/CTAOrder triple.
struct CGAFields {
  Attribute bases;
  std::optional<SmallVector<unsigned>> ctasPerCGA, splitNum, order;

  /// Consumes `entry` if it is a CGA field; sets `failed` on a bad value.
  bool consume(DictReader &reader, NamedAttribute entry, bool &failed) {
    StringRef name = entry.getName().strref();
    auto readList = [&](std::optional<SmallVector<unsigned>> &into) {
      into.emplace();
      failed = failed || reader.readUnsignedList(entry, *into).failed();
      return true;
    };
    if (name == "CGALayout") {
      bases = entry.getValue();
      return true;
    }
    if (name == "CTAsPerCGA")
      return readList(ctasPerCGA);
    if (name == "CTASplitNum")
      return readList(splitNum);
    if (name == "CTAOrder")
      return readList(order);
    return false;
  }

  FailureOr<CGAEncodingAttr> build(DictReader &reader, unsigned rank) {
    MLIRContext *ctx = reader.parser.getContext();
    bool legacy = ctasPerCGA || splitNum || order;
    if (bases && legacy) {
      (void)reader.error("give the CTA layout either as 'CGALayout' or as "
                         "CTAsPerCGA/CTASplitNum/CTAOrder, not both");
      return failure();
    }
    if (bases) {
      Bases parsed;
      unsigned basesRank = rank;
      if (reader.readBases("CGALayout", bases, parsed, basesRank).failed())
        return failure();
      auto cga = CGAEncodingAttr::getChecked(
          [&] { return reader.parser.emitError(reader.loc); }, ctx, rank,
          flatten(parsed));
      if (!cga)
        return failure();
      return cga;
    }
    if (!legacy)
      return CGAEncodingAttr::get1CTALayout(ctx, rank);
    SmallVector<unsigned> defaultOrder;
    for (unsigned d = rank; d > 0; --d)
      defaultOrder.push_back(d - 1);
    SmallVector<unsigned> ones(rank, 1);
    std::string message;
    auto cga = CGAEncodingAttr::getFromSplitParams(
        ctx, ctasPerCGA.value_or(ones), splitNum.value_or(ones),
        order.value_or(defaultOrder), message);
    if (failed(cga)) {
      (void)reader.error(message);
      return failure();
    }
    if ((*cga).getRank() != rank) {
      (void)reader.error("CTAsPerCGA/CTASplitNum/CTAOrder have " +
                         Twine((*cga).getRank()) +
                         " entries, but the layout has rank " + Twine(rank));
      return failure();
    }
    return *cga;
  }
};
} // namespace

/// Prints `, CGALayout = [[...]]` unless the layout is a single CTA.
static void maybePrintCGALayout(AsmPrinter &printer, CGAEncodingAttr cga) {
  if (!cga || cga.isSingleCTA())
    return;
  printer << ", CGALayout = ";
  printBases(printer, cga.getFlatBases(), cga.getRank());
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
  return get(ctx, rank, flatten(bases));
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
  return unflatten(getFlatBases(), getRank());
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
  for (const auto &[i, basis] : llvm::enumerate(unflatten(flatBases, rank))) {
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
  DictReader reader(parser, "cga_layout");
  reader.loc = parser.getCurrentLocation();
  Attribute value;
  Bases bases;
  unsigned basesRank = rank;
  if (parser.parseAttribute(value) ||
      reader.readBases("bases", value, bases, basesRank) ||
      parser.parseGreater())
    return {};
  return parser.getChecked<CGAEncodingAttr>(parser.getContext(), rank,
                                            flatten(bases));
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
  DictReader reader(parser, "blocked");
  DictionaryAttr dict;
  if (reader.parseDict(dict))
    return {};
  std::optional<SmallVector<unsigned>> sizePerThread, threadsPerWarp,
      warpsPerCTA, order;
  CGAFields cga;
  for (NamedAttribute entry : dict) {
    StringRef name = entry.getName().strref();
    bool failed = false;
    if (cga.consume(reader, entry, failed)) {
      if (failed)
        return {};
      continue;
    }
    std::optional<SmallVector<unsigned>> *field =
        name == "sizePerThread"    ? &sizePerThread
        : name == "threadsPerWarp" ? &threadsPerWarp
        : name == "warpsPerCTA"    ? &warpsPerCTA
        : name == "order"          ? &order
                                   : nullptr;
    if (!field) {
      (void)reader.error("unknown key '" + name + "'");
      return {};
    }
    field->emplace();
    if (reader.readUnsignedList(entry, **field))
      return {};
  }
  for (auto [field, name] : {std::make_pair(&sizePerThread, "sizePerThread"),
                             std::make_pair(&threadsPerWarp, "threadsPerWarp"),
                             std::make_pair(&warpsPerCTA, "warpsPerCTA"),
                             std::make_pair(&order, "order")})
    if (!*field) {
      (void)reader.error(Twine("missing '") + name + "'");
      return {};
    }
  FailureOr<CGAEncodingAttr> cgaLayout = cga.build(reader, order->size());
  if (failed(cgaLayout))
    return {};
  return parser.getChecked<BlockedEncodingAttr>(
      parser.getContext(), *sizePerThread, *threadsPerWarp, *warpsPerCTA,
      *order, *cgaLayout);
}

void BlockedEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{sizePerThread = ";
  printUnsignedList(printer, getSizePerThread());
  printer << ", threadsPerWarp = ";
  printUnsignedList(printer, getThreadsPerWarp());
  printer << ", warpsPerCTA = ";
  printUnsignedList(printer, getWarpsPerCTA());
  printer << ", order = ";
  printUnsignedList(printer, getOrder());
  maybePrintCGALayout(printer, getCGALayout());
  printer << "}>";
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
LogicalResult BlockedEncodingAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type,
    function_ref<InFlightDiagnostic()> emitError) const {
  return verifyTensorRank(*this, getRank(), shape, emitError);
}

//===----------------------------------------------------------------------===//
// SliceEncodingAttr
//===----------------------------------------------------------------------===//

Attribute SliceEncodingAttr::parse(AsmParser &parser, Type) {
  DictReader reader(parser, "slice");
  DictionaryAttr dict;
  if (reader.parseDict(dict))
    return {};
  std::optional<unsigned> dim;
  Attribute parent;
  for (NamedAttribute entry : dict) {
    StringRef name = entry.getName().strref();
    if (name == "dim") {
      unsigned value;
      if (reader.readUnsigned(entry, value))
        return {};
      dim = value;
    } else if (name == "parent") {
      parent = entry.getValue();
    } else {
      (void)reader.error("unknown key '" + name + "'");
      return {};
    }
  }
  if (!dim || !parent) {
    (void)reader.error(!dim ? "missing 'dim'" : "missing 'parent'");
    return {};
  }
  auto distributed = dyn_cast<DistributedEncodingTrait>(parent);
  if (!distributed) {
    (void)reader.error("the parent must be a distributed (register) layout");
    return {};
  }
  return parser.getChecked<SliceEncodingAttr>(parser.getContext(), *dim,
                                              distributed);
}

void SliceEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{dim = " << getDim() << ", parent = " << getParent() << "}>";
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
LogicalResult SliceEncodingAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type,
    function_ref<InFlightDiagnostic()> emitError) const {
  return verifyTensorRank(*this, getRank(), shape, emitError);
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
LogicalResult DotOperandEncodingAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type,
    function_ref<InFlightDiagnostic()> emitError) const {
  return verifyTensorRank(*this, getRank(), shape, emitError);
}

//===----------------------------------------------------------------------===//
// NvidiaMmaEncodingAttr
//===----------------------------------------------------------------------===//

Attribute NvidiaMmaEncodingAttr::parse(AsmParser &parser, Type) {
  DictReader reader(parser, "nvidia_mma");
  DictionaryAttr dict;
  if (reader.parseDict(dict))
    return {};
  std::optional<unsigned> versionMajor, versionMinor;
  std::optional<SmallVector<unsigned>> warpsPerCTA, instrShape;
  CGAFields cga;
  for (NamedAttribute entry : dict) {
    StringRef name = entry.getName().strref();
    bool failed = false;
    if (cga.consume(reader, entry, failed)) {
      if (failed)
        return {};
      continue;
    }
    if (name == "versionMajor" || name == "versionMinor") {
      auto &field = name == "versionMajor" ? versionMajor : versionMinor;
      unsigned value;
      if (reader.readUnsigned(entry, value))
        return {};
      field = value;
    } else if (name == "warpsPerCTA" || name == "instrShape") {
      auto &field = name == "warpsPerCTA" ? warpsPerCTA : instrShape;
      field.emplace();
      if (reader.readUnsignedList(entry, *field))
        return {};
    } else {
      (void)reader.error("unknown key '" + name + "'");
      return {};
    }
  }
  if (!versionMajor || !warpsPerCTA || !instrShape) {
    (void)reader.error(!versionMajor  ? "missing 'versionMajor'"
                       : !warpsPerCTA ? "missing 'warpsPerCTA'"
                                      : "missing 'instrShape'");
    return {};
  }
  FailureOr<CGAEncodingAttr> cgaLayout = cga.build(reader, warpsPerCTA->size());
  if (failed(cgaLayout))
    return {};
  return parser.getChecked<NvidiaMmaEncodingAttr>(
      parser.getContext(), *versionMajor, versionMinor.value_or(0),
      *warpsPerCTA, *cgaLayout, *instrShape);
}

void NvidiaMmaEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{versionMajor = " << getVersionMajor()
          << ", versionMinor = " << getVersionMinor() << ", warpsPerCTA = ";
  printUnsignedList(printer, getWarpsPerCTA());
  maybePrintCGALayout(printer, getCGALayout());
  printer << ", instrShape = ";
  printUnsignedList(printer, getInstrShape());
  printer << "}>";
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
  if (warpsPerCTA.empty())
    return emitError() << name << ": warpsPerCTA must not be empty";
  if (failed(verifyPowersOfTwo(emitError, warpsPerCTA, "warpsPerCTA", name)) ||
      failed(verifyCGARank(emitError, CGALayout, warpsPerCTA.size(), name)))
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

unsigned NvidiaMmaEncodingAttr::getRank() const {
  return getWarpsPerCTA().size();
}
unsigned NvidiaMmaEncodingAttr::getLanesPerWarp() const { return 32; }
unsigned NvidiaMmaEncodingAttr::getNumWarpsCovered() const {
  return product(getWarpsPerCTA());
}
LogicalResult NvidiaMmaEncodingAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type,
    function_ref<InFlightDiagnostic()> emitError) const {
  return verifyTensorRank(*this, getRank(), shape, emitError);
}

//===----------------------------------------------------------------------===//
// AMDMfmaEncodingAttr
//===----------------------------------------------------------------------===//

Attribute AMDMfmaEncodingAttr::parse(AsmParser &parser, Type) {
  DictReader reader(parser, "amd_mfma");
  DictionaryAttr dict;
  if (reader.parseDict(dict))
    return {};
  std::optional<unsigned> version;
  unsigned elementBitWidth = 32;
  bool isTransposed = false;
  std::optional<SmallVector<unsigned>> warpsPerCTA, instrShape, tilesPerWarp;
  CGAFields cga;
  for (NamedAttribute entry : dict) {
    StringRef name = entry.getName().strref();
    bool failed = false;
    if (cga.consume(reader, entry, failed)) {
      if (failed)
        return {};
      continue;
    }
    if (name == "version") {
      unsigned value;
      if (reader.readUnsigned(entry, value))
        return {};
      version = value;
    } else if (name == "elementBitWidth") {
      if (reader.readUnsigned(entry, elementBitWidth))
        return {};
    } else if (name == "isTransposed") {
      if (reader.readBool(entry, isTransposed))
        return {};
    } else if (name == "warpsPerCTA" || name == "instrShape" ||
               name == "tilesPerWarp") {
      auto &field = name == "warpsPerCTA"  ? warpsPerCTA
                    : name == "instrShape" ? instrShape
                                           : tilesPerWarp;
      field.emplace();
      if (reader.readUnsignedList(entry, *field))
        return {};
    } else {
      (void)reader.error("unknown key '" + name + "'");
      return {};
    }
  }
  if (!version || !warpsPerCTA || !instrShape) {
    (void)reader.error(!version       ? "missing 'version'"
                       : !warpsPerCTA ? "missing 'warpsPerCTA'"
                                      : "missing 'instrShape'");
    return {};
  }
  FailureOr<CGAEncodingAttr> cgaLayout = cga.build(reader, warpsPerCTA->size());
  if (failed(cgaLayout))
    return {};
  SmallVector<unsigned> tiles =
      tilesPerWarp.value_or(SmallVector<unsigned>(warpsPerCTA->size(), 1));
  return parser.getChecked<AMDMfmaEncodingAttr>(
      parser.getContext(), *version, *warpsPerCTA, *instrShape, isTransposed,
      *cgaLayout, tiles, elementBitWidth);
}

void AMDMfmaEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{version = " << getVersion() << ", warpsPerCTA = ";
  printUnsignedList(printer, getWarpsPerCTA());
  printer << ", instrShape = ";
  printUnsignedList(printer, getInstrShape());
  printer << ", isTransposed = " << (getIsTransposed() ? "true" : "false");
  maybePrintCGALayout(printer, getCGALayout());
  if (llvm::any_of(getTilesPerWarp(), [](unsigned t) { return t != 1; })) {
    printer << ", tilesPerWarp = ";
    printUnsignedList(printer, getTilesPerWarp());
  }
  if (getElementBitWidth() != 32)
    printer << ", elementBitWidth = " << getElementBitWidth();
  printer << "}>";
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
  if (warpsPerCTA.empty())
    return emitError() << name << ": warpsPerCTA must not be empty";
  if (failed(verifyPowersOfTwo(emitError, warpsPerCTA, "warpsPerCTA", name)) ||
      failed(verifyCGARank(emitError, CGALayout, warpsPerCTA.size(), name)))
    return failure();
  if (instrShape.size() < 2)
    return emitError() << name << ": instrShape needs at least [M, N]";
  std::pair<unsigned, unsigned> mn(instrShape[0], instrShape[1]);
  if (mn != std::make_pair(32u, 32u) && mn != std::make_pair(16u, 16u) &&
      mn != std::make_pair(64u, 4u) && mn != std::make_pair(4u, 64u))
    return emitError() << name
                       << ": no MFMA instruction has M x N = " << mn.first
                       << " x " << mn.second;
  if (tilesPerWarp.size() != warpsPerCTA.size())
    return emitError() << name << ": tilesPerWarp has " << tilesPerWarp.size()
                       << " entries, but warpsPerCTA has "
                       << warpsPerCTA.size();
  if (elementBitWidth != 32 && elementBitWidth != 64)
    return emitError() << name << ": elementBitWidth must be 32 or 64, got "
                       << elementBitWidth;
  return success();
}

unsigned AMDMfmaEncodingAttr::getRank() const {
  return getWarpsPerCTA().size();
}
unsigned AMDMfmaEncodingAttr::getLanesPerWarp() const { return 64; }
unsigned AMDMfmaEncodingAttr::getNumWarpsCovered() const {
  return product(getWarpsPerCTA());
}
LogicalResult AMDMfmaEncodingAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type,
    function_ref<InFlightDiagnostic()> emitError) const {
  return verifyTensorRank(*this, getRank(), shape, emitError);
}

//===----------------------------------------------------------------------===//
// AMDWmmaEncodingAttr
//===----------------------------------------------------------------------===//

static constexpr unsigned kDefaultWmmaInstrShape[] = {16, 16, 16};

Attribute AMDWmmaEncodingAttr::parse(AsmParser &parser, Type) {
  DictReader reader(parser, "amd_wmma");
  DictionaryAttr dict;
  if (reader.parseDict(dict))
    return {};
  std::optional<unsigned> version;
  bool isTransposed = false;
  std::optional<SmallVector<unsigned>> warpsPerCTA, instrShape, tilesPerWarp;
  CGAFields cga;
  for (NamedAttribute entry : dict) {
    StringRef name = entry.getName().strref();
    bool failed = false;
    if (cga.consume(reader, entry, failed)) {
      if (failed)
        return {};
      continue;
    }
    if (name == "version") {
      unsigned value;
      if (reader.readUnsigned(entry, value))
        return {};
      version = value;
    } else if (name == "isTranspose") {
      if (reader.readBool(entry, isTransposed))
        return {};
    } else if (name == "warpsPerCTA" || name == "instrShape" ||
               name == "tilesPerWarp") {
      auto &field = name == "warpsPerCTA"  ? warpsPerCTA
                    : name == "instrShape" ? instrShape
                                           : tilesPerWarp;
      field.emplace();
      if (reader.readUnsignedList(entry, *field))
        return {};
    } else {
      (void)reader.error("unknown key '" + name + "'");
      return {};
    }
  }
  if (!version || !warpsPerCTA) {
    (void)reader.error(!version ? "missing 'version'"
                                : "missing 'warpsPerCTA'");
    return {};
  }
  FailureOr<CGAEncodingAttr> cgaLayout = cga.build(reader, warpsPerCTA->size());
  if (failed(cgaLayout))
    return {};
  SmallVector<unsigned> tiles =
      tilesPerWarp.value_or(SmallVector<unsigned>(warpsPerCTA->size(), 1));
  SmallVector<unsigned> shape = instrShape.value_or(SmallVector<unsigned>(
      std::begin(kDefaultWmmaInstrShape), std::end(kDefaultWmmaInstrShape)));
  return parser.getChecked<AMDWmmaEncodingAttr>(parser.getContext(), *version,
                                                isTransposed, *warpsPerCTA,
                                                tiles, *cgaLayout, shape);
}

void AMDWmmaEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{version = " << getVersion()
          << ", isTranspose = " << (getIsTransposed() ? "true" : "false")
          << ", warpsPerCTA = ";
  printUnsignedList(printer, getWarpsPerCTA());
  maybePrintCGALayout(printer, getCGALayout());
  if (llvm::any_of(getTilesPerWarp(), [](unsigned t) { return t != 1; })) {
    printer << ", tilesPerWarp = ";
    printUnsignedList(printer, getTilesPerWarp());
  }
  if (getInstrShape() != ArrayRef<unsigned>(kDefaultWmmaInstrShape)) {
    printer << ", instrShape = ";
    printUnsignedList(printer, getInstrShape());
  }
  printer << "}>";
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
  if (warpsPerCTA.empty())
    return emitError() << name << ": warpsPerCTA must not be empty";
  if (failed(verifyPowersOfTwo(emitError, warpsPerCTA, "warpsPerCTA", name)) ||
      failed(verifyCGARank(emitError, CGALayout, warpsPerCTA.size(), name)))
    return failure();
  if (tilesPerWarp.size() != warpsPerCTA.size())
    return emitError() << name << ": tilesPerWarp has " << tilesPerWarp.size()
                       << " entries, but warpsPerCTA has "
                       << warpsPerCTA.size();
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

unsigned AMDWmmaEncodingAttr::getRank() const {
  return getWarpsPerCTA().size();
}
unsigned AMDWmmaEncodingAttr::getLanesPerWarp() const { return 32; }
unsigned AMDWmmaEncodingAttr::getNumWarpsCovered() const {
  return product(getWarpsPerCTA());
}
LogicalResult AMDWmmaEncodingAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type,
    function_ref<InFlightDiagnostic()> emitError) const {
  return verifyTensorRank(*this, getRank(), shape, emitError);
}

//===----------------------------------------------------------------------===//
// LinearEncodingAttr
//===----------------------------------------------------------------------===//

static constexpr StringLiteral kLinearInDims[] = {"register", "lane", "warp",
                                                  "block"};

Attribute LinearEncodingAttr::parse(AsmParser &parser, Type) {
  DictReader reader(parser, "linear");
  DictionaryAttr dict;
  if (reader.parseDict(dict))
    return {};
  for (NamedAttribute entry : dict)
    if (!llvm::is_contained(kLinearInDims, entry.getName().strref())) {
      (void)reader.error("unknown key '" + entry.getName().strref() +
                         "' (expected register, lane, warp and block)");
      return {};
    }
  unsigned rank = 0;
  Bases bases[4];
  for (auto [i, key] : llvm::enumerate(kLinearInDims)) {
    Attribute value = dict.get(key);
    if (!value) {
      (void)reader.error("missing the '" + key + "' bases");
      return {};
    }
    if (reader.readBases(key, value, bases[i], rank))
      return {};
  }
  if (rank == 0) {
    (void)reader.error("needs at least one basis to know its rank");
    return {};
  }
  return parser.getChecked<LinearEncodingAttr>(
      parser.getContext(), rank, flatten(bases[0]), flatten(bases[1]),
      flatten(bases[2]), flatten(bases[3]));
}

void LinearEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{register = ";
  printBases(printer, getFlatRegisterBases(), getRank());
  printer << ", lane = ";
  printBases(printer, getFlatLaneBases(), getRank());
  printer << ", warp = ";
  printBases(printer, getFlatWarpBases(), getRank());
  printer << ", block = ";
  printBases(printer, getFlatBlockBases(), getRank());
  printer << "}>";
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
    groups.push_back(unflatten(flat, rank));
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
  return unflatten(getFlatRegisterBases(), getRank());
}
Bases LinearEncodingAttr::getLaneBases() const {
  return unflatten(getFlatLaneBases(), getRank());
}
Bases LinearEncodingAttr::getWarpBases() const {
  return unflatten(getFlatWarpBases(), getRank());
}
Bases LinearEncodingAttr::getBlockBases() const {
  return unflatten(getFlatBlockBases(), getRank());
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
LogicalResult LinearEncodingAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type,
    function_ref<InFlightDiagnostic()> emitError) const {
  return verifyTensorRank(*this, getRank(), shape, emitError);
}

//===----------------------------------------------------------------------===//
// Swizzled shared encodings
//===----------------------------------------------------------------------===//

/// Shared parser of #ttg.swizzled_shared and #ttg.amd_rotating_shared.
template <typename EncodingT>
static Attribute parseSwizzled(AsmParser &parser, StringRef mnemonic) {
  DictReader reader(parser, mnemonic);
  DictionaryAttr dict;
  if (reader.parseDict(dict))
    return {};
  std::optional<unsigned> vec, perPhase, maxPhase;
  std::optional<SmallVector<unsigned>> order;
  CGAFields cga;
  for (NamedAttribute entry : dict) {
    StringRef name = entry.getName().strref();
    bool failed = false;
    if (cga.consume(reader, entry, failed)) {
      if (failed)
        return {};
      continue;
    }
    std::optional<unsigned> *field = name == "vec"        ? &vec
                                     : name == "perPhase" ? &perPhase
                                     : name == "maxPhase" ? &maxPhase
                                                          : nullptr;
    if (field) {
      unsigned value;
      if (reader.readUnsigned(entry, value))
        return {};
      *field = value;
    } else if (name == "order") {
      order.emplace();
      if (reader.readUnsignedList(entry, *order))
        return {};
    } else {
      (void)reader.error("unknown key '" + name + "'");
      return {};
    }
  }
  if (!vec || !perPhase || !maxPhase || !order) {
    (void)reader.error(!vec        ? "missing 'vec'"
                       : !perPhase ? "missing 'perPhase'"
                       : !maxPhase ? "missing 'maxPhase'"
                                   : "missing 'order'");
    return {};
  }
  FailureOr<CGAEncodingAttr> cgaLayout = cga.build(reader, order->size());
  if (failed(cgaLayout))
    return {};
  return parser.getChecked<EncodingT>(parser.getContext(), *vec, *perPhase,
                                      *maxPhase, *order, *cgaLayout);
}

template <typename EncodingT>
static void printSwizzled(AsmPrinter &printer, EncodingT enc) {
  printer << "<{vec = " << enc.getVec() << ", perPhase = " << enc.getPerPhase()
          << ", maxPhase = " << enc.getMaxPhase() << ", order = ";
  printUnsignedList(printer, enc.getOrder());
  maybePrintCGALayout(printer, enc.getCGALayout());
  printer << "}>";
}

static LogicalResult
verifySwizzled(function_ref<InFlightDiagnostic()> emitError, unsigned vec,
               unsigned perPhase, unsigned maxPhase, ArrayRef<unsigned> order,
               CGAEncodingAttr cga, StringRef name) {
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

Attribute SwizzledSharedEncodingAttr::parse(AsmParser &parser, Type) {
  return parseSwizzled<SwizzledSharedEncodingAttr>(parser, "swizzled_shared");
}
void SwizzledSharedEncodingAttr::print(AsmPrinter &printer) const {
  printSwizzled(printer, *this);
}
LogicalResult
SwizzledSharedEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                   unsigned vec, unsigned perPhase,
                                   unsigned maxPhase, ArrayRef<unsigned> order,
                                   CGAEncodingAttr CGALayout) {
  return verifySwizzled(emitError, vec, perPhase, maxPhase, order, CGALayout,
                        "#ttg.swizzled_shared");
}
unsigned SwizzledSharedEncodingAttr::getRank() const {
  return getOrder().size();
}

Attribute AMDRotatingSharedEncodingAttr::parse(AsmParser &parser, Type) {
  return parseSwizzled<AMDRotatingSharedEncodingAttr>(parser,
                                                      "amd_rotating_shared");
}
void AMDRotatingSharedEncodingAttr::print(AsmPrinter &printer) const {
  printSwizzled(printer, *this);
}
LogicalResult AMDRotatingSharedEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, unsigned vec,
    unsigned perPhase, unsigned maxPhase, ArrayRef<unsigned> order,
    CGAEncodingAttr CGALayout) {
  return verifySwizzled(emitError, vec, perPhase, maxPhase, order, CGALayout,
                        "#ttg.amd_rotating_shared");
}
unsigned AMDRotatingSharedEncodingAttr::getRank() const {
  return getOrder().size();
}

//===----------------------------------------------------------------------===//
// NVMMASharedEncodingAttr
//===----------------------------------------------------------------------===//

Attribute NVMMASharedEncodingAttr::parse(AsmParser &parser, Type) {
  DictReader reader(parser, "nvmma_shared");
  DictionaryAttr dict;
  if (reader.parseDict(dict))
    return {};
  std::optional<unsigned> swizzle, bitWidth, rank;
  bool transposed = false, fp4Padded = false;
  CGAFields cga;
  for (NamedAttribute entry : dict) {
    StringRef name = entry.getName().strref();
    bool failed = false;
    if (cga.consume(reader, entry, failed)) {
      if (failed)
        return {};
      continue;
    }
    std::optional<unsigned> *field = name == "swizzlingByteWidth" ? &swizzle
                                     : name == "elementBitWidth"  ? &bitWidth
                                     : name == "rank"             ? &rank
                                                                  : nullptr;
    if (field) {
      unsigned value;
      if (reader.readUnsigned(entry, value))
        return {};
      *field = value;
    } else if (name == "transposed" || name == "fp4Padded") {
      if (reader.readBool(entry, name == "transposed" ? transposed : fp4Padded))
        return {};
    } else {
      (void)reader.error("unknown key '" + name + "'");
      return {};
    }
  }
  if (!swizzle || !bitWidth) {
    (void)reader.error(!swizzle ? "missing 'swizzlingByteWidth'"
                                : "missing 'elementBitWidth'");
    return {};
  }
  // The rank is explicit, or that of the CGA bases, or 2.
  unsigned layoutRank = rank.value_or(0);
  if (!rank) {
    if (auto bases = dyn_cast_or_null<ArrayAttr>(cga.bases);
        bases && !bases.empty())
      if (auto first = dyn_cast<ArrayAttr>(bases[0]))
        layoutRank = first.size();
    if (cga.order)
      layoutRank = cga.order->size();
    if (layoutRank == 0)
      layoutRank = 2;
  }
  FailureOr<CGAEncodingAttr> cgaLayout = cga.build(reader, layoutRank);
  if (failed(cgaLayout))
    return {};
  return parser.getChecked<NVMMASharedEncodingAttr>(
      parser.getContext(), *swizzle, transposed, *bitWidth, fp4Padded,
      *cgaLayout);
}

void NVMMASharedEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{swizzlingByteWidth = " << getSwizzlingByteWidth()
          << ", transposed = " << (getTransposed() ? "true" : "false")
          << ", elementBitWidth = " << getElementBitWidth();
  if (getFp4Padded())
    printer << ", fp4Padded = true";
  CGAEncodingAttr cga = getCGALayout();
  if (cga.isSingleCTA() && cga.getRank() != 2)
    printer << ", rank = " << cga.getRank();
  else
    maybePrintCGALayout(printer, cga);
  printer << "}>";
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
// Registration
//===----------------------------------------------------------------------===//

void TritonGPUDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tt/Dialect/TritonGPU/IR/TritonGPUAttrDefs.cpp.inc"
      >();
}
