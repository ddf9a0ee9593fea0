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
  if (size > tt::fuzz::kMaxIRInput)
    return -1;
  tt::fuzz::FuzzContext ctx(tt::fuzz::Dialects::GPU);
  auto module = ctx.parse(
      llvm::StringRef(reinterpret_cast<const char *>(data), size));
  if (!module)
    return 0;
  tt::fuzz::checkRoundTrip(*module);
  return 0;
}
