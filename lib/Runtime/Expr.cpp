//===- Expr.cpp - the expression language of tt-run -------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// A hand-written lexer and recursive-descent parser build a small tree; the
// evaluator walks it. Tensor operations materialize every intermediate in
// double precision, which is simple and fast enough for reference checks of
// a few hundred million elements; the matrix product runs on every core.
//
//===----------------------------------------------------------------------===//

#include "tt/Runtime/Expr.h"
#include "tt/Runtime/DType.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <initializer_list>
#include <limits>
#include <set>
#include <thread>

using namespace tt::runtime;

//===----------------------------------------------------------------------===//
// Array and Value
//===----------------------------------------------------------------------===//

int64_t tt::runtime::numElements(const std::vector<int64_t> &shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

int64_t Array::numel() const { return numElements(shape); }

std::shared_ptr<Array> Array::make(std::vector<int64_t> shape) {
  auto a = std::make_shared<Array>();
  a->shape = std::move(shape);
  a->data.assign(size_t(a->numel()), 0.0);
  return a;
}

bool tt::runtime::isIdentifier(const std::string &s) {
  if (s.empty() || !(std::isalpha((unsigned char)s[0]) || s[0] == '_'))
    return false;
  for (char c : s)
    if (!(std::isalnum((unsigned char)c) || c == '_'))
      return false;
  return true;
}

bool tt::runtime::splitBinding(const std::string &s, std::string &name,
                               std::string &expr) {
  size_t eq = s.find('=');
  if (eq == std::string::npos || !isIdentifier(s.substr(0, eq)))
    return false;
  name = s.substr(0, eq);
  expr = s.substr(eq + 1);
  return true;
}

std::string tt::runtime::formatShape(const std::vector<int64_t> &shape) {
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i)
      s += ", ";
    s += std::to_string(shape[i]);
  }
  if (shape.size() == 1)
    s += ",";
  return s + ")";
}

Value Value::ofInt(int64_t v) {
  Value r;
  r.kind = Kind::Int;
  r.i = v;
  return r;
}

Value Value::ofFloat(double v) {
  Value r;
  r.kind = Kind::Float;
  r.f = v;
  return r;
}

Value Value::ofTensor(std::shared_ptr<const Array> a) {
  Value r;
  r.kind = Kind::Tensor;
  r.t = std::move(a);
  return r;
}

