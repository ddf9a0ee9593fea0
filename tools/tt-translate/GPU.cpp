//===- GPU.cpp - the steps tt-translate's GPU targets share -----*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "GPU.h"

#include "mlir/IR/Diagnostics.h"

#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace tt::translate;

int tt::translate::fail(const Twine &msg) {
  errs() << "tt-translate: " << msg << "\n";
  return 1;
}

static mlir::DialectRegistry &withAllDialects(mlir::DialectRegistry &r) {
  tt::registerAllDialects(r);
  return r;
}

GPUCompile::GPUCompile(const GPURequest &request)
    : req(request), context(withAllDialects(registry)) {
  context.loadAllAvailableDialects();
  diagnostics = std::make_unique<mlir::SourceMgrDiagnosticHandler>(sourceMgr,
                                                                    &context);
}

GPUCompile::~GPUCompile() = default;

bool GPUCompile::load() {
  if (!req.python || !tt::frontend::loadKernel(context, sourceMgr, req.input,
                                               *req.python, "tt-translate",
                                               kernel))
    return false;
  module = std::move(kernel.module);
  return true;
}

bool GPUCompile::served(const tt::PipelineOptions &opts, StringRef toolchain,
                        int &status) {
  cache = tt::debug::CompileCache::open(
      tt::debug::getCompilationKey(kernel.keyText, opts) + "\n" +
      toolchain.str());
  if (cache && tt::debug::CompileCache::lookupsAllowed()) {
    std::optional<std::string> hit = cache->lookup(req.emit);
    std::optional<std::string> json = cache->lookup("json");
    if (hit && (req.metadataPath.empty() || json)) {
      status = (!req.metadataPath.empty() &&
                !writeOutputFile(req.metadataPath, *json)) ||
                       !writeOutputFile(req.output, *hit)
                   ? 1
                   : 0;
      return true;
    }
  }
  session = std::make_unique<tt::debug::KernelSession>(kernel.keyText, opts);
  session->setInputModule(*module, kernel.fromPython);
  return false;
}

bool GPUCompile::finish(StringRef ext, std::string &data) {
  if (Error e = session->finishStage(ext, data)) {
    fail(toString(std::move(e)));
    return false;
  }
  if (cache)
    if (Error e = cache->store(session->getKernelName().str() + "." + ext.str(),
                               data))
      errs() << "tt-translate: warning: " << toString(std::move(e)) << "\n";
  return true;
}

bool GPUCompile::finishLLVM(std::unique_ptr<Module> &llvmModule,
                            LLVMContext &llvmContext) {
  if (Error e = session->finishStage("llir", llvmModule, llvmContext)) {
    fail(toString(std::move(e)));
    return false;
  }
  return true;
}

bool GPUCompile::writeMetadata(std::string &json) {
  return finish("json", json) &&
         (req.metadataPath.empty() || writeOutputFile(req.metadataPath, json));
}

int GPUCompile::emit(StringRef ext, std::string &data, bool finished) {
  if (finished) {
    if (cache)
      consumeError(
          cache->store(session->getKernelName().str() + "." + ext.str(), data));
  } else if (!finish(ext, data)) {
    return 1;
  }
  return writeOutputFile(req.output, data) ? 0 : 1;
}
