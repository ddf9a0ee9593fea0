//===- TextDiff.cpp - shortest edit scripts between lines -------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Support/TextDiff.h"

#include <algorithm>
#include <unordered_map>

using namespace tt::support;

namespace {
/// Myers' greedy forward search over `x` and `y` (no common prefix or
/// suffix left to match). `trace[d]` keeps the furthest-reaching x of
/// diagonals -d..d (k = x - y) before step d, to walk the path back.
/// Returns false past `maxD` edits.
bool searchPath(const unsigned *x, int n, const unsigned *y, int m, int maxD,
                std::vector<std::vector<int>> &trace) {
  int offset = n + m + 1;
  std::vector<int> v(2 * offset + 1, 0);
  for (int d = 0; d <= std::min(n + m, maxD); ++d) {
    trace.emplace_back(v.begin() + offset - d, v.begin() + offset + d + 1);
    for (int k = -d; k <= d; k += 2) {
      int px;
      if (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]))
        px = v[offset + k + 1]; // down: an insertion
      else
        px = v[offset + k - 1] + 1; // right: a deletion
      int py = px - k;
      while (px < n && py < m && x[px] == y[py])
        ++px, ++py;
      v[offset + k] = px;
      if (px >= n && py >= m)
        return true;
    }
  }
  return false;
}

/// The edits of the path `searchPath` found, walked back from (n, m).
std::vector<Edit> walkBack(int n, int m,
                           const std::vector<std::vector<int>> &trace) {
  std::vector<Edit> edits;
  int px = n, py = m;
  for (int step = int(trace.size()) - 1; step >= 0; --step) {
    const std::vector<int> &prev = trace[step]; // diagonals -step..step
    auto at = [&](int k) { return prev[k + step]; };
    int k = px - py;
    int prevK;
    if (step == 0)
      prevK = 0;
    else if (k == -step || (k != step && at(k - 1) < at(k + 1)))
      prevK = k + 1;
    else
      prevK = k - 1;
    int prevX = step == 0 ? 0 : at(prevK);
    int prevY = prevX - prevK;
    while (px > prevX && py > prevY) {
      edits.push_back(Edit::Equal);
      --px, --py;
    }
    if (step > 0)
      edits.push_back(px == prevX ? Edit::Insert : Edit::Delete);
    px = prevX;
    py = prevY;
  }
  std::reverse(edits.begin(), edits.end());
  return edits;
}
} // namespace

std::vector<Edit> tt::support::shortestEdit(const std::vector<unsigned> &a,
                                            const std::vector<unsigned> &b,
                                            unsigned maxEdits) {
  // Common prefix and suffix first: the texts compared mostly agree.
  size_t pre = 0;
  while (pre < a.size() && pre < b.size() && a[pre] == b[pre])
    ++pre;
  size_t suf = 0;
  while (suf < a.size() - pre && suf < b.size() - pre &&
         a[a.size() - 1 - suf] == b[b.size() - 1 - suf])
    ++suf;
  int n = int(a.size() - pre - suf), m = int(b.size() - pre - suf);
  std::vector<Edit> script(pre, Edit::Equal);
  std::vector<std::vector<int>> trace;
  int maxD = int(std::min<unsigned>(maxEdits, unsigned(n + m)));
  if (n > 0 && m > 0 &&
      searchPath(a.data() + pre, n, b.data() + pre, m, maxD, trace)) {
    std::vector<Edit> middle = walkBack(n, m, trace);
    script.insert(script.end(), middle.begin(), middle.end());
  } else {
    script.insert(script.end(), n, Edit::Delete);
    script.insert(script.end(), m, Edit::Insert);
  }
  script.insert(script.end(), suf, Edit::Equal);
  return script;
}

std::vector<Edit> tt::support::diffLines(const std::vector<std::string_view> &a,
                                         const std::vector<std::string_view> &b,
                                         unsigned maxEdits) {
  std::unordered_map<std::string_view, unsigned> ids;
  auto intern = [&](const std::vector<std::string_view> &lines) {
    std::vector<unsigned> out;
    out.reserve(lines.size());
    for (std::string_view l : lines)
      out.push_back(ids.try_emplace(l, unsigned(ids.size())).first->second);
    return out;
  };
  std::vector<unsigned> ia = intern(a);
  std::vector<unsigned> ib = intern(b);
  return shortestEdit(ia, ib, maxEdits);
}

std::vector<Hunk> tt::support::findHunks(const std::vector<Edit> &script,
                                         unsigned context) {
  std::vector<Hunk> hunks;
  size_t idx = 0;
  while (idx < script.size()) {
    if (script[idx] == Edit::Equal) {
      ++idx;
      continue;
    }
    size_t begin = idx >= context ? idx - context : 0;
    size_t end = idx;
    while (end < script.size()) {
      if (script[end] != Edit::Equal) {
        ++end;
        continue;
      }
      size_t run = end;
      while (run < script.size() && script[run] == Edit::Equal)
        ++run;
      if (run == script.size() || run - end > 2 * size_t(context)) {
        end = std::min(run, end + context);
        break;
      }
      end = run;
    }
    hunks.push_back({begin, end});
    idx = end;
  }
  return hunks;
}
