//===- Spec.cpp - reading the tt-run YAML format ----------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Built with -fexceptions because yaml-cpp reports errors by throwing. Every
// exception (yaml-cpp's and our own SpecError, YamlSpec.h) is caught in
// parseRunSpecText and turned into one "file:line: error: ..." line; none
// leaves this file.
//
//===----------------------------------------------------------------------===//

#include "tt/Runtime/Spec.h"
#include "tt/Runtime/YamlSpec.h"

#include <yaml-cpp/yaml.h>

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <optional>
#include <set>
#include <sstream>

using namespace tt::runtime;

namespace {
const std::pair<Target, const char *> kTargetNames[] = {
    {Target::CUDA, "cuda"}, {Target::HIP, "hip"}, {Target::CPU, "cpu"}};
} // namespace

const char *tt::runtime::targetName(Target t) {
  for (const auto &[target, name] : kTargetNames)
    if (target == t)
      return name;
  return "?";
}

bool tt::runtime::parseTargetName(const std::string &text, Target &target,
                                  std::string &arch) {
  arch.clear();
  size_t colon = text.find(':');
  std::string base = text.substr(0, colon);
  const auto *known =
      std::find_if(std::begin(kTargetNames), std::end(kTargetNames),
                   [&](const auto &entry) { return base == entry.second; });
  if (known == std::end(kTargetNames))
    return false;
  target = known->first;
  if (colon == std::string::npos)
    return true;
  // An architecture: not for the CPU, and not empty.
  if (target == Target::CPU || colon + 1 == text.size())
    return false;
  arch = text;
  return true;
}

/// The message with line breaks and other control characters written as
/// escapes: an error stays one line (scripts read it that way), and text
/// quoted from the input cannot move the cursor or recolor a terminal.
static std::string oneLineMessage(const std::string &message) {
  std::string s;
  s.reserve(message.size());
  for (char c : message) {
    unsigned char u = (unsigned char)c;
    if (c == '\n')
      s += "\\n";
    else if (c == '\r')
      s += "\\r";
    else if ((u < 0x20 && c != '\t') || u == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", u);
      s += buf;
    } else
      s += c;
  }
  return s;
}

std::string tt::runtime::formatError(const std::string &file, int line,
                                     const std::string &message) {
  if (line > 0)
    return file + ":" + std::to_string(line) +
           ": error: " + oneLineMessage(message);
  return file + ": error: " + oneLineMessage(message);
}

