//===- Template.h - kernel templates with {{...}} placeholders --*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// A TTIR template is a kernel with its compile-time constants written as
// placeholders: `tensor<{{BLOCK}}xf32>`, `arith.constant {{BLOCK}} : i32`,
// `{end = {{BLOCK_M * BLOCK_K}} : i32}`. Each placeholder holds an
// expression of tt-run's language over the config's parameters (num_warps
// and num_stages included); rendering a template for a config replaces each
// by its value. A placeholder that names a word parameter (`{{DTYPE}}` with
// DTYPE: f16) gives the word. `\{{` stands for a literal `{{`.
//
// Generator commands use the same placeholders in their arguments.
//
//===----------------------------------------------------------------------===//

#ifndef TT_TUNE_TEMPLATE_H
#define TT_TUNE_TEMPLATE_H

#include "tt/Tune/Space.h"

#include <string>
#include <utility>
#include <vector>

namespace tt::tune {

class Template {
public:
  /// Splits `text` into literal text and placeholders. `file` and
  /// `firstLine` (the line `text` starts on) name errors:
  /// "add.ttir.in:12: error: unterminated placeholder '{{BLOCK'".
  bool parse(const std::string &text, const std::string &file, int firstLine,
             std::string &err);

  /// The text with every placeholder replaced by its value for `config`.
  /// Fails, with a "file:line: error: ..." line, when a placeholder uses a
  /// name the config lacks or cannot be evaluated.
  bool render(const Config &config, std::string &out, std::string &err) const;

  /// Every name the placeholders read, with the line of its first use.
  std::vector<std::pair<std::string, int>> freeNames() const;

  size_t numPlaceholders() const;

private:
  struct Piece {
    std::string literal; // text before the placeholder (or the tail)
    bool hasExpr = false;
    runtime::Expression expr;
    std::string word; // the expression is this bare name
    int line = 0;
  };
  std::vector<Piece> pieces;
  std::string file;
};

/// Formats a number for kernel text: integers in decimal, floats as the
/// shortest decimal that reads back exactly, always with a '.' or an
/// exponent so MLIR parses it as a float (`0.5`, `1.0e-05`, `3.0`).
std::string formatForKernel(const runtime::Value &v);

} // namespace tt::tune

#endif // TT_TUNE_TEMPLATE_H
