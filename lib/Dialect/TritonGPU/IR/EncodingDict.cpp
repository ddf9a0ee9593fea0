//===- EncodingDict.cpp - dictionaries of ttg encodings ---------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "EncodingDict.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/ErrorHandling.h"

using namespace mlir;
using namespace mlir::triton::gpu;
using namespace mlir::triton::gpu::parsing;

//===----------------------------------------------------------------------===//
// Bases
//===----------------------------------------------------------------------===//

Bases parsing::unflattenBases(ArrayRef<int32_t> flat, unsigned rank) {
  Bases bases;
  if (rank == 0)
    return bases;
  for (size_t i = 0; i + rank <= flat.size(); i += rank)
    bases.emplace_back(flat.begin() + i, flat.begin() + i + rank);
  return bases;
}

SmallVector<int32_t>
parsing::flattenBases(ArrayRef<SmallVector<int32_t>> bases) {
  SmallVector<int32_t> flat;
  for (const auto &b : bases)
    flat.append(b.begin(), b.end());
  return flat;
}

void parsing::printBases(AsmPrinter &printer, ArrayRef<int32_t> flat,
                         unsigned rank) {
  printer << "[";
  llvm::interleaveComma(unflattenBases(flat, rank), printer,
                        [&](const SmallVector<int32_t> &basis) {
                          printer << "[";
                          llvm::interleaveComma(basis, printer);
                          printer << "]";
                        });
  printer << "]";
}

static InFlightDiagnostic emitEncodingError(AsmParser &parser, SMLoc loc,
                                            StringRef encoding) {
  return parser.emitError(loc, "#ttg.") << encoding << ": ";
}

ParseResult parsing::readBases(AsmParser &parser, SMLoc loc, StringRef encoding,
                               StringRef key, Attribute value, Bases &bases,
                               unsigned &rank) {
  auto error = [&]() { return emitEncodingError(parser, loc, encoding); };
  auto array = dyn_cast<ArrayAttr>(value);
  if (!array)
    return error() << "'" << key << "' must be a list of bases ([[...], ...])";
  for (auto [i, element] : llvm::enumerate(array)) {
    auto basisAttr = dyn_cast<ArrayAttr>(element);
    if (!basisAttr)
      return error() << "'" << key
                     << "' must be a list of bases ([[...], ...])";
    SmallVector<int32_t> basis;
    for (Attribute entry : basisAttr) {
      auto intAttr = dyn_cast<IntegerAttr>(entry);
      if (!intAttr || !intAttr.getType().isInteger())
        return error() << "bases of '" << key << "' must hold integers";
      basis.push_back(intAttr.getInt());
    }
    if (rank == 0)
      rank = basis.size();
    if (basis.size() != rank)
      return error() << "basis #" << i << " of '" << key << "' has "
                     << basis.size() << " entries, but the layout has rank "
                     << rank;
    bases.push_back(std::move(basis));
  }
  return success();
}

//===----------------------------------------------------------------------===//
// EncodingDict
//===----------------------------------------------------------------------===//

/// The CTA-layout keys: upstream 3.6's bases, or the older triple.
static constexpr FieldSpec kCGAFields[] = {
    {"CGALayout", FieldKind::Attribute},
    {"CTAsPerCGA", FieldKind::UnsignedList},
    {"CTASplitNum", FieldKind::UnsignedList},
    {"CTAOrder", FieldKind::UnsignedList},
};

FailureOr<EncodingDict> EncodingDict::parse(AsmParser &parser,
                                            StringRef encoding,
                                            ArrayRef<FieldSpec> fields,
                                            bool withCGA) {
  EncodingDict dict(parser, encoding, parser.getCurrentLocation());
  dict.specs.assign(fields.begin(), fields.end());
  if (withCGA)
    dict.specs.append(std::begin(kCGAFields), std::end(kCGAFields));
  dict.entries.resize(dict.specs.size());

  // The syntax of a dictionary attribute, each key's location kept: a bare
  // or quoted key, then `= value` (a key alone is a unit attribute).
  SmallVector<std::pair<std::string, Entry>> parsed;
  auto parseEntry = [&]() -> ParseResult {
    Entry entry;
    entry.loc = parser.getCurrentLocation();
    std::string key;
    if (parser.parseKeywordOrString(&key))
      return failure();
    entry.value = UnitAttr::get(parser.getContext());
    if (succeeded(parser.parseOptionalEqual()) &&
        parser.parseAttribute(entry.value))
      return failure();
    parsed.emplace_back(std::move(key), entry);
    return success();
  };
  if (parser.parseLess() ||
      parser.parseCommaSeparatedList(AsmParser::Delimiter::Braces,
                                     parseEntry) ||
      parser.parseGreater() || dict.check(parsed))
    return failure();
  return dict;
}

