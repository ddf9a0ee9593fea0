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

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace tt::runtime {

/// A member of `T` and its JSON name. A table of them, in the order of the
/// file, is what JsonWriter::fields writes (and what tt-tune reads back).
template <typename T, typename M> struct JsonField {
  const char *name;
  M T::*member;
};

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
  /// An array of strings.
  JsonWriter &value(const std::vector<std::string> &list);
  JsonWriter &null();

  /// `"name": value` for each member of `obj` (a T or a class derived from
  /// it) in `table`, in its order.
  template <typename U, typename T, typename M, size_t N>
  JsonWriter &fields(const U &obj, const JsonField<T, M> (&table)[N]) {
    for (const JsonField<T, M> &f : table)
      key(f.name).value(obj.*f.member);
    return *this;
  }

  const std::string &str() const { return out; }

  static std::string quote(const std::string &s);

private:
  void separator();
  JsonWriter &open(char bracket, bool isObject);
  JsonWriter &close(char bracket);
  /// A value written as it is.
  JsonWriter &raw(const std::string &text);
  std::string out;
  /// Per open container: whether it has an element yet, and whether it is
  /// an object.
  std::vector<std::pair<bool, bool>> stack;
  bool afterKey = false;
};

} // namespace tt::runtime

#endif // TT_RUNTIME_JSON_H