static std::string formatDouble(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

std::string Value::str() const {
  switch (kind) {
  case Kind::Int:
    return std::to_string(i);
  case Kind::Float:
    return formatDouble(f);
  case Kind::Tensor:
    return "tensor" + formatShape(t->shape);
  }
  return "?";
}

bool tt::runtime::toInteger(const Value &v, int64_t &out, std::string &err) {
  if (v.kind == Value::Kind::Int) {
    out = v.i;
    return true;
  }
  if (v.kind == Value::Kind::Float) {
    if (std::isfinite(v.f) && std::trunc(v.f) == v.f &&
        std::fabs(v.f) < 9.2e18) {
      out = int64_t(v.f);
      return true;
    }
    err = "expected an integer, got " + formatDouble(v.f);
    return false;
  }
  err = "expected an integer, got a tensor of shape " + formatShape(v.t->shape);
  return false;
}

//===----------------------------------------------------------------------===//
// Syntax tree and parser
//===----------------------------------------------------------------------===//

namespace tt::runtime::detail {

struct Node {
  enum class K { Int, Float, Name, Neg, Bin, Call };
  K k = K::Int;
  int64_t i = 0;
  double f = 0;
  std::string name; // Name, Call
  std::string op;   // Bin
  std::vector<std::shared_ptr<Node>> args;
  std::vector<std::pair<std::string, std::shared_ptr<Node>>> kwargs;
  size_t pos = 0;
  /// The longest path from here to a leaf, counting this node: the
  /// recursion depth the evaluator (and the destructor) needs.
  int height = 1;
};

struct Program {
  std::vector<std::pair<std::string, std::shared_ptr<Node>>> lets;
  std::shared_ptr<Node> result;
};

} // namespace tt::runtime::detail

using tt::runtime::detail::Node;
using tt::runtime::detail::Program;
using NodePtr = std::shared_ptr<Node>;

namespace {

enum class Tok { End, Int, Float, Ident, Op, Sep };

struct Token {
  Tok kind = Tok::End;
  std::string text;
  size_t pos = 0;
  int64_t i = 0;
  double f = 0;
};

/// Limits that keep the recursive parser and evaluator (and the tree's
/// destructor) far from the end of the stack: a real size or check
/// expression nests a few levels, not hundreds.
constexpr int kMaxNesting = 200; // parentheses, calls and unary signs
constexpr int kMaxHeight = 1000; // depth of the tree, e.g. `1+1+...+1`

class Parser {
public:
  Parser(const std::string &text, std::string &err) : src(text), err(err) {}

  bool run(Program &prog) {
    if (!lex())
      return false;
    skipSeps();
    while (peek().kind != Tok::End) {
      // `name = expr` binds a local; anything else is the result and must be
      // the last statement.
      if (peek().kind == Tok::Ident && peek(1).kind == Tok::Op &&
          peek(1).text == "=") {
        std::string name = next().text;
        next();
        NodePtr e;
        if (!parseExpr(e))
          return false;
        prog.lets.emplace_back(name, e);
      } else {
        NodePtr e;
        if (!parseExpr(e))
          return false;
        skipSeps();
        if (peek().kind != Tok::End)
          return fail(peek().pos, "the result expression must come last; "
                                  "unexpected '" + peek().text + "'");
        prog.result = e;
        return true;
      }
      if (peek().kind != Tok::Sep && peek().kind != Tok::End)
        return fail(peek().pos, "unexpected '" + peek().text + "'");
      skipSeps();
    }
    return fail(src.size(), prog.lets.empty()
                                ? "empty expression"
                                : "missing the result expression after the "
                                  "last assignment");
  }

private:
  const std::string &src;
  std::string &err;
  std::vector<Token> toks;
  size_t cur = 0;
  int nesting = 0;

  /// Counts one level of nesting for as long as it lives.
  struct Nest {
    int &n;
    explicit Nest(int &n) : n(n) { ++n; }
    ~Nest() { --n; }
  };
  bool tooDeep(size_t pos) {
    return nesting > kMaxNesting &&
           !fail(pos, "expression nested more than " +
                          std::to_string(kMaxNesting) + " levels deep");
  }

  /// Sets out's height from its operands; fails if the tree got too deep.
  bool seal(NodePtr &out) {
    int h = 0;
    for (const NodePtr &a : out->args)
      h = std::max(h, a->height);
    for (const auto &kw : out->kwargs)
      h = std::max(h, kw.second->height);
    out->height = h + 1;
    if (out->height > kMaxHeight)
      return fail(out->pos, "expression more than " +
                                std::to_string(kMaxHeight) +
                                " operations deep");
    return true;
  }

  bool fail(size_t pos, const std::string &msg) {
    err = msg + " at column " + std::to_string(pos + 1) + " of '" + src + "'";
    return false;
  }

  const Token &peek(size_t k = 0) const {
    size_t i = std::min(cur + k, toks.size() - 1);
    return toks[i];
  }
  const Token &next() {
    const Token &t = toks[std::min(cur, toks.size() - 1)];
    if (cur < toks.size() - 1)
      ++cur;
    return t;
  }
  bool isOp(const char *op, size_t k = 0) const {
    return peek(k).kind == Tok::Op && peek(k).text == op;
  }
  void skipSeps() {
    while (peek().kind == Tok::Sep)
      next();
  }

  bool lex() {
    size_t i = 0, n = src.size();
    int depth = 0;
    while (i < n) {
      char c = src[i];
      if (c == ' ' || c == '\t' || c == '\r') {
        ++i;
        continue;
      }
      if (c == '#') { // comment to end of line
        while (i < n && src[i] != '\n')
          ++i;
        continue;
      }
      Token t;
      t.pos = i;
      if (c == '\n' || c == ';') {
        ++i;
        if (c == '\n' && depth > 0)
          continue;
        t.kind = Tok::Sep;
        t.text = c == ';' ? ";" : "newline";
        toks.push_back(t);
        continue;
      }
      if (std::isdigit((unsigned char)c) ||
          (c == '.' && i + 1 < n && std::isdigit((unsigned char)src[i + 1]))) {
        if (!lexNumber(i, t))
          return false;
        toks.push_back(t);
        continue;
      }
      if (std::isalpha((unsigned char)c) || c == '_') {
        size_t j = i;
        while (j < n && (std::isalnum((unsigned char)src[j]) || src[j] == '_'))
          ++j;
        t.kind = Tok::Ident;
        t.text = src.substr(i, j - i);
        toks.push_back(t);
        i = j;
        continue;
      }
      static const char *two[] = {"**", "//", "==", "!=", "<=", ">="};
      bool matched = false;
      for (const char *op : two) {
        if (src.compare(i, 2, op) == 0) {
          t.kind = Tok::Op;
          t.text = op;
          i += 2;
          matched = true;
          break;
        }
      }
      if (!matched) {
        if (std::string("+-*/%@(),=<>[]").find(c) == std::string::npos)
          return fail(i, std::string("unexpected character '") + c + "'");
        t.kind = Tok::Op;
        t.text = std::string(1, c);
        ++i;
        if (c == '(' || c == '[')
          ++depth;
        else if ((c == ')' || c == ']') && depth > 0)
          --depth;
      }
      toks.push_back(t);
    }
    Token end;
    end.kind = Tok::End;
    end.text = "end of expression";
    end.pos = n;
    toks.push_back(end);
    return true;
  }

  /// An integer token of `digits` in `base` (the literal at `start`).
  bool intToken(Token &t, const std::string &digits, int base, size_t start) {
    errno = 0;
    unsigned long long v = std::strtoull(digits.c_str(), nullptr, base);
    if (errno || v > uint64_t(std::numeric_limits<int64_t>::max()))
      return fail(start, "integer literal too large");
    t.kind = Tok::Int;
    t.i = int64_t(v);
    return true;
  }

  bool lexNumber(size_t &i, Token &t) {
    size_t n = src.size(), start = i;
    std::string digits;
    bool hex = src[i] == '0' && i + 1 < n &&
               (src[i + 1] == 'x' || src[i + 1] == 'X');
    if (hex) {
      i += 2;
      while (i < n && (std::isxdigit((unsigned char)src[i]) || src[i] == '_')) {
        if (src[i] != '_')
          digits += src[i];
        ++i;
      }
      if (digits.empty())
        return fail(start, "malformed hexadecimal number");
      t.text = src.substr(start, i - start);
      return intToken(t, digits, 16, start);
    }
    bool isFloatLit = false;
    auto eatDigits = [&] {
      while (i < n && (std::isdigit((unsigned char)src[i]) || src[i] == '_')) {
        if (src[i] != '_')
          digits += src[i];
        ++i;
      }
    };
    eatDigits();
    if (i < n && src[i] == '.') {
      isFloatLit = true;
      digits += '.';
      ++i;
      eatDigits();
    }
    if (i < n && (src[i] == 'e' || src[i] == 'E')) {
      size_t save = i;
      std::string exp = "e";
      ++i;
      if (i < n && (src[i] == '+' || src[i] == '-'))
        exp += src[i++];
      if (i < n && std::isdigit((unsigned char)src[i])) {
        isFloatLit = true;
        digits += exp;
        eatDigits();
      } else {
        i = save;
      }
    }
    if (i < n && (std::isalpha((unsigned char)src[i]) || src[i] == '_'))
      return fail(start, "malformed number");
    t.text = src.substr(start, i - start);
    if (!isFloatLit)
      return intToken(t, digits, 10, start);
    t.kind = Tok::Float;
    t.f = std::strtod(digits.c_str(), nullptr);
    return true;
  }

  /// out = l op r.
  bool makeBin(const std::string &op, NodePtr &out, NodePtr r, size_t pos) {
    auto n = std::make_shared<Node>();
    n->k = Node::K::Bin;
    n->op = op;
    n->pos = pos;
    n->args = {out, std::move(r)};
    out = std::move(n);
    return seal(out);
  }

  bool parseExpr(NodePtr &out) { return parseCmp(out); }

  bool parseCmp(NodePtr &out) {
    if (!parseAdd(out))
      return false;
    static const char *ops[] = {"<", "<=", ">", ">=", "==", "!="};
    for (const char *op : ops) {
      if (isOp(op)) {
        size_t pos = next().pos;
        NodePtr r;
        if (!parseAdd(r))
          return false;
        if (!makeBin(op, out, r, pos))
          return false;
        break;
      }
    }
    return true;
  }

  /// A left-associative level: operands parsed by `operand`, joined by
  /// any of `ops`.
  bool parseLevel(NodePtr &out, std::initializer_list<const char *> ops,
                  bool (Parser::*operand)(NodePtr &)) {
    if (!(this->*operand)(out))
      return false;
    auto atLevelOp = [&] {
      return std::any_of(ops.begin(), ops.end(),
                         [&](const char *op) { return isOp(op); });
    };
    while (atLevelOp()) {
      const Token &t = next();
      std::string op = t.text;
      size_t pos = t.pos;
      NodePtr r;
      if (!(this->*operand)(r) || !makeBin(op, out, r, pos))
        return false;
    }
    return true;
  }

  bool parseAdd(NodePtr &out) {
    return parseLevel(out, {"+", "-"}, &Parser::parseMul);
  }

  bool parseMul(NodePtr &out) {
    return parseLevel(out, {"*", "/", "//", "%", "@"}, &Parser::parseUnary);
  }

  bool parseUnary(NodePtr &out) {
    if (isOp("-") || isOp("+")) {
      Nest nest(nesting);
      const Token &t = next();
      bool neg = t.text == "-";
      size_t pos = t.pos;
      if (tooDeep(pos))
        return false;
      NodePtr operand;
      if (!parseUnary(operand))
        return false;
      if (!neg) {
        out = operand;
        return true;
      }
      out = std::make_shared<Node>();
      out->k = Node::K::Neg;
      out->pos = pos;
      out->args = {operand};
      return seal(out);
    }
    return parsePower(out);
  }

  bool parsePower(NodePtr &out) {
    if (!parsePrimary(out))
      return false;
    if (isOp("["))
      return fail(peek().pos, "indexing and slicing are not supported");
    if (isOp("**")) {
      size_t pos = next().pos;
      NodePtr r;
      if (!parseUnary(r)) // right associative, binds tighter than unary -
        return false;
      if (!makeBin("**", out, r, pos))
        return false;
    }
    return true;
  }

  bool parsePrimary(NodePtr &out) {
    const Token &t = peek();
    switch (t.kind) {
    case Tok::Int:
    case Tok::Float:
      // A literal: the token's value (the other field is 0).
      out = std::make_shared<Node>();
      out->k = t.kind == Tok::Int ? Node::K::Int : Node::K::Float;
      out->i = t.i;
      out->f = t.f;
      out->pos = t.pos;
      next();
      return true;
    case Tok::Ident: {
      Token id = next();
      if (!isOp("(")) {
        out = std::make_shared<Node>();
        out->k = Node::K::Name;
        out->name = id.text;
        out->pos = id.pos;
        return true;
      }
      next(); // (
      Nest nest(nesting);
      if (tooDeep(id.pos))
        return false;
      out = std::make_shared<Node>();
      out->k = Node::K::Call;
      out->name = id.text;
      out->pos = id.pos;
      if (isOp(")")) {
        next();
        return true;
      }
      while (true) {
        if (peek().kind == Tok::Ident && isOp("=", 1)) {
          std::string key = next().text;
          next();
          NodePtr v;
          if (!parseExpr(v))
            return false;
          out->kwargs.emplace_back(key, v);
        } else {
          if (!out->kwargs.empty())
            return fail(peek().pos,
                        "positional argument after a keyword argument");
          NodePtr v;
          if (!parseExpr(v))
            return false;
          out->args.push_back(v);
        }
        if (isOp(",")) {
          next();
          continue;
        }
        if (isOp(")")) {
          next();
          return seal(out);
        }
        return fail(peek().pos, "expected ',' or ')' but found '" +
                                    peek().text + "'");
      }
    }
    case Tok::Op:
      if (t.text == "(") {
        Nest nest(nesting);
        if (tooDeep(t.pos))
          return false;
        next();
        if (!parseExpr(out))
          return false;
        if (!isOp(")"))
          return fail(peek().pos,
                      "expected ')' but found '" + peek().text + "'");
        next();
        return true;
      }
      if (t.text == "[")
        return fail(t.pos, "indexing and slicing are not supported");
      return fail(t.pos, "expected a value but found '" + t.text + "'");
    case Tok::Sep:
      return fail(t.pos, "expected a value but found " +
                             (t.text == ";" ? std::string("';'") : t.text));
    case Tok::End:
      return fail(t.pos, "expected a value but found the end");
    }
    return fail(t.pos, "unexpected token");
  }
};

void collectNames(const Node &n, const std::set<std::string> &bound,
                  std::vector<std::string> &out) {
  if (n.k == Node::K::Name && !bound.count(n.name) &&
      std::find(out.begin(), out.end(), n.name) == out.end())
    out.push_back(n.name);
  for (const NodePtr &a : n.args)
    collectNames(*a, bound, out);
  for (const auto &kw : n.kwargs)
    collectNames(*kw.second, bound, out);
}

} // namespace

Expression::Expression() = default;
Expression::~Expression() = default;
Expression::Expression(const Expression &) = default;
Expression &Expression::operator=(const Expression &) = default;

bool Expression::parse(const std::string &text, Expression &out,
                       std::string &err) {
  auto prog = std::make_shared<Program>();
  Parser p(text, err);
  if (!p.run(*prog))
    return false;
  out.prog = prog;
  out.source = text;
  return true;
}

std::vector<std::string> Expression::freeNames() const {
  std::vector<std::string> out;
  if (!prog)
    return out;
  std::set<std::string> bound;
  for (const auto &let : prog->lets) {
    collectNames(*let.second, bound, out);
    bound.insert(let.first);
  }
  collectNames(*prog->result, bound, out);
  return out;
}

//===----------------------------------------------------------------------===//
// Tensor kernels
//===----------------------------------------------------------------------===//

static std::atomic<int64_t> maxElements{int64_t(1) << 31};

int64_t tt::runtime::maxTensorElements() { return maxElements; }
void tt::runtime::setMaxTensorElements(int64_t n) { maxElements = n; }

/// Whether a result of `shape` stays within maxTensorElements(); if not,
/// `err` says so.
static bool withinLimit(const std::vector<int64_t> &shape, std::string &err) {
  int64_t n = 1;
  bool overflow = false;
  for (int64_t d : shape)
    overflow |= __builtin_mul_overflow(n, d, &n);
  if (!overflow && n <= maxElements)
    return true;
  err = "the result " + formatShape(shape) + " would have more than " +
        std::to_string(int64_t(maxElements)) + " elements";
  return false;
}

bool tt::runtime::broadcastShapes(const std::vector<int64_t> &a,
                                  const std::vector<int64_t> &b,
                                  std::vector<int64_t> &out) {
  size_t r = std::max(a.size(), b.size());
  out.assign(r, 1);
  for (size_t k = 0; k < r; ++k) {
    int64_t da = k < r - a.size() ? 1 : a[k - (r - a.size())];
    int64_t db = k < r - b.size() ? 1 : b[k - (r - b.size())];
    if (da != db && da != 1 && db != 1)
      return false;
    out[k] = da == 1 ? db : da;
  }
  return true;
}

namespace {

/// Element strides of `shape` (C order) seen from a broadcast result of rank
/// `rank`: zero along broadcast dimensions.
std::vector<int64_t> broadcastStrides(const std::vector<int64_t> &shape,
                                      const std::vector<int64_t> &outShape) {
  size_t r = outShape.size();
  std::vector<int64_t> st(r, 0);
  int64_t s = 1;
  for (size_t k = shape.size(); k-- > 0;) {
    size_t o = k + (r - shape.size());
    st[o] = shape[k] == 1 && outShape[o] != 1 ? 0 : s;
    s *= shape[k];
  }
  return st;
}

template <typename F>
std::shared_ptr<Array> mapBinary(const Array &a, const Array &b,
                                 const std::vector<int64_t> &outShape, F f) {
  auto out = Array::make(outShape);
  double *o = out->data.data();
  const double *pa = a.data.data(), *pb = b.data.data();
  int64_t n = out->numel();
  if (n == 0)
    return out;
  if (a.shape == outShape && b.shape == outShape) {
    for (int64_t i = 0; i < n; ++i)
      o[i] = f(pa[i], pb[i]);
    return out;
  }
  if (a.shape == outShape && b.numel() == 1) {
    double y = pb[0];
    for (int64_t i = 0; i < n; ++i)
      o[i] = f(pa[i], y);
    return out;
  }
  if (b.shape == outShape && a.numel() == 1) {
    double x = pa[0];
    for (int64_t i = 0; i < n; ++i)
      o[i] = f(x, pb[i]);
    return out;
  }
  size_t r = outShape.size();
  std::vector<int64_t> sa = broadcastStrides(a.shape, outShape);
  std::vector<int64_t> sb = broadcastStrides(b.shape, outShape);
  int64_t inner = outShape[r - 1], ia = sa[r - 1], ib = sb[r - 1];
  std::vector<int64_t> idx(r, 0);
  int64_t offA = 0, offB = 0;
  for (int64_t base = 0; base < n; base += inner) {
    for (int64_t j = 0; j < inner; ++j)
      o[base + j] = f(pa[offA + j * ia], pb[offB + j * ib]);
    // Advance the odometer over the outer dimensions.
    for (size_t k = r - 1; k-- > 0;) {
      ++idx[k];
      offA += sa[k];
      offB += sb[k];
      if (idx[k] < outShape[k])
        break;
      offA -= sa[k] * outShape[k];
      offB -= sb[k] * outShape[k];
      idx[k] = 0;
    }
  }
  return out;
}

std::shared_ptr<const Array> asArray(const Value &v) {
  if (v.isTensor())
    return v.t;
  auto a = Array::make({});
  a->data[0] = v.asDouble();
  return a;
}

/// Reorders the axes of `a`: result axis k is input axis perm[k].
std::shared_ptr<Array> permute(const Array &a, const std::vector<int> &perm) {
  size_t r = a.shape.size();
  std::vector<int64_t> outShape(r);
  for (size_t k = 0; k < r; ++k)
    outShape[k] = a.shape[perm[k]];
  auto out = Array::make(outShape);
  int64_t n = out->numel();
  if (n == 0 || r == 0) {
    out->data = a.data;
    return out;
  }
  std::vector<int64_t> inStride(r);
  int64_t s = 1;
  for (size_t k = r; k-- > 0;) {
    inStride[k] = s;
    s *= a.shape[k];
  }
  std::vector<int64_t> st(r);
  for (size_t k = 0; k < r; ++k)
    st[k] = inStride[perm[k]];
  forEachElement(outShape, st, 0, n,
                 [&](int64_t i, int64_t off) { out->data[i] = a.data[off]; });
  return out;
}

unsigned workerCount(double work) {
  unsigned hw = std::max(1u, std::thread::hardware_concurrency());
  if (work < 4e6)
    return 1;
  return std::min(hw, 64u);
}

/// Runs body(begin, end) over [0, n) split across threads.
void parallelFor(int64_t n, unsigned threads,
                 const std::function<void(int64_t, int64_t)> &body) {
  if (threads <= 1 || n < 2) {
    body(0, n);
    return;
  }
  threads = unsigned(std::min<int64_t>(threads, n));
  std::vector<std::thread> pool;
  int64_t chunk = (n + threads - 1) / threads;
  for (unsigned t = 0; t < threads; ++t) {
    int64_t b = int64_t(t) * chunk, e = std::min(n, b + chunk);
    if (b >= e)
      break;
    pool.emplace_back(body, b, e);
  }
  for (std::thread &th : pool)
    th.join();
}

bool matmul(const Array &a0, const Array &b0, Value &out, std::string &err) {
  if (a0.shape.empty() || b0.shape.empty()) {
    err = "matmul needs tensors of rank >= 1";
    return false;
  }
  // Promote vectors as numpy does, and remember to drop the added axes.
  std::vector<int64_t> as = a0.shape, bs = b0.shape;
  bool dropM = false, dropN = false;
  if (as.size() == 1) {
    as.insert(as.begin(), 1);
    dropM = true;
  }
  if (bs.size() == 1) {
    bs.push_back(1);
    dropN = true;
  }
  int64_t M = as[as.size() - 2], K = as.back();
  int64_t K2 = bs[bs.size() - 2], N = bs.back();
  if (K != K2) {
    err = "matmul shapes " + formatShape(a0.shape) + " and " +
          formatShape(b0.shape) + " do not match (inner dimensions " +
          std::to_string(K) + " and " + std::to_string(K2) + ")";
    return false;
  }
  std::vector<int64_t> batchA(as.begin(), as.end() - 2),
      batchB(bs.begin(), bs.end() - 2), batch;
  if (!broadcastShapes(batchA, batchB, batch)) {
    err = "matmul batch dimensions of " + formatShape(a0.shape) + " and " +
          formatShape(b0.shape) + " do not broadcast";
    return false;
  }
  std::vector<int64_t> outShape = batch;
  outShape.push_back(M);
  outShape.push_back(N);
  if (!withinLimit(outShape, err))
    return false;
  auto res = Array::make(outShape);
  int64_t nb = 1;
  for (int64_t d : batch)
    nb *= d;
  std::vector<int64_t> stA = broadcastStrides(batchA, batch),
                       stB = broadcastStrides(batchB, batch);
  std::vector<double> bt(size_t(N * K));
  for (int64_t bi = 0; bi < nb; ++bi) {
    // Unravel the batch index into the two operands' batch offsets.
    int64_t rem = bi, offA = 0, offB = 0;
    for (size_t k = batch.size(); k-- > 0;) {
      int64_t ik = rem % batch[k];
      rem /= batch[k];
      offA += ik * stA[k];
      offB += ik * stB[k];
    }
    const double *pa = a0.data.data() + offA * M * K;
    const double *pb = b0.data.data() + offB * K * N;
    double *pc = res->data.data() + bi * M * N;
    for (int64_t k = 0; k < K; ++k)
      for (int64_t j = 0; j < N; ++j)
        bt[j * K + k] = pb[k * N + j];
    const double *pbt = bt.data();
    // Tiles of rows of A and of B^T small enough to stay in cache; in a
    // tile, each A element loaded feeds four dot products.
    const int64_t TI = 32, TJ = 32;
    int64_t tilesI = (M + TI - 1) / TI, tilesJ = (N + TJ - 1) / TJ;
    parallelFor(tilesI * tilesJ, workerCount(double(M) * N * K),
                [&](int64_t t0, int64_t t1) {
      for (int64_t t = t0; t < t1; ++t) {
        int64_t i0 = (t / tilesJ) * TI, j0 = (t % tilesJ) * TJ;
        int64_t i1 = std::min(M, i0 + TI), j1 = std::min(N, j0 + TJ);
        for (int64_t i = i0; i < i1; ++i) {
          const double *ra = pa + i * K;
          int64_t j = j0;
          for (; j + 4 <= j1; j += 4) {
            const double *b0 = pbt + j * K, *b1 = b0 + K, *b2 = b1 + K,
                         *b3 = b2 + K;
            double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
            for (int64_t k = 0; k < K; ++k) {
              double x = ra[k];
              s0 += x * b0[k];
              s1 += x * b1[k];
              s2 += x * b2[k];
              s3 += x * b3[k];
            }
            pc[i * N + j] = s0;
            pc[i * N + j + 1] = s1;
            pc[i * N + j + 2] = s2;
            pc[i * N + j + 3] = s3;
          }
          for (; j < j1; ++j) {
            const double *rb = pbt + j * K;
            double s0 = 0;
            for (int64_t k = 0; k < K; ++k)
              s0 += ra[k] * rb[k];
            pc[i * N + j] = s0;
          }
        }
      }
    });
  }
  if (dropM || dropN) {
    std::vector<int64_t> s = batch;
    if (!dropM)
      s.push_back(M);
    if (!dropN)
      s.push_back(N);
    res->shape = s;
  }
  out = Value::ofTensor(res);
  return true;
}

enum class Reduce { Sum, Mean, Max, Min, Prod, Var };

bool reduce(const Array &a, Reduce kind, bool hasAxis, int64_t axisIn,
            bool keepdims, Value &out, std::string &err) {
  int64_t r = int64_t(a.shape.size());
  int64_t axis = axisIn;
  int64_t outer = 1, n = 1, inner = 1;
  std::vector<int64_t> outShape;
  if (hasAxis) {
    if (axis < 0)
      axis += r;
    if (axis < 0 || axis >= r) {
      err = "axis " + std::to_string(axisIn) +
            " is out of bounds for a tensor of rank " + std::to_string(r);
      return false;
    }
    for (int64_t k = 0; k < r; ++k) {
      if (k < axis)
        outer *= a.shape[k];
      else if (k == axis)
        n = a.shape[k];
      else
        inner *= a.shape[k];
      if (k != axis)
        outShape.push_back(a.shape[k]);
      else if (keepdims)
        outShape.push_back(1);
    }
  } else {
    n = a.numel();
    if (keepdims)
      outShape.assign(size_t(r), 1);
  }
  if (n == 0 && (kind == Reduce::Max || kind == Reduce::Min)) {
    err = "max/min of an empty tensor";
    return false;
  }
  auto res = Array::make(outShape);
  const double *p = a.data.data();
  double *o = res->data.data();
  parallelFor(outer, workerCount(double(outer) * n * inner),
              [&](int64_t o0, int64_t o1) {
    std::vector<double> acc(static_cast<size_t>(inner));
    for (int64_t oi = o0; oi < o1; ++oi) {
      const double *base = p + oi * n * inner;
      double init = kind == Reduce::Prod ? 1.0 : 0.0;
      if (kind == Reduce::Max || kind == Reduce::Min)
        for (int64_t j = 0; j < inner; ++j)
          acc[j] = base[j];
      else
        std::fill(acc.begin(), acc.end(), init);
      for (int64_t k = (kind == Reduce::Max || kind == Reduce::Min) ? 1 : 0;
           k < n; ++k) {
        const double *row = base + k * inner;
        switch (kind) {
        case Reduce::Sum:
        case Reduce::Mean:
        case Reduce::Var:
          for (int64_t j = 0; j < inner; ++j)
            acc[j] += row[j];
          break;
        case Reduce::Prod:
          for (int64_t j = 0; j < inner; ++j)
            acc[j] *= row[j];
          break;
        case Reduce::Max:
          for (int64_t j = 0; j < inner; ++j)
            if (row[j] > acc[j] || std::isnan(row[j]))
              acc[j] = std::isnan(acc[j]) ? acc[j] : row[j];
          break;
        case Reduce::Min:
          for (int64_t j = 0; j < inner; ++j)
            if (row[j] < acc[j] || std::isnan(row[j]))
              acc[j] = std::isnan(acc[j]) ? acc[j] : row[j];
          break;
        }
      }
      if (kind == Reduce::Mean || kind == Reduce::Var)
        for (int64_t j = 0; j < inner; ++j)
          acc[j] /= double(n);
      if (kind == Reduce::Var) {
        std::vector<double> mean = acc;
        std::fill(acc.begin(), acc.end(), 0.0);
        for (int64_t k = 0; k < n; ++k) {
          const double *row = base + k * inner;
          for (int64_t j = 0; j < inner; ++j) {
            double d = row[j] - mean[j];
            acc[j] += d * d;
          }
        }
        for (int64_t j = 0; j < inner; ++j)
          acc[j] /= double(n);
      }
      std::copy(acc.begin(), acc.end(), o + oi * inner);
    }
  });
  if (outShape.empty())
    out = Value::ofFloat(o[0]);
  else
    out = Value::ofTensor(res);
  return true;
}

//===----------------------------------------------------------------------===//
// Evaluator
//===----------------------------------------------------------------------===//

int64_t floorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0)))
    --q;
  return q;
}

