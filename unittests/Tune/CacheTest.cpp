//===- CacheTest.cpp - the cache of winners, shared by processes *- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Tune/Cache.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <dirent.h>
#include <fstream>
#include <sys/wait.h>
#include <unistd.h>

using namespace tt::tune;

namespace {

std::string makeTempDir() {
  const char *tmp = std::getenv("TMPDIR");
  std::string t =
      std::string(tmp && *tmp ? tmp : "/tmp") + "/tt-tune-test-XXXXXX";
  std::vector<char> buf(t.begin(), t.end());
  buf.push_back(0);
  EXPECT_NE(::mkdtemp(buf.data()), nullptr);
  return buf.data();
}

void removeTree(const std::string &dir) {
  if (DIR *d = ::opendir(dir.c_str())) {
    while (dirent *e = ::readdir(d)) {
      std::string n = e->d_name;
      if (n != "." && n != "..")
        ::unlink((dir + "/" + n).c_str());
    }
    ::closedir(d);
  }
  ::rmdir(dir.c_str());
}

std::vector<std::string> listDir(const std::string &dir) {
  std::vector<std::string> out;
  if (DIR *d = ::opendir(dir.c_str())) {
    while (dirent *e = ::readdir(d)) {
      std::string n = e->d_name;
      if (n != "." && n != "..")
        out.push_back(n);
    }
    ::closedir(d);
  }
  std::sort(out.begin(), out.end());
  return out;
}

CacheEntry entry(const std::string &who, int i) {
  CacheEntry e;
  e.kernel = "add_kernel";
  e.kernelHash = "k";
  e.optionsHash = "o";
  e.device = "host CPU (2 threads)";
  e.target = "cpu";
  e.keyValues = {{"n", std::to_string(i)}, {"who", who}};
  e.config = {{"BLOCK", "1024"}, {"num_warps", "4"}, {"num_stages", "3"}};
  e.medianMs = 0.25 + i;
  e.configsTimed = 12;
  e.date = "2026-11-30T00:00:00Z";
  e.source = "add \"quoted\".tune.yaml";
  e.key = cacheKey(e.kernelHash, e.optionsHash, e.device, e.keyValues);
  return e;
}

} // namespace

TEST(Cache, KeyDependsOnEveryPart) {
  NameValues k = {{"n", "1024"}};
  std::string base = cacheKey("k", "o", "d", k);
  EXPECT_EQ(base.size(), 64u);
  EXPECT_EQ(base, cacheKey("k", "o", "d", k));
  EXPECT_NE(base, cacheKey("k2", "o", "d", k));
  EXPECT_NE(base, cacheKey("k", "o2", "d", k));
  EXPECT_NE(base, cacheKey("k", "o", "d2", k));
  EXPECT_NE(base, cacheKey("k", "o", "d", {{"n", "2048"}}));
  EXPECT_NE(base, cacheKey("k", "o", "d", {{"m", "1024"}}));
}

TEST(Cache, JsonRoundTrip) {
  std::map<std::string, CacheEntry> in, out;
  CacheEntry e = entry("a", 3);
  in[e.key] = e;
  std::string err;
  ASSERT_TRUE(cacheFromJson(cacheToJson(in), out, err)) << err;
  ASSERT_EQ(out.size(), 1u);
  const CacheEntry &r = out.begin()->second;
  EXPECT_EQ(r.key, e.key);
  EXPECT_EQ(r.config, e.config);
  EXPECT_EQ(r.keyValues, e.keyValues);
  EXPECT_DOUBLE_EQ(r.medianMs, 3.25);
  EXPECT_EQ(r.configsTimed, 12);
  EXPECT_EQ(r.source, e.source);
  EXPECT_EQ(r.device, e.device);

  EXPECT_FALSE(cacheFromJson("{\"tool\": \"tt-run\"}", out, err));
  EXPECT_FALSE(cacheFromJson("[1, 2", out, err));
}

TEST(Cache, StoreReadAndCorruptFiles) {
  std::string dir = makeTempDir();
  TuneCache cache(dir + "/sub/dir/cache.json"); // directories are created
  std::map<std::string, CacheEntry> got;
  std::string warning, err;
  ASSERT_TRUE(cache.read(got, warning, err)) << err; // no file: empty
  EXPECT_TRUE(got.empty());

  ASSERT_TRUE(cache.store({entry("a", 1), entry("a", 2)}, err)) << err;
  ASSERT_TRUE(cache.store({entry("a", 2), entry("a", 3)}, err)) << err;
  ASSERT_TRUE(cache.read(got, warning, err)) << err;
  EXPECT_TRUE(warning.empty());
  EXPECT_EQ(got.size(), 3u);

  // A file that is not a cache is reported and then replaced.
  { std::ofstream(cache.path()) << "garbage: [\n"; }
  ASSERT_TRUE(cache.read(got, warning, err)) << err;
  EXPECT_NE(warning.find("ignoring the cache"), std::string::npos);
  EXPECT_TRUE(got.empty());
  ASSERT_TRUE(cache.store({entry("b", 1)}, err)) << err;
  warning.clear();
  ASSERT_TRUE(cache.read(got, warning, err)) << err;
  EXPECT_TRUE(warning.empty());
  EXPECT_EQ(got.size(), 1u);
  // Only the cache and its lock file: no temporary files left behind.
  EXPECT_EQ(listDir(dir + "/sub/dir"),
            (std::vector<std::string>{"cache.json", "cache.json.lock"}));
  removeTree(dir + "/sub/dir");
  ::rmdir((dir + "/sub").c_str());
  removeTree(dir);
}

// Two processes store entries into one cache at the same time, while a third
// keeps reading it: no update is lost, and no read sees a partial file.
TEST(Cache, ProcessesRacing) {
  std::string dir = makeTempDir();
  std::string path = dir + "/cache.json";
  const int kWriters = 2, kRounds = 40;
  std::vector<pid_t> pids;
  for (int w = 0; w < kWriters; ++w) {
    pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      TuneCache cache(path);
      std::string err;
      for (int i = 0; i < kRounds; ++i)
        if (!cache.store({entry("w" + std::to_string(w), i)}, err))
          ::_exit(3);
      ::_exit(0);
    }
    pids.push_back(pid);
  }
  pid_t reader = ::fork();
  ASSERT_GE(reader, 0);
  if (reader == 0) {
    TuneCache cache(path);
    for (int i = 0; i < 200; ++i) {
      std::map<std::string, CacheEntry> got;
      std::string warning, err;
      if (!cache.read(got, warning, err) || !warning.empty())
        ::_exit(4);
    }
    ::_exit(0);
  }
  pids.push_back(reader);
  for (pid_t p : pids) {
    int status = 0;
    ASSERT_EQ(::waitpid(p, &status, 0), p);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0)
        << "child exited with " << WEXITSTATUS(status);
  }
  TuneCache cache(path);
  std::map<std::string, CacheEntry> got;
  std::string warning, err;
  ASSERT_TRUE(cache.read(got, warning, err)) << err;
  EXPECT_TRUE(warning.empty()) << warning;
  EXPECT_EQ(got.size(), size_t(kWriters * kRounds));
  for (int w = 0; w < kWriters; ++w)
    for (int i = 0; i < kRounds; ++i)
      EXPECT_EQ(got.count(entry("w" + std::to_string(w), i).key), 1u);
  EXPECT_EQ(listDir(dir),
            (std::vector<std::string>{"cache.json", "cache.json.lock"}));
  removeTree(dir);
}
