//===- CodeGenTest.cpp - unit tests of the TTIR generator -------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Compiles small kernels and checks the TTIR: upstream's type promotion
// and broadcasting rules, constexpr folding, specialization, helper
// functions, control flow, and the located errors of bad kernels.
//
//===----------------------------------------------------------------------===//

#include "tt/Frontend/Frontend.h"
#include "tt/Frontend/Parser.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Operation.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include <gtest/gtest.h>

using namespace tt::frontend;

namespace {

struct Result {
  bool ok = false;
  std::string ir;
  std::string diags;
};

/// Compiles `kernel` from `body` (prefixed with the usual imports).
Result compile(const std::string &body, const std::string &kernel,
               const std::string &sig,
               std::vector<std::pair<std::string, std::string>> defs = {}) {
  std::string text = "import triton\nimport triton.language as tl\n\n" + body;
  llvm::SourceMgr sm;
  Result r;
  sm.setDiagHandler(
      [](const llvm::SMDiagnostic &d, void *ctx) {
        llvm::raw_string_ostream os(*static_cast<std::string *>(ctx));
        d.print("", os, /*ShowColors=*/false);
      },
      &r.diags);
  unsigned id = sm.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(text, "k.py"), llvm::SMLoc());
  Module m;
  if (!parsePython(sm, id, m))
    return r;
  CompileOptions opts;
  opts.kernelName = kernel;
  std::string err;
  EXPECT_TRUE(parseSignature(sig, opts.signature, err)) << err;
  for (auto &[name, value] : defs) {
    ConstValue v;
    EXPECT_TRUE(parseConstValue(value, v, err)) << err;
    opts.defines.emplace_back(name, v);
  }
  mlir::MLIRContext ctx;
  auto mod = compileKernel(ctx, sm, m, opts);
  if (!mod)
    return r;
  r.ok = true;
  llvm::raw_string_ostream os(r.ir);
  mod->print(os);
  return r;
}

bool has(const std::string &s, const std::string &part) {
  return s.find(part) != std::string::npos;
}

/// Expects every one of `parts` in the TTIR of `r` (which is printed when
/// one is missing).
void expectHas(const Result &r, std::initializer_list<const char *> parts) {
  for (const char *part : parts)
    EXPECT_TRUE(has(r.ir, part)) << "missing: " << part << "\n" << r.ir;
}

TEST(CodeGen, PromotionOfScalarsAndTensors) {
  Result r = compile(R"py(
@triton.jit
def k(x_ptr, i_ptr, n):
    x = tl.load(x_ptr)
    a = x * 2.0
    b = x / x
    c = n + x
    i = tl.load(i_ptr)
    d = i + n
    tl.store(x_ptr, a + b.to(tl.float16) + c.to(tl.float16))
    tl.store(i_ptr, d.to(tl.int8))
)py",
                     "k", "*fp16, *i8, i32");
  ASSERT_TRUE(r.ok) << r.diags;
  // A Python float does not widen an fp16 tensor...
  EXPECT_TRUE(has(r.ir, "arith.mulf %0, %cst : f16")) << r.ir;
  // ... but fp16 division computes in fp32.
  expectHas(r, {"arith.extf %0 : f16 to f32", "arith.divf"});
  // int32 + fp16 computes in fp16; int8 + int32 in int32.
  expectHas(r, {"arith.sitofp %arg2 : i32 to f16",
                "arith.extsi",
                "arith.trunci"});
}

TEST(CodeGen, BroadcastingAndSubscripts) {
  Result r = compile(R"py(
@triton.jit
def k(p, B: tl.constexpr):
    r = tl.arange(0, B)
    o = r[:, None] * 16 + r[None, :]
    tl.store(p + o, o)
)py",
                     "k", "*i32", {{"B", "16"}});
  ASSERT_TRUE(r.ok) << r.diags;
  expectHas(r, {"tt.expand_dims %0 {axis = 1 : i32}",
                "tt.expand_dims %0 {axis = 0 : i32}",
                "tensor<16x1xi32> -> tensor<16x16xi32>",
                "tensor<1x16xi32> -> tensor<16x16xi32>",
                "tt.addptr"});
}

TEST(CodeGen, SpecializationFoldsUnitStrides) {
  Result r = compile(R"py(
@triton.jit
def k(p, stride, n, BLOCK: tl.constexpr):
    o = tl.arange(0, BLOCK) * stride
    if stride == 1:
        o = o + 1
    tl.store(p + o, n)
)py",
                     "k", "*i32:16, i32:1, i32", {{"BLOCK", "32"}});
  ASSERT_TRUE(r.ok) << r.diags;
  // `stride` is gone from the signature; the constexpr if was folded.
  EXPECT_TRUE(has(r.ir, "tt.func public @k(%arg0: !tt.ptr<i32> "
                        "{tt.divisibility = 16 : i32}, %arg1: i32)"))
      << r.ir;
  EXPECT_FALSE(has(r.ir, "scf.if")) << r.ir;
}

