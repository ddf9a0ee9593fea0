//===- Diff.h - stage-by-stage comparison of two dumps ----------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// tt-dump's `--diff A B`: the comparison itself is tt::report::diffDumps
// (include/tt/Report/DumpDiff.h); this prints its errors as tt-dump's.
//
//===----------------------------------------------------------------------===//

#ifndef TT_TOOLS_TT_DUMP_DIFF_H
#define TT_TOOLS_TT_DUMP_DIFF_H

#include "tt/Report/DumpDiff.h"

namespace tt::dump {

using DiffOptions = tt::report::DumpDiffOptions;

/// Compares two dump directories; returns 0 when every stage is the same, 1
/// when something differs or is missing on one side, 2 on errors.
inline int diffDumps(llvm::StringRef a, llvm::StringRef b,
                     const DiffOptions &options, llvm::raw_ostream &os) {
  std::string error;
  int rc = tt::report::diffDumps(a, b, options, os, error);
  if (rc == 2)
    llvm::errs() << "tt-dump: " << error << "\n";
  return rc;
}

} // namespace tt::dump

#endif // TT_TOOLS_TT_DUMP_DIFF_H