namespace {

using namespace tt::runtime::yamlspec;

ExprSrc parseExprNode(const YAML::Node &n, const std::string &what) {
  std::string text = scalarText(n, what);
  ExprSrc e;
  e.line = lineOf(n);
  if (e.line == 0)
    e.line = 1;
  std::string err;
  if (!Expression::parse(text, e.expr, err)) {
    fail(n, "bad " + what + ": " + err);
  }
  return e;
}

double constantNumber(const YAML::Node &n, const std::string &what) {
  ExprSrc e = parseExprNode(n, what);
  Value v;
  std::string err;
  if (!e.expr.evaluate(Scope(), v, err))
    fail(n, what + " must be a constant: " + err);
  if (v.isTensor())
    fail(n, what + " must be a number");
  return v.asDouble();
}

/// A constant that parameterizes a distribution, a range or a tolerance:
/// NaN (`std: nan`) is refused there, and so is an infinity unless
/// `allowInfinity` (an infinite tolerance accepts any value).
double finiteNumber(const YAML::Node &n, const std::string &what,
                    bool allowInfinity = false) {
  double d = constantNumber(n, what);
  if (std::isnan(d) || (!allowInfinity && std::isinf(d)))
    fail(n, what + " must be a finite number, not " +
                (std::isnan(d) ? std::string("NaN") : std::string("infinity")));
  return d;
}

DType parseDTypeNode(const YAML::Node &n) {
  std::string name = scalarText(n, "a dtype");
  DType t;
  if (!parseDType(name, t))
    fail(n, "unknown dtype '" + name + "'");
  return t;
}

InitSpec parseInit(const YAML::Node &n, const RunSpec &spec, uint64_t index) {
  InitSpec init;
  init.line = lineOf(n);
  init.seed = index;
  if (n.IsScalar()) {
    std::string s = n.Scalar();
    if (s == "zeros")
      init.kind = InitSpec::Kind::Zeros;
    else if (s == "poison")
      init.kind = InitSpec::Kind::Poison;
    else if (s == "arange")
      init.kind = InitSpec::Kind::Arange;
    else if (s == "uniform") {
      init.kind = InitSpec::Kind::Uniform;
      init.a = 0;
      init.b = 1;
    } else if (s == "normal") {
      init.kind = InitSpec::Kind::Normal;
      init.a = 0;
      init.b = 1;
    } else
      fail(n, "unknown init '" + s +
                  "' (expected zeros, arange, poison, uniform, normal, or a "
                  "map: {constant: v}, {uniform: {low, high, seed}}, "
                  "{normal: {mean, std, seed}}, {arange: {start, step}}, "
                  "{npy: file})");
    return init;
  }
  if (!n.IsMap() || n.size() != 1)
    fail(n, "init must be a word (zeros, arange, poison, uniform, normal) or "
            "a map with one key (constant, uniform, normal, arange, npy)");
  auto it = n.begin();
  std::string kind = scalarText(it->first, "an init kind");
  YAML::Node body = it->second;
  auto params = [&](const std::set<std::string> &allowed, auto f) {
    if (body.IsNull())
      return;
    if (!body.IsMap())
      fail(body, "'" + kind + "' takes a map of " +
                     [&] {
                       std::string l;
                       for (const std::string &a : allowed)
                         l += (l.empty() ? "" : ", ") + a;
                       return l;
                     }());
    forEachKey(body, allowed, "'" + kind + "'",
               [&](const std::string &k, const YAML::Node &v, int) {
                 f(k, v);
               });
  };
  auto seedOf = [&](const YAML::Node &v) {
    double d = constantNumber(v, "seed");
    if (d < 0 || d != (double)(uint64_t)d)
      fail(v, "seed must be a non-negative integer");
    return uint64_t(d);
  };
  // The kinds given by two numbers, a and b (0 and 1 unless given), and,
  // for the random ones, a seed.
  auto twoNumbers = [&](InitSpec::Kind k, const std::string &aName,
                        const std::string &bName, bool seeded) {
    init.kind = k;
    init.a = 0;
    init.b = 1;
    std::set<std::string> allowed{aName, bName};
    if (seeded)
      allowed.insert("seed");
    params(allowed, [&](const std::string &key, const YAML::Node &v) {
      if (key == aName)
        init.a = finiteNumber(v, aName);
      else if (key == bName)
        init.b = finiteNumber(v, bName);
      else
        init.seed = seedOf(v);
    });
  };
  if (kind == "constant") {
    init.kind = InitSpec::Kind::Constant;
    init.a = constantNumber(body, "constant");
  } else if (kind == "uniform") {
    twoNumbers(InitSpec::Kind::Uniform, "low", "high", /*seeded=*/true);
    if (!(init.a < init.b))
      fail(body, "uniform needs low < high");
  } else if (kind == "normal") {
    twoNumbers(InitSpec::Kind::Normal, "mean", "std", /*seeded=*/true);
    if (init.b < 0)
      fail(body, "normal needs std >= 0");
  } else if (kind == "arange") {
    twoNumbers(InitSpec::Kind::Arange, "start", "step", /*seeded=*/false);
  } else if (kind == "npy") {
    init.kind = InitSpec::Kind::Npy;
    init.path = resolvePath(spec.dir, scalarText(body, "an npy file name"));
  } else {
    fail(it->first,
         "unknown init '" + kind +
             "' (expected constant, uniform, normal, arange or npy)");
  }
  return init;
}

CheckSpec parseCheck(const YAML::Node &n, const RunSpec &spec) {
  CheckSpec c;
  c.line = lineOf(n);
  if (n.IsScalar()) {
    c.kind = CheckSpec::Kind::Expr;
    c.expect = parseExprNode(n, "check expression");
    return c;
  }
  if (!n.IsMap())
    fail(n, "check must be an expression or a map {expect: expr | npy: "
            "file | cpu: true, rtol: r, atol: a}");
  forEachKey(n, {"expect", "npy", "cpu", "rtol", "atol"}, "check",
             [&](const std::string &k, const YAML::Node &v, int line) {
               if (k == "expect" || k == "npy" || k == "cpu") {
                 if (c.kind != CheckSpec::Kind::None)
                   fail(line, "check takes one of 'expect', 'npy' and 'cpu'");
                 if (k == "expect") {
                   c.kind = CheckSpec::Kind::Expr;
                   c.expect = parseExprNode(v, "check expression");
                 } else if (k == "cpu") {
                   std::string b = scalarText(v, "cpu");
                   if (b != "true")
                     fail(v, "cpu takes 'true' (the reference kernel is "
                             "the top-level 'cpu_reference:')");
                   c.kind = CheckSpec::Kind::Cpu;
                 } else {
                   c.kind = CheckSpec::Kind::Npy;
                   c.path =
                       resolvePath(spec.dir, scalarText(v, "an npy file name"));
                 }
               } else if (k == "rtol") {
                 c.hasRtol = true;
                 c.rtol = finiteNumber(v, "rtol", /*allowInfinity=*/true);
                 if (c.rtol < 0)
                   fail(v, "rtol must be >= 0");
               } else {
                 c.hasAtol = true;
                 c.atol = finiteNumber(v, "atol", /*allowInfinity=*/true);
                 if (c.atol < 0)
                   fail(v, "atol must be >= 0");
               }
             });
  if (c.kind == CheckSpec::Kind::None)
    fail(n, "check needs 'expect: <expression>', 'npy: <file>' or "
            "'cpu: true'");
  return c;
}

std::vector<ExprSrc> parseExprList(const YAML::Node &n, const std::string &what,
                                   size_t maxLen) {
  std::vector<ExprSrc> out;
  if (n.IsSequence()) {
    std::vector<std::pair<std::string, YAML::Node>> items =
        flowListItems(n, what);
    if (items.size() > maxLen)
      fail(n, what + " has " + std::to_string(items.size()) +
                  " entries; at most " + std::to_string(maxLen) + " allowed");
    for (const auto &item : items) {
      ExprSrc e;
      e.line = lineOf(item.second);
      if (e.line == 0)
        e.line = lineOf(n);
      std::string err;
      if (!Expression::parse(item.first, e.expr, err))
        fail(item.second, "bad " + what + ": " + err);
      out.push_back(e);
    }
    if (out.empty() && what == "grid")
      fail(n, "grid is empty");
    return out;
  }
  out.push_back(parseExprNode(n, what));
  return out;
}

ArgSpec parseArg(const YAML::Node &n, const RunSpec &spec, size_t index) {
  ArgSpec a;
  a.line = lineOf(n);
  if (!n.IsMap())
    fail(n, "each argument must be a map such as {name: x, tensor: f32, "
            "shape: [n], init: uniform} or {name: n, scalar: i32, value: n}");
  bool haveKind = false;
  // yaml-cpp's default Node counts as defined, hence std::optional.
  std::optional<YAML::Node> initNode, checkNode, shapeNode, stridesNode,
      valueNode;
  int nameLine = 0;
  forEachKey(
      n,
      {"name", "tensor", "scalar", "shape", "strides", "init", "check", "value",
       "specialized", "multiple_of", "description"},
      "argument", [&](const std::string &k, const YAML::Node &v, int line) {
        if (k == "name") {
          a.name = scalarText(v, "name");
          nameLine = line;
          if (!isIdentifier(a.name))
            fail(v, "argument name '" + a.name + "' is not an identifier");
        } else if (k == "tensor" || k == "scalar") {
          if (haveKind)
            fail(line, "an argument is either a tensor or a scalar");
          haveKind = true;
          a.isTensor = k == "tensor";
          a.dtype = parseDTypeNode(v);
        } else if (k == "shape") {
          shapeNode.emplace(v);
          a.shapeLine = lineOf(v);
        } else if (k == "strides") {
          stridesNode.emplace(v);
          a.stridesLine = lineOf(v);
        } else if (k == "init") {
          initNode.emplace(v);
        } else if (k == "check") {
          checkNode.emplace(v);
        } else if (k == "value") {
          valueNode.emplace(v);
        } else if (k == "specialized") {
          std::string s = scalarText(v, "specialized");
          if (s == "true" || s == "True" || s == "yes")
            a.specialized = true;
          else if (s == "false" || s == "False" || s == "no")
            a.specialized = false;
          else
            fail(v, "specialized must be true or false");
          a.specializedLine = lineOf(v);
        } else if (k == "multiple_of") {
          double d = constantNumber(v, "multiple_of");
          if (d < 1 || d != double(int64_t(d)))
            fail(v, "multiple_of must be a positive integer");
          a.multipleOf = int64_t(d);
          a.multipleOfLine = lineOf(v);
        }
      });
  (void)nameLine;
  if (a.name.empty())
    fail(n, "argument " + std::to_string(index) + " has no name");
  if (!haveKind)
    fail(n, "argument '" + a.name +
                "' needs 'tensor: <dtype>' or 'scalar: <dtype>'");
  if (a.isTensor) {
    if (valueNode)
      fail(*valueNode, "'value' is for scalar arguments; tensor '" + a.name +
                          "' takes 'init'");
    if (a.specializedLine)
      fail(a.specializedLine, "only scalar arguments can be specialized");
    if (a.multipleOfLine)
      fail(a.multipleOfLine, "multiple_of is for integer scalar arguments");
    if (!shapeNode)
      fail(n, "tensor '" + a.name + "' needs a shape");
    a.shape = parseExprList(*shapeNode, "shape", 8);
    if (stridesNode) {
      const YAML::Node &sn = *stridesNode;
      if (sn.IsScalar() && sn.Scalar() == "contiguous") {
        // The default.
      } else {
        if (!sn.IsSequence())
          fail(sn, "strides must be 'contiguous' or a list");
        a.strides = parseExprList(sn, "strides", 8);
        if (a.strides.size() != a.shape.size())
          fail(sn, "strides has " + std::to_string(a.strides.size()) +
                                " entries but shape has " +
                                std::to_string(a.shape.size()));
      }
    }
    if (!initNode)
      fail(n, "tensor '" + a.name +
                  "' needs an init (uniform, normal, arange, zeros, "
                  "{constant: v}, {npy: file}, or poison for outputs)");
    a.init = parseInit(*initNode, spec, index);
    if (checkNode)
      a.check = parseCheck(*checkNode, spec);
  } else {
    for (const std::optional<YAML::Node> *bad :
         {&shapeNode, &stridesNode, &initNode, &checkNode})
      if (*bad)
        fail(**bad, "scalar '" + a.name +
                       "' takes 'value' (shape, strides, init and check are "
                       "for tensors)");
    if (!valueNode)
      fail(n, "scalar '" + a.name + "' needs a value");
    if (a.multipleOfLine && isFloat(a.dtype))
      fail(a.multipleOfLine, "multiple_of is for integer scalar arguments");
    a.value = parseExprNode(*valueNode, "value");
  }
  return a;
}

/// kernel: FILE, or kernel: {LABEL: FILE, ...}.
void parseKernels(const YAML::Node &v, int line, RunSpec &spec) {
  spec.kernelLine = line;
  if (v.IsScalar()) {
    KernelVariant kv;
    kv.written = v.Scalar();
    kv.path = resolvePath(spec.dir, kv.written);
    size_t slash = kv.written.rfind('/');
    kv.label = slash == std::string::npos
                   ? kv.written
                   : kv.written.substr(slash + 1);
    kv.line = lineOf(v);
    spec.kernels.push_back(kv);
  } else if (v.IsMap()) {
    std::set<std::string> labels;
    for (auto it = v.begin(); it != v.end(); ++it) {
      KernelVariant kv;
      kv.label = scalarText(it->first, "a kernel label");
      // A label names the directory of the variant's saved outputs
      // (--save-outputs DIR/LABEL/): it must stay inside DIR.
      if (kv.label.empty() || kv.label == "." || kv.label == ".." ||
          kv.label.find_first_of(std::string("/\\\0", 3)) !=
              std::string::npos)
        fail(it->first, "kernel label '" + kv.label +
                            "' cannot name a directory (no '/', "
                            "'\\', '.' or '..')");
      if (!labels.insert(kv.label).second)
        fail(it->first, "duplicate kernel label '" + kv.label + "'");
      kv.written = scalarText(it->second, "a kernel file");
      kv.path = resolvePath(spec.dir, kv.written);
      kv.line = lineOf(it->second);
      spec.kernels.push_back(kv);
    }
    if (spec.kernels.empty())
      fail(v, "kernel map is empty");
  } else {
    fail(v, "kernel must be a file name or a map {label: file, ...}");
  }
}

void parseTarget(const YAML::Node &v, RunSpec &spec) {
  std::string t = scalarText(v, "target");
  spec.hasTarget = true;
  spec.targetLine = lineOf(v);
  std::string arch;
  if (!parseTargetName(t, spec.target, arch) || !arch.empty())
    fail(v, "unknown target '" + t + "' (expected cuda, hip or cpu)");
}

/// params: {NAME: expression, ...}.
void parseParams(const YAML::Node &v, int line, RunSpec &spec) {
  spec.paramsLine = line;
  if (v.IsNull())
    return;
  if (!v.IsMap())
    fail(v, "params must be a map of name: expression");
  std::set<std::string> seen;
  for (auto it = v.begin(); it != v.end(); ++it) {
    std::string name = scalarText(it->first, "a parameter name");
    if (!isIdentifier(name))
      fail(it->first,
           "parameter name '" + name + "' is not an identifier");
    if (!seen.insert(name).second)
      fail(it->first, "duplicate parameter '" + name + "'");
    spec.params.emplace_back(name,
                             parseExprNode(it->second, "parameter"));
  }
}

/// constexprs: {NAME: expression, ...}, or [NAME, ...] for NAME: NAME.
void parseConstexprs(const YAML::Node &v, int line, RunSpec &spec) {
  spec.constexprsLine = line;
  std::set<std::string> seen;
  auto add = [&](const YAML::Node &key, ExprSrc e) {
    std::string name = scalarText(key, "a constexpr name");
    if (!isIdentifier(name))
      fail(key, "constexpr name '" + name + "' is not an identifier");
    if (!seen.insert(name).second)
      fail(key, "duplicate constexpr '" + name + "'");
    spec.constexprs.emplace_back(name, std::move(e));
  };
  if (v.IsMap()) {
    for (auto it = v.begin(); it != v.end(); ++it)
      add(it->first, parseExprNode(it->second, "constexpr"));
  } else if (v.IsSequence()) {
    for (const YAML::Node &e : v)
      add(e, parseExprNode(e, "constexpr"));
  } else {
    fail(v, "constexprs must be a map {NAME: expression} or a list "
            "of parameter names");
  }
}

/// bench: {warmup: n, reps: n, restore: [tensor names]}.
void parseBench(const YAML::Node &v, RunSpec &spec) {
  if (!v.IsMap())
    fail(v, "bench must be a map {warmup: n, reps: n, "
            "restore: [tensor names]}");
  forEachKey(v, {"warmup", "reps", "restore"}, "bench",
             [&](const std::string &bk, const YAML::Node &bv, int) {
               if (bk == "restore") {
                 if (!bv.IsSequence())
                   fail(bv, "restore must be a list of tensor "
                            "argument names");
                 for (const YAML::Node &n : bv)
                   spec.restore.emplace_back(
                       scalarText(n, "a tensor name"), lineOf(n));
                 return;
               }
               double d = constantNumber(bv, bk);
               if (d < (bk == "reps" ? 1 : 0) || d > 1e7 ||
                   d != double(int(d)))
                 fail(bv, bk + " must be an integer " +
                              (bk == "reps" ? ">= 1" : ">= 0"));
               (bk == "warmup" ? spec.warmup : spec.reps) = int(d);
             });
}

/// What the keys say together: the required ones are there, names are
/// unique, and the tensors bench restores exist.
void checkTop(const RunSpec &spec) {
  if (spec.kernels.empty())
    fail(1, "missing 'kernel:' (the kernel file to run)");
  if (spec.grid.empty())
    fail(1, "missing 'grid:' (the launch grid, e.g. [cdiv(n, 1024)])");
  if (spec.argsLine == 0)
    fail(1, "missing 'args:' (the kernel arguments in order)");
  // Names are unique across parameters and arguments.
  std::set<std::string> names;
  for (const auto &p : spec.params)
    names.insert(p.first);
  for (const ArgSpec &a : spec.args) {
    if (!names.insert(a.name).second)
      fail(a.line, "the name '" + a.name +
                       "' is used twice (parameters and arguments share one "
                       "namespace)");
  }
  for (const auto &r : spec.restore) {
    bool tensor = false;
    for (const ArgSpec &a : spec.args)
      tensor |= a.isTensor && a.name == r.first;
    if (!tensor)
      fail(r.second, "bench restore names '" + r.first +
                         "', which is not a tensor argument");
  }
}

void parseTop(const YAML::Node &root, RunSpec &spec) {
  if (!root.IsMap())
    fail(root.IsNull() ? 1 : lineOf(root),
         "expected a map of keys (kernel, grid, args, ...) at the top level");
  forEachKey(
      root,
      {"kernel", "name", "target", "num_warps", "shared", "num_stages",
       "num_ctas", "params", "require", "grid", "args", "bytes", "flops",
       "bench", "description", "signature", "constexprs", "cpu_reference"},
      "the top level",
      [&](const std::string &k, const YAML::Node &v, int line) {
        if (k == "kernel") {
          parseKernels(v, line, spec);
        } else if (k == "name") {
          spec.name = scalarText(v, "name");
          spec.nameLine = lineOf(v);
        } else if (k == "target") {
          parseTarget(v, spec);
        } else if (k == "num_warps") {
          spec.numWarps = parseExprNode(v, "num_warps");
        } else if (k == "shared") {
          spec.shared = parseExprNode(v, "shared");
        } else if (k == "num_stages") {
          spec.numStages = parseExprNode(v, "num_stages");
        } else if (k == "num_ctas") {
          spec.numCtas = parseExprNode(v, "num_ctas");
        } else if (k == "params") {
          parseParams(v, line, spec);
        } else if (k == "require") {
          spec.require = parseExprList(v, "requirement", 64);
        } else if (k == "grid") {
          spec.gridLine = lineOf(v);
          spec.grid = parseExprList(v, "grid", 3);
        } else if (k == "args") {
          spec.argsLine = line;
          if (!v.IsSequence())
            fail(v, "args must be a list");
          size_t i = 0;
          for (const YAML::Node &a : v)
            spec.args.push_back(parseArg(a, spec, i++));
        } else if (k == "signature") {
          spec.signature = scalarText(v, "signature");
          spec.signatureLine = lineOf(v);
        } else if (k == "constexprs") {
          parseConstexprs(v, line, spec);
        } else if (k == "cpu_reference") {
          spec.cpuReferenceWritten = scalarText(v, "cpu_reference");
          spec.cpuReference = resolvePath(spec.dir, spec.cpuReferenceWritten);
          spec.cpuReferenceLine = lineOf(v);
        } else if (k == "bytes") {
          spec.bytes = parseExprNode(v, "bytes");
        } else if (k == "flops") {
          spec.flops = parseExprNode(v, "flops");
        } else if (k == "bench") {
          parseBench(v, spec);
        }
      });
  checkTop(spec);
}

} // namespace

