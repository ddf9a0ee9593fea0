//===- LinearLayoutTest.cpp - unit tests of the GF(2) layout algebra ------===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//
//
// Every expectation here is worked out by hand (or by a direct formula in the
// test), never by calling the code under test a second way.
//
//===----------------------------------------------------------------------===//

#include "tt/LinearLayout/LinearLayout.h"

#include <gtest/gtest.h>

using namespace tt;

namespace {

using Bases = std::vector<std::vector<int32_t>>;

/// L(in = x) for a layout with one in dim and one out dim.
int32_t at1(const LinearLayout &l, Dim in, int32_t x) {
  return l.apply({{in, x}}).front().second;
}

/// The 2-D swizzle (t, w) -> (t, t ^ w) on a 4x4 grid.
LinearLayout swizzle4x4() {
  return LinearLayout({{"t", {{1, 1}, {2, 2}}}, {"w", {{0, 1}, {0, 2}}}},
                      {"x", "y"});
}

TEST(Dim, InternsBySpelling) {
  EXPECT_EQ(Dim("register"), kRegister);
  EXPECT_EQ(Dim(std::string("lane")), kLane);
  EXPECT_EQ(Dim(llvm::StringRef("offset")), kOffset);
  EXPECT_EQ(Dim("fresh-name").data(), Dim("fresh-name").data());
  EXPECT_NE(Dim("dim0"), Dim("dim1"));
  EXPECT_EQ(outDim(3).str(), "dim3");
  EXPECT_EQ(outDim(0), Dim("dim0"));
  EXPECT_TRUE(Dim("a") < Dim("b"));
}

TEST(LinearLayout, Identity1D) {
  LinearLayout l = LinearLayout::identity1D(8, "in", "out");
  for (int32_t x = 0; x < 8; ++x)
    EXPECT_EQ(at1(l, "in", x), x);
  EXPECT_EQ(l.getInDimSize("in"), 8);
  EXPECT_EQ(l.getOutDimSize("out"), 8);
  EXPECT_TRUE(l.isInvertible());
  EXPECT_EQ(l.getBases("in"), (Bases{{1}, {2}, {4}}));
}

TEST(LinearLayout, Zeros1D) {
  LinearLayout l = LinearLayout::zeros1D(8, "in", "out");
  for (int32_t x = 0; x < 8; ++x)
    EXPECT_EQ(at1(l, "in", x), 0);
  EXPECT_EQ(l.getOutDimSize("out"), 1);
  EXPECT_TRUE(l.isSurjective());
  EXPECT_FALSE(l.isInjective());
  EXPECT_EQ(l.getFreeVariableMask("in"), 0b111);

  LinearLayout wide = LinearLayout::zeros1D(2, "in", "out", 16);
  EXPECT_EQ(wide.getOutDimSize("out"), 16);
  EXPECT_FALSE(wide.isSurjective());
}

TEST(LinearLayout, Strided1D) {
  LinearLayout l = LinearLayout::strided1D(4, 2, "in", "out");
  for (int32_t x = 0; x < 4; ++x)
    EXPECT_EQ(at1(l, "in", x), 2 * x);
  EXPECT_EQ(l.getOutDimSize("out"), 8);
  EXPECT_TRUE(l.isInjective());
  EXPECT_FALSE(l.isSurjective());
}

TEST(LinearLayout, ConstructorInfersSmallestSizes) {
  // in1 -> (out1, out2): 1 -> (1, 0), 2 -> (5, 1), 4 -> (2, 2): the largest
  // coordinates are 5 and 2, so the sizes are 8 and 4.
  std::optional<LinearLayout> l = LinearLayout::tryCreate(
      {{"in1", {{1, 0}, {5, 1}, {2, 2}}}, {"in2", {{4, 0}, {0, 2}}}},
      {{"out1", 8}, {"out2", 4}}, /*requireSurjective=*/true);
  ASSERT_TRUE(l);
  LinearLayout inferred(
      {{"in1", {{1, 0}, {5, 1}, {2, 2}}}, {"in2", {{4, 0}, {0, 2}}}},
      {"out1", "out2"});
  EXPECT_EQ(inferred, *l);
  EXPECT_EQ(inferred.getOutDimSize("out1"), 8);
  EXPECT_EQ(inferred.getOutDimSize("out2"), 4);
  EXPECT_TRUE(inferred.isInjective());
  // L(in1=3) = (1,0) ^ (5,1) = (4,1).
  auto out = inferred.apply({{"in1", 3}});
  EXPECT_EQ(out[0].second, 4);
  EXPECT_EQ(out[1].second, 1);
}

TEST(LinearLayout, TryCreateRejectsBadInput) {
  std::string error;
  // 1 and 4 never make 2: not surjective onto [0, 8).
  EXPECT_FALSE(LinearLayout::tryCreate({{"in", {{1}, {4}}}}, {{"out", 8}},
                                       /*requireSurjective=*/true, &error));
  EXPECT_NE(error.find("surjective"), std::string::npos);
  EXPECT_TRUE(LinearLayout::tryCreate({{"in", {{1}, {4}}}}, {{"out", 8}},
                                      /*requireSurjective=*/false));
  // Coordinate outside its dim.
  EXPECT_FALSE(LinearLayout::tryCreate({{"in", {{8}}}}, {{"out", 8}}, false));
  // Wrong number of coordinates.
  EXPECT_FALSE(
      LinearLayout::tryCreate({{"in", {{1, 0}}}}, {{"out", 8}}, false));
  // Size not a power of two.
  EXPECT_FALSE(LinearLayout::tryCreate({{"in", {{1}}}}, {{"out", 6}}, false));
}

TEST(LinearLayout, ApplySwizzle) {
  LinearLayout l = swizzle4x4();
  for (int32_t t = 0; t < 4; ++t)
    for (int32_t w = 0; w < 4; ++w) {
      auto out = l.apply({{"t", t}, {"w", w}});
      EXPECT_EQ(out[0], (LinearLayout::DimSize{"x", t}));
      EXPECT_EQ(out[1], (LinearLayout::DimSize{"y", t ^ w}));
    }
  // Flattened: input t + 4w, output x + 4y.
  EXPECT_EQ(l.applyFlat(3 + 4 * 1), uint64_t(3 + 4 * (3 ^ 1)));
  EXPECT_TRUE(l.isInvertible());
}

TEST(LinearLayout, ProductOfOneDimLayouts) {
  // Same in and out dim: inner bits first, outer coordinates scaled.
  EXPECT_EQ(LinearLayout::identity1D(4, "i", "o") *
                LinearLayout::identity1D(2, "i", "o"),
            LinearLayout::identity1D(8, "i", "o"));
  // x -> x % 4 on [0, 8).
  LinearLayout mod = LinearLayout::identity1D(4, "i", "o") *
                     LinearLayout::zeros1D(2, "i", "o");
  for (int32_t x = 0; x < 8; ++x)
    EXPECT_EQ(at1(mod, "i", x), x % 4);
  // x -> x / 2 on [0, 8).
  LinearLayout div = LinearLayout::zeros1D(2, "i", "o") *
                     LinearLayout::identity1D(4, "i", "o");
  for (int32_t x = 0; x < 8; ++x)
    EXPECT_EQ(at1(div, "i", x), x / 2);
  // Different out dims: x -> (x % 4, x / 4).
  LinearLayout split = LinearLayout::identity1D(4, "i", "o1") *
                       LinearLayout::identity1D(8, "i", "o2");
  EXPECT_EQ(split.getOutDimNames(), (llvm::SmallVector<Dim, 4>{"o1", "o2"}));
  for (int32_t x = 0; x < 32; ++x) {
    auto out = split.apply({{"i", x}});
    EXPECT_EQ(out[0].second, x % 4);
    EXPECT_EQ(out[1].second, x / 4);
  }
  // Different in dims: a 2-D identity.
  LinearLayout twoD = LinearLayout::identity1D(4, "i1", "o1") *
                      LinearLayout::identity1D(8, "i2", "o2");
  auto out = twoD.apply({{"i1", 3}, {"i2", 5}});
  EXPECT_EQ(out[0].second, 3);
  EXPECT_EQ(out[1].second, 5);
  // The empty layout is the unit.
  EXPECT_EQ(LinearLayout::empty() * split, split);
  EXPECT_EQ(split * LinearLayout::empty(), split);
}

TEST(LinearLayout, ProductMergesDimOrders) {
  LinearLayout lhs = LinearLayout::identity1D(2, "a", "x") *
                     LinearLayout::identity1D(2, "c", "z");
  LinearLayout rhs = LinearLayout::identity1D(2, "b", "y") *
                     LinearLayout::identity1D(2, "c", "z");
  LinearLayout p = lhs * rhs;
  // b goes before the dim both sides share, c.
  EXPECT_EQ(p.getInDimNames(), (llvm::SmallVector<Dim, 4>{"a", "b", "c"}));
  EXPECT_EQ(p.getOutDimNames(), (llvm::SmallVector<Dim, 4>{"x", "y", "z"}));
  EXPECT_EQ(p.getInDimSize("c"), 4);
  EXPECT_EQ(p.getOutDimSize("z"), 4);
  // Associative.
  LinearLayout q = LinearLayout::identity1D(4, "b", "y");
  EXPECT_EQ((lhs * rhs) * q, lhs * (rhs * q));
}

TEST(LinearLayout, Compose) {
  // i -> (p, q): 1 -> (0, 1), 2 -> (1, 0); then (p, q) -> p + 2q.
  LinearLayout first({{"i", {{0, 1}, {1, 0}}}}, {"p", "q"});
  LinearLayout second = LinearLayout::identity1D(2, "p", "o") *
                        LinearLayout::identity1D(2, "q", "o");
  LinearLayout c = first.compose(second);
  EXPECT_EQ(c.getOutDimNames(), (llvm::SmallVector<Dim, 4>{"o"}));
  for (int32_t i = 0; i < 4; ++i) {
    int32_t p = (i >> 1) & 1, q = i & 1;
    EXPECT_EQ(at1(c, "i", i), p + 2 * q);
  }
}

TEST(LinearLayout, InvertBijection) {
  LinearLayout l = swizzle4x4();
  LinearLayout inv = l.invert();
  EXPECT_EQ(inv.getInDimNames(), (llvm::SmallVector<Dim, 4>{"x", "y"}));
  EXPECT_EQ(inv.getOutDimNames(), (llvm::SmallVector<Dim, 4>{"t", "w"}));
  for (int32_t t = 0; t < 4; ++t)
    for (int32_t w = 0; w < 4; ++w) {
      auto back = inv.apply(l.apply({{"t", t}, {"w", w}}));
      EXPECT_EQ(back[0].second, t);
      EXPECT_EQ(back[1].second, w);
    }
  // L o L^-1 is the identity on (x, y).
  LinearLayout id = inv.compose(l);
  EXPECT_EQ(id, LinearLayout({{"x", {{1, 0}, {2, 0}}}, {"y", {{0, 1}, {0, 2}}}},
                             {"x", "y"}));
  EXPECT_FALSE(LinearLayout::zeros1D(4, "i", "o").tryInvert());
  EXPECT_FALSE(LinearLayout::strided1D(4, 2, "i", "o").tryInvert());
}

TEST(LinearLayout, PseudoinverseOfSurjectiveLayoutIsRightInverse) {
  // r: 1, 2; l: 2, 4, 4. Free bits: l0 (= r1) and l2 (= l1).
  LinearLayout l({{"r", {{1}, {2}}}, {"l", {{2}, {4}, {4}}}}, {"o"});
  EXPECT_TRUE(l.isSurjective());
  EXPECT_FALSE(l.isInjective());
  LinearLayout p = l.pseudoinvert();
  for (int32_t y = 0; y < 8; ++y) {
    auto x = p.apply({{"o", y}});
    EXPECT_EQ(l.apply(x)[0].second, y);
    // The chosen preimage never sets a free bit.
    EXPECT_EQ(x[1].second & 0b101, 0);
  }
}

TEST(LinearLayout, PseudoinverseOfInjectiveLayoutIsLeftInverse) {
  LinearLayout l = LinearLayout::strided1D(4, 2, "i", "o");
  LinearLayout p = l.pseudoinvert();
  for (int32_t x = 0; x < 4; ++x)
    EXPECT_EQ(at1(p, "o", at1(l, "i", x)), x);
}

TEST(LinearLayout, InvertAndCompose) {
  // R: (lane, warp) -> (d0, d1); S: offset -> (d1, d0), listed in the other
  // order and swizzled.
  LinearLayout r({{"lane", {{1, 0}, {2, 0}}}, {"warp", {{0, 1}}}},
                 {"d0", "d1"});
  LinearLayout s({{"offset", {{0, 1}, {0, 2}, {1, 3}}}}, {"d1", "d0"});
  LinearLayout c = r.invertAndCompose(s);
  EXPECT_EQ(c.getInDimNames(), (llvm::SmallVector<Dim, 4>{"lane", "warp"}));
  EXPECT_EQ(c.getOutDimNames(), (llvm::SmallVector<Dim, 4>{"offset"}));
  for (int32_t lane = 0; lane < 4; ++lane)
    for (int32_t warp = 0; warp < 2; ++warp) {
      auto want = r.apply({{"lane", lane}, {"warp", warp}});
      auto got = s.apply(c.apply({{"lane", lane}, {"warp", warp}}));
      // s lists d1 first.
      EXPECT_EQ(got[1].second, want[0].second);
      EXPECT_EQ(got[0].second, want[1].second);
    }
}

TEST(LinearLayout, InvertAndComposeWithDuplicatedOuter) {
  // Offsets 1 and 2 both hold element 1; the free offset bit is never used.
  LinearLayout s({{"offset", {{1}, {1}, {2}}}}, {"d"});
  LinearLayout r = LinearLayout::identity1D(4, "lane", "d");
  LinearLayout c = r.invertAndCompose(s);
  for (int32_t lane = 0; lane < 4; ++lane) {
    int32_t off = at1(c, "lane", lane);
    EXPECT_EQ(at1(s, "offset", off), lane);
    EXPECT_EQ(off & 0b010, 0);
  }
}

TEST(LinearLayout, InvertAndComposeFailsOutsideImage) {
  // s only reaches the even elements.
  LinearLayout s({{"offset", {{2}, {4}}}}, {{"d", 8}}, false);
  LinearLayout r = LinearLayout::identity1D(8, "lane", "d");
  EXPECT_FALSE(r.tryInvertAndCompose(s));
  // Out dims must agree.
  EXPECT_FALSE(r.tryInvertAndCompose(LinearLayout::identity1D(8, "o", "e")));
}

TEST(LinearLayout, TransposeAndReshapeOuts) {
  // i -> (a = i % 4, b = i / 4).
  LinearLayout l = LinearLayout::identity1D(4, "i", "a") *
                   LinearLayout::identity1D(2, "i", "b");
  LinearLayout t = l.transposeOuts({"b", "a"});
  EXPECT_EQ(t.getOutDimNames(), (llvm::SmallVector<Dim, 4>{"b", "a"}));
  EXPECT_TRUE(t.isSameMapAs(l));
  EXPECT_NE(t, l);
  // Flattening the transposed outs makes b the minor part: b + 2a.
  LinearLayout flat = t.flattenOuts();
  for (int32_t i = 0; i < 8; ++i)
    EXPECT_EQ(at1(flat, "i", i), (i / 4) + 2 * (i % 4));
  // Reshaping the original: flat a + 4b split as (x: 2, y: 4).
  LinearLayout re = l.reshapeOuts({{"x", 2}, {"y", 4}});
  for (int32_t i = 0; i < 8; ++i) {
    auto out = re.apply({{"i", i}});
    EXPECT_EQ(out[0].second, i % 2);
    EXPECT_EQ(out[1].second, i / 2);
  }
}

TEST(LinearLayout, TransposeAndReshapeIns) {
  LinearLayout l = LinearLayout::identity1D(4, "r", "o") *
                   LinearLayout::identity1D(4, "l", "o");
  LinearLayout re = l.reshapeIns({{"x", 8}, {"y", 2}});
  EXPECT_EQ(re.getBases("x"), (Bases{{1}, {2}, {4}}));
  EXPECT_EQ(re.getBases("y"), (Bases{{8}}));
  LinearLayout t = l.transposeIns({"l", "r"});
  EXPECT_EQ(t.getInDimNames(), (llvm::SmallVector<Dim, 4>{"l", "r"}));
  // Flattened input is now l + 4r.
  EXPECT_EQ(t.applyFlat(1), uint64_t(4));
  EXPECT_EQ(t.flattenIns().getBases("l"), (Bases{{4}, {8}, {1}, {2}}));
}

TEST(LinearLayout, Sublayout) {
  LinearLayout l(
      {{"reg", {{0, 1}}}, {"lane", {{0, 2}, {1, 0}}}, {"warp", {{2, 0}}}},
      {"d0", "d1"});
  LinearLayout s = l.sublayout({"lane"}, {"d1"});
  EXPECT_EQ(s.getInDimNames(), (llvm::SmallVector<Dim, 4>{"lane"}));
  EXPECT_EQ(s.getBases("lane"), (Bases{{2}, {0}}));
  EXPECT_EQ(s.getOutDimSize("d1"), 4);
  EXPECT_TRUE(l.sublayoutIsZero({"warp"}, {"d1"}));
  EXPECT_FALSE(l.sublayoutIsZero({"warp"}, {"d0"}));
  EXPECT_TRUE(l.sublayoutIsZero({"reg"}, {"d0"}));
}

TEST(LinearLayout, NumConsecutiveInOut) {
  // 8 registers along the dim, then lanes.
  EXPECT_EQ((LinearLayout::identity1D(8, kRegister, "d") *
             LinearLayout::identity1D(32, kLane, "d"))
                .getNumConsecutiveInOut(),
            8);
  // Registers 1, 4: only the first one is in order.
  EXPECT_EQ(LinearLayout({{kRegister, {{1}, {4}}}, {kLane, {{2}}}}, {"d"})
                .getNumConsecutiveInOut(),
            2);
  // Registers 2, 1: the first element pair is not consecutive.
  EXPECT_EQ(
      LinearLayout({{kRegister, {{2}, {1}}}}, {"d"}).getNumConsecutiveInOut(),
      1);
  // A lane also moves by 2, breaking the run of 4 into runs of 2.
  EXPECT_EQ(LinearLayout({{kRegister, {{1}, {2}}}, {kLane, {{2}, {4}}}},
                         {{"d", 8}}, false)
                .getNumConsecutiveInOut(),
            2);
  // A broadcast register stops the run.
  EXPECT_EQ(
      LinearLayout({{kRegister, {{0}, {1}}}}, {"d"}).getNumConsecutiveInOut(),
      1);
  // Only the first out dim counts: registers along the second give 1.
  EXPECT_EQ(LinearLayout({{kRegister, {{0, 1}, {0, 2}}}, {kLane, {{1, 0}}}},
                         {"d0", "d1"})
                .getNumConsecutiveInOut(),
            1);
}

TEST(LinearLayout, FreeVariableMasks) {
  // reg: 1, 0, 2; lane: 1 (= reg0), 4.
  LinearLayout l({{kRegister, {{1}, {0}, {2}}}, {kLane, {{1}, {4}}}}, {"d"});
  auto masks = l.getFreeVariableMasks();
  ASSERT_EQ(masks.size(), 2u);
  EXPECT_EQ(masks[0], (LinearLayout::DimSize{kRegister, 0b010}));
  EXPECT_EQ(masks[1], (LinearLayout::DimSize{kLane, 0b01}));
  EXPECT_EQ(l.getMatrixRank(), 3u);
  EXPECT_EQ(LinearLayout::identity1D(8, "i", "o").getFreeVariableMask("i"), 0);
}

TEST(LinearLayout, RemoveZeroBases) {
  LinearLayout l({{kRegister, {{1}, {0}, {2}, {0}}}, {kLane, {{0}, {4}}}},
                 {"d"});
  LinearLayout r = l.removeZeroBasesAlongDim(kRegister);
  EXPECT_EQ(r.getBases(kRegister), (Bases{{1}, {2}}));
  EXPECT_EQ(r.getBases(kLane), (Bases{{0}, {4}}));
}

TEST(LinearLayout, ConcatInsAndOuts) {
  LinearLayout a = LinearLayout::identity1D(4, "r", "o");
  LinearLayout b = LinearLayout::zeros1D(2, "l", "o", 4);
  LinearLayout ins = a.concatIns(b);
  EXPECT_EQ(ins.getInDimNames(), (llvm::SmallVector<Dim, 4>{"r", "l"}));
  EXPECT_EQ(ins.getBases("l"), (Bases{{0}}));
  LinearLayout outs = a.concatOuts(LinearLayout::zeros1D(4, "r", "p", 2));
  EXPECT_EQ(outs.getOutDimNames(), (llvm::SmallVector<Dim, 4>{"o", "p"}));
  EXPECT_EQ(outs.getBases("r"), (Bases{{1, 0}, {2, 0}}));
  // The second layout swaps the two bits of r.
  LinearLayout swapped({{"r", {{2}, {1}}}}, {"q"});
  EXPECT_EQ(a.concatOuts(swapped).getBases("r"), (Bases{{1, 2}, {2, 1}}));
}

TEST(LinearLayout, EqualityHashAndPrinting) {
  LinearLayout a = LinearLayout::identity1D(4, "i", "o");
  LinearLayout b = LinearLayout::identity1D(4, "i", "o");
  EXPECT_EQ(a, b);
  EXPECT_EQ(hash_value(a), hash_value(b));
  EXPECT_NE(a, LinearLayout::identity1D(8, "i", "o"));
  EXPECT_NE(a, LinearLayout::identity1D(4, "i", "p"));
  EXPECT_EQ(a.toString(), "i: [(1), (2)]\n-> o (size 4)");
  EXPECT_EQ(swizzle4x4().toString(),
            "t: [(1, 1), (2, 2)]\nw: [(0, 1), (0, 2)]\n"
            "-> x (size 4), y (size 4)");
}

TEST(LinearLayout, PackedAccess) {
  LinearLayout l = swizzle4x4();
  EXPECT_EQ(l.getOutDimShift("y"), 2u);
  EXPECT_EQ(l.packOut({3, 1}), uint64_t(3 + 4));
  EXPECT_EQ(l.unpackOut(3 + 4), (LinearLayout::Basis{3, 1}));
  EXPECT_EQ(l.getPackedBases("t")[1], uint64_t(2 + 8));
  EXPECT_EQ(LinearLayout::fromPacked({{"t", {1 + 4, 2 + 8}}, {"w", {4, 8}}},
                                     l.getOutDims()),
            l);
}

} // namespace
