//===- Files.cpp - reading files and making folders -------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Runtime/Files.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

bool tt::runtime::readFile(const std::string &path, std::string &out,
                           std::string &err) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    err = std::strerror(errno);
    return false;
  }
  std::stringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  return true;
}

bool tt::runtime::isRegularFile(const std::string &path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

bool tt::runtime::makeDirectories(const std::string &path, std::string &err) {
  std::string cur;
  size_t pos = 0;
  while (pos <= path.size()) {
    size_t next = path.find('/', pos);
    if (next == std::string::npos)
      next = path.size();
    cur = path.substr(0, next);
    if (!cur.empty() && ::mkdir(cur.c_str(), 0777) != 0 && errno != EEXIST) {
      err = "cannot create directory '" + cur + "': " + std::strerror(errno);
      return false;
    }
    pos = next + 1;
  }
  return true;
}