int64_t floorMod(int64_t a, int64_t b) {
  int64_t m = a % b;
  if (m != 0 && ((m < 0) != (b < 0)))
    m += b;
  return m;
}

double pyFloorMod(double a, double b) {
  double m = std::fmod(a, b);
  if (m != 0 && ((m < 0) != (b < 0)))
    m += b;
  return m;
}

class Evaluator {
public:
  Evaluator(const Scope &scope, const std::string &text, std::string &err)
      : outer(scope), text(text), err(err) {}

  bool run(const Program &prog, Value &out) {
    for (const auto &let : prog.lets) {
      Value v;
      if (!eval(*let.second, v))
        return false;
      locals[let.first] = v;
    }
    return eval(*prog.result, out);
  }

private:
  const Scope &outer;
  Scope locals;
  const std::string &text;
  std::string &err;

  bool fail(const std::string &msg) {
    err = msg + " in '" + text + "'";
    return false;
  }

  bool lookup(const Node &n, Value &v) {
    auto it = locals.find(n.name);
    if (it != locals.end()) {
      v = it->second;
      return true;
    }
    auto ot = outer.find(n.name);
    if (ot != outer.end()) {
      v = ot->second;
      return true;
    }
    if (n.name == "true" || n.name == "True") {
      v = Value::ofInt(1);
      return true;
    }
    if (n.name == "false" || n.name == "False") {
      v = Value::ofInt(0);
      return true;
    }
    if (n.name == "inf") {
      v = Value::ofFloat(std::numeric_limits<double>::infinity());
      return true;
    }
    if (n.name == "nan") {
      v = Value::ofFloat(std::numeric_limits<double>::quiet_NaN());
      return true;
    }
    if (n.name == "pi") {
      v = Value::ofFloat(M_PI);
      return true;
    }
    return fail("unknown name '" + n.name + "'");
  }

