//===- Grid.cpp - argument types, C names and grid expressions --*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The pieces of a launcher that come from the kernel's signature: the C
// type of each argument, C names that cannot clash, and the grid
// expression, parsed here and turned into C in Launcher.cpp.
//
//===----------------------------------------------------------------------===//

#include "tt/AOT/AOT.h"
#include "tt/Support/TypeNames.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

#include <functional>
#include <limits>

using namespace llvm;
using namespace tt::aot;
using tt::support::lookupTypeName;
using tt::support::TypeKind;
using tt::support::TypeName;

//===----------------------------------------------------------------------===//
// Types and names
//===----------------------------------------------------------------------===//

bool tt::aot::isIntegerType(StringRef type) {
  const TypeName *t = lookupTypeName(type);
  return t && (t->kind == TypeKind::Bool || t->kind == TypeKind::SignedInt);
}

/// The C type of one element or scalar of Triton type `type`.
static std::optional<std::string> getScalarCType(StringRef type) {
  const TypeName *t = lookupTypeName(type);
  if (!t || t->kind == TypeKind::UnsignedInt)
    return std::nullopt;
  if (t->kind == TypeKind::Bool)
    return std::string("bool");
  if (t->kind == TypeKind::SignedInt)
    return "int" + std::to_string(t->bits) + "_t";
  if (t->bits == 32)
    return std::string("float");
  if (t->bits == 64)
    return std::string("double");
  // No portable C type holds fp16, bf16 and the fp8 types: their bits.
  return "uint" + std::to_string(t->bits) + "_t";
}

std::optional<std::string> tt::aot::getCPUType(StringRef type) {
  if (!isPointerType(type))
    return getScalarCType(type);
  StringRef elt = type.drop_front();
  if (elt == "i1") // Booleans are bytes in memory.
    return std::string("uint8_t *");
  if (std::optional<std::string> s = getScalarCType(elt))
    return *s + " *";
  return std::string("void *");
}

std::optional<std::string> tt::aot::getCUDAType(StringRef type) {
  if (isPointerType(type))
    return std::string("CUdeviceptr");
  return getScalarCType(type);
}

static const char *const kKeywords[] = {
    // C11
    "auto", "break", "case", "char", "const", "continue", "default", "do",
    "double", "else", "enum", "extern", "float", "for", "goto", "if",
    "inline", "int", "long", "register", "restrict", "return", "short",
    "signed", "sizeof", "static", "struct", "switch", "typedef", "union",
    "unsigned", "void", "volatile", "while", "_Alignas", "_Alignof",
    "_Atomic", "_Bool", "_Complex", "_Generic", "_Imaginary", "_Noreturn",
    "_Static_assert", "_Thread_local",
    // C++17 beyond C
    "alignas", "alignof", "and", "and_eq", "asm", "bitand", "bitor", "bool",
    "catch", "char16_t", "char32_t", "class", "compl", "constexpr",
    "const_cast", "decltype", "delete", "dynamic_cast", "explicit", "export",
    "false", "friend", "mutable", "namespace", "new", "noexcept", "not",
    "not_eq", "nullptr", "operator", "or", "or_eq", "private", "protected",
    "public", "reinterpret_cast", "static_assert", "static_cast", "template",
    "this", "thread_local", "throw", "true", "try", "typeid", "typename",
    "using", "virtual", "wchar_t", "xor", "xor_eq",
    // Names from the headers the generated code includes.
    "NULL", "errno", "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t",
    "uint16_t", "uint32_t", "uint64_t", "uintptr_t", "size_t", "CUresult",
    "CUstream", "CUdeviceptr", "CUmodule", "CUfunction", "CUdevice"};

static bool isKeyword(StringRef s) {
  return is_contained(kKeywords, s);
}

static bool isIdentifier(StringRef s) {
  if (s.empty() || isDigit(s.front()))
    return false;
  return all_of(s, [](char c) { return isAlnum(c) || c == '_'; });
}

