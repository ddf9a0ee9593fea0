//===- Ptx.cpp - reading PTX entry signatures -------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Only as much PTX as tt-run needs: the `.entry` names and the type of each
// `.param`, e.g.
//   .visible .entry add_kernel(
//     .param .u64 .ptr .global .align 1 add_kernel_param_0,
//     .param .u32 add_kernel_param_3, ...)
//
//===----------------------------------------------------------------------===//

#include "tt/Runtime/Metadata.h"

#include <cctype>
#include <cstdlib>
#include <sstream>

using namespace tt::runtime;

namespace {

std::string stripComments(const std::string &in) {
  std::string out;
  out.reserve(in.size());
  for (size_t i = 0; i < in.size();) {
    if (in.compare(i, 2, "//") == 0) {
      while (i < in.size() && in[i] != '\n')
        ++i;
    } else if (in.compare(i, 2, "/*") == 0) {
      size_t e = in.find("*/", i + 2);
      i = e == std::string::npos ? in.size() : e + 2;
      out += ' ';
    } else {
      out += in[i++];
    }
  }
  return out;
}

size_t typeBytes(const std::string &t) {
  if (t.size() < 3 || t[0] != '.')
    return 0;
  if (t == ".pred")
    return 1;
  char c = t[1];
  if (c != 'u' && c != 's' && c != 'b' && c != 'f')
    return 0;
  int bits = std::atoi(t.c_str() + 2);
  if (bits != 8 && bits != 16 && bits != 32 && bits != 64)
    return 0;
  return size_t(bits / 8);
}

bool isIdentChar(char c) {
  return std::isalnum((unsigned char)c) || c == '_' || c == '$' || c == '.';
}

} // namespace

bool tt::runtime::parsePtxEntries(const std::string &ptxIn,
                                  std::vector<PtxEntry> &out,
                                  std::string &err) {
  std::string ptx = stripComments(ptxIn);
  size_t pos = 0;
  while ((pos = ptx.find(".entry", pos)) != std::string::npos) {
    bool startOk = pos == 0 || !isIdentChar(ptx[pos - 1]);
    size_t i = pos + 6;
    pos = i;
    if (!startOk || (i < ptx.size() && isIdentChar(ptx[i])))
      continue;
    while (i < ptx.size() && std::isspace((unsigned char)ptx[i]))
      ++i;
    size_t b = i;
    while (i < ptx.size() && isIdentChar(ptx[i]))
      ++i;
    PtxEntry e;
    e.name = ptx.substr(b, i - b);
    if (e.name.empty()) {
      err = "malformed .entry: no name";
      return false;
    }
    while (i < ptx.size() && std::isspace((unsigned char)ptx[i]))
      ++i;
    if (i < ptx.size() && ptx[i] == '(') {
      size_t close = ptx.find(')', i);
      if (close == std::string::npos) {
        err = "malformed .entry " + e.name + ": no ')'";
        return false;
      }
      std::string list = ptx.substr(i + 1, close - i - 1);
      std::stringstream ss(list);
      std::string item;
      while (std::getline(ss, item, ',')) {
        std::stringstream ts(item);
        std::string tok, last;
        PtxParam p;
        bool any = false;
        while (ts >> tok) {
          any = true;
          if (tok == ".ptr")
            p.isPointer = true;
          else if (p.type.empty() && typeBytes(tok))
            p.type = tok;
          last = tok;
        }
        if (!any)
          continue;
        if (p.type.empty()) {
          err = "cannot read the type of parameter '" + item + "' of .entry " +
                e.name;
          return false;
        }
        p.bytes = typeBytes(p.type);
        size_t lb = last.find('[');
        if (lb != std::string::npos)
          p.bytes *= size_t(std::atol(last.c_str() + lb + 1));
        e.params.push_back(p);
      }
      pos = close;
    }
    out.push_back(e);
  }
  return true;
}