  bool eval(const Node &n, Value &out) {
    switch (n.k) {
    case Node::K::Int:
      out = Value::ofInt(n.i);
      return true;
    case Node::K::Float:
      out = Value::ofFloat(n.f);
      return true;
    case Node::K::Name:
      return lookup(n, out);
    case Node::K::Neg: {
      Value v;
      if (!eval(*n.args[0], v))
        return false;
      if (v.isInt()) {
        if (v.i == std::numeric_limits<int64_t>::min())
          return fail("integer overflow");
        out = Value::ofInt(-v.i);
        return true;
      }
      return unaryMap(v, [](double x) { return -x; }, out);
    }
    case Node::K::Bin: {
      Value a, b;
      if (!eval(*n.args[0], a) || !eval(*n.args[1], b))
        return false;
      return binary(n.op, a, b, out);
    }
    case Node::K::Call:
      return call(n, out);
    }
    return fail("internal error: bad node");
  }

  template <typename F> bool unaryMap(const Value &v, F f, Value &out) {
    if (!v.isTensor()) {
      out = Value::ofFloat(f(v.asDouble()));
      return true;
    }
    auto res = Array::make(v.t->shape);
    const double *p = v.t->data.data();
    double *o = res->data.data();
    int64_t n = res->numel();
    for (int64_t i = 0; i < n; ++i)
      o[i] = f(p[i]);
    out = Value::ofTensor(res);
    return true;
  }

