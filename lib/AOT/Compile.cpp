//===- Compile.cpp - tt-aot compile: TTIR to launcher -----------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Reads the kernel's TTIR for what the launcher needs (the signature and
// divisibility hints, with --hint applied), writes the TTIR tt-translate
// compiles, and puts the binaries of Binaries.cpp into the launcher. The
// stages themselves are tt-translate's business: only the dialects TTIR
// holds are registered here.
//
//===----------------------------------------------------------------------===//

#include "Binaries.h"

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/Triton/IR/TypeNames.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"
#include "tt/Support/InputLimits.h"
#include "tt/Support/Tools.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Parser/Parser.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"

#include <map>

using namespace llvm;
using namespace tt::aot;
using namespace tt::aot::detail;

char ReportedError::ID = 0;

void ReportedError::log(raw_ostream &os) const {
  os << "the error was reported where it happened";
}

std::error_code ReportedError::convertToErrorCode() const {
  return inconvertibleErrorCode();
}

namespace {
Expected<std::map<std::string, int64_t>>
parseDefines(ArrayRef<std::string> defines) {
  std::map<std::string, int64_t> constants;
  for (const std::string &d : defines) {
    auto [k, v] = StringRef(d).split('=');
    int64_t value;
    if (k.empty() || v.trim().getAsInteger(0, value))
      return makeError("-D " + d + ": expected NAME=INTEGER");
    constants[k.trim().str()] = value;
  }
  return constants;
}

/// Parses the TTIR; its diagnostics are printed with their source lines.
/// Input nested deeper than the tools read (InputLimits.h) is refused
/// before MLIR's recursive parser sees it.
Expected<mlir::OwningOpRef<mlir::ModuleOp>> readTTIR(mlir::MLIRContext &context,
                                                     StringRef input) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> file =
      MemoryBuffer::getFileOrSTDIN(input, /*IsText=*/true);
  if (!file)
    return makeError("cannot read '" + input +
                     "': " + file.getError().message());
  std::string nesting;
  if (!tt::checkIRNesting((*file)->getBuffer(), tt::kMaxIRNesting, nesting))
    return makeError(input + ": " + nesting);
  SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(*file), SMLoc());
  mlir::SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(sourceMgr, &context);
  if (!module)
    return make_error<ReportedError>();
  return std::move(module);
}

/// The kernel to compile: the one named, else the only public tt.func.
/// Other public kernels become private, out of the binaries.
Expected<mlir::triton::FuncOp> selectKernel(mlir::ModuleOp module,
                                            const CompileRequest &request) {
  std::vector<mlir::triton::FuncOp> kernels;
  for (auto f : module.getOps<mlir::triton::FuncOp>())
    if (f.isPublic() && !f.isDeclaration())
      kernels.push_back(f);
  std::string available;
  for (auto f : kernels)
    available += (available.empty() ? "" : ", ") + f.getName().str();
  const std::string &input = request.input;
  mlir::triton::FuncOp kernel;
  if (request.kernel.empty()) {
    if (kernels.size() != 1)
      return makeError(kernels.empty()
                           ? "'" + input + "' has no kernel (a public tt.func)"
                           : "'" + input + "' has several kernels (" +
                                 available + "): choose one with --kernel");
    kernel = kernels.front();
  } else {
    for (auto f : kernels)
      if (f.getName() == request.kernel)
        kernel = f;
    if (!kernel)
      return makeError("no kernel '" + request.kernel + "' in '" + input + "'" +
                       (available.empty() ? std::string(" (it has none)")
                                          : " (it has: " + available + ")"));
  }
  for (auto f : kernels)
    if (f != kernel)
      mlir::SymbolTable::setSymbolVisibility(
          f, mlir::SymbolTable::Visibility::Private);
  return kernel;
}

/// One TTIR argument: its name (from its location, else arg<i>) and
/// signature type.
struct KernelArgInfo {
  std::string name;
  std::string type;
};

