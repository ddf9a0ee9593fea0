//===- WarpExchangeTest.cpp - layout conversions by warp shuffles ---------===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//
//
// Every plan is executed on a simulated warp: each lane holds the tensor
// coordinates of its source registers, the rounds send and receive words as
// shfl.sync.idx does, and afterwards every lane must hold, in every
// destination register, the coordinate the destination layout puts there.
//
//===----------------------------------------------------------------------===//

#include "tt/LinearLayout/WarpExchange.h"
#include "tt/LinearLayout/Encodings.h"

#include <gtest/gtest.h>

#include <random>

using namespace tt;
using llvm::SmallVector;

namespace {

using Coord = SmallVector<LinearLayout::DimSize, 4>;

Coord at(const LinearLayout &l, int32_t reg, int32_t lane) {
  SmallVector<LinearLayout::DimSize, 4> ins = {{kRegister, reg}, {kLane, lane}};
  return l.apply(ins);
}

/// Runs `plan` on one simulated warp; returns the number of shuffles.
unsigned simulate(const LinearLayout &src, const LinearLayout &dst,
                  const WarpExchangePlan &plan) {
  unsigned lanes = 1u << plan.laneBits;
  unsigned srcRegs = src.getInDimSize(kRegister);
  std::vector<std::vector<Coord>> out(lanes,
                                      std::vector<Coord>(plan.dstRegs));
  for (unsigned t = 0; t < plan.rounds(); ++t) {
    EXPECT_EQ(plan.roundOf(plan.roundRegister(t)), t);
    // What each lane sends: its slot registers for this round.
    std::vector<std::vector<Coord>> sent(lanes);
    for (uint32_t s = 0; s < lanes; ++s)
      for (unsigned g = 0; g < plan.slots(); ++g) {
        uint32_t reg = plan.sendRegister(t, g) ^ plan.senderShift(s);
        EXPECT_LT(reg, srcRegs);
        sent[s].push_back(at(src, reg % srcRegs, s));
      }
    for (uint32_t l = 0; l < lanes; ++l) {
      uint32_t from = plan.sourceLane(t, l);
      EXPECT_LT(from, lanes);
      for (unsigned g = 0; g < plan.slots(); ++g)
        out[l][plan.roundRegister(t) ^ plan.receiverShift(l) ^
               plan.slotRegister(g)] = sent[from % lanes][g];
    }
  }
  for (uint32_t l = 0; l < lanes; ++l)
    for (uint32_t r = 0; r < plan.dstRegs; ++r) {
      EXPECT_EQ(out[l][r & ~plan.dstFreeRegs], at(dst, r, l))
          << "lane " << l << " register " << r;
    }
  return plan.rounds();
}

BlockedParams blocked(SmallVector<unsigned, 4> spt, SmallVector<unsigned, 4> tpw,
                      SmallVector<unsigned, 4> wpc,
                      SmallVector<unsigned, 4> order) {
  return BlockedParams{spt, tpw, wpc, order, std::nullopt};
}

TEST(WarpExchange, Fp8AccumulatorToWgmmaOperandA) {
  // Attention's P in fp8: the wgmma accumulator (pairs of columns per lane)
  // to the 8-bit register operand A (kWidth 4: four consecutive K per lane).
  for (unsigned n : {64u, 128u}) {
    NvidiaMmaParams v3{3, 0, {8, 1}, {16, n, 32}, std::nullopt};
    LinearLayout acc = nvidiaMmaToLinearLayout({128, n}, v3);
    LinearLayout opA = nvidiaDotOperandToLinearLayout({128, n}, v3, 0, 4);
    std::optional<WarpExchangePlan> plan = planWarpExchange(acc, opA, 8);
    ASSERT_TRUE(plan) << "n = " << n;
    EXPECT_EQ(plan->perWord, 4u);
    EXPECT_EQ(plan->slots(), 4u);
    // One 32-bit shuffle per four bytes of the operand.
    EXPECT_EQ(simulate(acc, opA, *plan) * 4,
              unsigned(opA.getInDimSize(kRegister)));
  }
}

TEST(WarpExchange, LanePermutationOfBlockedLayouts) {
  // Same warp tiles, threads arranged 4x8 against 8x4 inside a warp.
  LinearLayout a =
      blockedToLinearLayout({64, 32}, blocked({1, 4}, {4, 8}, {4, 1}, {1, 0}));
  LinearLayout b =
      blockedToLinearLayout({64, 32}, blocked({1, 4}, {4, 8}, {4, 1}, {0, 1}));
  for (unsigned bits : {8u, 16u, 32u, 64u}) {
    std::optional<WarpExchangePlan> plan = planWarpExchange(a, b, bits);
    if (plan)
      simulate(a, b, *plan);
  }
}

TEST(WarpExchange, BroadcastDestination) {
  // A 16-column tensor in a layout that covers 32 columns: the destination
  // holds every element twice (a free lane bit).
  LinearLayout a =
      blockedToLinearLayout({32, 16}, blocked({1, 1}, {1, 32}, {1, 1}, {1, 0}));
  LinearLayout b =
      blockedToLinearLayout({32, 16}, blocked({1, 1}, {32, 1}, {1, 1}, {1, 0}));
  std::optional<WarpExchangePlan> plan = planWarpExchange(a, b, 32, 32, 256);
  ASSERT_TRUE(plan);
  simulate(a, b, *plan);
}

TEST(WarpExchange, CrossingWarpsIsRefused) {
  LinearLayout a =
      blockedToLinearLayout({64, 64}, blocked({1, 4}, {8, 4}, {4, 1}, {1, 0}));
  LinearLayout b =
      blockedToLinearLayout({64, 64}, blocked({1, 4}, {8, 4}, {1, 4}, {1, 0}));
  EXPECT_FALSE(planWarpExchange(a, b, 32));
  // Element widths a 32-bit shuffle word cannot hold evenly.
  EXPECT_FALSE(planWarpExchange(a, a, 1));
  EXPECT_FALSE(planWarpExchange(a, a, 128));
}

TEST(WarpExchange, RandomBasisPermutations) {
  // Two layouts of one 2^(r+5)-element warp tile that deal the coordinate
  // bits out to registers and lanes in random orders (with random XORs of
  // lower bits): every plan found must move the data right.
  std::mt19937 rng(20261202);
  unsigned found = 0, tried = 0;
  for (unsigned regBits : {1u, 2u, 3u, 4u, 5u})
    for (unsigned trial = 0; trial < 40; ++trial) {
      unsigned n = regBits + 5;
      auto randomLayout = [&]() {
        std::vector<uint64_t> cols(n);
        for (unsigned k = 0; k < n; ++k)
          cols[k] = uint64_t(1) << k;
        std::shuffle(cols.begin(), cols.end(), rng);
        for (unsigned k = 1; k < n; ++k)
          if (rng() % 3 == 0)
            cols[k] ^= cols[rng() % k];
        std::vector<LinearLayout::Basis> regs, lanes;
        for (unsigned k = 0; k < n; ++k)
          (k < regBits ? regs : lanes).push_back({int32_t(cols[k])});
        return LinearLayout({{kRegister, regs}, {kLane, lanes}},
                            {{Dim("dim0"), int32_t(1) << n}},
                            /*requireSurjective=*/true);
      };
      LinearLayout a = randomLayout(), b = randomLayout();
      for (unsigned bits : {8u, 32u}) {
        ++tried;
        if (std::optional<WarpExchangePlan> plan =
                planWarpExchange(a, b, bits, 64, 1024)) {
          ++found;
          simulate(a, b, *plan);
        }
      }
    }
  // Most random pairs have a plan when selects are not limited.
  EXPECT_GT(found, tried / 2);
}

} // namespace