  template <typename F>
  bool tensorBinary(const Value &a, const Value &b, F f, Value &out) {
    auto A = asArray(a), B = asArray(b);
    std::vector<int64_t> shape;
    if (!broadcastShapes(A->shape, B->shape, shape))
      return fail("shapes " + formatShape(A->shape) + " and " +
                  formatShape(B->shape) + " do not broadcast");
    std::string why;
    if (!withinLimit(shape, why))
      return fail(why);
    out = Value::ofTensor(mapBinary(*A, *B, shape, f));
    return true;
  }

  bool intBinary(const std::string &op, int64_t x, int64_t y, Value &out) {
    int64_t r;
    if (op == "+") {
      if (__builtin_add_overflow(x, y, &r))
        return fail("integer overflow");
    } else if (op == "-") {
      if (__builtin_sub_overflow(x, y, &r))
        return fail("integer overflow");
    } else if (op == "*") {
      if (__builtin_mul_overflow(x, y, &r))
        return fail("integer overflow");
    } else if (op == "/") {
      if (y == 0)
        return fail("division by zero");
      if (!(x == std::numeric_limits<int64_t>::min() && y == -1) && x % y == 0)
        r = x / y;
      else {
        out = Value::ofFloat(double(x) / double(y));
        return true;
      }
    } else if (op == "//" || op == "%") {
      if (y == 0)
        return fail(op == "//" ? "division by zero" : "modulo by zero");
      if (x == std::numeric_limits<int64_t>::min() && y == -1)
        return fail("integer overflow");
      r = op == "//" ? floorDiv(x, y) : floorMod(x, y);
    } else if (op == "**") {
      if (y < 0) {
        out = Value::ofFloat(std::pow(double(x), double(y)));
        return true;
      }
      // Square and multiply: a loop of y steps would run for ages on
      // `1 ** 10**18`. A square is only taken while bits of y remain, and
      // then it divides x ** y, so it overflows only when the result would.
      r = 1;
      int64_t base = x;
      for (uint64_t e = uint64_t(y); e; e >>= 1) {
        if ((e & 1) && __builtin_mul_overflow(r, base, &r))
          return fail("integer overflow");
        if (e > 1 && __builtin_mul_overflow(base, base, &base))
          return fail("integer overflow");
      }
    } else if (op == "<") {
      r = x < y;
    } else if (op == "<=") {
      r = x <= y;
    } else if (op == ">") {
      r = x > y;
    } else if (op == ">=") {
      r = x >= y;
    } else if (op == "==") {
      r = x == y;
    } else if (op == "!=") {
      r = x != y;
    } else {
      return fail("operator '" + op + "' needs tensors");
    }
    out = Value::ofInt(r);
    return true;
  }

