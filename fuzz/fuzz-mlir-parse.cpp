//===- fuzz-mlir-parse.cpp - fuzz the parser, verifiers, printer -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Input: MLIR text. Parses it with every dialect the tools read for GPU
// targets (which runs the verifiers of tt, ttg, ttng and the upstream
// dialects; not the CPU stage's linalg: FuzzIR.h says why), and for valid
// input prints it in both forms and checks that the output parses back to
// the same IR (FuzzIR.h).
//
//===----------------------------------------------------------------------===//

#include "FuzzIR.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  return tt::fuzz::runIRHarness(data, size, tt::fuzz::Dialects::GPU);
}
