//===- DType.h - element types of tt-run tensors ----------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The element types a tt-run tensor or scalar can have, their names in the
// YAML format, their sizes, their numpy descriptors, and exact conversions to
// and from double (round to nearest even, as a numpy cast does).
//
//===----------------------------------------------------------------------===//

#ifndef TT_RUNTIME_DTYPE_H
#define TT_RUNTIME_DTYPE_H

#include <cstddef>
#include <cstdint>
#include <string>

namespace tt::runtime {

enum class DType : uint8_t {
  F64,
  F32,
  F16,
  BF16,
  F8E4M3, // OCP e4m3fn ("fp8e4nv" in Triton): no infinities, max 448.
  F8E5M2, // OCP e5m2 ("fp8e5" in Triton): IEEE-like, has infinities.
  I1,     // stored as one byte holding 0 or 1 (numpy's bool).
  I8,
  I16,
  I32,
  I64,
  U8,
  U16,
  U32,
  U64,
};

/// Parses a dtype name: f64 f32 f16 bf16 fp8e4m3 fp8e5m2 i1 i8 i16 i32 i64
/// u8 u16 u32 u64, plus Triton's spellings fp64 fp32 fp16 fp8e4nv fp8e5.
bool parseDType(const std::string &name, DType &out);
/// The canonical name (the first spelling above).
const char *dtypeName(DType t);
/// Triton's signature spelling: fp64 fp32 fp16 bf16 fp8e4nv fp8e5 i1 ...
/// (tt/Support/TypeNames.h).
const char *tritonDTypeName(DType t);
/// numpy's descriptor of `t` ('<f4', '|b1', ...), or null for the types
/// numpy has no builtin dtype for (bf16, fp8e4m3, fp8e5m2).
const char *npyDescr(DType t);
/// Bytes per element.
size_t dtypeSize(DType t);
bool isFloat(DType t);
bool isSignedInt(DType t);
bool isUnsignedInt(DType t); // includes i1

/// Reads element `index` of a buffer of `t` as a double (exact for every
/// type except 64-bit integers beyond 2^53).
double loadAsDouble(const void *base, size_t index, DType t);
/// Stores `v` rounded to `t` (floats: round to nearest even; overflow gives
/// inf, or NaN for fp8e4m3 which has no inf; integers: truncation toward
/// zero, saturating at the type's range, NaN gives 0).
void storeFromDouble(void *base, size_t index, DType t, double v);
/// Rounds `v` to the nearest value representable in `t`.
double roundTo(DType t, double v);

/// Bit-level conversions of the small float formats.
uint16_t doubleToHalfBits(double v);
double halfBitsToDouble(uint16_t bits);
uint16_t doubleToBF16Bits(double v);
double bf16BitsToDouble(uint16_t bits);
uint8_t doubleToF8E4M3Bits(double v);
double f8e4m3BitsToDouble(uint8_t bits);
uint8_t doubleToF8E5M2Bits(double v);
double f8e5m2BitsToDouble(uint8_t bits);

/// Default check tolerances for outputs of this type.
void defaultTolerance(DType t, double &rtol, double &atol);

struct Value;

/// The bits a scalar kernel argument of type `t` passes for `v`, and the
/// value the kernel sees (`seen`: rounded to a float type). False, with
/// `err`, for a tensor, a non-integral value of an integer type, or an
/// integer that does not fit `t` (2**31 for an i32).
bool scalarBits(DType t, const Value &v, uint64_t &bits, Value &seen,
                std::string &err);

} // namespace tt::runtime

#endif // TT_RUNTIME_DTYPE_H
