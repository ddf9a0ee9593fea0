//===- tt-aot.cpp - C launchers for kernels compiled ahead of time ---------===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//   tt-aot [compile] k.ttir --grid 'cdiv(n, 1024)' --target cuda:90
//          --target cuda:80 --target cpu [--hint n=16] [--name N] [-o P]
//       compiles the kernel for each target with tt-translate (a child
//       process, no shell) and writes P.h and P.c (the CUDA binaries
//       embedded as byte arrays, the launchers) and, for the CPU, P.cpu.o.
//   tt-aot link a.h b.h --name N [-o P]
//       writes P.h and P.c: one entry point that dispatches to the most
//       specialized of a, b, ... whose conditions hold.
//
// The generated code is described in docs/aot.md; the generator itself
// lives in lib/AOT and knows nothing of MLIR. This file reads the TTIR: the
// kernel's signature and divisibility hints.
//
//===----------------------------------------------------------------------===//

#include "tt/AOT/AOT.h"
#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"
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
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace llvm;
using namespace tt::aot;

namespace {
cl::SubCommand compileCmd("compile",
                          "Compile a TTIR kernel and write its C launcher "
                          "(the default command)");
cl::SubCommand linkCmd("link", "Combine specializations into one dispatching "
                               "entry point");
cl::OptionCategory category("tt-aot options");

// compile
cl::opt<std::string> input(cl::Positional, cl::desc("<kernel.ttir>"),
                           cl::sub(compileCmd), cl::cat(category));
cl::list<std::string>
    targets("target",
            cl::desc("cpu, cuda:NN (cubin) or cuda:NN:ptx; TARGET=FILE takes "
                     "a binary compiled before (its metadata JSON beside it). "
                     "Repeatable"),
            cl::value_desc("target"), cl::sub(compileCmd), cl::cat(category));
cl::list<std::string>
    grid("grid",
         cl::desc("The grid: up to three comma-separated expressions over "
                  "the integer arguments, e.g. 'cdiv(n, 1024)'"),
         cl::value_desc("exprs"), cl::sub(compileCmd), cl::cat(category));
cl::opt<std::string> kernelName("kernel",
                                cl::desc("The kernel to compile (default: "
                                         "the module's only public tt.func)"),
                                cl::sub(compileCmd), cl::cat(category));
cl::opt<std::string>
    name("name",
         cl::desc("C name of the launchers (default: the kernel's name; for "
                  "link: required)"),
         cl::sub(compileCmd), cl::sub(linkCmd), cl::cat(category));
cl::opt<std::string> output("o",
                            cl::desc("Output prefix: writes PREFIX.h, "
                                     "PREFIX.c (and PREFIX.cpu.o) (default: "
                                     "the name, in the current directory)"),
                            cl::value_desc("prefix"), cl::sub(compileCmd),
                            cl::sub(linkCmd), cl::cat(category));
cl::list<std::string>
    hints("hint",
          cl::desc("ARG=D: compile assuming argument ARG (a pointer's byte "
                   "address) is a multiple of D, a power of two; D=1 drops "
                   "the TTIR's hint. Repeatable"),
          cl::value_desc("arg=D"), cl::sub(compileCmd), cl::cat(category));
cl::opt<bool> noHints("no-hints",
                      cl::desc("Drop the TTIR's divisibility hints first"),
                      cl::sub(compileCmd), cl::cat(category));
cl::list<std::string> defines("D",
                              cl::desc("NAME=VALUE: an integer constant for "
                                       "the grid expressions"),
                              cl::value_desc("name=value"), cl::Prefix,
                              cl::sub(compileCmd), cl::cat(category));
cl::opt<int> numWarps("num-warps", cl::desc("Warps per program (CUDA)"),
                      cl::init(0), cl::sub(compileCmd), cl::cat(category));
cl::opt<int> numStages("num-stages",
                       cl::desc("Software pipelining depth (CUDA)"),
                       cl::init(0), cl::sub(compileCmd), cl::cat(category));
cl::opt<std::string> mcpu("mcpu",
                          cl::desc("CPU to compile for (default: the host)"),
                          cl::sub(compileCmd), cl::cat(category));
cl::opt<std::string> mattr("mattr", cl::desc("Extra CPU target features"),
                           cl::sub(compileCmd), cl::cat(category));
cl::opt<std::string>
    translateTool("tt-translate",
                  cl::desc("The tt-translate to run (default: "
                           "$TT_TRANSLATE, else the one beside tt-aot, else "
                           "PATH)"),
                  cl::value_desc("path"), cl::sub(compileCmd),
                  cl::cat(category));
cl::opt<bool> verbose("v", cl::desc("Print the commands tt-aot runs"),
                      cl::sub(compileCmd), cl::cat(category));

// link
cl::list<std::string> headers(cl::Positional, cl::desc("<specialization.h>..."),
                              cl::sub(linkCmd), cl::cat(category));

std::string argv0;
std::string commandLine;

int fail(const Twine &msg) {
  errs() << "tt-aot: error: " << msg << "\n";
  return 1;
}

Error makeError(const Twine &msg) {
  return createStringError(inconvertibleErrorCode(), msg);
}

bool writeFile(StringRef path, StringRef data) {
  StringRef dir = sys::path::parent_path(path);
  if (!dir.empty())
    if (std::error_code ec = sys::fs::create_directories(dir)) {
      fail("cannot create directory '" + dir + "': " + ec.message());
      return false;
    }
  if (Error e = writeToOutput(path, [&](raw_ostream &os) {
        os << data;
        return Error::success();
      })) {
    fail("cannot write '" + path + "': " + toString(std::move(e)));
    return false;
  }
  return true;
}

//===----------------------------------------------------------------------===//
// Targets
//===----------------------------------------------------------------------===//

struct TargetRequest {
  std::string spelling; ///< as given
  std::string target;   ///< "cpu", "cuda:90"
  BinaryKind kind = BinaryKind::Cubin;
  int cc = 0;
  std::string prebuilt; ///< FILE of TARGET=FILE
};

Expected<TargetRequest> parseTarget(StringRef s) {
  TargetRequest t;
  t.spelling = s.str();
  auto [spec, file] = s.split('=');
  t.prebuilt = file.str();
  if (s.contains('=') && file.empty())
    return makeError("--target " + s + ": no file after '='");
  if (spec == "cpu") {
    t.target = "cpu";
    t.kind = BinaryKind::Object;
    return t;
  }
  StringRef rest = spec;
  if (!rest.consume_front("cuda:"))
    return makeError("unknown target '" + spec +
                     "' (expected cpu, cuda:NN or cuda:NN:ptx)");
  auto [ccText, format] = rest.split(':');
  if (ccText.getAsInteger(10, t.cc) || t.cc < 50 || t.cc > 199)
    return makeError("bad CUDA target '" + spec +
                     "' (expected cuda:NN, e.g. cuda:90 or cuda:80)");
  t.target = ("cuda:" + ccText).str();
  if (format == "ptx")
    t.kind = BinaryKind::PTX;
  else if (!format.empty() && format != "cubin")
    return makeError("bad CUDA target '" + spec +
                     "': the format after the compute capability is cubin "
                     "or ptx");
  if (!t.prebuilt.empty()) {
    StringRef ext = sys::path::extension(t.prebuilt);
    if (ext == ".ptx")
      t.kind = BinaryKind::PTX;
    else if (ext == ".cubin")
      t.kind = BinaryKind::Cubin;
    else
      return makeError("--target " + s +
                       ": a CUDA binary must be a .cubin or a .ptx file");
  }
  return t;
}

std::string findTranslate() {
  if (!translateTool.empty())
    return translateTool;
  return tt::support::findTool("tt-translate", "TT_TRANSLATE");
}

/// Runs tt-translate with `args` (no shell); its diagnostics go to our
/// stderr.
Error runTranslate(StringRef tool, ArrayRef<std::string> args,
                   StringRef what) {
  std::vector<StringRef> argv{tool};
  for (const std::string &a : args)
    argv.push_back(a);
  if (verbose) {
    for (StringRef a : argv)
      errs() << a << " ";
    errs() << "\n";
  }
  std::string err;
  bool notRun = false;
  int rc = sys::ExecuteAndWait(tool, argv, std::nullopt, {}, 0, 0, &err,
                               &notRun);
  if (notRun)
    return makeError("cannot run '" + tool + "': " + err);
  if (rc < 0)
    return makeError("tt-translate crashed compiling " + what + ": " + err);
  if (rc != 0)
    return makeError("tt-translate failed to compile " + what +
                     " (exit code " + Twine(rc) + ")");
  return Error::success();
}

Expected<std::string> readFile(StringRef path, StringRef what) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> buf =
      MemoryBuffer::getFile(path, /*IsText=*/false);
  if (!buf)
    return makeError("cannot read " + what + " '" + path +
                     "': " + buf.getError().message());
  return (*buf)->getBuffer().str();
}

