//===- TestAxisInfo.cpp - print the AxisInfo facts as remarks ---*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// `tt-opt --test-print-alignment` attaches a remark with the contiguity,
// divisibility and constancy of every integer or pointer result, so lit
// tests can check the analysis with -verify-diagnostics.
//
//===----------------------------------------------------------------------===//

#include "tt/Analysis/AxisInfo.h"
#include "TestPasses.h"

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::triton;

namespace {
struct TestPrintAlignmentPass
    : public PassWrapper<TestPrintAlignmentPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestPrintAlignmentPass)

  StringRef getArgument() const final { return "test-print-alignment"; }
  StringRef getDescription() const final {
    return "Emit a remark with the AxisInfo facts (contiguity, divisibility, "
           "constancy) of every integer or pointer value";
  }

  void runOnOperation() override {
    ModuleAxisInfoAnalysis analysis(getOperation());
    getOperation().walk([&](Operation *op) {
      for (Value result : op->getResults()) {
        Type elem = triton::getElementTypeOrSelf(result.getType());
        if (!elem.isIntOrIndex() && !isa<PointerType>(elem))
          continue;
        const AxisInfo *info = analysis.getAxisInfo(result);
        if (!info)
          continue;
        std::string text;
        llvm::raw_string_ostream os(text);
        info->print(os);
        op->emitRemark() << text;
      }
    });
  }
};
} // namespace

void mlir::triton::registerTestAxisInfoPass() {
  PassRegistration<TestPrintAlignmentPass>();
}
