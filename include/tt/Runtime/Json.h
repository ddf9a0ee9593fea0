//===- Json.h - a small JSON writer -----------------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Writes indented JSON for `tt-run --json`. (Reading JSON, for upstream's
// kernel metadata and --baseline files, goes through yaml-cpp: see
// Metadata.h.)
//
//===----------------------------------------------------------------------===//

#ifndef TT_RUNTIME_JSON_H
#define TT_RUNTIME_JSON_H

#include <cstdint>
#include <string>
#include <vector>

namespace tt::runtime {

class JsonWriter {
public:
  JsonWriter &beginObject();
  JsonWriter &endObject();
  JsonWriter &beginArray();
  JsonWriter &endArray();
  /// The key of the next value inside an object.
  JsonWriter &key(const std::string &k);
  JsonWriter &value(const std::string &s);
  JsonWriter &value(const char *s);
  JsonWriter &value(double d); // NaN and infinities are written as null
  JsonWriter &value(int64_t i);
  JsonWriter &value(int i) { return value(int64_t(i)); }
  JsonWriter &value(bool b);
  JsonWriter &null();

  const std::string &str() const { return out; }

  static std::string quote(const std::string &s);

private:
  void separator();
  std::string out;
  /// Per open container: whether it has an element yet, and whether it is
  /// an object.
  std::vector<std::pair<bool, bool>> stack;
  bool afterKey = false;
};

} // namespace tt::runtime

#endif // TT_RUNTIME_JSON_H
