//===- Common.h - small helpers of the report's libraries ------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Private to lib/Report, header-only because its three libraries share
// nothing else: the recorder (Collect.cpp) and the dump comparison
// (DumpDiff.cpp) read files whole; the page's location table
// (Locations.cpp) and the dump comparison find where a `loc(...)` ends.
//
//===----------------------------------------------------------------------===//

#ifndef TT_LIB_REPORT_COMMON_H
#define TT_LIB_REPORT_COMMON_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"

#include <optional>
#include <string>

namespace tt::report {

/// The bytes of `path`; nothing when it cannot be read.
inline std::optional<std::string> readFile(llvm::StringRef path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buf =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/false);
  if (!buf)
    return std::nullopt;
  return (*buf)->getBuffer().str();
}

/// Just past the ')' that closes the '(' at `open` in `line` (strings in
/// double quotes skipped), or npos when it is not closed.
inline size_t matchParen(llvm::StringRef line, size_t open) {
  int depth = 0;
  bool inString = false;
  for (size_t i = open; i < line.size(); ++i) {
    char c = line[i];
    if (inString) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        inString = false;
      continue;
    }
    if (c == '"')
      inString = true;
    else if (c == '(')
      ++depth;
    else if (c == ')' && --depth == 0)
      return i + 1;
  }
  return llvm::StringRef::npos;
}

} // namespace tt::report

#endif // TT_LIB_REPORT_COMMON_H
