//===- AST.h - syntax tree of the Triton-Python subset ----------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The tree the frontend's parser builds from a Python source file. It covers
// the part of Python that `@triton.jit` functions are written in; positions
// follow Python's own `ast` module (1-based lines, 0-based byte columns, a
// node starting where its first token starts, parentheses included), so the
// locations we put on TTIR ops are the ones upstream Triton puts there.
//
//===----------------------------------------------------------------------===//

#ifndef TT_FRONTEND_AST_H
#define TT_FRONTEND_AST_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SMLoc.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace tt::frontend {

/// A position in the source: the SourceMgr pointer (for diagnostics) and
/// Python's lineno / col_offset.
struct SrcLoc {
  llvm::SMLoc sm;
  unsigned line = 0;
  unsigned col = 0;
};

enum class ExprKind {
  Name,
  Int,
  Float,
  Str,
  Bool,
  NoneLit,
  Ellipsis,
  BinOp,
  UnaryOp,
  BoolOp,
  Compare,
  Call,
  Attribute,
  Subscript,
  Tuple,
  List,
  IfExp,
  Slice,
  Starred,
};

enum class BinOpKind {
  Add,
  Sub,
  Mul,
  Div,
  FloorDiv,
  Mod,
  Pow,
  LShift,
  RShift,
  BitAnd,
  BitOr,
  BitXor,
  MatMul,
};

enum class UnaryOpKind { Neg, Pos, Not, Invert };

enum class CmpOpKind { Lt, Le, Gt, Ge, Eq, Ne, Is, IsNot, In, NotIn };

/// The Python spelling of an operator ("+", "//", "not in", ...).
llvm::StringRef spelling(BinOpKind op);
llvm::StringRef spelling(UnaryOpKind op);
llvm::StringRef spelling(CmpOpKind op);

struct Expr;
using ExprPtr = std::unique_ptr<Expr>;

/// `name=value` in a call.
struct Keyword {
  std::string name;
  SrcLoc loc;
  ExprPtr value;
};

/// One expression node. The meaning of `kids` depends on `kind`:
///   BinOp [lhs, rhs]; UnaryOp [operand]; BoolOp [values...];
///   Compare [left, comparators...] with `cmpOps`; Call [callee, args...]
///   plus `keywords`; Attribute [value] with the attribute in `name`;
///   Subscript [value, index]; Tuple / List [elements...];
///   IfExp [test, body, orelse]; Slice [lower, upper, step], each may be
///   null; Starred [value].
struct Expr {
  ExprKind kind;
  /// Python's position of the node (start of its first token).
  SrcLoc loc;
  /// The operator token for BinOp / UnaryOp / Compare / BoolOp, the `(` of a
  /// Call, the `[` of a Subscript, the `.` of an Attribute; else `loc`.
  /// Diagnostics point here.
  SrcLoc opLoc;
  std::string name;
  int64_t intValue = 0;
  /// An integer literal too large for 64 bits.
  bool intOverflow = false;
  double floatValue = 0;
  bool boolValue = false;
  BinOpKind binOp = BinOpKind::Add;
  UnaryOpKind unaryOp = UnaryOpKind::Neg;
  /// BoolOp: true for `and`, false for `or`.
  bool isAnd = false;
  std::vector<CmpOpKind> cmpOps;
  std::vector<ExprPtr> kids;
  std::vector<Keyword> keywords;

  Expr(ExprKind kind, SrcLoc loc) : kind(kind), loc(loc), opLoc(loc) {}
  /// Frees the subtree without recursion (a chain of 100000 `+` is a tree
  /// that deep; the parser refuses it, but only after building it).
  ~Expr();
  Expr(Expr &&) = default;
  Expr &operator=(Expr &&) = default;
};

enum class StmtKind {
  Expr,
  Assign,
  AugAssign,
  AnnAssign,
  If,
  For,
  While,
  Return,
  Pass,
  Break,
  Continue,
  Assert,
};

struct Stmt;
using StmtPtr = std::unique_ptr<Stmt>;

/// One statement:
///   Expr: `value`; Assign: `targets` (more than one for `a = b = v`) and
///   `value`; AugAssign: targets[0], `augOp`, `value`; AnnAssign: targets[0],
///   `annotation`, `value` (may be null); If / While: `value` (the test),
///   `body`, `orelse` (an `elif` is an If alone in `orelse`); For:
///   targets[0], `value` (the iterable), `body`, `orelse`; Return: `value`
///   (may be null); Assert: `value`, `msg` (may be null).
struct Stmt {
  StmtKind kind;
  SrcLoc loc;
  std::vector<ExprPtr> targets;
  ExprPtr value;
  ExprPtr annotation;
  ExprPtr msg;
  BinOpKind augOp = BinOpKind::Add;
  std::vector<StmtPtr> body;
  std::vector<StmtPtr> orelse;

  Stmt(StmtKind kind, SrcLoc loc) : kind(kind), loc(loc) {}
};

/// A parameter of a function definition.
struct Param {
  std::string name;
  SrcLoc loc;
  ExprPtr annotation;
  ExprPtr defaultValue;
};

/// A top-level `def`. Only functions with a `jit` decorator are parsed; the
/// others are recorded by name with `parsed` false.
struct FunctionDef {
  std::string name;
  /// Line of the `def` keyword, column 0 (upstream's function location).
  SrcLoc loc;
  std::vector<ExprPtr> decorators;
  std::vector<Param> params;
  std::vector<StmtPtr> body;
  bool isJit = false;
  bool noinline = false;
  bool parsed = false;
};

/// `import a.b as c` / `from a import b as c`: `alias` names `path`
/// ("triton.language") in the module scope.
struct ImportAlias {
  std::string alias;
  std::string path;
  SrcLoc loc;
};

/// A top-level `NAME = expr` / `NAME: ann = expr` whose right-hand side
/// parsed (candidates for constexpr globals).
struct GlobalAssign {
  std::string name;
  SrcLoc loc;
  ExprPtr annotation;
  ExprPtr value;
};

/// A parsed source file.
struct Module {
  std::string fileName;
  std::vector<std::unique_ptr<FunctionDef>> functions;
  std::vector<ImportAlias> imports;
  std::vector<GlobalAssign> globals;

  const FunctionDef *lookupFunction(llvm::StringRef name) const;
};

} // namespace tt::frontend

#endif // TT_FRONTEND_AST_H
