//===- AMDGPU.cpp - LLVM IR to AMDGCN and HSACO -----------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Target/AMDGPU/AMDGPU.h"
#include "tt/Target/ExternalTool.h"
#include "tt/Target/LLVMOptimize.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Linker/Linker.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/IPO/Internalize.h"

#include <cstdlib>
#include <mutex>

using namespace llvm;
using tt::amdgpu::CodegenOptions;

namespace {
void initAMDGPU() {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeAMDGPUTargetInfo();
    LLVMInitializeAMDGPUTarget();
    LLVMInitializeAMDGPUTargetMC();
    LLVMInitializeAMDGPUAsmPrinter();
    LLVMInitializeAMDGPUAsmParser();
  });
}

Error makeError(const Twine &msg) {
  return createStringError(inconvertibleErrorCode(), msg);
}

constexpr StringLiteral kTriple = "amdgcn-amd-amdhsa";

Expected<std::unique_ptr<TargetMachine>> createMachine(Module &module,
                                                       const CodegenOptions &o) {
  initAMDGPU();
  Triple triple(kTriple);
  std::string error;
  const Target *target = TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return makeError("AMDGPU backend unavailable: " + error);
  TargetOptions targetOptions;
  targetOptions.AllowFPOpFusion = FPOpFusion::Fast;
  std::unique_ptr<TargetMachine> machine(target->createTargetMachine(
      triple, o.arch.name, /*Features=*/"", targetOptions, Reloc::PIC_,
      std::nullopt, CodeGenOptLevel::Aggressive));
  if (!machine)
    return makeError("cannot create an AMDGPU target machine for " +
                     o.arch.name);
  module.setTargetTriple(triple);
  module.setDataLayout(machine->createDataLayout());
  // Code object v5 (ROCm 5.x and newer load it; the kernel descriptors and
  // implicit arguments of v5 are what the device libraries expect).
  if (!module.getModuleFlag("amdhsa_code_object_version"))
    module.addModuleFlag(Module::Error, "amdhsa_code_object_version", 500);
  return std::move(machine);
}

bool usesPrefix(const Module &module, StringRef prefix) {
  for (const Function &f : module)
    if (f.isDeclaration() && f.getName().starts_with(prefix))
      return true;
  return false;
}

/// The __oclc_* control variables the device libraries read: values for
/// `arch`, with IEEE-conforming defaults (no finite-only, no unsafe math,
/// no denormal flushing, correctly rounded f32 sqrt).
void defineControlVariables(Module &module, const tt::amdgpu::Arch &arch) {
  struct Control {
    const char *name;
    uint64_t value;
  } controls[] = {
      {"__oclc_finite_only_opt", 0},
      {"__oclc_unsafe_math_opt", 0},
      {"__oclc_daz_opt", 0},
      {"__oclc_correctly_rounded_sqrt32", 1},
      {"__oclc_wavefrontsize64", arch.waveSize == 64 ? 1u : 0u},
      {"__oclc_ISA_version", arch.isaVersion},
      {"__oclc_ABI_version", 500},
  };
  for (const Control &c : controls) {
    GlobalVariable *gv = module.getGlobalVariable(c.name);
    if (!gv || !gv->isDeclaration())
      continue;
    auto *intType = dyn_cast<IntegerType>(gv->getValueType());
    if (!intType)
      continue;
    gv->setInitializer(ConstantInt::get(intType, c.value));
    gv->setConstant(true);
    gv->setLinkage(GlobalValue::InternalLinkage);
  }
}

/// Links ocml/ockl when the module calls into them, then keeps only the
/// kernels visible so the optimizer inlines and drops the library bodies.
Error linkDeviceLibraries(Module &module, const CodegenOptions &o) {
  bool needOcml = usesPrefix(module, "__ocml_");
  bool needOckl = usesPrefix(module, "__ockl_");
  if (!needOcml && !needOckl)
    return Error::success();
  std::string dir = tt::amdgpu::findDeviceLibDir(o.deviceLibDir);
  if (dir.empty())
    return makeError("the kernel calls ROCm device-library functions "
                     "(__ocml_*/__ockl_*), but no ocml.bc was found: install "
                     "Debian's rocm-device-libs or set "
                     "TRITON_HIP_DEVICE_LIB_DIR");
  auto link = [&](StringRef name) -> Error {
    SmallString<256> path(dir);
    sys::path::append(path, name);
    SMDiagnostic diag;
    std::unique_ptr<Module> lib = parseIRFile(path, diag, module.getContext());
    if (!lib)
      return makeError("cannot read the device library '" + path +
                       "': " + diag.getMessage());
    lib->setTargetTriple(module.getTargetTriple());
    lib->setDataLayout(module.getDataLayout());
    if (Linker::linkModules(module, std::move(lib), Linker::LinkOnlyNeeded))
      return makeError("linking the device library '" + path + "' failed");
    return Error::success();
  };
  if (needOcml)
    if (Error e = link("ocml.bc"))
      return e;
  // ocml can call ockl.
  if (usesPrefix(module, "__ockl_"))
    if (Error e = link("ockl.bc"))
      return e;
  defineControlVariables(module, o.arch);
  internalizeModule(module, [](const GlobalValue &gv) {
    if (auto *f = dyn_cast<Function>(&gv))
      return f->getCallingConv() == CallingConv::AMDGPU_KERNEL;
    return false;
  });
  return Error::success();
}

