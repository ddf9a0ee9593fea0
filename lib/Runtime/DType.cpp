//===- DType.cpp - element types of tt-run tensors --------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The small float formats (f16, bf16, fp8e4m3, fp8e5m2) are converted by one
// generic routine: scale the value to an integer number of quanta of its
// binade, round that to nearest even, and re-encode. Every step is exact in
// double, so the result is the correctly rounded value. Decoding goes through
// lookup tables built on first use.
//
//===----------------------------------------------------------------------===//

#include "tt/Runtime/DType.h"
#include "tt/Runtime/Expr.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

using namespace tt::runtime;

namespace {

struct NameEntry {
  const char *name;
  DType type;
};

const NameEntry kNames[] = {
    {"f64", DType::F64},         {"f32", DType::F32},
    {"f16", DType::F16},         {"bf16", DType::BF16},
    {"fp8e4m3", DType::F8E4M3},  {"fp8e5m2", DType::F8E5M2},
    {"i1", DType::I1},           {"i8", DType::I8},
    {"i16", DType::I16},         {"i32", DType::I32},
    {"i64", DType::I64},         {"u8", DType::U8},
    {"u16", DType::U16},         {"u32", DType::U32},
    {"u64", DType::U64},
    // Triton's spellings.
    {"fp64", DType::F64},        {"fp32", DType::F32},
    {"fp16", DType::F16},        {"fp8e4nv", DType::F8E4M3},
    {"fp8e5", DType::F8E5M2},
};

/// A binary floating-point format narrower than double.
struct MiniFloat {
  int expBits;
  int mantBits;
  int bias;
  /// IEEE-style: the all-ones exponent encodes inf and NaN. Otherwise
  /// ("fn" formats) only all-ones exponent and mantissa is NaN and there is
  /// no infinity.
  bool ieee;
};

constexpr MiniFloat kHalf{5, 10, 15, true};
constexpr MiniFloat kBF16{8, 7, 127, true};
constexpr MiniFloat kE4M3{4, 3, 7, false};
constexpr MiniFloat kE5M2{5, 2, 15, true};

uint32_t encode(double v, const MiniFloat &f) {
  const int width = f.expBits + f.mantBits;
  const uint32_t signBit = std::signbit(v) ? (1u << width) : 0u;
  const uint32_t expMax = (1u << f.expBits) - 1;
  const uint32_t mantMask = (1u << f.mantBits) - 1;
  const uint32_t nanBits =
      f.ieee ? (expMax << f.mantBits) | (1u << (f.mantBits - 1))
             : (expMax << f.mantBits) | mantMask;
  const uint32_t infBits = f.ieee ? (expMax << f.mantBits) : nanBits;
  if (std::isnan(v))
    return signBit | nanBits;
  double a = std::fabs(v);
  const int minExp = 1 - f.bias;
  const double maxFinite =
      f.ieee ? std::ldexp(2.0 - std::ldexp(1.0, -f.mantBits),
                          int(expMax) - 1 - f.bias)
             : std::ldexp(1.0 + double(mantMask - 1) / double(1u << f.mantBits),
                          int(expMax) - f.bias);
  if (std::isinf(a))
    return signBit | infBits;
  if (a == 0.0)
    return signBit;
  int e;
  std::frexp(a, &e);
  int exp = e - 1; // a = 1.f * 2^exp
  double quantum = std::ldexp(1.0, (exp < minExp ? minExp : exp) - f.mantBits);
  double r = std::nearbyint(a / quantum) * quantum;
  if (r > maxFinite)
    return signBit | infBits;
  if (r == 0.0)
    return signBit;
  std::frexp(r, &e);
  exp = e - 1;
  if (exp < minExp) {
    uint32_t mant = uint32_t(r / std::ldexp(1.0, minExp - f.mantBits));
    return signBit | mant;
  }
  uint32_t mant =
      uint32_t(r / std::ldexp(1.0, exp - f.mantBits)) - (1u << f.mantBits);
  return signBit | (uint32_t(exp + f.bias) << f.mantBits) | (mant & mantMask);
}

double decode(uint32_t bits, const MiniFloat &f) {
  const int width = f.expBits + f.mantBits;
  const bool neg = (bits >> width) & 1;
  const uint32_t expMax = (1u << f.expBits) - 1;
  const uint32_t mantMask = (1u << f.mantBits) - 1;
  uint32_t expField = (bits >> f.mantBits) & expMax;
  uint32_t mant = bits & mantMask;
  double v;
  if (expField == 0) {
    v = std::ldexp(double(mant), 1 - f.bias - f.mantBits);
  } else if (f.ieee && expField == expMax) {
    v = mant == 0 ? std::numeric_limits<double>::infinity()
                  : std::numeric_limits<double>::quiet_NaN();
  } else if (!f.ieee && expField == expMax && mant == mantMask) {
    v = std::numeric_limits<double>::quiet_NaN();
  } else {
    v = std::ldexp(1.0 + double(mant) / double(1u << f.mantBits),
                   int(expField) - f.bias);
  }
  return neg ? -v : v;
}

const std::vector<double> &table16(const MiniFloat &f) {
  static const std::vector<double> half = [] {
    std::vector<double> t(65536);
    for (uint32_t i = 0; i < 65536; ++i)
      t[i] = decode(i, kHalf);
    return t;
  }();
  static const std::vector<double> bf16 = [] {
    std::vector<double> t(65536);
    for (uint32_t i = 0; i < 65536; ++i) {
      uint32_t b = i << 16;
      float x;
      std::memcpy(&x, &b, 4);
      t[i] = x;
    }
    return t;
  }();
  return &f == &kBF16 ? bf16 : half;
}

const std::vector<double> &table8(bool e4m3) {
  static const std::vector<double> a = [] {
    std::vector<double> t(256);
    for (uint32_t i = 0; i < 256; ++i)
      t[i] = decode(i, kE4M3);
    return t;
  }();
  static const std::vector<double> b = [] {
    std::vector<double> t(256);
    for (uint32_t i = 0; i < 256; ++i)
      t[i] = decode(i, kE5M2);
    return t;
  }();
  return e4m3 ? a : b;
}

template <typename T> T saturate(double v) {
  if (std::isnan(v))
    return T(0);
  v = std::trunc(v);
  if (v <= double(std::numeric_limits<T>::lowest()))
    return std::numeric_limits<T>::lowest();
  // Compare against 2^bits (exact in double) rather than max() (rounded).
  double limit = std::ldexp(1.0, std::numeric_limits<T>::digits);
  if (v >= limit)
    return std::numeric_limits<T>::max();
  return T(v);
}

template <typename T> T loadRaw(const void *base, size_t index) {
  T x;
  std::memcpy(&x, static_cast<const char *>(base) + index * sizeof(T),
              sizeof(T));
  return x;
}

template <typename T> void storeRaw(void *base, size_t index, T x) {
  std::memcpy(static_cast<char *>(base) + index * sizeof(T), &x, sizeof(T));
}

} // namespace