/// Applies --no-hints and --hint to the kernel's `tt.divisibility`
/// attributes. `cnames` are the C names of the arguments.
Error applyHints(mlir::triton::FuncOp kernel, const CompileRequest &request,
                 ArrayRef<KernelArgInfo> kargs, ArrayRef<std::string> cnames) {
  mlir::MLIRContext *context = kernel->getContext();
  auto divAttr = mlir::StringAttr::get(context, "tt.divisibility");
  if (request.noHints)
    for (unsigned i = 0; i < kernel.getNumArguments(); ++i)
      kernel.removeArgAttr(i, divAttr);
  for (const std::string &h : request.hints) {
    auto [argName, value] = StringRef(h).split('=');
    uint64_t d;
    if (value.getAsInteger(0, d) || !isPowerOf2_64(d) || d > (1u << 30))
      return makeError("--hint " + h +
                       ": expected ARG=D with D a power of "
                       "two (1 to 2^30)");
    std::optional<unsigned> index;
    for (unsigned i = 0; i < kargs.size(); ++i)
      if (kargs[i].name == argName || cnames[i] == argName)
        index = i;
    if (!index)
      return makeError("--hint " + h + ": kernel '" + kernel.getName() +
                       "' has no argument '" + argName + "'");
    StringRef type = kargs[*index].type;
    if (!isPointerType(type) && !isIntegerType(type))
      return makeError("--hint " + h + ": '" + argName + "' is a " + type +
                       "; divisibility hints apply to pointers and integers");
    if (d == 1)
      kernel.removeArgAttr(*index, divAttr);
    else
      kernel.setArgAttr(
          *index, divAttr,
          mlir::IntegerAttr::get(mlir::IntegerType::get(context, 32), d));
  }
  return Error::success();
}

/// The launcher's arguments: the kernel's, with C names, types and
/// divisibilities (the hints applied).
Expected<std::vector<Arg>> readArguments(mlir::triton::FuncOp kernel,
                                         const CompileRequest &request) {
  std::vector<KernelArgInfo> kargs;
  for (auto [i, arg] : enumerate(kernel.getArguments())) {
    KernelArgInfo a;
    if (auto loc = dyn_cast<mlir::NameLoc>(arg.getLoc()))
      a.name = loc.getName().str();
    else
      a.name = "arg" + std::to_string(i);
    a.type = mlir::triton::getSignatureTypeName(arg.getType());
    kargs.push_back(a);
  }
  std::vector<std::string> rawNames;
  for (const auto &a : kargs)
    rawNames.push_back(a.name);
  std::vector<std::string> cnames = makeCNames(rawNames);
  if (Error e = applyHints(kernel, request, kargs, cnames))
    return std::move(e);
  auto divAttr = mlir::StringAttr::get(kernel->getContext(), "tt.divisibility");
  std::vector<Arg> args;
  for (auto [i, a] : enumerate(kargs)) {
    Arg arg;
    arg.name = cnames[i];
    if (a.name != arg.name)
      arg.ttirName = a.name;
    arg.type = a.type;
    if (!getCPUType(a.type))
      return makeError("argument '" + a.name + "' of '" + kernel.getName() +
                       "' has type " + a.type +
                       ", which tt-aot's launchers do not support");
    if (auto attr = kernel.getArgAttrOfType<mlir::IntegerAttr>(i, divAttr))
      arg.divisibility = attr.getInt();
    if (arg.divisibility < 1)
      arg.divisibility = 1;
    args.push_back(arg);
  }
  return args;
}

/// The grid, over the arguments and the -D constants (which may not hide
/// an argument).
Error readGrid(const CompileRequest &request,
               const std::map<std::string, int64_t> &constants,
               KernelSpec &spec) {
  for (const auto &[constant, value] : constants)
    for (const Arg &a : spec.args)
      if (constant == a.name || constant == a.ttirName)
        return makeError("-D " + constant + "=" + std::to_string(value) +
                         ": '" + constant + "' is an argument of '" +
                         spec.kernel + "'");
  std::string gridText = join(request.grid, ", ");
  Expected<std::vector<ExprPtr>> dims =
      parseGrid(gridText, spec.args, constants);
  if (!dims)
    return dims.takeError();
  spec.grid = *dims;
  return Error::success();
}

Error printModule(mlir::ModuleOp module, StringRef path) {
  std::string text;
  raw_string_ostream os(text);
  module->print(os, mlir::OpPrintingFlags().enableDebugInfo(true, false));
  return writeFile(path, text);
}

/// Writes the TTIR tt-translate compiles: the CUDA one keeps the kernel's
/// name; in the CPU one the kernel is renamed to `ctx.cpuEntry` so that
/// several specializations of it link into one program.
Error writeTTIR(mlir::ModuleOp module, mlir::triton::FuncOp kernel,
                ArrayRef<TargetRequest> targets, BuildContext &ctx) {
  bool needCUDA = any_of(targets, [](const TargetRequest &r) {
    return r.kind != BinaryKind::Object && r.prebuilt.empty();
  });
  bool needCPU = any_of(targets, [](const TargetRequest &r) {
    return r.kind == BinaryKind::Object && r.prebuilt.empty();
  });
  ctx.cudaTTIR = ctx.tmp("cuda.ttir");
  ctx.cpuTTIR = ctx.tmp("cpu.ttir");
  if (needCUDA)
    if (Error e = printModule(module, ctx.cudaTTIR))
      return e;
  if (needCPU) {
    auto entry = mlir::StringAttr::get(module->getContext(), ctx.cpuEntry);
    if (failed(mlir::SymbolTable::replaceAllSymbolUses(kernel, entry, module)))
      return makeError("cannot rename kernel '" + ctx.kernel + "'");
    mlir::SymbolTable::setSymbolName(kernel, ctx.cpuEntry);
    if (Error e = printModule(module, ctx.cpuTTIR))
      return e;
  }
  if (!needCUDA && !needCPU)
    return Error::success();
  ctx.tool = ctx.request.translateTool.empty()
                 ? tt::support::findTool("tt-translate", "TT_TRANSLATE")
                 : ctx.request.translateTool;
  if (ctx.tool.empty())
    return makeError("cannot find tt-translate (give --tt-translate PATH or "
                     "set TT_TRANSLATE)");
  return Error::success();
}
} // namespace

