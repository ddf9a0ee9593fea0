//===- TestPasses.h - passes that exist for the lit tests -------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Library TTTestPasses (test/lib), linked by tt-opt only: production
// libraries hold no test passes.
//
//===----------------------------------------------------------------------===//

#ifndef TT_TEST_LIB_TESTPASSES_H
#define TT_TEST_LIB_TESTPASSES_H

namespace mlir::triton {
/// Registers `--test-print-alignment` (AxisInfo remarks).
void registerTestAxisInfoPass();
} // namespace mlir::triton

#endif // TT_TEST_LIB_TESTPASSES_H