bool tt::runtime::parseDType(const std::string &name, DType &out) {
  for (const NameEntry &e : kNames) {
    if (name == e.name) {
      out = e.type;
      return true;
    }
  }
  return false;
}

const char *tt::runtime::dtypeName(DType t) {
  for (const NameEntry &e : kNames)
    if (e.type == t)
      return e.name;
  return "?";
}

const char *tt::runtime::tritonDTypeName(DType t) {
  // kNames lists our spelling of a type first, Triton's (where it differs)
  // last.
  const char *name = "?";
  for (const NameEntry &e : kNames)
    if (e.type == t)
      name = e.name;
  return name;
}

size_t tt::runtime::dtypeSize(DType t) {
  switch (t) {
  case DType::F64:
  case DType::I64:
  case DType::U64:
    return 8;
  case DType::F32:
  case DType::I32:
  case DType::U32:
    return 4;
  case DType::F16:
  case DType::BF16:
  case DType::I16:
  case DType::U16:
    return 2;
  case DType::F8E4M3:
  case DType::F8E5M2:
  case DType::I1:
  case DType::I8:
  case DType::U8:
    return 1;
  }
  return 1;
}

bool tt::runtime::isFloat(DType t) {
  switch (t) {
  case DType::F64:
  case DType::F32:
  case DType::F16:
  case DType::BF16:
  case DType::F8E4M3:
  case DType::F8E5M2:
    return true;
  default:
    return false;
  }
}

bool tt::runtime::isSignedInt(DType t) {
  return t == DType::I8 || t == DType::I16 || t == DType::I32 ||
         t == DType::I64;
}

bool tt::runtime::isUnsignedInt(DType t) {
  return t == DType::I1 || t == DType::U8 || t == DType::U16 ||
         t == DType::U32 || t == DType::U64;
}

uint16_t tt::runtime::doubleToHalfBits(double v) {
  return uint16_t(encode(v, kHalf));
}
double tt::runtime::halfBitsToDouble(uint16_t bits) {
  return table16(kHalf)[bits];
}
uint16_t tt::runtime::doubleToBF16Bits(double v) {
  return uint16_t(encode(v, kBF16));
}
double tt::runtime::bf16BitsToDouble(uint16_t bits) {
  return table16(kBF16)[bits];
}
uint8_t tt::runtime::doubleToF8E4M3Bits(double v) {
  return uint8_t(encode(v, kE4M3));
}
double tt::runtime::f8e4m3BitsToDouble(uint8_t bits) {
  return table8(true)[bits];
}
uint8_t tt::runtime::doubleToF8E5M2Bits(double v) {
  return uint8_t(encode(v, kE5M2));
}
double tt::runtime::f8e5m2BitsToDouble(uint8_t bits) {
  return table8(false)[bits];
}

