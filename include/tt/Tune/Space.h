//===- Space.h - tuning configs, the search space and pruning ---*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// A Config is one point of the search: a value for every kernel parameter
// (tile sizes and other compile-time constants) plus num_warps and
// num_stages. The space is a list of explicit configs and of cartesian
// products of value lists; expandSpace turns it into the ordered list of
// distinct configs that tt-tune numbers c0, c1, ...
//
// Pruning removes configs before anything is compiled, per problem size:
// `require`-style rules (expressions over the config and the launch's sizes
// that must hold) and a cost model (an expression; the top_k cheapest
// configs are kept).
//
//===----------------------------------------------------------------------===//

#ifndef TT_TUNE_SPACE_H
#define TT_TUNE_SPACE_H

#include "tt/Runtime/Expr.h"

#include <string>
#include <utility>
#include <vector>

namespace tt::tune {

/// The value of one parameter as written (`128`, `0.5`, `f16`): numbers are
/// usable in expressions, every value in templates and generator arguments.
struct ParamValue {
  std::string text;
  bool numeric = false;
  runtime::Value value; // when numeric

  /// Parses a YAML scalar: an integer or float literal is numeric, any other
  /// text is a word.
  static ParamValue fromText(const std::string &text);
};

struct Config {
  /// Parameters in their declared order; always ends with num_warps and
  /// num_stages (defaults 4 and 3, upstream's).
  std::vector<std::pair<std::string, ParamValue>> params;
  int line = 0; // where the config (or its product) was written

  const ParamValue *find(const std::string &name) const;
  int numWarps() const;
  int numStages() const;
  /// `BLOCK=256 num_warps=4 num_stages=3`.
  std::string label() const;
  /// Binds every numeric parameter in `scope` (words are not bound).
  void bind(runtime::Scope &scope) const;
};

/// A cartesian product: each parameter with its list of values. The first
/// parameter varies slowest, as in itertools.product.
struct Product {
  std::vector<std::pair<std::string, std::vector<std::string>>> axes;
  int line = 0;
};

struct SpaceSpec {
  std::vector<Config> explicitConfigs; // params as written, no defaults yet
  std::vector<Product> products;
};

constexpr int kDefaultNumWarps = 4;
constexpr int kDefaultNumStages = 3;

/// The distinct configs of the space: explicit ones first, then each
/// product's points. num_warps/num_stages get their defaults and are moved
/// last; a config equal to an earlier one (same values for the same names)
/// is dropped. Fails (with the line in `errLine`) on a num_warps that is not
/// a power of two from 1 to 32, a num_stages below 1, or an empty space.
bool expandSpace(const SpaceSpec &space, std::vector<Config> &out,
                 std::string &err, int &errLine);

/// An expression with the line it was written on.
struct LineExpr {
  runtime::Expression expr;
  int line = 0;
};

struct PruneSpec {
  /// Conditions a config must meet (`BLOCK_M * BLOCK_K * 2 * num_stages <=
  /// 232448`); a config for which one is false is dropped.
  std::vector<LineExpr> rules;
  /// The cost model: an expression, smaller is better.
  LineExpr cost;
  bool hasCost = false;
  /// Keep the top_k cheapest configs (by `cost`); 0: all.
  int topK = 0;
};

/// Why a config was dropped for one problem size, or empty when kept.
struct PruneDecision {
  bool kept = true;
  std::string reason; // "rule 'BLOCK <= n' is false", "cost rank 9 > top_k 4"
  bool hasCost = false;
  double cost = 0;
};

/// Applies the rules, then the cost model, to `configs` for one problem
/// size. `scopes[i]` holds config i's names: the launch's parameters and
/// scalars evaluated for this size with the config's values set, and every
/// numeric config parameter. `extraRules` (the launch's `require:`) are
/// applied first, like rules; the cost model ranks only the configs that
/// pass every rule. An expression that cannot be evaluated (an unknown name,
/// a tensor) is an input error: false, with `err`, `errLine` and, when
/// given, `errInExtraRules` (whether the culprit is one of `extraRules`).
bool pruneConfigs(const std::vector<Config> &configs,
                  const std::vector<runtime::Scope> &scopes,
                  const PruneSpec &prune,
                  const std::vector<LineExpr> &extraRules,
                  std::vector<PruneDecision> &out, std::string &err,
                  int &errLine, bool *errInExtraRules = nullptr);

/// Is `s` a valid parameter name (a C identifier)?
using runtime::isIdentifier;

} // namespace tt::tune

#endif // TT_TUNE_SPACE_H
