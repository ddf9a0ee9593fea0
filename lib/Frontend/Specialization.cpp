//===- Specialization.cpp - signatures and constexpr values -----*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Reads upstream's ahead-of-time signature strings and `-D` values.
//
//===----------------------------------------------------------------------===//

#include "tt/Frontend/Specialization.h"
#include "tt/Support/TypeNames.h"

#include "llvm/ADT/SmallVector.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>

using namespace tt::frontend;
using llvm::StringRef;

/// Maps Triton's dtype names (`float16`, `tl.int32`, ...) and signature
/// names (`fp16`, `i32`) to the signature spelling; empty if neither.
static std::string canonicalTypeName(StringRef name) {
  name.consume_front("triton.language.");
  name.consume_front("tl.");
  const tt::support::TypeName *t = tt::support::lookupAnyTypeName(name);
  return t ? t->name : "";
}

bool tt::frontend::isSignatureType(StringRef name) {
  while (name.consume_front("*")) {
  }
  return !canonicalTypeName(name).empty() && !name.starts_with("tl.") &&
         !name.starts_with("triton.");
}

bool tt::frontend::parseConstValue(StringRef text, ConstValue &value,
                                   std::string &error) {
  text = text.trim();
  value = ConstValue();
  if (text == "True" || text == "False") {
    value.kind = ConstValue::Bool;
    value.boolValue = text == "True";
    return true;
  }
  if (text == "None")
    return true;
  if (text.size() >= 2 && (text.front() == '\'' || text.front() == '"') &&
      text.back() == text.front()) {
    value.kind = ConstValue::Str;
    value.strValue = text.drop_front().drop_back().str();
    return true;
  }
  std::string type = canonicalTypeName(text);
  if (type.empty() && text.starts_with("*"))
    type = isSignatureType(text) ? text.str() : "";
  if (!type.empty()) {
    value.kind = ConstValue::DType;
    value.strValue = type;
    return true;
  }
  std::string s = text.str();
  if (!s.empty()) {
    // Integers: decimal, 0x / 0o / 0b, with a sign and underscores.
    std::string digits;
    for (char c : s)
      if (c != '_')
        digits += c;
    StringRef d(digits);
    bool neg = d.consume_front("-");
    if (!neg)
      d.consume_front("+");
    unsigned radix = 10;
    if (d.consume_front_insensitive("0x"))
      radix = 16;
    else if (d.consume_front_insensitive("0o"))
      radix = 8;
    else if (d.consume_front_insensitive("0b"))
      radix = 2;
    unsigned long long v;
    if (!d.empty() && !d.getAsInteger(radix, v)) {
      if (v > (unsigned long long)INT64_MAX + (neg ? 1 : 0)) {
        error = "integer '" + s + "' does not fit in 64 bits";
        return false;
      }
      value.kind = ConstValue::Int;
      value.intValue = neg ? (int64_t)(0 - v) : (int64_t)v;
      return true;
    }
    // Floats, including inf and nan.
    StringRef f(digits);
    bool fneg = f.consume_front("-");
    if (!fneg)
      f.consume_front("+");
    if (f == "inf" || f == "nan") {
      value.kind = ConstValue::Float;
      value.floatValue = f == "inf" ? INFINITY : NAN;
      if (fneg)
        value.floatValue = -value.floatValue;
      return true;
    }
    char *end = nullptr;
    errno = 0;
    double x = std::strtod(digits.c_str(), &end);
    if (end && *end == 0 && end != digits.c_str() &&
        digits.find_first_of(".eE") != std::string::npos) {
      value.kind = ConstValue::Float;
      value.floatValue = x;
      return true;
    }
  }
  error = "cannot read '" + s +
          "' as a constexpr value (expected an integer, a float, True, "
          "False, None, a quoted string or a dtype such as fp16)";
  return false;
}

bool tt::frontend::parseSignature(StringRef text,
                                  std::vector<SignatureEntry> &out,
                                  std::string &error) {
  out.clear();
  if (text.trim().empty())
    return true;
  llvm::SmallVector<StringRef> parts;
  text.split(parts, ',');
  for (auto [i, raw] : llvm::enumerate(parts)) {
    StringRef part = raw.trim();
    SignatureEntry e;
    e.text = part.str();
    if (part.empty()) {
      error = "signature entry " + std::to_string(i) + " is empty";
      return false;
    }
    auto [head, hint] = part.split(':');
    head = head.trim();
    hint = hint.trim();
    if (isSignatureType(head)) {
      std::string base = head.str();
      size_t stars = base.find_first_not_of('*');
      e.type = base.substr(0, stars) + canonicalTypeName(base.substr(stars));
      if (part.contains(':')) {
        unsigned h;
        if (hint.getAsInteger(10, h) || (h != 16 && h != 1)) {
          error = "signature entry '" + e.text +
                  "': the hint after ':' must be 16 (divisible by 16) or 1 "
                  "(equal to 1)";
          return false;
        }
        if (h == 1) {
          if (e.type[0] == '*' || e.type.rfind("fp", 0) == 0 ||
              e.type == "bf16") {
            error = "signature entry '" + e.text +
                    "': only integer parameters can be specialized to 1";
            return false;
          }
          e.isConstant = true;
          e.value.kind = ConstValue::Int;
          e.value.intValue = 1;
        } else {
          e.divisibility = 16;
        }
      }
      out.push_back(std::move(e));
      continue;
    }
    if (part.contains(':') && !head.starts_with("'") &&
        !head.starts_with("\"")) {
      error = "signature entry '" + e.text + "': unknown type '" + head.str() +
              "' (expected i1, i8..i64, u8..u64, fp16, bf16, fp32, fp64, "
              "fp8e4nv, fp8e5, fp8e4b15, or a pointer to one such as *fp32)";
      return false;
    }
    std::string why;
    if (!parseConstValue(part, e.value, why)) {
      error = "signature entry '" + e.text +
              "' is neither a type (such as *fp32, i32) nor a constant";
      return false;
    }
    e.isConstant = true;
    out.push_back(std::move(e));
  }
  return true;
}
