//===- Emit.h - what every generated tt-aot header has ----------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Private to lib/AOT: what the launcher of one kernel (Launcher.cpp) and
// the dispatcher over its specializations (Link.cpp) both write, defined in
// Launcher.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef TT_LIB_AOT_EMIT_H
#define TT_LIB_AOT_EMIT_H

#include "tt/AOT/AOT.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace tt::aot::detail {

/// Text that is safe inside a C block comment on one line.
std::string commentSafe(llvm::StringRef s);
std::string includeGuard(llvm::StringRef name);
/// The block of declarations every tt-aot header carries once.
void emitCommonDeclarations(llvm::raw_ostream &os);
/// The same for the headers with CUDA launchers.
void emitCommonCUDADeclarations(llvm::raw_ostream &os);
/// Ends a header's opening comment and writes what every header starts
/// with: the include guard of `name`, the C headers (<cuda.h> when `cuda`),
/// `extern "C"` for C++, and the common declarations.
void emitHeaderPrologue(llvm::raw_ostream &os, llvm::StringRef name, bool cuda);
/// "CUdeviceptr x, CUdeviceptr y, int32_t n" or the CPU spelling.
std::string paramList(llvm::ArrayRef<Arg> args, bool cuda);
std::string callList(llvm::ArrayRef<Arg> args);
/// Parameters a function does not read, silenced for -Wunused-parameter.
void emitUnused(llvm::raw_ostream &os, llvm::ArrayRef<Arg> args,
                bool onlyUnconditioned);

} // namespace tt::aot::detail

#endif // TT_LIB_AOT_EMIT_H
