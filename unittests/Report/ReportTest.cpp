//===- ReportTest.cpp - the HTML page and its source links ------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// renderHTML on hand-made stages: lines of TTGIR, LLVM IR, PTX and SASS
// that come from the same source position must carry the same position id,
// whatever syntax each stage uses for it; ptxas -v parsing; pass diffs.
//
//===----------------------------------------------------------------------===//

#include "tt/Report/Report.h"

#include <gtest/gtest.h>

#include <regex>
#include <string>

using namespace tt::report;

namespace {

/// The data-k of the first pane line (of pane `ext`) containing `needle`.
std::string keysOf(const std::string &html, const std::string &ext,
                   const std::string &needle) {
  size_t pane = html.find("<div class=\"pane\" data-ext=\"" + ext + "\"");
  EXPECT_NE(pane, std::string::npos) << ext;
  size_t end = html.find("<div class=\"pane\"", pane + 10);
  std::string body = html.substr(pane, end == std::string::npos
                                           ? std::string::npos
                                           : end - pane);
  std::regex re("<div class=\"l[^\"]*\" data-n=\"[0-9]+\"( data-k=\"([0-9 ]+)\")?>([^\n]*?)</div>");
  for (auto it = std::sregex_iterator(body.begin(), body.end(), re);
       it != std::sregex_iterator(); ++it)
    if ((*it)[3].str().find(needle) != std::string::npos)
      return (*it)[2];
  ADD_FAILURE() << "no line with " << needle << " in " << ext;
  return "";
}

/// POS[id] as "file:line:col", from the page's tables.
std::string position(const std::string &html, int id) {
  std::smatch m;
  std::regex files("var FILES=\\[([^\\]]*)\\]");
  std::regex pos("var POS=\\[(.*)\\];");
  EXPECT_TRUE(std::regex_search(html, m, files));
  std::vector<std::string> names;
  std::string list = m[1];
  std::regex str("\"([^\"]*)\"");
  for (auto it = std::sregex_iterator(list.begin(), list.end(), str);
       it != std::sregex_iterator(); ++it)
    names.push_back((*it)[1]);
  EXPECT_TRUE(std::regex_search(html, m, pos));
  std::string all = m[1];
  std::regex triple("\\[([0-9]+),([0-9]+),([0-9]+)\\]");
  int i = 0;
  for (auto it = std::sregex_iterator(all.begin(), all.end(), triple);
       it != std::sregex_iterator(); ++it, ++i)
    if (i == id)
      return names.at(std::stoul((*it)[1])) + ":" + (*it)[2].str() + ":" +
             (*it)[3].str();
  return "?";
}

ReportData sample() {
  ReportData d;
  d.kernelName = "k";
  d.texts.push_back({"ttgir", "TTGIR", "k.ttgir",
                     "#loc = loc(\"/src/k.py\":3:0)\n"
                     "module {\n"
                     "  %0 = arith.addf %a, %b : tensor<4xf32> loc(#loc3)\n"
                     "  %1 = arith.mulf %0, %0 : tensor<4xf32> "
                     "loc(callsite(#loc4 at #loc5))\n"
                     "} loc(#loc)\n"
                     "#loc3 = loc(\"x\"(#loc6))\n"
                     "#loc4 = loc(\"/src/k.py\":20:9)\n"
                     "#loc5 = loc(\"/src/k.py\":13:4)\n"
                     "#loc6 = loc(\"/src/k.py\":12:7)\n"});
  d.texts.push_back({"llir", "LLVM IR", "k.llir",
                     "define void @k() !dbg !3 {\n"
                     "  %3 = fadd float %1, %2, !dbg !5\n"
                     "  ret void\n"
                     "}\n"
                     "!2 = !DIFile(filename: \"k.py\", directory: \"/src\")\n"
                     "!3 = distinct !DISubprogram(name: \"k\", scope: !2, "
                     "file: !2, line: 3, scopeLine: 3, unit: !0)\n"
                     "!5 = !DILocation(line: 12, column: 7, scope: !3)\n"});
  d.texts.push_back({"ptx", "PTX", "k.ptx",
                     ".entry k() {\n"
                     "\t.loc\t1 12 7\n"
                     "\tadd.f32 %f3, %f1, %f2;\n"
                     "\t.loc\t1 20 9, function_name $L__info_string0, "
                     "inlined_at 1 13 4\n"
                     "\tmul.f32 %f4, %f3, %f3;\n"
                     "}\n"
                     // As LLVM prints it: the file table after the code.
                     ".file 1 \"/src/k.py\"\n"});
  d.texts.push_back({"sass", "SASS", "k.cubin",
                     "\t//## File \"/src/k.py\", line 12\n"
                     "        /*0010*/                   FADD R3, R1, R2 ;\n"});
  return d;
}

TEST(Report, SamePositionSameKeyInEveryStage) {
  std::string html = renderHTML(sample());
  std::string ttgir = keysOf(html, "ttgir", "arith.addf");
  std::string llir = keysOf(html, "llir", "fadd float");
  std::string ptx = keysOf(html, "ptx", "add.f32");
  ASSERT_FALSE(ttgir.empty());
  EXPECT_EQ(ttgir, llir);
  EXPECT_EQ(ttgir, ptx);
  EXPECT_EQ(position(html, std::stoi(ttgir)), "k.py:12:7");
  // SASS has no columns: the line alone.
  EXPECT_EQ(position(html, std::stoi(keysOf(html, "sass", "FADD"))),
            "k.py:12:0");
}

TEST(Report, CallSitesKeepCalleeAndCaller) {
  std::string html = renderHTML(sample());
  std::string ttgir = keysOf(html, "ttgir", "arith.mulf");
  std::string ptx = keysOf(html, "ptx", "mul.f32");
  EXPECT_EQ(ttgir, ptx);
  auto space = ttgir.find(' ');
  ASSERT_NE(space, std::string::npos) << ttgir;
  EXPECT_EQ(position(html, std::stoi(ttgir.substr(0, space))), "k.py:20:9");
  EXPECT_EQ(position(html, std::stoi(ttgir.substr(space + 1))), "k.py:13:4");
}

TEST(Report, LocationsAreMarkedForHiding) {
  std::string html = renderHTML(sample());
  EXPECT_NE(html.find("<span class=\"loc\"> loc(#loc3)</span>"),
            std::string::npos);
  EXPECT_NE(html.find("class=\"l locdef\""), std::string::npos);
}

TEST(Report, PtxasInfo) {
  Resources r = parsePtxasInfo(
      "ptxas info    : 0 bytes gmem\n"
      "ptxas info    : Compiling entry function 'k' for 'sm_90a'\n"
      "ptxas info    : Function properties for k\n"
      "    8 bytes stack frame, 4 bytes spill stores, 12 bytes spill loads\n"
      "ptxas info    : Used 168 registers, used 1 barriers, 16384 bytes "
      "smem, 400 bytes cmem[0]\n");
  ASSERT_TRUE(r.valid);
  EXPECT_EQ(r.registers, 168);
  EXPECT_EQ(r.barriers, 1);
  EXPECT_EQ(r.stackFrame, 8);
  EXPECT_EQ(r.spillStores, 4);
  EXPECT_EQ(r.spillLoads, 12);
  EXPECT_EQ(r.sharedBytes, 16384);
  EXPECT_EQ(r.constantBytes, 400);
  EXPECT_FALSE(parsePtxasInfo("ptxas fatal : bad").valid);
}

TEST(Report, PassDiffs) {
  ReportData d;
  d.kernelName = "k";
  d.passes.push_back({"ttgir", "input", "a\nb\nc\n", false});
  d.passes.push_back({"ttgir", "tritongpu-coalesce", "a\nB\nc\nd\n", false});
  d.passes.push_back({"ttgir", "cse", "a\nB\nc\nd\n", false});
  std::string html = renderHTML(d);
  EXPECT_NE(html.find("<code>tritongpu-coalesce</code> <span style=\"color:"
                      "#1a7f37\">+2</span> <span style=\"color:#cf222e\">-1"),
            std::string::npos);
  EXPECT_NE(html.find("<span class=\"d\">- b</span><span class=\"a\">+ B"),
            std::string::npos);
  EXPECT_NE(html.find("<code>cse</code> <span class=\"nochange\">no change"),
            std::string::npos);
}

TEST(Report, NoExternalResources) {
  std::string html = renderHTML(sample());
  EXPECT_EQ(html.find("src=\"http"), std::string::npos);
  EXPECT_EQ(html.find("href=\"http"), std::string::npos);
  EXPECT_EQ(html.find("<link"), std::string::npos);
}

} // namespace
