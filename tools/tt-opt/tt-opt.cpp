//===- tt-opt.cpp - the IR-to-IR driver of tt -------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// An mlir-opt for the Triton dialects: parses TTIR/TTGIR (a file or stdin),
// runs passes or stage pipelines by name, and prints the result. All
// standard mlir-opt flags apply (-split-input-file, --verify-diagnostics,
// --pass-pipeline, --mlir-print-ir-after-all, --run-reproducer, -o).
//
//===----------------------------------------------------------------------===//

#include "tt/Pipeline/Pipeline.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  tt::registerAllDialects(registry);
  tt::registerAllPasses();
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv,
      "tt-opt: run Triton IR passes and stage pipelines\n\n"
      "Reads TTIR or TTGIR (a file, or stdin when none or '-' is given), runs\n"
      "the passes named on the command line in order, and prints the result.\n"
      "Stage pipelines: --tt-ttir. Passes keep upstream Triton's names\n"
      "(--triton-combine, --triton-reorder-broadcast, ...).\n",
      registry));
}
