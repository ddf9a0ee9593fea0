//===- TextDiffTest.cpp - the line diff of the pass list --------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Random edits of random texts: the diff must rebuild both sides (its ' '
// and '-' lines are `a`, its ' ' and '+' lines `b`, with the right line
// numbers) and be minimal for a single changed line.
//
//===----------------------------------------------------------------------===//

#include "TextDiff.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

using namespace tt::report;

namespace {

void checkRebuilds(const std::vector<std::string> &a,
                   const std::vector<std::string> &b, unsigned maxEdits) {
  std::vector<llvm::StringRef> ar(a.begin(), a.end()), br(b.begin(), b.end());
  std::vector<DiffLine> d = diffLines(ar, br, maxEdits);
  std::vector<std::string> ra, rb;
  for (const DiffLine &l : d) {
    if (l.kind != '+') {
      ra.push_back(l.text.str());
      EXPECT_EQ(l.aLine, ra.size());
    }
    if (l.kind != '-') {
      rb.push_back(l.text.str());
      EXPECT_EQ(l.bLine, rb.size());
    }
  }
  EXPECT_EQ(ra, a);
  EXPECT_EQ(rb, b);
}

TEST(TextDiff, RandomEditsRebuildBothSides) {
  std::mt19937 rng(7);
  for (int round = 0; round < 200; ++round) {
    std::vector<std::string> a;
    int n = int(rng() % 40);
    for (int i = 0; i < n; ++i)
      a.push_back("l" + std::to_string(rng() % 6));
    std::vector<std::string> b = a;
    int edits = int(rng() % 10);
    for (int e = 0; e < edits; ++e) {
      int op = int(rng() % 3);
      size_t at = b.empty() ? 0 : rng() % b.size();
      if (op == 0 || b.empty())
        b.insert(b.begin() + at, "n" + std::to_string(rng() % 6));
      else if (op == 1)
        b.erase(b.begin() + at);
      else
        b[at] = "c" + std::to_string(rng() % 6);
    }
    checkRebuilds(a, b, 3000);
    checkRebuilds(a, b, 2); // falls back to remove-all/add-all
  }
}

TEST(TextDiff, OneChangedLineIsOneRemovalAndOneAddition) {
  std::vector<llvm::StringRef> a = {"a", "b", "c", "d", "e"};
  std::vector<llvm::StringRef> b = {"a", "b", "X", "d", "e"};
  std::vector<DiffLine> d = diffLines(a, b);
  unsigned added = 0, removed = 0;
  for (const DiffLine &l : d) {
    added += l.kind == '+';
    removed += l.kind == '-';
  }
  EXPECT_EQ(added, 1u);
  EXPECT_EQ(removed, 1u);
  std::vector<DiffLine> h = hunks(d, 1);
  ASSERT_EQ(h.size(), 5u); // @, b, -c, +X, d
  EXPECT_EQ(h[0].kind, '@');
  EXPECT_EQ(h[1].text, "b");
  EXPECT_EQ(h[4].text, "d");
}

} // namespace