/// Fills a CUDA binary's launch parameters from its metadata JSON (ours or
/// upstream Triton's) and refuses what the launchers cannot do.
Error readCUDAMetadata(StringRef text, StringRef path, const TargetRequest &t,
                       Binary &b) {
  Expected<json::Value> doc = json::parse(text);
  if (!doc)
    return makeError("bad metadata JSON '" + path +
                     "': " + toString(doc.takeError()));
  const json::Object *o = doc->getAsObject();
  if (!o)
    return makeError("bad metadata JSON '" + path + "': not an object");
  if (std::optional<StringRef> n = o->getString("name"))
    b.entry = n->str();
  b.numWarps = int(o->getInteger("num_warps").value_or(4));
  b.threadsPerWarp = int(o->getInteger("warp_size").value_or(32));
  b.shared = o->getInteger("shared").value_or(0);
  b.globalScratchSize = o->getInteger("global_scratch_size").value_or(0);
  b.globalScratchAlign = o->getInteger("global_scratch_align").value_or(1);
  b.profileScratchSize = o->getInteger("profile_scratch_size").value_or(0);
  b.profileScratchAlign = o->getInteger("profile_scratch_align").value_or(1);
  if (b.numWarps <= 0 || b.threadsPerWarp <= 0 ||
      int64_t(b.numWarps) * b.threadsPerWarp > 1024)
    return makeError(path + ": num_warps " + Twine(b.numWarps) +
                     " is not a valid number of warps");
  if (b.shared < 0 || b.shared > (1 << 30) || b.globalScratchSize < 0 ||
      b.profileScratchSize < 0)
    return makeError(path + ": negative or huge memory sizes");
  if (o->getInteger("num_ctas").value_or(1) != 1)
    return makeError(path + ": clusters (num_ctas > 1) are not supported by "
                            "tt-aot's launchers");
  if (o->getBoolean("launch_cooperative_grid").value_or(false) ||
      o->getBoolean("launch_pdl").value_or(false))
    return makeError(path + ": cooperative and PDL launches are not "
                            "supported by tt-aot's launchers");
  if (const json::Array *td = o->getArray("tensordesc_meta"); td && !td->empty())
    return makeError(path + ": tensor-descriptor (TMA) arguments are not "
                            "supported by tt-aot's launchers");
  if (const json::Object *tgt = o->getObject("target"))
    if (std::optional<int64_t> arch = tgt->getInteger("arch"); arch && *arch != t.cc)
      return makeError(path + ": the binary was compiled for sm_" +
                       Twine(*arch) + ", not " + t.target);
  return Error::success();
}

