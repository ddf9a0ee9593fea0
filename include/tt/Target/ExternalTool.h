//===- ExternalTool.h - run a toolchain program on temporary files -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The GPU targets finish their binaries with a program of a toolchain
// (ptxas for a cubin, ld.lld for an HSACO). Both runs go the same way: the
// input bytes to a temporary file, the program with the arguments naming
// that file and an output file, its stdout and stderr to a log that becomes
// the error when it fails, the output file's bytes back, every temporary
// file removed.
//
//===----------------------------------------------------------------------===//

#ifndef TT_TARGET_EXTERNALTOOL_H
#define TT_TARGET_EXTERNALTOOL_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace tt::target {

/// One run of a toolchain program over temporary files.
struct ExternalToolRun {
  /// The program to run (a path) and its name in error messages.
  llvm::StringRef program, name;
  /// The bytes the program reads.
  llvm::StringRef input;
  /// Temporary file names: prefix and suffix of the input and output files
  /// and the prefix of the log.
  llvm::StringRef filePrefix, inputSuffix, outputSuffix, logPrefix;
  /// What the program makes, for the error when it writes nothing.
  llvm::StringRef product;
};

/// Runs `run.program` with the arguments `makeArgs` gives for the input and
/// output file paths (the program path first) and returns the bytes of the
/// output file. The error says which step failed, with the program's log
/// when it exits with a nonzero status.
llvm::Expected<std::string> runExternalTool(
    const ExternalToolRun &run,
    llvm::function_ref<llvm::SmallVector<llvm::StringRef>(
        llvm::StringRef input, llvm::StringRef output)>
        makeArgs);

} // namespace tt::target

#endif // TT_TARGET_EXTERNALTOOL_H
