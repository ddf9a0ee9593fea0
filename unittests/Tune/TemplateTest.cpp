//===- TemplateTest.cpp - placeholders in kernel templates ------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Tune/Template.h"

#include <gtest/gtest.h>

using namespace tt::tune;
using tt::runtime::Value;

namespace {

Config config(std::vector<std::pair<std::string, std::string>> kv) {
  Config c;
  for (auto &p : kv)
    c.params.emplace_back(p.first, ParamValue::fromText(p.second));
  return c;
}

std::string render(const std::string &text, const Config &c) {
  Template t;
  std::string err, out;
  EXPECT_TRUE(t.parse(text, "k.ttir.in", 1, err)) << err;
  EXPECT_TRUE(t.render(c, out, err)) << err;
  return out;
}

} // namespace

TEST(Template, Substitutes) {
  Config c = config(
      {{"BLOCK", "256"}, {"BK", "32"}, {"DT", "f16"}, {"num_warps", "4"}});
  EXPECT_EQ(render("%c = arith.constant {{BLOCK}} : i32\n"
                   "tensor<{{ BLOCK }}x{{BK}}x{{DT}}>\n"
                   "{end = {{BLOCK * BK}} : i32}\n"
                   "warps {{num_warps}} half {{BLOCK / 2}}",
                   c),
            "%c = arith.constant 256 : i32\n"
            "tensor<256x32xf16>\n"
            "{end = 8192 : i32}\n"
            "warps 4 half 128");
}

TEST(Template, TextWithoutPlaceholdersIsUnchanged) {
  std::string ttir = "module {\n  tt.func @k() attributes {a = {b = 1}} {\n"
                     "    tt.return\n  }\n}\n";
  EXPECT_EQ(render(ttir, Config()), ttir);
}

TEST(Template, EscapeAndTrailingBrace) {
  Config c = config({{"B", "64"}});
  EXPECT_EQ(render("\\{{B}} {{B}}} {x = {{B}}}", c), "{{B}} 64} {x = 64}");
}

TEST(Template, Floats) {
  EXPECT_EQ(formatForKernel(Value::ofFloat(0.5)), "0.5");
  EXPECT_EQ(formatForKernel(Value::ofFloat(3)), "3.0");
  EXPECT_EQ(formatForKernel(Value::ofFloat(1e-5)), "1.0e-05");
  EXPECT_EQ(formatForKernel(Value::ofFloat(0.1)), "0.1");
  EXPECT_EQ(formatForKernel(Value::ofInt(-7)), "-7");
  Config c = config({{"EPS", "1e-6"}});
  EXPECT_EQ(render("arith.constant {{EPS}} : f32", c),
            "arith.constant 1.0e-06 : f32");
}

TEST(Template, ParseErrorsNameTheLine) {
  Template t;
  std::string err;
  EXPECT_FALSE(t.parse("a\nb\nc {{BLOCK\n}}", "k.ttir.in", 1, err));
  EXPECT_EQ(err.rfind("k.ttir.in:3: error: unterminated placeholder", 0), 0u)
      << err;
  EXPECT_FALSE(t.parse("line\n{{}}", "k.ttir.in", 1, err));
  EXPECT_EQ(err, "k.ttir.in:2: error: empty placeholder '{{}}'");
  EXPECT_FALSE(t.parse("{{ 2 + }}", "gen", 40, err));
  EXPECT_EQ(err.rfind("gen:40: error: bad placeholder '{{ 2 + }}'", 0), 0u)
      << err;
}

TEST(Template, RenderErrorsNameTheLine) {
  Template t;
  std::string err, out;
  ASSERT_TRUE(t.parse("x\ny\n{{BLOCKK}}\n{{1 // Z}}", "k.ttir.in", 1, err));
  EXPECT_FALSE(t.render(config({{"BLOCK", "4"}}), out, err));
  EXPECT_EQ(err, "k.ttir.in:3: error: placeholder '{{BLOCKK}}': the config "
                 "has no parameter 'BLOCKK' (it has: BLOCK=4)");
  EXPECT_FALSE(t.render(config({{"BLOCKK", "4"}, {"Z", "0"}}), out, err));
  EXPECT_EQ(err.rfind("k.ttir.in:4: error: placeholder '{{1 // Z}}'", 0), 0u)
      << err;
}

TEST(Template, FreeNames) {
  Template t;
  std::string err;
  ASSERT_TRUE(t.parse("{{A}}\n{{A * B}}\n{{cdiv(C, 2)}}", "f", 1, err));
  auto names = t.freeNames();
  ASSERT_EQ(names.size(), 3u);
  EXPECT_EQ(names[0], std::make_pair(std::string("A"), 1));
  EXPECT_EQ(names[1], std::make_pair(std::string("B"), 2));
  EXPECT_EQ(names[2], std::make_pair(std::string("C"), 3));
  EXPECT_EQ(t.numPlaceholders(), 3u);
}
