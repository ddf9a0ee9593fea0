//===- Template.cpp - kernel templates with placeholders --------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Tune/Template.h"
#include "tt/Runtime/Spec.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <set>

using namespace tt::tune;
using tt::runtime::formatError;
using tt::runtime::Scope;
using tt::runtime::Value;

std::string tt::tune::formatForKernel(const Value &v) {
  if (v.isInt())
    return std::to_string(v.i);
  double d = v.f;
  if (std::isnan(d))
    return "0x7FC00000"; // MLIR's hexadecimal float form (f32 NaN)
  if (std::isinf(d))
    return d > 0 ? "0x7F800000" : "0xFF800000";
  char buf[64];
  for (int prec = 1; prec <= 17; ++prec) {
    std::snprintf(buf, sizeof buf, "%.*g", prec, d);
    if (std::strtod(buf, nullptr) == d)
      break;
  }
  std::string s = buf;
  if (s.find_first_of(".e") == std::string::npos)
    s += ".0";
  else if (s.find('.') == std::string::npos) // 1e-05 -> 1.0e-05
    s.insert(s.find('e'), ".0");
  return s;
}

bool Template::parse(const std::string &text, const std::string &fileName,
                     int firstLine, std::string &err) {
  pieces.clear();
  file = fileName;
  int line = firstLine;
  Piece cur;
  size_t i = 0;
  while (i < text.size()) {
    char c = text[i];
    if (c == '\\' && text.compare(i + 1, 2, "{{") == 0) {
      cur.literal += "{{";
      i += 3;
      continue;
    }
    if (c == '{' && text.compare(i, 2, "{{") == 0) {
      size_t end = text.find("}}", i + 2);
      size_t nl = text.find('\n', i);
      if (end == std::string::npos || (nl != std::string::npos && nl < end)) {
        std::string shown = text.substr(
            i, std::min<size_t>(
                   40, (nl == std::string::npos ? text.size() : nl) - i));
        err = formatError(file, line,
                          "unterminated placeholder '" + shown +
                              "' (a placeholder is '{{expression}}' on one "
                              "line; write '\\{{' for a literal '{{')");
        return false;
      }
      // The first '}}' closes it: expressions have no braces, and in
      // '{end = {{B}}}' the third brace is the attribute dictionary's.
      std::string inner = text.substr(i + 2, end - i - 2);
      size_t b = inner.find_first_not_of(" \t");
      size_t e = inner.find_last_not_of(" \t");
      std::string trimmed =
          b == std::string::npos ? "" : inner.substr(b, e - b + 1);
      if (trimmed.empty()) {
        err = formatError(file, line, "empty placeholder '{{}}'");
        return false;
      }
      cur.hasExpr = true;
      cur.line = line;
      std::string why;
      if (!runtime::Expression::parse(trimmed, cur.expr, why)) {
        err = formatError(file, line,
                          "bad placeholder '{{" + inner + "}}': " + why);
        return false;
      }
      if (isIdentifier(trimmed))
        cur.word = trimmed;
      pieces.push_back(std::move(cur));
      cur = Piece();
      i = end + 2;
      continue;
    }
    if (c == '\n')
      ++line;
    cur.literal += c;
    ++i;
  }
  pieces.push_back(std::move(cur));
  return true;
}

bool Template::render(const Config &config, std::string &out,
                      std::string &err) const {
  Scope scope;
  config.bind(scope);
  out.clear();
  for (const Piece &p : pieces) {
    out += p.literal;
    if (!p.hasExpr)
      continue;
    if (!p.word.empty()) {
      const ParamValue *v = config.find(p.word);
      if (!v) {
        err = formatError(file, p.line,
                          "placeholder '{{" + p.word +
                              "}}': the config has no parameter '" + p.word +
                              "' (it has: " + config.label() + ")");
        return false;
      }
      if (!v->numeric) {
        out += v->text;
        continue;
      }
    }
    Value v;
    std::string why;
    if (!p.expr.evaluate(scope, v, why)) {
      err = formatError(file, p.line,
                        "placeholder '{{" + p.expr.text() + "}}': " + why);
      return false;
    }
    if (v.isTensor()) {
      err = formatError(file, p.line,
                        "placeholder '{{" + p.expr.text() +
                            "}}' must give a number, not a tensor");
      return false;
    }
    out += formatForKernel(v);
  }
  return true;
}

std::vector<std::pair<std::string, int>> Template::freeNames() const {
  std::vector<std::pair<std::string, int>> names;
  std::set<std::string> seen;
  for (const Piece &p : pieces) {
    if (!p.hasExpr)
      continue;
    for (const std::string &n : p.expr.freeNames())
      if (seen.insert(n).second)
        names.emplace_back(n, p.line);
  }
  return names;
}

size_t Template::numPlaceholders() const {
  size_t n = 0;
  for (const Piece &p : pieces)
    n += p.hasExpr;
  return n;
}
