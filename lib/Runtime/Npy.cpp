//===- Npy.cpp - numpy .npy files -------------------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The header is a Python dict literal such as
//   {'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }
// padded with spaces and a newline so the data starts on a 64-byte boundary.
//
//===----------------------------------------------------------------------===//

#include "tt/Runtime/Npy.h"
#include "tt/Runtime/AtomicFile.h"
#include "tt/Runtime/Expr.h"

#include <sys/stat.h>

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstdio>
#include <cstring>

using namespace tt::runtime;

int64_t NpyArray::numel() const { return numElements(shape); }

namespace {

/// A cursor over the header dict.
struct HeaderParser {
  const std::string &s;
  size_t i = 0;
  std::string &err;

  HeaderParser(const std::string &s, std::string &err) : s(s), err(err) {}

  void ws() {
    while (i < s.size() && std::isspace((unsigned char)s[i]))
      ++i;
  }
  bool eat(char c) {
    ws();
    if (i < s.size() && s[i] == c) {
      ++i;
      return true;
    }
    return false;
  }
  bool fail(const std::string &m) {
    err = "malformed .npy header (" + m + "): " + s;
    return false;
  }
  bool str(std::string &out) {
    ws();
    if (i >= s.size() || (s[i] != '\'' && s[i] != '"'))
      return fail("expected a string");
    char q = s[i++];
    size_t j = s.find(q, i);
    if (j == std::string::npos)
      return fail("unterminated string");
    out = s.substr(i, j - i);
    i = j + 1;
    return true;
  }
  bool word(std::string &out) {
    ws();
    size_t j = i;
    while (j < s.size() && std::isalpha((unsigned char)s[j]))
      ++j;
    out = s.substr(i, j - i);
    i = j;
    return !out.empty() || fail("expected True or False");
  }
  bool tuple(std::vector<int64_t> &out) {
    if (!eat('('))
      return fail("expected a shape tuple");
    out.clear();
    while (true) {
      if (eat(')'))
        return true;
      ws();
      size_t j = i;
      while (j < s.size() && std::isdigit((unsigned char)s[j]))
        ++j;
      if (j == i)
        return fail("expected a dimension");
      errno = 0;
      long long d = std::strtoll(s.substr(i, j - i).c_str(), nullptr, 10);
      if (errno == ERANGE)
        return fail("dimension out of range");
      if (out.size() >= 64)
        return fail("more than 64 dimensions");
      out.push_back(d);
      i = j;
      eat('L'); // Python 2 long suffix
      if (eat(','))
        continue;
      if (eat(')'))
        return true;
      return fail("expected ',' or ')' in the shape");
    }
  }
};

bool parseDescr(const std::string &d, DType &t, std::string &err) {
  if (d.size() < 3) {
    err = "unsupported .npy dtype '" + d + "'";
    return false;
  }
  char order = d[0];
  std::string code = d.substr(1);
  struct Entry {
    const char *code;
    DType t;
  } table[] = {{"f8", DType::F64}, {"f4", DType::F32}, {"f2", DType::F16},
               {"b1", DType::I1},  {"i1", DType::I8},  {"i2", DType::I16},
               {"i4", DType::I32}, {"i8", DType::I64}, {"u1", DType::U8},
               {"u2", DType::U16}, {"u4", DType::U32}, {"u8", DType::U64}};
  for (const Entry &e : table) {
    if (code != e.code)
      continue;
    if (order == '>' && dtypeSize(e.t) > 1) {
      err = "big-endian .npy data ('" + d + "') is not supported";
      return false;
    }
    if (order != '<' && order != '|' && order != '=' && order != '>') {
      err = "unsupported .npy dtype '" + d + "'";
      return false;
    }
    t = e.t;
    return true;
  }
  err = "unsupported .npy dtype '" + d + "'";
  return false;
}

} // namespace

