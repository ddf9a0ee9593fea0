//===- Compiler.cpp - the one compile driver --------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Compiler/Compiler.h"
#include "tt/Compiler/Session.h"
#include "tt/Compiler/Stages.h"
#include "StagePipelines.h"

#include "tt/Frontend/KernelInput.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Support/Timing.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace tt::compiler;

namespace {
Error makeError(const Twine &msg) {
  return createStringError(inconvertibleErrorCode(), msg);
}
} // namespace

CompileObserver::~CompileObserver() = default;

//===----------------------------------------------------------------------===//
// Compiler
//===----------------------------------------------------------------------===//

struct Compiler::Impl {
  mlir::DialectRegistry registry;
  std::unique_ptr<mlir::MLIRContext> context;
  std::unique_ptr<debug::KernelSession> session;
};

Compiler::Compiler() : impl(std::make_unique<Impl>()) {
  registerAllDialects(impl->registry);
  impl->context = std::make_unique<mlir::MLIRContext>(impl->registry);
  impl->context->loadAllAvailableDialects();
}

Compiler::~Compiler() {
  if (impl->context)
    forgetStagePipelines(impl->context.get());
}

mlir::MLIRContext &Compiler::getContext() { return *impl->context; }

const tt::debug::KernelSession *Compiler::getLastSession() const {
  return impl->session.get();
}

namespace {
std::string listTargetSyntaxes() {
  std::vector<const Backend *> backends = getBackends();
  std::string out;
  for (size_t i = 0; i < backends.size(); ++i) {
    if (i)
      out += i + 1 == backends.size() ? " or " : ", ";
    out += backends[i]->getTargetSyntax().str();
  }
  return out;
}

/// The options a request names: they make the compilation's hash (dump
/// directory, cache key) whichever tool asks.
tt::PipelineOptions getRequestOptions(const CompileRequest &req,
                                      const Backend &backend) {
  tt::PipelineOptions opts;
  opts.target = req.getTarget();
  if (req.numWarps > 0)
    opts.numWarps = req.numWarps;
  if (req.numStages > 0)
    opts.numStages = req.numStages;
  if (req.numCtas > 0)
    opts.numCtas = req.numCtas;
  opts.maxNumRegs = req.maxNumRegs;
  opts.enableFPFusion = req.enableFPFusion;
  opts.enableReflectFtz = req.enableReflectFtz;
  opts.ptxasOptions = req.ptxasOptions;
  backend.adjustOptions(opts);
  return opts;
}

/// Answers `req` from the cache entry, if it holds what is asked.
bool serveFromCache(const CompileRequest &req,
                    const tt::debug::CompileCache &cache,
                    CompileResult &result) {
  const char *ext = getStageExtension(req.emit);
  std::optional<std::string> hit = cache.lookup(ext);
  std::optional<std::string> json = cache.lookup("json");
  if (!hit || (!req.metadata.empty() && !json))
    return false;
  result.stages[ext] = std::move(*hit);
  if (json)
    result.metadata.emplace_back("", std::move(*json));
  result.fromCache = true;
  return true;
}
} // namespace

Expected<CompileResult> Compiler::compile(const CompileRequest &req,
                                          CompileObserver *observer) {
  auto fail = [&](Error e) -> Error {
    if (observer) {
      std::string msg = toString(std::move(e));
      observer->finished(false, isReportedError(msg) ? "" : msg);
      return makeError(msg);
    }
    return e;
  };
  std::string target = req.getTarget();
  const Backend *backend = findBackend(target);
  if (!backend)
    return fail(makeError("unknown target '" + target + "' (expected " +
                          listTargetSyntaxes() + ")"));
  if (Error e = backend->checkTarget(target))
    return fail(std::move(e));
  if (req.emit == EmitKind::None)
    return fail(makeError("nothing to emit"));
  if (req.emit != EmitKind::All && !is_contained(backend->getEmitKinds(),
                                                 req.emit))
    return fail(makeError(backend->getEmitError(target)));

  mlir::MLIRContext &context = *impl->context;
  SourceMgr sourceMgr;
  mlir::SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  mlir::DefaultTimingManager tm;
  mlir::applyDefaultTimingManagerCLOptions(tm);
  mlir::TimingScope timing = tm.getRootScope();

  tt::frontend::PythonKernelRef python;
  python.signature = req.signature;
  python.defines = req.defines;
  tt::frontend::LoadedKernel input;
  {
    mlir::TimingScope parseTiming = timing.nest("Parse");
    bool loaded =
        req.hasInputText
            ? tt::frontend::loadKernelText(context, sourceMgr, req.input,
                                           req.inputText, input)
            : tt::frontend::loadKernel(context, sourceMgr, req.input, python,
                                       req.tool, input);
    if (!loaded)
      return fail(makeReportedError());
  }
  mlir::OwningOpRef<mlir::ModuleOp> module = std::move(input.module);
  // A module without a function compiles to nothing a launcher can call:
  // say so instead of writing an empty binary.
  if (module->getOps<mlir::FunctionOpInterface>().empty()) {
    mlir::emitError(module->getLoc())
        << "no kernel to compile: the module has no function (is the input "
           "empty?)";
    return fail(makeReportedError());
  }

  tt::PipelineOptions opts = getRequestOptions(req, *backend);
  CompileResult result;
  std::optional<tt::debug::CompileCache> cache;
  if (std::optional<std::string> toolchain = backend->getToolchainKey();
      toolchain && req.emit != EmitKind::All) {
    cache = tt::debug::CompileCache::open(
        tt::debug::getCompilationKey(input.keyText, opts) + "\n" + *toolchain);
    if (cache && tt::debug::CompileCache::lookupsAllowed() &&
        serveFromCache(req, *cache, result)) {
      if (observer)
        observer->finished(true, "");
      return result;
    }
  }

  impl->session.reset();
  impl->session = std::make_unique<tt::debug::KernelSession>(
      input.keyText, opts,
      req.dumpRoot.empty() ? std::nullopt
                           : std::optional<std::string>(req.dumpRoot));
  impl->session->setInputModule(*module, input.fromPython);
  result.kernelName = impl->session->getKernelName().str();
  if (observer)
    observer->sessionStarted(context, *impl->session);

  CompileJob job(req, *module, opts, impl->session.get(),
                 cache ? &*cache : nullptr, result);
  job.setTiming(&timing);
  if (Error e = backend->compile(job))
    return fail(std::move(e));
  if (observer)
    observer->finished(true, "");
  return result;
}

