//===- KernelInput.cpp - the kernel argument of every tool ------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Frontend/KernelInput.h"

#include "tt/Frontend/Parser.h"
#include "tt/Support/InputLimits.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace tt::frontend;

bool tt::frontend::isPythonKernelRef(StringRef input) {
  size_t sep = input.rfind("::");
  StringRef path = sep == StringRef::npos ? input : input.take_front(sep);
  return path.ends_with(".py");
}

void tt::frontend::splitPythonKernelRef(StringRef input, PythonKernelRef &ref) {
  size_t sep = input.rfind("::");
  if (sep == StringRef::npos) {
    ref.path = input.str();
    ref.kernel.clear();
    return;
  }
  ref.path = input.take_front(sep).str();
  ref.kernel = input.drop_front(sep + 2).str();
}

//===----------------------------------------------------------------------===//
// Command-line options
//===----------------------------------------------------------------------===//

tt::frontend::PythonKernelOptions::PythonKernelOptions(
    cl::OptionCategory &category)
    : signature("signature",
                cl::desc("FILE.py::KERNEL inputs: the types and values of the "
                         "kernel's parameters, upstream's AOT format: "
                         "'*fp32:16, i32:16, i32, 1024'"),
                cl::init(""), cl::cat(category)),
      signatureShort("s", cl::aliasopt(signature),
                     cl::desc("Alias for --signature"), cl::cat(category)),
      defines("D", cl::Prefix,
              cl::desc("NAME=VALUE: the value of a constexpr parameter of a "
                       "FILE.py::KERNEL input"),
              cl::cat(category)) {}

PythonKernelRef
tt::frontend::PythonKernelOptions::getRef(StringRef input) const {
  PythonKernelRef ref;
  splitPythonKernelRef(input, ref);
  ref.signature = signature;
  ref.defines.assign(defines.begin(), defines.end());
  return ref;
}

bool tt::frontend::PythonKernelOptions::anyGiven() const {
  return signature.getNumOccurrences() > 0 || !defines.empty();
}

//===----------------------------------------------------------------------===//
// Compiling a Python kernel
//===----------------------------------------------------------------------===//

bool tt::frontend::parseSpecialization(StringRef signature,
                                       ArrayRef<std::string> defines,
                                       CompileOptions &opts,
                                       std::string &error) {
  std::string err;
  if (!parseSignature(signature, opts.signature, err)) {
    error = "--signature: " + err;
    return false;
  }
  for (const std::string &d : defines) {
    auto [name, value] = StringRef(d).split('=');
    name = name.trim();
    if (name.empty() || !StringRef(d).contains('=')) {
      error = "-D " + d + ": expected NAME=VALUE";
      return false;
    }
    ConstValue v;
    if (!parseConstValue(value, v, err)) {
      error = ("-D " + name + ": " + err).str();
      return false;
    }
    opts.defines.emplace_back(name.str(), v);
  }
  return true;
}