FailureOr<EncodingDict> EncodingDict::parseWithCGA(
    AsmParser &parser, StringRef encoding, ArrayRef<FieldSpec> fields,
    function_ref<unsigned(const EncodingDict &)> rankOf) {
  FailureOr<EncodingDict> dict =
      parse(parser, encoding, fields, /*withCGA=*/true);
  if (failed(dict))
    return failure();
  FailureOr<CGAEncodingAttr> cga = dict->getCGALayout(rankOf(*dict));
  if (failed(cga))
    return failure();
  dict->cga = *cga;
  return dict;
}

FailureOr<EncodingDict> EncodingDict::parseWithCGA(AsmParser &parser,
                                                   StringRef encoding,
                                                   ArrayRef<FieldSpec> fields,
                                                   StringRef rankKey) {
  return parseWithCGA(parser, encoding, fields,
                      [&](const EncodingDict &dict) {
                        return dict.getUnsignedList(rankKey).size();
                      });
}

ParseResult
EncodingDict::check(ArrayRef<std::pair<std::string, Entry>> parsed) {
  for (const auto &keyAndEntry : parsed) {
    const std::string &key = keyAndEntry.first;
    const Entry &entry = keyAndEntry.second;
    const FieldSpec *spec =
        llvm::find_if(specs, [&](const FieldSpec &s) { return s.key == key; });
    if (spec == specs.end()) {
      std::string expected;
      for (auto [i, s] : llvm::enumerate(specs))
        expected += (i == 0                 ? ""
                     : i + 1 < specs.size() ? ", "
                                            : " and ") +
                    s.key.str();
      return error(entry.loc,
                   "unknown key '" + key + "' (expected " + expected + ")");
    }
    Entry &slot = entries[spec - specs.begin()];
    if (slot.value)
      return error(entry.loc, "duplicate key '" + key + "'");
    slot = entry;
    slot.spec = spec;
    if (checkKind(key, slot))
      return failure();
  }
  for (auto [spec, entry] : llvm::zip(specs, entries))
    if (spec.required && !entry.value)
      return error(spec.kind == FieldKind::Bases
                       ? ("missing the '" + spec.key + "' bases").str()
                       : ("missing '" + spec.key + "'").str());
  return success();
}

static bool isNonNegativeInteger(Attribute attr) {
  auto intAttr = dyn_cast<IntegerAttr>(attr);
  return intAttr && intAttr.getType().isInteger() &&
         !intAttr.getValue().isNegative();
}

ParseResult EncodingDict::checkKind(StringRef key, const Entry &entry) const {
  switch (entry.spec->kind) {
  case FieldKind::Unsigned:
    if (!isNonNegativeInteger(entry.value))
      return error(entry.loc, "'" + key + "' must be a non-negative integer");
    return success();
  case FieldKind::Bool:
    if (!isa<BoolAttr>(entry.value))
      return error(entry.loc, "'" + key + "' must be true or false");
    return success();
  case FieldKind::UnsignedList: {
    auto array = dyn_cast<ArrayAttr>(entry.value);
    if (!array || !llvm::all_of(array, isNonNegativeInteger))
      return error(entry.loc,
                   "'" + key + "' must be a list of non-negative integers");
    return success();
  }
  case FieldKind::Bases: {
    Bases bases;
    unsigned rank = 0;
    return readBases(*parser, entry.loc, encoding, key, entry.value, bases,
                     rank);
  }
  case FieldKind::Attribute:
    return success();
  }
  llvm_unreachable("unknown field kind");
}

const EncodingDict::Entry &EncodingDict::lookup(StringRef key) const {
  for (size_t i = 0; i < specs.size(); ++i)
    if (specs[i].key == key)
      return entries[i];
  llvm::report_fatal_error("#ttg." + encoding + ": no field '" + key + "'");
}

unsigned EncodingDict::getUnsigned(StringRef key, unsigned defaultValue) const {
  if (Attribute value = getAttr(key))
    return cast<IntegerAttr>(value).getValue().getZExtValue();
  return defaultValue;
}

bool EncodingDict::getBool(StringRef key, bool defaultValue) const {
  if (Attribute value = getAttr(key))
    return cast<BoolAttr>(value).getValue();
  return defaultValue;
}

SmallVector<unsigned>
EncodingDict::getUnsignedList(StringRef key,
                              ArrayRef<unsigned> defaultValue) const {
  Attribute value = getAttr(key);
  if (!value)
    return SmallVector<unsigned>(defaultValue);
  SmallVector<unsigned> values;
  for (Attribute element : cast<ArrayAttr>(value))
    values.push_back(cast<IntegerAttr>(element).getValue().getZExtValue());
  return values;
}

ParseResult EncodingDict::getBases(StringRef key, Bases &bases,
                                   unsigned &rank) const {
  const Entry &entry = lookup(key);
  return readBases(*parser, entry.value ? entry.loc : loc, encoding, key,
                   entry.value, bases, rank);
}

ParseResult EncodingDict::error(const Twine &message) const {
  return emitEncodingError(*parser, loc, encoding) << message;
}

ParseResult EncodingDict::error(StringRef key, const Twine &message) const {
  const Entry &entry = lookup(key);
  return emitEncodingError(*parser, entry.value ? entry.loc : loc, encoding)
         << message;
}

