//===- Passes.h - TTIR to linalg conversion ---------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// convert-triton-to-linalg, the first pass of the CPU backend. Its type
// conversion and patterns are in TritonToLinalg.h; the grid arguments and
// the kernel attribute it adds are in tt/Dialect/TritonCPU/IR/KernelABI.h.
//
//===----------------------------------------------------------------------===//

#ifndef TT_CONVERSION_TRITONTOLINALG_PASSES_H
#define TT_CONVERSION_TRITONTOLINALG_PASSES_H

#include "tt/Dialect/TritonCPU/IR/KernelABI.h"

#include "mlir/Pass/Pass.h"

namespace mlir::triton {

#define GEN_PASS_DECL
#include "tt/Conversion/TritonToLinalg/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tt/Conversion/TritonToLinalg/Passes.h.inc"

} // namespace mlir::triton

#endif // TT_CONVERSION_TRITONTOLINALG_PASSES_H
