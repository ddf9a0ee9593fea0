//===- AtomicFile.cpp - files that appear whole or not at all ---*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Runtime/AtomicFile.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>

using namespace tt::runtime;

AtomicFile::~AtomicFile() {
  if (fd >= 0)
    ::close(fd);
  if (!temp.empty())
    ::unlink(temp.c_str());
}

bool AtomicFile::open(const std::string &path, std::string &err) {
  target = path;
  struct stat st;
  if (::lstat(path.c_str(), &st) == 0 && S_ISLNK(st.st_mode)) {
    char resolved[PATH_MAX];
    if (::realpath(path.c_str(), resolved))
      target = resolved;
  }
  if (::stat(target.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
    fd = ::open(target.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
    if (fd < 0) {
      err = "cannot write '" + path + "': " + std::strerror(errno);
      return false;
    }
    return true;
  }
  // A name no other writer uses: the process id and a per-process counter;
  // O_EXCL settles any remaining race (a stale file from a dead process
  // that had the same id).
  static std::atomic<unsigned> counter{0};
  for (int attempt = 0; attempt < 100; ++attempt) {
    std::string name = target + ".tmp-" + std::to_string(::getpid()) + "-" +
                       std::to_string(counter++);
    fd = ::open(name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd >= 0) {
      temp = name;
      return true;
    }
    if (errno != EEXIST)
      break;
  }
  err = "cannot write '" + path + "': " + std::strerror(errno);
  return false;
}

bool AtomicFile::write(const void *data, size_t size, std::string &err) {
  const char *p = static_cast<const char *>(data);
  while (size > 0 && !failed) {
    ssize_t n = ::write(fd, p, size);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      err = "cannot write '" + target + "': " +
            std::strerror(n < 0 ? errno : ENOSPC);
      failed = true;
      return false;
    }
    p += n;
    size -= size_t(n);
  }
  return !failed;
}

bool AtomicFile::commit(std::string &err) {
  if (fd < 0 || failed) {
    if (err.empty())
      err = "cannot write '" + target + "'";
    return false;
  }
  int rc = ::close(fd);
  fd = -1;
  if (rc != 0) {
    err = "cannot write '" + target + "': " + std::strerror(errno);
    return false;
  }
  if (temp.empty())
    return true;
  if (::rename(temp.c_str(), target.c_str()) != 0) {
    err = "cannot write '" + target + "': " + std::strerror(errno);
    return false; // the destructor removes the temporary file
  }
  temp.clear();
  return true;
}

bool tt::runtime::writeFileAtomic(const std::string &path, const void *data,
                                  size_t size, std::string &err) {
  AtomicFile f;
  return f.open(path, err) && f.write(data, size, err) && f.commit(err);
}
