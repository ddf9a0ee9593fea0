//===- Tools.h - finding and running tt's own tools -------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Several tools run another one as a child process: tt-run, tt-tune and
// tt-aot compile through tt-translate. They all find it the same way (findTool) so that a bundle, a build tree
// and an installed copy behave alike. Plain C++ and POSIX: tt-run's runtime
// links no LLVM.
//
//===----------------------------------------------------------------------===//

#ifndef TT_SUPPORT_TOOLS_H
#define TT_SUPPORT_TOOLS_H

#include <string>

namespace tt::support {

/// The executable `name` ("tt-translate"): the path in the environment
/// variable `envVar` when it is set and not empty, else `name` in the
/// directory of the running executable (/proc/self/exe), else the first
/// `name` on PATH (regular executable files only). Empty when none is
/// found.
std::string findTool(const std::string &name, const char *envVar);

/// The directory of the running executable, without a trailing '/'; empty
/// when it cannot be read.
std::string getExecutableDir();

/// Whether `path` names a file this process may execute.
bool isExecutable(const std::string &path);

} // namespace tt::support

#endif // TT_SUPPORT_TOOLS_H
