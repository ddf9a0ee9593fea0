//===- AMDEncodings.h - Linear layouts of AMD matrix-core operands -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//
//
// The register layouts of AMD matrix-core instructions that Encodings.h does
// not cover: the operands of MFMA (#ttg.dot_op with an #ttg.amd_mfma parent)
// and the accumulator and operands of RDNA3 WMMA (#ttg.amd_wmma, version 1).
//
// MFMA (CDNA, 64-lane waves), for an M x N instruction tile (32x32 or 16x16)
// with kBase K elements per lane: lane l of operand A holds row l % M and
// the kWidth consecutive K elements starting at kWidth * (l / M); B is the
// same with N for M. Tiles repeat along K in registers first, then along
// the non-K dim; warps follow the accumulator (N fastest) and broadcast
// along the dim the operand lacks.
//
// WMMA v1 (RDNA3, 32-lane waves), 16x16x16: lane l of A holds row l % 16 and
// all 16 K elements (lanes 16-31 hold copies); the f32 accumulator gives
// lane l column l % 16 and rows 2 * r + l / 16 for its 8 registers r
// (transposed: the roles of M and N swap).
//
//===----------------------------------------------------------------------===//

#ifndef TT_LINEARLAYOUT_AMDENCODINGS_H
#define TT_LINEARLAYOUT_AMDENCODINGS_H

#include "tt/LinearLayout/Encodings.h"

namespace tt {

/// #ttg.dot_op<{opIdx, parent = #ttg.amd_mfma, kWidth}>.
LinearLayout amdMfmaDotOperandToLinearLayout(llvm::ArrayRef<int64_t> shape,
                                             const AmdMfmaParams &parent,
                                             unsigned opIdx, unsigned kWidth);

/// #ttg.amd_wmma: accumulator of WMMA (version 1: RDNA3, 16x16x16, 32-bit
/// accumulator).
struct AmdWmmaParams {
  unsigned version = 1;
  llvm::SmallVector<unsigned, 4> warpsPerCTA;
  bool isTransposed = false;
  llvm::SmallVector<unsigned, 4> tilesPerWarp; // empty: all 1
  std::optional<CGALayout> cga;
};
LinearLayout amdWmmaToLinearLayout(llvm::ArrayRef<int64_t> shape,
                                   const AmdWmmaParams &params);

/// #ttg.dot_op<{opIdx, parent = #ttg.amd_wmma, kWidth}> (version 1 takes
/// kWidth = 16).
LinearLayout amdWmmaDotOperandToLinearLayout(llvm::ArrayRef<int64_t> shape,
                                             const AmdWmmaParams &parent,
                                             unsigned opIdx, unsigned kWidth);

/// Lane 0's position of element `e` of one instruction's accumulator tile:
/// (row, column) inside the M x N tile. MFMA: instrM/N 32 or 16; WMMA: 16.
std::pair<int32_t, int32_t> amdMfmaAccumulatorElement(unsigned instrM,
                                                      bool isTransposed,
                                                      unsigned e);
std::pair<int32_t, int32_t> amdWmmaAccumulatorElement(bool isTransposed,
                                                      unsigned e);

} // namespace tt

#endif // TT_LINEARLAYOUT_AMDENCODINGS_H
