//===- Npy.h - numpy .npy files ---------------------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Reads and writes numpy's .npy format (versions 1.0, 2.0 and 3.0 on read,
// 1.0 or 2.0 on write), C order, little-endian data.
//
//===----------------------------------------------------------------------===//

#ifndef TT_RUNTIME_NPY_H
#define TT_RUNTIME_NPY_H

#include "tt/Runtime/DType.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tt::runtime {

struct NpyArray {
  DType dtype = DType::F32;
  std::vector<int64_t> shape;
  /// Elements in C order, little-endian, dtypeSize(dtype) bytes each.
  std::vector<uint8_t> data;

  int64_t numel() const;
};

bool parseNpy(const uint8_t *bytes, size_t size, NpyArray &out,
              std::string &err);
bool readNpy(const std::string &path, NpyArray &out, std::string &err);

/// Serializes `a`. Types without a numpy dtype (bf16, fp8) are written as
/// float32, which holds their values exactly.
std::vector<uint8_t> encodeNpy(const NpyArray &a);
bool writeNpy(const std::string &path, const NpyArray &a, std::string &err);

} // namespace tt::runtime

#endif // TT_RUNTIME_NPY_H
