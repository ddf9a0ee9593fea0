//===- ExprTest.cpp - the tt-run expression language ------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Runtime/Expr.h"

#include <cmath>
#include <gtest/gtest.h>

using namespace tt::runtime;

namespace {

Value eval(const std::string &text, const Scope &scope = Scope()) {
  Value v;
  std::string err;
  EXPECT_TRUE(evaluateString(text, scope, v, err)) << text << ": " << err;
  return v;
}

int64_t evalInt(const std::string &text, const Scope &scope = Scope()) {
  Value v = eval(text, scope);
  EXPECT_TRUE(v.isInt()) << text << " gave " << v.str();
  return v.i;
}

double evalFloat(const std::string &text, const Scope &scope = Scope()) {
  Value v = eval(text, scope);
  EXPECT_EQ(v.kind, Value::Kind::Float) << text << " gave " << v.str();
  return v.f;
}

std::string evalError(const std::string &text, const Scope &scope = Scope()) {
  Value v;
  std::string err;
  EXPECT_FALSE(evaluateString(text, scope, v, err)) << text;
  return err;
}

std::shared_ptr<Array> tensor(std::vector<int64_t> shape,
                              std::vector<double> data) {
  auto a = Array::make(std::move(shape));
  EXPECT_EQ(a->data.size(), data.size());
  a->data = std::move(data);
  return a;
}

std::vector<double> values(const Value &v) {
  EXPECT_TRUE(v.isTensor()) << v.str();
  return v.isTensor() ? v.t->data : std::vector<double>();
}

} // namespace

TEST(Expr, IntegerArithmeticFollowsPython) {
  EXPECT_EQ(evalInt("2 + 3 * 4"), 14);
  EXPECT_EQ(evalInt("(2 + 3) * 4"), 20);
  EXPECT_EQ(evalInt("-2 ** 2"), -4);
  EXPECT_EQ(evalInt("2 ** 3 ** 2"), 512);
  EXPECT_EQ(evalInt("7 // 2"), 3);
  EXPECT_EQ(evalInt("-7 // 2"), -4);
  EXPECT_EQ(evalInt("-7 % 3"), 2);
  EXPECT_EQ(evalInt("7 % -3"), -2);
  EXPECT_EQ(evalInt("8 / 2"), 4); // exact division stays an integer
  EXPECT_DOUBLE_EQ(evalFloat("7 / 2"), 3.5);
  EXPECT_EQ(evalInt("0x10 + 1_000"), 1016);
  EXPECT_EQ(evalInt("3 < 4"), 1);
  EXPECT_EQ(evalInt("3 == 4"), 0);
  EXPECT_DOUBLE_EQ(evalFloat("1e-5"), 1e-5);
  EXPECT_DOUBLE_EQ(evalFloat(".5 * 3"), 1.5);
}

TEST(Expr, Functions) {
  Scope s{{"n", Value::ofInt(1000000)}, {"M", Value::ofInt(4096)}};
  EXPECT_EQ(evalInt("cdiv(n, 1024)", s), 977);
  EXPECT_EQ(evalInt("cdiv(M, 128) * cdiv(M, 256)", s), 512);
  EXPECT_EQ(evalInt("min(3, 9, 4)"), 3);
  EXPECT_EQ(evalInt("max(3, 9, 4)"), 9);
  EXPECT_EQ(evalInt("next_power_of_2(1000)"), 1024);
  EXPECT_EQ(evalInt("next_power_of_2(1024)"), 1024);
  EXPECT_EQ(evalInt("abs(-5)"), 5);
  EXPECT_EQ(evalInt("int(7.9)"), 7);
  EXPECT_EQ(evalInt("floor(-0.5)"), -1);
  EXPECT_DOUBLE_EQ(evalFloat("sqrt(16)"), 4.0);
  EXPECT_DOUBLE_EQ(evalFloat("rsqrt(4)"), 0.5);
  EXPECT_DOUBLE_EQ(evalFloat("exp(0) + log(1)"), 1.0);
  EXPECT_DOUBLE_EQ(evalFloat("f16(0.1)"), 0.0999755859375);
  EXPECT_EQ(evalInt("true + True"), 2);
}

TEST(Expr, StatementsAndFreeNames) {
  Scope s{{"a", Value::ofInt(3)}};
  EXPECT_EQ(evalInt("b = a * 2; c = b + 1\nc * 10", s), 70);
  Expression e;
  std::string err;
  ASSERT_TRUE(
      Expression::parse("xc = x - mean(x, axis=1); xc * w + b", e, err));
  std::vector<std::string> names = e.freeNames();
  EXPECT_EQ(names, (std::vector<std::string>{"x", "w", "b"}));
}

