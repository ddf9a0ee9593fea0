//===- Hash.h - SHA-256 for tt-tune's cache keys ----------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// tt-tune keys its cache of winning configs by the content of the kernel,
// the tuning options, the device and the key values. A cryptographic hash
// keeps unrelated entries from colliding; SHA-256 is small enough to carry
// here, so tt-tune, like tt-run, links neither LLVM nor a crypto library.
//
//===----------------------------------------------------------------------===//

#ifndef TT_TUNE_HASH_H
#define TT_TUNE_HASH_H

#include <cstddef>
#include <cstdint>
#include <string>

namespace tt::tune {

/// Incremental SHA-256 (FIPS 180-4).
class Sha256 {
public:
  Sha256();
  void update(const void *data, size_t size);
  void update(const std::string &s) { update(s.data(), s.size()); }
  /// Adds `s` preceded by its length, so that the concatenation of fields
  /// is unambiguous ("ab"+"c" differs from "a"+"bc").
  void field(const std::string &s);
  /// The digest as 64 lower-case hex digits; the object is spent after it.
  std::string hex();

private:
  void block(const uint8_t *p);
  uint32_t h[8];
  uint8_t buf[64];
  size_t used = 0;
  uint64_t total = 0;
};

/// SHA-256 of `s` as hex.
std::string sha256Hex(const std::string &s);

} // namespace tt::tune

#endif // TT_TUNE_HASH_H
