//===- NpyTest.cpp - numpy .npy files ---------------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Runtime/Npy.h"

#include <cstdio>
#include <cstring>
#include <gtest/gtest.h>
#include <unistd.h>

using namespace tt::runtime;

namespace {

NpyArray make(DType t, std::vector<int64_t> shape) {
  NpyArray a;
  a.dtype = t;
  a.shape = std::move(shape);
  a.data.resize(size_t(a.numel()) * dtypeSize(t));
  for (size_t i = 0; i < size_t(a.numel()); ++i)
    storeFromDouble(a.data.data(), i, t, double(i % 7) - 3);
  return a;
}

std::string header(const std::vector<uint8_t> &b) {
  size_t len = b[8] | b[9] << 8;
  return std::string(b.begin() + 10, b.begin() + 10 + long(len));
}

} // namespace

TEST(Npy, WritesNumpysExactHeader) {
  // What numpy.save(f, numpy.arange(3, dtype='<i4')) writes.
  NpyArray a;
  a.dtype = DType::I32;
  a.shape = {3};
  int32_t v[3] = {0, 1, 2};
  a.data.assign(reinterpret_cast<uint8_t *>(v),
                reinterpret_cast<uint8_t *>(v) + 12);
  std::vector<uint8_t> b = encodeNpy(a);
  std::string expected = "{'descr': '<i4', 'fortran_order': False, 'shape': "
                         "(3,), }";
  expected.append(117 - expected.size(), ' ');
  expected += '\n';
  ASSERT_EQ(b.size(), 128u + 12u);
  EXPECT_EQ(std::memcmp(b.data(), "\x93NUMPY\x01\x00\x76\x00", 10), 0);
  EXPECT_EQ(header(b), expected);
  EXPECT_EQ(std::memcmp(b.data() + 128, v, 12), 0);
}

TEST(Npy, RoundTripsEveryType) {
  const DType types[] = {DType::F64, DType::F32, DType::F16, DType::I1,
                         DType::I8,  DType::I16, DType::I32, DType::I64,
                         DType::U8,  DType::U16, DType::U32, DType::U64};
  for (DType t : types) {
    for (std::vector<int64_t> shape :
         {std::vector<int64_t>{}, {5}, {2, 3, 4}, {0, 3}}) {
      NpyArray a = make(t, shape);
      std::vector<uint8_t> b = encodeNpy(a);
      EXPECT_EQ((b.size() - a.data.size()) % 64, 0u);
      NpyArray r;
      std::string err;
      ASSERT_TRUE(parseNpy(b.data(), b.size(), r, err)) << err;
      EXPECT_EQ(r.dtype, t);
      EXPECT_EQ(r.shape, shape);
      EXPECT_EQ(r.data, a.data);
    }
  }
}

TEST(Npy, TypesWithoutNumpyDtypeBecomeFloat32) {
  NpyArray a = make(DType::BF16, {4});
  std::vector<uint8_t> b = encodeNpy(a);
  NpyArray r;
  std::string err;
  ASSERT_TRUE(parseNpy(b.data(), b.size(), r, err)) << err;
  EXPECT_EQ(r.dtype, DType::F32);
  for (size_t i = 0; i < 4; ++i)
    EXPECT_EQ(loadAsDouble(r.data.data(), i, DType::F32),
              loadAsDouble(a.data.data(), i, DType::BF16));
  EXPECT_EQ(npyDescr(DType::F8E4M3), nullptr);
  EXPECT_STREQ(npyDescr(DType::I1), "|b1");
}

TEST(Npy, ReadsVersion2AndOldStyleHeaders) {
  std::string dict =
      "{'descr': '<f2', 'fortran_order': False, 'shape': (2L, 1L)}";
  std::vector<uint8_t> b = {0x93, 'N', 'U', 'M', 'P', 'Y', 2, 0};
  uint32_t len = uint32_t(dict.size() + 1);
  for (int k = 0; k < 4; ++k)
    b.push_back(uint8_t(len >> (8 * k)));
  b.insert(b.end(), dict.begin(), dict.end());
  b.push_back('\n');
  b.insert(b.end(), {0x00, 0x3C, 0x00, 0xC0}); // 1.0, -2.0
  NpyArray r;
  std::string err;
  ASSERT_TRUE(parseNpy(b.data(), b.size(), r, err)) << err;
  EXPECT_EQ(r.shape, (std::vector<int64_t>{2, 1}));
  EXPECT_EQ(loadAsDouble(r.data.data(), 1, DType::F16), -2.0);
}

TEST(Npy, RejectsWhatItCannotRead) {
  auto bad = [](std::string dict, size_t dataBytes) {
    std::vector<uint8_t> b = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0,
                              uint8_t(dict.size()), 0};
    b.insert(b.end(), dict.begin(), dict.end());
    b.resize(b.size() + dataBytes);
    NpyArray r;
    std::string err;
    EXPECT_FALSE(parseNpy(b.data(), b.size(), r, err));
    return err;
  };
  EXPECT_EQ(bad("{'descr': '<f4', 'fortran_order': True, 'shape': (2,), }", 8),
            "Fortran-order .npy files are not supported");
  EXPECT_EQ(bad("{'descr': '>f4', 'fortran_order': False, 'shape': (2,), }", 8),
            "big-endian .npy data ('>f4') is not supported");
  EXPECT_EQ(
      bad("{'descr': '<c8', 'fortran_order': False, 'shape': (2,), }", 16),
            "unsupported .npy dtype '<c8'");
  EXPECT_EQ(bad("{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }", 4),
            "truncated .npy data: 4 bytes for shape (2,) of '<f4' (8 needed)");
  NpyArray r;
  std::string err;
  const uint8_t junk[12] = {'P', 'K', 3, 4};
  EXPECT_FALSE(parseNpy(junk, sizeof junk, r, err));
  EXPECT_EQ(err, "not a .npy file (bad magic)");
}

TEST(Npy, FileRoundTrip) {
  char path[] = "/tmp/tt-npy-test-XXXXXX";
  int fd = mkstemp(path);
  ASSERT_GE(fd, 0);
  close(fd);
  NpyArray a = make(DType::F32, {3, 5});
  std::string err;
  ASSERT_TRUE(writeNpy(path, a, err)) << err;
  NpyArray r;
  ASSERT_TRUE(readNpy(path, r, err)) << err;
  EXPECT_EQ(r.data, a.data);
  EXPECT_EQ(r.shape, a.shape);
  std::remove(path);
  EXPECT_FALSE(readNpy(path, r, err));
  EXPECT_NE(err.find("No such file"), std::string::npos) << err;
}
