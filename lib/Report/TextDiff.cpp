//===- TextDiff.cpp - Line diffs of IR snapshots --------------------------===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "TextDiff.h"

#include <algorithm>

using namespace llvm;
using namespace tt::report;

std::vector<DiffLine> tt::report::diffLines(ArrayRef<StringRef> a,
                                            ArrayRef<StringRef> b,
                                            unsigned maxEdits) {
  std::vector<DiffLine> out;
  size_t prefix = 0;
  while (prefix < a.size() && prefix < b.size() && a[prefix] == b[prefix])
    ++prefix;
  size_t suffix = 0;
  while (suffix < a.size() - prefix && suffix < b.size() - prefix &&
         a[a.size() - 1 - suffix] == b[b.size() - 1 - suffix])
    ++suffix;
  for (size_t i = 0; i < prefix; ++i)
    out.push_back({' ', unsigned(i + 1), unsigned(i + 1), a[i]});

  ArrayRef<StringRef> x = a.slice(prefix, a.size() - prefix - suffix);
  ArrayRef<StringRef> y = b.slice(prefix, b.size() - prefix - suffix);
  int n = int(x.size()), m = int(y.size());
  auto emitAll = [&] {
    for (int i = 0; i < n; ++i)
      out.push_back({'-', unsigned(prefix + i + 1), 0, x[i]});
    for (int j = 0; j < m; ++j)
      out.push_back({'+', 0, unsigned(prefix + j + 1), y[j]});
  };

  if (n == 0 || m == 0) {
    emitAll();
  } else {
    // Myers: v[k] is the furthest x on diagonal k = x - y after d edits; the
    // v of every step is kept to walk the path back.
    int maxD = std::min(n + m, int(maxEdits));
    int offset = maxD + 1;
    std::vector<std::vector<int>> trace;
    std::vector<int> v(2 * offset + 1, 0);
    int found = -1;
    for (int d = 0; d <= maxD && found < 0; ++d) {
      for (int k = -d; k <= d; k += 2) {
        int xk;
        if (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]))
          xk = v[offset + k + 1]; // down: an insertion
        else
          xk = v[offset + k - 1] + 1; // right: a deletion
        int yk = xk - k;
        while (xk < n && yk < m && x[xk] == y[yk]) {
          ++xk;
          ++yk;
        }
        v[offset + k] = xk;
        if (xk >= n && yk >= m) {
          found = d;
          break;
        }
      }
      // Only diagonals -d..d matter after step d: keep those.
      trace.emplace_back(v.begin() + (offset - d), v.begin() + (offset + d + 1));
    }
    if (found < 0) {
      emitAll();
    } else {
      // Walk back from (n, m), collecting the moves in reverse.
      std::vector<DiffLine> rev;
      int xk = n, yk = m;
      for (int d = found; d > 0; --d) {
        // trace[d - 1][j] is diagonal j - (d - 1).
        const std::vector<int> &pv = trace[d - 1];
        auto at = [&](int diag) { return pv[diag + d - 1]; };
        int k = xk - yk;
        int prevK;
        if (k == -d || (k != d && at(k - 1) < at(k + 1)))
          prevK = k + 1;
        else
          prevK = k - 1;
        int prevX = at(prevK), prevY = prevX - prevK;
        while (xk > prevX && yk > prevY) {
          --xk;
          --yk;
          rev.push_back({' ', unsigned(prefix + xk + 1),
                         unsigned(prefix + yk + 1), x[xk]});
        }
        if (xk == prevX) {
          --yk;
          rev.push_back({'+', 0, unsigned(prefix + yk + 1), y[yk]});
        } else {
          --xk;
          rev.push_back({'-', unsigned(prefix + xk + 1), 0, x[xk]});
        }
      }
      while (xk > 0 && yk > 0) {
        --xk;
        --yk;
        rev.push_back(
            {' ', unsigned(prefix + xk + 1), unsigned(prefix + yk + 1), x[xk]});
      }
      out.insert(out.end(), rev.rbegin(), rev.rend());
    }
  }
  for (size_t i = 0; i < suffix; ++i) {
    size_t ai = a.size() - suffix + i, bi = b.size() - suffix + i;
    out.push_back({' ', unsigned(ai + 1), unsigned(bi + 1), a[ai]});
  }
  return out;
}

std::vector<DiffLine> tt::report::hunks(const std::vector<DiffLine> &diff,
                                        unsigned context) {
  std::vector<bool> keep(diff.size(), false);
  for (size_t i = 0; i < diff.size(); ++i) {
    if (diff[i].kind == ' ')
      continue;
    size_t lo = i >= context ? i - context : 0;
    size_t hi = std::min(diff.size(), i + context + 1);
    for (size_t j = lo; j < hi; ++j)
      keep[j] = true;
  }
  std::vector<DiffLine> out;
  bool gap = false;
  for (size_t i = 0; i < diff.size(); ++i) {
    if (!keep[i]) {
      gap = true;
      continue;
    }
    if (gap || out.empty())
      out.push_back({'@', diff[i].aLine, diff[i].bLine, StringRef()});
    gap = false;
    out.push_back(diff[i]);
  }
  return out;
}