bool tt::aot::isValidCName(StringRef name) {
  // Names starting with '_' and an uppercase letter or two '_' are reserved.
  return isIdentifier(name) && !isKeyword(name) &&
         !name.starts_with("tt_aot_") && !name.starts_with("__") &&
         !(name.size() > 1 && name[0] == '_' && isUpper(name[1]));
}

std::vector<std::string> tt::aot::makeCNames(ArrayRef<std::string> names) {
  std::vector<std::string> out;
  StringSet<> used;
  for (auto [i, raw] : enumerate(names)) {
    std::string s;
    for (char c : raw)
      s += (isAlnum(c) || c == '_') ? c : '_';
    if (s.empty())
      s = "arg" + std::to_string(i);
    if (isDigit(s.front()))
      s = "arg_" + s;
    while (s.size() > 1 && s[0] == '_' && (s[1] == '_' || isUpper(s[1])))
      s.erase(0, 1);
    // `stream` is the CUDA launcher's first parameter.
    if (isKeyword(s) || s == "stream" || StringRef(s).starts_with("tt_aot_"))
      s += "_";
    std::string unique = s;
    for (int n = 2; used.contains(unique); ++n)
      unique = s + "_" + std::to_string(n);
    used.insert(unique);
    out.push_back(unique);
  }
  return out;
}

std::string tt::aot::getConditionText(const Arg &arg) {
  if (arg.divisibility <= 1)
    return "";
  return arg.name + " % " + std::to_string(arg.divisibility) + " == 0";
}

//===----------------------------------------------------------------------===//
// Grid expressions
//===----------------------------------------------------------------------===//

namespace {
class GridParser {
public:
  GridParser(StringRef text, ArrayRef<Arg> args,
             const std::map<std::string, int64_t> &constants)
      : text(text), args(args), constants(constants) {}

  Expected<std::vector<ExprPtr>> parse() {
    std::vector<ExprPtr> dims;
    skipSpace();
    if (pos == text.size())
      return error("the grid is empty");
    while (true) {
      ExprPtr e = parseSum();
      if (!e)
        return takeError();
      dims.push_back(e);
      skipSpace();
      if (pos == text.size())
        break;
      if (text[pos] != ',')
        return error(Twine("unexpected '") + text.substr(pos, 1) + "'");
      if (dims.size() == 3)
        return error("a grid has at most three dimensions");
      ++pos;
    }
    return dims;
  }

private:
  StringRef text;
  ArrayRef<Arg> args;
  const std::map<std::string, int64_t> &constants;
  size_t pos = 0;
  std::string message;

  Error takeError() {
    return createStringError(inconvertibleErrorCode(), message);
  }
  Error error(const Twine &what) {
    fail(what);
    return takeError();
  }
  ExprPtr fail(const Twine &what) {
    if (message.empty())
      message = ("bad grid expression '" + text + "' at column " +
                 Twine(pos + 1) + ": " + what)
                    .str();
    return nullptr;
  }

  void skipSpace() {
    while (pos < text.size() && isSpace(text[pos]))
      ++pos;
  }
  bool consume(StringRef tok) {
    skipSpace();
    if (!text.substr(pos).starts_with(tok))
      return false;
    pos += tok.size();
    return true;
  }

  static ExprPtr make(Expr::Kind kind, std::vector<ExprPtr> ops) {
    auto e = std::make_shared<Expr>();
    e->kind = kind;
    e->operands = std::move(ops);
    return e;
  }

  /// A left-associative level: operands parsed by `operand`, joined by the
  /// operators `op` reads. `op` returns false at the end of the level, and
  /// after rejecting an operator (with an error: `message` is set).
  ExprPtr parseLevel(ExprPtr (GridParser::*operand)(),
                     bool (GridParser::*op)(Expr::Kind &)) {
    ExprPtr lhs = (this->*operand)();
    Expr::Kind k;
    while (lhs && (this->*op)(k)) {
      ExprPtr rhs = (this->*operand)();
      if (!rhs)
        return nullptr;
      lhs = make(k, {lhs, rhs});
    }
    return message.empty() ? lhs : nullptr;
  }

