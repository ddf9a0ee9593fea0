//===- CPUTarget.cpp - LLVM dialect to host object and library --*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Target/CPU/CPU.h"

#include "tt/Conversion/TritonToLinalg/Passes.h"
#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/Triton/IR/TypeNames.h"
#include "tt/Dialect/TritonCPU/Transforms/Passes.h"

#include "mlir/Dialect/Arith/Transforms/BufferDeallocationOpInterfaceImpl.h"
#include "mlir/Dialect/Arith/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/FuncBufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/ControlFlow/Transforms/BufferDeallocationOpInterfaceImpl.h"
#include "mlir/Dialect/ControlFlow/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/AllocationOpInterfaceImpl.h"
#include "mlir/Dialect/SCF/Transforms/BufferDeallocationOpInterfaceImpl.h"
#include "mlir/Dialect/SCF/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

#include <mutex>

using namespace llvm;

namespace {
Error makeError(const Twine &msg) {
  return createStringError(inconvertibleErrorCode(), msg);
}

void initNativeTarget() {
  static std::once_flag once;
  std::call_once(once, [] {
    InitializeNativeTarget();
    InitializeNativeTargetAsmPrinter();
  });
}
} // namespace

void tt::cpu::registerCPUDialects(mlir::DialectRegistry &registry) {
  registry.insert<mlir::arith::ArithDialect,
                  mlir::bufferization::BufferizationDialect,
                  mlir::func::FuncDialect, mlir::index::IndexDialect,
                  mlir::linalg::LinalgDialect, mlir::LLVM::LLVMDialect,
                  mlir::memref::MemRefDialect, mlir::tensor::TensorDialect,
                  mlir::vector::VectorDialect>();
  mlir::arith::registerBufferizableOpInterfaceExternalModels(registry);
  mlir::arith::registerBufferDeallocationOpInterfaceExternalModels(registry);
  mlir::bufferization::func_ext::registerBufferizableOpInterfaceExternalModels(
      registry);
  mlir::cf::registerBufferizableOpInterfaceExternalModels(registry);
  mlir::cf::registerBufferDeallocationOpInterfaceExternalModels(registry);
  mlir::linalg::registerBufferizableOpInterfaceExternalModels(registry);
  mlir::memref::registerAllocationOpInterfaceExternalModels(registry);
  mlir::scf::registerBufferizableOpInterfaceExternalModels(registry);
  mlir::scf::registerBufferDeallocationOpInterfaceExternalModels(registry);
  mlir::tensor::registerBufferizableOpInterfaceExternalModels(registry);
  mlir::registerBuiltinDialectTranslation(registry);
  mlir::registerLLVMDialectTranslation(registry);
}

void tt::cpu::registerCPUPasses() {
  mlir::triton::registerTritonToLinalgPasses();
  mlir::triton::cpu::registerTritonCPUPasses();
}

Expected<std::unique_ptr<TargetMachine>>
tt::cpu::createTargetMachine(const CPUOptions &options) {
  initNativeTarget();
  Triple triple(options.triple.empty() ? sys::getProcessTriple()
                                       : options.triple);
  std::string error;
  const Target *target = TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return makeError("no LLVM target for '" + triple.str() + "': " + error);
  std::string cpu = options.cpu;
  std::string features;
  if (cpu.empty() || cpu == "native") {
    cpu = sys::getHostCPUName().str();
    for (const auto &f : sys::getHostCPUFeatures())
      features += (features.empty() ? "" : ",") +
                  std::string(f.second ? "+" : "-") + f.first().str();
  }
  if (!options.features.empty())
    features += (features.empty() ? "" : ",") + options.features;
  TargetOptions to;
  to.AllowFPOpFusion =
      options.enableFPFusion ? FPOpFusion::Fast : FPOpFusion::Standard;
  CodeGenOptLevel level = options.optLevel == 0   ? CodeGenOptLevel::None
                          : options.optLevel == 1 ? CodeGenOptLevel::Less
                          : options.optLevel == 2 ? CodeGenOptLevel::Default
                                                  : CodeGenOptLevel::Aggressive;
  std::unique_ptr<TargetMachine> tm(target->createTargetMachine(
      triple, cpu, features, to, Reloc::PIC_, std::nullopt, level));
  if (!tm)
    return makeError("cannot create a target machine for '" + triple.str() +
                     "' (cpu '" + cpu + "')");
  return tm;
}

