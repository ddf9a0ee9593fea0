//===- Expr.h - the expression language of tt-run ---------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// One small language serves two purposes in a tt-run YAML file:
//  - integer and float scalars: sizes, grids, scalar arguments, bytes/flops
//    (`cdiv(n, 1024)`, `2 * M * N * K`, `1e-5`);
//  - numpy-like reference computations over tensors for output checks
//    (`xc = x - mean(x, axis=1, keepdims=true); xc * rsqrt(...) * w + b`).
//
// Semantics follow Python/numpy: `/` is true division (two integers that
// divide exactly stay an integer), `//` floor division, `%` takes the sign of
// the divisor, `**` power, `@` matrix product; binary operations broadcast.
// Tensors are evaluated in double precision.
//
//===----------------------------------------------------------------------===//

#ifndef TT_RUNTIME_EXPR_H
#define TT_RUNTIME_EXPR_H

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace tt::runtime {

/// A dense C-order array of doubles.
struct Array {
  std::vector<int64_t> shape;
  std::vector<double> data;

  int64_t numel() const;
  static std::shared_ptr<Array> make(std::vector<int64_t> shape);
};

/// Whether `s` is a name of the language (and of C and Python): a letter or
/// `_`, then letters, digits and `_` (ASCII only).
bool isIdentifier(const std::string &s);

/// Splits `NAME=EXPR` (the command lines' --set and -D) into its name and
/// expression text; false unless there is an `=` after an identifier.
bool splitBinding(const std::string &s, std::string &name, std::string &expr);

/// The number of elements of a tensor of `shape` (1 for a scalar).
int64_t numElements(const std::vector<int64_t> &shape);

/// Calls f(i, offset) for the logical (C-order) indices i in [b, e) of a
/// tensor, with offset its element offset in strided storage.
template <typename F>
void forEachElement(const std::vector<int64_t> &shape,
                    const std::vector<int64_t> &strides, int64_t b, int64_t e,
                    F f) {
  // Nothing to visit; also keeps a zero extent ([n, 0]) out of the
  // divisions below.
  if (b >= e)
    return;
  size_t r = shape.size();
  if (r == 0) {
    f(0, 0);
    return;
  }
  std::vector<int64_t> idx(r);
  int64_t rem = b, off = 0;
  for (size_t k = r; k-- > 0;) {
    idx[k] = rem % shape[k];
    rem /= shape[k];
    off += idx[k] * strides[k];
  }
  for (int64_t i = b; i < e; ++i) {
    f(i, off);
    for (size_t k = r; k-- > 0;) {
      ++idx[k];
      off += strides[k];
      if (idx[k] < shape[k])
        break;
      off -= strides[k] * shape[k];
      idx[k] = 0;
    }
  }
}

/// Formats a shape as numpy does: `(4, 1024)`, `(7,)`, `()`.
std::string formatShape(const std::vector<int64_t> &shape);

/// A value of the language: an integer, a float, or a tensor.
struct Value {
  enum class Kind { Int, Float, Tensor };
  Kind kind = Kind::Int;
  int64_t i = 0;
  double f = 0;
  std::shared_ptr<const Array> t;

  static Value ofInt(int64_t v);
  static Value ofFloat(double v);
  static Value ofTensor(std::shared_ptr<const Array> a);

  bool isInt() const { return kind == Kind::Int; }
  bool isTensor() const { return kind == Kind::Tensor; }
  double asDouble() const { return kind == Kind::Int ? double(i) : f; }
  /// `16384`, `1e-05`, `tensor(4, 1024)`.
  std::string str() const;
};

using Scope = std::map<std::string, Value>;

namespace detail {
struct Program;
} // namespace detail

/// A parsed expression: optional `name = expr` statements separated by `;`
/// or newlines, then the expression that gives the result.
class Expression {
public:
  Expression();
  ~Expression();
  Expression(const Expression &);
  Expression &operator=(const Expression &);

  /// Parses `text`; on failure `err` says what and where
  /// ("expected ')' at column 9 of 'cdiv(n, 4'").
  static bool parse(const std::string &text, Expression &out,
                    std::string &err);

  bool empty() const { return prog == nullptr; }
  const std::string &text() const { return source; }

  /// Evaluates with the names of `scope` bound.
  bool evaluate(const Scope &scope, Value &out, std::string &err) const;

  /// The free names the expression reads (not its own `name = ...`
  /// bindings, not function names).
  std::vector<std::string> freeNames() const;

  /// What the shape of the result will be, found without computing it:
  /// `tensors` gives the shapes of the tensor names (other names are
  /// scalars). Follows numbers, names, signs and the broadcasting binary
  /// operators; a call or `@` makes the answer Unknown. Broken: two shapes
  /// that do not broadcast, with `err` as evaluate() would say it. So a
  /// check over tensors of 2^30 elements that cannot broadcast is found
  /// before they are filled.
  enum class ShapeAnswer { Known, Unknown, Broken };
  ShapeAnswer
  inferShape(const std::map<std::string, std::vector<int64_t>> &tensors,
             std::vector<int64_t> &shape, bool &isScalar,
             std::string &err) const;

private:
  std::shared_ptr<const detail::Program> prog;
  std::string source;
};

/// The most elements a tensor computed by an expression may have. A check
/// such as `col * row` of two long vectors broadcasts to their product, so
/// results above the limit are an evaluation error rather than an
/// allocation. tt-run derives it from its host memory limit.
int64_t maxTensorElements();
void setMaxTensorElements(int64_t n);

/// Convenience: parse and evaluate in one step.
bool evaluateString(const std::string &text, const Scope &scope, Value &out,
                    std::string &err);

/// Converts a value used where an integer is required (a size, a grid
/// dimension): integers as they are, floats only when integral.
bool toInteger(const Value &v, int64_t &out, std::string &err);

/// Numpy broadcasting of two shapes; false if they do not broadcast.
bool broadcastShapes(const std::vector<int64_t> &a,
                     const std::vector<int64_t> &b,
                     std::vector<int64_t> &out);

/// Broadcasts `v` (scalar or tensor) to exactly `shape`.
bool broadcastTo(const Value &v, const std::vector<int64_t> &shape,
                 std::shared_ptr<const Array> &out, std::string &err);

} // namespace tt::runtime

#endif // TT_RUNTIME_EXPR_H
