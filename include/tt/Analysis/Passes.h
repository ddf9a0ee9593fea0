//===- Passes.h - test passes of the analyses -------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#ifndef TT_ANALYSIS_PASSES_H
#define TT_ANALYSIS_PASSES_H

namespace mlir::triton {
/// Registers `--test-print-alignment` (AxisInfo remarks).
void registerTestAxisInfoPass();
} // namespace mlir::triton

#endif // TT_ANALYSIS_PASSES_H
