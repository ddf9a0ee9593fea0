//===- WarpExchange.cpp - Layout conversions by warp shuffles ---*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/LinearLayout/WarpExchange.h"

#include "GF2.h"

#include "llvm/ADT/DenseSet.h"

using namespace tt;

namespace {

/// XOR of `table[k]` over the bits k set in `mask`.
uint32_t applyMask(llvm::ArrayRef<uint32_t> table, uint64_t mask) {
  uint32_t out = 0;
  for (unsigned k = 0; k < table.size(); ++k)
    if ((mask >> k) & 1)
      out ^= table[k];
  return out;
}

/// The register mask of the bits of `index` spread over `bits`.
uint32_t spread(llvm::ArrayRef<unsigned> bits, unsigned index) {
  uint32_t out = 0;
  for (unsigned k = 0; k < bits.size(); ++k)
    if ((index >> k) & 1)
      out |= 1u << bits[k];
  return out;
}

unsigned distinctValues(unsigned lanes,
                        llvm::function_ref<uint32_t(uint32_t)> f) {
  llvm::DenseSet<uint32_t> seen;
  for (uint32_t l = 0; l < lanes; ++l)
    seen.insert(f(l));
  return seen.size();
}

} // namespace

uint32_t WarpExchangePlan::roundRegister(unsigned t) const {
  return spread(roundBits, t);
}
uint32_t WarpExchangePlan::slotRegister(unsigned g) const {
  return spread(packBits, g);
}
unsigned WarpExchangePlan::roundOf(uint32_t reg) const {
  unsigned t = 0;
  for (unsigned k = 0; k < roundBits.size(); ++k)
    if ((reg >> roundBits[k]) & 1)
      t |= 1u << k;
  return t;
}
uint32_t WarpExchangePlan::srcRegOf(uint32_t dstRegMask) const {
  return applyMask(regSrcReg, dstRegMask);
}
uint32_t WarpExchangePlan::srcLaneOf(uint32_t dstRegMask) const {
  return applyMask(regSrcLane, dstRegMask);
}
uint32_t WarpExchangePlan::receiverShift(uint32_t lane) const {
  return applyMask(laneShift, lane);
}
uint32_t WarpExchangePlan::sourceLane(unsigned t, uint32_t lane) const {
  // Br (t ^ K L) ^ Bs L, and the copy chosen for L.
  return srcLaneOf(roundRegister(t) ^ receiverShift(lane)) ^
         applyMask(laneSrcLane, lane) ^ applyMask(laneCopy, lane);
}
uint32_t WarpExchangePlan::senderShift(uint32_t lane) const {
  return applyMask(sendShift, lane);
}
uint32_t WarpExchangePlan::sendRegister(unsigned t, unsigned g) const {
  // Ar t ^ N (Br t) ^ Ar g.
  uint32_t r = roundRegister(t);
  return srcRegOf(r) ^ senderShift(srcLaneOf(r)) ^ srcRegOf(slotRegister(g));
}

