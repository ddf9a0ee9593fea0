//===- Binaries.h - tt-aot's per-target compile steps -----------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Private to lib/AOT: the targets of a compile request, and how each one
// becomes a Binary of the launcher: compiled by tt-translate from the TTIR
// Compile.cpp wrote, or read from a file given as TARGET=FILE (with its
// metadata JSON). Plain LLVM Support: no MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef TT_LIB_AOT_BINARIES_H
#define TT_LIB_AOT_BINARIES_H

#include "tt/AOT/AOT.h"
#include "tt/AOT/Compile.h"

#include "llvm/ADT/Twine.h"

#include <string>
#include <vector>

namespace tt::aot::detail {

llvm::Error makeError(const llvm::Twine &msg);
/// The bytes of `path`; the error names it as `what` ("object").
llvm::Expected<std::string> readFile(llvm::StringRef path,
                                     llvm::StringRef what);
/// Writes `data` to `path`, creating its directory.
llvm::Error writeFile(llvm::StringRef path, llvm::StringRef data);

/// One --target.
struct TargetRequest {
  std::string spelling; ///< as given
  std::string target;   ///< "cpu", "cuda:90"
  BinaryKind kind = BinaryKind::Cubin;
  int cc = 0;
  std::string prebuilt; ///< FILE of TARGET=FILE
};

/// The request's targets, each once; --hint and --no-hints only when every
/// binary is compiled here.
llvm::Expected<std::vector<TargetRequest>>
parseTargets(const CompileRequest &request);

/// What the per-target steps share.
struct BuildContext {
  const CompileRequest &request;
  /// The tt-translate to run (empty when every binary is prebuilt).
  std::string tool;
  /// The kernel's name in the TTIR, and the CPU object's renamed entry.
  std::string kernel;
  std::string cpuEntry;
  /// The TTIR files tt-translate compiles, and the temporary directory
  /// they are in.
  std::string cudaTTIR, cpuTTIR;
  std::string tmpDir;
  /// Where the CPU object goes, and the output prefix's file name.
  std::string objectPath, base;

  std::string tmp(llvm::StringRef leaf) const;
};

/// The CPU object of `spec` (compiled, or prebuilt and checked against the
/// signature), copied to `ctx.objectPath`.
llvm::Expected<Binary> buildCPUBinary(const BuildContext &ctx,
                                      const TargetRequest &t,
                                      const KernelSpec &spec);
/// The CUDA image of `spec` for `t` (the `index`th target), with its launch
/// parameters from the metadata JSON.
llvm::Expected<Binary> buildCUDABinary(const BuildContext &ctx,
                                       const TargetRequest &t, size_t index,
                                       const KernelSpec &spec);

} // namespace tt::aot::detail

#endif // TT_LIB_AOT_BINARIES_H