Expected<std::unique_ptr<Module>>
tt::cpu::translateToLLVMIR(mlir::ModuleOp module, LLVMContext &context,
                           const CPUOptions &options) {
  mlir::DialectRegistry registry;
  mlir::registerBuiltinDialectTranslation(registry);
  mlir::registerLLVMDialectTranslation(registry);
  module->getContext()->appendDialectRegistry(registry);
  std::unique_ptr<Module> llvmModule =
      mlir::translateModuleToLLVMIR(module, context, "tt-cpu-kernel");
  if (!llvmModule)
    return makeError("translation of the LLVM dialect to LLVM IR failed");
  auto tm = createTargetMachine(options);
  if (!tm)
    return tm.takeError();
  llvmModule->setTargetTriple((*tm)->getTargetTriple());
  llvmModule->setDataLayout((*tm)->createDataLayout());
  for (Function &f : *llvmModule)
    if (!f.isDeclaration())
      f.addFnAttr(Attribute::NoUnwind);
  if (options.optLevel == 0)
    return std::move(llvmModule);

  LoopAnalysisManager lam;
  FunctionAnalysisManager fam;
  CGSCCAnalysisManager cgam;
  ModuleAnalysisManager mam;
  PipelineTuningOptions tuning;
  tuning.LoopVectorization = true;
  tuning.SLPVectorization = true;
  tuning.LoopUnrolling = true;
  PassBuilder pb(tm->get(), tuning);
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  OptimizationLevel level = options.optLevel == 1   ? OptimizationLevel::O1
                            : options.optLevel == 2 ? OptimizationLevel::O2
                                                    : OptimizationLevel::O3;
  ModulePassManager mpm = pb.buildPerModuleDefaultPipeline(level);
  mpm.run(*llvmModule, mam);
  return std::move(llvmModule);
}

namespace {
/// `f32 -> bf16`, rounding to nearest even; a NaN stays a quiet NaN with its
/// sign (the GPU's cvt.rn.bf16.f32).
Value *roundF32ToBF16Bits(IRBuilder<> &b, Value *x) {
  Type *i16 = b.getInt16Ty(), *i32 = b.getInt32Ty();
  Value *u = b.CreateBitCast(x, i32);
  Value *lsb = b.CreateAnd(b.CreateLShr(u, 16), 1);
  Value *rounded = b.CreateAdd(u, b.CreateAdd(lsb, b.getInt32(0x7fff)));
  Value *high = b.CreateTrunc(b.CreateLShr(rounded, 16), i16);
  Value *quiet = b.CreateOr(b.CreateTrunc(b.CreateLShr(u, 16), i16),
                            b.getInt16(0x40));
  return b.CreateSelect(b.CreateFCmpUNO(x, x), quiet, high);
}

/// Defines `name(from) -> bfloat` (weak, hidden) unless the module has it.
Function *beginHelper(Module &module, StringRef name, Type *from,
                      IRBuilder<> &b) {
  if (Function *f = module.getFunction(name))
    if (!f->isDeclaration())
      return nullptr;
  LLVMContext &ctx = module.getContext();
  auto *type = FunctionType::get(Type::getBFloatTy(ctx), {from}, false);
  Function *f = Function::Create(type, GlobalValue::WeakODRLinkage, name,
                                 &module);
  if (f->getName() != name) { // a declaration of another type was there
    f->eraseFromParent();
    return nullptr;
  }
  f->setVisibility(GlobalValue::HiddenVisibility);
  f->addFnAttr(Attribute::NoUnwind);
  b.SetInsertPoint(BasicBlock::Create(ctx, "", f));
  return f;
}

/// The bf16 conversions LLVM's code generator calls as runtime functions on
/// hosts without AVX512-BF16 (to promote bf16 values that cross blocks,
/// atomics' compare-and-swap loops, ...): libgcc defines them only from
/// GCC 13, so the link failed on older systems. Defined in the kernel's own
/// object, hidden, as the GPU rounds: to nearest even.
void defineBF16Runtime(Module &module) {
  LLVMContext &ctx = module.getContext();
  IRBuilder<> b(ctx);
  Type *f32 = Type::getFloatTy(ctx), *f64 = Type::getDoubleTy(ctx);
  if (Function *f = beginHelper(module, "__truncsfbf2", f32, b))
    b.CreateRet(b.CreateBitCast(roundF32ToBF16Bits(b, f->getArg(0)),
                                Type::getBFloatTy(ctx)));
  if (Function *f = beginHelper(module, "__truncdfbf2", f64, b)) {
    // f64 -> f32 rounded to odd, then to bf16 to nearest even: one correct
    // rounding (f32 keeps more than two extra bits), unlike two RNE steps.
    Value *x = f->getArg(0);
    Value *narrow = b.CreateFPTrunc(x, f32);
    Value *back = b.CreateFPExt(narrow, f64);
    Value *bits = b.CreateBitCast(narrow, b.getInt32Ty());
    Value *even = b.CreateICmpEQ(b.CreateAnd(bits, 1), b.getInt32(0));
    Value *inexact = b.CreateFCmpONE(back, x);
    Function *fabs =
        Intrinsic::getOrInsertDeclaration(&module, Intrinsic::fabs, {f64});
    Value *tooFar = b.CreateFCmpOGT(b.CreateCall(fabs, {back}),
                                    b.CreateCall(fabs, {x}));
    Value *toward = b.CreateSelect(tooFar, b.CreateSub(bits, b.getInt32(1)),
                                   b.CreateAdd(bits, b.getInt32(1)));
    Value *odd = b.CreateSelect(b.CreateAnd(even, inexact), toward, bits);
    b.CreateRet(b.CreateBitCast(
        roundF32ToBF16Bits(b, b.CreateBitCast(odd, f32)),
        Type::getBFloatTy(ctx)));
  }
}
} // namespace