  bool sumOp(Expr::Kind &k) {
    if (consume("+"))
      k = Expr::Add;
    else if (consume("-"))
      k = Expr::Sub;
    else
      return false;
    return true;
  }

  bool productOp(Expr::Kind &k) {
    skipSpace();
    size_t at = pos;
    if (consume("**")) {
      pos = at;
      fail("'**' is not supported in grid expressions");
      return false;
    }
    if (consume("*"))
      k = Expr::Mul;
    else if (consume("//"))
      k = Expr::FloorDiv;
    else if (consume("/")) {
      pos = at;
      fail("'/' is true division; use '//' (floor division) or cdiv(a, b)");
      return false;
    } else if (consume("%"))
      k = Expr::Mod;
    else
      return false;
    return true;
  }

  // sum := product (('+' | '-') product)*
  ExprPtr parseSum() {
    return parseLevel(&GridParser::parseProduct, &GridParser::sumOp);
  }

  // product := unary (('*' | '//' | '%') unary)*
  ExprPtr parseProduct() {
    return parseLevel(&GridParser::parseUnary, &GridParser::productOp);
  }

  // unary := '-' unary | '+' unary | primary
  ExprPtr parseUnary() {
    if (consume("-")) {
      ExprPtr e = parseUnary();
      return e ? make(Expr::Negate, {e}) : nullptr;
    }
    if (consume("+"))
      return parseUnary();
    return parsePrimary();
  }

  ExprPtr parsePrimary() {
    skipSpace();
    if (pos == text.size())
      return fail("expected an expression");
    char c = text[pos];
    if (c == '(') {
      ++pos;
      ExprPtr e = parseSum();
      if (!e)
        return nullptr;
      if (!consume(")"))
        return fail("expected ')'");
      return e;
    }
    if (isDigit(c))
      return parseNumber();
    if (isAlpha(c) || c == '_')
      return parseName();
    return fail(Twine("unexpected '") + text.substr(pos, 1) + "'");
  }

  ExprPtr parseNumber() {
    size_t start = pos;
    while (pos < text.size() && (isAlnum(text[pos]) || text[pos] == '_'))
      ++pos;
    std::string digits;
    for (char c : text.slice(start, pos))
      if (c != '_')
        digits += c;
    uint64_t v;
    size_t end = pos;
    if (StringRef(digits).getAsInteger(0, v) ||
        v > uint64_t(std::numeric_limits<int64_t>::max())) {
      pos = start;
      return fail("'" + text.slice(start, end) +
                  "' is not an integer that fits in 64 bits");
    }
    if (pos < text.size() && text[pos] == '.') {
      pos = start;
      return fail("grid expressions are integer expressions");
    }
    auto e = make(Expr::Number, {});
    e->value = int64_t(v);
    return e;
  }

  ExprPtr parseName() {
    size_t start = pos;
    while (pos < text.size() && (isAlnum(text[pos]) || text[pos] == '_'))
      ++pos;
    StringRef name = text.slice(start, pos);
    skipSpace();
    if (pos < text.size() && text[pos] == '(') {
      ++pos;
      return parseCall(name, start);
    }
    if (auto it = constants.find(name.str()); it != constants.end()) {
      auto e = make(Expr::Number, {});
      e->value = it->second;
      return e;
    }
    for (auto [i, a] : enumerate(args)) {
      if (a.name != name && a.ttirName != name)
        continue;
      if (!isIntegerType(a.type)) {
        pos = start;
        return fail("'" + name + "' is a " + a.type +
                    " argument; grid expressions use integer arguments");
      }
      auto e = make(Expr::Argument, {});
      e->argIndex = i;
      return e;
    }
    std::string known;
    for (const Arg &a : args)
      if (isIntegerType(a.type))
        known += (known.empty() ? "" : ", ") + a.name;
    pos = start;
    return fail("unknown name '" + name + "' (integer arguments: " +
                (known.empty() ? std::string("none") : known) + ")");
  }