namespace {
Error compileOnThisStack(const CompileRequest &request) {
  if (request.input.empty())
    return makeError("no input: tt-aot [compile] KERNEL.ttir --grid EXPR "
                     "--target TARGET...");
  if (request.targets.empty())
    return makeError("no target: give --target cpu, cuda:90, cuda:80, ...");
  if (request.grid.empty())
    return makeError("no grid: give --grid, e.g. --grid 'cdiv(n, 1024)'");
  Expected<std::vector<TargetRequest>> targets = parseTargets(request);
  if (!targets)
    return targets.takeError();
  Expected<std::map<std::string, int64_t>> constants =
      parseDefines(request.defines);
  if (!constants)
    return constants.takeError();

  mlir::DialectRegistry registry;
  registry.insert<
      mlir::triton::TritonDialect, mlir::triton::gpu::TritonGPUDialect,
      mlir::arith::ArithDialect, mlir::math::MathDialect, mlir::scf::SCFDialect,
      mlir::cf::ControlFlowDialect, mlir::ub::UBDialect>();
  mlir::MLIRContext context(registry);
  context.loadAllAvailableDialects();
  Expected<mlir::OwningOpRef<mlir::ModuleOp>> module =
      readTTIR(context, request.input);
  if (!module)
    return module.takeError();
  Expected<mlir::triton::FuncOp> kernel = selectKernel(**module, request);
  if (!kernel)
    return kernel.takeError();

  KernelSpec spec;
  spec.kernel = kernel->getName().str();
  spec.name = request.name.empty() ? spec.kernel : request.name;
  if (!isValidCName(spec.name))
    return makeError("'" + spec.name + "' is not a usable C name" +
                     (request.name.empty() ? "; give one with --name" : ""));
  spec.source = request.input;
  spec.commandLine = request.commandLine;
  Expected<std::vector<Arg>> args = readArguments(*kernel, request);
  if (!args)
    return args.takeError();
  spec.args = std::move(*args);
  if (Error e = readGrid(request, *constants, spec))
    return e;

  // Where the outputs go.
  std::string prefix = request.output.empty() ? spec.name : request.output;
  BuildContext ctx{request};
  ctx.kernel = spec.kernel;
  ctx.cpuEntry = "tt_aot_" + spec.name;
  ctx.base = sys::path::filename(prefix).str();
  ctx.objectPath = prefix + ".cpu.o";
  SmallString<128> tmpDir;
  if (std::error_code ec = sys::fs::createUniqueDirectory("tt-aot", tmpDir))
    return makeError("cannot create a temporary directory: " + ec.message());
  ctx.tmpDir = std::string(tmpDir);
  llvm::scope_exit cleanup([&] { sys::fs::remove_directories(tmpDir); });
  if (Error e = writeTTIR(**module, *kernel, *targets, ctx))
    return e;

  for (auto [i, t] : enumerate(*targets)) {
    Expected<Binary> b = t.kind == BinaryKind::Object
                             ? buildCPUBinary(ctx, t, spec)
                             : buildCUDABinary(ctx, t, i, spec);
    if (!b)
      return b.takeError();
    spec.binaries.push_back(std::move(*b));
  }

  std::string h, c;
  raw_string_ostream hs(h), cs(c);
  generateLauncher(spec, ctx.base + ".h", hs, cs);
  if (Error e = writeFile(prefix + ".h", h))
    return e;
  return writeFile(prefix + ".c", c);
}
} // namespace

Error tt::aot::compileKernel(const CompileRequest &request) {
  // MLIR parses, verifies, walks, prints and destroys nested regions by
  // recursion: the work runs on a thread with the tools' large stack, which
  // holds the kMaxIRNesting levels readTTIR lets through.
  Error result = Error::success();
  (void)!result; // success so far, checked
  tt::runWithLargeStack([&] {
    result = compileOnThisStack(request);
    return 0;
  });
  return result;
}
