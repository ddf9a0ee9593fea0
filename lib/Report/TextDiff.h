//===- TextDiff.h - Line diffs of IR snapshots ------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#ifndef TT_LIB_REPORT_TEXTDIFF_H
#define TT_LIB_REPORT_TEXTDIFF_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <vector>

namespace tt::report {

/// One line of a diff: ' ' (in both), '-' (only in a), '+' (only in b),
/// with its 1-based line numbers (0 where it has none).
struct DiffLine {
  char kind;
  unsigned aLine, bLine;
  llvm::StringRef text;
};

/// A shortest edit script between `a` and `b` (Myers' algorithm), as the
/// full sequence of lines. When the two differ in more than `maxEdits`
/// lines the middle part (after the common prefix and suffix) is reported
/// as removed and added wholesale.
std::vector<DiffLine> diffLines(llvm::ArrayRef<llvm::StringRef> a,
                                llvm::ArrayRef<llvm::StringRef> b,
                                unsigned maxEdits = 3000);

/// The changed lines with `context` unchanged lines around each change;
/// a {'@', ...} line (text empty) separates hunks.
std::vector<DiffLine> hunks(const std::vector<DiffLine> &diff,
                            unsigned context = 3);

} // namespace tt::report

#endif // TT_LIB_REPORT_TEXTDIFF_H