double tt::runtime::loadAsDouble(const void *base, size_t i, DType t) {
  switch (t) {
  case DType::F64:
    return loadRaw<double>(base, i);
  case DType::F32:
    return loadRaw<float>(base, i);
  case DType::F16:
    return halfBitsToDouble(loadRaw<uint16_t>(base, i));
  case DType::BF16:
    return bf16BitsToDouble(loadRaw<uint16_t>(base, i));
  case DType::F8E4M3:
    return f8e4m3BitsToDouble(loadRaw<uint8_t>(base, i));
  case DType::F8E5M2:
    return f8e5m2BitsToDouble(loadRaw<uint8_t>(base, i));
  case DType::I1:
    return loadRaw<uint8_t>(base, i) != 0 ? 1.0 : 0.0;
  case DType::I8:
    return loadRaw<int8_t>(base, i);
  case DType::I16:
    return loadRaw<int16_t>(base, i);
  case DType::I32:
    return loadRaw<int32_t>(base, i);
  case DType::I64:
    return double(loadRaw<int64_t>(base, i));
  case DType::U8:
    return loadRaw<uint8_t>(base, i);
  case DType::U16:
    return loadRaw<uint16_t>(base, i);
  case DType::U32:
    return loadRaw<uint32_t>(base, i);
  case DType::U64:
    return double(loadRaw<uint64_t>(base, i));
  }
  return 0;
}

void tt::runtime::storeFromDouble(void *base, size_t i, DType t, double v) {
  switch (t) {
  case DType::F64:
    return storeRaw<double>(base, i, v);
  case DType::F32:
    return storeRaw<float>(base, i, float(v));
  case DType::F16:
    return storeRaw<uint16_t>(base, i, doubleToHalfBits(v));
  case DType::BF16:
    return storeRaw<uint16_t>(base, i, doubleToBF16Bits(v));
  case DType::F8E4M3:
    return storeRaw<uint8_t>(base, i, doubleToF8E4M3Bits(v));
  case DType::F8E5M2:
    return storeRaw<uint8_t>(base, i, doubleToF8E5M2Bits(v));
  case DType::I1:
    return storeRaw<uint8_t>(base, i, (v != 0.0 && !std::isnan(v)) ? 1 : 0);
  case DType::I8:
    return storeRaw<int8_t>(base, i, saturate<int8_t>(v));
  case DType::I16:
    return storeRaw<int16_t>(base, i, saturate<int16_t>(v));
  case DType::I32:
    return storeRaw<int32_t>(base, i, saturate<int32_t>(v));
  case DType::I64:
    return storeRaw<int64_t>(base, i, saturate<int64_t>(v));
  case DType::U8:
    return storeRaw<uint8_t>(base, i, saturate<uint8_t>(v));
  case DType::U16:
    return storeRaw<uint16_t>(base, i, saturate<uint16_t>(v));
  case DType::U32:
    return storeRaw<uint32_t>(base, i, saturate<uint32_t>(v));
  case DType::U64:
    return storeRaw<uint64_t>(base, i, saturate<uint64_t>(v));
  }
}

double tt::runtime::roundTo(DType t, double v) {
  unsigned char buf[8];
  storeFromDouble(buf, 0, t, v);
  return loadAsDouble(buf, 0, t);
}

void tt::runtime::defaultTolerance(DType t, double &rtol, double &atol) {
  switch (t) {
  case DType::F64:
    rtol = 1e-7;
    atol = 1e-7;
    return;
  case DType::F32:
    rtol = 1.3e-6;
    atol = 1e-5;
    return;
  case DType::F16:
    rtol = 1e-3;
    atol = 1e-5;
    return;
  case DType::BF16:
    rtol = 1.6e-2;
    atol = 1e-5;
    return;
  case DType::F8E4M3:
    rtol = 0.125;
    atol = std::ldexp(1.0, -9); // smallest subnormal
    return;
  case DType::F8E5M2:
    rtol = 0.25;
    atol = std::ldexp(1.0, -16);
    return;
  default:
    rtol = 0;
    atol = 0;
    return;
  }
}

bool tt::runtime::scalarBits(DType t, const Value &v, uint64_t &bits, Value &seen,
                std::string &err) {
  bits = 0;
  if (v.isTensor()) {
    err = "a scalar argument cannot be a tensor";
    return false;
  }
  if (isFloat(t)) {
    double d = roundTo(t, v.asDouble());
    unsigned char buf[8] = {0};
    storeFromDouble(buf, 0, t, v.asDouble());
    std::memcpy(&bits, buf, dtypeSize(t));
    seen = Value::ofFloat(d);
    return true;
  }
  int64_t i;
  if (!toInteger(v, i, err))
    return false;
  size_t n = dtypeSize(t);
  bool ok;
  if (t == DType::I1)
    ok = i == 0 || i == 1;
  else if (isSignedInt(t))
    ok = n == 8 || (i >= -(int64_t(1) << (8 * n - 1)) &&
                    i < (int64_t(1) << (8 * n - 1)));
  else
    ok = i >= 0 && (n == 8 || i < (int64_t(1) << (8 * n)));
  if (!ok) {
    err = "value " + std::to_string(i) + " does not fit in " + dtypeName(t);
    return false;
  }
  uint64_t u = uint64_t(i);
  if (n < 8)
    u &= (uint64_t(1) << (8 * n)) - 1;
  bits = u;
  seen = Value::ofInt(i);
  return true;
}