Expected<std::string> emit(Module &module, const CodegenOptions &o,
                           CodeGenFileType kind) {
  Expected<std::unique_ptr<TargetMachine>> machine = createMachine(module, o);
  if (!machine)
    return machine.takeError();
  std::string out;
  {
    raw_string_ostream os(out);
    buffer_ostream pstream(os);
    legacy::PassManager pm;
    if ((*machine)->addPassesToEmitFile(pm, pstream, nullptr, kind))
      return makeError("the AMDGPU backend cannot emit this file type");
    pm.run(module);
  }
  return out;
}
} // namespace

std::string tt::amdgpu::findDeviceLibDir(const std::string &explicitDir) {
  auto hasOcml = [](StringRef dir) {
    SmallString<256> p(dir);
    sys::path::append(p, "ocml.bc");
    return sys::fs::exists(p);
  };
  if (!explicitDir.empty())
    return hasOcml(explicitDir) ? explicitDir : "";
  if (const char *env = std::getenv("TRITON_HIP_DEVICE_LIB_DIR"))
    return hasOcml(env) ? env : "";
  for (const char *dir : {"/usr/lib/x86_64-linux-gnu/amdgcn/bitcode",
                          "/usr/lib/aarch64-linux-gnu/amdgcn/bitcode",
                          "/opt/rocm/amdgcn/bitcode"})
    if (hasOcml(dir))
      return dir;
  return "";
}

std::string tt::amdgpu::findLLD() {
  if (const char *env = std::getenv("TRITON_HIP_LLD_PATH"))
    return sys::fs::can_execute(env) ? env : "";
  for (const char *name : {"ld.lld-22", "ld.lld"})
    if (ErrorOr<std::string> p = sys::findProgramByName(name))
      return *p;
  if (sys::fs::can_execute("/usr/lib/llvm-22/bin/ld.lld"))
    return "/usr/lib/llvm-22/bin/ld.lld";
  return "";
}

Error tt::amdgpu::optimizeModule(Module &module, const CodegenOptions &o) {
  Expected<std::unique_ptr<TargetMachine>> machine = createMachine(module, o);
  if (!machine)
    return machine.takeError();
  if (Error e = linkDeviceLibraries(module, o))
    return e;
  if (!o.optimize)
    return Error::success();
  tt::target::optimizeLLVMModule(module, **machine);
  return Error::success();
}

Expected<std::string> tt::amdgpu::emitAssembly(Module &module,
                                               const CodegenOptions &o) {
  return emit(module, o, CodeGenFileType::AssemblyFile);
}

Expected<std::string> tt::amdgpu::emitObject(Module &module,
                                             const CodegenOptions &o) {
  return emit(module, o, CodeGenFileType::ObjectFile);
}

Expected<std::string> tt::amdgpu::linkHSACO(StringRef object, StringRef lldPath) {
  std::string lld = lldPath.empty() ? findLLD() : lldPath.str();
  if (lld.empty())
    return makeError("ld.lld not found: an HSACO is linked with LLVM's lld "
                     "(install lld-22, or set TRITON_HIP_LLD_PATH); --amdgcn "
                     "works without it");
  return tt::target::runExternalTool(
      {lld, "ld.lld", object, "tt-kernel", "o", "hsaco", "tt-lld", "output"},
      [&](StringRef in, StringRef out) {
        SmallVector<StringRef> args = {lld, "-flavor", "gnu", "-shared",
                                       "--no-undefined", in, "-o", out};
        // ld.lld-22 is the gnu flavor already; -flavor only matters for
        // `lld`.
        if (!sys::path::filename(lld).starts_with("lld"))
          args.erase(args.begin() + 1, args.begin() + 3);
        return args;
      });
}
