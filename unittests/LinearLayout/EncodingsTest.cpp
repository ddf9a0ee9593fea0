//===- EncodingsTest.cpp - linear layouts of the TritonGPU encodings ------===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//
//
// The expected positions come from independent statements of each encoding:
// a brute-force evaluation of blocked semantics, the fragment tables of the
// PTX ISA (mma.m16n8k16, mma.m16n8k32, wgmma .m64nNk16), AMD's MFMA output
// layout, and the classic XOR-swizzle address formula.
//
//===----------------------------------------------------------------------===//

#include "tt/LinearLayout/Encodings.h"
#include "tt/LinearLayout/LayoutUtils.h"

#include <gtest/gtest.h>

#include <map>

using namespace tt;
using llvm::ArrayRef;
using llvm::SmallVector;

namespace {

using Coord = std::vector<int64_t>;

Coord applyHW(const LinearLayout &l, int32_t reg, int32_t lane, int32_t warp,
              int32_t block = 0) {
  Coord c;
  for (auto [dim, v] : l.apply(
           {{kRegister, reg}, {kLane, lane}, {kWarp, warp}, {kBlock, block}}))
    c.push_back(v);
  return c;
}

Coord applyOffset(const LinearLayout &l, int32_t offset) {
  Coord c;
  for (auto [dim, v] : l.apply({{kOffset, offset}}))
    c.push_back(v);
  return c;
}

int64_t product(ArrayRef<unsigned> v) {
  int64_t p = 1;
  for (unsigned x : v)
    p *= x;
  return p;
}

//===----------------------------------------------------------------------===//
// Blocked: brute force
//===----------------------------------------------------------------------===//

/// Splits a linear index into per-dim indices, order[0] fastest.
SmallVector<int64_t, 4> delinearize(int64_t index, ArrayRef<int64_t> sizes,
                                    ArrayRef<unsigned> order) {
  SmallVector<int64_t, 4> r(sizes.size());
  for (unsigned d : order) {
    r[d] = index % sizes[d];
    index /= sizes[d];
  }
  return r;
}

int64_t linearize(ArrayRef<int64_t> idx, ArrayRef<int64_t> sizes,
                  ArrayRef<unsigned> order) {
  int64_t r = 0, stride = 1;
  for (unsigned d : order) {
    r += idx[d] * stride;
    stride *= sizes[d];
  }
  return r;
}

/// Blocked semantics stated directly: a thread's register index counts first
/// its sizePerThread block, then the repetitions of the CTA tile; the tile
/// places thread blocks by lane, then warp tiles by warp; coordinates wrap
/// modulo the tensor shape (smaller tensors broadcast).
struct BlockedRef {
  BlockedParams p;
  SmallVector<int64_t, 4> shape;
  SmallVector<int64_t, 4> spt, tpw, wpc, tile, reps;

  BlockedRef(BlockedParams params, ArrayRef<int64_t> s)
      : p(std::move(params)), shape(s.begin(), s.end()) {
    for (size_t d = 0; d < shape.size(); ++d) {
      spt.push_back(p.sizePerThread[d]);
      tpw.push_back(p.threadsPerWarp[d]);
      wpc.push_back(p.warpsPerCTA[d]);
      tile.push_back(spt[d] * tpw[d] * wpc[d]);
      reps.push_back(std::max<int64_t>(1, shape[d] / tile[d]));
    }
  }
  int64_t numRegs() const {
    int64_t n = 1;
    for (size_t d = 0; d < shape.size(); ++d)
      n *= spt[d] * reps[d];
    return n;
  }
  int64_t numLanes() const { return product(p.threadsPerWarp); }
  int64_t numWarps() const { return product(p.warpsPerCTA); }

  Coord element(int64_t reg, int64_t lane, int64_t warp) const {
    int64_t perBlock = 1;
    for (int64_t s : spt)
      perBlock *= s;
    auto e = delinearize(reg % perBlock, spt, p.order);
    auto rep = delinearize(reg / perBlock, reps, p.order);
    auto l = delinearize(lane, tpw, p.order);
    auto w = delinearize(warp, wpc, p.order);
    Coord x;
    for (size_t d = 0; d < shape.size(); ++d)
      x.push_back(
          (rep[d] * tile[d] + w[d] * spt[d] * tpw[d] + l[d] * spt[d] + e[d]) %
          shape[d]);
    return x;
  }

