//===- FuzzIR.cpp - shared pieces of the IR fuzz harnesses ------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "FuzzIR.h"

#include "tt/Compiler/Backend.h"
#include "tt/Compiler/Compiler.h"
#include "tt/Compiler/Stages.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <cstdlib>

using namespace mlir;

namespace {

const DialectRegistry &theRegistry(tt::fuzz::Dialects dialects) {
  static DialectRegistry *all = [] {
    auto *r = new DialectRegistry();
    tt::compiler::registerAllDialects(*r);
    return r;
  }();
  static DialectRegistry *ttir = [] {
    auto *r = new DialectRegistry();
    tt::registerCoreDialects(*r);
    r->insert<LLVM::LLVMDialect>();
    return r;
  }();
  static DialectRegistry *gpu = [] {
    auto *r = new DialectRegistry();
    tt::compiler::registerAllBackends();
    tt::registerCoreDialects(*r);
    r->insert<LLVM::LLVMDialect>();
    for (const tt::compiler::Backend *b : tt::compiler::getBackends())
      if (b->getName() != "cpu")
        b->registerDialects(*r);
    return r;
  }();
  switch (dialects) {
  case tt::fuzz::Dialects::All: return *all;
  case tt::fuzz::Dialects::GPU: return *gpu;
  case tt::fuzz::Dialects::TTIR: return *ttir;
  }
  return *all;
}

/// Diagnostics beyond this many bytes are dropped: some inputs produce one
/// per operation.
constexpr size_t kMaxDiagnostics = 16 * 1024;

std::string print(Operation *op, const OpPrintingFlags &flags) {
  std::string s;
  llvm::raw_string_ostream os(s);
  op->print(os, flags);
  return s;
}

class VerifyAfterPass : public PassInstrumentation {
public:
  explicit VerifyAfterPass(tt::fuzz::FuzzContext &ctx) : ctx(ctx) {}
  void runAfterPass(Pass *pass, Operation *op) override {
    if (succeeded(verify(op)))
      return;
    tt::fuzz::bug("pass '" + pass->getArgument().str() +
                      "' succeeded but left invalid IR",
                  ctx.diagnostics() + "\n" +
                      print(op, OpPrintingFlags().printGenericOpForm()));
  }

private:
  tt::fuzz::FuzzContext &ctx;
};

} // namespace

tt::fuzz::FuzzContext::FuzzContext(Dialects dialects)
    : context(std::make_unique<MLIRContext>(theRegistry(dialects),
                                            MLIRContext::Threading::DISABLED)) {
  handlerId = context->getDiagEngine().registerHandler([this](Diagnostic &d) {
    if (diags.size() < kMaxDiagnostics) {
      diags += d.str();
      diags += '\n';
    }
    return success();
  });
}

tt::fuzz::FuzzContext::~FuzzContext() {
  context->getDiagEngine().eraseHandler(handlerId);
}

OwningOpRef<ModuleOp> tt::fuzz::FuzzContext::parse(llvm::StringRef text) {
  // parseSourceString copies nothing; the lexer wants a NUL after the text,
  // which std::string provides.
  std::string copy = text.str();
  ParserConfig config(context.get());
  return parseSourceString<ModuleOp>(copy, config, "fuzz-input");
}

void tt::fuzz::checkRoundTrip(ModuleOp module) {
  std::string custom = print(module, OpPrintingFlags());
  std::string generic = print(module, OpPrintingFlags().printGenericOpForm());
  for (const std::string *form : {&custom, &generic}) {
    FuzzContext again;
    OwningOpRef<ModuleOp> reparsed = again.parse(*form);
    const char *name = form == &custom ? "custom" : "generic";
    if (!reparsed)
      bug(std::string("the ") + name + " form printed for valid IR does not "
                                       "parse back",
          again.diagnostics() + "\n--- printed:\n" + *form);
    std::string second = print(*reparsed, OpPrintingFlags());
    if (second != custom)
      bug(std::string("printing, parsing the ") + name +
              " form and printing again changes the text",
          "--- first:\n" + custom + "\n--- second:\n" + second);
  }
}

void tt::fuzz::verifyAfterEachPass(PassManager &pm, FuzzContext &ctx) {
  pm.enableVerifier(false);
  pm.addInstrumentation(std::make_unique<VerifyAfterPass>(ctx));
}

int tt::fuzz::runIRHarness(const uint8_t *data, size_t size,
                           Dialects dialects, StageBuilder stage) {
  if (size > kMaxIRInput)
    return -1;
  FuzzContext ctx(dialects);
  OwningOpRef<ModuleOp> module =
      ctx.parse(llvm::StringRef(reinterpret_cast<const char *>(data), size));
  if (!module)
    return 0;
  if (stage) {
    PassManager pm(&ctx.get());
    verifyAfterEachPass(pm, ctx);
    stage(pm, tt::PipelineOptions());
    if (failed(pm.run(*module)))
      return 0;
  }
  checkRoundTrip(*module);
  return 0;
}

void tt::fuzz::bug(const std::string &what, const std::string &detail) {
  std::fprintf(stderr, "==tt-fuzz== BUG: %s\n%s\n", what.c_str(),
               detail.c_str());
  std::fflush(stderr);
  std::abort();
}
