//===- Metadata.h - what tt-run learns from kernel files --------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Upstream Triton writes a metadata JSON beside every compiled kernel
// (`add_kernel.json` next to `add_kernel.ptx`); tt-run honours its launch
// fields. A PTX file also declares each entry's parameters, which lets
// tt-run check the YAML's arguments against the kernel before launching it.
//
//===----------------------------------------------------------------------===//

#ifndef TT_RUNTIME_METADATA_H
#define TT_RUNTIME_METADATA_H

#include <cstdint>
#include <string>
#include <vector>

namespace tt::runtime {

/// The launch-relevant fields of upstream's metadata JSON.
struct KernelMetadata {
  std::string path; // the .json it came from
  std::string name;
  std::string backend; // "cuda", "hip", "cpu", or empty
  std::string arch;    // e.g. "90" or "gfx942"
  int numWarps = -1;
  int numCtas = 1;
  int warpSize = -1;
  int64_t shared = -1;
  int64_t globalScratchSize = 0;
  int64_t globalScratchAlign = 1;
  int64_t profileScratchSize = 0;
  int64_t profileScratchAlign = 1;
  bool cooperativeGrid = false;
  bool launchPdl = false;
  bool hasTensorDescriptors = false;
  std::string tritonVersion;
};

/// Reads an upstream metadata JSON. Fields it lacks keep their defaults.
bool readKernelMetadata(const std::string &path, KernelMetadata &out,
                        std::string &err);
bool parseKernelMetadata(const std::string &text, KernelMetadata &out,
                         std::string &err);

/// One `.param` of a PTX `.entry`.
struct PtxParam {
  std::string type; // ".u64", ".u32", ".f32", ".b8" ...
  bool isPointer = false;
  size_t bytes = 0; // size in bytes (arrays: element size times count)
};

struct PtxEntry {
  std::string name;
  std::vector<PtxParam> params;
};

/// Lists the `.entry` functions of a PTX module and their parameters.
bool parsePtxEntries(const std::string &ptx, std::vector<PtxEntry> &out,
                     std::string &err);

/// One timing of a recorded `tt-run --json` result.
struct BaselineEntry {
  std::string key; // see Runner.h: file id, variant label and parameters
  double medianMs = 0;
};

/// Reads the timings of a `tt-run --bench --json` output.
bool readBaseline(const std::string &path, std::vector<BaselineEntry> &out,
                  std::string &err);

} // namespace tt::runtime

#endif // TT_RUNTIME_METADATA_H
