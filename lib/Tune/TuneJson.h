//===- TuneJson.h - tt-tune's JSON files, written and read ------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// What the cache (Cache.cpp) and the results file (Results.cpp) share:
// the header every tt-tune file starts with ({"tool": "tt-tune", "kind":
// ..., "format": N}), written with JsonWriter and checked when read back
// through yaml-cpp (JSON is YAML; only files built with -fexceptions include
// this); name/value maps, scalars and numbers; tables of fields
// (JsonField) read back as JsonWriter::fields wrote them.
//
//===----------------------------------------------------------------------===//

#ifndef TT_LIB_TUNE_TUNEJSON_H
#define TT_LIB_TUNE_TUNEJSON_H

#include "tt/Runtime/Json.h"
#include "tt/Tune/Cache.h"

#include <yaml-cpp/yaml.h>

#include <cstddef>
#include <cstdlib>
#include <string>

namespace tt::tune::json {

/// Opens the file's object and writes its header.
inline void beginFile(tt::runtime::JsonWriter &w, const std::string &kind,
                      int format) {
  w.beginObject();
  w.key("tool").value("tt-tune");
  w.key("kind").value(kind);
  w.key("format").value(format);
}

/// `"key": {name: value, ...}`.
inline void writeNameValues(tt::runtime::JsonWriter &w, const std::string &key,
                            const NameValues &nv) {
  w.key(key).beginObject();
  for (const auto &p : nv)
    w.key(p.first).value(p.second);
  w.endObject();
}

/// A scalar's text; empty for anything else (or nothing).
inline std::string str(const YAML::Node &n) {
  return n && n.IsScalar() ? n.Scalar() : std::string();
}

/// A number; 0 for nothing or null.
inline double num(const YAML::Node &n) {
  std::string s = str(n);
  return s.empty() || s == "null" ? 0 : std::strtod(s.c_str(), nullptr);
}

inline NameValues nameValues(const YAML::Node &n) {
  NameValues out;
  if (n && n.IsMap())
    for (auto it = n.begin(); it != n.end(); ++it)
      out.emplace_back(it->first.Scalar(), str(it->second));
  return out;
}

/// Reads `n` into a field of a table below.
inline void readValue(const YAML::Node &n, std::string &v) { v = str(n); }
inline void readValue(const YAML::Node &n, double &v) { v = num(n); }

/// The members of `obj` in a table that JsonWriter::fields writes.
template <typename U, typename T, typename M, size_t N>
void readFields(const YAML::Node &n, U &obj,
                const tt::runtime::JsonField<T, M> (&table)[N]) {
  for (const tt::runtime::JsonField<T, M> &f : table)
    readValue(n[f.name], obj.*f.member);
}

/// The kernel a cache entry or a results file is about, in the order both
/// files give it; the cache gives the device then the target, the results
/// the target then the device.
constexpr tt::runtime::JsonField<KernelIdentity, std::string> kKernelFields[] =
    {{"kernel", &KernelIdentity::kernel},
     {"kernel_hash", &KernelIdentity::kernelHash},
     {"options_hash", &KernelIdentity::optionsHash}};
constexpr tt::runtime::JsonField<KernelIdentity, std::string> kDeviceTarget[] =
    {{"device", &KernelIdentity::device}, {"target", &KernelIdentity::target}};
constexpr tt::runtime::JsonField<KernelIdentity, std::string> kTargetDevice[] =
    {{"target", &KernelIdentity::target}, {"device", &KernelIdentity::device}};

/// Parses `text` and hands the root (a YAML::Node) to `read`, which returns
/// false, with `err`, for a file that is not what it wants; malformed JSON
/// is an error naming its line.
template <typename F>
bool readJson(const std::string &text, std::string &err, F read) {
  try {
    return read(YAML::Load(text));
  } catch (const YAML::Exception &e) {
    err = "malformed JSON at line " + std::to_string(e.mark.line + 1) + ": " +
          e.msg;
    return false;
  }
}

/// Whether `root` starts a tt-tune file of `kind` in `format`; if not,
/// `err` says why (`what` names the kind of file for the user).
inline bool checkHeader(const YAML::Node &root, const std::string &kind,
                        int format, const std::string &what,
                        std::string &err) {
  if (!root.IsMap() || str(root["tool"]) != "tt-tune" ||
      str(root["kind"]) != kind) {
    err = "not a " + what;
    return false;
  }
  if (str(root["format"]) != std::to_string(format)) {
    err = kind + " format " + str(root["format"]) + ", expected " +
          std::to_string(format);
    return false;
  }
  return true;
}

} // namespace tt::tune::json

#endif // TT_LIB_TUNE_TUNEJSON_H