  bool binary(const std::string &op, const Value &a, const Value &b,
              Value &out) {
    if (op == "@") {
      if (!a.isTensor() || !b.isTensor())
        return fail("'@' needs two tensors");
      if (!matmul(*a.t, *b.t, out, err))
        return fail(err);
      return true;
    }
    if (a.isInt() && b.isInt())
      return intBinary(op, a.i, b.i, out);
    if (op == "+")
      return dispatch(a, b, [](double x, double y) { return x + y; }, out);
    if (op == "-")
      return dispatch(a, b, [](double x, double y) { return x - y; }, out);
    if (op == "*")
      return dispatch(a, b, [](double x, double y) { return x * y; }, out);
    if (op == "/")
      return dispatch(a, b, [](double x, double y) { return x / y; }, out);
    if (op == "//")
      return dispatch(
          a, b, [](double x, double y) { return std::floor(x / y); }, out);
    if (op == "%")
      return dispatch(a, b, pyFloorMod, out);
    if (op == "**")
      return dispatch(
          a, b, [](double x, double y) { return std::pow(x, y); }, out);
    if (op == "<")
      return dispatch(a, b, [](double x, double y) { return double(x < y); },
                      out, true);
    if (op == "<=")
      return dispatch(a, b, [](double x, double y) { return double(x <= y); },
                      out, true);
    if (op == ">")
      return dispatch(a, b, [](double x, double y) { return double(x > y); },
                      out, true);
    if (op == ">=")
      return dispatch(a, b, [](double x, double y) { return double(x >= y); },
                      out, true);
    if (op == "==")
      return dispatch(a, b, [](double x, double y) { return double(x == y); },
                      out, true);
    if (op == "!=")
      return dispatch(a, b, [](double x, double y) { return double(x != y); },
                      out, true);
    return fail("unknown operator '" + op + "'");
  }

  template <typename F>
  bool dispatch(const Value &a, const Value &b, F f, Value &out,
                bool boolResult = false) {
    if (a.isTensor() || b.isTensor())
      return tensorBinary(a, b, f, out);
    double r = f(a.asDouble(), b.asDouble());
    out = boolResult ? Value::ofInt(int64_t(r)) : Value::ofFloat(r);
    return true;
  }

  bool argCount(const Node &n, size_t lo, size_t hi) {
    if (n.args.size() < lo || n.args.size() > hi) {
      std::string want = lo == hi ? std::to_string(lo)
                                  : std::to_string(lo) + " to " +
                                        std::to_string(hi);
      return fail(n.name + "() takes " + want + " argument" +
                  (hi == 1 ? "" : "s") + ", got " +
                  std::to_string(n.args.size()));
    }
    return true;
  }

  bool noKwargs(const Node &n) {
    if (!n.kwargs.empty())
      return fail(n.name + "() takes no keyword argument '" +
                  n.kwargs[0].first + "'");
    return true;
  }

  bool evalArgs(const Node &n, std::vector<Value> &vals) {
    for (const NodePtr &a : n.args) {
      Value v;
      if (!eval(*a, v))
        return false;
      vals.push_back(v);
    }
    return true;
  }

  bool intArg(const Value &v, const std::string &what, int64_t &out) {
    std::string e;
    if (!toInteger(v, out, e))
      return fail(what + ": " + e);
    return true;
  }

  bool call(const Node &n, Value &out) {
    const std::string &f = n.name;
    // Reductions: sum(x), sum(x, axis), sum(x, axis=1, keepdims=true); max
    // and min reduce with one positional argument and compare elementwise
    // with two or more.
    static const std::pair<const char *, Reduce> reductions[] = {
        {"sum", Reduce::Sum},   {"mean", Reduce::Mean}, {"max", Reduce::Max},
        {"min", Reduce::Min},   {"prod", Reduce::Prod}, {"var", Reduce::Var},
        {"amax", Reduce::Max},  {"amin", Reduce::Min}};
    for (const auto &r : reductions) {
      if (f != r.first)
        continue;
      bool elementwise =
          (f == "max" || f == "min") && n.args.size() >= 2 && n.kwargs.empty();
      if (elementwise)
        return minMax(n, f == "max", out);
      return reduction(n, r.second, out);
    }
    if (f == "maximum" || f == "minimum") {
      if (!noKwargs(n) || !argCount(n, 2, 2))
        return false;
      return minMax(n, f == "maximum", out);
    }

    std::vector<Value> v;
    if (!evalArgs(n, v))
      return false;

    if (f == "matmul") {
      if (!noKwargs(n) || !argCount(n, 2, 2))
        return false;
      return binary("@", v[0], v[1], out);
    }
    if (f == "where") {
      if (!noKwargs(n) || !argCount(n, 3, 3))
        return false;
      return where(v[0], v[1], v[2], out);
    }
    if (f == "transpose" || f == "swapaxes")
      return transpose(n, v, out);
    // abs of an integer and floor and ceil of a scalar give integers;
    // otherwise they are elementwise.
    bool scalar = f == "cdiv" || f == "next_power_of_2" || f == "int" ||
                  f == "float" || (f == "abs" && !v.empty() && v[0].isInt()) ||
                  ((f == "floor" || f == "ceil") && !v.empty() &&
                   !v[0].isTensor());
    if (scalar) {
      size_t count = f == "cdiv" ? 2 : 1;
      if (!noKwargs(n) || !argCount(n, count, count))
        return false;
      return scalarCall(f, v, out);
    }
    return elementwise(n, v, out);
  }

