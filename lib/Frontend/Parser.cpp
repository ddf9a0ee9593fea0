//===- Parser.cpp - lexer and parser of Triton-Python -----------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The lexer follows Python's tokenizer: an indentation stack producing
// INDENT / DEDENT, NEWLINE only outside brackets, backslash continuations,
// comments, every string-literal form (prefixes, triple quotes) and number
// form. The whole file is tokenized up front so the parser can try a parse
// and back off (top-level lines that are not ours are skipped).
//
// The parser is a recursive descent over Python's expression precedence
// levels. Node positions mirror CPython's `ast` (a binary operation starts
// where its left operand's first token starts, parentheses included).
//
//===----------------------------------------------------------------------===//

#include "tt/Frontend/Parser.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>

using namespace tt::frontend;
using llvm::SMLoc;
using llvm::SourceMgr;
using llvm::StringRef;
using llvm::Twine;

//===----------------------------------------------------------------------===//
// Operator spellings and module helpers
//===----------------------------------------------------------------------===//

namespace {
const std::pair<BinOpKind, const char *> kBinOps[] = {
    {BinOpKind::Add, "+"},       {BinOpKind::Sub, "-"},
    {BinOpKind::Mul, "*"},       {BinOpKind::Div, "/"},
    {BinOpKind::FloorDiv, "//"}, {BinOpKind::Mod, "%"},
    {BinOpKind::Pow, "**"},      {BinOpKind::LShift, "<<"},
    {BinOpKind::RShift, ">>"},   {BinOpKind::BitAnd, "&"},
    {BinOpKind::BitOr, "|"},     {BinOpKind::BitXor, "^"},
    {BinOpKind::MatMul, "@"}};
const std::pair<UnaryOpKind, const char *> kUnaryOps[] = {
    {UnaryOpKind::Neg, "-"},
    {UnaryOpKind::Pos, "+"},
    {UnaryOpKind::Not, "not"},
    {UnaryOpKind::Invert, "~"}};
const std::pair<CmpOpKind, const char *> kCmpOps[] = {
    {CmpOpKind::Lt, "<"},  {CmpOpKind::Le, "<="},
    {CmpOpKind::Gt, ">"},  {CmpOpKind::Ge, ">="},
    {CmpOpKind::Eq, "=="}, {CmpOpKind::Ne, "!="},
    {CmpOpKind::Is, "is"}, {CmpOpKind::IsNot, "is not"},
    {CmpOpKind::In, "in"}, {CmpOpKind::NotIn, "not in"}};

template <typename Kind, size_t N>
StringRef spellingIn(const std::pair<Kind, const char *> (&table)[N], Kind op) {
  for (const auto &[kind, text] : table)
    if (kind == op)
      return text;
  return "?";
}
} // namespace

StringRef tt::frontend::spelling(BinOpKind op) {
  return spellingIn(kBinOps, op);
}

StringRef tt::frontend::spelling(UnaryOpKind op) {
  return spellingIn(kUnaryOps, op);
}

StringRef tt::frontend::spelling(CmpOpKind op) {
  return spellingIn(kCmpOps, op);
}

