//===- Arch.cpp - AMD GPU architectures tt compiles for ---------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Target/AMDGPU/Arch.h"

using namespace tt::amdgpu;

namespace {
struct Known {
  const char *name;
  unsigned waveSize, mfma, wmma, lds, isa;
};
constexpr Known kKnown[] = {
    {"gfx908", 64, 1, 0, 65536, 9008},   {"gfx90a", 64, 2, 0, 65536, 9010},
    {"gfx942", 64, 3, 0, 65536, 9402},   {"gfx950", 64, 4, 0, 163840, 9500},
    {"gfx1100", 32, 0, 1, 65536, 11000}, {"gfx1101", 32, 0, 1, 65536, 11001},
    {"gfx1102", 32, 0, 1, 65536, 11002}, {"gfx1103", 32, 0, 1, 65536, 11003},
    {"gfx1150", 32, 0, 1, 65536, 11500}, {"gfx1151", 32, 0, 1, 65536, 11501},
    {"gfx1200", 32, 0, 2, 65536, 12000}, {"gfx1201", 32, 0, 2, 65536, 12001},
};
} // namespace

std::optional<Arch> tt::amdgpu::parseArch(llvm::StringRef gfx) {
  for (const Known &k : kKnown)
    if (gfx == k.name) {
      Arch a;
      a.name = k.name;
      a.waveSize = k.waveSize;
      a.mfmaVersion = k.mfma;
      a.wmmaVersion = k.wmma;
      a.ldsBytes = k.lds;
      a.isaVersion = k.isa;
      return a;
    }
  return std::nullopt;
}

std::optional<Arch> tt::amdgpu::parseTarget(llvm::StringRef target) {
  if (!target.consume_front("hip:"))
    return std::nullopt;
  return parseArch(target);
}

std::string tt::amdgpu::supportedArchList() {
  std::string s;
  for (const Known &k : kKnown)
    s += (s.empty() ? "" : ", ") + std::string(k.name);
  return s;
}
