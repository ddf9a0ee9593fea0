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

JsonWriter &JsonWriter::open(char bracket, bool isObject) {
  separator();
  out += bracket;
  stack.push_back({false, isObject});
  return *this;
}

JsonWriter &JsonWriter::close(char bracket) {
  bool any = stack.back().first;
  stack.pop_back();
  if (any)
    out += "\n" + std::string(stack.size() * 2, ' ');
  out += bracket;
  if (stack.empty())
    out += "\n";
  return *this;
}

JsonWriter &JsonWriter::beginObject() { return open('{', true); }
JsonWriter &JsonWriter::endObject() { return close('}'); }
JsonWriter &JsonWriter::beginArray() { return open('[', false); }
JsonWriter &JsonWriter::endArray() { return close(']'); }

JsonWriter &JsonWriter::key(const std::string &k) {
  separator();
  out += quote(k) + ": ";
  afterKey = true;
  return *this;
}

JsonWriter &JsonWriter::raw(const std::string &text) {
  separator();
  out += text;
  return *this;
}

JsonWriter &JsonWriter::value(const std::string &s) { return raw(quote(s)); }

JsonWriter &JsonWriter::value(const char *s) { return value(std::string(s)); }

JsonWriter &JsonWriter::value(double d) {
  if (!std::isfinite(d))
    return raw("null");
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.9g", d);
  return raw(buf);
}

JsonWriter &JsonWriter::value(int64_t i) { return raw(std::to_string(i)); }

JsonWriter &JsonWriter::value(bool b) { return raw(b ? "true" : "false"); }

JsonWriter &JsonWriter::value(const std::vector<std::string> &list) {
  beginArray();
  for (const std::string &s : list)
    value(s);
  return endArray();
}

JsonWriter &JsonWriter::null() { return raw("null"); }