bool tt::runtime::parseNpy(const uint8_t *b, size_t size, NpyArray &out,
                           std::string &err) {
  static const char magic[] = "\x93NUMPY";
  if (size < 10 || std::memcmp(b, magic, 6) != 0) {
    err = "not a .npy file (bad magic)";
    return false;
  }
  int major = b[6];
  size_t headerLen, start;
  if (major == 1) {
    headerLen = size_t(b[8]) | size_t(b[9]) << 8;
    start = 10;
  } else if (major == 2 || major == 3) {
    if (size < 12) {
      err = "truncated .npy header";
      return false;
    }
    headerLen = size_t(b[8]) | size_t(b[9]) << 8 | size_t(b[10]) << 16 |
                size_t(b[11]) << 24;
    start = 12;
  } else {
    err = "unsupported .npy version " + std::to_string(major) + "." +
          std::to_string(b[7]);
    return false;
  }
  if (start + headerLen > size) {
    err = "truncated .npy header";
    return false;
  }
  std::string header(reinterpret_cast<const char *>(b + start), headerLen);
  HeaderParser p(header, err);
  if (!p.eat('{'))
    return p.fail("expected '{'");
  std::string descr;
  bool haveDescr = false, haveOrder = false, haveShape = false;
  bool fortran = false;
  while (!p.eat('}')) {
    std::string key;
    if (!p.str(key))
      return false;
    if (!p.eat(':'))
      return p.fail("expected ':'");
    if (key == "descr") {
      if (!p.str(descr))
        return false;
      haveDescr = true;
    } else if (key == "fortran_order") {
      std::string w;
      if (!p.word(w))
        return false;
      if (w != "True" && w != "False")
        return p.fail("fortran_order must be True or False");
      fortran = w == "True";
      haveOrder = true;
    } else if (key == "shape") {
      if (!p.tuple(out.shape))
        return false;
      haveShape = true;
    } else {
      return p.fail("unknown key '" + key + "'");
    }
    if (!p.eat(',')) {
      if (p.eat('}'))
        break;
      return p.fail("expected ',' or '}'");
    }
  }
  if (!haveDescr || !haveOrder || !haveShape)
    return p.fail("missing descr, fortran_order or shape");
  if (fortran) {
    err = "Fortran-order .npy files are not supported";
    return false;
  }
  if (!parseDescr(descr, out.dtype, err))
    return false;
  // The size the header promises, checked for overflow before it is
  // compared with the bytes there are. Every partial product must fit too
  // (a zero dimension at the end does not make (2^40, 2^40, 0) harmless to
  // code that multiplies the dimensions in order).
  int64_t bytes = int64_t(dtypeSize(out.dtype));
  for (int64_t d : out.shape)
    if (__builtin_mul_overflow(bytes, d, &bytes)) {
      err = "the .npy shape " + formatShape(out.shape) + " is too large";
      return false;
    }
  size_t dataStart = start + headerLen;
  if (size - dataStart < uint64_t(bytes)) {
    err = "truncated .npy data: " + std::to_string(size - dataStart) +
          " bytes for shape " + formatShape(out.shape) + " of '" + descr +
          "' (" + std::to_string(bytes) + " needed)";
    return false;
  }
  out.data.assign(b + dataStart, b + dataStart + bytes);
  return true;
}

bool tt::runtime::readNpy(const std::string &path, NpyArray &out,
                          std::string &err) {
  FILE *f = std::fopen(path.c_str(), "rb");
  if (!f) {
    err = "cannot open '" + path + "': " + std::strerror(errno);
    return false;
  }
  // A device or a pipe (/dev/zero, /dev/stdin) would be read forever or
  // block: only regular files hold arrays.
  struct stat st;
  if (::fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode)) {
    std::fclose(f);
    err = "cannot read '" + path + "': not a regular file";
    return false;
  }
  std::vector<uint8_t> bytes;
  uint8_t buf[1 << 16];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0)
    bytes.insert(bytes.end(), buf, buf + n);
  bool bad = std::ferror(f);
  std::fclose(f);
  if (bad) {
    err = "cannot read '" + path + "'";
    return false;
  }
  if (!parseNpy(bytes.data(), bytes.size(), out, err)) {
    err = path + ": " + err;
    return false;
  }
  return true;
}

namespace {

/// Widens the types numpy cannot represent to float32.
const NpyArray &npyCompatible(const NpyArray &in, NpyArray &storage) {
  if (npyDescr(in.dtype))
    return in;
  storage.dtype = DType::F32;
  storage.shape = in.shape;
  size_t n = size_t(in.numel());
  storage.data.resize(n * 4);
  for (size_t i = 0; i < n; ++i)
    storeFromDouble(storage.data.data(), i, DType::F32,
                    loadAsDouble(in.data.data(), i, in.dtype));
  return storage;
}

std::vector<uint8_t> npyHeader(const NpyArray &a) {
  std::string dict = std::string("{'descr': '") + npyDescr(a.dtype) +
                     "', 'fortran_order': False, 'shape': " +
                     formatShape(a.shape) + ", }";
  // Pad with spaces so that magic + version + length + dict + '\n' is a
  // multiple of 64 bytes; version 2.0 only when the dict needs it.
  size_t prefix = 10;
  size_t total = prefix + dict.size() + 1;
  if (total + (64 - total % 64) % 64 - prefix > 65535) {
    prefix = 12;
    total = prefix + dict.size() + 1;
  }
  dict.append((64 - total % 64) % 64, ' ');
  dict += '\n';
  std::vector<uint8_t> out;
  const char magic[] = "\x93NUMPY";
  out.insert(out.end(), magic, magic + 6);
  out.push_back(prefix == 10 ? 1 : 2);
  out.push_back(0);
  uint32_t len = uint32_t(dict.size());
  out.push_back(uint8_t(len));
  out.push_back(uint8_t(len >> 8));
  if (prefix == 12) {
    out.push_back(uint8_t(len >> 16));
    out.push_back(uint8_t(len >> 24));
  }
  out.insert(out.end(), dict.begin(), dict.end());
  return out;
}

} // namespace

std::vector<uint8_t> tt::runtime::encodeNpy(const NpyArray &in) {
  NpyArray storage;
  const NpyArray &a = npyCompatible(in, storage);
  std::vector<uint8_t> out = npyHeader(a);
  out.insert(out.end(), a.data.begin(), a.data.end());
  return out;
}

bool tt::runtime::writeNpy(const std::string &path, const NpyArray &in,
                           std::string &err) {
  NpyArray storage;
  const NpyArray &a = npyCompatible(in, storage);
  std::vector<uint8_t> header = npyHeader(a);
  // Through a temporary file: a reader never sees half an array.
  AtomicFile f;
  if (!f.open(path, err) || !f.write(header.data(), header.size(), err) ||
      !f.write(a.data.data(), a.data.size(), err) || !f.commit(err))
    return false;
  return true;
}