Expected<std::string> tt::cpu::emitObject(Module &module,
                                          const CPUOptions &options) {
  auto tm = createTargetMachine(options);
  if (!tm)
    return tm.takeError();
  module.setDataLayout((*tm)->createDataLayout());
  defineBF16Runtime(module);
  SmallString<0> buffer;
  raw_svector_ostream os(buffer);
  legacy::PassManager pm;
  if ((*tm)->addPassesToEmitFile(pm, os, nullptr, CodeGenFileType::ObjectFile))
    return makeError("the target cannot emit object files");
  pm.run(module);
  return std::string(buffer.str());
}

Error tt::cpu::linkSharedLibrary(StringRef object, StringRef outputPath) {
  SmallString<128> objPath, logPath;
  if (std::error_code ec =
          sys::fs::createTemporaryFile("tt-cpu-kernel", "o", objPath))
    return makeError("cannot create a temporary file: " + ec.message());
  if (std::error_code ec =
          sys::fs::createTemporaryFile("tt-cpu-link", "log", logPath))
    return makeError("cannot create a temporary file: " + ec.message());
  auto cleanup = [&] {
    sys::fs::remove(objPath);
    sys::fs::remove(logPath);
  };
  {
    std::error_code ec;
    raw_fd_ostream os(objPath, ec, sys::fs::OF_None);
    if (ec) {
      cleanup();
      return makeError("cannot write '" + objPath + "': " + ec.message());
    }
    os << object;
  }
  std::vector<std::string> argv;
  std::string program;
  for (const char *cc : {"cc", "gcc", "clang"})
    if (auto p = sys::findProgramByName(cc)) {
      program = *p;
      argv = {program,        "-shared", "-o", outputPath.str(),
              objPath.str().str(), "-lm",     "-Wl,--no-undefined"};
      break;
    }
  if (program.empty())
    for (const char *ld : {"ld.lld-22", "ld.lld"})
      if (auto p = sys::findProgramByName(ld)) {
        program = *p;
        argv = {program, "-shared", "-o", outputPath.str(),
                objPath.str().str()};
        break;
      }
  if (program.empty()) {
    cleanup();
    return makeError("no linker found: the CPU backend needs `cc` (or "
                     "`ld.lld`) on PATH to build a shared library");
  }
  SmallVector<StringRef> args(argv.begin(), argv.end());
  std::optional<StringRef> redirects[] = {std::nullopt, logPath.str(),
                                          logPath.str()};
  std::string errMsg;
  int rc = sys::ExecuteAndWait(program, args, std::nullopt, redirects, 0, 0,
                               &errMsg);
  if (rc != 0) {
    std::string log;
    if (auto buf = MemoryBuffer::getFile(logPath))
      log = (*buf)->getBuffer().str();
    cleanup();
    // The cause first: the functions the kernel calls that nothing defines
    // (a math function the C library lacks, say), then the linker's words.
    std::string cause;
    StringRef rest = log;
    llvm::StringSet<> seen;
    while (!rest.empty()) {
      auto [line, next] = rest.split('\n');
      rest = next;
      size_t at = line.find("undefined reference to `");
      if (at == StringRef::npos)
        continue;
      StringRef sym = line.drop_front(at + 24).split('\'').first;
      if (seen.insert(sym).second)
        cause += (cause.empty() ? "" : ", ") + ("'" + sym + "'").str();
    }
    std::string head =
        cause.empty()
            ? "linking the kernel failed"
            : "the kernel calls " + cause +
                  ", which neither the kernel nor the C library defines";
    return makeError(head + " (" + program + " building '" + outputPath +
                     "'" + (errMsg.empty() ? "" : ": " + errMsg) + ")" +
                     (log.empty() ? "" : "\n" + log));
  }
  cleanup();
  return Error::success();
}

std::vector<tt::cpu::KernelInfo> tt::cpu::getKernels(mlir::ModuleOp ttir) {
  std::vector<KernelInfo> kernels;
  for (auto func : ttir.getOps<mlir::triton::FuncOp>()) {
    if (!func.isPublic() || func.isDeclaration())
      continue;
    KernelInfo info;
    info.name = func.getName().str();
    for (auto [i, arg] : llvm::enumerate(func.getArguments())) {
      KernelArg a;
      if (auto name = dyn_cast<mlir::NameLoc>(arg.getLoc()))
        a.name = name.getName().str();
      else
        a.name = "arg" + std::to_string(i);
      a.type = mlir::triton::getSignatureTypeName(arg.getType());
      info.args.push_back(a);
    }
    kernels.push_back(std::move(info));
  }
  return kernels;
}

std::string tt::cpu::getMetadataJSON(const KernelInfo &kernel, int numWarps) {
  json::Array args;
  for (const KernelArg &a : kernel.args)
    args.push_back(json::Object{{"name", a.name}, {"type", a.type}});
  json::Object root{{"name", kernel.name},
                    {"target", "cpu"},
                    {"num_warps", numWarps},
                    {"entry", kernel.name + "__packed"},
                    {"args", std::move(args)}};
  std::string s;
  raw_string_ostream os(s);
  os << formatv("{0:2}", json::Value(std::move(root))) << "\n";
  return s;
}
