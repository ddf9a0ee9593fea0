//===- EncodingDict.h - dictionaries of ttg encodings -----------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Most ttg encodings are written as a dictionary, as upstream Triton writes
// them: `#ttg.blocked<{sizePerThread = [1, 4], ..., order = [1, 0]}>`. Keys
// may come in any order; the printers emit upstream's order and leave out
// the fields at their default.
//
// EncodingDict parses such a dictionary against the fields an encoding
// declares (key, kind of value, required or not) and hands the values back
// through typed getters. Every error is located: an unknown or repeated
// key, or a value of the wrong kind, at its entry; a missing key at the
// dictionary. EncodingDictPrinter prints one back.
//
//===----------------------------------------------------------------------===//

#ifndef TT_LIB_DIALECT_TRITONGPU_IR_ENCODINGDICT_H
#define TT_LIB_DIALECT_TRITONGPU_IR_ENCODINGDICT_H

#include "tt/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/DialectImplementation.h"

#include <optional>

namespace mlir::triton::gpu::parsing {

using Bases = SmallVector<SmallVector<int32_t>>;

/// The bases `[[a, b], [c, d], ...]` of a layout of `rank` dimensions,
/// stored flat (`[a, b, c, d, ...]`).
Bases unflattenBases(ArrayRef<int32_t> flat, unsigned rank);
SmallVector<int32_t> flattenBases(ArrayRef<SmallVector<int32_t>> bases);

/// Prints flat bases as `[[a, b], [c, d], ...]`.
void printBases(AsmPrinter &printer, ArrayRef<int32_t> flat, unsigned rank);

/// Reads `value` as `[[a, b], [c, d], ...]` for the `key` of `#ttg.<encoding>`,
/// reporting errors at `loc`; every basis must have `rank` entries when
/// `rank` is non-zero, else the first basis fixes it.
ParseResult readBases(AsmParser &parser, SMLoc loc, StringRef encoding,
                      StringRef key, Attribute value, Bases &bases,
                      unsigned &rank);

/// What the value of a key holds.
enum class FieldKind {
  Unsigned,     // A non-negative integer.
  Bool,         // `true` or `false`.
  UnsignedList, // `[a, b, ...]` of non-negative integers.
  Bases,        // `[[a, b], ...]` of integers (read with getBases).
  Attribute,    // Any attribute, checked by the encoding.
};

/// One key an encoding accepts.
struct FieldSpec {
  StringLiteral key;
  FieldKind kind;
  bool required = false;
};
constexpr bool kRequired = true;

/// The parsed dictionary of one encoding.
class EncodingDict {
public:
  /// Parses `<{key = value, ...}>` for `#ttg.<encoding>`, accepting the
  /// keys of `fields` and, with `withCGA`, the CTA-layout keys (upstream
  /// 3.6's `CGALayout`, or the older CTAsPerCGA/CTASplitNum/CTAOrder).
  /// Checks every value's kind and that the required keys are present;
  /// fails after reporting the first error.
  static FailureOr<EncodingDict> parse(AsmParser &parser, StringRef encoding,
                                       ArrayRef<FieldSpec> fields,
                                       bool withCGA = false);
  /// parse() with the CTA-layout keys, followed by getCGALayout() for the
  /// rank `rankOf` reads from the parsed dictionary; the layout is then
  /// available as getCGA(). Fails if either step does.
  static FailureOr<EncodingDict>
  parseWithCGA(AsmParser &parser, StringRef encoding,
               ArrayRef<FieldSpec> fields,
               function_ref<unsigned(const EncodingDict &)> rankOf);
  /// The same, for the encodings whose rank is the length of the list
  /// under `rankKey` (a required key of `fields`).
  static FailureOr<EncodingDict> parseWithCGA(AsmParser &parser,
                                              StringRef encoding,
                                              ArrayRef<FieldSpec> fields,
                                              StringRef rankKey);

