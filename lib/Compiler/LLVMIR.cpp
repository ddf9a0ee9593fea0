//===- LLVMIR.cpp - GPU modules from the LLVM dialect to LLVM IR -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Compiler/LLVMIR.h"
#include "tt/Compiler/Session.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"

#include "llvm/BinaryFormat/Dwarf.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Path.h"

#include <functional>

using namespace mlir;

void tt::registerLLVMIRTranslations(DialectRegistry &registry) {
  registry.insert<LLVM::LLVMDialect>();
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
}

namespace {
/// The file position a location points at (through names, call sites (the
/// caller), fused and opaque locations); null when there is none.
FileLineColLoc filePosition(Location loc) {
  if (auto file = dyn_cast<FileLineColLoc>(loc))
    return file;
  if (auto name = dyn_cast<NameLoc>(loc))
    return filePosition(name.getChildLoc());
  if (auto call = dyn_cast<CallSiteLoc>(loc))
    return filePosition(call.getCaller());
  if (auto opaque = dyn_cast<OpaqueLoc>(loc))
    return filePosition(opaque.getFallbackLocation());
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location part : fused.getLocations())
      if (FileLineColLoc file = filePosition(part))
        return file;
  return {};
}

LLVM::DIFileAttr fileAttr(MLIRContext *ctx, FileLineColLoc pos) {
  if (!pos)
    return LLVM::DIFileAttr::get(ctx, "<unknown>", "");
  StringRef path = pos.getFilename().getValue();
  return LLVM::DIFileAttr::get(ctx, llvm::sys::path::filename(path),
                               llvm::sys::path::parent_path(path));
}

/// Gives every function definition a DISubprogram, so that translation to
/// LLVM IR turns the ops' locations into !dbg line information. Ops inlined
/// from other functions (call-site locations) get their callee positions
/// scoped in a lexical block of the function, so that every inlinedAt chain
/// ends in the function's own subprogram, as LLVM requires.
///
/// The compile unit is DebugDirectivesOnly: NVPTX then writes .loc/.file
/// but no DWARF sections and no ", debug" on .target (which would make
/// ptxas compile without optimization; upstream strips it from its PTX).
void addLineInfo(ModuleOp module) {
  MLIRContext *ctx = module.getContext();
  FileLineColLoc unitPos = filePosition(module.getLoc());
  for (auto func : module.getOps<LLVM::LLVMFuncOp>())
    if (!unitPos)
      unitPos = filePosition(func.getLoc());
  auto unit = LLVM::DICompileUnitAttr::get(
      DistinctAttr::create(UnitAttr::get(ctx)), llvm::dwarf::DW_LANG_C,
      fileAttr(ctx, unitPos), StringAttr::get(ctx, "tt"), /*isOptimized=*/true,
      LLVM::DIEmissionKind::DebugDirectivesOnly);
  auto type = LLVM::DISubroutineTypeAttr::get(ctx, llvm::dwarf::DW_CC_normal,
                                              {});
  for (auto func : module.getOps<LLVM::LLVMFuncOp>()) {
    if (func.isExternal() ||
        func.getLoc()->findInstanceOf<FusedLocWith<LLVM::DISubprogramAttr>>())
      continue;
    FileLineColLoc pos = filePosition(func.getLoc());
    unsigned line = pos ? pos.getLine() : 1;
    auto subprogram = LLVM::DISubprogramAttr::get(
        ctx, DistinctAttr::create(UnitAttr::get(ctx)), unit, fileAttr(ctx, pos),
        func.getNameAttr(), func.getNameAttr(), fileAttr(ctx, pos), line, line,
        LLVM::DISubprogramFlags::Definition |
            LLVM::DISubprogramFlags::Optimized,
        type, {}, {});
    func->setLoc(FusedLoc::get(ctx, {func.getLoc()}, subprogram));
    std::function<Location(Location)> scoped = [&](Location loc) -> Location {
      if (auto call = dyn_cast<CallSiteLoc>(loc))
        return CallSiteLoc::get(scoped(call.getCallee()), call.getCaller());
      auto block = LLVM::DILexicalBlockFileAttr::get(
          ctx, subprogram, fileAttr(ctx, filePosition(loc)), 0);
      return FusedLoc::get(ctx, {loc}, block);
    };
    func.walk([&](Operation *op) {
      if (auto call = dyn_cast<CallSiteLoc>(op->getLoc()))
        op->setLoc(CallSiteLoc::get(scoped(call.getCallee()),
                                    call.getCaller()));
    });
  }
}
} // namespace

llvm::Expected<std::unique_ptr<llvm::Module>>
tt::translateToLLVMIR(ModuleOp module, llvm::LLVMContext &context) {
  // Line information: .loc/.file directives in the PTX, line info in the
  // cubin (ptxas -lineinfo). TRITON_DISABLE_LINE_INFO=1 leaves them out.
  if (!tt::debug::getBoolEnv("TRITON_DISABLE_LINE_INFO"))
    addLineInfo(module);
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(module, context, "LLVMDialectModule");
  if (!llvmModule)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "translation to LLVM IR failed");
  return std::move(llvmModule);
}