ParseResult EncodingDict::error(SMLoc at, const Twine &message) const {
  return emitEncodingError(*parser, at, encoding) << message;
}

unsigned EncodingDict::getCGARank() const {
  unsigned rank = 0;
  if (auto bases = dyn_cast_or_null<ArrayAttr>(getAttr("CGALayout"));
      bases && !bases.empty())
    if (auto first = dyn_cast<ArrayAttr>(bases[0]))
      rank = first.size();
  if (Attribute order = getAttr("CTAOrder"))
    rank = cast<ArrayAttr>(order).size();
  return rank;
}

FailureOr<CGAEncodingAttr> EncodingDict::getCGALayout(unsigned rank) const {
  MLIRContext *ctx = getContext();
  auto optionalList = [&](StringRef key) {
    return has(key) ? std::optional(getUnsignedList(key)) : std::nullopt;
  };
  std::optional<SmallVector<unsigned>> ctasPerCGA = optionalList("CTAsPerCGA");
  std::optional<SmallVector<unsigned>> splitNum = optionalList("CTASplitNum");
  std::optional<SmallVector<unsigned>> order = optionalList("CTAOrder");
  bool legacy = ctasPerCGA || splitNum || order;
  if (has("CGALayout") && legacy) {
    (void)error("CGALayout", "give the CTA layout either as 'CGALayout' or as "
                             "CTAsPerCGA/CTASplitNum/CTAOrder, not both");
    return failure();
  }
  if (has("CGALayout")) {
    Bases parsed;
    unsigned basesRank = rank;
    if (getBases("CGALayout", parsed, basesRank))
      return failure();
    SMLoc at = lookup("CGALayout").loc;
    SmallVector<int32_t> flat = flattenBases(parsed);
    auto cga = CGAEncodingAttr::getChecked(
        [&] { return parser->emitError(at); }, ctx, rank,
        ArrayRef<int32_t>(flat));
    if (!cga)
      return failure();
    return cga;
  }
  if (!legacy)
    return CGAEncodingAttr::get1CTALayout(ctx, rank);
  StringRef first = ctasPerCGA ? "CTAsPerCGA"
                    : splitNum ? "CTASplitNum"
                               : "CTAOrder";
  SmallVector<unsigned> defaultOrder;
  for (unsigned d = rank; d > 0; --d)
    defaultOrder.push_back(d - 1);
  SmallVector<unsigned> ones(rank, 1);
  std::string message;
  auto cga = CGAEncodingAttr::getFromSplitParams(
      ctx, ctasPerCGA.value_or(ones), splitNum.value_or(ones),
      order.value_or(defaultOrder), message);
  if (failed(cga)) {
    (void)error(first, message);
    return failure();
  }
  if ((*cga).getRank() != rank) {
    (void)error(first, "CTAsPerCGA/CTASplitNum/CTAOrder have " +
                           Twine((*cga).getRank()) +
                           " entries, but the layout has rank " + Twine(rank));
    return failure();
  }
  return *cga;
}

//===----------------------------------------------------------------------===//
// EncodingDictPrinter
//===----------------------------------------------------------------------===//

void EncodingDictPrinter::key(StringRef key) {
  if (!first)
    printer << ", ";
  first = false;
  printer << key << " = ";
}

EncodingDictPrinter &EncodingDictPrinter::field(StringRef name,
                                                unsigned value) {
  key(name);
  printer << value;
  return *this;
}

EncodingDictPrinter &EncodingDictPrinter::field(StringRef name, bool value) {
  key(name);
  printer << (value ? "true" : "false");
  return *this;
}

EncodingDictPrinter &EncodingDictPrinter::field(StringRef name,
                                                ArrayRef<unsigned> values) {
  key(name);
  printer << "[";
  llvm::interleaveComma(values, printer);
  printer << "]";
  return *this;
}

EncodingDictPrinter &EncodingDictPrinter::field(StringRef name,
                                                Attribute value) {
  key(name);
  printer << value;
  return *this;
}

EncodingDictPrinter &
EncodingDictPrinter::fieldUnlessDefault(StringRef name, unsigned value,
                                        unsigned defaultValue) {
  return value == defaultValue ? *this : field(name, value);
}

EncodingDictPrinter &
EncodingDictPrinter::fieldUnlessDefault(StringRef name,
                                        ArrayRef<unsigned> values,
                                        ArrayRef<unsigned> defaultValue) {
  return values == defaultValue ? *this : field(name, values);
}

EncodingDictPrinter &EncodingDictPrinter::bases(StringRef name,
                                                ArrayRef<int32_t> flat,
                                                unsigned rank) {
  key(name);
  printBases(printer, flat, rank);
  return *this;
}

EncodingDictPrinter &EncodingDictPrinter::cgaLayout(CGAEncodingAttr cga) {
  if (!cga || cga.isSingleCTA())
    return *this;
  return bases("CGALayout", cga.getFlatBases(), cga.getRank());
}
