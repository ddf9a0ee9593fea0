//===- TuneSpec.cpp - reading the tt-tune YAML format -----------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Built with -fexceptions because yaml-cpp reports errors by throwing. Every
// exception (yaml-cpp's and our own SpecError) is caught in
// parseTuneSpecText (through YamlSpec.h's parseYamlText, shared with the
// run-spec reader) and turned into one "file:line: error: ..." line.
//
// An inline `launch:` block becomes the text of a tt-run file with the same
// line numbers as the tune file: every other line is blanked, the block is
// dedented, and the `launch:` line itself becomes the `kernel:` line tt-run
// requires (tt-tune replaces that kernel with each config's). tt-run's own
// parser then reads it, so the launch format is exactly tt-run's and its
// errors name the tune file's lines.
//
//===----------------------------------------------------------------------===//

#include "tt/Tune/TuneSpec.h"
#include "tt/Runtime/YamlSpec.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>
#include <fstream>
#include <functional>
#include <set>
#include <sstream>
#include <unistd.h>

using namespace tt::tune;
using tt::runtime::Expression;
using tt::runtime::formatError;
using tt::runtime::Target;

namespace {

using namespace tt::runtime::yamlspec;

LineExpr parseExpr(const YAML::Node &n, const std::string &what) {
  LineExpr e;
  e.line = lineOf(n);
  std::string err;
  if (!Expression::parse(scalarText(n, what), e.expr, err))
    fail(n, "bad " + what + ": " + err);
  return e;
}

/// A list of expressions, or one. In a flow list YAML splits at every comma,
/// also inside parentheses (`[min(a, b) < 4]`): glue such pieces back.
std::vector<LineExpr> parseExprList(const YAML::Node &n,
                                    const std::string &what) {
  std::vector<LineExpr> out;
  if (!n.IsSequence()) {
    out.push_back(parseExpr(n, what));
    return out;
  }
  for (const auto &item : flowListItems(n, what)) {
    LineExpr e;
    e.line = lineOf(item.second);
    std::string err;
    if (!Expression::parse(item.first, e.expr, err))
      fail(e.line, "bad " + what + ": " + err);
    out.push_back(e);
  }
  return out;
}

std::vector<std::pair<std::string, int>> parseNames(const YAML::Node &n,
                                                    const std::string &what) {
  std::vector<std::pair<std::string, int>> out;
  auto one = [&](const YAML::Node &e) {
    std::string s = scalarText(e, what);
    if (!isIdentifier(s))
      fail(e, what + " '" + s + "' is not a name");
    for (const auto &o : out)
      if (o.first == s)
        fail(e, "'" + s + "' is listed twice");
    out.emplace_back(s, lineOf(e));
  };
  if (n.IsSequence())
    for (const YAML::Node &e : n)
      one(e);
  else if (!n.IsNull())
    one(n);
  return out;
}

/// A parameter and its value(s), checked.
std::string paramName(const YAML::Node &k) {
  std::string name = scalarText(k, "a parameter name");
  if (!isIdentifier(name))
    fail(k, "parameter name '" + name + "' is not an identifier");
  return name;
}

/// Calls f(name, value) for each entry of a map keyed by parameter names,
/// rejecting a name given twice (`kind`: what the error calls the names).
template <typename F>
void forEachParam(const YAML::Node &map, const std::string &kind, F f) {
  std::set<std::string> seen;
  for (auto it = map.begin(); it != map.end(); ++it) {
    std::string name = paramName(it->first);
    if (!seen.insert(name).second)
      fail(it->first, "duplicate " + kind + " '" + name + "'");
    // A copy: `it->second` lives in a temporary that a range-for over it
    // would outlive (ASan: stack-use-after-scope).
    YAML::Node value = it->second;
    f(name, value);
  }
}

Config parseConfig(const YAML::Node &n) {
  if (!n.IsMap())
    fail(n, "a config must be a map {NAME: value, ..., num_warps: n}");
  Config c;
  c.line = lineOf(n);
  forEachParam(
      n, "parameter", [&](const std::string &name, const YAML::Node &value) {
        c.params.emplace_back(
            name, ParamValue::fromText(scalarText(value, "a config value")));
      });
  return c;
}

Product parseProduct(const YAML::Node &n) {
  if (!n.IsMap())
    fail(n, "a space must be a map {NAME: [values], ...} (or a list of such "
            "maps)");
  Product p;
  p.line = lineOf(n);
  forEachParam(
      n, "parameter", [&](const std::string &name, const YAML::Node &list) {
        std::vector<std::string> values;
        if (list.IsSequence()) {
          for (const YAML::Node &v : list)
            values.push_back(scalarText(v, "a value of '" + name + "'"));
          if (values.empty())
            fail(list, "'" + name + "' has no values");
        } else {
          values.push_back(scalarText(list, "a value of '" + name + "'"));
        }
        p.axes.emplace_back(name, values);
      });
  if (p.axes.empty())
    fail(n, "a space needs at least one parameter");
  return p;
}

std::vector<std::string> splitLines(const std::string &text) {
  std::vector<std::string> lines;
  std::string cur;
  for (char c : text) {
    if (c == '\n') {
      lines.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  lines.push_back(cur);
  return lines;
}

std::string absoluteDir(const std::string &dir) {
  if (!dir.empty() && dir[0] == '/')
    return dir;
  char cwd[PATH_MAX];
  if (!::getcwd(cwd, sizeof cwd))
    return dir;
  return dir.empty() || dir == "." ? std::string(cwd)
                                   : std::string(cwd) + "/" + dir;
}

std::string quoteYaml(const std::string &s) {
  std::string q = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\')
      q += '\\';
    q += c;
  }
  return q + "\"";
}

/// The tt-run text of an inline launch block (see the file comment).
std::string deriveLaunchText(const std::string &text, const YAML::Node &root,
                             const YAML::Node &keyNode, const YAML::Node &value,
                             const std::string &dir) {
  std::vector<std::string> lines = splitLines(text);
  int keyLine = keyNode.Mark().line;
  if (value.Mark().line == keyLine || !value.IsMap())
    fail(keyNode, "write the inline launch as an indented block of tt-run "
                  "keys under 'launch:' (or give the name of a tt-run file)");
  if (value["kernel"])
    fail(lineOf(value), "the launch gets its kernel from tt-tune: remove "
                        "'kernel:' from it");
  int indent = value.Mark().column;
  int endLine = int(lines.size());
  for (auto it = root.begin(); it != root.end(); ++it) {
    int l = it->first.Mark().line;
    if (l > keyLine && l < endLine)
      endLine = l;
  }

  // `npy:` paths are relative to the tune file; the derived file lives
  // elsewhere, so make them absolute in place (same line).
  struct Edit {
    int line, column;
    std::string scalar;
  };
  std::vector<Edit> edits;
  std::function<void(const YAML::Node &)> walk = [&](const YAML::Node &n) {
    if (n.IsMap()) {
      for (auto it = n.begin(); it != n.end(); ++it) {
        if (it->first.IsScalar() && it->first.Scalar() == "npy" &&
            it->second.IsScalar())
          edits.push_back({it->second.Mark().line, it->second.Mark().column,
                           it->second.Scalar()});
        walk(it->second);
      }
    } else if (n.IsSequence()) {
      for (const YAML::Node &e : n)
        walk(e);
    }
  };
  walk(value);
  std::sort(edits.begin(), edits.end(), [](const Edit &a, const Edit &b) {
    return a.line != b.line ? a.line < b.line : a.column > b.column;
  });
  std::string absDir = absoluteDir(dir);
  for (const Edit &e : edits) {
    std::string &l = lines[size_t(e.line)];
    size_t col = size_t(e.column), len;
    if (col < l.size() && (l[col] == '"' || l[col] == '\'')) {
      char q = l[col];
      size_t j = col + 1;
      while (j < l.size() && l[j] != q)
        j += (q == '"' && l[j] == '\\') ? 2 : 1;
      if (j >= l.size())
        fail(e.line + 1, "cannot rewrite the npy path on this line; put the "
                         "launch in a tt-run file of its own");
      len = j + 1 - col;
    } else if (l.compare(col, e.scalar.size(), e.scalar) == 0) {
      len = e.scalar.size();
    } else {
      fail(e.line + 1, "cannot rewrite the npy path on this line; put the "
                       "launch in a tt-run file of its own");
    }
    std::string path = e.scalar;
    if (path.empty() || path[0] != '/')
      path = absDir + "/" + path;
    l.replace(col, len, quoteYaml(path));
  }

  std::string out;
  for (int j = 0; j < int(lines.size()); ++j) {
    std::string l;
    if (j == keyLine) {
      l = "kernel: tt-tune-config";
    } else if (j > keyLine && j < endLine) {
      const std::string &src = lines[size_t(j)];
      size_t lead = src.find_first_not_of(' ');
      if (lead == std::string::npos || src[lead] == '#')
        l.clear();
      else if (int(lead) >= indent)
        l = src.substr(size_t(indent));
      else
        fail(j + 1, "this line of the launch block is indented less than "
                    "its first key");
    }
    out += l;
    if (j + 1 < int(lines.size()))
      out += '\n';
  }
  return out;
}

void parseKernel(const YAML::Node &v, int line, TuneSpec &spec) {
  spec.kernelLine = line;
  auto python = [&](const YAML::Node &n) {
    std::string s = scalarText(n, "python");
    size_t sep = s.find("::");
    if (sep == std::string::npos || sep == 0 || sep + 2 >= s.size())
      fail(n, "python takes FILE.py::KERNEL, not '" + s + "'");
    spec.kind = KernelKind::Python;
    spec.pythonFile = resolvePath(spec.dir, s.substr(0, sep));
    spec.pythonKernel = s.substr(sep + 2);
  };
  auto templ = [&](const YAML::Node &n) {
    spec.kind = KernelKind::Template;
    spec.templateWritten = scalarText(n, "template");
    spec.templatePath = resolvePath(spec.dir, spec.templateWritten);
  };
  if (v.IsScalar()) {
    if (v.Scalar().find("::") != std::string::npos)
      python(v);
    else
      templ(v);
    return;
  }
  bool withSignature = v.IsMap() && v["signature"];
  if (!v.IsMap() || v.size() != 1 + (withSignature ? 1 : 0))
    fail(v, "kernel must be a template file, or a map with one key: "
            "template (a TTIR file with {{...}} placeholders), generator (a "
            "command that prints TTIR) or python (FILE.py::KERNEL, with an "
            "optional signature)");
  forEachKeyInOrder(v, {"template", "generator", "python", "signature"}, "kernel",
             [&](const std::string &k, const YAML::Node &body, int) {
               if (k == "template") {
                 templ(body);
               } else if (k == "python") {
                 python(body);
               } else if (k == "signature") {
                 spec.pythonSignature = scalarText(body, "signature");
               } else {
                 if (!body.IsSequence())
                   fail(body, "generator must be a list of arguments, "
                              "[program, arg, ...]; it runs without a shell");
                 for (const YAML::Node &a : body)
                   spec.generator.push_back(
                       scalarText(a, "a generator argument"));
                 if (spec.generator.empty() || spec.generator[0].empty())
                   fail(body, "generator needs at least the program to run");
                 spec.kind = KernelKind::Generator;
               }
             });
  if (withSignature && spec.kind != KernelKind::Python)
    fail(v["signature"], "signature is for python kernels");
}

void parseTop(const YAML::Node &root, TuneSpec &spec) {
  if (!root.IsMap())
    fail(root.IsNull() ? 1 : lineOf(root),
         "expected a map of keys (kernel, launch, space, ...) at the top "
         "level");
  forEachKeyInOrder(
      root,
      {"kernel", "target", "launch", "configs", "space", "key", "sizes",
       "prune", "reset_to_zero", "restore_value", "bench", "description"},
      "the top level",
      [&](const std::string &k, const YAML::Node &v, int line) {
        if (k == "kernel") {
          parseKernel(v, line, spec);
        } else if (k == "target") {
          spec.hasTarget = true;
          spec.target = scalarText(v, "target");
          spec.targetLine = lineOf(v);
          Target t;
          std::string arch;
          if (!parseTargetName(spec.target, t, arch))
            fail(v, "unknown target '" + spec.target +
                        "' (expected cpu, cuda, cuda:NN, hip or hip:gfxNNN)");
        } else if (k == "launch") {
          spec.launchLine = line;
          if (v.IsScalar()) {
            spec.launchPath = resolvePath(spec.dir, v.Scalar());
          } else {
            spec.launchInline = true;
            YAML::Node key;
            for (auto it = root.begin(); it != root.end(); ++it)
              if (it->first.Scalar() == "launch")
                key = it->first;
            spec.launchText =
                deriveLaunchText(spec.text, root, key, v, spec.dir);
          }
        } else if (k == "configs") {
          spec.spaceLine = spec.spaceLine ? spec.spaceLine : line;
          if (!v.IsSequence())
            fail(v, "configs must be a list of maps {NAME: value, ...}");
          for (const YAML::Node &c : v)
            spec.space.explicitConfigs.push_back(parseConfig(c));
        } else if (k == "space") {
          spec.spaceLine = line;
          if (v.IsSequence()) {
            for (const YAML::Node &p : v)
              spec.space.products.push_back(parseProduct(p));
          } else {
            spec.space.products.push_back(parseProduct(v));
          }
        } else if (k == "key") {
          spec.keyLine = line;
          for (const auto &n : parseNames(v, "a key name"))
            spec.key.push_back(n.first);
        } else if (k == "sizes") {
          spec.sizesLine = line;
          if (!v.IsSequence())
            fail(v, "sizes must be a list of maps {NAME: expression, ...}");
          for (const YAML::Node &s : v) {
            if (!s.IsMap() || s.size() == 0)
              fail(s, "a size must be a map {NAME: expression, ...}");
            SizeSpec size;
            size.line = lineOf(s);
            forEachParam(s, "name",
                         [&](const std::string &name, const YAML::Node &value) {
                           LineExpr e = parseExpr(value, "size");
                           size.sets.emplace_back(name, e.expr.text());
                         });
            spec.sizes.push_back(size);
          }
        } else if (k == "prune") {
          spec.pruneLine = line;
          if (!v.IsMap())
            fail(v, "prune must be a map {rules: [...], cost: expression, "
                    "top_k: n}");
          int topKLine = 0;
          forEachKeyInOrder(
              v, {"rules", "cost", "top_k"}, "prune",
              [&](const std::string &pk, const YAML::Node &pv, int pline) {
                if (pk == "rules") {
                  spec.prune.rules = parseExprList(pv, "prune rule");
                } else if (pk == "cost") {
                  spec.prune.cost = parseExpr(pv, "cost model");
                  spec.prune.hasCost = true;
                } else {
                  topKLine = pline;
                  std::string t = scalarText(pv, "top_k");
                  char *end = nullptr;
                  long n = std::strtol(t.c_str(), &end, 10);
                  if (t.empty() || *end || n < 1 || n > 1000000)
                    fail(pv, "top_k must be a positive integer");
                  spec.prune.topK = int(n);
                }
              });
          if (spec.prune.topK > 0 && !spec.prune.hasCost)
            fail(topKLine, "top_k needs a cost model ('cost: expression')");
        } else if (k == "reset_to_zero") {
          spec.resetToZero = parseNames(v, "a tensor name");
        } else if (k == "restore_value") {
          spec.restoreValue = parseNames(v, "a tensor name");
        } else if (k == "bench") {
          if (!v.IsMap())
            fail(v, "bench must be a map {warmup: n, reps: n}");
          forEachKeyInOrder(v, {"warmup", "reps"}, "bench",
                     [&](const std::string &bk, const YAML::Node &bv, int) {
                       std::string t = scalarText(bv, bk);
                       char *end = nullptr;
                       long n = std::strtol(t.c_str(), &end, 10);
                       if (t.empty() || *end || n < (bk == "reps" ? 1 : 0) ||
                           n > 10000000)
                         fail(bv, bk + " must be an integer " +
                                      (bk == "reps" ? ">= 1" : ">= 0"));
                       (bk == "warmup" ? spec.warmup : spec.reps) = int(n);
                     });
        } else if (k == "description") {
          spec.description = scalarText(v, "description");
        }
      });
  if (spec.kernelLine == 0)
    fail(1, "missing 'kernel:' (a TTIR template, a generator command or a "
            "python kernel)");
  if (spec.launchLine == 0)
    fail(1, "missing 'launch:' (a tt-run file, or an inline block of tt-run "
            "keys: grid, args, ...)");
  if (spec.spaceLine == 0)
    fail(1, "missing 'space:' or 'configs:' (the configs to try)");
}

} // namespace

bool tt::tune::parseTuneSpecText(const std::string &text,
                                 const std::string &file,
                                 const std::string &dir, TuneSpec &spec,
                                 std::string &error) {
  return parseSpecText(text, file, dir, spec, error,
                       [&](const YAML::Node &root) {
                         spec.text = text;
                         parseTop(root, spec);
                       });
}

bool tt::tune::parseTuneSpec(const std::string &path, TuneSpec &spec,
                             std::string &error) {
  std::string text, dir;
  if (!tt::runtime::readSpecFile(path, "tune file", text, dir, error))
    return false;
  return parseTuneSpecText(text, path, dir, spec, error);
}