  bool has(StringRef key) const { return lookup(key).value != nullptr; }
  unsigned getUnsigned(StringRef key, unsigned defaultValue = 0) const;
  bool getBool(StringRef key, bool defaultValue = false) const;
  /// The list under `key`, or `defaultValue` when the key is absent.
  SmallVector<unsigned>
  getUnsignedList(StringRef key, ArrayRef<unsigned> defaultValue = {}) const;
  Attribute getAttr(StringRef key) const { return lookup(key).value; }
  /// Reads the bases under `key` (see readBases); errors at the entry.
  ParseResult getBases(StringRef key, Bases &bases, unsigned &rank) const;

  /// The CTA layout of an encoding of `rank` dimensions: from `CGALayout`,
  /// from the older triple (missing entries default to one CTA and the
  /// reversed order), or a single CTA.
  FailureOr<CGAEncodingAttr> getCGALayout(unsigned rank) const;
  /// The rank the CTA-layout keys imply (that of CTAOrder, else of the
  /// first CGALayout basis), or 0 when they do not tell.
  unsigned getCGARank() const;
  /// The CTA layout resolved by parseWithCGA (null after a plain parse()).
  CGAEncodingAttr getCGA() const { return cga; }

  /// Reports `#ttg.<encoding>: message` at the dictionary, or at the entry
  /// of `key`.
  ParseResult error(const Twine &message) const;
  ParseResult error(StringRef key, const Twine &message) const;

  /// Where the dictionary starts (for `AsmParser::getChecked`).
  SMLoc getLoc() const { return loc; }
  MLIRContext *getContext() const { return parser->getContext(); }

private:
  struct Entry {
    const FieldSpec *spec = nullptr;
    Attribute value;
    SMLoc loc;
  };

  EncodingDict(AsmParser &parser, StringRef encoding, SMLoc loc)
      : parser(&parser), encoding(encoding), loc(loc) {}
  ParseResult check(ArrayRef<std::pair<std::string, Entry>> parsed);
  ParseResult error(SMLoc at, const Twine &message) const;
  ParseResult checkKind(StringRef key, const Entry &entry) const;
  const Entry &lookup(StringRef key) const;

  AsmParser *parser;
  StringRef encoding;
  SMLoc loc;
  SmallVector<FieldSpec> specs;
  /// One per spec, in the order of `specs` (null values for absent keys).
  SmallVector<Entry> entries;
  CGAEncodingAttr cga;
};

/// Prints an encoding's dictionary: `<{` on construction, then one
/// `key = value` per call (comma-separated), and `}>` on finish().
class EncodingDictPrinter {
public:
  explicit EncodingDictPrinter(AsmPrinter &printer) : printer(printer) {
    printer << "<{";
  }
  EncodingDictPrinter &field(StringRef key, unsigned value);
  EncodingDictPrinter &field(StringRef key, bool value);
  EncodingDictPrinter &field(StringRef key, ArrayRef<unsigned> values);
  EncodingDictPrinter &field(StringRef key, Attribute value);
  /// `key = value` unless `value` is the field's default, which the
  /// printed form leaves out.
  EncodingDictPrinter &fieldUnlessDefault(StringRef key, unsigned value,
                                          unsigned defaultValue);
  EncodingDictPrinter &fieldUnlessDefault(StringRef key,
                                          ArrayRef<unsigned> values,
                                          ArrayRef<unsigned> defaultValue);
  EncodingDictPrinter &bases(StringRef key, ArrayRef<int32_t> flat,
                             unsigned rank);
  /// `CGALayout = [[...]]`, unless the layout is a single CTA.
  EncodingDictPrinter &cgaLayout(CGAEncodingAttr cga);
  void finish() { printer << "}>"; }

private:
  AsmPrinter &printer;
  bool first = true;
  void key(StringRef key);
};

} // namespace mlir::triton::gpu::parsing

#endif // TT_LIB_DIALECT_TRITONGPU_IR_ENCODINGDICT_H
