//===- Backend.cpp - the backend registry and CompileJob --------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Compiler/Backend.h"
#include "tt/Compiler/Session.h"
#include "tt/Compiler/Stages.h"
#include "StagePipelines.h"

#include "tt/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <mutex>

using namespace llvm;
using namespace tt::compiler;

//===----------------------------------------------------------------------===//
// The backend registry
//===----------------------------------------------------------------------===//

namespace {
std::vector<std::unique_ptr<Backend>> &registry() {
  static std::vector<std::unique_ptr<Backend>> backends;
  return backends;
}

Error makeError(const Twine &msg) {
  return createStringError(inconvertibleErrorCode(), msg);
}

/// The message of errors that were reported as diagnostics already.
constexpr StringLiteral reportedMarker = "<reported>";
} // namespace

Backend::~Backend() = default;

Error tt::compiler::makeReportedError() { return makeError(reportedMarker); }

bool tt::compiler::isReportedError(StringRef message) {
  return message == reportedMarker;
}

void tt::compiler::registerBackend(std::unique_ptr<Backend> backend) {
  registry().push_back(std::move(backend));
}

std::vector<const Backend *> tt::compiler::getBackends() {
  std::vector<const Backend *> out;
  for (const std::unique_ptr<Backend> &b : registry())
    out.push_back(b.get());
  return out;
}

const Backend *tt::compiler::findBackend(StringRef target) {
  for (const std::unique_ptr<Backend> &b : registry())
    if (b->claims(target))
      return b.get();
  return nullptr;
}

std::string Backend::getEmitError(StringRef target) const {
  std::string flags;
  ArrayRef<EmitKind> kinds = getEmitKinds();
  for (size_t i = 0; i < kinds.size(); ++i) {
    if (i)
      flags += i + 1 == kinds.size() ? " or " : ", ";
    flags += std::string("--") + getEmitName(kinds[i]);
  }
  return ("--target " + target + " emits " + flags).str();
}

Error Backend::checkModuleTarget(StringRef target) const {
  return checkTarget(target);
}

//===----------------------------------------------------------------------===//
// CompileJob
//===----------------------------------------------------------------------===//

CompileJob::CompileJob(const CompileRequest &request, mlir::ModuleOp module,
                       tt::PipelineOptions options,
                       debug::KernelSession *session,
                       debug::CompileCache *cache, CompileResult &result)
    : request(request), module(module), options(std::move(options)),
      session(session), cache(cache), result(result),
      lastStageEnd(std::chrono::steady_clock::now()) {}

void CompileJob::markStage(StringRef ext) {
  auto now = std::chrono::steady_clock::now();
  result.stageMs.emplace_back(
      ext.str(),
      std::chrono::duration<double, std::milli>(now - lastStageEnd).count());
  lastStageEnd = now;
}

bool CompileJob::wants(EmitKind kind) const {
  return request.emit == kind || request.emit == EmitKind::All;
}

namespace {
/// The stage pass managers kept between kernels (StagePipelines.h).
struct PipelineCache {
  std::mutex mutex;
  std::map<std::pair<mlir::MLIRContext *, std::string>,
           std::unique_ptr<mlir::PassManager>>
      managers;
};

PipelineCache &getPipelineCache() {
  static PipelineCache cache;
  return cache;
}

/// More distinct pipelines than this (num-warps x num-stages x targets)
/// and the cache starts over.
constexpr size_t kMaxKeptPipelines = 64;
} // namespace

void tt::compiler::forgetStagePipelines(mlir::MLIRContext *context) {
  PipelineCache &cache = getPipelineCache();
  std::lock_guard<std::mutex> lock(cache.mutex);
  for (auto it = cache.managers.begin(); it != cache.managers.end();)
    it = it->first.first == context ? cache.managers.erase(it) : std::next(it);
}

Error CompileJob::runStage(StringRef stage,
                           function_ref<void(mlir::OpPassManager &)> build) {
  mlir::MLIRContext *context = module.getContext();
  auto pm = std::make_unique<mlir::PassManager>(context);
  build(*pm);
  if (failed(mlir::applyPassManagerCLOptions(*pm)))
    return makeError("bad pass manager options");
  // Each stage's passes under the stage's name: the timers of passes are
  // keyed by the pass object's address, which the next stage's pass manager
  // reuses, so without a scope per stage --mlir-timing would add the LLIR
  // stage's passes to unrelated TTGIR ones.
  mlir::TimingScope stageTiming;
  if (timing)
    stageTiming = timing->nest(stage);
  // The IR is verified once per stage, not after every pass (MLIR's
  // default): on small kernels the verifier runs cost more than most passes.
  // TT_VERIFY_EACH_PASS=1 restores it to find the pass that broke the IR.
  static const bool verifyEachPass =
      tt::debug::getBoolEnv("TT_VERIFY_EACH_PASS");

  // The pass manager an earlier kernel with the same pipeline ran, already
  // initialized (StagePipelines.h); never while pass managers are
  // instrumented, whose instruments belong to one compilation.
  bool reusable = !stageTiming && !tt::debug::passManagersInstrumented();
  std::pair<mlir::MLIRContext *, std::string> key;
  PipelineCache &cache = getPipelineCache();
  bool kept = false;
  if (reusable) {
    key.first = context;
    raw_string_ostream os(key.second);
    os << stage << "\n";
    pm->printAsTextualPipeline(os);
    std::lock_guard<std::mutex> lock(cache.mutex);
    auto it = cache.managers.find(key);
    if (it != cache.managers.end()) {
      pm = std::move(it->second); // taken out while it runs
      cache.managers.erase(it);
      kept = true;
    }
  }
  if (!kept) {
    pm->enableVerifier(verifyEachPass);
    if (stageTiming)
      pm->enableTiming(stageTiming);
    tt::debug::configurePassManager(*pm, stage.lower());
  }
  if (failed(pm->run(module)))
    return makeError("the " + stage + " stage failed");
  if (!verifyEachPass) {
    mlir::TimingScope verifyTiming = stageTiming.nest("verify");
    if (failed(mlir::verify(module)))
      return makeError("the " + stage + " stage produced invalid IR (rerun "
                       "with TT_VERIFY_EACH_PASS=1 to find the pass)");
  }
  if (reusable) {
    std::lock_guard<std::mutex> lock(cache.mutex);
    if (cache.managers.size() >= kMaxKeptPipelines)
      cache.managers.clear();
    cache.managers.emplace(std::move(key), std::move(pm));
  }
  return Error::success();
}

