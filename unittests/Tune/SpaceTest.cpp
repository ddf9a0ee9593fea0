//===- SpaceTest.cpp - search-space expansion and pruning -------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Tune/Space.h"

#include <gtest/gtest.h>

using namespace tt::tune;
using tt::runtime::Expression;
using tt::runtime::Scope;
using tt::runtime::Value;

namespace {

Product
product(std::vector<std::pair<std::string, std::vector<std::string>>> axes,
        int line = 7) {
  Product p;
  p.axes = std::move(axes);
  p.line = line;
  return p;
}

Config config(std::vector<std::pair<std::string, std::string>> kv,
              int line = 3) {
  Config c;
  c.line = line;
  for (auto &p : kv)
    c.params.emplace_back(p.first, ParamValue::fromText(p.second));
  return c;
}

std::vector<std::string> labels(const std::vector<Config> &cs) {
  std::vector<std::string> out;
  for (const Config &c : cs)
    out.push_back(c.label());
  return out;
}

LineExpr expr(const std::string &text, int line) {
  LineExpr e;
  std::string err;
  EXPECT_TRUE(Expression::parse(text, e.expr, err)) << err;
  e.line = line;
  return e;
}

} // namespace

TEST(Space, ProductOrderIsItertools) {
  SpaceSpec s;
  s.products.push_back(
      product({{"BLOCK", {"128", "256"}}, {"num_warps", {"2", "4", "8"}}}));
  std::vector<Config> out;
  std::string err;
  int line = 0;
  ASSERT_TRUE(expandSpace(s, out, err, line)) << err;
  EXPECT_EQ(labels(out),
            (std::vector<std::string>{"BLOCK=128 num_warps=2 num_stages=3",
                                      "BLOCK=128 num_warps=4 num_stages=3",
                                      "BLOCK=128 num_warps=8 num_stages=3",
                                      "BLOCK=256 num_warps=2 num_stages=3",
                                      "BLOCK=256 num_warps=4 num_stages=3",
                                      "BLOCK=256 num_warps=8 num_stages=3"}));
  EXPECT_EQ(out[4].numWarps(), 4);
  EXPECT_EQ(out[4].numStages(), 3);
  EXPECT_EQ(out[0].line, 7);
}

TEST(Space, ExplicitFirstDefaultsAndDuplicates) {
  SpaceSpec s;
  // num_warps written first is moved last; 0x80 is 128; the second explicit
  // config repeats the first.
  s.explicitConfigs.push_back(
      config({{"num_stages", "4"}, {"BM", "0x80"}, {"num_warps", "8"}}));
  s.explicitConfigs.push_back(
      config({{"BM", "128"}, {"num_warps", "8"}, {"num_stages", "4"}}));
  s.products.push_back(product({{"BM", {"64", "128"}},
                                {"num_warps", {"8"}},
                                {"num_stages", {"4", "2"}}}));
  std::vector<Config> out;
  std::string err;
  int line = 0;
  ASSERT_TRUE(expandSpace(s, out, err, line)) << err;
  EXPECT_EQ(labels(out),
            (std::vector<std::string>{"BM=128 num_warps=8 num_stages=4",
                                      "BM=64 num_warps=8 num_stages=4",
                                      "BM=64 num_warps=8 num_stages=2",
                                      "BM=128 num_warps=8 num_stages=2"}));
}

TEST(Space, SeveralProductsAndWords) {
  SpaceSpec s;
  s.products.push_back(product({{"DTYPE", {"f16", "bf16"}}}));
  s.products.push_back(product({{"X", {"2**3", "0.5"}}}));
  std::vector<Config> out;
  std::string err;
  int line = 0;
  ASSERT_TRUE(expandSpace(s, out, err, line)) << err;
  ASSERT_EQ(out.size(), 4u);
  EXPECT_FALSE(out[0].find("DTYPE")->numeric);
  EXPECT_EQ(out[1].find("DTYPE")->text, "bf16");
  EXPECT_TRUE(out[2].find("X")->numeric);
  EXPECT_EQ(out[2].find("X")->text, "8");
  EXPECT_EQ(out[3].find("X")->text, "0.5");
  Scope scope;
  out[3].bind(scope);
  EXPECT_DOUBLE_EQ(scope["X"].asDouble(), 0.5);
  EXPECT_EQ(scope.count("DTYPE"), 0u);
}

