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
#include <iterator>
#include <limits>
#include <vector>

using namespace tt::runtime;

namespace {

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

template <typename T> double loadInt(const void *base, size_t i) {
  return double(loadRaw<T>(base, i));
}

template <typename T> void storeInt(void *base, size_t i, double v) {
  storeRaw<T>(base, i, saturate<T>(v));
}

/// A small float format stored as its bits.
template <typename Bits, double (*Decode)(Bits)>
double loadBits(const void *base, size_t i) {
  return Decode(loadRaw<Bits>(base, i));
}

template <typename Bits, Bits (*Encode)(double)>
void storeBits(void *base, size_t i, double v) {
  storeRaw<Bits>(base, i, Encode(v));
}

enum class Kind : uint8_t { Float, Signed, Unsigned };

/// What tt-run knows of a dtype.
struct TypeInfo {
  DType type;
  const char *name;   // ours
  const char *triton; // Triton's signature spelling
  const char *npy;    // numpy's descriptor; null: numpy has no such dtype
  uint8_t size;
  Kind kind;
  double rtol, atol; // the default check tolerances
  double (*load)(const void *, size_t);
  void (*store)(void *, size_t, double);
};

/// One row per DType, in the enum's order.
const TypeInfo kTypes[] = {
    {DType::F64, "f64", "fp64", "<f8", 8, Kind::Float, 1e-7, 1e-7,
     loadRaw<double>, storeRaw<double>},
    {DType::F32, "f32", "fp32", "<f4", 4, Kind::Float, 1.3e-6, 1e-5,
     [](const void *base, size_t i) -> double {
       return loadRaw<float>(base, i);
     },
     [](void *base, size_t i, double v) {
       storeRaw<float>(base, i, float(v));
     }},
    {DType::F16, "f16", "fp16", "<f2", 2, Kind::Float, 1e-3, 1e-5,
     loadBits<uint16_t, halfBitsToDouble>,
     storeBits<uint16_t, doubleToHalfBits>},
    {DType::BF16, "bf16", "bf16", nullptr, 2, Kind::Float, 1.6e-2, 1e-5,
     loadBits<uint16_t, bf16BitsToDouble>,
     storeBits<uint16_t, doubleToBF16Bits>},
    // The smallest subnormal as the absolute tolerance.
    {DType::F8E4M3, "fp8e4m3", "fp8e4nv", nullptr, 1, Kind::Float, 0.125,
     0x1p-9, loadBits<uint8_t, f8e4m3BitsToDouble>,
     storeBits<uint8_t, doubleToF8E4M3Bits>},
    {DType::F8E5M2, "fp8e5m2", "fp8e5", nullptr, 1, Kind::Float, 0.25, 0x1p-16,
     loadBits<uint8_t, f8e5m2BitsToDouble>,
     storeBits<uint8_t, doubleToF8E5M2Bits>},
    {DType::I1, "i1", "i1", "|b1", 1, Kind::Unsigned, 0, 0,
     [](const void *base, size_t i) {
       return loadRaw<uint8_t>(base, i) != 0 ? 1.0 : 0.0;
     },
     [](void *base, size_t i, double v) {
       storeRaw<uint8_t>(base, i, (v != 0.0 && !std::isnan(v)) ? 1 : 0);
     }},
    {DType::I8, "i8", "i8", "|i1", 1, Kind::Signed, 0, 0, loadInt<int8_t>,
     storeInt<int8_t>},
    {DType::I16, "i16", "i16", "<i2", 2, Kind::Signed, 0, 0, loadInt<int16_t>,
     storeInt<int16_t>},
    {DType::I32, "i32", "i32", "<i4", 4, Kind::Signed, 0, 0, loadInt<int32_t>,
     storeInt<int32_t>},
    {DType::I64, "i64", "i64", "<i8", 8, Kind::Signed, 0, 0, loadInt<int64_t>,
     storeInt<int64_t>},
    {DType::U8, "u8", "u8", "|u1", 1, Kind::Unsigned, 0, 0, loadInt<uint8_t>,
     storeInt<uint8_t>},
    {DType::U16, "u16", "u16", "<u2", 2, Kind::Unsigned, 0, 0,
     loadInt<uint16_t>, storeInt<uint16_t>},
    {DType::U32, "u32", "u32", "<u4", 4, Kind::Unsigned, 0, 0,
     loadInt<uint32_t>, storeInt<uint32_t>},
    {DType::U64, "u64", "u64", "<u8", 8, Kind::Unsigned, 0, 0,
     loadInt<uint64_t>, storeInt<uint64_t>},
};

static_assert(std::size(kTypes) == size_t(DType::U64) + 1, "one row per DType");

const TypeInfo &info(DType t) { return kTypes[size_t(t)]; }

} // namespace

bool tt::runtime::parseDType(const std::string &name, DType &out) {
  for (const TypeInfo &e : kTypes) {
    if (name == e.name || name == e.triton) {
      out = e.type;
      return true;
    }
  }
  return false;
}

const char *tt::runtime::dtypeName(DType t) { return info(t).name; }

const char *tt::runtime::tritonDTypeName(DType t) { return info(t).triton; }

const char *tt::runtime::npyDescr(DType t) { return info(t).npy; }

size_t tt::runtime::dtypeSize(DType t) { return info(t).size; }

bool tt::runtime::isFloat(DType t) { return info(t).kind == Kind::Float; }

bool tt::runtime::isSignedInt(DType t) { return info(t).kind == Kind::Signed; }

bool tt::runtime::isUnsignedInt(DType t) {
  return info(t).kind == Kind::Unsigned;
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
  return info(t).load(base, i);
}

void tt::runtime::storeFromDouble(void *base, size_t i, DType t, double v) {
  info(t).store(base, i, v);
}

double tt::runtime::roundTo(DType t, double v) {
  unsigned char buf[8];
  storeFromDouble(buf, 0, t, v);
  return loadAsDouble(buf, 0, t);
}

void tt::runtime::defaultTolerance(DType t, double &rtol, double &atol) {
  rtol = info(t).rtol;
  atol = info(t).atol;
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
