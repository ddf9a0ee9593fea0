//===- TextDiff.h - shortest edit scripts between lines ---------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The one line diff of tt: Myers' shortest edit script and its grouping
// into hunks. `tt-dump --diff` prints it as a unified diff of two dumps;
// the HTML report (`tt-dump --html`) shows what each pass changed with it.
// Plain C++: the callers keep their own line types and printing.
//
//===----------------------------------------------------------------------===//

#ifndef TT_SUPPORT_TEXTDIFF_H
#define TT_SUPPORT_TEXTDIFF_H

#include <cstddef>
#include <string_view>
#include <vector>

namespace tt::support {

/// One step of an edit script from `a` to `b`: a line of both, a line only
/// in `a` (deleted), or a line only in `b` (inserted).
enum class Edit : char { Equal, Delete, Insert };

/// A shortest edit script from `a` to `b` (Myers 1986), lines compared by
/// id (equal ids, equal lines). The common prefix and suffix are matched
/// first; when the rest needs more than `maxEdits` edits it is reported as
/// all of it deleted, then all of it inserted.
std::vector<Edit> shortestEdit(const std::vector<unsigned> &a,
                               const std::vector<unsigned> &b,
                               unsigned maxEdits);

/// The same for lines of text: equal lines get equal ids.
std::vector<Edit> diffLines(const std::vector<std::string_view> &a,
                            const std::vector<std::string_view> &b,
                            unsigned maxEdits);

/// Entries [begin, end) of an edit script: a run of changes with up to
/// `context` unchanged lines on each side. Changes closer than
/// 2 * context + 1 unchanged lines share a hunk.
struct Hunk {
  size_t begin, end;
};
std::vector<Hunk> findHunks(const std::vector<Edit> &script, unsigned context);

} // namespace tt::support

#endif // TT_SUPPORT_TEXTDIFF_H