TEST(Space, Errors) {
  std::vector<Config> out;
  std::string err;
  int line = 0;
  SpaceSpec empty;
  EXPECT_FALSE(expandSpace(empty, out, err, line));
  EXPECT_NE(err.find("empty"), std::string::npos);

  SpaceSpec bad;
  bad.products.push_back(product({{"num_warps", {"4", "6"}}}, 12));
  EXPECT_FALSE(expandSpace(bad, out, err, line));
  EXPECT_EQ(line, 12);
  EXPECT_NE(err.find("num_warps must be a power of two"), std::string::npos)
      << err;

  SpaceSpec stages;
  stages.explicitConfigs.push_back(config({{"num_stages", "0"}}, 5));
  EXPECT_FALSE(expandSpace(stages, out, err, line));
  EXPECT_EQ(line, 5);

  SpaceSpec huge;
  std::vector<std::string> vals;
  for (int i = 0; i < 100; ++i)
    vals.push_back(std::to_string(i));
  huge.products.push_back(product({{"A", vals}, {"B", vals}, {"C", vals}}));
  EXPECT_FALSE(expandSpace(huge, out, err, line));
  EXPECT_NE(err.find("more than"), std::string::npos);
}

TEST(Prune, RulesCostAndTopK) {
  SpaceSpec s;
  s.products.push_back(
      product({{"BLOCK", {"64", "128", "256", "512", "1024"}}}));
  std::vector<Config> cs;
  std::string err;
  int line = 0;
  ASSERT_TRUE(expandSpace(s, cs, err, line));
  std::vector<Scope> scopes(cs.size());
  for (size_t i = 0; i < cs.size(); ++i) {
    scopes[i]["n"] = Value::ofInt(300);
    cs[i].bind(scopes[i]);
  }
  PruneSpec p;
  p.rules.push_back(expr("BLOCK >= 128", 4));
  p.cost = expr("abs(BLOCK - n)", 5); // closest to n first
  p.hasCost = true;
  p.topK = 2;
  std::vector<LineExpr> require = {expr("BLOCK <= 3 * n", 9)};
  std::vector<PruneDecision> d;
  ASSERT_TRUE(pruneConfigs(cs, scopes, p, require, d, err, line)) << err;
  ASSERT_EQ(d.size(), 5u);
  EXPECT_FALSE(d[0].kept); // 64: the rule
  EXPECT_EQ(d[0].reason, "prune rule 'BLOCK >= 128'");
  EXPECT_TRUE(d[1].kept);  // 128: cost 172
  EXPECT_TRUE(d[2].kept);  // 256: cost 44
  EXPECT_FALSE(d[3].kept); // 512: cost 212, third of three
  EXPECT_NE(d[3].reason.find("ranks 3 of 3; top_k is 2"), std::string::npos)
      << d[3].reason;
  EXPECT_FALSE(d[4].kept); // 1024 > 3 * 300: the launch's requirement
  EXPECT_EQ(d[4].reason, "launch requires 'BLOCK <= 3 * n'");
  EXPECT_FALSE(d[4].hasCost); // not ranked at all
  EXPECT_TRUE(d[2].hasCost);
  EXPECT_DOUBLE_EQ(d[2].cost, 44);
}

TEST(Prune, TiesKeepSpaceOrder) {
  SpaceSpec s;
  s.products.push_back(product({{"A", {"1", "2", "3", "4"}}}));
  std::vector<Config> cs;
  std::string err;
  int line = 0;
  ASSERT_TRUE(expandSpace(s, cs, err, line));
  std::vector<Scope> scopes(cs.size());
  for (size_t i = 0; i < cs.size(); ++i)
    cs[i].bind(scopes[i]);
  PruneSpec p;
  p.cost = expr("A % 2", 3);
  p.hasCost = true;
  p.topK = 1;
  std::vector<PruneDecision> d;
  ASSERT_TRUE(pruneConfigs(cs, scopes, p, {}, d, err, line));
  EXPECT_FALSE(d[0].kept);
  EXPECT_TRUE(d[1].kept); // A=2, cost 0, first of the two zeros
  EXPECT_FALSE(d[3].kept);
}

TEST(Prune, ErrorsNameTheirLine) {
  SpaceSpec s;
  s.products.push_back(product({{"A", {"1"}}}));
  std::vector<Config> cs;
  std::string err;
  int line = 0;
  ASSERT_TRUE(expandSpace(s, cs, err, line));
  std::vector<Scope> scopes(1);
  cs[0].bind(scopes[0]);
  PruneSpec p;
  p.rules.push_back(expr("A < LIMIT", 21));
  std::vector<PruneDecision> d;
  bool inExtra = true;
  EXPECT_FALSE(pruneConfigs(cs, scopes, p, {}, d, err, line, &inExtra));
  EXPECT_EQ(line, 21);
  EXPECT_FALSE(inExtra);
  EXPECT_NE(err.find("LIMIT"), std::string::npos) << err;

  std::vector<LineExpr> require = {expr("B > 0", 33)};
  EXPECT_FALSE(
      pruneConfigs(cs, scopes, PruneSpec(), require, d, err, line, &inExtra));
  EXPECT_EQ(line, 33);
  EXPECT_TRUE(inExtra);
}
