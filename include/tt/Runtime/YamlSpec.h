//===- YamlSpec.h - reading tt-run and tt-tune YAML files -------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The pieces the run-spec reader (lib/Runtime/Spec.cpp) and the tune-file
// reader (lib/Tune/TuneSpec.cpp) share: an error with the line it belongs
// to, thrown by the parsing code and turned into one "file:line: error:"
// line by parseYamlText; scalar values; maps with a fixed set of keys;
// relative paths. Only files built with -fexceptions and yaml-cpp include
// it; nothing thrown here leaves parseYamlText.
//
//===----------------------------------------------------------------------===//

#ifndef TT_RUNTIME_YAMLSPEC_H
#define TT_RUNTIME_YAMLSPEC_H

#include "tt/Runtime/Spec.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace tt::runtime::yamlspec {

/// An error in the input, at `line` (0: the file as a whole).
struct SpecError {
  int line;
  std::string message;
};

inline int lineOf(const YAML::Node &n) {
  YAML::Mark m = n.Mark();
  return m.line >= 0 ? m.line + 1 : 0;
}

[[noreturn]] inline void fail(int line, const std::string &msg) {
  throw SpecError{line, msg};
}

[[noreturn]] inline void fail(const YAML::Node &n, const std::string &msg) {
  fail(lineOf(n), msg);
}

/// The text of a scalar; `what` names it in the error for anything else.
inline std::string scalarText(const YAML::Node &n, const std::string &what) {
  if (!n.IsScalar())
    fail(n, what + " must be a single value, not a " +
                (n.IsSequence() ? "list"
                 : n.IsMap()    ? "map"
                                : "null"));
  return n.Scalar();
}

/// `p` relative to the folder of the file that names it.
inline std::string resolvePath(const std::string &dir, const std::string &p) {
  if (p.empty() || p[0] == '/' || dir.empty() || dir == ".")
    return p;
  return dir + "/" + p;
}

/// Opened minus closed parentheses: YAML splits a flow list at every comma,
/// also inside `min(a, b)`, and the readers glue such pieces back.
inline int parenBalance(const std::string &s) {
  int d = 0;
  for (char c : s)
    d += c == '(' ? 1 : c == ')' ? -1 : 0;
  return d;
}

/// The expressions of a list such as `[cdiv(n, 1024), 4]`, the pieces YAML
/// split inside parentheses glued back: each one's text and the node of its
/// first piece (`what` names an element in errors).
inline std::vector<std::pair<std::string, YAML::Node>>
flowListItems(const YAML::Node &list, const std::string &what) {
  std::vector<std::pair<std::string, YAML::Node>> items;
  int depth = 0;
  for (const YAML::Node &e : list) {
    std::string text = scalarText(e, what);
    if (depth > 0)
      items.back().first += ", " + text;
    else
      items.emplace_back(text, e);
    depth += parenBalance(text);
  }
  return items;
}

/// Iterates a map, rejecting duplicate keys and keys not in `allowed`; the
/// error lists the allowed keys in the container's order.
template <typename Keys, typename F>
void forEachKeyOf(const YAML::Node &map, const Keys &allowed,
                  const std::string &where, F f) {
  std::set<std::string> seen;
  for (auto it = map.begin(); it != map.end(); ++it) {
    YAML::Node k = it->first;
    std::string key = scalarText(k, "a key");
    if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) {
      std::string list;
      for (const std::string &a : allowed)
        list += (list.empty() ? "" : ", ") + a;
      fail(k, "unknown key '" + key + "' in " + where + " (expected " + list +
                  ")");
    }
    if (!seen.insert(key).second)
      fail(k, "duplicate key '" + key + "' in " + where);
    f(key, it->second, lineOf(k));
  }
}

/// The same for `{"a", "b"}` lists: in alphabetical order (run specs) ...
template <typename F>
void forEachKey(const YAML::Node &map, const std::set<std::string> &allowed,
                const std::string &where, F f) {
  forEachKeyOf(map, allowed, where, f);
}

/// ... or in the order given (tune files).
template <typename F>
void forEachKeyInOrder(const YAML::Node &map,
                       const std::vector<std::string> &allowed,
                       const std::string &where, F f) {
  forEachKeyOf(map, allowed, where, f);
}

/// Loads `text` as YAML and hands the root to `parseTop`; a SpecError, an
/// error of yaml-cpp or any other exception becomes one formatted line in
/// `error` naming `file`.
template <typename F>
bool parseYamlText(const std::string &text, const std::string &file,
                   std::string &error, F parseTop) {
  try {
    YAML::Node root = YAML::Load(text);
    parseTop(root);
  } catch (const SpecError &e) {
    error = formatError(file, e.line, e.message);
    return false;
  } catch (const YAML::Exception &e) {
    int line = e.mark.line >= 0 ? e.mark.line + 1 : 0;
    error = formatError(file, line, "malformed YAML: " + e.msg);
    return false;
  } catch (const std::exception &e) {
    error = formatError(file, 0, std::string("cannot read: ") + e.what());
    return false;
  }
  return true;
}

/// Parses `text`, the file `file` in the folder `dir`, into a fresh `spec`
/// (a RunSpec or a TuneSpec: its `file` and `dir` set first) with
/// `parseTop(root)`.
template <typename Spec, typename F>
bool parseSpecText(const std::string &text, const std::string &file,
                   const std::string &dir, Spec &spec, std::string &error,
                   F parseTop) {
  spec = Spec();
  spec.file = file;
  spec.dir = dir;
  return parseYamlText(text, file, error, parseTop);
}

} // namespace tt::runtime::yamlspec

#endif // TT_RUNTIME_YAMLSPEC_H
