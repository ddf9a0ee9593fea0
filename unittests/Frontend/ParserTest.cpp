//===- ParserTest.cpp - unit tests of the Python parser ---------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Token streams (indentation, continuation lines, strings, numbers), the
// tree and positions the parser builds (which must match CPython's `ast`
// so that TTIR locations match upstream's), the skipping of host code, and
// the signature / constexpr value readers.
//
//===----------------------------------------------------------------------===//

#include "tt/Frontend/Parser.h"
#include "tt/Frontend/Specialization.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include <gtest/gtest.h>

#include <cmath>

using namespace tt::frontend;

namespace {

/// A source manager holding `text` as "test.py", with diagnostics captured.
struct Source {
  llvm::SourceMgr sm;
  unsigned id;
  std::string diags;
  explicit Source(llvm::StringRef text) {
    id = sm.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBufferCopy(text, "test.py"), llvm::SMLoc());
    sm.setDiagHandler(
        [](const llvm::SMDiagnostic &d, void *ctx) {
          llvm::raw_string_ostream os(*static_cast<std::string *>(ctx));
          d.print("", os, /*ShowColors=*/false);
        },
        &diags);
  }
};

std::string kinds(const std::vector<Token> &toks) {
  std::string s;
  for (const Token &t : toks) {
    switch (t.kind) {
    case TokKind::Eof:
      s += "EOF";
      break;
    case TokKind::Newline:
      s += "NL ";
      break;
    case TokKind::Indent:
      s += "IN ";
      break;
    case TokKind::Dedent:
      s += "DE ";
      break;
    case TokKind::Error:
      s += "ERR ";
      break;
    default:
      s += t.text.str() + " ";
    }
  }
  return s;
}

TEST(Lexer, IndentationAndNewlines) {
  Source src("def f(a,\n      b):\n    x = 1\n\n    # comment\n"
             "    if x:\n        y = 2\n    return x\n");
  std::vector<Token> toks;
  ASSERT_TRUE(lexPython(src.sm, src.id, toks));
  EXPECT_EQ(kinds(toks), "def f ( a , b ) : NL IN x = 1 NL if x : NL IN y = 2 "
                         "NL DE return x NL DE EOF");
}

TEST(Lexer, ContinuationAndMissingFinalNewline) {
  Source src("x = 1 + \\\n    2\ny = x");
  std::vector<Token> toks;
  ASSERT_TRUE(lexPython(src.sm, src.id, toks));
  EXPECT_EQ(kinds(toks), "x = 1 + 2 NL y = x NL EOF");
}

TEST(Lexer, NumbersAndStrings) {
  Source src("a = 0x1F + 1_000 + 1e-5 + .5 + 3. + r'\\n' + 'a\\tb' + "
             "\"\"\"x\ny\"\"\"\n");
  std::vector<Token> toks;
  ASSERT_TRUE(lexPython(src.sm, src.id, toks));
  EXPECT_EQ(toks[2].kind, TokKind::Int);
  EXPECT_EQ(toks[2].intValue, 31);
  EXPECT_EQ(toks[4].intValue, 1000);
  EXPECT_EQ(toks[6].kind, TokKind::Float);
  EXPECT_DOUBLE_EQ(toks[6].floatValue, 1e-5);
  EXPECT_DOUBLE_EQ(toks[8].floatValue, 0.5);
  EXPECT_DOUBLE_EQ(toks[10].floatValue, 3.0);
  EXPECT_EQ(toks[12].strValue, "\\n"); // raw string keeps the backslash
  EXPECT_EQ(toks[14].strValue, "a\tb");
  EXPECT_EQ(toks[16].strValue, "x\ny");
  // The token after the triple-quoted string is on line 2.
  EXPECT_EQ(toks[17].loc.line, 2u);
}