  /// transpose(x) reverses the axes; transpose(x, a, b) and swapaxes(x, a,
  /// b) swap two.
  bool transpose(const Node &n, const std::vector<Value> &v, Value &out) {
    const std::string &f = n.name;
    if (!noKwargs(n) || !argCount(n, 1, 3))
      return false;
    if (!v[0].isTensor())
      return fail(f + "() needs a tensor");
    int r = int(v[0].t->shape.size());
    std::vector<int> perm(r);
    for (int k = 0; k < r; ++k)
      perm[k] = r - 1 - k;
    if (v.size() == 3) {
      int64_t a0, a1;
      if (!intArg(v[1], f, a0) || !intArg(v[2], f, a1))
        return false;
      if (a0 < 0)
        a0 += r;
      if (a1 < 0)
        a1 += r;
      if (a0 < 0 || a0 >= r || a1 < 0 || a1 >= r)
        return fail(f + "(): axis out of bounds for a tensor of rank " +
                    std::to_string(r));
      for (int k = 0; k < r; ++k)
        perm[k] = k;
      std::swap(perm[a0], perm[a1]);
    } else if (v.size() == 2) {
      return fail(f + "() takes a tensor, or a tensor and two axes");
    }
    out = Value::ofTensor(permute(*v[0].t, perm));
    return true;
  }

  /// The functions of scalars (their arguments counted by the caller):
  /// cdiv, next_power_of_2, int, float, and abs, floor and ceil of an
  /// integer or a scalar.
  bool scalarCall(const std::string &f, const std::vector<Value> &v,
                  Value &out) {
    if (f == "cdiv") {
      int64_t a, b;
      if (!intArg(v[0], "cdiv", a) || !intArg(v[1], "cdiv", b))
        return false;
      if (b == 0)
        return fail("division by zero");
      if (a == std::numeric_limits<int64_t>::min() && b == -1)
        return fail("integer overflow");
      // Ceiling division; -(-a // b) would overflow for the smallest a.
      int64_t q = a / b;
      if (a % b != 0 && ((a < 0) == (b < 0)))
        ++q;
      out = Value::ofInt(q);
      return true;
    }
    if (f == "next_power_of_2") {
      int64_t a;
      if (!intArg(v[0], f, a))
        return false;
      int64_t p = 1;
      while (p < a) {
        if (p > (int64_t(1) << 61))
          return fail("integer overflow");
        p <<= 1;
      }
      out = Value::ofInt(p);
      return true;
    }
    if (f == "int") {
      if (v[0].isTensor())
        return fail("int() needs a scalar");
      double d = v[0].asDouble();
      if (!std::isfinite(d) || std::fabs(d) >= 9.2e18)
        return fail("int() of " + v[0].str());
      out = v[0].isInt() ? v[0] : Value::ofInt(int64_t(std::trunc(d)));
      return true;
    }
    if (f == "float") {
      if (v[0].isTensor()) {
        out = v[0];
        return true;
      }
      out = Value::ofFloat(v[0].asDouble());
      return true;
    }
    if (f == "abs") {
      if (v[0].i == std::numeric_limits<int64_t>::min())
        return fail("integer overflow");
      out = Value::ofInt(v[0].i < 0 ? -v[0].i : v[0].i);
      return true;
    }
    // floor, ceil
    double d = f == "floor" ? std::floor(v[0].asDouble())
                            : std::ceil(v[0].asDouble());
    if (!std::isfinite(d) || std::fabs(d) >= 9.2e18)
      return fail(f + "() of " + v[0].str());
    out = Value::ofInt(int64_t(d));
    return true;
  }

  /// The elementwise functions of one value, and rounding through a
  /// narrower type.
  bool elementwise(const Node &n, const std::vector<Value> &v, Value &out) {
    const std::string &f = n.name;
    using UFn = double (*)(double);
    static const std::pair<const char *, UFn> unary[] = {
        {"exp", [](double x) { return std::exp(x); }},
        {"exp2", [](double x) { return std::exp2(x); }},
        {"log", [](double x) { return std::log(x); }},
        {"log2", [](double x) { return std::log2(x); }},
        {"log1p", [](double x) { return std::log1p(x); }},
        {"sqrt", [](double x) { return std::sqrt(x); }},
        {"rsqrt", [](double x) { return 1.0 / std::sqrt(x); }},
        {"abs", [](double x) { return std::fabs(x); }},
        {"sin", [](double x) { return std::sin(x); }},
        {"cos", [](double x) { return std::cos(x); }},
        {"tanh", [](double x) { return std::tanh(x); }},
        {"erf", [](double x) { return std::erf(x); }},
        {"sigmoid", [](double x) { return 1.0 / (1.0 + std::exp(-x)); }},
        {"floor", [](double x) { return std::floor(x); }},
        {"ceil", [](double x) { return std::ceil(x); }},
        {"relu",
         [](double x) { return x > 0 ? x : (std::isnan(x) ? x : 0.0); }},
    };
    for (const auto &u : unary) {
      if (f != u.first)
        continue;
      if (!noKwargs(n) || !argCount(n, 1, 1))
        return false;
      return unaryMap(v[0], u.second, out);
    }

    // Rounding through a narrower type: f16(x), bf16(x), ...
    static const char *roundNames[] = {"f16", "bf16", "f32", "fp8e4m3",
                                       "fp8e5m2"};
    for (const char *rn : roundNames) {
      if (f != rn)
        continue;
      if (!noKwargs(n) || !argCount(n, 1, 1))
        return false;
      DType t;
      parseDType(rn, t);
      return unaryMap(v[0], [t](double x) { return roundTo(t, x); }, out);
    }
    return fail("unknown function '" + f + "'");
  }

  bool minMax(const Node &n, bool isMax, Value &out) {
    std::vector<Value> v;
    if (!evalArgs(n, v))
      return false;
    out = v[0];
    for (size_t k = 1; k < v.size(); ++k) {
      const Value &b = v[k];
      if (out.isInt() && b.isInt()) {
        out = Value::ofInt(isMax ? std::max(out.i, b.i) : std::min(out.i, b.i));
        continue;
      }
      Value r;
      auto f = [isMax](double x, double y) {
        if (std::isnan(x) || std::isnan(y))
          return std::numeric_limits<double>::quiet_NaN();
        return isMax ? std::max(x, y) : std::min(x, y);
      };
      if (!dispatch(out, b, f, r))
        return false;
      out = r;
    }
    return true;
  }