/// For a PTX image: the entry exists and takes the user arguments and the
/// two scratch pointers.
Error checkPTX(StringRef ptx, StringRef entry, size_t numArgs, StringRef path) {
  std::string head = (".entry " + entry + "(").str();
  size_t at = ptx.find(head);
  if (at == StringRef::npos)
    return makeError(path + ": no .entry named '" + entry + "'");
  StringRef params = ptx.drop_front(at + head.size());
  params = params.take_until([](char c) { return c == ')'; });
  size_t count = 0;
  for (size_t p = params.find(".param"); p != StringRef::npos;
       p = params.find(".param", p + 1))
    ++count;
  if (count != numArgs + 2)
    return makeError(path + ": '" + entry + "' has " + Twine(count) +
                     " parameters, but the kernel's " + Twine(numArgs) +
                     " arguments and 2 scratch pointers make " +
                     Twine(numArgs + 2));
  return Error::success();
}

//===----------------------------------------------------------------------===//
// compile
//===----------------------------------------------------------------------===//

/// Triton's signature spelling of a TTIR argument type ("*fp32", "i32"), as
/// the CPU backend's metadata writes it.
std::string getSignatureType(mlir::Type t) {
  if (auto p = dyn_cast<mlir::triton::PointerType>(t))
    return "*" + getSignatureType(p.getPointeeType());
  if (auto i = dyn_cast<mlir::IntegerType>(t))
    return "i" + std::to_string(i.getWidth());
  if (t.isF16())
    return "fp16";
  if (t.isBF16())
    return "bf16";
  if (t.isF32())
    return "fp32";
  if (t.isF64())
    return "fp64";
  if (isa<mlir::Float8E4M3FNType>(t))
    return "fp8e4nv";
  if (isa<mlir::Float8E5M2Type>(t))
    return "fp8e5";
  std::string s;
  raw_string_ostream os(s);
  t.print(os);
  return s;
}

