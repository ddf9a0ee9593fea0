//===- LayoutPictureTest.cpp - the layout pictures of the report -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The ownership a picture draws, read back from the SVG, against ownership
// computed here by direct formulas from the encoding's parameters (not
// through the linear-layout library).
//
//===----------------------------------------------------------------------===//

#include "tt/Report/LayoutPicture.h"

#include "tt/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringRef.h"

#include <gtest/gtest.h>

#include <map>
#include <regex>
#include <string>
#include <tuple>

using namespace tt::report;

namespace {

class LayoutPictureTest : public ::testing::Test {
protected:
  LayoutPictureTest() { ctx.loadDialect<mlir::triton::gpu::TritonGPUDialect>(); }

  mlir::Attribute parse(llvm::StringRef text) {
    mlir::Attribute a = mlir::parseAttribute(text, &ctx);
    EXPECT_TRUE(a) << text.str();
    return a;
  }

  mlir::MLIRContext ctx;
};

int svgAttr(const std::string &svg, const std::string &name) {
  std::smatch m;
  std::regex re(name + "=\"(-?[0-9]+)\"");
  EXPECT_TRUE(std::regex_search(svg, m, re)) << name;
  return std::stoi(m[1]);
}

/// Cell (row, col) -> the numbers of its data-o attribute, read from the
/// cells of the picture (the <rect>s that carry data-o).
std::map<std::pair<int, int>, std::vector<int>> readCells(const std::string &svg) {
  int x0 = svgAttr(svg, "data-x0"), y0 = svgAttr(svg, "data-y0"),
      cell = svgAttr(svg, "data-cell");
  std::map<std::pair<int, int>, std::vector<int>> cells;
  std::regex re("<rect x=\"([0-9]+)\" y=\"([0-9]+)\" width=\"([0-9]+)\" "
                "height=\"[0-9]+\" fill=\"[^\"]*\" data-o=\"([-0-9,]+)\"/>");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), re);
       it != std::sregex_iterator(); ++it) {
    const std::smatch &m = *it;
    EXPECT_EQ(std::stoi(m[3]), cell);
    int x = std::stoi(m[1]), y = std::stoi(m[2]);
    EXPECT_EQ((x - x0) % cell, 0);
    EXPECT_EQ((y - y0) % cell, 0);
    std::vector<int> values;
    std::string list = m[4];
    size_t start = 0;
    while (start <= list.size()) {
      size_t comma = list.find(',', start);
      if (comma == std::string::npos)
        comma = list.size();
      values.push_back(std::stoi(list.substr(start, comma - start)));
      start = comma + 1;
    }
    auto key = std::make_pair((y - y0) / cell, (x - x0) / cell);
    EXPECT_FALSE(cells.count(key)) << "cell drawn twice";
    cells[key] = values;
  }
  return cells;
}

/// #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8],
/// warpsPerCTA = [4, 1], order = [1, 0]}> on 128x64, directly: a thread
/// holds 8 consecutive columns of one row; the 32 lanes of a warp cover 4
/// rows of 8 such groups (lanes run along the columns first); the 4 warps
/// stack along the rows, giving a 16x64 tile that repeats 8 times down the
/// rows (each repetition adds 8 registers).
std::tuple<int, int, int> blockedOwner(int row, int col) {
  int warp = (row / 4) % 4;
  int lane = (row % 4) * 8 + (col / 8) % 8;
  int reg = col % 8 + 8 * (row / 16);
  return {warp, lane, reg};
}

constexpr const char *kBlocked =
    "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], "
    "warpsPerCTA = [4, 1], order = [1, 0]}>";

TEST_F(LayoutPictureTest, BlockedOwnershipMatchesFormula) {
  DrawOptions all;
  all.maxCells = 128 * 64;
  all.maxCols = 64;
  std::optional<Picture> pic = drawEncoding(parse(kBlocked), {128, 64}, 16, all);
  ASSERT_TRUE(pic);
  EXPECT_EQ(svgAttr(pic->svg, "data-rows"), 128);
  EXPECT_EQ(svgAttr(pic->svg, "data-cols"), 64);
  EXPECT_EQ(pic->caption.find("capped"), std::string::npos) << pic->caption;

  auto cells = readCells(pic->svg);
  ASSERT_EQ(cells.size(), 128u * 64u);
  for (int r = 0; r < 128; ++r)
    for (int c = 0; c < 64; ++c) {
      auto it = cells.find({r, c});
      ASSERT_NE(it, cells.end()) << r << "," << c;
      const std::vector<int> &o = it->second;
      ASSERT_EQ(o.size(), 4u);
      auto [warp, lane, reg] = blockedOwner(r, c);
      EXPECT_EQ(o[0], warp) << "warp of [" << r << ", " << c << "]";
      EXPECT_EQ(o[1], lane) << "lane of [" << r << ", " << c << "]";
      EXPECT_EQ(o[2], reg) << "register of [" << r << ", " << c << "]";
      EXPECT_EQ(o[3], 1) << "copies of [" << r << ", " << c << "]";
    }
}

