//===- Passes.h - passes of the CPU backend ---------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#ifndef TT_TARGET_CPU_PASSES_H
#define TT_TARGET_CPU_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir::triton::cpu {

#define GEN_PASS_DECL
#include "tt/Target/CPU/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tt/Target/CPU/Passes.h.inc"

} // namespace mlir::triton::cpu

#endif // TT_TARGET_CPU_PASSES_H
