//===- fuzz-metadata.cpp - fuzz tt-run's kernel-file readers ----*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Input: one byte that picks the format, then the text of
//   0  a PTX module, read for its .entry signatures (parsePtxEntries)
//   1  an upstream metadata JSON next to a kernel (parseKernelMetadata)
//   2  a `tt-run --bench --json` result used as --baseline (readBaseline)
// All three may be written by other tools or by hand; errors are expected,
// crashes and unmessaged failures are bugs.
//
//===----------------------------------------------------------------------===//

#include "tt/Runtime/Metadata.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>

using namespace tt::runtime;

static void bug(const char *what) {
  std::fprintf(stderr, "==tt-fuzz== BUG: %s\n", what);
  std::abort();
}

static const std::string &baselinePath() {
  static std::string *path = [] {
    const char *tmp = std::getenv("TMPDIR");
    std::string p = std::string(tmp && *tmp ? tmp : "/tmp") +
                    "/tt-fuzz-baseline-" + std::to_string(::getpid()) +
                    ".json";
    return new std::string(p);
  }();
  return *path;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1 || size > 16 * 1024)
    return -1;
  std::string text(reinterpret_cast<const char *>(data) + 1, size - 1);
  std::string err;
  switch (data[0] % 3) {
  case 0: {
    std::vector<PtxEntry> entries;
    if (!parsePtxEntries(text, entries, err) && err.empty())
      bug("parsePtxEntries failed without a message");
    return 0;
  }
  case 1: {
    KernelMetadata m;
    if (!parseKernelMetadata(text, m, err) && err.empty())
      bug("parseKernelMetadata failed without a message");
    return 0;
  }
  default: {
    FILE *f = std::fopen(baselinePath().c_str(), "wb");
    if (!f)
      bug("cannot write the baseline file");
    std::fwrite(text.data(), 1, text.size(), f);
    std::fclose(f);
    std::vector<BaselineEntry> entries;
    if (!readBaseline(baselinePath(), entries, err) && err.empty())
      bug("readBaseline failed without a message");
    return 0;
  }
  }
}