std::optional<WarpExchangePlan>
tt::planWarpExchange(const LinearLayout &src, const LinearLayout &dst,
                     unsigned elemBits, unsigned maxSelects,
                     unsigned maxRounds) {
  if (elemBits != 8 && elemBits != 16 && elemBits != 32 && elemBits != 64)
    return std::nullopt;
  if (!src.hasInDim(kRegister) || !src.hasInDim(kLane) ||
      !dst.hasInDim(kRegister) || !dst.hasInDim(kLane))
    return std::nullopt;
  if (src.getOutDims() != dst.getOutDims())
    return std::nullopt;
  // Every warp and block holds the same elements on both sides.
  for (Dim d : {kWarp, kBlock}) {
    if (src.hasInDim(d) != dst.hasInDim(d))
      return std::nullopt;
    if (src.hasInDim(d) && src.getPackedBases(d) != dst.getPackedBases(d))
      return std::nullopt;
  }
  unsigned laneBits = src.getInDimSizeLog2(kLane);
  if (laneBits != dst.getInDimSizeLog2(kLane) || laneBits > 6)
    return std::nullopt;
  llvm::ArrayRef<uint64_t> srcRegs = src.getPackedBases(kRegister);
  llvm::ArrayRef<uint64_t> srcLanes = src.getPackedBases(kLane);
  llvm::ArrayRef<uint64_t> dstRegs = dst.getPackedBases(kRegister);
  llvm::ArrayRef<uint64_t> dstLanes = dst.getPackedBases(kLane);
  if (srcRegs.size() > 24 || dstRegs.size() > 24)
    return std::nullopt;

  // Source registers tagged in the low 32 bits, lanes in the high ones.
  gf2::Echelon srcSpan;
  for (unsigned i = 0; i < srcRegs.size(); ++i)
    srcSpan.insert(srcRegs[i], uint64_t(1) << i);
  for (unsigned j = 0; j < srcLanes.size(); ++j)
    srcSpan.insert(srcLanes[j], uint64_t(1) << (32 + j));
  auto solve = [&](uint64_t v, uint32_t &reg, uint32_t &lane) {
    uint64_t tag = 0;
    srcSpan.reduce(v, tag);
    reg = uint32_t(tag);
    lane = uint32_t(tag >> 32);
    return v == 0;
  };

  WarpExchangePlan plan;
  plan.laneBits = laneBits;
  plan.dstRegs = 1u << dstRegs.size();
  // The destination's own elements must be distinct apart from zero bases
  // (copies), and each must be held by the same warp's source registers
  // and lanes.
  gf2::Echelon dstSpan;
  for (unsigned i = 0; i < dstRegs.size(); ++i) {
    uint32_t reg = 0, lane = 0;
    if (dstRegs[i] == 0)
      plan.dstFreeRegs |= 1u << i;
    else if (!dstSpan.insert(dstRegs[i], 0) || !solve(dstRegs[i], reg, lane))
      return std::nullopt;
    plan.regSrcReg.push_back(reg);
    plan.regSrcLane.push_back(lane);
  }
  for (unsigned j = 0; j < dstLanes.size(); ++j) {
    uint32_t reg = 0, lane = 0;
    if (dstLanes[j] != 0 &&
        (!dstSpan.insert(dstLanes[j], 0) || !solve(dstLanes[j], reg, lane)))
      return std::nullopt;
    plan.laneSrcReg.push_back(reg);
    plan.laneSrcLane.push_back(lane);
  }

  // Pack bits: registers read from the receiver's source lane of the group.
  plan.perWord = elemBits >= 32 ? 1 : 32 / elemBits;
  for (unsigned i = 0; i < dstRegs.size(); ++i) {
    if ((plan.dstFreeRegs >> i) & 1)
      continue;
    if (plan.regSrcLane[i] == 0 && plan.slots() < plan.perWord)
      plan.packBits.push_back(i);
    else
      plan.roundBits.push_back(i);
  }
  if (plan.rounds() > maxRounds)
    return std::nullopt;

  // Lane combinations the source maps to nothing: a lane and its partner
  // under one of them hold the same elements in the same registers.
  llvm::SmallVector<uint32_t, 4> copies;
  {
    gf2::Echelon lanes;
    for (unsigned j = 0; j < srcLanes.size(); ++j) {
      uint64_t kernel = 0;
      if (!lanes.insert(srcLanes[j], uint64_t(1) << j, &kernel))
        copies.push_back(uint32_t(kernel));
    }
  }

  // K (and a choice among source copies): for each destination lane bit,
  // the round bits that make the lanes it reads independent of the other
  // lane bits'.
  gf2::Echelon read;
  for (unsigned j = 0; j < dstLanes.size(); ++j) {
    plan.laneShift.push_back(0);
    plan.laneCopy.push_back(0);
    if (dstLanes[j] == 0)
      continue;
    bool found = false;
    for (unsigned t = 0; t < plan.rounds() && !found; ++t)
      for (unsigned c = 0; c < (1u << copies.size()) && !found; ++c) {
        uint32_t shift = plan.roundRegister(t);
        uint32_t copy = applyMask(copies, c);
        uint32_t lane = plan.srcLaneOf(shift) ^ plan.laneSrcLane[j] ^ copy;
        if (lane != 0 && read.insert(lane, uint64_t(1) << j)) {
          plan.laneShift[j] = shift;
          plan.laneCopy[j] = copy;
          found = true;
        }
      }
    if (!found)
      return std::nullopt;
  }

  // N = (Ar K ^ As) M^+, with M^+ defined on a completion of M's columns to
  // a basis of the lane space (the completion maps to nothing: no receiver
  // reads those lanes).
  for (unsigned b = 0; b < laneBits; ++b)
    read.insert(uint64_t(1) << b, 0);
  for (unsigned b = 0; b < laneBits; ++b) {
    uint64_t v = uint64_t(1) << b, tag = 0;
    read.reduce(v, tag);
    uint32_t reg = 0;
    for (unsigned j = 0; j < dstLanes.size(); ++j)
      if ((tag >> j) & 1)
        reg ^= plan.srcRegOf(plan.laneShift[j]) ^ plan.laneSrcReg[j];
    plan.sendShift.push_back(reg);
  }

  unsigned lanes = 1u << laneBits;
  if (distinctValues(lanes, [&](uint32_t l) { return plan.senderShift(l); }) >
          maxSelects ||
      distinctValues(lanes, [&](uint32_t l) { return plan.receiverShift(l); }) >
          maxSelects)
    return std::nullopt;
  return plan;
}
