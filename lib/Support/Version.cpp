//===- Version.cpp - what every tool's --version prints ---------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// TT_VERSION and TT_LLVM_VERSION come from lib/Support/CMakeLists.txt;
// TT_GIT_COMMIT from the header GitCommit.cmake writes at every build.
//
//===----------------------------------------------------------------------===//

#include "tt/Support/Version.h"

#include "tt/Support/GitCommit.inc"

const char *tt::support::getTTVersion() { return TT_VERSION; }

const char *tt::support::getGitCommit() { return TT_GIT_COMMIT; }

const char *tt::support::getLLVMVersion() { return TT_LLVM_VERSION; }

std::string tt::support::getVersionText(const std::string &tool) {
  return tool + " (tt) " + getTTVersion() + "\ncommit " + getGitCommit() +
         "\nLLVM " + getLLVMVersion() + "\n";
}
