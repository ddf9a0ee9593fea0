//===- Passes.td - TTIR-level passes -------------------------*- tablegen -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Pass names follow upstream Triton 3.6 so that pipelines written for it
// (and its --mlir-print-ir-after dumps) read the same.
//
//===----------------------------------------------------------------------===//

#ifndef TT_DIALECT_TRITON_TRANSFORMS_PASSES_TD
#define TT_DIALECT_TRITON_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

#endif // TT_DIALECT_TRITON_TRANSFORMS_PASSES_TD
