//===- ConversionTest.cpp - layout conversion analysis --------------------===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/LinearLayout/Conversion.h"
#include "tt/LinearLayout/Encodings.h"

#include <gtest/gtest.h>

using namespace tt;
using llvm::SmallVector;

namespace {

BlockedParams blocked(SmallVector<unsigned, 4> spt,
                      SmallVector<unsigned, 4> tpw,
                      SmallVector<unsigned, 4> wpc,
                      SmallVector<unsigned, 4> order) {
  return BlockedParams{spt, tpw, wpc, order, std::nullopt};
}

/// Checks, for every destination location, that dstToSrc points at a source
/// location holding the same element, and that it does not cross the
/// hardware dims the kind promises not to cross.
void expectServes(const LinearLayout &src, const LinearLayout &dst,
                  const ConversionAnalysis &a) {
  const LinearLayout &m = a.dstToSrc;
  auto size = [&](Dim d) { return dst.hasInDim(d) ? dst.getInDimSize(d) : 1; };
  // Keeps the dims a layout has (the analysis treats missing ones as 1).
  auto only = [](const LinearLayout &l,
                 llvm::ArrayRef<LinearLayout::DimSize> hw) {
    SmallVector<LinearLayout::DimSize, 4> r;
    for (auto d : hw)
      if (l.hasInDim(d.first))
        r.push_back(d);
    return r;
  };
  for (int32_t b = 0; b < size(kBlock); ++b)
    for (int32_t w = 0; w < size(kWarp); ++w)
      for (int32_t l = 0; l < size(kLane); ++l)
        for (int32_t r = 0; r < size(kRegister); ++r) {
          LinearLayout::DimSize hw[] = {
              {kRegister, r}, {kLane, l}, {kWarp, w}, {kBlock, b}};
          auto s = m.apply(hw);
          ASSERT_EQ(src.apply(only(src, s)), dst.apply(only(dst, hw)))
              << "dst reg " << r << " lane " << l << " warp " << w;
          if (a.kind <= ConversionKind::RegisterPermutation)
            ASSERT_EQ(s[1].second, l);
          if (a.kind <= ConversionKind::WarpShuffle)
            ASSERT_EQ(s[2].second, w);
          if (a.kind <= ConversionKind::SharedMemory)
            ASSERT_EQ(s[3].second, b);
        }
}

ConversionKind classify(const LinearLayout &src, const LinearLayout &dst) {
  std::optional<ConversionAnalysis> a = analyzeConversion(src, dst);
  EXPECT_TRUE(a);
  if (!a)
    return ConversionKind::DistributedSharedMemory;
  expectServes(src, dst, *a);
  return a->kind;
}

TEST(Conversion, SameLayoutIsNoOp) {
  LinearLayout l =
      blockedToLinearLayout({128, 64}, blocked({1, 8}, {4, 8}, {4, 1}, {1, 0}));
  EXPECT_EQ(classify(l, l), ConversionKind::NoOp);
  // Broadcast copies included: a tensor smaller than the tile.
  LinearLayout small =
      blockedToLinearLayout({8, 16}, blocked({1, 8}, {4, 8}, {4, 1}, {1, 0}));
  EXPECT_EQ(classify(small, small), ConversionKind::NoOp);
  EXPECT_EQ(stringifyConversionKind(ConversionKind::NoOp), "no-op");
}

TEST(Conversion, MmaAccumulatorToDotOperandAIsNoOp) {
  // Chained dots (attention's P @ V): the accumulator fragment is exactly the
  // kWidth = 2 A fragment, on Hopper and on Ampere.
  NvidiaMmaParams v3{3, 0, {4, 1}, {16, 64, 16}, std::nullopt};
  EXPECT_EQ(classify(nvidiaMmaToLinearLayout({64, 64}, v3),
                     nvidiaDotOperandToLinearLayout({64, 64}, v3, 0, 2)),
            ConversionKind::NoOp);
  NvidiaMmaParams v2{2, 0, {4, 1}, {16, 8}, std::nullopt};
  EXPECT_EQ(classify(nvidiaMmaToLinearLayout({64, 16}, v2),
                     nvidiaDotOperandToLinearLayout({64, 16}, v2, 0, 2)),
            ConversionKind::NoOp);
}

TEST(Conversion, RegisterOrderOnly) {
  // Threads own 2x2 blocks along one row of lanes; the order only changes
  // which register holds which element of the block.
  LinearLayout rowFirst =
      blockedToLinearLayout({2, 64}, blocked({2, 2}, {1, 32}, {1, 1}, {1, 0}));
  LinearLayout colFirst =
      blockedToLinearLayout({2, 64}, blocked({2, 2}, {1, 32}, {1, 1}, {0, 1}));
  ASSERT_NE(rowFirst, colFirst);
  std::optional<ConversionAnalysis> a = analyzeConversion(rowFirst, colFirst);
  ASSERT_TRUE(a);
  EXPECT_EQ(a->kind, ConversionKind::RegisterPermutation);
  expectServes(rowFirst, colFirst, *a);
  // Destination register 1 (next row) is source register 2, and vice versa.
  EXPECT_EQ(a->dstToSrc.getBasis(kRegister, 0, kRegister), 2);
  EXPECT_EQ(a->dstToSrc.getBasis(kRegister, 1, kRegister), 1);
}

TEST(Conversion, SameWarpRowsIsWarpShuffle) {
  // Both layouts give warp w rows 8w .. 8w+7 but spread them over lanes
  // differently.
  LinearLayout src =
      blockedToLinearLayout({32, 16}, blocked({1, 1}, {8, 4}, {4, 1}, {1, 0}));
  LinearLayout dst =
      blockedToLinearLayout({32, 16}, blocked({1, 2}, {8, 4}, {4, 1}, {1, 0}));
  EXPECT_EQ(classify(src, dst), ConversionKind::WarpShuffle);
}

TEST(Conversion, CrossWarpNeedsSharedMemory) {
  LinearLayout rows =
      blockedToLinearLayout({64, 64}, blocked({1, 4}, {4, 8}, {4, 1}, {1, 0}));
  LinearLayout cols =
      blockedToLinearLayout({64, 64}, blocked({1, 4}, {4, 8}, {1, 4}, {1, 0}));
  EXPECT_EQ(classify(rows, cols), ConversionKind::SharedMemory);
  // mma accumulator to a blocked layout for the epilogue store.
  NvidiaMmaParams v2{2, 0, {2, 2}, {16, 8}, std::nullopt};
  EXPECT_EQ(classify(nvidiaMmaToLinearLayout({64, 64}, v2),
                     blockedToLinearLayout(
                         {64, 64}, blocked({1, 8}, {4, 8}, {4, 1}, {1, 0}))),
            ConversionKind::SharedMemory);
}

TEST(Conversion, CrossCTANeedsDistributedSharedMemory) {
  BlockedParams byRows = blocked({1, 4}, {8, 4}, {4, 1}, {1, 0});
  byRows.cga = CGALayout{{2, 1}, {2, 1}, {1, 0}};
  BlockedParams byCols = byRows;
  byCols.cga = CGALayout{{1, 2}, {1, 2}, {1, 0}};
  EXPECT_EQ(classify(blockedToLinearLayout({64, 64}, byRows),
                     blockedToLinearLayout({64, 64}, byCols)),
            ConversionKind::DistributedSharedMemory);
}

TEST(Conversion, BroadcastSourceUsesTheNearestCopy) {
  // Source: 32 elements, one per lane, and both warps hold all of them.
  LinearLayout src = blockedToLinearLayout({32}, blocked({1}, {32}, {2}, {0}));
  ASSERT_EQ(src.getFreeVariableMask(kWarp), 1);
  // Destination: warp 1 holds elements 16..31 (lanes 16..31 duplicate 0..15).
  LinearLayout dst({{kRegister, {}},
                    {kLane, {{1}, {2}, {4}, {8}, {0}}},
                    {kWarp, {{16}}},
                    {kBlock, {}}},
                   {outDim(0)});
  // Warp 1 finds every element it needs in its own lanes 16..31.
  EXPECT_EQ(classify(src, dst), ConversionKind::WarpShuffle);
}

TEST(Conversion, RegisterCopyInOtherLaneIsNotRegisterOnly) {
  // Lane 1 holds its two elements in swapped registers: each thread has
  // what it needs, but which register to take depends on the lane, so this
  // is not a pure reordering of SSA values.
  LinearLayout src({{kRegister, {{1}}}, {kLane, {{2}, {4}}}}, {outDim(0)});
  LinearLayout dst({{kRegister, {{1}}}, {kLane, {{3}, {4}}}}, {outDim(0)});
  EXPECT_EQ(classify(src, dst), ConversionKind::WarpShuffle);
}

TEST(Conversion, RejectsMismatchedLayouts) {
  LinearLayout a =
      blockedToLinearLayout({64, 64}, blocked({1, 4}, {4, 8}, {4, 1}, {1, 0}));
  LinearLayout b =
      blockedToLinearLayout({64, 32}, blocked({1, 4}, {4, 8}, {4, 1}, {1, 0}));
  EXPECT_FALSE(analyzeConversion(a, b));
  LinearLayout twoWarps =
      blockedToLinearLayout({64, 64}, blocked({1, 4}, {4, 8}, {2, 1}, {1, 0}));
  EXPECT_FALSE(analyzeConversion(a, twoWarps));
  // A source that only holds the even elements cannot feed a full layout.
  LinearLayout even({{kLane, {{2}, {4}, {8}, {16}, {0}}}}, {{outDim(0), 32}},
                    /*requireSurjective=*/false);
  LinearLayout full({{kLane, {{1}, {2}, {4}, {8}, {16}}}}, {outDim(0)});
  EXPECT_FALSE(analyzeConversion(even, full));
  EXPECT_TRUE(analyzeConversion(full, even));
}

//===----------------------------------------------------------------------===//
// Vector widths
//===----------------------------------------------------------------------===//

TEST(VectorWidth, RoundTripThroughSharedMemory) {
  LinearLayout wide =
      blockedToLinearLayout({16, 64}, blocked({1, 8}, {4, 8}, {4, 1}, {1, 0}));
  LinearLayout narrow =
      blockedToLinearLayout({16, 64}, blocked({1, 4}, {4, 8}, {4, 1}, {1, 0}));
  // Same layout: all 8 columns; 8 x f16 = 128 bits, f32 is capped at 4.
  EXPECT_EQ(largestSharedVectorWidth(wide, wide, 16), 8u);
  EXPECT_EQ(largestSharedVectorWidth(wide, wide, 32), 4u);
  // The narrow side holds columns 4c..4c+3 (and 32 more); only the four
  // consecutive columns are in both threads' registers.
  EXPECT_EQ(largestSharedVectorWidth(wide, narrow, 16), 4u);
  EXPECT_EQ(largestSharedVectorWidth(narrow, wide, 8), 4u);
  // One element per thread: no vectors at all.
  LinearLayout scalar =
      blockedToLinearLayout({128}, blocked({1}, {32}, {4}, {0}));
  LinearLayout four =
      blockedToLinearLayout({128}, blocked({4}, {32}, {4}, {0}));
  EXPECT_EQ(largestSharedVectorWidth(scalar, four, 32), 1u);
  // Different warp counts: not the same tensor distribution problem.
  EXPECT_FALSE(largestSharedVectorWidth(
      scalar, blockedToLinearLayout({128}, blocked({4}, {32}, {1}, {0})), 32));
  // Registers that repeat the tile count too when both sides have them:
  // rows 32 and 64 are register directions of both layouts below.
  LinearLayout a =
      blockedToLinearLayout({128, 64}, blocked({1, 8}, {4, 8}, {4, 1}, {1, 0}));
  LinearLayout b =
      blockedToLinearLayout({128, 64}, blocked({1, 4}, {8, 4}, {4, 1}, {1, 0}));
  EXPECT_EQ(largestSharedVectorWidth(a, b, 8, 1024), 16u);
}

TEST(VectorWidth, LaneDependentRegisterOrderLimitsTheVector) {
  // Both layouts keep elements {e, e^1, e^2, e^3} in a thread's 4 registers,
  // but in `src` lane bit 1 also flips element bit 0, so threads with that
  // lane bit hold the four in a different register order. Only direction 2
  // is stored in the same slot by every thread: vectors of 2, not 4.
  LinearLayout src({{kRegister, {{1}, {2}}}, {kLane, {{4}, {1}}}}, {outDim(0)});
  LinearLayout dst({{kRegister, {{1}, {2}}}, {kLane, {{4}, {0}}}}, {outDim(0)});
  EXPECT_EQ(largestSharedVectorWidth(src, dst, 32), 2u);
  EXPECT_EQ(largestSharedVectorWidth(dst, dst, 32), 4u);
}

TEST(VectorWidth, SharedAccessWidthDependsOnTheSwizzle) {
  LinearLayout regs =
      blockedToLinearLayout({128, 64}, blocked({1, 8}, {4, 8}, {4, 1}, {1, 0}));
  std::optional<LinearLayout> nvmma =
      nvmmaSharedToLinearLayout({128, 64}, {128, false, 16, std::nullopt});
  ASSERT_TRUE(nvmma);
  EXPECT_EQ(sharedAccessVectorWidth(regs, *nvmma, 16), 8u);
  EXPECT_EQ(sharedAccessVectorWidth(
                regs,
                swizzledSharedToLinearLayout({128, 64}, {8, 1, 8, {1, 0}, {}}),
                16),
            8u);
  // Swizzling in groups of 2 breaks the 8-element runs into pairs.
  EXPECT_EQ(sharedAccessVectorWidth(
                regs,
                swizzledSharedToLinearLayout({128, 64}, {2, 1, 8, {1, 0}, {}}),
                16),
            2u);
  // Column-major storage: consecutive registers are 128 elements apart.
  EXPECT_EQ(sharedAccessVectorWidth(
                regs,
                swizzledSharedToLinearLayout({128, 64}, {1, 1, 1, {0, 1}, {}}),
                16),
            1u);
}

//===----------------------------------------------------------------------===//
// Bank conflicts
//===----------------------------------------------------------------------===//

/// 32 registers and 32 lanes over a 32x32 tile; `lanesDown` puts lanes on
/// rows (each access reads a column), otherwise on columns.
LinearLayout tile32(bool lanesDown) {
  std::vector<std::vector<int32_t>> along, across;
  for (int32_t i = 1; i < 32; i *= 2) {
    along.push_back({0, i});
    across.push_back({i, 0});
  }
  return LinearLayout({{kRegister, lanesDown ? along : across},
                       {kLane, lanesDown ? across : along},
                       {kWarp, {}},
                       {kBlock, {}}},
                      {outDim(0), outDim(1)});
}

TEST(BankConflicts, ColumnAccessToRowMajorTile) {
  LinearLayout rowMajor =
      swizzledSharedToLinearLayout({32, 32}, {1, 1, 1, {1, 0}, {}});
  // Reading a column: all 32 lanes hit the same bank, 32 wavefronts each.
  std::optional<BankConflictStats> col =
      countBankConflicts(tile32(true), rowMajor, 32, 1);
  ASSERT_TRUE(col);
  EXPECT_EQ(col->accesses, 32);
  EXPECT_EQ(col->wavefronts, 32 * 32);
  EXPECT_EQ(col->idealWavefronts, 32);
  EXPECT_EQ(col->conflicts(), 32 * 31);
  // Reading a row is conflict-free.
  std::optional<BankConflictStats> row =
      countBankConflicts(tile32(false), rowMajor, 32, 1);
  ASSERT_TRUE(row);
  EXPECT_EQ(row->conflicts(), 0);
  EXPECT_EQ(row->wavefronts, 32);
  // XOR-swizzling column c of row r to c ^ r spreads the column over all
  // banks.
  LinearLayout swizzled =
      swizzledSharedToLinearLayout({32, 32}, {1, 1, 32, {1, 0}, {}});
  EXPECT_EQ(countBankConflicts(tile32(true), swizzled, 32, 1)->conflicts(), 0);
}

TEST(BankConflicts, SixteenByteAccesses) {
  // f16, 8 consecutive columns (16 bytes) per access, lanes down the rows of
  // a 32x64 tile (128-byte rows).
  LinearLayout regs(
      {{kRegister, {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {0, 32}}},
       {kLane, {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {16, 0}}},
       {kWarp, {}},
       {kBlock, {}}},
      {outDim(0), outDim(1)});
  // Unswizzled: the 8 threads of each quarter-warp phase all start at a
  // multiple of 128 bytes, i.e. the same 4 banks: 8 wavefronts per phase.
  LinearLayout plain =
      swizzledSharedToLinearLayout({32, 64}, {8, 1, 1, {1, 0}, {}});
  std::optional<BankConflictStats> s = countBankConflicts(regs, plain, 16, 8);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->accesses, 8);
  EXPECT_EQ(s->wavefronts, 8 * 4 * 8);
  EXPECT_EQ(s->idealWavefronts, 8 * 4);
  // 128-byte swizzle: chunk k of row r moves to k ^ (r % 8).
  std::optional<LinearLayout> nvmma =
      nvmmaSharedToLinearLayout({32, 64}, {128, false, 16, std::nullopt});
  ASSERT_TRUE(nvmma);
  std::optional<BankConflictStats> t = countBankConflicts(regs, *nvmma, 16, 8);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->wavefronts, 8 * 4);
  EXPECT_EQ(t->conflicts(), 0);
  // A 16-element vector is not contiguous in either layout.
  EXPECT_FALSE(countBankConflicts(regs, *nvmma, 16, 16));
}

