//===- DTypeTest.cpp - element type conversions -----------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Runtime/DType.h"
#include "tt/Support/TypeNames.h"

#include <cmath>
#include <gtest/gtest.h>

using namespace tt::runtime;

TEST(DType, ParsesNamesAndTritonSpellings) {
  DType t;
  ASSERT_TRUE(parseDType("bf16", t));
  EXPECT_EQ(t, DType::BF16);
  ASSERT_TRUE(parseDType("fp8e4nv", t));
  EXPECT_EQ(t, DType::F8E4M3);
  ASSERT_TRUE(parseDType("fp32", t));
  EXPECT_EQ(t, DType::F32);
  EXPECT_STREQ(dtypeName(DType::F8E5M2), "fp8e5m2");
  EXPECT_FALSE(parseDType("f33", t));
  EXPECT_FALSE(parseDType("F32", t));
  EXPECT_EQ(dtypeSize(DType::I1), 1u);
  EXPECT_EQ(dtypeSize(DType::U64), 8u);
}

TEST(DType, HalfRoundsToNearestEven) {
  EXPECT_EQ(doubleToHalfBits(1.0), 0x3C00);
  EXPECT_EQ(doubleToHalfBits(-2.0), 0xC000);
  EXPECT_EQ(doubleToHalfBits(65504.0), 0x7BFF);
  // Halfway between the largest half and 2^16 rounds to even: infinity.
  EXPECT_EQ(doubleToHalfBits(65520.0), 0x7C00);
  EXPECT_EQ(doubleToHalfBits(65519.0), 0x7BFF);
  EXPECT_EQ(doubleToHalfBits(std::ldexp(1.0, -24)), 0x0001);
  EXPECT_EQ(doubleToHalfBits(std::ldexp(1.0, -25)), 0x0000); // tie to even
  EXPECT_EQ(doubleToHalfBits(3 * std::ldexp(1.0, -26)), 0x0001);
  // 1 + 2^-11 is halfway between 1 and 1 + 2^-10: even is 1.
  EXPECT_EQ(doubleToHalfBits(1.0 + std::ldexp(1.0, -11)), 0x3C00);
  EXPECT_EQ(doubleToHalfBits(1.0 + 3 * std::ldexp(1.0, -11)), 0x3C02);
  EXPECT_EQ(doubleToHalfBits(-0.0), 0x8000);
  EXPECT_TRUE(std::isnan(halfBitsToDouble(doubleToHalfBits(NAN))));
}

TEST(DType, EverySmallFloatRoundTrips) {
  for (uint32_t b = 0; b < 65536; ++b) {
    double h = halfBitsToDouble(uint16_t(b));
    if (!std::isnan(h))
      ASSERT_EQ(doubleToHalfBits(h), b) << b;
    double f = bf16BitsToDouble(uint16_t(b));
    if (!std::isnan(f))
      ASSERT_EQ(doubleToBF16Bits(f), b) << b;
  }
  for (uint32_t b = 0; b < 256; ++b) {
    double e4 = f8e4m3BitsToDouble(uint8_t(b));
    if (!std::isnan(e4))
      ASSERT_EQ(doubleToF8E4M3Bits(e4), b) << b;
    double e5 = f8e5m2BitsToDouble(uint8_t(b));
    if (!std::isnan(e5))
      ASSERT_EQ(doubleToF8E5M2Bits(e5), b) << b;
  }
}

TEST(DType, Fp8Formats) {
  EXPECT_EQ(f8e4m3BitsToDouble(0x7E), 448.0);
  EXPECT_TRUE(std::isnan(f8e4m3BitsToDouble(0x7F)));
  EXPECT_EQ(doubleToF8E4M3Bits(1.0), 0x38);
  EXPECT_EQ(doubleToF8E4M3Bits(464.0), 0x7E); // tie rounds down to even 448
  EXPECT_EQ(doubleToF8E4M3Bits(480.0), 0x7F); // no infinity: NaN
  EXPECT_EQ(f8e4m3BitsToDouble(0x01), std::ldexp(1.0, -9));
  EXPECT_EQ(f8e5m2BitsToDouble(0x7B), 57344.0);
  EXPECT_EQ(doubleToF8E5M2Bits(INFINITY), 0x7C);
  EXPECT_EQ(doubleToF8E5M2Bits(1.0), 0x3C);
  EXPECT_EQ(bf16BitsToDouble(0x3F80), 1.0);
  EXPECT_EQ(doubleToBF16Bits(1.0 + std::ldexp(1.0, -8)), 0x3F80);
}

TEST(DType, IntegersSaturateAndTruncate) {
  EXPECT_EQ(roundTo(DType::I8, 300.0), 127.0);
  EXPECT_EQ(roundTo(DType::I8, -300.0), -128.0);
  EXPECT_EQ(roundTo(DType::U8, -3.0), 0.0);
  EXPECT_EQ(roundTo(DType::I32, -2.7), -2.0);
  EXPECT_EQ(roundTo(DType::I1, 5.0), 1.0);
  EXPECT_EQ(roundTo(DType::I32, NAN), 0.0);
  EXPECT_EQ(roundTo(DType::F32, 0.1), double(0.1f));
}

TEST(DType, DefaultTolerances) {
  double r, a;
  defaultTolerance(DType::F32, r, a);
  EXPECT_DOUBLE_EQ(r, 1.3e-6);
  defaultTolerance(DType::F16, r, a);
  EXPECT_DOUBLE_EQ(r, 1e-3);
  defaultTolerance(DType::I32, r, a);
  EXPECT_EQ(r, 0.0);
  EXPECT_EQ(a, 0.0);
}

TEST(DType, TritonNamesAreSignatureNames) {
  for (int i = 0; i <= int(DType::U64); ++i) {
    DType t = DType(i);
    const char *name = tritonDTypeName(t);
    EXPECT_NE(tt::support::lookupTypeName(name), nullptr) << name;
    DType back;
    ASSERT_TRUE(parseDType(name, back)) << name;
    EXPECT_EQ(back, t) << name;
  }
  EXPECT_STREQ(tritonDTypeName(DType::F8E4M3), "fp8e4nv");
  EXPECT_STREQ(tritonDTypeName(DType::F32), "fp32");
  EXPECT_STREQ(tritonDTypeName(DType::I64), "i64");
}