  bool reduction(const Node &n, Reduce kind, Value &out) {
    if (n.args.empty() || n.args.size() > 2)
      return fail(n.name + "() takes a tensor and an optional axis");
    Value x;
    if (!eval(*n.args[0], x))
      return false;
    bool hasAxis = false, keepdims = false;
    int64_t axis = 0;
    if (n.args.size() == 2) {
      Value a;
      if (!eval(*n.args[1], a) || !intArg(a, n.name + "() axis", axis))
        return false;
      hasAxis = true;
    }
    for (const auto &kw : n.kwargs) {
      Value a;
      if (!eval(*kw.second, a))
        return false;
      if (kw.first == "axis") {
        if (hasAxis)
          return fail(n.name + "() got the axis twice");
        if (!intArg(a, n.name + "() axis", axis))
          return false;
        hasAxis = true;
      } else if (kw.first == "keepdims") {
        int64_t k;
        if (!intArg(a, n.name + "() keepdims", k))
          return false;
        keepdims = k != 0;
      } else {
        return fail(n.name + "() has no keyword argument '" + kw.first + "'");
      }
    }
    if (!x.isTensor()) {
      if (hasAxis)
        return fail(n.name + "() with an axis needs a tensor");
      out = kind == Reduce::Var ? Value::ofFloat(0.0) : x;
      return true;
    }
    if (!reduce(*x.t, kind, hasAxis, axis, keepdims, out, err))
      return fail(err);
    return true;
  }

  bool where(const Value &c, const Value &a, const Value &b, Value &out) {
    if (!c.isTensor() && !a.isTensor() && !b.isTensor()) {
      out = c.asDouble() != 0 ? a : b;
      return true;
    }
    auto C = asArray(c), A = asArray(a), B = asArray(b);
    std::vector<int64_t> s1, shape;
    if (!broadcastShapes(C->shape, A->shape, s1) ||
        !broadcastShapes(s1, B->shape, shape))
      return fail("where(): shapes " + formatShape(C->shape) + ", " +
                  formatShape(A->shape) + " and " + formatShape(B->shape) +
                  " do not broadcast");
    std::string why;
    if (!withinLimit(shape, why))
      return fail(why);
    std::shared_ptr<const Array> Cb, Ab, Bb;
    if (!broadcastTo(Value::ofTensor(C), shape, Cb, err) ||
        !broadcastTo(Value::ofTensor(A), shape, Ab, err) ||
        !broadcastTo(Value::ofTensor(B), shape, Bb, err))
      return fail(err);
    auto res = Array::make(shape);
    int64_t n = res->numel();
    for (int64_t i = 0; i < n; ++i)
      res->data[i] = Cb->data[i] != 0 ? Ab->data[i] : Bb->data[i];
    out = Value::ofTensor(res);
    return true;
  }
};

} // namespace

bool tt::runtime::broadcastTo(const Value &v, const std::vector<int64_t> &shape,
                              std::shared_ptr<const Array> &out,
                              std::string &err) {
  auto A = asArray(v);
  if (A->shape == shape) {
    out = A;
    return true;
  }
  std::vector<int64_t> joined;
  if (!broadcastShapes(A->shape, shape, joined) || joined != shape) {
    err = "shape " + formatShape(A->shape) + " does not broadcast to " +
          formatShape(shape);
    return false;
  }
  if (!withinLimit(shape, err))
    return false;
  auto zero = Array::make({});
  out = mapBinary(*A, *zero, shape, [](double x, double) { return x; });
  return true;
}

bool Expression::evaluate(const Scope &scope, Value &out,
                          std::string &err) const {
  if (!prog) {
    err = "empty expression";
    return false;
  }
  Evaluator ev(scope, source, err);
  return ev.run(*prog, out);
}

namespace {
/// The shape inference of Expression::inferShape: a scalar is an empty
/// shape with `scalar` set.
class ShapeInference {
public:
  using Shapes = std::map<std::string, std::vector<int64_t>>;
  using Answer = Expression::ShapeAnswer;
  struct Shape {
    std::vector<int64_t> dims;
    bool scalar = true;
  };

  ShapeInference(const Shapes &tensors, const std::string &text,
                 std::string &err)
      : tensors(tensors), text(text), err(err) {}

  Answer run(const Program &prog, Shape &out) {
    for (const auto &let : prog.lets) {
      Shape s;
      Answer a = infer(*let.second, s);
      if (a != Answer::Known)
        return a;
      locals[let.first] = s;
    }
    return infer(*prog.result, out);
  }

private:
  const Shapes &tensors;
  std::map<std::string, Shape> locals;
  const std::string &text;
  std::string &err;

  Answer infer(const Node &n, Shape &out) {
    switch (n.k) {
    case Node::K::Int:
    case Node::K::Float:
      out = Shape();
      return Answer::Known;
    case Node::K::Name: {
      if (auto it = locals.find(n.name); it != locals.end()) {
        out = it->second;
        return Answer::Known;
      }
      out = Shape();
      if (auto it = tensors.find(n.name); it != tensors.end()) {
        out.dims = it->second;
        out.scalar = false;
      }
      return Answer::Known;
    }
    case Node::K::Neg:
      return infer(*n.args[0], out);
    case Node::K::Bin: {
      if (n.op == "@")
        return Answer::Unknown;
      Shape a, b;
      Answer ra = infer(*n.args[0], a);
      if (ra != Answer::Known)
        return ra;
      Answer rb = infer(*n.args[1], b);
      if (rb != Answer::Known)
        return rb;
      out = Shape();
      out.scalar = a.scalar && b.scalar;
      if (a.scalar || b.scalar) {
        out.dims = a.scalar ? b.dims : a.dims;
        return Answer::Known;
      }
      if (!broadcastShapes(a.dims, b.dims, out.dims)) {
        // The words of the evaluator (tensorBinary).
        err = "shapes " + formatShape(a.dims) + " and " +
              formatShape(b.dims) + " do not broadcast in '" + text + "'";
        return Answer::Broken;
      }
      return Answer::Known;
    }
    case Node::K::Call:
      return Answer::Unknown;
    }
    return Answer::Unknown;
  }
};
} // namespace

Expression::ShapeAnswer Expression::inferShape(
    const std::map<std::string, std::vector<int64_t>> &tensors,
    std::vector<int64_t> &shape, bool &isScalar, std::string &err) const {
  if (!prog)
    return ShapeAnswer::Unknown;
  ShapeInference::Shape s;
  ShapeAnswer a = ShapeInference(tensors, source, err).run(*prog, s);
  shape = s.dims;
  isScalar = s.scalar;
  return a;
}

bool tt::runtime::evaluateString(const std::string &text, const Scope &scope,
                                 Value &out, std::string &err) {
  Expression e;
  if (!Expression::parse(text, e, err))
    return false;
  return e.evaluate(scope, out, err);
}