TEST(CodeGen, HelperFunctionsAndLoops) {
  Result r = compile(R"py(
@triton.jit
def twice(x, F: tl.constexpr):
    return x * F, x

@triton.jit
def k(p, n):
    acc = tl.zeros((8,), dtype=tl.float32)
    for i in range(n):
        a, b = twice(acc, 2)
        acc = a + b
    j = 0
    while j < n:
        j += 1
    for s in tl.static_range(3):
        acc += s
    tl.store(p + tl.arange(0, 8), acc + j)
)py",
                     "k", "*fp32, i32");
  ASSERT_TRUE(r.ok) << r.diags;
  expectHas(r, {"tt.func private @\"k.twice__fp32S8S__(1,)c2\"",
                "tt.call",
                "scf.for",
                "scf.while"});
  // The static range unrolls into three additions after the loops.
  size_t adds = 0;
  for (size_t pos = 0;
       (pos = r.ir.find("arith.addf", pos)) != std::string::npos; ++pos)
    ++adds;
  EXPECT_GE(adds, 5u) << r.ir;
}

TEST(CodeGen, DynamicIfMergesVariables) {
  Result r = compile(R"py(
@triton.jit
def k(p, n):
    x = 1.0
    if n > 0:
        x = 2.0
        y = 3
    else:
        y = 4
    tl.store(p, x + y)
)py",
                     "k", "*fp32, i32");
  ASSERT_TRUE(r.ok) << r.diags;
  expectHas(r, {"scf.if %", "-> (f32, i32)"});
}

TEST(CodeGen, ReductionsAndMath) {
  Result r = compile(R"py(
@triton.jit
def k(p, q):
    x = tl.load(p + tl.arange(0, 16))
    s = tl.sum(x, axis=0) + tl.max(x, 0) + tl.argmax(x, 0) + tl.sum(tl.cumsum(x, 0), 0)
    tl.store(q, s + tl.sum(tl.sigmoid(x) + tl.exp2(x) + tl.rsqrt(x), 0))
)py",
                     "k", "*fp32, *fp32");
  ASSERT_TRUE(r.ok) << r.diags;
  expectHas(r, {"\"tt.reduce\"",
                "arith.maxnumf",
                "(tensor<16xf32>, tensor<16xi32>) -> (f32, i32)",
                "\"tt.scan\"",
                "math.exp2",
                "math.rsqrt"});
}

TEST(CodeGen, Dot) {
  Result r = compile(R"py(
@triton.jit
def k(a, b, c):
    i = tl.arange(0, 32)
    x = tl.load(a + i[:, None] * 32 + i[None, :])
    y = tl.load(b + i[:, None] * 32 + i[None, :])
    z = tl.dot(x, y)
    tl.store(c + i[:, None] * 32 + i[None, :], z.to(tl.float16))
)py",
                     "k", "*fp16, *fp16, *fp16");
  ASSERT_TRUE(r.ok) << r.diags;
  expectHas(r, {"tt.dot", "inputPrecision = tf32", "-> tensor<32x32xf32>"});
}

struct BadCase {
  const char *body;
  const char *sig;
  const char *msg;
  const char *where;
};

TEST(CodeGen, LocatedErrors) {
  BadCase cases[] = {
      {"@triton.jit\ndef k(p):\n    x = tl.arange(0, 16) + tl.arange(0, 32)\n",
       "*fp32", "incompatible shapes for '+': [16] and [32]", "k.py:6:26:"},
      {"@triton.jit\ndef k(p):\n    x = tl.frobnicate(p)\n", "*fp32",
       "unknown triton.language function or attribute 'frobnicate'",
       "k.py:6:12:"},
      {"@triton.jit\ndef k(p, n):\n    x = tl.zeros((n,), tl.float32)\n",
       "*fp32, i32", "shape element 0 must be a compile-time integer",
       "k.py:6:18:"},
      {"@triton.jit\ndef k(p, n):\n    x = tl.arange(0, n)\n", "*fp32, i32",
       "arange's end must be a compile-time integer", "k.py:6:22:"},
      {"@triton.jit\ndef k(p):\n    x = tl.arange(0, 12)\n", "*fp32",
       "power of 2", "k.py:6:9:"},
      {"@triton.jit\ndef k(p):\n    x = y + 1\n", "*fp32",
       "name 'y' is not defined", "k.py:6:9:"},
      {"@triton.jit\ndef k(p, B: tl.constexpr):\n    tl.static_assert(B > 4, "
       "'B too small')\n",
       "*fp32, 2", "static_assert failed: B too small", "k.py:6:5:"},
      {"@triton.jit\ndef k(p, B: tl.constexpr):\n    pass\n", "*fp32",
       "no value for parameter 'B'", "k.py:5:10:"},
  };
  for (const BadCase &c : cases) {
    Result r = compile(c.body, "k", c.sig);
    EXPECT_FALSE(r.ok) << c.body;
    EXPECT_TRUE(has(r.diags, c.msg)) << c.body << "\n--> " << r.diags;
    EXPECT_TRUE(has(r.diags, c.where)) << c.body << "\n--> " << r.diags;
  }
}

} // namespace