TEST(Expr, Errors) {
  EXPECT_EQ(evalError("n + 1"), "unknown name 'n' in 'n + 1'");
  EXPECT_EQ(evalError("cdiv(4, 0)"), "division by zero in 'cdiv(4, 0)'");
  EXPECT_EQ(evalError("5 // 0"), "division by zero in '5 // 0'");
  EXPECT_EQ(evalError("9223372036854775807 + 1"),
            "integer overflow in '9223372036854775807 + 1'");
  EXPECT_EQ(evalError("cdiv(n, 4"),
            "expected ',' or ')' but found 'end of expression' at column 10 "
            "of 'cdiv(n, 4'");
  EXPECT_EQ(evalError("2 $ 3"),
            "unexpected character '$' at column 3 of '2 $ 3'");
  EXPECT_EQ(evalError("frob(1)"), "unknown function 'frob' in 'frob(1)'");
  EXPECT_EQ(evalError("x[0]"),
            "indexing and slicing are not supported at column 2 of 'x[0]'");
  EXPECT_EQ(evalError("a = 1;"),
            "missing the result expression after the last assignment at "
            "column 7 of 'a = 1;'");
  EXPECT_EQ(evalError("sqrt(1, 2)"),
            "sqrt() takes 1 argument, got 2 in 'sqrt(1, 2)'");
  int64_t i = 0;
  std::string err;
  EXPECT_FALSE(toInteger(Value::ofFloat(1.5), i, err));
  EXPECT_EQ(err, "expected an integer, got 1.5");
}