const FunctionDef *Module::lookupFunction(StringRef name) const {
  // The last definition of a name wins, as in Python.
  for (auto it = functions.rbegin(); it != functions.rend(); ++it)
    if ((*it)->name == name)
      return it->get();
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Tree teardown and diagnostics
//===----------------------------------------------------------------------===//

tt::frontend::Expr::~Expr() {
  // Move the descendants into a work list and free them one at a time: each
  // node freed here has no children left, so no destructor recurses.
  if (kids.empty() && keywords.empty())
    return;
  std::vector<ExprPtr> work;
  auto adopt = [&work](Expr &e) {
    for (ExprPtr &k : e.kids)
      if (k)
        work.push_back(std::move(k));
    for (Keyword &kw : e.keywords)
      if (kw.value)
        work.push_back(std::move(kw.value));
  };
  adopt(*this);
  while (!work.empty()) {
    ExprPtr e = std::move(work.back());
    work.pop_back();
    adopt(*e);
  }
}

void tt::frontend::printSourceMessage(const SourceMgr &sm, SMLoc loc,
                                      SourceMgr::DiagKind kind,
                                      const Twine &msg) {
  llvm::SMDiagnostic d = sm.GetMessage(loc, kind, msg);
  StringRef line = d.getLineContents();
  std::string safe;
  safe.reserve(line.size());
  for (size_t i = 0; i < line.size();) {
    unsigned char c = line[i];
    if (c < 0x80) {
      safe += (c < 0x20 && c != '\t') || c == 0x7f ? '?' : char(c);
      ++i;
      continue;
    }
    unsigned n = llvm::getNumBytesForUTF8(c);
    const auto *p = reinterpret_cast<const llvm::UTF8 *>(line.data() + i);
    if (i + n <= line.size() && llvm::isLegalUTF8Sequence(p, p + n)) {
      safe.append(line.data() + i, n);
      i += n;
    } else {
      safe += '?';
      ++i;
    }
  }
  // Through the SourceMgr, so that its diagnostic handler (if any) sees it.
  if (safe == line) {
    sm.PrintMessage(llvm::errs(), d);
    return;
  }
  llvm::SMDiagnostic clean(sm, d.getLoc(), d.getFilename(), d.getLineNo(),
                           d.getColumnNo(), d.getKind(), d.getMessage(), safe,
                           d.getRanges(), d.getFixIts());
  sm.PrintMessage(llvm::errs(), clean);
}

//===----------------------------------------------------------------------===//
// Lexer
//===----------------------------------------------------------------------===//

namespace {

bool isIdentStart(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
         (unsigned char)c >= 0x80;
}
bool isIdentChar(char c) { return isIdentStart(c) || (c >= '0' && c <= '9'); }
bool isDigit(char c) { return c >= '0' && c <= '9'; }

class Lexer {
public:
  Lexer(const SourceMgr &sm, unsigned id, std::vector<Token> &out) : out(out) {
    StringRef buf = sm.getMemoryBuffer(id)->getBuffer();
    begin = cur = lineStart = buf.begin();
    end = buf.end();
    if (buf.starts_with("\xEF\xBB\xBF"))
      cur = lineStart = begin + 3;
  }

  bool run();

private:
  SrcLoc locAt(const char *p) const {
    return {SMLoc::getFromPointer(p), line, unsigned(p - lineStart)};
  }
  void emit(TokKind kind, const char *start, const char *stop) {
    Token t;
    t.kind = kind;
    t.text = StringRef(start, stop - start);
    t.loc = locAt(start);
    out.push_back(std::move(t));
  }
  bool fail(const char *p, const Twine &msg) {
    Token t;
    t.kind = TokKind::Error;
    t.loc = locAt(p);
    t.strValue = msg.str();
    out.push_back(std::move(t));
    return false;
  }
  /// Consumes a newline ("\n", "\r\n" or "\r") at `cur`.
  void newline() {
    if (*cur == '\r' && cur + 1 < end && cur[1] == '\n')
      ++cur;
    ++cur;
    ++line;
    lineStart = cur;
  }
  bool lexNumber();
  bool lexString(const char *start, const char *quote);

  std::vector<Token> &out;
  const char *begin, *cur, *end, *lineStart;
  unsigned line = 1;
  std::vector<unsigned> indents{0};
  int depth = 0;
  bool atLineStart = true;
};

bool Lexer::lexNumber() {
  const char *start = cur;
  Token t;
  t.loc = locAt(start);
  std::string digits;
  if (*cur == '0' && cur + 1 < end && StringRef("xXoObB").contains(cur[1])) {
    unsigned base = (cur[1] == 'x' || cur[1] == 'X')   ? 16
                    : (cur[1] == 'o' || cur[1] == 'O') ? 8
                                                       : 2;
    cur += 2;
    uint64_t v = 0;
    bool overflow = false, any = false;
    for (; cur < end; ++cur) {
      char c = *cur;
      if (c == '_')
        continue;
      unsigned d;
      if (isDigit(c))
        d = c - '0';
      else if (c >= 'a' && c <= 'f')
        d = c - 'a' + 10;
      else if (c >= 'A' && c <= 'F')
        d = c - 'A' + 10;
      else
        break;
      if (d >= base)
        return fail(cur, "invalid digit in number literal");
      any = true;
      if (v > (UINT64_MAX - d) / base)
        overflow = true;
      v = v * base + d;
    }
    if (!any)
      return fail(start, "invalid number literal");
    t.kind = TokKind::Int;
    t.intValue = (int64_t)v;
    t.intOverflow = overflow || v > (uint64_t)INT64_MAX;
  } else {
    bool isFloat = false;
    while (cur < end && (isDigit(*cur) || *cur == '_')) {
      if (*cur != '_')
        digits += *cur;
      ++cur;
    }
    if (cur < end && *cur == '.') {
      isFloat = true;
      digits += *cur++;
      while (cur < end && (isDigit(*cur) || *cur == '_')) {
        if (*cur != '_')
          digits += *cur;
        ++cur;
      }
    }
    if (cur < end && (*cur == 'e' || *cur == 'E')) {
      const char *p = cur + 1;
      if (p < end && (*p == '+' || *p == '-'))
        ++p;
      if (p < end && isDigit(*p)) {
        isFloat = true;
        digits += 'e';
        for (const char *q = cur + 1; q < p; ++q)
          digits += *q;
        cur = p;
        while (cur < end && (isDigit(*cur) || *cur == '_')) {
          if (*cur != '_')
            digits += *cur;
          ++cur;
        }
      }
    }
    if (cur < end && (*cur == 'j' || *cur == 'J'))
      return fail(start, "complex numbers are not supported");
    if (isFloat) {
      t.kind = TokKind::Float;
      t.floatValue = std::strtod(digits.c_str(), nullptr);
    } else {
      t.kind = TokKind::Int;
      errno = 0;
      unsigned long long v = std::strtoull(digits.c_str(), nullptr, 10);
      t.intValue = (int64_t)v;
      t.intOverflow = errno == ERANGE || v > (unsigned long long)INT64_MAX;
    }
  }
  if (cur < end && isIdentStart(*cur))
    return fail(cur, "invalid character in number literal");
  t.text = StringRef(start, cur - start);
  out.push_back(std::move(t));
  return true;
}

bool Lexer::lexString(const char *start, const char *quote) {
  StringRef prefix(start, quote - start);
  bool raw = prefix.contains_insensitive("r");
  bool fstr = prefix.contains_insensitive("f");
  char q = *quote;
  bool triple = quote + 2 < end && quote[1] == q && quote[2] == q;
  SrcLoc loc = locAt(start);
  cur = quote + (triple ? 3 : 1);
  std::string value;
  while (true) {
    if (cur >= end)
      return fail(start, triple ? "unterminated triple-quoted string literal"
                                : "unterminated string literal");
    char c = *cur;
    if (c == q) {
      if (!triple) {
        ++cur;
        break;
      }
      if (cur + 2 < end && cur[1] == q && cur[2] == q) {
        cur += 3;
        break;
      }
      value += c;
      ++cur;
      continue;
    }
    if (c == '\n' || c == '\r') {
      if (!triple)
        return fail(start, "unterminated string literal");
      value += '\n';
      newline();
      continue;
    }
    if (c == '\\' && cur + 1 < end) {
      char n = cur[1];
      if (n == '\n' || n == '\r') {
        ++cur;
        if (raw)
          value += "\\\n";
        newline();
        continue;
      }
      if (raw || fstr) {
        value += c;
        value += n;
        cur += 2;
        continue;
      }
      cur += 2;
      switch (n) {
      case 'n':
        value += '\n';
        break;
      case 't':
        value += '\t';
        break;
      case 'r':
        value += '\r';
        break;
      case '0':
        value += '\0';
        break;
      case 'a':
        value += '\a';
        break;
      case 'b':
        value += '\b';
        break;
      case 'f':
        value += '\f';
        break;
      case 'v':
        value += '\v';
        break;
      case '\\':
        value += '\\';
        break;
      case '\'':
        value += '\'';
        break;
      case '"':
        value += '"';
        break;
      case 'x':
        if (cur + 1 < end && isxdigit(cur[0]) && isxdigit(cur[1])) {
          value += (char)std::strtol(std::string(cur, 2).c_str(), nullptr, 16);
          cur += 2;
          break;
        }
        [[fallthrough]];
      default:
        value += '\\';
        value += n;
      }
      continue;
    }
    value += c;
    ++cur;
  }
  Token t;
  t.kind = TokKind::String;
  t.text = StringRef(start, cur - start);
  t.loc = loc;
  t.strValue = std::move(value);
  t.isFString = fstr;
  out.push_back(std::move(t));
  return true;
}

bool Lexer::run() {
  static const char *const ops[] = {
      "**=", "//=", ">>=", "<<=", "...", "->", ":=", "**", "//", "<<",
      ">>",  "<=",  ">=",  "==",  "!=",  "+=", "-=", "*=", "/=", "%=",
      "&=",  "|=",  "^=",  "@=",  "+",   "-",  "*",  "/",  "%",  "@",
      "&",   "|",   "^",   "~",   "<",   ">",  "(",  ")",  "[",  "]",
      "{",   "}",   ",",   ":",   ".",   ";",  "="};
  while (true) {
    if (atLineStart && depth == 0) {
      const char *p = cur;
      unsigned col = 0;
      while (p < end && (*p == ' ' || *p == '\t' || *p == '\f')) {
        if (*p == ' ')
          ++col;
        else if (*p == '\t')
          col = (col / 8 + 1) * 8;
        else
          col = 0;
        ++p;
      }
      if (p >= end) {
        cur = p;
        break;
      }
      if (*p == '#' || *p == '\n' || *p == '\r') {
        // A blank or comment-only line: no tokens at all.
        cur = p;
        while (cur < end && *cur != '\n' && *cur != '\r')
          ++cur;
        if (cur < end)
          newline();
        continue;
      }
      cur = p;
      atLineStart = false;
      if (col > indents.back()) {
        if (indents.size() > kMaxIndentLevels)
          return fail(cur, "too many levels of indentation (more than " +
                               Twine(kMaxIndentLevels) + ")");
        indents.push_back(col);
        emit(TokKind::Indent, cur, cur);
      } else {
        while (col < indents.back()) {
          indents.pop_back();
          emit(TokKind::Dedent, cur, cur);
        }
        if (col != indents.back())
          return fail(cur, "unindent does not match any outer indentation "
                           "level");
      }
    }
    while (cur < end && (*cur == ' ' || *cur == '\t' || *cur == '\f'))
      ++cur;
    if (cur >= end)
      break;
    char c = *cur;
    if (c == '#') {
      while (cur < end && *cur != '\n' && *cur != '\r')
        ++cur;
      continue;
    }
    if (c == '\\') {
      if (cur + 1 < end && (cur[1] == '\n' || cur[1] == '\r')) {
        ++cur;
        newline();
        continue;
      }
      return fail(cur, "unexpected character after line continuation");
    }
    if (c == '\n' || c == '\r') {
      if (depth == 0) {
        emit(TokKind::Newline, cur, cur + 1);
        atLineStart = true;
      }
      newline();
      continue;
    }
    if (isIdentStart(c)) {
      const char *start = cur;
      while (cur < end && isIdentChar(*cur))
        ++cur;
      StringRef word(start, cur - start);
      if (cur < end && (*cur == '\'' || *cur == '"') && word.size() <= 2 &&
          word.find_first_not_of("rRbBuUfF") == StringRef::npos) {
        if (!lexString(start, cur))
          return false;
        continue;
      }
      emit(TokKind::Name, start, cur);
      continue;
    }
    if (isDigit(c) || (c == '.' && cur + 1 < end && isDigit(cur[1]))) {
      if (!lexNumber())
        return false;
      continue;
    }
    if (c == '\'' || c == '"') {
      if (!lexString(cur, cur))
        return false;
      continue;
    }
    bool matched = false;
    for (const char *op : ops) {
      size_t n = strlen(op);
      if ((size_t)(end - cur) >= n && StringRef(cur, n) == op) {
        if (n == 1 && (c == '(' || c == '[' || c == '{'))
          ++depth;
        if (n == 1 && (c == ')' || c == ']' || c == '}')) {
          if (depth == 0)
            return fail(cur, Twine("unmatched '") + StringRef(&c, 1) + "'");
          --depth;
        }
        emit(TokKind::Op, cur, cur + n);
        cur += n;
        matched = true;
        break;
      }
    }
    if (!matched)
      return fail(cur, Twine("invalid character '") + StringRef(&c, 1) +
                           "' in source");
  }
  if (depth != 0)
    return fail(cur, "unexpected end of file inside brackets");
  if (!out.empty() && out.back().kind != TokKind::Newline &&
      out.back().kind != TokKind::Dedent)
    emit(TokKind::Newline, cur, cur);
  while (indents.size() > 1) {
    indents.pop_back();
    emit(TokKind::Dedent, cur, cur);
  }
  emit(TokKind::Eof, cur, cur);
  return true;
}

} // namespace

bool tt::frontend::lexPython(const SourceMgr &sm, unsigned bufferId,
                             std::vector<Token> &tokens) {
  if (Lexer(sm, bufferId, tokens).run())
    return true;
  // Keep the stream well-formed for the parser: the Error token, then Eof.
  Token eof;
  eof.loc = tokens.back().loc;
  tokens.push_back(eof);
  return false;
}

//===----------------------------------------------------------------------===//
// Parser
//===----------------------------------------------------------------------===//

namespace {

bool isReservedWord(StringRef w) {
  return llvm::StringSwitch<bool>(w)
      .Cases({"False", "None", "True", "and", "as", "assert", "async"}, true)
      .Cases({"await", "break", "class", "continue", "def", "del", "elif"},
             true)
      .Cases({"else", "except", "finally", "for", "from", "global", "if"}, true)
      .Cases({"import", "in", "is", "lambda", "nonlocal", "not", "or"}, true)
      .Cases({"pass", "raise", "return", "try", "while", "with", "yield"}, true)
      .Default(false);
}

class Parser {
public:
  Parser(SourceMgr &sm, std::vector<Token> toks, Module &mod)
      : sm(sm), toks(std::move(toks)), mod(mod) {}

  bool parseFile();

private:
  const Token &peek(size_t k = 0) const {
    return toks[std::min(pos + k, toks.size() - 1)];
  }
  const Token &advance() {
    const Token &t = toks[pos];
    if (pos + 1 < toks.size())
      ++pos;
    return t;
  }
  bool atOp(StringRef op) const { return peek().isOp(op); }
  bool atKeyword(StringRef kw) const { return peek().isKeyword(kw); }
  bool consumeOp(StringRef op) {
    if (!atOp(op))
      return false;
    advance();
    return true;
  }
  bool consumeKeyword(StringRef kw) {
    if (!atKeyword(kw))
      return false;
    advance();
    return true;
  }

  std::nullptr_t error(const SrcLoc &loc, const Twine &msg) {
    if (!hadError && !quiet)
      printSourceMessage(sm, loc.sm, SourceMgr::DK_Error, msg);
    hadError = true;
    return nullptr;
  }
  /// An error at the current token, describing what was found.
  std::nullptr_t errorHere(const Twine &msg) {
    const Token &t = peek();
    if (t.kind == TokKind::Error)
      return error(t.loc, t.strValue);
    // The tokens without text are named.
    static const std::pair<TokKind, const char *> kUnspelled[] = {
        {TokKind::Eof, "end of file"},
        {TokKind::Newline, "end of line"},
        {TokKind::Indent, "unexpected indent"},
        {TokKind::Dedent, "unindent"}};
    std::string found = ("'" + t.text + "'").str();
    for (const auto &[kind, name] : kUnspelled)
      if (t.kind == kind)
        found = name;
    return error(t.loc, msg + ", found " + found);
  }
  bool expectOp(StringRef op, StringRef what) {
    if (consumeOp(op))
      return true;
    errorHere(Twine("expected '") + op + "' " + what);
    return false;
  }
  /// Items, each parsed by `item` (false after an error), separated by
  /// commas and ended by `close` (a trailing comma allowed); `what` says
  /// what `close` closes in the error when it is missing.
  template <typename Item>
  bool parseCommaList(StringRef close, StringRef what, Item item) {
    while (!atOp(close)) {
      if (!item())
        return false;
      if (!consumeOp(","))
        break;
    }
    return expectOp(close, what);
  }

  // Top level.
  void skipStatement();
  bool parseTopLevelFunction(std::vector<ExprPtr> decorators);
  bool parseImport();
  void tryGlobalAssign();

  // Statements.
  bool parseBlock(std::vector<StmtPtr> &out);
  bool parseStatement(std::vector<StmtPtr> &out);
  bool parseSimpleStatements(std::vector<StmtPtr> &out);
  StmtPtr parseSimpleStatement();
  StmtPtr parseIf();
  StmtPtr parseFor();
  StmtPtr parseWhile();
  bool parseBody(Stmt &s, StringRef after);
  bool parseElse(Stmt &s);
  StmtPtr parseLoopRest(StmtPtr s, StringRef after);

  // Expressions.
  ExprPtr parseStarExpressions();
  ExprPtr parseTargets();
  ExprPtr parseExpr();
  ExprPtr parseDisjunction();
  ExprPtr parseConjunction();
  ExprPtr parseBoolOp(StringRef keyword, ExprPtr (Parser::*operand)());
  ExprPtr parseInversion();
  ExprPtr parseComparison();
  ExprPtr parseBitOr();
  ExprPtr parseBitXor();
  ExprPtr parseBitAnd();
  ExprPtr parseShift();
  ExprPtr parseSum();
  ExprPtr parseTerm();
  ExprPtr parseFactor();
  ExprPtr parsePower();
  ExprPtr parsePrimary();
  ExprPtr parseAtom();
  ExprPtr parseCallArgs(ExprPtr callee, SrcLoc start, SrcLoc paren);
  ExprPtr parseSubscriptIndex();
  ExprPtr parseSliceItem();
  ExprPtr parsePrefixed(ExprKind kind, ExprPtr (Parser::*operand)());
  ExprPtr parseUnaryOp(UnaryOpKind op, ExprPtr (Parser::*operand)());
  ExprPtr parseElement(StringRef comprehensions);

  /// The rest of a tuple whose first element is `first`: after each comma
  /// an element parsed by `element`, until `atEnd()` (so a trailing comma
  /// is allowed).
  template <typename AtEnd, typename Element>
  ExprPtr parseTupleRest(ExprPtr first, SrcLoc start, AtEnd atEnd,
                         Element element) {
    auto tuple = std::make_unique<Expr>(ExprKind::Tuple, start);
    tuple->kids.push_back(std::move(first));
    while (consumeOp(",")) {
      if (atEnd())
        break;
      if (!appendParsed(tuple->kids, element()))
        return nullptr;
    }
    return tuple;
  }

  /// An element, or a Tuple when a comma follows it: the elements parsed by
  /// `element`, up to `atEnd()`.
  template <typename AtEnd, typename Element>
  ExprPtr parseMaybeTuple(AtEnd atEnd, Element element) {
    SrcLoc start = peek().loc;
    ExprPtr first = element();
    if (!first || !atOp(","))
      return first;
    return parseTupleRest(std::move(first), start, atEnd, element);
  }

  /// Appends `e` to `kids` unless it is null (a parse that failed).
  static bool appendParsed(std::vector<ExprPtr> &kids, ExprPtr e) {
    if (!e)
      return false;
    kids.push_back(std::move(e));
    return true;
  }

  static ExprPtr makeBin(BinOpKind op, ExprPtr l, ExprPtr r, SrcLoc start,
                         SrcLoc opLoc) {
    auto e = std::make_unique<Expr>(ExprKind::BinOp, start);
    e->opLoc = opLoc;
    e->binOp = op;
    e->kids.push_back(std::move(l));
    e->kids.push_back(std::move(r));
    return e;
  }

  /// One level of the parser's recursion for as long as it lives; false
  /// (after an error at the current token) past kMaxExprDepth levels.
  class Nest {
  public:
    explicit Nest(Parser &p) : p(p) { ++p.nesting; }
    ~Nest() { --p.nesting; }
    bool tooDeep() {
      if (p.nesting <= kMaxExprDepth)
        return false;
      p.error(p.peek().loc, tooDeepMessage());
      return true;
    }

  private:
    Parser &p;
  };
  static std::string tooDeepMessage() {
    return "expression nested more than " + std::to_string(kMaxExprDepth) +
           " levels deep; split it into several statements";
  }
  bool checkDepth(const Expr *root);
  bool checkDepth(const std::vector<StmtPtr> &body);
  bool checkModuleDepth();

  SourceMgr &sm;
  std::vector<Token> toks;
  size_t pos = 0;
  Module &mod;
  unsigned nesting = 0;
  bool hadError = false;
  /// Speculative parse: errors are not printed.
  bool quiet = false;
};

//===----------------------------------------------------------------------===//
// Top level
//===----------------------------------------------------------------------===//

void Parser::skipStatement() {
  while (peek().kind != TokKind::Newline && peek().kind != TokKind::Eof &&
         peek().kind != TokKind::Error)
    advance();
  if (peek().kind == TokKind::Newline)
    advance();
  if (peek().kind != TokKind::Indent)
    return;
  int level = 0;
  do {
    if (peek().kind == TokKind::Indent)
      ++level;
    else if (peek().kind == TokKind::Dedent)
      --level;
    else if (peek().kind == TokKind::Eof || peek().kind == TokKind::Error)
      return;
    advance();
  } while (level > 0);
}

/// Whether a decorator expression names triton.jit (bare, attribute or
/// called with keyword options); sets `noinline` from `noinline=True`.
static bool isJitDecorator(const Expr &e, bool &noinline) {
  const Expr *callee = &e;
  if (e.kind == ExprKind::Call) {
    callee = e.kids[0].get();
    for (const Keyword &kw : e.keywords)
      if (kw.name == "noinline" && kw.value->kind == ExprKind::Bool)
        noinline = kw.value->boolValue;
  }
  if (callee->kind == ExprKind::Name)
    return callee->name == "jit";
  return callee->kind == ExprKind::Attribute && callee->name == "jit";
}

bool Parser::parseFile() {
  while (!hadError && peek().kind != TokKind::Eof) {
    const Token &t = peek();
    if (t.kind == TokKind::Error) {
      error(t.loc, t.strValue);
      break;
    }
    if (t.kind == TokKind::Newline) {
      advance();
      continue;
    }
    if (t.kind == TokKind::Indent) {
      error(t.loc, "unexpected indent");
      break;
    }
    if (t.isOp("@")) {
      // Decorators; those we cannot parse are kept out (they are host-side
      // helpers such as autotune configs).
      std::vector<ExprPtr> decorators;
      while (atOp("@")) {
        advance();
        size_t save = pos;
        quiet = true;
        ExprPtr d = parseExpr();
        quiet = false;
        if (d && peek().kind == TokKind::Newline) {
          advance();
          decorators.push_back(std::move(d));
        } else {
          hadError = false;
          pos = save;
          skipStatement();
        }
      }
      if (atKeyword("def")) {
        parseTopLevelFunction(std::move(decorators));
        continue;
      }
      skipStatement();
      continue;
    }
    if (t.isKeyword("def")) {
      parseTopLevelFunction({});
      continue;
    }
    if (t.isKeyword("import") || t.isKeyword("from")) {
      size_t save = pos;
      quiet = true;
      bool ok = parseImport();
      quiet = false;
      if (!ok) {
        hadError = false;
        pos = save;
        skipStatement();
      }
      continue;
    }
    if (t.kind == TokKind::Name && !isReservedWord(t.text) &&
        (peek(1).isOp("=") || peek(1).isOp(":"))) {
      tryGlobalAssign();
      continue;
    }
    skipStatement();
  }
  return !hadError && checkModuleDepth();
}

/// The tree's depth, walked with an explicit stack: the first node deeper
/// than kMaxExprDepth is reported (for `n + n + ...` an operator of the
/// chain).
bool Parser::checkDepth(const Expr *root) {
  if (!root)
    return true;
  std::vector<std::pair<const Expr *, size_t>> path{{root, 0}};
  while (!path.empty()) {
    auto &[e, next] = path.back();
    size_t kids = e->kids.size();
    if (next >= kids + e->keywords.size()) {
      path.pop_back();
      continue;
    }
    const Expr *child = next < kids ? e->kids[next].get()
                                    : e->keywords[next - kids].value.get();
    ++next;
    if (!child)
      continue;
    if (path.size() >= kMaxExprDepth) {
      error(child->opLoc, tooDeepMessage());
      return false;
    }
    path.push_back({child, 0});
  }
  return true;
}

bool Parser::checkDepth(const std::vector<StmtPtr> &body) {
  for (const StmtPtr &s : body) {
    for (const ExprPtr &t : s->targets)
      if (!checkDepth(t.get()))
        return false;
    if (!checkDepth(s->value.get()) || !checkDepth(s->annotation.get()) ||
        !checkDepth(s->msg.get()) || !checkDepth(s->body) ||
        !checkDepth(s->orelse))
      return false;
  }
  return true;
}

bool Parser::checkModuleDepth() {
  for (const auto &fn : mod.functions) {
    for (const ExprPtr &d : fn->decorators)
      if (!checkDepth(d.get()))
        return false;
    for (const Param &p : fn->params)
      if (!checkDepth(p.annotation.get()) || !checkDepth(p.defaultValue.get()))
        return false;
    if (!checkDepth(fn->body))
      return false;
  }
  for (const GlobalAssign &g : mod.globals)
    if (!checkDepth(g.annotation.get()) || !checkDepth(g.value.get()))
      return false;
  return true;
}

bool Parser::parseTopLevelFunction(std::vector<ExprPtr> decorators) {
  const Token &defTok = advance();
  auto fn = std::make_unique<FunctionDef>();
  fn->loc = defTok.loc;
  fn->loc.col = 0;
  for (const ExprPtr &d : decorators)
    fn->isJit |= isJitDecorator(*d, fn->noinline);
  fn->decorators = std::move(decorators);
  if (peek().kind != TokKind::Name || isReservedWord(peek().text)) {
    if (!fn->isJit) {
      skipStatement();
      return true;
    }
    errorHere("expected a function name after 'def'");
    return false;
  }
  fn->name = advance().text.str();
  FunctionDef *raw = fn.get();
  mod.functions.push_back(std::move(fn));
  if (!raw->isJit) {
    skipStatement();
    return true;
  }
  // A @jit function: everything must parse.
  if (!expectOp("(", "after the function name"))
    return false;
  auto parameter = [&]() -> bool {
    const Token &t = peek();
    if (t.isOp("*") || t.isOp("**") || t.isOp("/")) {
      error(t.loc, "variadic and positional-only parameters are not "
                   "supported in @triton.jit functions");
      return false;
    }
    if (t.kind != TokKind::Name || isReservedWord(t.text)) {
      errorHere("expected a parameter name");
      return false;
    }
    Param p;
    p.name = t.text.str();
    p.loc = t.loc;
    advance();
    for (const Param &q : raw->params)
      if (q.name == p.name) {
        error(p.loc, "duplicate parameter '" + p.name + "'");
        return false;
      }
    if (consumeOp(":")) {
      p.annotation = parseExpr();
      if (!p.annotation)
        return false;
    }
    if (consumeOp("=")) {
      p.defaultValue = parseExpr();
      if (!p.defaultValue)
        return false;
    } else if (!raw->params.empty() && raw->params.back().defaultValue) {
      error(p.loc, "parameter without a default follows parameter with a "
                   "default");
      return false;
    }
    raw->params.push_back(std::move(p));
    return true;
  };
  if (!parseCommaList(")", "to close the parameter list", parameter))
    return false;
  if (consumeOp("->") && !parseExpr())
    return false;
  if (!expectOp(":", "after the function signature"))
    return false;
  if (!parseBlock(raw->body))
    return false;
  raw->parsed = true;
  return true;
}

bool Parser::parseImport() {
  SrcLoc loc = peek().loc;
  auto dotted = [&](std::string &out) {
    if (peek().kind != TokKind::Name)
      return false;
    out = advance().text.str();
    while (atOp(".")) {
      advance();
      if (peek().kind != TokKind::Name)
        return false;
      out += "." + advance().text.str();
    }
    return true;
  };
  if (consumeKeyword("import")) {
    do {
      std::string path, alias;
      if (!dotted(path))
        return false;
      if (consumeKeyword("as")) {
        if (peek().kind != TokKind::Name)
          return false;
        alias = advance().text.str();
        mod.imports.push_back({alias, path, loc});
      } else {
        // `import a.b` binds `a`.
        std::string first = path.substr(0, path.find('.'));
        mod.imports.push_back({first, first, loc});
      }
    } while (consumeOp(","));
    return peek().kind == TokKind::Newline;
  }
  advance(); // from
  std::string base;
  if (!dotted(base) || !consumeKeyword("import"))
    return false;
  bool paren = consumeOp("(");
  do {
    if (paren && atOp(")"))
      break;
    if (peek().kind != TokKind::Name)
      return false;
    std::string name = advance().text.str();
    std::string alias = name;
    if (consumeKeyword("as")) {
      if (peek().kind != TokKind::Name)
        return false;
      alias = advance().text.str();
    }
    mod.imports.push_back({alias, base + "." + name, loc});
  } while (consumeOp(","));
  if (paren && !consumeOp(")"))
    return false;
  return peek().kind == TokKind::Newline;
}

void Parser::tryGlobalAssign() {
  size_t save = pos;
  GlobalAssign g;
  g.loc = peek().loc;
  g.name = advance().text.str();
  quiet = true;
  bool ok = true;
  if (consumeOp(":")) {
    g.annotation = parseExpr();
    ok = g.annotation != nullptr;
  }
  if (ok && consumeOp("=")) {
    g.value = parseExpr();
    ok = g.value != nullptr;
  }
  ok = ok && g.value && peek().kind == TokKind::Newline;
  quiet = false;
  if (ok) {
    advance();
    mod.globals.push_back(std::move(g));
    return;
  }
  hadError = false;
  pos = save;
  skipStatement();
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

bool Parser::parseBlock(std::vector<StmtPtr> &out) {
  if (peek().kind != TokKind::Newline)
    return parseSimpleStatements(out);
  advance();
  if (peek().kind != TokKind::Indent) {
    errorHere("expected an indented block");
    return false;
  }
  advance();
  while (peek().kind != TokKind::Dedent && peek().kind != TokKind::Eof) {
    if (!parseStatement(out))
      return false;
  }
  if (peek().kind == TokKind::Dedent)
    advance();
  return true;
}

bool Parser::parseStatement(std::vector<StmtPtr> &out) {
  const Token &t = peek();
  if (t.kind == TokKind::Error) {
    error(t.loc, t.strValue);
    return false;
  }
  if (t.kind == TokKind::Indent) {
    error(t.loc, "unexpected indent");
    return false;
  }
  StmtPtr s;
  if (t.isKeyword("if"))
    s = parseIf();
  else if (t.isKeyword("for"))
    s = parseFor();
  else if (t.isKeyword("while"))
    s = parseWhile();
  else if (t.isKeyword("def") || t.isOp("@"))
    return error(t.loc, "nested function definitions are not supported in "
                        "@triton.jit functions"),
           false;
  else if (t.isKeyword("with") || t.isKeyword("try") || t.isKeyword("class") ||
           t.isKeyword("async"))
    return error(t.loc, "'" + t.text +
                            "' statements are not supported in "
                            "@triton.jit functions"),
           false;
  else if (t.isKeyword("elif") || t.isKeyword("else"))
    return error(t.loc, "'" + t.text + "' without a matching 'if'"), false;
  else
    return parseSimpleStatements(out);
  if (!s)
    return false;
  out.push_back(std::move(s));
  return true;
}

bool Parser::parseSimpleStatements(std::vector<StmtPtr> &out) {
  while (true) {
    StmtPtr s = parseSimpleStatement();
    if (!s)
      return false;
    out.push_back(std::move(s));
    if (!consumeOp(";"))
      break;
    if (peek().kind == TokKind::Newline)
      break;
  }
  if (peek().kind != TokKind::Newline) {
    errorHere("expected end of statement");
    return false;
  }
  advance();
  return true;
}

static bool isAssignable(const Expr &e) {
  switch (e.kind) {
  case ExprKind::Name:
  case ExprKind::Attribute:
  case ExprKind::Subscript:
    return true;
  case ExprKind::Tuple:
  case ExprKind::List:
    for (const ExprPtr &k : e.kids)
      if (!isAssignable(*k))
        return false;
    return true;
  default:
    return false;
  }
}

StmtPtr Parser::parseSimpleStatement() {
  const Token &t = peek();
  SrcLoc loc = t.loc;
  if (t.isKeyword("pass") || t.isKeyword("break") || t.isKeyword("continue")) {
    StmtKind k = t.text == "pass"    ? StmtKind::Pass
                 : t.text == "break" ? StmtKind::Break
                                     : StmtKind::Continue;
    advance();
    return std::make_unique<Stmt>(k, loc);
  }
  if (t.isKeyword("return")) {
    advance();
    auto s = std::make_unique<Stmt>(StmtKind::Return, loc);
    if (peek().kind != TokKind::Newline && !atOp(";")) {
      s->value = parseStarExpressions();
      if (!s->value)
        return nullptr;
    }
    return s;
  }
  if (t.isKeyword("assert")) {
    advance();
    auto s = std::make_unique<Stmt>(StmtKind::Assert, loc);
    s->value = parseExpr();
    if (!s->value)
      return nullptr;
    if (consumeOp(",")) {
      s->msg = parseExpr();
      if (!s->msg)
        return nullptr;
    }
    return s;
  }
  if (t.kind == TokKind::Name &&
      llvm::is_contained({"import", "from", "global", "nonlocal", "del",
                          "raise", "yield", "lambda", "await"},
                         t.text))
    return error(loc,
                 "'" + t.text + "' is not supported in @triton.jit functions");

  ExprPtr first = parseStarExpressions();
  if (!first)
    return nullptr;
  if (atOp(":")) {
    if (first->kind != ExprKind::Name && first->kind != ExprKind::Attribute &&
        first->kind != ExprKind::Subscript)
      return error(peek().loc, "only a single target can be annotated");
    advance();
    auto s = std::make_unique<Stmt>(StmtKind::AnnAssign, loc);
    s->annotation = parseExpr();
    if (!s->annotation)
      return nullptr;
    s->targets.push_back(std::move(first));
    if (consumeOp("=")) {
      s->value = parseStarExpressions();
      if (!s->value)
        return nullptr;
    }
    return s;
  }
  static const std::pair<const char *, BinOpKind> augOps[] = {
      {"+=", BinOpKind::Add},       {"-=", BinOpKind::Sub},
      {"*=", BinOpKind::Mul},       {"/=", BinOpKind::Div},
      {"//=", BinOpKind::FloorDiv}, {"%=", BinOpKind::Mod},
      {"**=", BinOpKind::Pow},      {"<<=", BinOpKind::LShift},
      {">>=", BinOpKind::RShift},   {"&=", BinOpKind::BitAnd},
      {"|=", BinOpKind::BitOr},     {"^=", BinOpKind::BitXor},
      {"@=", BinOpKind::MatMul}};
  for (auto &[spell, op] : augOps) {
    if (!atOp(spell))
      continue;
    if (first->kind != ExprKind::Name && first->kind != ExprKind::Attribute &&
        first->kind != ExprKind::Subscript)
      return error(peek().loc, "illegal expression for augmented assignment");
    advance();
    auto s = std::make_unique<Stmt>(StmtKind::AugAssign, loc);
    s->augOp = op;
    s->targets.push_back(std::move(first));
    s->value = parseStarExpressions();
    if (!s->value)
      return nullptr;
    return s;
  }
  if (atOp("=")) {
    auto s = std::make_unique<Stmt>(StmtKind::Assign, loc);
    ExprPtr cur = std::move(first);
    while (atOp("=")) {
      SrcLoc eq = advance().loc;
      if (!isAssignable(*cur))
        return error(eq, "cannot assign to this expression");
      s->targets.push_back(std::move(cur));
      cur = parseStarExpressions();
      if (!cur)
        return nullptr;
    }
    s->value = std::move(cur);
    return s;
  }
  auto s = std::make_unique<Stmt>(StmtKind::Expr, loc);
  s->value = std::move(first);
  return s;
}

StmtPtr Parser::parseIf() {
  Nest nest(*this); // an `elif` chain nests
  if (nest.tooDeep())
    return nullptr;
  SrcLoc loc = advance().loc; // if / elif
  auto s = std::make_unique<Stmt>(StmtKind::If, loc);
  s->value = parseExpr();
  if (!s->value || !parseBody(*s, "after the condition"))
    return nullptr;
  if (atKeyword("elif")) {
    StmtPtr nested = parseIf();
    if (!nested)
      return nullptr;
    s->orelse.push_back(std::move(nested));
  } else if (!parseElse(*s)) {
    return nullptr;
  }
  return s;
}

/// `: BLOCK` after a compound statement's header.
bool Parser::parseBody(Stmt &s, StringRef after) {
  return expectOp(":", after) && parseBlock(s.body);
}

/// An optional `else: BLOCK`.
bool Parser::parseElse(Stmt &s) {
  if (!consumeKeyword("else"))
    return true;
  return expectOp(":", "after 'else'") && parseBlock(s.orelse);
}

StmtPtr Parser::parseFor() {
  SrcLoc loc = advance().loc;
  auto s = std::make_unique<Stmt>(StmtKind::For, loc);
  ExprPtr target = parseTargets();
  if (!target)
    return nullptr;
  if (!consumeKeyword("in"))
    return errorHere("expected 'in' in for statement");
  s->targets.push_back(std::move(target));
  s->value = parseStarExpressions();
  return parseLoopRest(std::move(s), "after the for clause");
}

StmtPtr Parser::parseWhile() {
  SrcLoc loc = advance().loc;
  auto s = std::make_unique<Stmt>(StmtKind::While, loc);
  s->value = parseExpr();
  return parseLoopRest(std::move(s), "after the condition");
}

/// A loop's body and `else` after its header (`s->value` null: the header
/// failed to parse).
StmtPtr Parser::parseLoopRest(StmtPtr s, StringRef after) {
  if (!s->value || !parseBody(*s, after) || !parseElse(*s))
    return nullptr;
  return s;
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

/// `a, b, c` (a Tuple when there is a comma) at the level of full
/// expressions, with `*x` allowed as an element.
ExprPtr Parser::parseStarExpressions() {
  auto atEnd = [&] {
    const Token &t = peek();
    return t.kind == TokKind::Newline || t.isOp("=") || t.isOp(")") ||
           t.isOp(";") || t.isOp(":") || t.kind == TokKind::Eof;
  };
  return parseMaybeTuple(atEnd, [&]() -> ExprPtr {
    if (atOp("*"))
      return parsePrefixed(ExprKind::Starred, &Parser::parseBitOr);
    return parseExpr();
  });
}

/// An expression in a call or a list, where `for` would start one of the
/// `comprehensions` we do not support.
ExprPtr Parser::parseElement(StringRef comprehensions) {
  ExprPtr e = parseExpr();
  if (e && atKeyword("for"))
    return error(peek().loc, comprehensions + " are not supported");
  return e;
}

/// `PREFIX operand` at the prefix (`*x`, `-x`, `not x`): a node of `kind`
/// at the prefix, holding the operand.
ExprPtr Parser::parsePrefixed(ExprKind kind, ExprPtr (Parser::*operand)()) {
  SrcLoc l = advance().loc;
  ExprPtr v = (this->*operand)();
  if (!v)
    return nullptr;
  auto e = std::make_unique<Expr>(kind, l);
  e->kids.push_back(std::move(v));
  return e;
}

/// Loop targets: bitwise-or level expressions so `in` is not consumed.
ExprPtr Parser::parseTargets() {
  SrcLoc start = peek().loc;
  ExprPtr first = parseBitOr();
  if (!first || !atOp(","))
    return first;
  ExprPtr tuple = parseTupleRest(
      std::move(first), start, [&] { return atKeyword("in"); },
      [&] { return parseBitOr(); });
  if (!tuple)
    return nullptr;
  for (const ExprPtr &k : tuple->kids)
    if (!isAssignable(*k))
      return error(k->loc, "cannot assign to this expression");
  return tuple;
}

ExprPtr Parser::parseExpr() {
  Nest nest(*this);
  if (nest.tooDeep())
    return nullptr;
  if (atKeyword("lambda"))
    return error(peek().loc,
                 "lambda expressions are not supported in @triton.jit "
                 "functions");
  SrcLoc start = peek().loc;
  ExprPtr body = parseDisjunction();
  if (!body || !atKeyword("if"))
    return body;
  SrcLoc ifLoc = advance().loc;
  ExprPtr test = parseDisjunction();
  if (!test)
    return nullptr;
  if (!consumeKeyword("else"))
    return errorHere("expected 'else' in conditional expression");
  ExprPtr orelse = parseExpr();
  if (!orelse)
    return nullptr;
  auto e = std::make_unique<Expr>(ExprKind::IfExp, start);
  e->opLoc = ifLoc;
  e->kids.push_back(std::move(test));
  e->kids.push_back(std::move(body));
  e->kids.push_back(std::move(orelse));
  return e;
}

ExprPtr Parser::parseDisjunction() {
  return parseBoolOp("or", &Parser::parseConjunction);
}

ExprPtr Parser::parseConjunction() {
  return parseBoolOp("and", &Parser::parseInversion);
}

/// `operand (KEYWORD operand)*`, KEYWORD `and` or `or`, left-associative.
ExprPtr Parser::parseBoolOp(StringRef keyword, ExprPtr (Parser::*operand)()) {
  SrcLoc start = peek().loc;
  ExprPtr lhs = (this->*operand)();
  while (lhs && atKeyword(keyword)) {
    SrcLoc op = advance().loc;
    ExprPtr rhs = (this->*operand)();
    if (!rhs)
      return nullptr;
    auto e = std::make_unique<Expr>(ExprKind::BoolOp, start);
    e->opLoc = op;
    e->isAnd = keyword == "and";
    e->kids.push_back(std::move(lhs));
    e->kids.push_back(std::move(rhs));
    lhs = std::move(e);
  }
  return lhs;
}

ExprPtr Parser::parseInversion() {
  if (atKeyword("not"))
    return parseUnaryOp(UnaryOpKind::Not, &Parser::parseInversion);
  return parseComparison();
}

/// `OP operand` at the operator.
ExprPtr Parser::parseUnaryOp(UnaryOpKind op, ExprPtr (Parser::*operand)()) {
  Nest nest(*this);
  if (nest.tooDeep())
    return nullptr;
  ExprPtr e = parsePrefixed(ExprKind::UnaryOp, operand);
  if (e)
    e->unaryOp = op;
  return e;
}

ExprPtr Parser::parseComparison() {
  SrcLoc start = peek().loc;
  ExprPtr lhs = parseBitOr();
  if (!lhs)
    return nullptr;
  std::unique_ptr<Expr> cmp;
  while (true) {
    const Token &t = peek();
    CmpOpKind op;
    SrcLoc opLoc = t.loc;
    if (t.kind == TokKind::Op) {
      auto k = llvm::StringSwitch<int>(t.text)
                   .Case("<", (int)CmpOpKind::Lt)
                   .Case("<=", (int)CmpOpKind::Le)
                   .Case(">", (int)CmpOpKind::Gt)
                   .Case(">=", (int)CmpOpKind::Ge)
                   .Case("==", (int)CmpOpKind::Eq)
                   .Case("!=", (int)CmpOpKind::Ne)
                   .Default(-1);
      if (k < 0)
        break;
      op = (CmpOpKind)k;
      advance();
    } else if (t.isKeyword("in")) {
      op = CmpOpKind::In;
      advance();
    } else if (t.isKeyword("not") && peek(1).isKeyword("in")) {
      op = CmpOpKind::NotIn;
      advance();
      advance();
    } else if (t.isKeyword("is")) {
      advance();
      op = consumeKeyword("not") ? CmpOpKind::IsNot : CmpOpKind::Is;
    } else {
      break;
    }
    ExprPtr rhs = parseBitOr();
    if (!rhs)
      return nullptr;
    if (!cmp) {
      cmp = std::make_unique<Expr>(ExprKind::Compare, start);
      cmp->opLoc = opLoc;
      cmp->kids.push_back(std::move(lhs));
    }
    cmp->cmpOps.push_back(op);
    cmp->kids.push_back(std::move(rhs));
  }
  if (cmp)
    return cmp;
  return lhs;
}

#define TT_BINARY_LEVEL(NAME, NEXT, ...)                                       \
  ExprPtr Parser::NAME() {                                                     \
    SrcLoc start = peek().loc;                                                 \
    ExprPtr lhs = NEXT();                                                      \
    static const BinOpKind ops[] = {__VA_ARGS__};                              \
    while (lhs) {                                                              \
      const BinOpKind *found = nullptr;                                        \
      for (const BinOpKind &op : ops)                                          \
        if (atOp(spelling(op)))                                                \
          found = &op;                                                         \
      if (!found)                                                              \
        break;                                                                 \
      SrcLoc op = advance().loc;                                               \
      ExprPtr rhs = NEXT();                                                    \
      if (!rhs)                                                                \
        return nullptr;                                                        \
      lhs = makeBin(*found, std::move(lhs), std::move(rhs), start, op);        \
    }                                                                          \
    return lhs;                                                                \
  }

TT_BINARY_LEVEL(parseBitOr, parseBitXor, BinOpKind::BitOr)
TT_BINARY_LEVEL(parseBitXor, parseBitAnd, BinOpKind::BitXor)
TT_BINARY_LEVEL(parseBitAnd, parseShift, BinOpKind::BitAnd)
TT_BINARY_LEVEL(parseShift, parseSum, BinOpKind::LShift, BinOpKind::RShift)
TT_BINARY_LEVEL(parseSum, parseTerm, BinOpKind::Add, BinOpKind::Sub)
TT_BINARY_LEVEL(parseTerm, parseFactor, BinOpKind::Mul, BinOpKind::Div,
                BinOpKind::FloorDiv, BinOpKind::Mod, BinOpKind::MatMul)
#undef TT_BINARY_LEVEL

ExprPtr Parser::parseFactor() {
  const Token &t = peek();
  UnaryOpKind op;
  if (t.isOp("-"))
    op = UnaryOpKind::Neg;
  else if (t.isOp("+"))
    op = UnaryOpKind::Pos;
  else if (t.isOp("~"))
    op = UnaryOpKind::Invert;
  else
    return parsePower();
  return parseUnaryOp(op, &Parser::parseFactor);
}

ExprPtr Parser::parsePower() {
  SrcLoc start = peek().loc;
  ExprPtr base = parsePrimary();
  if (!base || !atOp("**"))
    return base;
  Nest nest(*this); // `a ** b ** c` nests to the right
  if (nest.tooDeep())
    return nullptr;
  SrcLoc op = advance().loc;
  ExprPtr exp = parseFactor();
  if (!exp)
    return nullptr;
  return makeBin(BinOpKind::Pow, std::move(base), std::move(exp), start, op);
}

ExprPtr Parser::parsePrimary() {
  SrcLoc start = peek().loc;
  ExprPtr e = parseAtom();
  while (e) {
    if (atOp(".")) {
      SrcLoc dot = advance().loc;
      const Token &t = peek();
      if (t.kind != TokKind::Name)
        return errorHere("expected an attribute name after '.'");
      auto a = std::make_unique<Expr>(ExprKind::Attribute, start);
      a->opLoc = dot;
      a->name = advance().text.str();
      a->kids.push_back(std::move(e));
      e = std::move(a);
    } else if (atOp("(")) {
      SrcLoc paren = advance().loc;
      e = parseCallArgs(std::move(e), start, paren);
    } else if (atOp("[")) {
      SrcLoc bracket = advance().loc;
      ExprPtr index = parseSubscriptIndex();
      if (!index || !expectOp("]", "to close the subscript"))
        return nullptr;
      auto s = std::make_unique<Expr>(ExprKind::Subscript, start);
      s->opLoc = bracket;
      s->kids.push_back(std::move(e));
      s->kids.push_back(std::move(index));
      e = std::move(s);
    } else {
      break;
    }
  }
  return e;
}

ExprPtr Parser::parseCallArgs(ExprPtr callee, SrcLoc start, SrcLoc paren) {
  auto call = std::make_unique<Expr>(ExprKind::Call, start);
  call->opLoc = paren;
  call->kids.push_back(std::move(callee));
  auto argument = [&]() -> bool {
    const Token &t = peek();
    if (t.isOp("**"))
      return error(t.loc, "'**' arguments are not supported"), false;
    if (t.kind == TokKind::Name && !isReservedWord(t.text) &&
        peek(1).isOp("=")) {
      Keyword kw;
      kw.name = t.text.str();
      kw.loc = t.loc;
      advance();
      advance();
      kw.value = parseExpr();
      if (!kw.value)
        return false;
      for (const Keyword &other : call->keywords)
        if (other.name == kw.name)
          return error(kw.loc, "keyword argument repeated: " + kw.name), false;
      call->keywords.push_back(std::move(kw));
      return true;
    }
    ExprPtr a;
    if (t.isOp("*"))
      a = parsePrefixed(ExprKind::Starred, &Parser::parseExpr);
    else if (!call->keywords.empty())
      return error(t.loc, "positional argument follows keyword argument"),
             false;
    else
      a = parseElement("generator expressions");
    return appendParsed(call->kids, std::move(a));
  };
  if (!parseCommaList(")", "to close the call", argument))
    return nullptr;
  return call;
}

ExprPtr Parser::parseSliceItem() {
  SrcLoc start = peek().loc;
  ExprPtr lower;
  if (!atOp(":")) {
    lower = parseExpr();
    if (!lower || !atOp(":"))
      return lower;
  }
  auto s = std::make_unique<Expr>(ExprKind::Slice, start);
  advance(); // ':'
  ExprPtr upper, step;
  if (!atOp("]") && !atOp(",") && !atOp(":")) {
    upper = parseExpr();
    if (!upper)
      return nullptr;
  }
  if (consumeOp(":") && !atOp("]") && !atOp(",")) {
    step = parseExpr();
    if (!step)
      return nullptr;
  }
  s->kids.push_back(std::move(lower));
  s->kids.push_back(std::move(upper));
  s->kids.push_back(std::move(step));
  return s;
}

ExprPtr Parser::parseSubscriptIndex() {
  return parseMaybeTuple([&] { return atOp("]"); },
                         [&] { return parseSliceItem(); });
}

ExprPtr Parser::parseAtom() {
  const Token &t = peek();
  SrcLoc loc = t.loc;
  switch (t.kind) {
  case TokKind::Error:
    return error(t.loc, t.strValue);
  case TokKind::Int: {
    auto e = std::make_unique<Expr>(ExprKind::Int, loc);
    e->intValue = t.intValue;
    e->intOverflow = t.intOverflow;
    advance();
    return e;
  }
  case TokKind::Float: {
    auto e = std::make_unique<Expr>(ExprKind::Float, loc);
    e->floatValue = t.floatValue;
    advance();
    return e;
  }
  case TokKind::String: {
    auto e = std::make_unique<Expr>(ExprKind::Str, loc);
    bool fstr = false;
    while (peek().kind == TokKind::String) {
      fstr |= peek().isFString;
      e->name += advance().strValue;
    }
    if (fstr)
      return error(loc, "f-strings are not supported in @triton.jit "
                        "functions");
    return e;
  }
  case TokKind::Name: {
    if (t.text == "True" || t.text == "False") {
      auto e = std::make_unique<Expr>(ExprKind::Bool, loc);
      e->boolValue = t.text == "True";
      advance();
      return e;
    }
    if (t.text == "None") {
      advance();
      return std::make_unique<Expr>(ExprKind::NoneLit, loc);
    }
    if (isReservedWord(t.text))
      return errorHere("expected an expression");
    auto e = std::make_unique<Expr>(ExprKind::Name, loc);
    e->name = t.text.str();
    advance();
    return e;
  }
  case TokKind::Op:
    break;
  default:
    return errorHere("expected an expression");
  }
  if (t.isOp("...")) {
    advance();
    return std::make_unique<Expr>(ExprKind::Ellipsis, loc);
  }
  if (t.isOp("(")) {
    advance();
    if (consumeOp(")"))
      return std::make_unique<Expr>(ExprKind::Tuple, loc);
    ExprPtr first = parseElement("generator expressions");
    if (!first)
      return nullptr;
    if (consumeOp(")"))
      return first;
    if (!atOp(","))
      return errorHere("expected ')' or ','");
    ExprPtr tuple = parseTupleRest(
        std::move(first), loc, [&] { return atOp(")"); },
        [&] { return parseExpr(); });
    if (!tuple || !expectOp(")", "to close the tuple"))
      return nullptr;
    return tuple;
  }
  if (t.isOp("[")) {
    advance();
    auto list = std::make_unique<Expr>(ExprKind::List, loc);
    auto element = [&] {
      return appendParsed(list->kids, parseElement("list comprehensions"));
    };
    if (!parseCommaList("]", "to close the list", element))
      return nullptr;
    return list;
  }
  if (t.isOp("{"))
    return error(loc, "dict and set literals are not supported in "
                      "@triton.jit functions");
  return errorHere("expected an expression");
}

} // namespace

bool tt::frontend::parsePython(SourceMgr &sm, unsigned bufferId,
                               Module &module) {
  module.fileName = sm.getMemoryBuffer(bufferId)->getBufferIdentifier().str();
  // Python source is UTF-8: a file that is not is refused whole, as CPython
  // does, before a string literal or a name can carry its bytes further.
  StringRef text = sm.getMemoryBuffer(bufferId)->getBuffer();
  const auto *first = reinterpret_cast<const llvm::UTF8 *>(text.begin());
  const auto *bad = first;
  if (!llvm::isLegalUTF8String(
          &bad, reinterpret_cast<const llvm::UTF8 *>(text.end()))) {
    const char *at = text.begin() + (bad - first);
    char hex[8];
    snprintf(hex, sizeof hex, "0x%02x", unsigned((unsigned char)*at));
    printSourceMessage(sm, SMLoc::getFromPointer(at), SourceMgr::DK_Error,
                       Twine("invalid UTF-8 (byte ") + hex +
                           "): Python source must be UTF-8");
    return false;
  }
  std::vector<Token> tokens;
  lexPython(sm, bufferId, tokens);
  // A lexical error is reported by the parser when it reaches the Error
  // token (tokens before it still parse, so host code after a kernel that
  // the lexer cannot read only matters if the parser gets there).
  Parser parser(sm, std::move(tokens), module);
  return parser.parseFile();
}
