//===- Parser.h - lexer and parser of the Triton-Python subset --*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The lexer turns a whole Python file into tokens (with INDENT / DEDENT /
// NEWLINE as Python's tokenizer makes them); the parser builds the tree of
// AST.h. Top-level code that is not a `@jit` function, an import or a simple
// global assignment (host code, classes, ...) is skipped without being
// parsed, so kernels can live next to arbitrary Python. Errors are reported
// through the SourceMgr (file:line:col, the source line and a caret).
//
//===----------------------------------------------------------------------===//

#ifndef TT_FRONTEND_PARSER_H
#define TT_FRONTEND_PARSER_H

#include "tt/Frontend/AST.h"

#include "llvm/Support/SourceMgr.h"

#include <vector>

namespace tt::frontend {

/// Limits that keep hostile source from overflowing the stack: the parser,
/// the semantic checks and code generation recurse once per level of an
/// expression tree and per nested statement. An expression tree (which
/// includes the length of an operator chain such as `n + n + ...`, a
/// left-deep tree) is at most kMaxExprDepth levels deep; blocks nest at most
/// kMaxIndentLevels deep, as in CPython. Beyond them the file is refused
/// with a located error.
constexpr unsigned kMaxExprDepth = 1000;
constexpr unsigned kMaxIndentLevels = 100;

enum class TokKind {
  Eof,
  Newline,
  Indent,
  Dedent,
  Name,
  Int,
  Float,
  String,
  Op,
  Error,
};

struct Token {
  TokKind kind = TokKind::Eof;
  /// The token's text in the buffer (empty for Indent / Dedent / Eof).
  llvm::StringRef text;
  SrcLoc loc;
  /// Int: the value (intOverflow when it does not fit in 64 bits).
  int64_t intValue = 0;
  bool intOverflow = false;
  /// Float: the value.
  double floatValue = 0;
  /// String: the value with escapes resolved (raw and f-strings keep their
  /// text); Error: the message.
  std::string strValue;
  /// String: an f-string.
  bool isFString = false;

  bool is(TokKind k, llvm::StringRef t) const { return kind == k && text == t; }
  bool isOp(llvm::StringRef t) const { return is(TokKind::Op, t); }
  bool isKeyword(llvm::StringRef t) const { return is(TokKind::Name, t); }
};

/// Tokenizes buffer `bufferId` of `sm`. On a lexical error the last token
/// is an Error token (its strValue says why) and the function returns false.
bool lexPython(const llvm::SourceMgr &sm, unsigned bufferId,
               std::vector<Token> &tokens);

/// Parses buffer `bufferId` of `sm` into `module`. Reports errors through
/// `sm` and returns false if there were any. A file that is not valid UTF-8
/// (Python's source encoding) is refused first, at its first bad byte.
bool parsePython(llvm::SourceMgr &sm, unsigned bufferId, Module &module);

/// Reports a diagnostic at `loc` through SourceMgr::PrintMessage (to the
/// SourceMgr's handler if it has one, else to stderr), with the quoted
/// source line made safe for a terminal: bytes that are not valid UTF-8 and
/// control characters other than tab are shown as '?', one for one, so the
/// caret still points at the right column.
void printSourceMessage(const llvm::SourceMgr &sm, llvm::SMLoc loc,
                        llvm::SourceMgr::DiagKind kind, const llvm::Twine &msg);

} // namespace tt::frontend

#endif // TT_FRONTEND_PARSER_H
