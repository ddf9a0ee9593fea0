//===- Locations.h - Source positions of the lines of each stage -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Reads, for each line of a stage's text, the source positions (file, line,
// column) it came from:
//
//  * MLIR (TTIR, TTGIR): the loc(...) of the line, resolving #loc aliases,
//    names, call sites (both the callee and the caller position) and fused
//    locations;
//  * LLVM IR: the !dbg attachment, through its !DILocation (and inlinedAt
//    chain) to the file of its scope;
//  * PTX and AMDGCN assembly: the last .loc directive (and its inlined_at
//    position) before the line, with files from .file;
//  * SASS from nvdisasm -g: the last "//## File ..., line N" comment;
//  * Python: the line itself.
//
// Positions are interned in a PositionTable shared by all stages, so the
// report links lines of different stages by comparing small integers.
//
//===----------------------------------------------------------------------===//

#ifndef TT_LIB_REPORT_LOCATIONS_H
#define TT_LIB_REPORT_LOCATIONS_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace tt::report {

/// A source position; col 0 means "the whole line" (SASS, Python).
struct Position {
  unsigned file = 0;
  unsigned line = 0;
  unsigned col = 0;
  bool operator<(const Position &o) const {
    return std::tie(file, line, col) < std::tie(o.file, o.line, o.col);
  }
};

class PositionTable {
public:
  /// Files are identified by their base name ("kernel.py").
  unsigned getFile(llvm::StringRef path);
  unsigned get(llvm::StringRef path, unsigned line, unsigned col);
  const std::vector<Position> &positions() const { return list; }
  const std::vector<std::string> &files() const { return fileNames; }

private:
  std::map<std::string, unsigned> fileIds;
  std::vector<std::string> fileNames;
  std::map<Position, unsigned> ids;
  std::vector<Position> list;
};

/// Per line of a text: the ids (in a PositionTable) of its positions.
using LinePositions = std::vector<llvm::SmallVector<unsigned, 2>>;

/// Byte ranges [begin, end) of the loc(...) parts of one MLIR line, so
/// the report can dim or hide them.
using LocSpans = std::vector<std::pair<size_t, size_t>>;

LinePositions mapMLIR(llvm::StringRef text, PositionTable &table,
                      std::vector<LocSpans> *spans = nullptr);
LinePositions mapLLVMIR(llvm::StringRef text, PositionTable &table);
/// PTX and LLVM-generated assembly (.file/.loc directives).
LinePositions mapAssembly(llvm::StringRef text, PositionTable &table);
LinePositions mapSASS(llvm::StringRef text, PositionTable &table);
LinePositions mapPython(llvm::StringRef text, llvm::StringRef path,
                        PositionTable &table);

/// Splits on '\n' (a trailing newline does not start a line).
std::vector<llvm::StringRef> splitLines(llvm::StringRef text);

} // namespace tt::report

#endif // TT_LIB_REPORT_LOCATIONS_H
