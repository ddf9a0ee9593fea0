//===- Space.cpp - tuning configs, the search space and pruning -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Tune/Space.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <numeric>
#include <set>

using namespace tt::tune;
using tt::runtime::Expression;
using tt::runtime::Scope;
using tt::runtime::Value;

/// More configs than this is almost certainly a mistake in the space (and
/// would take days to benchmark); tt-tune refuses it.
static constexpr size_t kMaxConfigs = 100000;

ParamValue ParamValue::fromText(const std::string &text) {
  ParamValue v;
  v.text = text;
  // Words (f16, true, pi, ieee) stay words even where the expression
  // language knows them: they are meant for templates.
  if (text.empty() || std::isalpha((unsigned char)text[0]) || text[0] == '_')
    return v;
  Value val;
  std::string err;
  if (runtime::evaluateString(text, Scope(), val, err) && !val.isTensor()) {
    v.numeric = true;
    v.value = val;
    v.text = val.str(); // canonical: 0x80 and 128 are the same config
  }
  return v;
}

const ParamValue *Config::find(const std::string &name) const {
  for (const auto &p : params)
    if (p.first == name)
      return &p.second;
  return nullptr;
}

int Config::numWarps() const {
  const ParamValue *v = find("num_warps");
  return v && v->numeric ? int(v->value.i) : kDefaultNumWarps;
}

int Config::numStages() const {
  const ParamValue *v = find("num_stages");
  return v && v->numeric ? int(v->value.i) : kDefaultNumStages;
}

std::string Config::label() const {
  std::string s;
  for (const auto &p : params)
    s += (s.empty() ? "" : " ") + p.first + "=" + p.second.text;
  return s;
}

void Config::bind(Scope &scope) const {
  for (const auto &p : params)
    if (p.second.numeric)
      scope[p.first] = p.second.value;
}

namespace {

/// Moves num_warps and num_stages last (adding their defaults) and checks
/// them.
bool normalize(Config &c, std::string &err) {
  std::vector<std::pair<std::string, ParamValue>> rest;
  ParamValue warps = ParamValue::fromText(std::to_string(kDefaultNumWarps));
  ParamValue stages = ParamValue::fromText(std::to_string(kDefaultNumStages));
  for (auto &p : c.params) {
    if (p.first == "num_warps")
      warps = p.second;
    else if (p.first == "num_stages")
      stages = p.second;
    else
      rest.push_back(p);
  }
  if (!warps.numeric || !warps.value.isInt() || warps.value.i < 1 ||
      warps.value.i > 32 || (warps.value.i & (warps.value.i - 1)) != 0) {
    err = "num_warps must be a power of two from 1 to 32, not '" + warps.text +
          "'";
    return false;
  }
  if (!stages.numeric || !stages.value.isInt() || stages.value.i < 1 ||
      stages.value.i > 16) {
    err =
        "num_stages must be an integer from 1 to 16, not '" + stages.text + "'";
    return false;
  }
  rest.emplace_back("num_warps", warps);
  rest.emplace_back("num_stages", stages);
  c.params = std::move(rest);
  return true;
}

/// Identifies a config independently of the order its names were written.
std::string identity(const Config &c) {
  std::vector<std::string> parts;
  for (const auto &p : c.params)
    parts.push_back(p.first + "=" + p.second.text);
  std::sort(parts.begin(), parts.end());
  std::string s;
  for (const std::string &p : parts)
    s += p + "\n";
  return s;
}

} // namespace

