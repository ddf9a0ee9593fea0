//===- TextDiffTest.cpp - Myers' edit script and its hunks ------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Random edits of random texts: replaying the script rebuilds both sides
// and is no longer than the edits made; the hunks hold every change with
// its context and are disjoint.
//
//===----------------------------------------------------------------------===//

#include "tt/Support/TextDiff.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

using namespace tt::support;

namespace {

std::vector<std::string_view> views(const std::vector<std::string> &lines) {
  return std::vector<std::string_view>(lines.begin(), lines.end());
}

/// Checks that `script` rebuilds a from its kept and deleted lines and b
/// from its kept and inserted ones.
void replay(const std::vector<Edit> &script, const std::vector<std::string> &a,
            const std::vector<std::string> &b) {
  std::vector<std::string> ra, rb;
  size_t i = 0, j = 0;
  for (Edit e : script) {
    if (e == Edit::Equal) {
      ASSERT_LT(i, a.size());
      ASSERT_LT(j, b.size());
      EXPECT_EQ(a[i], b[j]);
      ra.push_back(a[i++]);
      rb.push_back(b[j++]);
    } else if (e == Edit::Delete) {
      ASSERT_LT(i, a.size());
      ra.push_back(a[i++]);
    } else {
      ASSERT_LT(j, b.size());
      rb.push_back(b[j++]);
    }
  }
  EXPECT_EQ(ra, a);
  EXPECT_EQ(rb, b);
}

TEST(TextDiff, RandomEditsReplay) {
  std::mt19937 rng(11);
  for (int round = 0; round < 300; ++round) {
    std::vector<std::string> a;
    int n = int(rng() % 50);
    for (int i = 0; i < n; ++i)
      a.push_back("l" + std::to_string(rng() % 5));
    std::vector<std::string> b = a;
    int edits = int(rng() % 8), cost = 0;
    for (int e = 0; e < edits; ++e) {
      size_t at = b.empty() ? 0 : rng() % b.size();
      if (rng() % 2 || b.empty())
        b.insert(b.begin() + at, "n" + std::to_string(rng() % 5));
      else
        b.erase(b.begin() + at);
      ++cost;
    }
    std::vector<Edit> script = diffLines(views(a), views(b), 4000);
    replay(script, a, b);
    int changes = 0;
    for (Edit e : script)
      changes += e != Edit::Equal;
    EXPECT_LE(changes, cost);
    // Past the edit limit: all of the middle deleted, then inserted.
    replay(diffLines(views(a), views(b), 1), a, b);
  }
}

TEST(TextDiff, EmptySides) {
  EXPECT_TRUE(shortestEdit({}, {}, 10).empty());
  EXPECT_EQ(shortestEdit({1, 2}, {}, 10),
            std::vector<Edit>({Edit::Delete, Edit::Delete}));
  EXPECT_EQ(shortestEdit({}, {3}, 10), std::vector<Edit>({Edit::Insert}));
}

TEST(TextDiff, HunksMergeCloseChanges) {
  // Changes at 2 and 6 (three equal lines apart) share a hunk with context
  // 2, not with context 1.
  std::vector<Edit> s(10, Edit::Equal);
  s[2] = Edit::Delete;
  s[6] = Edit::Insert;
  std::vector<Hunk> h2 = findHunks(s, 2);
  ASSERT_EQ(h2.size(), 1u);
  EXPECT_EQ(h2[0].begin, 0u);
  EXPECT_EQ(h2[0].end, 9u);
  std::vector<Hunk> h1 = findHunks(s, 1);
  ASSERT_EQ(h1.size(), 2u);
  EXPECT_EQ(h1[0].begin, 1u);
  EXPECT_EQ(h1[0].end, 4u);
  EXPECT_EQ(h1[1].begin, 5u);
  EXPECT_EQ(h1[1].end, 8u);
  EXPECT_TRUE(findHunks(std::vector<Edit>(4, Edit::Equal), 3).empty());
}

} // namespace
