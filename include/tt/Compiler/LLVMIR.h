//===- LLVMIR.h - GPU modules from the LLVM dialect to LLVM IR --*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// What the GPU backends share between their LLIR stage and LLVM's code
// generation: the translation to LLVM IR with line information (.loc/.file
// in PTX, as upstream writes them).
//
//===----------------------------------------------------------------------===//

#ifndef TT_COMPILER_LLVMIR_H
#define TT_COMPILER_LLVMIR_H

#include "llvm/Support/Error.h"

#include <memory>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace mlir {
class DialectRegistry;
class ModuleOp;
} // namespace mlir

namespace tt {

/// The LLVM dialect and the builtin and LLVM translations to LLVM IR.
void registerLLVMIRTranslations(mlir::DialectRegistry &registry);

/// Translates an LLVM-dialect module to LLVM IR, with a DISubprogram per
/// function so that locations become line information
/// (TRITON_DISABLE_LINE_INFO=1 leaves it out).
llvm::Expected<std::unique_ptr<llvm::Module>>
translateToLLVMIR(mlir::ModuleOp module, llvm::LLVMContext &context);

} // namespace tt

#endif // TT_COMPILER_LLVMIR_H