TEST_F(LayoutPictureTest, LargeTensorIsCappedAndSaysSo) {
  std::optional<Picture> pic = drawEncoding(parse(kBlocked), {128, 64}, 16);
  ASSERT_TRUE(pic);
  int rows = svgAttr(pic->svg, "data-rows");
  EXPECT_EQ(rows * 64, int(DrawOptions().maxCells));
  EXPECT_NE(pic->caption.find("capped"), std::string::npos) << pic->caption;
  EXPECT_NE(pic->caption.find("rows 0-" + std::to_string(rows - 1) + " of 128"),
            std::string::npos)
      << pic->caption;
  auto cells = readCells(pic->svg);
  EXPECT_EQ(cells.size(), size_t(rows) * 64);
  for (auto &[rc, o] : cells) {
    auto [warp, lane, reg] = blockedOwner(rc.first, rc.second);
    EXPECT_EQ(o[0], warp);
    EXPECT_EQ(o[1], lane);
    EXPECT_EQ(o[2], reg);
  }
}

TEST_F(LayoutPictureTest, BroadcastCountsCopies) {
  // Lanes along dim0 (32 rows) on a 16-row tensor: rows wrap, so lanes l
  // and l + 16 hold the same element. The 4 warps take one column each of a
  // 4-column tile that repeats 8 times along dim1 in registers.
  std::optional<Picture> pic =
      drawEncoding(parse("#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp "
                         "= [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>"),
                   {16, 32}, 32);
  ASSERT_TRUE(pic);
  auto cells = readCells(pic->svg);
  ASSERT_EQ(cells.size(), 16u * 32u);
  for (auto &[rc, o] : cells) {
    EXPECT_EQ(o[3], 2);
    EXPECT_EQ(o[1], rc.first);      // the lower of the two lanes
    EXPECT_EQ(o[0], rc.second % 4); // warp w holds columns w, w + 4, ...
    EXPECT_EQ(o[2], rc.second / 4);
  }
  bool noted = false;
  for (const std::string &n : pic->notes)
    noted |= n.find("broadcast") != std::string::npos;
  EXPECT_TRUE(noted);
}

TEST_F(LayoutPictureTest, SwizzledSharedBanksMatchFormula) {
  // vec 8, perPhase 1, maxPhase 8 on 64x64 f16: row r keeps its 16-byte
  // groups of 8 elements at group (c / 8) ^ (r % 8).
  std::optional<Picture> pic = drawEncoding(
      parse("#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order "
            "= [1, 0]}>"),
      {64, 64}, 16);
  ASSERT_TRUE(pic);
  auto cells = readCells(pic->svg);
  ASSERT_FALSE(cells.empty());
  for (auto &[rc, o] : cells) {
    int r = rc.first, c = rc.second;
    int offset = r * 64 + (((c / 8) ^ (r % 8)) * 8) + c % 8;
    ASSERT_EQ(o.size(), 2u);
    EXPECT_EQ(o[0], offset) << r << "," << c;
    EXPECT_EQ(o[1], (offset * 2 / 4) % 32) << r << "," << c;
  }
  bool conflictFree = false;
  for (const std::string &n : pic->notes)
    conflictFree |= n.find("free of bank conflicts") != std::string::npos;
  EXPECT_TRUE(conflictFree);
}

TEST_F(LayoutPictureTest, UnswizzledSharedHasConflicts) {
  std::optional<Picture> pic = drawEncoding(
      parse("#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order "
            "= [1, 0]}>"),
      {64, 64}, 16);
  ASSERT_TRUE(pic);
  bool eightWay = false;
  for (const std::string &n : pic->notes)
    eightWay |= n.find("8-way") != std::string::npos;
  EXPECT_TRUE(eightWay);
}

TEST_F(LayoutPictureTest, RankOneWraps) {
  std::optional<Picture> pic = drawEncoding(
      parse("#ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], "
            "warpsPerCTA = [4], order = [0]}>"),
      {1024}, 32);
  ASSERT_TRUE(pic);
  EXPECT_NE(pic->svg.find("data-wrap=\"1\""), std::string::npos);
  auto cells = readCells(pic->svg);
  ASSERT_EQ(cells.size(), 1024u);
  for (auto &[rc, o] : cells) {
    int i = rc.first * 64 + rc.second;
    EXPECT_EQ(o[0], (i / 128) % 4);
    EXPECT_EQ(o[1], (i / 4) % 32);
    EXPECT_EQ(o[2], i % 4 + 4 * (i / 512));
  }
}

} // namespace
