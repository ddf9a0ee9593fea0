//===- TuneJson.h - tt-tune's JSON files, written and read ------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// What the cache (Cache.cpp) and the results file (Results.cpp) share:
// name/value maps written with JsonWriter, and, read back through yaml-cpp
// (JSON is YAML; only files built with -fexceptions include this), scalars,
// numbers, name/value maps and the header every tt-tune file starts with
// ({"tool": "tt-tune", "kind": ..., "format": N}).
//
//===----------------------------------------------------------------------===//

#ifndef TT_LIB_TUNE_TUNEJSON_H
#define TT_LIB_TUNE_TUNEJSON_H

#include "tt/Runtime/Json.h"
#include "tt/Tune/Cache.h"

#include <yaml-cpp/yaml.h>

#include <cstdlib>
#include <string>

namespace tt::tune::json {

inline void writeNameValues(tt::runtime::JsonWriter &w, const NameValues &nv) {
  w.beginObject();
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