TEST(Lexer, Errors) {
  Source bad("x = 1\n  y = 2\n z = 3\n");
  std::vector<Token> toks;
  EXPECT_FALSE(lexPython(bad.sm, bad.id, toks));
  EXPECT_EQ(toks[toks.size() - 2].kind, TokKind::Error);
  EXPECT_EQ(toks[toks.size() - 2].strValue,
            "unindent does not match any outer indentation level");
  Source str("s = 'abc\n");
  toks.clear();
  EXPECT_FALSE(lexPython(str.sm, str.id, toks));
  EXPECT_EQ(toks[toks.size() - 2].strValue, "unterminated string literal");
}

const Module &parseOk(Source &src, Module &m) {
  EXPECT_TRUE(parsePython(src.sm, src.id, m)) << src.diags;
  return m;
}

TEST(Parser, SkipsHostCodeAndFindsKernels) {
  Source src(R"py(import torch
import triton
import triton.language as tl
from triton.language import load as ld

BLOCK: tl.constexpr = 128
configs = [triton.Config({'BLOCK': b}, num_warps=4) for b in (64, 128)]

class Helper:
    def method(self):
        return {k: v for k, v in self.items()}

def host(x):
    with torch.no_grad():
        return x @ x

@triton.autotune(configs=configs, key=['n'])
@triton.jit
def kernel(x_ptr, n, BLOCK: tl.constexpr = 64):
    pass

@triton.jit(noinline=True)
def helper(a):
    return a

if __name__ == "__main__":
    host(torch.ones(3))
)py");
  Module m;
  parseOk(src, m);
  ASSERT_EQ(m.functions.size(), 3u); // host, kernel, helper
  const FunctionDef *k = m.lookupFunction("kernel");
  ASSERT_TRUE(k);
  EXPECT_TRUE(k->isJit);
  EXPECT_TRUE(k->parsed);
  EXPECT_EQ(k->params.size(), 3u);
  EXPECT_EQ(k->params[2].name, "BLOCK");
  EXPECT_TRUE(k->params[2].defaultValue != nullptr);
  // The function's location is its `def` line, column 0.
  EXPECT_EQ(k->loc.line, 19u);
  EXPECT_EQ(k->loc.col, 0u);
  EXPECT_TRUE(m.lookupFunction("helper")->noinline);
  EXPECT_FALSE(m.lookupFunction("host")->isJit);
  ASSERT_EQ(m.imports.size(), 4u);
  EXPECT_EQ(m.imports[2].alias, "tl");
  EXPECT_EQ(m.imports[2].path, "triton.language");
  EXPECT_EQ(m.imports[3].alias, "ld");
  EXPECT_EQ(m.imports[3].path, "triton.language.load");
  ASSERT_EQ(m.globals.size(), 1u); // `configs` uses a comprehension
  EXPECT_EQ(m.globals[0].name, "BLOCK");
}

TEST(Parser, PositionsFollowPythonAst) {
  Source src("import triton\n@triton.jit\ndef k(p):\n"
             "    offs = pid * BLOCK + tl.arange(0, BLOCK)\n"
             "    y = (a + b) * c\n"
             "    z = rm[:, None]\n");
  Module m;
  parseOk(src, m);
  const FunctionDef *k = m.lookupFunction("k");
  ASSERT_EQ(k->body.size(), 3u);
  const Expr &sum = *k->body[0]->value;
  ASSERT_EQ(sum.kind, ExprKind::BinOp);
  EXPECT_EQ(sum.loc.col, 11u);   // starts at `pid`
  EXPECT_EQ(sum.opLoc.col, 23u); // the `+`
  const Expr &mul = *sum.kids[0];
  EXPECT_EQ(mul.binOp, BinOpKind::Mul);
  EXPECT_EQ(mul.kids[1]->loc.col, 17u);
  const Expr &call = *sum.kids[1];
  ASSERT_EQ(call.kind, ExprKind::Call);
  EXPECT_EQ(call.loc.col, 25u);
  EXPECT_EQ(call.kids[2]->loc.col, 38u);
  // A parenthesized left operand: the product starts at the parenthesis,
  // the inner sum after it.
  const Expr &prod = *k->body[1]->value;
  EXPECT_EQ(prod.loc.col, 8u);
  EXPECT_EQ(prod.kids[0]->loc.col, 9u);
  // Subscripts with `:` and None.
  const Expr &sub = *k->body[2]->value;
  ASSERT_EQ(sub.kind, ExprKind::Subscript);
  const Expr &idx = *sub.kids[1];
  ASSERT_EQ(idx.kind, ExprKind::Tuple);
  EXPECT_EQ(idx.kids[0]->kind, ExprKind::Slice);
  EXPECT_EQ(idx.kids[1]->kind, ExprKind::NoneLit);
}