struct KernelArgInfo {
  std::string name; ///< from the argument's location, else arg<i>
  std::string type;
};

int compile() {
  if (input.empty())
    return fail("no input: tt-aot [compile] KERNEL.ttir --grid EXPR "
                "--target TARGET...");
  if (targets.empty())
    return fail("no target: give --target cpu, cuda:90, cuda:80, ...");
  if (grid.empty())
    return fail("no grid: give --grid, e.g. --grid 'cdiv(n, 1024)'");

  std::vector<TargetRequest> requests;
  for (const std::string &s : targets) {
    Expected<TargetRequest> t = parseTarget(s);
    if (!t)
      return fail(toString(t.takeError()));
    for (const TargetRequest &r : requests)
      if (r.target == t->target && r.kind == t->kind)
        return fail("target '" + s + "' is given twice");
    if (t->kind == BinaryKind::Object &&
        any_of(requests, [](const TargetRequest &r) {
          return r.kind == BinaryKind::Object;
        }))
      return fail("target '" + s + "' is given twice");
    requests.push_back(*t);
  }

  if (!hints.empty() || noHints)
    for (const TargetRequest &r : requests)
      if (!r.prebuilt.empty())
        return fail("--hint and --no-hints change how the kernel is "
                    "compiled; they cannot apply to the binary given by "
                    "--target " + r.spelling);

  std::map<std::string, int64_t> constants;
  for (const std::string &d : defines) {
    auto [k, v] = StringRef(d).split('=');
    int64_t value;
    if (k.empty() || v.trim().getAsInteger(0, value))
      return fail("-D " + d + ": expected NAME=INTEGER");
    constants[k.trim().str()] = value;
  }

  // Read the TTIR. What TTIR (and TTGIR) contain is all that is registered:
  // the stages are tt-translate's business.
  mlir::DialectRegistry registry;
  registry.insert<mlir::triton::TritonDialect,
                  mlir::triton::gpu::TritonGPUDialect, mlir::arith::ArithDialect,
                  mlir::math::MathDialect, mlir::scf::SCFDialect,
                  mlir::cf::ControlFlowDialect, mlir::ub::UBDialect>();
  mlir::MLIRContext context(registry);
  context.loadAllAvailableDialects();
  ErrorOr<std::unique_ptr<MemoryBuffer>> file =
      MemoryBuffer::getFileOrSTDIN(input, /*IsText=*/true);
  if (!file)
    return fail("cannot read '" + input + "': " + file.getError().message());
  SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(*file), SMLoc());
  mlir::SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(sourceMgr, &context);
  if (!module)
    return 1;

  std::vector<mlir::triton::FuncOp> kernels;
  for (auto f : module->getOps<mlir::triton::FuncOp>())
    if (f.isPublic() && !f.isDeclaration())
      kernels.push_back(f);
  std::string available;
  for (auto f : kernels)
    available += (available.empty() ? "" : ", ") + f.getName().str();
  mlir::triton::FuncOp kernel;
  if (kernelName.empty()) {
    if (kernels.size() != 1)
      return fail(kernels.empty()
                      ? "'" + input + "' has no kernel (a public tt.func)"
                      : "'" + input + "' has several kernels (" + available +
                            "): choose one with --kernel");
    kernel = kernels.front();
  } else {
    for (auto f : kernels)
      if (f.getName() == kernelName)
        kernel = f;
    if (!kernel)
      return fail("no kernel '" + kernelName + "' in '" + input + "'" +
                  (available.empty() ? std::string(" (it has none)")
                                     : " (it has: " + available + ")"));
  }
  std::string kname = kernel.getName().str();
  std::string cname = name.empty() ? kname : std::string(name);
  if (!isValidCName(cname))
    return fail("'" + cname + "' is not a usable C name" +
                (name.empty() ? "; give one with --name" : ""));

  // Other public kernels stay out of the binaries.
  for (auto f : kernels)
    if (f != kernel)
      mlir::SymbolTable::setSymbolVisibility(
          f, mlir::SymbolTable::Visibility::Private);

  // The signature, with the hints applied.
  std::vector<KernelArgInfo> kargs;
  for (auto [i, arg] : enumerate(kernel.getArguments())) {
    KernelArgInfo a;
    if (auto loc = dyn_cast<mlir::NameLoc>(arg.getLoc()))
      a.name = loc.getName().str();
    else
      a.name = "arg" + std::to_string(i);
    a.type = getSignatureType(arg.getType());
    kargs.push_back(a);
  }
  std::vector<std::string> rawNames;
  for (const auto &a : kargs)
    rawNames.push_back(a.name);
  std::vector<std::string> cnames = makeCNames(rawNames);
  auto divAttr = mlir::StringAttr::get(&context, "tt.divisibility");
  if (noHints)
    for (unsigned i = 0; i < kernel.getNumArguments(); ++i)
      kernel.removeArgAttr(i, divAttr);
  for (const std::string &h : hints) {
    auto [argName, value] = StringRef(h).split('=');
    uint64_t d;
    if (value.getAsInteger(0, d) || !isPowerOf2_64(d) || d > (1u << 30))
      return fail("--hint " + h + ": expected ARG=D with D a power of two "
                  "(1 to 2^30)");
    std::optional<unsigned> index;
    for (unsigned i = 0; i < rawNames.size(); ++i)
      if (rawNames[i] == argName || cnames[i] == argName)
        index = i;
    if (!index)
      return fail("--hint " + h + ": kernel '" + kname +
                  "' has no argument '" + argName + "'");
    StringRef type = kargs[*index].type;
    if (!isPointerType(type) && !isIntegerType(type))
      return fail("--hint " + h + ": '" + argName + "' is a " + type +
                  "; divisibility hints apply to pointers and integers");
    if (d == 1)
      kernel.removeArgAttr(*index, divAttr);
    else
      kernel.setArgAttr(*index, divAttr,
                        mlir::IntegerAttr::get(
                            mlir::IntegerType::get(&context, 32), d));
  }
  KernelSpec spec;
  spec.name = cname;
  spec.kernel = kname;
  spec.source = input;
  spec.commandLine = commandLine;
  for (auto [i, a] : enumerate(kargs)) {
    Arg arg;
    arg.name = cnames[i];
    if (a.name != arg.name)
      arg.ttirName = a.name;
    arg.type = a.type;
    if (!getCPUType(a.type))
      return fail("argument '" + a.name + "' of '" + kname + "' has type " +
                  a.type + ", which tt-aot's launchers do not support");
    if (auto attr = kernel.getArgAttrOfType<mlir::IntegerAttr>(i, divAttr))
      arg.divisibility = attr.getInt();
    if (arg.divisibility < 1)
      arg.divisibility = 1;
    spec.args.push_back(arg);
  }

  // The grid.
  for (const auto &[constant, value] : constants)
    for (const Arg &a : spec.args)
      if (constant == a.name || constant == a.ttirName)
        return fail("-D " + constant + "=" + std::to_string(value) +
                    ": '" + constant + "' is an argument of '" + kname + "'");
  std::string gridText = join(grid, ", ");
  Expected<std::vector<ExprPtr>> dims =
      parseGrid(gridText, spec.args, constants);
  if (!dims)
    return fail(toString(dims.takeError()));
  spec.grid = *dims;

  // Where the outputs go.
  std::string prefix = output.empty() ? cname : std::string(output);
  std::string base = sys::path::filename(prefix).str();
  std::string headerPath = prefix + ".h", sourcePath = prefix + ".c";
  std::string objectPath = prefix + ".cpu.o";

  // The TTIR tt-translate compiles: the CUDA one keeps the kernel's name;
  // in the CPU one the kernel is renamed so that several specializations
  // of it link into one program.
  SmallString<128> tmpDir;
  if (std::error_code ec = sys::fs::createUniqueDirectory("tt-aot", tmpDir))
    return fail("cannot create a temporary directory: " + ec.message());
  llvm::scope_exit cleanup([&] { sys::fs::remove_directories(tmpDir); });
  auto tmp = [&](StringRef leaf) {
    SmallString<128> p(tmpDir);
    sys::path::append(p, leaf);
    return std::string(p);
  };
  auto printModule = [&](StringRef path) -> bool {
    std::string text;
    raw_string_ostream os(text);
    module->print(os, mlir::OpPrintingFlags().enableDebugInfo(true, false));
    return writeFile(path, text);
  };
  bool needCUDA = any_of(requests, [](const TargetRequest &r) {
    return r.kind != BinaryKind::Object && r.prebuilt.empty();
  });
  bool needCPU = any_of(requests, [](const TargetRequest &r) {
    return r.kind == BinaryKind::Object && r.prebuilt.empty();
  });
  std::string cudaTTIR = tmp("cuda.ttir"), cpuTTIR = tmp("cpu.ttir");
  std::string cpuEntry = "tt_aot_" + cname;
  if (needCUDA && !printModule(cudaTTIR))
    return 1;
  if (needCPU) {
    if (failed(mlir::SymbolTable::replaceAllSymbolUses(
            kernel, mlir::StringAttr::get(&context, cpuEntry), *module)))
      return fail("cannot rename kernel '" + kname + "'");
    mlir::SymbolTable::setSymbolName(kernel, cpuEntry);
    if (!printModule(cpuTTIR))
      return 1;
  }

  std::string tool;
  if (needCUDA || needCPU) {
    tool = findTranslate();
    if (tool.empty())
      return fail("cannot find tt-translate (give --tt-translate PATH or "
                  "set TT_TRANSLATE)");
  }

  for (auto [i, t] : enumerate(requests)) {
    Binary b;
    b.target = t.target;
    b.kind = t.kind;
    b.computeCapability = t.cc;
    std::string what = "'" + kname + "' for " + t.spelling;
    if (t.kind == BinaryKind::Object) {
      std::string obj = t.prebuilt, meta;
      b.entry = cpuEntry + "__packed";
      if (t.prebuilt.empty()) {
        obj = tmp("k.o");
        meta = tmp("k.cpu.json");
        std::vector<std::string> args{"--target", "cpu", "--emit=obj",
                                      cpuTTIR, "-o", obj, "--metadata",
                                      meta};
        if (!mcpu.empty())
          args.push_back("--mcpu=" + mcpu);
        if (!mattr.empty())
          args.push_back("--mattr=" + mattr);
        if (Error e = runTranslate(tool, args, what))
          return fail(toString(std::move(e)));
      } else {
        SmallString<128> m(obj);
        sys::path::replace_extension(m, ".json");
        b.entry = kname + "__packed";
        if (sys::fs::exists(m))
          meta = std::string(m);
      }
      Expected<std::string> bytes = readFile(obj, "object");
      if (!bytes)
        return fail(toString(bytes.takeError()));
      if (!StringRef(*bytes).starts_with("\x7f" "ELF"))
        return fail("'" + obj + "' is not an ELF object");
      if (!meta.empty()) {
        Expected<std::string> text = readFile(meta, "metadata");
        if (!text)
          return fail(toString(text.takeError()));
        Expected<json::Value> doc = json::parse(*text);
        const json::Object *o = doc ? doc->getAsObject() : nullptr;
        if (!o)
          return fail("bad metadata JSON '" + meta + "'");
        if (std::optional<StringRef> e = o->getString("entry"))
          b.entry = e->str();
        if (const json::Array *margs = o->getArray("args")) {
          bool same = margs->size() == spec.args.size();
          for (size_t k = 0; same && k < margs->size(); ++k) {
            const json::Object *a = (*margs)[k].getAsObject();
            same = a && a->getString("type") == StringRef(spec.args[k].type);
          }
          if (!same)
            return fail("'" + obj + "' was compiled from a kernel with "
                        "other arguments than '" + kname + "' in '" + input +
                        "' (see '" + meta + "')");
        }
      }
      if (!writeFile(objectPath, *bytes))
        return 1;
      b.objectFile = base + ".cpu.o";
      spec.binaries.push_back(std::move(b));
      continue;
    }

    std::string image = t.prebuilt, meta;
    if (t.prebuilt.empty()) {
      image = tmp("k" + std::to_string(i) +
                  (t.kind == BinaryKind::PTX ? ".ptx" : ".cubin"));
      meta = tmp("k" + std::to_string(i) + ".json");
      std::vector<std::string> args{"--target", t.target,
                                    t.kind == BinaryKind::PTX ? "--ptx"
                                                              : "--cubin",
                                    cudaTTIR, "-o", image, "--metadata", meta};
      if (numWarps > 0)
        args.push_back("--num-warps=" + std::to_string(numWarps));
      if (numStages > 0)
        args.push_back("--num-stages=" + std::to_string(numStages));
      if (Error e = runTranslate(tool, args, what))
        return fail(toString(std::move(e)));
    } else {
      SmallString<128> m(image);
      sys::path::replace_extension(m, ".json");
      meta = std::string(m);
      if (!sys::fs::exists(meta))
        return fail("--target " + t.spelling + ": the binary's metadata "
                    "JSON '" + meta + "' is missing (it gives num_warps and "
                    "shared memory)");
    }
    Expected<std::string> bytes = readFile(image, "binary");
    if (!bytes)
      return fail(toString(bytes.takeError()));
    Expected<std::string> metaText = readFile(meta, "metadata");
    if (!metaText)
      return fail(toString(metaText.takeError()));
    b.entry = kname;
    if (Error e = readCUDAMetadata(*metaText, meta, t, b))
      return fail(toString(std::move(e)));
    b.image = std::move(*bytes);
    if (t.kind == BinaryKind::Cubin &&
        !StringRef(b.image).starts_with("\x7f" "ELF"))
      return fail("'" + image + "' is not a cubin (no ELF header)");
    if (t.kind == BinaryKind::PTX)
      if (Error e = checkPTX(b.image, b.entry, spec.args.size(), image))
        return fail(toString(std::move(e)));
    spec.binaries.push_back(std::move(b));
  }

  std::string h, c;
  raw_string_ostream hs(h), cs(c);
  generateLauncher(spec, base + ".h", hs, cs);
  if (!writeFile(headerPath, h) || !writeFile(sourcePath, c))
    return 1;
  return 0;
}

