//===- TempDir.h - temporary folders that outlive no tool -------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// tt-run (kernels compiled on the fly) and tt-tune (every config's kernel)
// work in a temporary folder. It is removed when its TempDir is destroyed,
// and also when the process ends any other way (a crash, kill -9): a small
// watcher process, started with the folder, waits on a pipe that only the
// tool holds open and removes the folder once the pipe closes.
//
//===----------------------------------------------------------------------===//

#ifndef TT_RUNTIME_TEMPDIR_H
#define TT_RUNTIME_TEMPDIR_H

#include <sys/types.h>

#include <string>

namespace tt::runtime {

class TempDir {
public:
  TempDir() = default;
  TempDir(const TempDir &) = delete;
  TempDir &operator=(const TempDir &) = delete;
  ~TempDir() { remove(); }

  /// Makes `$TMPDIR/<prefix>-XXXXXX` (TMPDIR defaults to /tmp) and its
  /// watcher. False, with `err`, if the folder cannot be made; a watcher
  /// that cannot be started only loses the clean-up after a crash.
  bool create(const std::string &prefix, std::string &err);
  bool exists() const { return !dir.empty(); }
  const std::string &path() const { return dir; }
  /// Removes the folder and everything in it now, and ends the watcher.
  void remove();

private:
  std::string dir;
  int watchFd = -1;
  pid_t watcher = -1;
};

/// Removes `path` and, if it is a folder, everything below it (symbolic
/// links are removed, never followed).
void removeTree(const std::string &path);

} // namespace tt::runtime

#endif // TT_RUNTIME_TEMPDIR_H