namespace {
enum class Stage { TTIR, TTGIR, LLIR };

Stage detectStage(mlir::ModuleOp module) {
  bool hasLLVMFunc = false;
  module.walk([&](mlir::LLVM::LLVMFuncOp) { hasLLVMFunc = true; });
  if (hasLLVMFunc)
    return Stage::LLIR;
  if (module->hasAttr("ttg.num-warps"))
    return Stage::TTGIR;
  return Stage::TTIR;
}
} // namespace

Error CompileJob::lowerToLLVMDialect(const Backend &backend) {
  Stage stage = detectStage(module);
  auto readModuleOptions = [&] {
    if (auto warps = module->getAttrOfType<mlir::IntegerAttr>("ttg.num-warps"))
      options.numWarps = warps.getInt();
    if (auto tpw =
            module->getAttrOfType<mlir::IntegerAttr>("ttg.threads-per-warp"))
      options.threadsPerWarp = tpw.getInt();
    if (auto target = module->getAttrOfType<mlir::StringAttr>("ttg.target"))
      options.target = target.getValue().str();
  };
  if (stage != Stage::TTIR)
    readModuleOptions();
  if (Error e = backend.checkModuleTarget(options.target))
    return e;
  if (stage == Stage::TTIR) {
    backend.adjustOptions(options);
    // --no-ttir-stage: the input is a TTIR stage's output already (tt-opt
    // --tt-ttir, or upstream's make_ttir, which the plugin's kernels and
    // upstream's dumps went through).
    if (!request.skipTTIRStage)
      if (Error e = runStage("TTIR", [&](mlir::OpPassManager &pm) {
            buildTTIRPipeline(pm, options);
          }))
        return e;
    if (Error e = finishModule("ttir"))
      return e;
    if (Error e = runStage("TTGIR", [&](mlir::OpPassManager &pm) {
          backend.buildTTGIRPipeline(pm, options);
        }))
      return e;
  }
  if (stage != Stage::LLIR) {
    if (Error e = finishModule("ttgir"))
      return e;
    readModuleOptions(); // an override may change them
    if (Error e = runStage("LLIR", [&](mlir::OpPassManager &pm) {
          backend.buildLLIRPipeline(pm, options);
        }))
      return e;
  }
  return Error::success();
}

Error CompileJob::finishModule(StringRef ext) {
  if (session)
    if (Error e = session->finishStage(ext, module))
      return e;
  if (is_contained(request.keepStages, ext))
    result.stages[ext.str()] = debug::printModule(module);
  markStage(ext);
  return Error::success();
}

mlir::TimingScope CompileJob::nestTiming(StringRef name) {
  return timing ? timing->nest(name) : mlir::TimingScope();
}

static std::string printLLVMModule(const llvm::Module &module) {
  std::string text;
  raw_string_ostream os(text);
  module.print(os, nullptr);
  return text;
}

Error CompileJob::finishLLVM(std::unique_ptr<llvm::Module> &llvmModule,
                             LLVMContext &context) {
  if (session)
    if (Error e = session->finishStage("llir", llvmModule, context))
      return e;
  if (is_contained(request.keepStages, "llir"))
    result.stages["llir"] = printLLVMModule(*llvmModule);
  markStage("llir");
  return Error::success();
}

void CompileJob::keep(StringRef ext, std::string data) {
  if (cache && session)
    if (Error e = cache->store(session->getKernelName().str() + "." + ext.str(),
                               data))
      errs() << request.tool << ": warning: " << toString(std::move(e))
             << "\n";
  result.stages[ext.str()] = std::move(data);
}

bool CompileJob::keepLLVMIRIfLast(llvm::Module &module) {
  if (request.emit != EmitKind::LLVMIR)
    return false;
  keep("llir", printLLVMModule(module));
  return true;
}

Error CompileJob::finish(StringRef ext, std::string &data) {
  if (session)
    if (Error e = session->finishStage(ext, data))
      return e;
  keep(ext, data);
  markStage(ext);
  return Error::success();
}

Error CompileJob::addMetadata(StringRef kernel, std::string json) {
  if (session && kernel == session->getKernelName()) {
    if (Error e = session->finishStage("json", json))
      return e;
    keep("json", json);
  }
  result.metadata.emplace_back(kernel.str(), std::move(json));
  return Error::success();
}

Error CompileJob::addKernelMetadata(std::string json) {
  return addMetadata(session ? session->getKernelName() : StringRef(""),
                     std::move(json));
}

