//===- Json.cpp - a small JSON writer ---------------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Runtime/Json.h"

#include <cmath>
#include <cstdio>

using namespace tt::runtime;

std::string JsonWriter::quote(const std::string &s) {
  std::string r = "\"";
  for (unsigned char c : s) {
    switch (c) {
    case '"':
      r += "\\\"";
      break;
    case '\\':
      r += "\\\\";
      break;
    case '\n':
      r += "\\n";
      break;
    case '\t':
      r += "\\t";
      break;
    case '\r':
      r += "\\r";
      break;
    default:
      if (c < 0x20) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\u%04x", c);
        r += buf;
      } else {
        r += char(c);
      }
    }
  }
  return r + "\"";
}

void JsonWriter::separator() {
  if (afterKey) {
    afterKey = false;
    return;
  }
  if (stack.empty())
    return;
  if (stack.back().first)
    out += ",";
  stack.back().first = true;
  out += "\n" + std::string(stack.size() * 2, ' ');
}

JsonWriter &JsonWriter::beginObject() {
  separator();
  out += "{";
  stack.push_back({false, true});
  return *this;
}

JsonWriter &JsonWriter::endObject() {
  bool any = stack.back().first;
  stack.pop_back();
  if (any)
    out += "\n" + std::string(stack.size() * 2, ' ');
  out += "}";
  if (stack.empty())
    out += "\n";
  return *this;
}

JsonWriter &JsonWriter::beginArray() {
  separator();
  out += "[";
  stack.push_back({false, false});
  return *this;
}

JsonWriter &JsonWriter::endArray() {
  bool any = stack.back().first;
  stack.pop_back();
  if (any)
    out += "\n" + std::string(stack.size() * 2, ' ');
  out += "]";
  if (stack.empty())
    out += "\n";
  return *this;
}

JsonWriter &JsonWriter::key(const std::string &k) {
  separator();
  out += quote(k) + ": ";
  afterKey = true;
  return *this;
}

JsonWriter &JsonWriter::value(const std::string &s) {
  separator();
  out += quote(s);
  return *this;
}

JsonWriter &JsonWriter::value(const char *s) { return value(std::string(s)); }

JsonWriter &JsonWriter::value(double d) {
  separator();
  if (!std::isfinite(d)) {
    out += "null";
    return *this;
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.9g", d);
  out += buf;
  return *this;
}

JsonWriter &JsonWriter::value(int64_t i) {
  separator();
  out += std::to_string(i);
  return *this;
}

JsonWriter &JsonWriter::value(bool b) {
  separator();
  out += b ? "true" : "false";
  return *this;
}

JsonWriter &JsonWriter::null() {
  separator();
  out += "null";
  return *this;
}
