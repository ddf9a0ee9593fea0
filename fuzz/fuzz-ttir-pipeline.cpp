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

#include "mlir/Pass/PassManager.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > tt::fuzz::kMaxIRInput)
    return -1;
  tt::fuzz::FuzzContext ctx(tt::fuzz::Dialects::TTIR);
  auto module = ctx.parse(
      llvm::StringRef(reinterpret_cast<const char *>(data), size));
  if (!module)
    return 0;
  mlir::PassManager pm(&ctx.get());
  tt::fuzz::verifyAfterEachPass(pm, ctx);
  tt::PipelineOptions opts;
  tt::buildTTIRPipeline(pm, opts);
  if (mlir::succeeded(pm.run(*module)))
    tt::fuzz::checkRoundTrip(*module);
  return 0;
}
