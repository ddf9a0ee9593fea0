//===- TempDir.cpp - temporary folders that outlive no tool -----*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Runtime/TempDir.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <vector>

using namespace tt::runtime;

void tt::runtime::removeTree(const std::string &path) {
  struct stat st;
  if (::lstat(path.c_str(), &st) != 0)
    return;
  if (S_ISDIR(st.st_mode)) {
    if (DIR *d = ::opendir(path.c_str())) {
      std::vector<std::string> names;
      while (struct dirent *e = ::readdir(d))
        if (std::strcmp(e->d_name, ".") != 0 &&
            std::strcmp(e->d_name, "..") != 0)
          names.push_back(e->d_name);
      ::closedir(d);
      for (const std::string &n : names)
        removeTree(path + "/" + n);
    }
    ::rmdir(path.c_str());
  } else {
    ::unlink(path.c_str());
  }
}

bool TempDir::create(const std::string &prefix, std::string &err) {
  if (!dir.empty())
    return true;
  const char *tmp = std::getenv("TMPDIR");
  std::string tmpl =
      std::string(tmp && *tmp ? tmp : "/tmp") + "/" + prefix + "-XXXXXX";
  std::vector<char> buf(tmpl.begin(), tmpl.end());
  buf.push_back(0);
  if (!::mkdtemp(buf.data())) {
    err = std::string("cannot create a temporary directory: ") +
          std::strerror(errno);
    return false;
  }
  dir = buf.data();

  // The watcher: it reads a pipe whose write end only this process holds
  // (close-on-exec, so tools it runs do not keep it open) and removes the
  // folder at end of file, however this process ended.
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0)
    return true;
  pid_t pid = ::fork();
  if (pid < 0) {
    ::close(fds[0]);
    ::close(fds[1]);
    return true;
  }
  if (pid == 0) {
    // Only the read end stays open: the watcher must not hold the tool's
    // output pipes (a reader would wait for it) or any other file.
    ::dup2(fds[0], 3);
    ::close_range(4, ~0U, 0);
    int null = ::open("/dev/null", O_RDWR);
    for (int fd = 0; fd < 3; ++fd)
      ::dup2(null, fd);
    if (null > 3)
      ::close(null);
    // Ctrl-C reaches the whole process group; the watcher outlives it to
    // clean up after the tool.
    ::signal(SIGINT, SIG_IGN);
    ::signal(SIGTERM, SIG_IGN);
    ::signal(SIGHUP, SIG_IGN);
    char c;
    while (::read(3, &c, 1) < 0 && errno == EINTR) {
    }
    removeTree(dir);
    ::_exit(0);
  }
  ::close(fds[0]);
  watchFd = fds[1];
  watcher = pid;
  return true;
}

void TempDir::remove() {
  if (!dir.empty())
    removeTree(dir);
  dir.clear();
  if (watchFd >= 0) {
    ::close(watchFd);
    watchFd = -1;
  }
  if (watcher > 0) {
    while (::waitpid(watcher, nullptr, 0) < 0 && errno == EINTR) {
    }
    watcher = -1;
  }
}
