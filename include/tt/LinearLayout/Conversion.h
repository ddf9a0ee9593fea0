//===- Conversion.h - What a layout conversion costs ------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//
//
// Analyses on pairs of layouts of the same tensor, for ttg.convert_layout and
// for shared-memory stores and loads:
//
//  * analyzeConversion: how far data must travel to go from a source to a
//    destination distributed layout -- not at all, within a thread, within a
//    warp, within a CTA (shared memory) or across CTAs -- and, for every
//    destination hardware location, a source location holding its element.
//  * largestSharedVectorWidth / sharedAccessVectorWidth: the widest
//    per-thread vector for a round trip through shared memory.
//  * countBankConflicts: wavefronts a warp needs to access a shared layout
//    in the pattern of a register layout, against the conflict-free count.
//
// Distributed layouts have in dims among register, lane, warp, block (a
// missing one counts as size 1); shared layouts have in dims offset (and
// optionally block). Out dims must agree in names and sizes (any order).
//
//===----------------------------------------------------------------------===//

#ifndef TT_LINEARLAYOUT_CONVERSION_H
#define TT_LINEARLAYOUT_CONVERSION_H

#include "tt/LinearLayout/LinearLayout.h"

#include "llvm/ADT/StringRef.h"

#include <optional>

namespace tt {

/// What a conversion between two distributed layouts needs, cheapest first.
enum class ConversionKind {
  /// The layouts are the same map: every hardware location already holds
  /// the element it must hold (duplicates included).
  NoOp,
  /// Each thread already holds all the elements it needs, at register
  /// positions that depend only on the destination register: the lowering
  /// reorders (and possibly duplicates or drops) SSA values.
  RegisterPermutation,
  /// Each warp holds all the elements its threads need: warp shuffles (the
  /// source lane and register may depend on the destination lane and warp).
  WarpShuffle,
  /// Data crosses warps of one CTA: a round trip through shared memory.
  SharedMemory,
  /// Data crosses CTAs of a cluster: distributed shared memory.
  DistributedSharedMemory,
};
llvm::StringRef stringifyConversionKind(ConversionKind kind);

struct ConversionAnalysis {
  ConversionKind kind;
  /// (register, lane, warp, block) of the destination -> (register, lane,
  /// warp, block) of the source: a location whose element is the one the
  /// destination location needs. It keeps the destination's lane/warp/block
  /// wherever `kind` says data does not cross them (e.g. for WarpShuffle the
  /// warp and block parts are the identity), so it describes the actual data
  /// movement: for shuffles, the source lane and register of each
  /// destination register. Linear, hence cheap to evaluate in generated
  /// code; not necessarily surjective.
  LinearLayout dstToSrc;
};

/// Classifies the conversion from `src` to `dst`. std::nullopt if the
/// layouts do not describe the same tensor (different out dims or sizes,
/// different lane/warp/block counts, unknown in dims) or if `dst` needs an
/// element `src` does not hold.
///
/// Broadcast is handled exactly: when `src` holds an element in several
/// places, the closest copy is used (e.g. a copy in another lane of the same
/// warp makes the conversion a shuffle, not a shared-memory round trip).
std::optional<ConversionAnalysis> analyzeConversion(const LinearLayout &src,
                                                    const LinearLayout &dst);

/// The widest vector (in elements, a power of two, at most
/// maxVectorBits / elemBits) that every thread can use both to store `src`
/// into and to load `dst` from one shared buffer whose layout is chosen for
/// this conversion: 2^k where k is the dimension of the largest set of
/// tensor directions both layouts keep inside a thread, independent of the
/// directions their lanes, warps and blocks span (so that the register <->
/// vector slot assignment is the same for every thread). Registers may be
/// reordered within a thread to form the vectors. Returns std::nullopt when
/// the layouts do not describe the same tensor.
std::optional<unsigned> largestSharedVectorWidth(const LinearLayout &src,
                                                 const LinearLayout &dst,
                                                 unsigned elemBits,
                                                 unsigned maxVectorBits = 128);

/// The widest vector (in elements, at most maxVectorBits / elemBits) with
/// which each thread of register layout `regs` can store to / load from
/// shared layout `shared`: 2^k where offsets 0 .. 2^k-1 are reachable from
/// a thread's registers alone and no lane/warp/block bit changes the low k
/// offset bits (so every vector is aligned and ordered the same way in
/// every thread). std::nullopt if `shared` does not hold every element of
/// `regs`.
std::optional<unsigned> sharedAccessVectorWidth(const LinearLayout &regs,
                                                const LinearLayout &shared,
                                                unsigned elemBits,
                                                unsigned maxVectorBits = 128);

/// Shared-memory traffic of one warp.
struct BankConflictStats {
  /// Distinct access instructions (one per group of `vecElems` registers;
  /// register groups that address exactly the same words count once).
  int64_t accesses = 0;
  /// Wavefronts (shared-memory cycles) those accesses take.
  int64_t wavefronts = 0;
  /// Wavefronts they would take without bank conflicts.
  int64_t idealWavefronts = 0;
  int64_t conflicts() const { return wavefronts - idealWavefronts; }
};

/// Counts the bank conflicts of warp 0 (every warp behaves the same, since
/// warp bits only XOR a constant into the addresses) when it stores or
/// loads the elements of register layout `regs` to / from shared layout
/// `shared`, `vecElems` elements of `elemBits` bits per thread and access.
/// Model (NVIDIA): `numBanks` banks of `bankBytes` bytes; an access of B
/// bytes per thread is served in phases of numBanks * bankBytes / B threads
/// (the whole warp when B <= bankBytes); in each phase, a bank serving k
/// distinct words needs k wavefronts, and threads reading the same word
/// share it. std::nullopt if `shared` does not hold every element of `regs`,
/// or if the first log2(vecElems) offset bits are not produced by the
/// thread's registers alone (the vector would be split or misaligned).
std::optional<BankConflictStats>
countBankConflicts(const LinearLayout &regs, const LinearLayout &shared,
                   unsigned elemBits, unsigned vecElems, unsigned numBanks = 32,
                   unsigned bankBytes = 4);

} // namespace tt

#endif // TT_LINEARLAYOUT_CONVERSION_H