//===----------------------------------------------------------------------===//
// link
//===----------------------------------------------------------------------===//

int link() {
  if (headers.empty())
    return fail("nothing to link: tt-aot link A.h B.h ... --name NAME");
  if (name.empty())
    return fail("give the linked entry point's C name with --name");
  std::vector<Description> variants;
  for (const std::string &path : headers) {
    Expected<std::string> text = readFile(path, "header");
    if (!text)
      return fail(toString(text.takeError()));
    Expected<Description> d = readDescription(*text, path);
    if (!d)
      return fail(toString(d.takeError()));
    variants.push_back(std::move(*d));
  }
  Expected<std::vector<Description>> ordered =
      orderSpecializations(variants, name);
  if (!ordered)
    return fail(toString(ordered.takeError()));
  std::string prefix = output.empty() ? std::string(name) : std::string(output);
  std::string base = sys::path::filename(prefix).str();
  for (const Description &d : *ordered)
    if (sys::path::filename(d.header) == base + ".h")
      return fail("the linked header would overwrite '" + d.header +
                  "'; choose another -o or --name");
  std::string h, c;
  raw_string_ostream hs(h), cs(c);
  generateDispatcher(name, *ordered, base + ".h", commandLine, hs, cs);
  if (!writeFile(prefix + ".h", h) || !writeFile(prefix + ".c", c))
    return 1;
  return 0;
}
} // namespace

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  argv0 = argv[0];
  // `compile` is the default command.
  std::vector<const char *> args(argv, argv + argc);
  if (argc > 1 && StringRef(argv[1]) != "compile" &&
      StringRef(argv[1]) != "link" && !StringRef(argv[1]).starts_with("--help") &&
      StringRef(argv[1]) != "-help" && StringRef(argv[1]) != "--version")
    args.insert(args.begin() + 1, "compile");
  commandLine = "tt-aot";
  for (int i = 1; i < argc; ++i) {
    StringRef a(argv[i]);
    bool plain = all_of(a, [](char ch) {
      return isAlnum(ch) || StringRef("-_=./:,+%").contains(ch);
    });
    commandLine += " " + (plain && !a.empty() ? a.str() : "'" + a.str() + "'");
  }
  cl::HideUnrelatedOptions({&category});
  cl::ParseCommandLineOptions(
      int(args.size()), args.data(),
      "tt-aot: C launchers for kernels compiled ahead of time\n\n"
      "  tt-aot [compile] add.ttir --grid 'cdiv(n, 1024)' --target cuda:90 \\\n"
      "         --target cuda:80 --target cpu --name add -o out/add\n"
      "  tt-aot link out/add16.h out/add1.h --name add -o out/add_all\n\n"
      "See docs/aot.md.\n");
  if (linkCmd)
    return link();
  return compile();
}