//===----------------------------------------------------------------------===//
// Writing the outputs
//===----------------------------------------------------------------------===//

namespace {
/// Kernel names become file names (<kernel>.json next to the output): they
/// must stay in that directory.
bool isSafeFileStem(StringRef name) {
  return !name.empty() && name != "." && name != ".." &&
         name.find_first_of(StringRef("/\\\0", 3)) == StringRef::npos;
}

/// Whether writing `path` would replace the file `input` (the same file,
/// through another name or a link).
bool isSameFile(StringRef path, StringRef input) {
  if (path == "-" || input == "-" || path.empty() || input.empty())
    return false;
  bool same = false;
  return !sys::fs::equivalent(path, input, same) && same;
}

/// Writes every file or none: each regular file goes to a temporary file
/// beside it first, and only when all of them are written are they renamed
/// into place (standard output, devices and pipes, which cannot be renamed
/// over, are written last).
Error writeFilesTogether(
    ArrayRef<std::pair<std::string, const std::string *>> files) {
  struct Pending {
    std::string tmp, path;
  };
  std::vector<Pending> pending;
  std::vector<std::pair<std::string, const std::string *>> direct;
  auto dropAll = [&] {
    for (const Pending &p : pending)
      sys::fs::remove(p.tmp);
  };
  for (const auto &[path, data] : files) {
    sys::fs::file_status st;
    if (path == "-" || (!sys::fs::status(path, st) && sys::fs::exists(st) &&
                        !sys::fs::is_regular_file(st))) {
      direct.emplace_back(path, data);
      continue;
    }
    // A symbolic link to a file: the file is replaced, the link kept.
    SmallString<256> resolved(path);
    if (sys::fs::is_symlink_file(path))
      (void)sys::fs::real_path(path, resolved);
    StringRef dir = sys::path::parent_path(resolved);
    SmallString<256> model(dir);
    sys::path::append(model,
                      "tmp." + sys::path::filename(resolved) + ".%%%%%%%%");
    int fd;
    SmallString<256> tmp;
    if (std::error_code ec = sys::fs::createUniqueFile(model, fd, tmp)) {
      dropAll();
      return makeError("cannot write '" + path + "': " + ec.message());
    }
    pending.push_back({std::string(tmp), std::string(resolved)});
    raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << *data;
    os.close();
    if (os.has_error()) {
      os.clear_error();
      dropAll();
      return makeError("cannot write '" + path + "'");
    }
  }
  for (size_t i = 0; i < pending.size(); ++i)
    if (std::error_code ec = sys::fs::rename(pending[i].tmp, pending[i].path)) {
      for (size_t j = i; j < pending.size(); ++j)
        sys::fs::remove(pending[j].tmp);
      return makeError("cannot write '" + pending[i].path +
                       "': " + ec.message());
    }
  for (const auto &[path, data] : direct)
    if (Error e = tt::debug::writeFileAtomically(path, *data,
                                                 /*createDirs=*/false))
      return makeError("cannot write '" + path +
                       "': " + toString(std::move(e)));
  return Error::success();
}
} // namespace

Error tt::compiler::writeCompileOutputs(const CompileRequest &req,
                                        const CompileResult &result) {
  if (req.emit == EmitKind::All || req.output.empty())
    return Error::success();
  const char *ext = getStageExtension(req.emit);
  auto it = result.stages.find(ext);
  if (it == result.stages.end())
    return makeError(Twine("the compilation produced no ") + ext);

  // Every path first: nothing is written unless all of them can be.
  std::vector<std::pair<std::string, const std::string *>> files;
  files.emplace_back(req.output, &it->second);
  if (!req.noMetadata && !result.metadata.empty()) {
    if (!req.metadata.empty()) {
      if (result.metadata.size() > 1)
        return makeError("--metadata names one file but the module has "
                         "several kernels");
      files.emplace_back(req.metadata, &result.metadata.front().second);
    } else if (result.metadataBesideOutput && req.output != "-") {
      for (const auto &[name, json] : result.metadata) {
        if (!isSafeFileStem(name))
          return makeError("kernel name '" + name +
                           "' cannot name a metadata file next to the "
                           "output; give --metadata FILE or --no-metadata");
        SmallString<128> p(sys::path::parent_path(req.output));
        sys::path::append(p, name + ".json");
        files.emplace_back(std::string(p), &json);
      }
    }
  }
  // A Python kernel's input is FILE.py::KERNEL: the file is FILE.py.
  StringRef inputFile = req.input;
  if (size_t sep = inputFile.rfind("::"); sep != StringRef::npos)
    inputFile = inputFile.take_front(sep);
  for (const auto &[path, data] : files) {
    if (isSameFile(path, inputFile))
      return makeError("'" + path + "' is the input file: give another "
                       "output name");
    if (path != "-" && sys::fs::is_directory(path))
      return makeError("'" + path + "' is a directory: give a file name");
  }
  return writeFilesTogether(files);
}