TEST(Expr, Broadcasting) {
  Scope s{{"a", Value::ofTensor(tensor({2, 3}, {1, 2, 3, 4, 5, 6}))},
          {"r", Value::ofTensor(tensor({3}, {10, 20, 30}))},
          {"c", Value::ofTensor(tensor({2, 1}, {100, 200}))}};
  EXPECT_EQ(values(eval("a + r", s)),
            (std::vector<double>{11, 22, 33, 14, 25, 36}));
  EXPECT_EQ(values(eval("a * c", s)),
            (std::vector<double>{100, 200, 300, 800, 1000, 1200}));
  Value rc = eval("r + c", s);
  EXPECT_EQ(rc.t->shape, (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(values(rc), (std::vector<double>{110, 120, 130, 210, 220, 230}));
  EXPECT_EQ(values(eval("2 * a - 1", s)),
            (std::vector<double>{1, 3, 5, 7, 9, 11}));
  EXPECT_EQ(values(eval("maximum(a, 3)", s)),
            (std::vector<double>{3, 3, 3, 4, 5, 6}));
  EXPECT_EQ(values(eval("where(a > 3, a, 0)", s)),
            (std::vector<double>{0, 0, 0, 4, 5, 6}));
  EXPECT_EQ(evalError("a + c + tensor_b", s),
            "unknown name 'tensor_b' in 'a + c + tensor_b'");
  Scope t{{"a", Value::ofTensor(tensor({2, 3}, {1, 2, 3, 4, 5, 6}))},
          {"b", Value::ofTensor(tensor({2}, {1, 2}))}};
  EXPECT_EQ(evalError("a + b", t),
            "shapes (2, 3) and (2,) do not broadcast in 'a + b'");
}

TEST(Expr, Reductions) {
  Scope s{{"a", Value::ofTensor(tensor({2, 3}, {1, 2, 3, 4, 5, 9}))}};
  EXPECT_EQ(values(eval("sum(a, axis=1)", s)), (std::vector<double>{6, 18}));
  EXPECT_EQ(values(eval("sum(a, 0)", s)), (std::vector<double>{5, 7, 12}));
  Value k = eval("max(a, axis=-1, keepdims=true)", s);
  EXPECT_EQ(k.t->shape, (std::vector<int64_t>{2, 1}));
  EXPECT_EQ(values(k), (std::vector<double>{3, 9}));
  EXPECT_EQ(values(eval("mean(a, axis=1)", s)), (std::vector<double>{2, 6}));
  EXPECT_EQ(values(eval("min(a, axis=0)", s)), (std::vector<double>{1, 2, 3}));
  EXPECT_DOUBLE_EQ(evalFloat("sum(a)", s), 24.0);
  EXPECT_DOUBLE_EQ(evalFloat("max(a)", s), 9.0);
  Value var = eval("var(a, axis=1)", s);
  EXPECT_NEAR(var.t->data[0], 2.0 / 3.0, 1e-15);
  EXPECT_NEAR(var.t->data[1], 14.0 / 3.0, 1e-15);
  EXPECT_EQ(evalError("sum(a, axis=2)", s),
            "axis 2 is out of bounds for a tensor of rank 2 in "
            "'sum(a, axis=2)'");
}

TEST(Expr, SoftmaxReference) {
  Scope s{{"x", Value::ofTensor(tensor({2, 2}, {0, 1, 2, 2}))}};
  Value v = eval("e = exp(x - max(x, axis=1, keepdims=true)); "
                 "e / sum(e, axis=1, keepdims=true)",
                 s);
  std::vector<double> r = values(v);
  double p = 1 / (1 + std::exp(1.0));
  EXPECT_NEAR(r[0], p, 1e-15);
  EXPECT_NEAR(r[1], 1 - p, 1e-15);
  EXPECT_NEAR(r[2], 0.5, 1e-15);
  EXPECT_NEAR(r[3], 0.5, 1e-15);
}

TEST(Expr, Matmul) {
  Scope s{{"a", Value::ofTensor(tensor({2, 3}, {1, 2, 3, 4, 5, 6}))},
          {"b", Value::ofTensor(tensor({3, 2}, {7, 8, 9, 10, 11, 12}))},
          {"v", Value::ofTensor(tensor({3}, {1, 0, -1}))}};
  Value m = eval("a @ b", s);
  EXPECT_EQ(m.t->shape, (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(values(m), (std::vector<double>{58, 64, 139, 154}));
  EXPECT_EQ(values(eval("matmul(a, v)", s)), (std::vector<double>{-2, -2}));
  Value t = eval("transpose(a)", s);
  EXPECT_EQ(t.t->shape, (std::vector<int64_t>{3, 2}));
  EXPECT_EQ(values(t), (std::vector<double>{1, 4, 2, 5, 3, 6}));
  EXPECT_EQ(values(eval("transpose(a) @ transpose(b)", s)),
            (std::vector<double>{39, 49, 59, 54, 68, 82, 69, 87, 105}));
  EXPECT_EQ(evalError("a @ a", s),
            "matmul shapes (2, 3) and (2, 3) do not match (inner dimensions "
            "3 and 2) in 'a @ a'");
  // A product big enough to be split across threads agrees with the naive
  // sum.
  const int64_t M = 64, K = 300, N = 70;
  std::vector<double> da(M * K), db(K * N);
  for (size_t i = 0; i < da.size(); ++i)
    da[i] = double((i * 7) % 13) - 6;
  for (size_t i = 0; i < db.size(); ++i)
    db[i] = double((i * 5) % 11) - 5;
  Scope big{{"a", Value::ofTensor(tensor({M, K}, da))},
            {"b", Value::ofTensor(tensor({K, N}, db))}};
  Value p = eval("a @ b", big);
  for (int64_t i = 0; i < M; i += 9)
    for (int64_t j = 0; j < N; j += 7) {
      double ref = 0;
      for (int64_t k = 0; k < K; ++k)
        ref += da[i * K + k] * db[k * N + j];
      EXPECT_EQ(p.t->data[i * N + j], ref);
    }
}

TEST(Expr, BroadcastTo) {
  std::shared_ptr<const Array> out;
  std::string err;
  ASSERT_TRUE(broadcastTo(Value::ofFloat(2.5), {2, 2}, out, err));
  EXPECT_EQ(out->data, (std::vector<double>{2.5, 2.5, 2.5, 2.5}));
  ASSERT_TRUE(
      broadcastTo(Value::ofTensor(tensor({2}, {1, 2})), {3, 2}, out, err));
  EXPECT_EQ(out->data, (std::vector<double>{1, 2, 1, 2, 1, 2}));
  EXPECT_FALSE(
      broadcastTo(Value::ofTensor(tensor({3}, {1, 2, 3})), {3, 2}, out, err));
  EXPECT_EQ(err, "shape (3,) does not broadcast to (3, 2)");
  EXPECT_FALSE(broadcastTo(Value::ofTensor(tensor({2, 2}, {1, 2, 3, 4})), {2},
                           out, err));
  EXPECT_EQ(formatShape({}), "()");
}
