//===- Tools.cpp - finding and running tt's own tools -----------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Support/Tools.h"

#include <cstdlib>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

bool tt::support::isExecutable(const std::string &path) {
  struct stat st;
  return !path.empty() && ::stat(path.c_str(), &st) == 0 &&
         S_ISREG(st.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

std::string tt::support::getExecutableDir() {
  char self[4096];
  ssize_t n = ::readlink("/proc/self/exe", self, sizeof(self) - 1);
  if (n <= 0)
    return "";
  self[n] = 0;
  std::string dir(self);
  return dir.substr(0, dir.rfind('/'));
}

std::string tt::support::findTool(const std::string &name,
                                  const char *envVar) {
  if (const char *env = envVar ? std::getenv(envVar) : nullptr; env && *env)
    return env;
  std::string dir = getExecutableDir();
  if (!dir.empty() && isExecutable(dir + "/" + name))
    return dir + "/" + name;
  if (const char *path = std::getenv("PATH")) {
    std::stringstream ss(path);
    std::string d;
    while (std::getline(ss, d, ':'))
      if (!d.empty() && isExecutable(d + "/" + name))
        return d + "/" + name;
  }
  return "";
}
