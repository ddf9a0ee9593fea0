//===- Cache.cpp - the cache of winning configs -----------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Reading JSON goes through yaml-cpp (JSON is YAML), so this file is built
// with -fexceptions; nothing is thrown out of it.
//
//===----------------------------------------------------------------------===//

#include "tt/Tune/Cache.h"
#include "TuneJson.h"
#include "tt/Runtime/AtomicFile.h"
#include "tt/Runtime/Json.h"
#include "tt/Tune/Hash.h"

#include <yaml-cpp/yaml.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace tt::tune;
using tt::runtime::JsonWriter;
using namespace tt::tune::json;

static constexpr int kCacheFormat = 1;

std::string tt::tune::cacheKey(const std::string &kernelHash,
                               const std::string &optionsHash,
                               const std::string &device,
                               const NameValues &keyValues) {
  Sha256 h;
  h.field("tt-tune cache key v1");
  h.field(kernelHash);
  h.field(optionsHash);
  h.field(device);
  for (const auto &kv : keyValues) {
    h.field(kv.first);
    h.field(kv.second);
  }
  return h.hex();
}

std::string tt::tune::defaultCachePath() {
  if (const char *p = std::getenv("TT_TUNE_CACHE"); p && *p)
    return p;
  if (const char *x = std::getenv("XDG_CACHE_HOME"); x && *x)
    return std::string(x) + "/tt/tune-cache.json";
  const char *home = std::getenv("HOME");
  return std::string(home && *home ? home : "/tmp") +
         "/.cache/tt/tune-cache.json";
}