  ExprPtr parseCall(StringRef fn, size_t start) {
    Expr::Kind k;
    if (fn == "cdiv")
      k = Expr::CDiv;
    else if (fn == "min")
      k = Expr::Min;
    else if (fn == "max")
      k = Expr::Max;
    else {
      pos = start;
      return fail("unknown function '" + fn + "' (known: cdiv, min, max)");
    }
    std::vector<ExprPtr> ops;
    if (!consume(")")) {
      while (true) {
        ExprPtr e = parseSum();
        if (!e)
          return nullptr;
        ops.push_back(e);
        if (consume(")"))
          break;
        if (!consume(","))
          return fail("expected ',' or ')'");
      }
    }
    if (k == Expr::CDiv && ops.size() != 2) {
      pos = start;
      return fail("cdiv takes two arguments");
    }
    if (ops.empty()) {
      pos = start;
      return fail(fn + " takes at least one argument");
    }
    if (ops.size() == 1)
      return ops.front();
    // min/max of several values nest pairwise.
    ExprPtr e = ops.front();
    for (size_t i = 1; i < ops.size(); ++i)
      e = make(k, {e, ops[i]});
    return e;
  }
};

/// Binding strength for printing: sums 1, products 2, unary 3, atoms 4.
int precedence(const Expr &e) {
  switch (e.kind) {
  case Expr::Add:
  case Expr::Sub:
    return 1;
  case Expr::Mul:
  case Expr::FloorDiv:
  case Expr::Mod:
    return 2;
  case Expr::Negate:
    return 3;
  default:
    return 4;
  }
}
} // namespace

Expected<std::vector<ExprPtr>>
tt::aot::parseGrid(StringRef text, ArrayRef<Arg> args,
                   const std::map<std::string, int64_t> &constants) {
  return GridParser(text, args, constants).parse();
}

std::string tt::aot::printExpr(const Expr &e, ArrayRef<Arg> args) {
  auto sub = [&](const ExprPtr &op, int minPrec) {
    std::string s = printExpr(*op, args);
    return precedence(*op) < minPrec ? "(" + s + ")" : s;
  };
  switch (e.kind) {
  case Expr::Number:
    return std::to_string(e.value);
  case Expr::Argument:
    return args[e.argIndex].name;
  case Expr::Negate:
    return "-" + sub(e.operands[0], 3);
  case Expr::Add:
    return sub(e.operands[0], 1) + " + " + sub(e.operands[1], 2);
  case Expr::Sub:
    return sub(e.operands[0], 1) + " - " + sub(e.operands[1], 2);
  case Expr::Mul:
    return sub(e.operands[0], 2) + " * " + sub(e.operands[1], 3);
  case Expr::FloorDiv:
    return sub(e.operands[0], 2) + " // " + sub(e.operands[1], 3);
  case Expr::Mod:
    return sub(e.operands[0], 2) + " % " + sub(e.operands[1], 3);
  case Expr::CDiv:
  case Expr::Min:
  case Expr::Max: {
    const char *fn = e.kind == Expr::CDiv ? "cdiv"
                     : e.kind == Expr::Min ? "min"
                                           : "max";
    // min(min(a, b), c) prints as min(a, b, c).
    std::string inner;
    std::function<void(const Expr &)> flatten = [&](const Expr &x) {
      for (const ExprPtr &op : x.operands) {
        if (x.kind != Expr::CDiv && op->kind == x.kind) {
          flatten(*op);
          continue;
        }
        inner += (inner.empty() ? "" : ", ") + printExpr(*op, args);
      }
    };
    flatten(e);
    return std::string(fn) + "(" + inner + ")";
  }
  }
  return "";
}
