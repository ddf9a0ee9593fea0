//===- TextDiff.cpp - Line diffs of IR snapshots --------------------------===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The report's view of tt::support's edit script: each line with its text
// and its line numbers in both snapshots.
//
//===----------------------------------------------------------------------===//

#include "TextDiff.h"

#include "tt/Support/TextDiff.h"

using namespace llvm;
using namespace tt::report;

std::vector<DiffLine> tt::report::diffLines(ArrayRef<StringRef> a,
                                            ArrayRef<StringRef> b,
                                            unsigned maxEdits) {
  std::vector<std::string_view> va(a.begin(), a.end()), vb(b.begin(), b.end());
  std::vector<DiffLine> out;
  unsigned i = 0, j = 0;
  for (support::Edit e : support::diffLines(va, vb, maxEdits)) {
    if (e == support::Edit::Equal) {
      out.push_back({' ', i + 1, j + 1, a[i]});
      ++i, ++j;
    } else if (e == support::Edit::Delete) {
      out.push_back({'-', i + 1, 0, a[i]});
      ++i;
    } else {
      out.push_back({'+', 0, j + 1, b[j]});
      ++j;
    }
  }
  return out;
}

std::vector<DiffLine> tt::report::hunks(const std::vector<DiffLine> &diff,
                                        unsigned context) {
  std::vector<support::Edit> script;
  for (const DiffLine &l : diff)
    script.push_back(l.kind == ' '   ? support::Edit::Equal
                     : l.kind == '-' ? support::Edit::Delete
                                     : support::Edit::Insert);
  std::vector<DiffLine> out;
  for (support::Hunk h : support::findHunks(script, context)) {
    out.push_back({'@', diff[h.begin].aLine, diff[h.begin].bLine, StringRef()});
    out.insert(out.end(), diff.begin() + h.begin, diff.begin() + h.end);
  }
  return out;
}