std::string tt::tune::utcNow() {
  std::time_t t = std::time(nullptr);
  std::tm tm;
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

std::string
tt::tune::cacheToJson(const std::map<std::string, CacheEntry> &entries) {
  JsonWriter w;
  beginFile(w, "cache", kCacheFormat);
  w.key("entries").beginObject();
  for (const auto &[key, e] : entries) {
    w.key(key).beginObject();
    w.fields(e, kKernelFields).fields(e, kDeviceTarget);
    writeNameValues(w, "key", e.keyValues);
    writeNameValues(w, "config", e.config);
    w.key("median_ms").value(e.medianMs);
    w.key("configs_timed").value(e.configsTimed);
    w.key("date").value(e.date);
    w.key("source").value(e.source);
    w.endObject();
  }
  w.endObject();
  w.endObject();
  return w.str() + "\n";
}

bool tt::tune::cacheFromJson(const std::string &text,
                             std::map<std::string, CacheEntry> &out,
                             std::string &err) {
  out.clear();
  return readJson(text, err, [&](YAML::Node root) {
    if (!checkHeader(root, "cache", kCacheFormat, "tt-tune cache", err))
      return false;
    YAML::Node entries = root["entries"];
    if (!entries || !entries.IsMap()) {
      err = "no 'entries' map";
      return false;
    }
    for (auto it = entries.begin(); it != entries.end(); ++it) {
      YAML::Node e = it->second; // a copy: it->second is a temporary
      if (!e.IsMap()) {
        err = "entry '" + it->first.Scalar() + "' is not a map";
        return false;
      }
      CacheEntry c;
      c.key = it->first.Scalar();
      readFields(e, c, kKernelFields);
      readFields(e, c, kDeviceTarget);
      c.keyValues = nameValues(e["key"]);
      c.config = nameValues(e["config"]);
      c.medianMs = std::strtod(str(e["median_ms"]).c_str(), nullptr);
      c.configsTimed = std::atoi(str(e["configs_timed"]).c_str());
      c.date = str(e["date"]);
      c.source = str(e["source"]);
      if (c.config.empty()) {
        err = "entry '" + c.key + "' has no config";
        return false;
      }
      out[c.key] = c;
    }
    return true;
  });
}

namespace {

/// An flock on `path + ".lock"`, held while the object lives. The lock file
/// is never removed: removing it would let two processes lock different
/// files of the same name.
class FileLock {
public:
  bool acquire(const std::string &path, bool exclusive, std::string &err) {
    std::string lockPath = path + ".lock";
    fd = ::open(lockPath.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0666);
    if (fd < 0) {
      err = "cannot open lock file '" + lockPath + "': " + std::strerror(errno);
      return false;
    }
    while (::flock(fd, exclusive ? LOCK_EX : LOCK_SH) != 0) {
      if (errno == EINTR)
        continue;
      err = "cannot lock '" + lockPath + "': " + std::strerror(errno);
      return false;
    }
    return true;
  }
  ~FileLock() {
    if (fd >= 0)
      ::close(fd); // releases the lock
  }

private:
  int fd = -1;
};

/// Reads `path`; a missing file is empty text.
bool readText(const std::string &path, std::string &text, bool &exists,
              std::string &err) {
  std::ifstream in(path, std::ios::binary);
  exists = bool(in);
  text.clear();
  if (!in) {
    if (errno == ENOENT)
      return true;
    err = "cannot read '" + path + "': " + std::strerror(errno);
    return false;
  }
  std::stringstream ss;
  ss << in.rdbuf();
  text = ss.str();
  return true;
}

/// Locks `file` (`lock` holds the lock) and reads it.
bool lockAndRead(FileLock &lock, const std::string &file, bool exclusive,
                 std::string &text, bool &exists, std::string &err) {
  return lock.acquire(file, exclusive, err) &&
         readText(file, text, exists, err);
}

/// Creates the folders above `file`.
bool makeParentDirectories(const std::string &file, std::string &err) {
  size_t slash = file.rfind('/');
  return slash == std::string::npos || slash == 0 ||
         makeDirectories(file.substr(0, slash), err);
}

} // namespace

bool TuneCache::read(std::map<std::string, CacheEntry> &out,
                     std::string &warning, std::string &err) const {
  out.clear();
  struct stat st;
  if (::stat(file.c_str(), &st) != 0)
    return true; // no cache yet (and nothing to lock)
  FileLock lock;
  std::string text;
  bool exists;
  if (!lockAndRead(lock, file, /*exclusive=*/false, text, exists, err))
    return false;
  if (!exists || text.empty())
    return true;
  std::string why;
  if (!cacheFromJson(text, out, why)) {
    warning = "ignoring the cache '" + file + "': " + why;
    out.clear();
  }
  return true;
}

bool TuneCache::store(const std::vector<CacheEntry> &entries,
                      std::string &err) const {
  FileLock lock;
  std::string text;
  bool exists;
  if (!makeParentDirectories(file, err) ||
      !lockAndRead(lock, file, /*exclusive=*/true, text, exists, err))
    return false;
  std::map<std::string, CacheEntry> all;
  std::string why;
  if (exists && !text.empty() && !cacheFromJson(text, all, why))
    all.clear(); // not a cache: replaced
  for (const CacheEntry &e : entries)
    all[e.key] = e;
  std::string json = cacheToJson(all);
  return tt::runtime::writeFileAtomic(file, json.data(), json.size(), err);
}

bool TuneCache::checkWritable(std::string &err) const {
  struct stat st;
  if (::stat(file.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
    err = "the cache '" + file + "' is " +
          (S_ISDIR(st.st_mode) ? "a directory" : "not a regular file") +
          "; give --cache a file name";
    return false;
  }
  if (!makeParentDirectories(file, err))
    return false;
  // What store() does: create the lock file, then a temporary file beside
  // the cache that is renamed over it. Try both now.
  FileLock lock;
  if (!lock.acquire(file, /*exclusive=*/false, err))
    return false;
  std::string probe = file + ".probe-" + std::to_string(::getpid());
  int fd = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) {
    err = "cannot write the cache '" + file + "': " + std::strerror(errno);
    return false;
  }
  ::close(fd);
  ::unlink(probe.c_str());
  return true;
}