mlir::OwningOpRef<mlir::ModuleOp>
tt::frontend::compilePythonKernel(mlir::MLIRContext &ctx, SourceMgr &sm,
                                  const PythonKernelRef &ref, StringRef tool,
                                  std::string *key) {
  auto fail = [&](const Twine &msg) {
    WithColor::error(errs(), tool) << msg << "\n";
    return mlir::OwningOpRef<mlir::ModuleOp>();
  };
  ErrorOr<std::unique_ptr<MemoryBuffer>> buf =
      MemoryBuffer::getFileOrSTDIN(ref.path, /*IsText=*/true);
  if (!buf)
    return fail("cannot read '" + ref.path + "': " + buf.getError().message());
  std::string source = (*buf)->getBuffer().str();
  unsigned id = sm.AddNewSourceBuffer(std::move(*buf), SMLoc());
  Module module;
  if (!parsePython(sm, id, module))
    return {};

  CompileOptions opts;
  if (ref.kernel.empty()) {
    // Without ::KERNEL the file must hold exactly one @jit function.
    std::vector<std::string> jit;
    for (const auto &fn : module.functions)
      if (fn->isJit)
        jit.push_back(fn->name);
    if (jit.size() != 1)
      return fail("name the kernel as " + ref.path + "::NAME (" +
                  (jit.empty() ? std::string("the file has no @triton.jit "
                                             "function")
                               : std::to_string(jit.size()) +
                                     " @triton.jit functions") +
                  ")");
    opts.kernelName = jit[0];
  } else {
    opts.kernelName = ref.kernel;
  }
  std::string err;
  if (!parseSpecialization(ref.signature, ref.defines, opts, err))
    return fail(err);
  opts.defaultDotInputPrecision = ref.dotPrecision;

  if (key) {
    raw_string_ostream os(*key);
    os << "python kernel " << opts.kernelName << "\nsignature=" << ref.signature
       << "\n";
    for (const std::string &d : ref.defines)
      os << "-D " << d << "\n";
    os << "dot-precision=" << ref.dotPrecision << "\n\n" << source;
  }
  loadFrontendDialects(ctx);
  return compileKernel(ctx, sm, module, opts);
}

//===----------------------------------------------------------------------===//
// Any kernel input
//===----------------------------------------------------------------------===//

/// An MLIR buffer named `input`: nesting checked, parsed into `out`.
static bool loadMLIRBuffer(mlir::MLIRContext &ctx, SourceMgr &sm,
                           StringRef input, std::unique_ptr<MemoryBuffer> file,
                           tt::frontend::LoadedKernel &out) {
  std::string err;
  if (!tt::checkIRNesting(file->getBuffer(), tt::kMaxIRNesting, err)) {
    errs() << input << ": error: " << err << "\n";
    return false;
  }
  out.fromPython = false;
  out.keyText = file->getBuffer().str();
  sm.AddNewSourceBuffer(std::move(file), SMLoc());
  out.module = mlir::parseSourceFile<mlir::ModuleOp>(sm, &ctx);
  return bool(out.module);
}

bool tt::frontend::loadKernel(mlir::MLIRContext &ctx, SourceMgr &sm,
                              StringRef input,
                              const PythonKernelOptions &python,
                              StringRef tool, LoadedKernel &out) {
  return loadKernel(ctx, sm, input, python.getRef(input), tool, out);
}

bool tt::frontend::loadKernel(mlir::MLIRContext &ctx, SourceMgr &sm,
                              StringRef input,
                              const PythonKernelRef &specialization,
                              StringRef tool, LoadedKernel &out) {
  if (isPythonKernelRef(input)) {
    PythonKernelRef ref;
    splitPythonKernelRef(input, ref);
    ref.signature = specialization.signature;
    ref.defines = specialization.defines;
    ref.dotPrecision = specialization.dotPrecision;
    out.fromPython = true;
    out.keyText.clear();
    out.module = compilePythonKernel(ctx, sm, ref, tool, &out.keyText);
    return bool(out.module);
  }
  if (!specialization.signature.empty() || !specialization.defines.empty()) {
    WithColor::error(errs(), tool)
        << "--signature and -D specialize Python kernels (FILE.py::KERNEL), "
           "not '"
        << input << "'\n";
    return false;
  }
  std::string err;
  std::unique_ptr<MemoryBuffer> file = mlir::openInputFile(input, &err);
  if (!file) {
    errs() << tool << ": " << err << "\n";
    return false;
  }
  return loadMLIRBuffer(ctx, sm, input, std::move(file), out);
}

bool tt::frontend::loadKernelText(mlir::MLIRContext &ctx, SourceMgr &sm,
                                  StringRef name, StringRef text,
                                  LoadedKernel &out) {
  return loadMLIRBuffer(ctx, sm, name,
                        MemoryBuffer::getMemBufferCopy(text, name), out);
}
