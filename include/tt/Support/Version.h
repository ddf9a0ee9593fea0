//===- Version.h - what every tool's --version prints -----------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// One text for `--version` in every tool (docs/cli.md): the tool, tt's
// version, the git commit the build was made from and the LLVM it was built
// with. Plain C++: tt-run and tt-tune, which link no LLVM, print the same.
//
//===----------------------------------------------------------------------===//

#ifndef TT_SUPPORT_VERSION_H
#define TT_SUPPORT_VERSION_H

#include <string>

namespace tt::support {

/// tt's version ("0.1.0").
const char *getTTVersion();
/// The git commit of the source tree at build time (12 hex digits), or
/// "unknown" for a tree without git.
const char *getGitCommit();
/// The LLVM release the build used ("22.1.8").
const char *getLLVMVersion();

/// The --version text of `tool`, three lines:
///   tt-opt (tt) 0.1.0
///   commit 6ce42f8c1a2b
///   LLVM 22.1.8
std::string getVersionText(const std::string &tool);

} // namespace tt::support

#endif // TT_SUPPORT_VERSION_H