bool tt::tune::expandSpace(const SpaceSpec &space, std::vector<Config> &out,
                           std::string &err, int &errLine) {
  out.clear();
  std::set<std::string> seen;
  auto add = [&](Config c) {
    if (!normalize(c, err)) {
      errLine = c.line;
      return false;
    }
    if (seen.insert(identity(c)).second)
      out.push_back(std::move(c));
    if (out.size() > kMaxConfigs) {
      err = "the search space has more than " + std::to_string(kMaxConfigs) +
            " configs";
      errLine = c.line;
      return false;
    }
    return true;
  };
  for (const Config &c : space.explicitConfigs)
    if (!add(c))
      return false;
  for (const Product &p : space.products) {
    // An odometer over the axes, the last varying fastest.
    size_t total = 1;
    for (const auto &axis : p.axes) {
      if (axis.second.empty()) {
        err = "'" + axis.first + "' has no values";
        errLine = p.line;
        return false;
      }
      total *= axis.second.size();
      if (total > kMaxConfigs) {
        err = "the search space has more than " + std::to_string(kMaxConfigs) +
              " configs";
        errLine = p.line;
        return false;
      }
    }
    std::vector<size_t> idx(p.axes.size(), 0);
    for (size_t n = 0; n < total; ++n) {
      Config c;
      c.line = p.line;
      for (size_t a = 0; a < p.axes.size(); ++a)
        c.params.emplace_back(p.axes[a].first,
                              ParamValue::fromText(p.axes[a].second[idx[a]]));
      if (!add(std::move(c)))
        return false;
      for (size_t a = p.axes.size(); a-- > 0;) {
        if (++idx[a] < p.axes[a].second.size())
          break;
        idx[a] = 0;
      }
    }
  }
  if (out.empty()) {
    err = "the search space is empty: give 'configs:' or 'space:'";
    errLine = 0;
    return false;
  }
  return true;
}

static std::string fmtNumber(double d) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%g", d);
  return buf;
}

bool tt::tune::pruneConfigs(const std::vector<Config> &configs,
                            const std::vector<Scope> &scopes,
                            const PruneSpec &prune,
                            const std::vector<LineExpr> &extraRules,
                            std::vector<PruneDecision> &out, std::string &err,
                            int &errLine, bool *errInExtraRules) {
  out.assign(configs.size(), PruneDecision());
  if (errInExtraRules)
    *errInExtraRules = false;
  auto eval = [&](const LineExpr &e, const Scope &scope, double &result,
                  const char *what) {
    Value v;
    std::string why;
    if (!e.expr.evaluate(scope, v, why)) {
      err = std::string(what) + " '" + e.expr.text() + "': " + why;
      errLine = e.line;
      return false;
    }
    if (v.isTensor()) {
      err = std::string(what) + " '" + e.expr.text() +
            "' must give a number, not a tensor";
      errLine = e.line;
      return false;
    }
    result = v.asDouble();
    return true;
  };
  for (size_t i = 0; i < configs.size(); ++i) {
    for (int pass = 0; pass < 2 && out[i].kept; ++pass) {
      const std::vector<LineExpr> &rules = pass == 0 ? extraRules : prune.rules;
      for (const LineExpr &r : rules) {
        double v;
        if (!eval(r, scopes[i], v, pass == 0 ? "requirement" : "prune rule")) {
          if (errInExtraRules)
            *errInExtraRules = pass == 0;
          return false;
        }
        if (v == 0 || std::isnan(v)) {
          out[i].kept = false;
          out[i].reason =
              std::string(pass == 0 ? "launch requires '" : "prune rule '") +
              r.expr.text() + "'";
          break;
        }
      }
    }
  }
  if (!prune.hasCost)
    return true;
  std::vector<size_t> kept;
  for (size_t i = 0; i < configs.size(); ++i) {
    if (!out[i].kept)
      continue;
    double c;
    if (!eval(prune.cost, scopes[i], c, "cost model"))
      return false;
    if (std::isnan(c)) {
      err = "cost model '" + prune.cost.expr.text() + "' gives NaN for " +
            configs[i].label();
      errLine = prune.cost.line;
      return false;
    }
    out[i].hasCost = true;
    out[i].cost = c;
    kept.push_back(i);
  }
  if (prune.topK <= 0 || kept.size() <= size_t(prune.topK))
    return true;
  std::stable_sort(kept.begin(), kept.end(), [&](size_t a, size_t b) {
    return out[a].cost < out[b].cost;
  });
  for (size_t r = size_t(prune.topK); r < kept.size(); ++r) {
    PruneDecision &d = out[kept[r]];
    d.kept = false;
    d.reason = "cost " + fmtNumber(d.cost) + " ranks " + std::to_string(r + 1) +
               " of " + std::to_string(kept.size()) + "; top_k is " +
               std::to_string(prune.topK);
  }
  return true;
}
