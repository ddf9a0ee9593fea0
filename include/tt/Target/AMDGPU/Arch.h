//===- Arch.h - AMD GPU architectures tt compiles for -----------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// What the AMD backend needs to know about a `hip:gfxNNN` target: wave
// size, matrix-core generation, LDS size and the ISA version the device
// libraries test. Plain C++: the pipeline, the passes and the tools share it.
//
//===----------------------------------------------------------------------===//

#ifndef TT_TARGET_AMDGPU_ARCH_H
#define TT_TARGET_AMDGPU_ARCH_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace tt::amdgpu {

struct Arch {
  std::string name;          ///< "gfx942"
  unsigned waveSize = 64;    ///< 64 on CDNA (gfx9), 32 on RDNA (gfx11/12)
  unsigned mfmaVersion = 0;  ///< 1 gfx908, 2 gfx90a, 3 gfx942, 4 gfx950
  unsigned wmmaVersion = 0;  ///< 1 gfx11 (RDNA3), 2 gfx12 (RDNA4)
  unsigned ldsBytes = 65536; ///< LDS a work-group may allocate
  unsigned isaVersion = 0;   ///< major*1000 + minor*100 + stepping (9402)
};

/// The architecture named `gfx` ("gfx942"), or std::nullopt when tt does not
/// know it.
std::optional<Arch> parseArch(llvm::StringRef gfx);

/// The architecture of a target string "hip:gfxNNN", or std::nullopt.
std::optional<Arch> parseTarget(llvm::StringRef target);

/// True for strings that start with "hip:" (an AMD target, valid or not).
inline bool isAMDTarget(llvm::StringRef target) {
  return target.starts_with("hip:");
}

/// The architectures parseArch accepts, for messages: "gfx908, gfx90a, ...".
std::string supportedArchList();

} // namespace tt::amdgpu

#endif // TT_TARGET_AMDGPU_ARCH_H
