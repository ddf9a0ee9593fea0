//===- WarpExchange.h - Layout conversions by warp shuffles -----*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//
//
// A layout conversion in which every warp (and block) holds the same tensor
// elements before and after only moves elements between the registers and
// lanes of each warp, so it can be done with index shuffles instead of a
// round trip through shared memory and two barriers.
//
// With both layouts linear over GF(2), the source of destination register r
// in lane L is itself linear in (r, L):
//
//     source register = Ar r ^ As L,     source lane = Br r ^ Bs L.
//
// A shuffle delivers one 32-bit word per lane and round, read from a lane
// the receiver names; the sender must put in its word what every receiver
// reading it wants. The plan:
//
//   - pack bits: destination register bits whose elements come from the
//     receiver's own source lane (Br = 0 on them), up to 32 / element bits of
//     them, travel together in one word;
//   - round bits: the other destination register bits are enumerated, one
//     shuffle per value t. To keep two receivers from reading one sender for
//     different words, receiver L handles the register group t ^ K L in
//     round t, with K (lane bits -> round bits) chosen so that the lane read,
//     Br t ^ (Br K ^ Bs) L, is a different lane for every receiver;
//   - the sender then knows which receiver reads it and sends the register
//     Ar t ^ N (Br t) ^ N S, N = (Ar K ^ As)(Br K ^ Bs)^+: a constant per
//     round plus a linear function of its own lane.
//
// The lane-dependent parts (N S on the sender, K L on the receiver) become
// selects over the few values they take; plans needing more than a handful
// are refused, as are conversions that cross warps.
//
//===----------------------------------------------------------------------===//

#ifndef TT_LINEARLAYOUT_WARPEXCHANGE_H
#define TT_LINEARLAYOUT_WARPEXCHANGE_H

#include "tt/LinearLayout/LinearLayout.h"

#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>

namespace tt {

struct WarpExchangePlan {
  /// Elements per shuffled word (1 for 32- and 64-bit elements).
  unsigned perWord = 1;
  /// log2 of the lanes of a warp.
  unsigned laneBits = 0;
  /// Destination register bits packed into one word, slot bit k = packBits[k].
  llvm::SmallVector<unsigned, 4> packBits;
  /// Destination register bits enumerated by the rounds, round bit k =
  /// roundBits[k].
  llvm::SmallVector<unsigned, 8> roundBits;
  /// Destination register bits whose registers copy others (zero bases).
  uint32_t dstFreeRegs = 0;
  /// Number of destination registers.
  unsigned dstRegs = 0;
  /// Per destination register bit: Ar (source register) and Br (source lane).
  llvm::SmallVector<uint32_t, 8> regSrcReg, regSrcLane;
  /// Per destination lane bit: As, Bs, and K (a destination register mask
  /// over the round bits).
  llvm::SmallVector<uint32_t, 8> laneSrcReg, laneSrcLane, laneShift;
  /// Per destination lane bit: a source lane mask the source maps to
  /// nothing (the lane read holds a copy of the same registers), chosen to
  /// keep the lanes read distinct when the source is broadcast.
  llvm::SmallVector<uint32_t, 8> laneCopy;
  /// Per source lane bit b: N e_b, a source register mask.
  llvm::SmallVector<uint32_t, 8> sendShift;

  unsigned rounds() const { return 1u << roundBits.size(); }
  unsigned slots() const { return 1u << packBits.size(); }
  /// The destination register mask of round `t` (t indexes roundBits) and
  /// of slot `g` (g indexes packBits).
  uint32_t roundRegister(unsigned t) const;
  uint32_t slotRegister(unsigned g) const;
  /// The round whose register mask is the round-bit part of `reg` (the
  /// inverse of roundRegister).
  unsigned roundOf(uint32_t reg) const;
  /// K L: the register mask receiver `lane` adds to each round's.
  uint32_t receiverShift(uint32_t lane) const;
  /// The lane receiver `lane` reads in round `t`.
  uint32_t sourceLane(unsigned t, uint32_t lane) const;
  /// The lane-independent part of the source register of round `t`, slot
  /// `g`; the sender adds senderShift(its lane).
  uint32_t sendRegister(unsigned t, unsigned g) const;
  /// N S: the source register mask sender `lane` adds.
  uint32_t senderShift(uint32_t lane) const;

  /// Source register of a destination register bit mask (Ar applied).
  uint32_t srcRegOf(uint32_t dstRegMask) const;
  /// Source lane of a destination register bit mask (Br applied).
  uint32_t srcLaneOf(uint32_t dstRegMask) const;
};

/// The plan converting `src` to `dst` (distributed layouts of one tensor
/// shape: register, lane, warp[, block] -> tensor dims) with shuffles of
/// `elemBits`-bit elements, or nullopt when the conversion crosses warps or
/// blocks, or a plan would need more than `maxSelects` distinct lane-
/// dependent register choices on either side, or more than `maxRounds`
/// shuffles.
std::optional<WarpExchangePlan>
planWarpExchange(const LinearLayout &src, const LinearLayout &dst,
                 unsigned elemBits, unsigned maxSelects = 4,
                 unsigned maxRounds = 256);

} // namespace tt

#endif // TT_LINEARLAYOUT_WARPEXCHANGE_H
