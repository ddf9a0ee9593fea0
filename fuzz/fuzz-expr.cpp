//===- fuzz-expr.cpp - fuzz the tt-run expression language ------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Input: an expression, as written in a YAML size, grid or check. It is
// parsed, its free names listed, and it is evaluated with a few names bound:
// integers and floats as in a size computation, and small tensors (one of
// them empty, one 0-d) as in a check. Errors are expected; crashes, hangs,
// undefined behaviour and an error without a message are bugs.
//
//===----------------------------------------------------------------------===//

#include "tt/Runtime/Expr.h"

#include <cstdio>
#include <cstdlib>

using namespace tt::runtime;

static const Scope &scope() {
  static const Scope *s = [] {
    auto *sc = new Scope();
    auto tensor = [](std::vector<int64_t> shape, double start) {
      auto a = Array::make(std::move(shape));
      for (size_t i = 0; i < a->data.size(); ++i)
        a->data[i] = start + 0.5 * double(i) - (i % 3 == 0 ? 7.0 : 0.0);
      return Value::ofTensor(a);
    };
    (*sc)["n"] = Value::ofInt(4096);
    (*sc)["BLOCK"] = Value::ofInt(1024);
    (*sc)["big"] = Value::ofInt(int64_t(1) << 62);
    (*sc)["eps"] = Value::ofFloat(1e-5);
    (*sc)["x"] = tensor({4, 8}, -3);
    (*sc)["y"] = tensor({8}, 1);
    (*sc)["w"] = tensor({8, 4}, 2);
    (*sc)["b"] = tensor({2, 4, 8}, 0);
    (*sc)["col"] = tensor({16, 1}, 1);
    (*sc)["row"] = tensor({1, 16}, 1);
    (*sc)["s"] = tensor({}, 5);
    (*sc)["e"] = tensor({0, 3}, 0);
    return sc;
  }();
  return *s;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 4096)
    return -1;
  std::string text(reinterpret_cast<const char *>(data), size);
  Expression e;
  std::string err;
  if (!Expression::parse(text, e, err)) {
    if (err.empty()) {
      std::fprintf(stderr, "==tt-fuzz== BUG: parse error without a message\n");
      std::abort();
    }
    return 0;
  }
  (void)e.freeNames();
  Value v;
  err.clear();
  if (!e.evaluate(scope(), v, err) && err.empty()) {
    std::fprintf(stderr,
                 "==tt-fuzz== BUG: evaluation error without a message\n");
    std::abort();
  }
  if (v.isTensor() &&
      int64_t(v.t->data.size()) != v.t->numel()) {
    std::fprintf(stderr, "==tt-fuzz== BUG: tensor data and shape disagree\n");
    std::abort();
  }
  (void)v.str();
  int64_t i;
  (void)toInteger(v, i, err);
  return 0;
}
