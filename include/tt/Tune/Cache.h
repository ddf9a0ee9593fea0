//===- Cache.h - the cache of winning configs -------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// One JSON file holds the winner of every tuning run: which config was
// fastest for a kernel (by the hash of its content), tuning options (the
// target, the compiler, the search space, the launch), device and key
// values. A later run with the same four finds its answer there and
// compiles nothing.
//
// Several tt-tune processes may share the file (parallel make, shards of a
// Slurm array on one file system). Every update takes an exclusive flock on
// a lock file beside it (`FILE.lock`), re-reads the file, adds its entries
// and writes the result to a temporary file that is renamed over the old
// one, so no update is lost and a reader never sees half a file.
//
//===----------------------------------------------------------------------===//

#ifndef TT_TUNE_CACHE_H
#define TT_TUNE_CACHE_H

#include "tt/Runtime/Files.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace tt::tune {

using NameValues = std::vector<std::pair<std::string, std::string>>;

/// What a tuning result is about: the kernel, the hashes of its code and of
/// the options it is compiled with, the device and the target.
struct KernelIdentity {
  std::string kernel;
  std::string kernelHash, optionsHash, device, target;
};

struct CacheEntry : KernelIdentity {
  std::string key;      // cacheKey(...) of the identity and keyValues
  NameValues keyValues; // the key's names and values
  NameValues config;    // the winner's parameters
  double medianMs = 0;
  int configsTimed = 0;
  std::string date;   // when it was tuned (UTC, ISO 8601)
  std::string source; // the tune file
};

/// The cache key: SHA-256 over the four parts, each length-prefixed.
std::string cacheKey(const std::string &kernelHash,
                     const std::string &optionsHash, const std::string &device,
                     const NameValues &keyValues);

/// $TT_TUNE_CACHE, else $XDG_CACHE_HOME/tt/tune-cache.json, else
/// ~/.cache/tt/tune-cache.json.
std::string defaultCachePath();

class TuneCache {
public:
  explicit TuneCache(std::string path) : file(std::move(path)) {}
  const std::string &path() const { return file; }

  /// Reads every entry. A missing file is an empty cache; a file that is not
  /// a tt-tune cache is reported in `warning` and read as empty (the next
  /// store replaces it). False only when the file cannot be read at all.
  bool read(std::map<std::string, CacheEntry> &out, std::string &warning,
            std::string &err) const;

  /// Adds (or replaces) `entries`, under the lock, keeping every other
  /// entry already in the file, including those other processes wrote
  /// since this one read it.
  bool store(const std::vector<CacheEntry> &entries, std::string &err) const;
  /// Whether store() can work: the path is not a directory or another
  /// non-file, and its folder exists (it is made) and takes new files.
  /// Checked before tuning, so that no tuning is lost to a bad path.
  bool checkWritable(std::string &err) const;

private:
  std::string file;
};

/// The cache file's text for `entries` (sorted by key).
std::string cacheToJson(const std::map<std::string, CacheEntry> &entries);
/// Parses a cache file's text. False (with `err`) if it is not one.
bool cacheFromJson(const std::string &text,
                   std::map<std::string, CacheEntry> &out, std::string &err);

/// Creates `dir` and its parents.
using runtime::makeDirectories;

/// The current time as `2026-11-30T01:02:03Z`.
std::string utcNow();

} // namespace tt::tune

#endif // TT_TUNE_CACHE_H