bool tt::runtime::parseRunSpecText(const std::string &text,
                                   const std::string &file,
                                   const std::string &dir, RunSpec &spec,
                                   std::string &error) {
  return parseSpecText(text, file, dir, spec, error,
                       [&](const YAML::Node &root) { parseTop(root, spec); });
}

bool tt::runtime::readSpecFile(const std::string &path,
                               const std::string &what, std::string &text,
                               std::string &dir, std::string &error) {
  struct stat st;
  if (::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) {
    error = formatError(path, 0, "is a directory, not a " + what);
    return false;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = formatError(path, 0, std::string("cannot open: ") +
                                     std::strerror(errno));
    return false;
  }
  // Read at most kMaxSpecBytes: a spec is a few lines, and a path such as
  // /dev/zero would otherwise be read until memory runs out.
  constexpr size_t kMaxSpecBytes = 16 << 20;
  text.clear();
  char buf[1 << 16];
  while (in.read(buf, sizeof buf) || in.gcount() > 0) {
    text.append(buf, size_t(in.gcount()));
    if (text.size() > kMaxSpecBytes) {
      error = formatError(path, 0, "larger than 16 MiB; not a " + what);
      return false;
    }
  }
  if (in.bad()) {
    error = formatError(path, 0, std::string("cannot read: ") +
                                     std::strerror(errno));
    return false;
  }
  size_t slash = path.rfind('/');
  dir = slash == std::string::npos ? "." : path.substr(0, slash);
  if (dir.empty())
    dir = "/";
  return true;
}

bool tt::runtime::parseRunSpec(const std::string &path, RunSpec &spec,
                               std::string &error) {
  std::string text, dir;
  if (!readSpecFile(path, "run spec", text, dir, error))
    return false;
  return parseRunSpecText(text, path, dir, spec, error);
}

std::string tt::runtime::deriveSignature(const RunSpec &spec) {
  std::string sig;
  for (const ArgSpec &a : spec.args) {
    std::string t = tritonDTypeName(a.dtype);
    if (a.isTensor)
      t = "*" + t + ":16";
    else if (a.specialized)
      t += ":1";
    else if (a.multipleOf > 0 && a.multipleOf % 16 == 0)
      t += ":16";
    sig += (sig.empty() ? "" : ", ") + t;
  }
  return sig;
}
