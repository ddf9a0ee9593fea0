//===- DumpDiff.h - stage-by-stage comparison of two dumps ------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// `tt-dump --diff A B`: A and B are dump directories (ours, upstream's, a
// corpus folder). For each stage, in pipeline order, it reports whether the
// two files are the same after normalization, and prints a unified diff of
// the first differing lines. docs/tt-dump.md lists what is normalized.
// LLVM Support only: no MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef TT_REPORT_DUMPDIFF_H
#define TT_REPORT_DUMPDIFF_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace tt::report {

struct DumpDiffOptions {
  /// Unchanged lines shown around each change.
  unsigned context = 3;
  /// Diff lines printed per stage before "...".
  unsigned maxLines = 40;
  /// Compare the files as they are (no normalization).
  bool raw = false;
};

/// The normalized lines of a stage file (`stage` is "ttir", "ptx", ...), each
/// with its 1-based line number in the original text.
struct DumpLine {
  std::string text;
  unsigned number;
};
std::vector<DumpLine> normalizeStage(llvm::StringRef stage,
                                     llvm::StringRef text);

/// Compares two dump directories and prints the comparison to `os`; returns
/// 0 when every stage is the same, 1 when something differs or is missing
/// on one side, 2 on errors (`error` says what: a directory that holds no
/// dump, a file that cannot be read).
int diffDumps(llvm::StringRef a, llvm::StringRef b,
              const DumpDiffOptions &options, llvm::raw_ostream &os,
              std::string &error);

} // namespace tt::report

#endif // TT_REPORT_DUMPDIFF_H
