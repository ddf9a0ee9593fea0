//===- AtomicFile.h - files that appear whole or not at all -----*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Every file tt-run writes (outputs, saved inputs, JSON results) goes
// through AtomicFile: the bytes go to a fresh temporary name in the target's
// directory, which is renamed over the target once everything is written.
// A process killed half-way leaves at most a stray `NAME.tmp-*` file, never
// a truncated NAME, and two processes writing the same NAME at once leave
// one complete copy, not a mix.
//
//===----------------------------------------------------------------------===//

#ifndef TT_RUNTIME_ATOMICFILE_H
#define TT_RUNTIME_ATOMICFILE_H

#include <cstddef>
#include <string>

namespace tt::runtime {

class AtomicFile {
public:
  AtomicFile() = default;
  AtomicFile(const AtomicFile &) = delete;
  AtomicFile &operator=(const AtomicFile &) = delete;
  /// Removes the temporary file unless commit() succeeded.
  ~AtomicFile();

  /// Starts writing `path`. Paths that are not regular files (a terminal,
  /// /dev/null, a pipe) are written in place, as nothing can be renamed
  /// over them; a symbolic link is followed, so the file it names is
  /// replaced.
  bool open(const std::string &path, std::string &err);
  bool write(const void *data, size_t size, std::string &err);
  /// Flushes and renames the temporary file to the target.
  bool commit(std::string &err);

private:
  int fd = -1;
  std::string target, temp; // temp empty: writing in place
  bool failed = false;
};

/// Convenience: the whole of `data` to `path`, atomically.
bool writeFileAtomic(const std::string &path, const void *data, size_t size,
                     std::string &err);

} // namespace tt::runtime

#endif // TT_RUNTIME_ATOMICFILE_H
