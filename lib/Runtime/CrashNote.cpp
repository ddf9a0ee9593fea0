//===- CrashNote.cpp - what a dead child process was doing ------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// One page: two NUL-terminated texts. See CrashNote.h.
//
//===----------------------------------------------------------------------===//

#include "tt/Runtime/CrashNote.h"

#include <sys/mman.h>

#include <cstring>

using namespace tt::runtime;

namespace {
struct Note {
  char doing[1024];
  char fault[1024];
};

Note privateNote;
Note *note = &privateNote;

/// Copies at most size-1 bytes and terminates; async-signal-safe.
void put(char *dst, size_t size, const char *src) {
  size_t n = 0;
  if (src)
    while (n + 1 < size && src[n])
      ++n;
  std::memcpy(dst, src ? src : "", n);
  dst[n] = '\0';
}
} // namespace

void crashnote::prepare() {
  if (note == &privateNote) {
    void *p = ::mmap(nullptr, sizeof(Note), PROT_READ | PROT_WRITE,
                     MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (p != MAP_FAILED)
      note = static_cast<Note *>(p);
  }
  note->doing[0] = '\0';
  note->fault[0] = '\0';
}

void crashnote::setDoing(const char *what) {
  put(note->doing, sizeof note->doing, what);
}

void crashnote::setDoing(const std::string &what) { setDoing(what.c_str()); }

void crashnote::setFault(const char *what) {
  put(note->fault, sizeof note->fault, what);
}

std::string crashnote::doing() {
  return std::string(note->doing, strnlen(note->doing, sizeof note->doing));
}

std::string crashnote::fault() {
  return std::string(note->fault, strnlen(note->fault, sizeof note->fault));
}