TEST(BankConflicts, ConflictsAreCountedPerPhase) {
  // 16-byte f16 accesses to 128-byte rows: lanes 0-2 walk rows, lanes 3-4
  // walk 16-byte chunks. Each quarter-warp phase reads one chunk of 8 rows,
  // i.e. 8 words in each of 4 banks: 8 wavefronts per phase, although the
  // four phases use disjoint banks.
  LinearLayout regs({{kRegister, {{0, 1}, {0, 2}, {0, 4}, {0, 32}}},
                     {kLane, {{1, 0}, {2, 0}, {4, 0}, {0, 8}, {0, 16}}},
                     {kWarp, {}},
                     {kBlock, {}}},
                    {outDim(0), outDim(1)});
  LinearLayout plain =
      swizzledSharedToLinearLayout({8, 64}, {8, 1, 1, {1, 0}, {}});
  std::optional<BankConflictStats> s = countBankConflicts(regs, plain, 16, 8);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->accesses, 2);
  EXPECT_EQ(s->wavefronts, 2 * 4 * 8);
  EXPECT_EQ(s->idealWavefronts, 2 * 4);
}

TEST(BankConflicts, BroadcastReadIsOneWavefront) {
  // Every lane reads the same element.
  LinearLayout regs({{kRegister, {{1}, {2}, {4}, {8}, {16}}},
                     {kLane, {{0}, {0}, {0}, {0}, {0}}}},
                    {outDim(0)});
  LinearLayout shared = LinearLayout::identity1D(32, kOffset, outDim(0));
  std::optional<BankConflictStats> s = countBankConflicts(regs, shared, 32, 1);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->accesses, 32);
  EXPECT_EQ(s->wavefronts, 32);
  EXPECT_EQ(s->conflicts(), 0);
}

} // namespace