TEST(Parser, Statements) {
  Source src(R"py(@jit
def k(x, n):
    a, b = x, n
    a += 1; b -= 2
    c: tl.constexpr = 4
    if a < b:
        pass
    elif not a:
        a = b if b else a
    else:
        a = -a ** 2
    for i in range(0, n, 2):
        a = a + i
    while a < n and b > 0 or c:
        a = a << 1
    return a, b
)py");
  Module m;
  parseOk(src, m);
  const auto &body = m.lookupFunction("k")->body;
  ASSERT_EQ(body.size(), 8u);
  EXPECT_EQ(body[0]->kind, StmtKind::Assign);
  EXPECT_EQ(body[0]->targets[0]->kind, ExprKind::Tuple);
  EXPECT_EQ(body[1]->kind, StmtKind::AugAssign);
  EXPECT_EQ(body[2]->kind, StmtKind::AugAssign);
  EXPECT_EQ(body[2]->augOp, BinOpKind::Sub);
  EXPECT_EQ(body[3]->kind, StmtKind::AnnAssign);
  const Stmt &ifs = *body[4];
  ASSERT_EQ(ifs.kind, StmtKind::If);
  ASSERT_EQ(ifs.orelse.size(), 1u); // the elif
  EXPECT_EQ(ifs.orelse[0]->kind, StmtKind::If);
  EXPECT_EQ(ifs.orelse[0]->orelse.size(), 1u);
  EXPECT_EQ(ifs.orelse[0]->body[0]->value->kind, ExprKind::IfExp);
  // -a ** 2 is -(a ** 2).
  const Expr &neg = *ifs.orelse[0]->orelse[0]->value;
  EXPECT_EQ(neg.kind, ExprKind::UnaryOp);
  EXPECT_EQ(neg.kids[0]->binOp, BinOpKind::Pow);
  EXPECT_EQ(body[5]->kind, StmtKind::For);
  const Expr &cond = *body[6]->value;
  ASSERT_EQ(cond.kind, ExprKind::BoolOp);
  EXPECT_FALSE(cond.isAnd); // `or` binds loosest
  EXPECT_EQ(body[7]->kind, StmtKind::Return);
  EXPECT_EQ(body[7]->value->kind, ExprKind::Tuple);
}

TEST(Parser, CallsWithKeywords) {
  Source src("@jit\ndef k(p):\n"
             "    tl.store(p + o, v.to(tl.float16), mask=m, "
             "cache_modifier='.cg')\n");
  Module m;
  parseOk(src, m);
  const Expr &call = *m.lookupFunction("k")->body[0]->value;
  ASSERT_EQ(call.kind, ExprKind::Call);
  EXPECT_EQ(call.kids.size(), 3u); // callee + 2 positional
  ASSERT_EQ(call.keywords.size(), 2u);
  EXPECT_EQ(call.keywords[0].name, "mask");
  EXPECT_EQ(call.keywords[1].value->name, ".cg");
  const Expr &to = *call.kids[2];
  EXPECT_EQ(to.kind, ExprKind::Call);
  EXPECT_EQ(to.kids[0]->kind, ExprKind::Attribute);
  EXPECT_EQ(to.kids[0]->name, "to");
}