  /// The owner of an element, for tensors that are multiples of the tile.
  std::array<int64_t, 3> owner(ArrayRef<int64_t> x) const {
    SmallVector<int64_t, 4> e, l, w, rep;
    for (size_t d = 0; d < shape.size(); ++d) {
      int64_t within = x[d] % tile[d];
      rep.push_back(x[d] / tile[d]);
      w.push_back(within / (spt[d] * tpw[d]));
      l.push_back((within / spt[d]) % tpw[d]);
      e.push_back(within % spt[d]);
    }
    int64_t perBlock = 1;
    for (int64_t s : spt)
      perBlock *= s;
    return {linearize(e, spt, p.order) +
                perBlock * linearize(rep, reps, p.order),
            linearize(l, tpw, p.order), linearize(w, wpc, p.order)};
  }
};

void expectMatchesBlockedRef(const BlockedParams &p, ArrayRef<int64_t> shape) {
  BlockedRef ref(p, shape);
  LinearLayout l = blockedToLinearLayout(shape, p);
  ASSERT_EQ(l.getInDimSize(kRegister), ref.numRegs());
  ASSERT_EQ(l.getInDimSize(kLane), ref.numLanes());
  ASSERT_EQ(l.getInDimSize(kWarp), ref.numWarps());
  ASSERT_EQ(l.getInDimSize(kBlock), 1);
  for (size_t d = 0; d < shape.size(); ++d)
    ASSERT_EQ(l.getOutDimSize(outDim(d)), shape[d]);
  for (int64_t r = 0; r < ref.numRegs(); ++r)
    for (int64_t lane = 0; lane < ref.numLanes(); ++lane)
      for (int64_t w = 0; w < ref.numWarps(); ++w)
        ASSERT_EQ(applyHW(l, r, lane, w), ref.element(r, lane, w))
            << "reg " << r << " lane " << lane << " warp " << w;
}

BlockedParams blocked(SmallVector<unsigned, 4> spt,
                      SmallVector<unsigned, 4> tpw,
                      SmallVector<unsigned, 4> wpc,
                      SmallVector<unsigned, 4> order) {
  return BlockedParams{spt, tpw, wpc, order, std::nullopt};
}

// #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8],
//               warpsPerCTA = [4, 1], order = [1, 0]}> on 128x64.
const BlockedParams kBlocked18 = blocked({1, 8}, {4, 8}, {4, 1}, {1, 0});

TEST(Blocked, Ownership128x64) {
  expectMatchesBlockedRef(kBlocked18, {128, 64});
  // Tensor -> owner, element by element: the layout is a bijection and its
  // inverse agrees with the direct ownership formula.
  BlockedRef ref(kBlocked18, {128, 64});
  LinearLayout inv = blockedToLinearLayout({128, 64}, kBlocked18).invert();
  for (int32_t i = 0; i < 128; ++i)
    for (int32_t j = 0; j < 64; ++j) {
      auto hw = inv.apply({{outDim(0), i}, {outDim(1), j}});
      auto want = ref.owner({i, j});
      ASSERT_EQ(hw[0].second, want[0]) << i << "," << j;
      ASSERT_EQ(hw[1].second, want[1]) << i << "," << j;
      ASSERT_EQ(hw[2].second, want[2]) << i << "," << j;
      ASSERT_EQ(hw[3].second, 0);
    }
  // Spot checks by hand: lane 9 is (row 1, cols 8..15); warp 2 starts at
  // row 8; register 8 is the next 16-row tile.
  LinearLayout l = blockedToLinearLayout({128, 64}, kBlocked18);
  EXPECT_EQ(applyHW(l, 3, 9, 0), (Coord{1, 11}));
  EXPECT_EQ(applyHW(l, 0, 0, 2), (Coord{8, 0}));
  EXPECT_EQ(applyHW(l, 8, 0, 0), (Coord{16, 0}));
}

TEST(Blocked, LargerTensorRepeatsTile) {
  expectMatchesBlockedRef(kBlocked18, {256, 128});
  expectMatchesBlockedRef(blocked({2, 2}, {8, 4}, {2, 2}, {0, 1}), {64, 32});
  expectMatchesBlockedRef(blocked({1, 1, 4}, {2, 4, 4}, {1, 2, 2}, {2, 1, 0}),
                          {4, 16, 64});
  expectMatchesBlockedRef(blocked({1, 4, 2}, {4, 2, 4}, {2, 1, 2}, {0, 2, 1}),
                          {16, 8, 16});
}

TEST(Blocked, SmallerTensorBroadcasts) {
  expectMatchesBlockedRef(kBlocked18, {8, 32});
  expectMatchesBlockedRef(kBlocked18, {1, 4});
  LinearLayout l = blockedToLinearLayout({8, 32}, kBlocked18);
  // Rows: lanes cover 4, warps 16 > 8, so warp bit 1 is a copy; columns:
  // lanes cover 64 > 32, so the lane bit meaning +32 columns is a copy.
  EXPECT_EQ(l.getFreeVariableMask(kWarp), 0b10);
  EXPECT_EQ(l.getFreeVariableMask(kLane), 0b00100);
  EXPECT_EQ(l.getFreeVariableMask(kRegister), 0);
  EXPECT_TRUE(l.isSurjective());
}

TEST(Blocked, FourFloatsPerThreadAreOneVector) {
  BlockedParams p = blocked({4}, {32}, {4}, {0});
  expectMatchesBlockedRef(p, {1024});
  LinearLayout l = blockedToLinearLayout({1024}, p);
  EXPECT_EQ(l.getNumConsecutiveInOut(), 4); // 4 x f32 = one 128-bit access
  // 2-D, order [1, 0]: look along dim1 by putting it first.
  LinearLayout l2 = blockedToLinearLayout({128, 64}, kBlocked18);
  EXPECT_EQ(l2.getNumConsecutiveInOut(), 1); // dim0 first: no run
  EXPECT_EQ(l2.transposeOuts({outDim(1), outDim(0)}).getNumConsecutiveInOut(),
            8);
}

TEST(Blocked, CTASplit) {
  // Two CTAs split the rows; each CTA lays out a 64x16 half.
  BlockedParams p = blocked({1, 4}, {8, 4}, {4, 1}, {1, 0});
  p.cga = CGALayout{{2, 1}, {2, 1}, {1, 0}};
  LinearLayout l = blockedToLinearLayout({128, 16}, p);
  BlockedRef half(blocked({1, 4}, {8, 4}, {4, 1}, {1, 0}), {64, 16});
  ASSERT_EQ(l.getInDimSize(kBlock), 2);
  ASSERT_EQ(l.getInDimSize(kRegister), half.numRegs());
  for (int32_t b = 0; b < 2; ++b)
    for (int32_t r = 0; r < half.numRegs(); ++r)
      for (int32_t lane = 0; lane < 32; ++lane)
        for (int32_t w = 0; w < 4; ++w) {
          Coord want = half.element(r, lane, w);
          want[0] += 64 * b;
          ASSERT_EQ(applyHW(l, r, lane, w, b), want);
        }
  // Two CTAs that do not split the tensor hold copies.
  p.cga = CGALayout{{2, 1}, {1, 1}, {1, 0}};
  LinearLayout copies = blockedToLinearLayout({128, 16}, p);
  EXPECT_EQ(copies.getFreeVariableMask(kBlock), 1);
}

//===----------------------------------------------------------------------===//
// Slice
//===----------------------------------------------------------------------===//

TEST(Slice, DropsDimAndDuplicateRegisters) {
  // slice<{dim = 1, parent = kBlocked18}> on [128]: the parent, computed on
  // [128, 1], gives each thread 8 registers along the size-1 dim 1 (all
  // column 0) times 8 row repeats; only the 8 row repeats stay.
  SmallVector<int64_t, 4> parentShape = sliceParentShape({128}, 1);
  EXPECT_EQ(parentShape, (SmallVector<int64_t, 4>{128, 1}));
  LinearLayout s =
      sliceLinearLayout(blockedToLinearLayout(parentShape, kBlocked18), 1);
  EXPECT_EQ(s.getOutDimNames(), (SmallVector<Dim, 4>{outDim(0)}));
  EXPECT_EQ(s.getOutDimSize(outDim(0)), 128);
  EXPECT_EQ(s.getInDimSize(kRegister), 8); // 128 rows / 16 rows per tile
  BlockedRef parent(kBlocked18, {128, 1});
  for (int32_t r = 0; r < 8; ++r)
    for (int32_t lane = 0; lane < 32; ++lane)
      for (int32_t w = 0; w < 4; ++w)
        // Parent registers 8r .. 8r+7 all hold row x, column 0.
        ASSERT_EQ(applyHW(s, r, lane, w),
                  (Coord{parent.element(8 * r, lane, w)[0]}));
  // The 8 lanes of a row hold copies.
  EXPECT_EQ(s.getFreeVariableMask(kLane), 0b00111);

  // slice<{dim = 0}> on [64]: the 8 consecutive columns stay in registers.
  LinearLayout s0 = sliceLinearLayout(
      blockedToLinearLayout(sliceParentShape({64}, 0), kBlocked18), 0);
  EXPECT_EQ(s0.getInDimSize(kRegister), 8);
  EXPECT_EQ(s0.getNumConsecutiveInOut(), 8);
  EXPECT_EQ(s0.getFreeVariableMask(kWarp), 0b11);
}

//===----------------------------------------------------------------------===//
// NVIDIA mma
//===----------------------------------------------------------------------===//

NvidiaMmaParams mma(unsigned version, SmallVector<unsigned, 4> warps,
                    SmallVector<unsigned, 4> instr) {
  return NvidiaMmaParams{version, 0, warps, instr, std::nullopt};
}

TEST(NvidiaMma, V2AccumulatorMatchesPtxFragment) {
  // mma.m16n8k16 C/D fragment: c0,c1 at (groupID, 2*tig + {0,1}), c2,c3 at
  // (groupID + 8, same columns), groupID = lane / 4, tig = lane % 4.
  LinearLayout l = nvidiaMmaToLinearLayout({16, 8}, mma(2, {1, 1}, {16, 8}));
  ASSERT_EQ(l.getInDimSize(kRegister), 4);
  for (int32_t lane = 0; lane < 32; ++lane)
    for (int32_t r = 0; r < 4; ++r)
      EXPECT_EQ(applyHW(l, r, lane, 0),
                (Coord{lane / 4 + 8 * (r / 2), 2 * (lane % 4) + r % 2}));
}

TEST(NvidiaMma, V2AccumulatorWithWarpsAndRepeats) {
  // warps [2, 2], row-major: warp bit 0 moves along N (8 columns), bit 1
  // along M (16 rows). The 32x16 CTA tile repeats along N first (registers
  // 4..15), then along M (register bit 4).
  LinearLayout l = nvidiaMmaToLinearLayout({64, 64}, mma(2, {2, 2}, {16, 8}));
  ASSERT_EQ(l.getInDimSize(kRegister), 32);
  for (int32_t w = 0; w < 4; ++w)
    for (int32_t lane = 0; lane < 32; ++lane)
      for (int32_t r = 0; r < 32; ++r) {
        int64_t row =
            lane / 4 + 8 * ((r >> 1) & 1) + 16 * (w / 2) + 32 * ((r >> 4) & 1);
        int64_t col =
            2 * (lane % 4) + (r & 1) + 8 * (w % 2) + 16 * ((r >> 2) & 3);
        ASSERT_EQ(applyHW(l, r, lane, w), (Coord{row, col}));
      }
  EXPECT_TRUE(l.isInvertible());
}

TEST(NvidiaMma, V3AccumulatorMatchesWgmmaFragment) {
  // wgmma .m64nNk16 D fragment: warp w of the warpgroup owns rows 16w..;
  // d[4j + i] is at (16w + groupID + 8 * (i / 2), 8j + 2 * tig + i % 2).
  LinearLayout l =
      nvidiaMmaToLinearLayout({64, 64}, mma(3, {4, 1}, {16, 64, 16}));
  ASSERT_EQ(l.getInDimSize(kRegister), 32);
  for (int32_t w = 0; w < 4; ++w)
    for (int32_t lane = 0; lane < 32; ++lane)
      for (int32_t r = 0; r < 32; ++r) {
        int32_t j = r / 4, i = r % 4;
        ASSERT_EQ(applyHW(l, r, lane, w),
                  (Coord{16 * w + lane / 4 + 8 * (i / 2),
                         8 * j + 2 * (lane % 4) + i % 2}));
      }
}

TEST(NvidiaMma, V3WarpsGoDownMFirst) {
  // warps [4, 2]: warps 0-3 form the warpgroup along M, warp 4 starts the
  // next 64 columns.
  LinearLayout l =
      nvidiaMmaToLinearLayout({64, 128}, mma(3, {4, 2}, {16, 64, 16}));
  EXPECT_EQ(applyHW(l, 0, 0, 1), (Coord{16, 0}));
  EXPECT_EQ(applyHW(l, 0, 0, 4), (Coord{0, 64}));
  EXPECT_EQ(applyHW(l, 0, 0, 5), (Coord{16, 64}));
  EXPECT_TRUE(l.isInvertible());
  // The corpus matmul: warps [8, 1], instrShape [16, 256, 16], 128x256.
  LinearLayout big =
      nvidiaMmaToLinearLayout({128, 256}, mma(3, {8, 1}, {16, 256, 16}));
  EXPECT_EQ(big.getInDimSize(kRegister), 128);
  EXPECT_TRUE(big.isInvertible());
  EXPECT_EQ(applyHW(big, 127, 31, 7), (Coord{127, 255}));
}

TEST(NvidiaMma, V2DotOperandAMatchesPtxFragment) {
  // mma.m16n8k16 A (f16, kWidth 2): a0,a1 (g, 2t+{0,1}), a2,a3 (g+8, ..),
  // a4,a5 (g, 2t+8+{0,1}), a6,a7 (g+8, 2t+8+{0,1}).
  LinearLayout l = nvidiaDotOperandToLinearLayout(
      {16, 16}, mma(2, {1, 1}, {16, 8}), /*opIdx=*/0, /*kWidth=*/2);
  ASSERT_EQ(l.getInDimSize(kRegister), 8);
  for (int32_t lane = 0; lane < 32; ++lane)
    for (int32_t r = 0; r < 8; ++r)
      EXPECT_EQ(applyHW(l, r, lane, 0),
                (Coord{lane / 4 + 8 * ((r >> 1) & 1),
                       2 * (lane % 4) + (r & 1) + 8 * ((r >> 2) & 1)}));
  // mma.m16n8k32 A (8-bit, kWidth 4): a0..a3 (g, 4t+{0..3}), a4..a7 (g+8),
  // a8..a11 (g, 16+4t+..), a12..a15 (g+8, 16+4t+..).
  LinearLayout i8 =
      nvidiaDotOperandToLinearLayout({16, 32}, mma(2, {1, 1}, {16, 8}), 0, 4);
  ASSERT_EQ(i8.getInDimSize(kRegister), 16);
  for (int32_t lane = 0; lane < 32; ++lane)
    for (int32_t r = 0; r < 16; ++r)
      EXPECT_EQ(applyHW(i8, r, lane, 0),
                (Coord{lane / 4 + 8 * ((r >> 2) & 1),
                       4 * (lane % 4) + (r & 3) + 16 * ((r >> 3) & 1)}));
}

TEST(NvidiaMma, V2DotOperandBMatchesPtxFragment) {
  // mma.m16n8k16 B (f16): b0,b1 at (k = 2t+{0,1}, n = g), b2,b3 at k + 8.
  LinearLayout l = nvidiaDotOperandToLinearLayout(
      {16, 8}, mma(2, {1, 1}, {16, 8}), /*opIdx=*/1, /*kWidth=*/2);
  ASSERT_EQ(l.getInDimSize(kRegister), 4);
  for (int32_t lane = 0; lane < 32; ++lane)
    for (int32_t r = 0; r < 4; ++r)
      EXPECT_EQ(applyHW(l, r, lane, 0),
                (Coord{2 * (lane % 4) + (r & 1) + 8 * (r >> 1), lane / 4}));
}

TEST(NvidiaMma, DotOperandsBroadcastOverWarpsAlongK) {
  // mma warps [2, 2] (row-major): warp bit 0 walks N, bit 1 walks M. A does
  // not depend on N, B not on M.
  LinearLayout a =
      nvidiaDotOperandToLinearLayout({32, 16}, mma(2, {2, 2}, {16, 8}), 0, 2);
  EXPECT_EQ(a.getFreeVariableMask(kWarp), 0b01);
  EXPECT_EQ(applyHW(a, 0, 0, 2), (Coord{16, 0}));
  LinearLayout b =
      nvidiaDotOperandToLinearLayout({16, 16}, mma(2, {2, 2}, {16, 8}), 1, 2);
  EXPECT_EQ(b.getFreeVariableMask(kWarp), 0b10);
  EXPECT_EQ(applyHW(b, 0, 0, 1), (Coord{0, 8}));
}

TEST(NvidiaMma, V3DotOperandA) {
  // Hopper register A: same per-warp fragment as mma.sync, warps down M.
  LinearLayout l = nvidiaDotOperandToLinearLayout(
      {64, 16}, mma(3, {4, 1}, {16, 64, 16}), 0, 2);
  for (int32_t w = 0; w < 4; ++w)
    for (int32_t lane = 0; lane < 32; ++lane)
      for (int32_t r = 0; r < 8; ++r)
        ASSERT_EQ(applyHW(l, r, lane, w),
                  (Coord{16 * w + lane / 4 + 8 * ((r >> 1) & 1),
                         2 * (lane % 4) + (r & 1) + 8 * ((r >> 2) & 1)}));
}

TEST(BlockedDotOperand, ThreadsHoldAllOfK) {
  // Parent: 8x4 lanes, 2x2 warps, order [1, 0]. Operand A of shape 32x8:
  // thread (lane, warp) owns the rows its parent position covers (row
  // 8 * (warp / 2) + lane / 4, repeated every 16 rows), all 8 K values.
  BlockedParams parent = blocked({1, 1}, {8, 4}, {2, 2}, {1, 0});
  LinearLayout a = blockedDotOperandToLinearLayout({32, 8}, parent, 0);
  ASSERT_EQ(a.getInDimSize(kRegister), 16);
  for (int32_t w = 0; w < 4; ++w)
    for (int32_t lane = 0; lane < 32; ++lane)
      for (int32_t r = 0; r < 16; ++r)
        ASSERT_EQ(applyHW(a, r, lane, w),
                  (Coord{16 * (r / 8) + 8 * (w / 2) + lane / 4, r % 8}));
  EXPECT_EQ(a.getFreeVariableMask(kLane), 0b00011);
  EXPECT_EQ(a.getFreeVariableMask(kWarp), 0b01);
  // Operand B of shape 4x16: registers 0..3 are the 4 K rows, register bit
  // 2 repeats the 8-column tile; columns by lane % 4 and warp % 2.
  LinearLayout b = blockedDotOperandToLinearLayout({4, 16}, parent, 1);
  ASSERT_EQ(b.getInDimSize(kRegister), 8);
  for (int32_t w = 0; w < 4; ++w)
    for (int32_t lane = 0; lane < 32; ++lane)
      for (int32_t r = 0; r < 8; ++r)
        ASSERT_EQ(applyHW(b, r, lane, w),
                  (Coord{r % 4, 8 * (r / 4) + 4 * (w % 2) + lane % 4}));
}

//===----------------------------------------------------------------------===//
// AMD mfma
//===----------------------------------------------------------------------===//

AmdMfmaParams mfma(SmallVector<unsigned, 4> warps, unsigned m, unsigned n,
                   bool transposed) {
  AmdMfmaParams p;
  p.version = 3;
  p.warpsPerCTA = warps;
  p.instrShape = {m, n};
  p.isTransposed = transposed;
  return p;
}

TEST(AmdMfma, Mfma32x32) {
  // 32x32 output: lane i holds column i % 32; its 16 values are rows
  // 8 * (k / 4) + 4 * (i / 32) + k % 4.
  for (bool transposed : {false, true}) {
    LinearLayout l =
        amdMfmaToLinearLayout({32, 32}, mfma({1, 1}, 32, 32, transposed));
    ASSERT_EQ(l.getInDimSize(kRegister), 16);
    ASSERT_EQ(l.getInDimSize(kLane), 64);
    for (int32_t lane = 0; lane < 64; ++lane)
      for (int32_t k = 0; k < 16; ++k) {
        int64_t along = 8 * (k / 4) + 4 * (lane / 32) + k % 4;
        int64_t across = lane % 32;
        Coord want = transposed ? Coord{across, along} : Coord{along, across};
        ASSERT_EQ(applyHW(l, k, lane, 0), want);
      }
  }
}

TEST(AmdMfma, Mfma16x16) {
  // 16x16 output: lane i holds column i % 16, rows 4 * (i / 16) + k.
  LinearLayout l = amdMfmaToLinearLayout({16, 16}, mfma({1, 1}, 16, 16, false));
  ASSERT_EQ(l.getInDimSize(kRegister), 4);
  for (int32_t lane = 0; lane < 64; ++lane)
    for (int32_t k = 0; k < 4; ++k)
      EXPECT_EQ(applyHW(l, k, lane, 0),
                (Coord{4 * (lane / 16) + k, lane % 16}));
}

TEST(AmdMfma, WarpsAndRepeatsGoAlongNFirst) {
  LinearLayout l =
      amdMfmaToLinearLayout({128, 128}, mfma({2, 2}, 32, 32, false));
  ASSERT_EQ(l.getInDimSize(kRegister), 64);
  for (int32_t w = 0; w < 4; ++w)
    for (int32_t lane = 0; lane < 64; ++lane)
      for (int32_t r = 0; r < 64; ++r) {
        int64_t row = 8 * ((r >> 2) & 3) + 4 * (lane / 32) + (r & 3) +
                      32 * (w / 2) + 64 * ((r >> 5) & 1);
        int64_t col = lane % 32 + 32 * (w % 2) + 64 * ((r >> 4) & 1);
        ASSERT_EQ(applyHW(l, r, lane, w), (Coord{row, col}));
      }
}

//===----------------------------------------------------------------------===//
// Shared memory
//===----------------------------------------------------------------------===//

/// Classic swizzled address of element x: rows of the two fastest dims,
/// column groups of `vec` XORed with the row's phase; outer dims row-major
/// by order.
int64_t swizzledOffset(const SwizzledSharedParams &p, ArrayRef<int64_t> shape,
                       ArrayRef<int64_t> x) {
  unsigned colDim = p.order[0], rowDim = p.order[1];
  int64_t cols = shape[colDim];
  int64_t r = x[rowDim], c = x[colDim];
  int64_t phase = (r / p.perPhase) % p.maxPhase;
  int64_t groups = cols / p.vec;
  int64_t swizzled =
      groups > 0 ? (((c / p.vec) ^ phase) % groups) * p.vec + c % p.vec : c;
  int64_t offset = r * cols + swizzled;
  int64_t stride = cols * shape[rowDim];
  for (size_t i = 2; i < p.order.size(); ++i) {
    offset += x[p.order[i]] * stride;
    stride *= shape[p.order[i]];
  }
  return offset;
}

void expectSwizzleMatches(const SwizzledSharedParams &p,
                          ArrayRef<int64_t> shape) {
  LinearLayout l = swizzledSharedToLinearLayout(shape, p);
  ASSERT_TRUE(l.isInvertible());
  int64_t total = 1;
  for (int64_t s : shape)
    total *= s;
  SmallVector<unsigned, 4> rowMajor = getMatrixOrder(shape.size(), true);
  for (int64_t flat = 0; flat < total; ++flat) {
    auto x = delinearize(flat, shape, rowMajor);
    int64_t off = swizzledOffset(p, shape, x);
    ASSERT_EQ(applyOffset(l, int32_t(off)), Coord(x.begin(), x.end()))
        << "offset " << off;
  }
}

TEST(SwizzledShared, MatchesXorSwizzleFormula) {
  expectSwizzleMatches({2, 2, 4, {1, 0}, std::nullopt}, {16, 16});
  expectSwizzleMatches({8, 1, 8, {1, 0}, std::nullopt}, {64, 64});
  // vec * maxPhase wider than a row: the phase wraps within the row.
  expectSwizzleMatches({4, 1, 8, {1, 0}, std::nullopt}, {8, 16});
  // Column-major: dim0 is the contiguous one.
  expectSwizzleMatches({4, 2, 4, {0, 1}, std::nullopt}, {32, 8});
  expectSwizzleMatches({2, 1, 4, {2, 1, 0}, std::nullopt}, {2, 8, 16});
  // No swizzle: plain row-major.
  LinearLayout plain =
      swizzledSharedToLinearLayout({4, 8}, {1, 1, 1, {1, 0}, std::nullopt});
  EXPECT_EQ(applyOffset(plain, 8 + 3), (Coord{1, 3}));
}

/// NVMMA address of element (r, c) for a row-major tensor whose rows fit one
/// TMA box (<= 256 rows): boxes of `width` columns one after the other; in a
/// box, row r's 16-byte chunk k is stored at chunk k ^ ((r / perPhase) %
/// maxPhase).
int64_t nvmmaOffset(unsigned swizzleBytes, unsigned elemBits, int64_t rows,
                    int64_t r, int64_t c) {
  int64_t width = 8 * swizzleBytes / elemBits; // elements per box row
  int64_t chunk = 128 / elemBits;              // elements per 16 bytes
  int64_t perPhase = 128 / swizzleBytes, maxPhase = swizzleBytes / 16;
  int64_t box = c / width, cc = c % width;
  int64_t phase = (r / perPhase) % maxPhase;
  int64_t within = r * width + ((cc / chunk) ^ phase) * chunk + cc % chunk;
  return box * rows * width + within;
}

TEST(NVMMAShared, SwizzleModesMatchHardwareFormula) {
  struct Case {
    unsigned swizzle, elemBits;
    int64_t rows, cols;
  } cases[] = {{128, 16, 128, 64}, {64, 16, 128, 64}, {32, 16, 128, 64},
               {128, 32, 64, 32},  {128, 8, 16, 128}, {128, 16, 64, 128}};
  for (const Case &c : cases) {
    std::optional<LinearLayout> l = nvmmaSharedToLinearLayout(
        {c.rows, c.cols}, {c.swizzle, false, c.elemBits, std::nullopt});
    ASSERT_TRUE(l);
    ASSERT_TRUE(l->isInvertible());
    for (int64_t r = 0; r < c.rows; ++r)
      for (int64_t col = 0; col < c.cols; ++col)
        ASSERT_EQ(applyOffset(*l, int32_t(nvmmaOffset(c.swizzle, c.elemBits,
                                                      c.rows, r, col))),
                  (Coord{r, col}))
            << "swizzle " << c.swizzle << " bits " << c.elemBits << " at (" << r
            << ", " << col << ")";
  }
}

TEST(NVMMAShared, Transposed) {
  // dim0 is contiguous: the roles of rows and columns swap.
  std::optional<LinearLayout> l =
      nvmmaSharedToLinearLayout({64, 128}, {128, true, 16, std::nullopt});
  ASSERT_TRUE(l);
  for (int64_t d0 = 0; d0 < 64; ++d0)
    for (int64_t d1 = 0; d1 < 128; ++d1)
      ASSERT_EQ(applyOffset(*l, int32_t(nvmmaOffset(128, 16, 128, d1, d0))),
                (Coord{d0, d1}));
}

TEST(NVMMAShared, NoSwizzleIsRowMajor) {
  std::optional<LinearLayout> l =
      nvmmaSharedToLinearLayout({32, 64}, {0, false, 16, std::nullopt});
  ASSERT_TRUE(l);
  for (int32_t off = 0; off < 32 * 64; ++off)
    ASSERT_EQ(applyOffset(*l, off), (Coord{off / 64, off % 64}));
}

TEST(NVMMAShared, Rank3CollapsesLeadingDims) {
  // [2, 8, 64] f16 with 128-byte swizzle: the 16 rows of the collapsed box
  // are (d0, d1) row-major.
  std::optional<LinearLayout> l =
      nvmmaSharedToLinearLayout({2, 8, 64}, {128, false, 16, std::nullopt});
  ASSERT_TRUE(l);
  for (int64_t d0 = 0; d0 < 2; ++d0)
    for (int64_t d1 = 0; d1 < 8; ++d1)
      for (int64_t c = 0; c < 64; ++c)
        ASSERT_EQ(
            applyOffset(*l, int32_t(nvmmaOffset(128, 16, 16, d0 * 8 + d1, c))),
            (Coord{d0, d1, c}));
}

TEST(NVMMAShared, RejectsShapesSmallerThanOneTile) {
  std::string error;
  EXPECT_FALSE(nvmmaSharedToLinearLayout(
      {128, 32}, {128, false, 16, std::nullopt}, &error));
  EXPECT_FALSE(error.empty());
  EXPECT_FALSE(
      nvmmaSharedToLinearLayout({4, 64}, {128, false, 16, std::nullopt}));
  EXPECT_FALSE(
      nvmmaSharedToLinearLayout({64, 64}, {96, false, 16, std::nullopt}));
}

TEST(LayoutUtils, Orders) {
  EXPECT_EQ(getMatrixOrder(2, true), (SmallVector<unsigned, 4>{1, 0}));
  EXPECT_EQ(getMatrixOrder(3, false), (SmallVector<unsigned, 4>{1, 2, 0}));
  EXPECT_EQ(getOrderForDotOperand(0, 2, true),
            (SmallVector<unsigned, 4>{1, 0}));
  EXPECT_EQ(getOrderForDotOperand(1, 2, true),
            (SmallVector<unsigned, 4>{0, 1}));
  EXPECT_EQ(getOrderForDotOperand(1, 3, false),
            (SmallVector<unsigned, 4>{2, 1, 0}));
}

TEST(LayoutUtils, EnsureNotLargerWrapsAndNotSmallerRepeats) {
  LinearLayout l = LinearLayout::identity1D(8, kRegister, "d");
  LinearLayout small = ensureLayoutNotLargerThan(l, {{"d", 2}});
  EXPECT_EQ(small.getBases(kRegister),
            (std::vector<std::vector<int32_t>>{{1}, {0}, {0}}));
  // Wrapping is modulo the size, also for bases that are not powers of two
  // (e.g. a swizzled row basis (row, 5) in a 4-wide dim becomes (row, 1)).
  LinearLayout mixed({{kOffset, {{1, 5}, {2, 0}}}}, {{"r", 4}, {"c", 8}},
                     /*requireSurjective=*/false);
  EXPECT_EQ(ensureLayoutNotLargerThan(mixed, {{"c", 4}}).getBases(kOffset),
            (std::vector<std::vector<int32_t>>{{1, 1}, {2, 0}}));
  LinearLayout big = ensureLayoutNotSmallerThan(
      LinearLayout::identity1D(2, kLane, "d"), {{"d", 8}});
  EXPECT_EQ(big.getInDimNames(), (SmallVector<Dim, 4>{kLane}));
  EXPECT_EQ(big.getBases(kLane),
            (std::vector<std::vector<int32_t>>{{1}, {2}, {4}}));
}

} // namespace
