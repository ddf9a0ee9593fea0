//===- Files.h - reading files and making folders ---------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The small file-system helpers tt-run's runner and tt-tune share (plain
// POSIX, no LLVM): read a whole file, ask whether a path is a regular file,
// create a folder and its parents. Writing goes through AtomicFile.h.
//
//===----------------------------------------------------------------------===//

#ifndef TT_RUNTIME_FILES_H
#define TT_RUNTIME_FILES_H

#include <string>

namespace tt::runtime {

/// Reads the whole of `path` into `out`; on failure `err` is the system's
/// reason (strerror), without the path.
bool readFile(const std::string &path, std::string &out, std::string &err);

/// Whether `path` exists and is a regular file (links followed).
bool isRegularFile(const std::string &path);

/// `mkdir -p`: creates `path` and every missing folder above it; `err`
/// names the folder that could not be made.
bool makeDirectories(const std::string &path, std::string &err);

} // namespace tt::runtime

#endif // TT_RUNTIME_FILES_H