TEST(Parser, SyntaxErrorsInKernels) {
  struct Case {
    const char *src;
    const char *msg;
  } cases[] = {
      {"@triton.jit\ndef k(x):\n    y = (x + 1\n", "unexpected end of file"},
      {"@triton.jit\ndef k(x):\n    y = x +\n", "expected an expression"},
      {"@triton.jit\ndef k(x):\n    f(a=1, 2)\n",
       "positional argument follows keyword argument"},
      {"@triton.jit\ndef k(x):\n    def g():\n        pass\n",
       "nested function definitions are not supported"},
      {"@triton.jit\ndef k(x):\n    y = [i for i in x]\n",
       "list comprehensions are not supported"},
      {"@triton.jit\ndef k(x)\n    pass\n", "expected ':'"},
      {"@triton.jit\ndef k(x):\n    1 = x\n", "cannot assign"},
  };
  for (const Case &c : cases) {
    Source src(c.src);
    Module m;
    EXPECT_FALSE(parsePython(src.sm, src.id, m)) << c.src;
    EXPECT_NE(src.diags.find(c.msg), std::string::npos)
        << c.src << "\n--> " << src.diags;
    EXPECT_NE(src.diags.find("test.py:"), std::string::npos);
  }
}

TEST(Specialization, Signatures) {
  std::vector<SignatureEntry> sig;
  std::string err;
  ASSERT_TRUE(parseSignature(
      "*fp32:16, *fp16, i32:16, i32:1, u64, 1024, 1e-5, True, fp32", sig, err))
      << err;
  ASSERT_EQ(sig.size(), 9u);
  EXPECT_EQ(sig[0].type, "*fp32");
  EXPECT_EQ(sig[0].divisibility, 16u);
  EXPECT_FALSE(sig[0].isConstant);
  EXPECT_EQ(sig[1].type, "*fp16");
  EXPECT_EQ(sig[1].divisibility, 0u);
  EXPECT_EQ(sig[2].divisibility, 16u);
  EXPECT_TRUE(sig[3].isConstant); // hinted equal to 1
  EXPECT_EQ(sig[3].value.kind, ConstValue::Int);
  EXPECT_EQ(sig[3].value.intValue, 1);
  EXPECT_EQ(sig[4].type, "u64");
  EXPECT_TRUE(sig[5].isConstant);
  EXPECT_EQ(sig[5].value.intValue, 1024);
  EXPECT_EQ(sig[6].value.kind, ConstValue::Float);
  EXPECT_DOUBLE_EQ(sig[6].value.floatValue, 1e-5);
  EXPECT_EQ(sig[7].value.kind, ConstValue::Bool);
  EXPECT_EQ(sig[8].type, "fp32");

  EXPECT_FALSE(parseSignature("*fp32:8", sig, err));
  EXPECT_NE(err.find("must be 16"), std::string::npos) << err;
  EXPECT_FALSE(parseSignature("*float:16", sig, err));
  EXPECT_NE(err.find("unknown type"), std::string::npos) << err;
  EXPECT_FALSE(parseSignature("i32, , i32", sig, err));
  EXPECT_FALSE(parseSignature("*fp32:1", sig, err));
  EXPECT_TRUE(parseSignature("", sig, err));
  EXPECT_TRUE(sig.empty());
}

TEST(Specialization, ConstValues) {
  ConstValue v;
  std::string err;
  ASSERT_TRUE(parseConstValue("-0x10", v, err));
  EXPECT_EQ(v.kind, ConstValue::Int);
  EXPECT_EQ(v.intValue, -16);
  ASSERT_TRUE(parseConstValue("tl.float16", v, err));
  EXPECT_EQ(v.kind, ConstValue::DType);
  EXPECT_EQ(v.strValue, "fp16");
  ASSERT_TRUE(parseConstValue("bf16", v, err));
  EXPECT_EQ(v.strValue, "bf16");
  ASSERT_TRUE(parseConstValue("'evict_last'", v, err));
  EXPECT_EQ(v.kind, ConstValue::Str);
  EXPECT_EQ(v.strValue, "evict_last");
  ASSERT_TRUE(parseConstValue("-inf", v, err));
  EXPECT_TRUE(std::isinf(v.floatValue) && v.floatValue < 0);
  ASSERT_TRUE(parseConstValue("None", v, err));
  EXPECT_EQ(v.kind, ConstValue::None);
  EXPECT_FALSE(parseConstValue("BLOCK", v, err));
  EXPECT_FALSE(parseConstValue("99999999999999999999", v, err));
}

} // namespace
