//===- fuzz-ttir-pipeline.cpp - fuzz the TTIR stage -------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Input: MLIR text. Valid input goes through the TTIR stage (tt-opt
// --tt-ttir). The stage may reject input; it may not crash, hang, or leave
// invalid IR after a pass that reported success. The result must also print
// and parse back.
//
//===----------------------------------------------------------------------===//

#include "FuzzIR.h"

#include "tt/Compiler/Stages.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  return tt::fuzz::runIRHarness(data, size, tt::fuzz::Dialects::TTIR,
                                tt::buildTTIRPipeline);
}
