//===- fuzz-runspec.cpp - fuzz tt-run's YAML reader and planner -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Input: a `*.run.yaml` file. It is parsed (parseRunSpecText); a spec that
// parses then goes through tt-run's dry run (everything up to opening a
// device: expressions, sizes, grid, kernel files and PTX signatures, input
// tensors and check references) and its report is written as text and
// JSON. The kernel files it names are replaced by stand-ins in a private
// directory unless they exist there. Host memory is capped at 64 MiB, as
// `tt-run --max-memory 64M` would: a spec that asks for more must be
// refused with an error, before anything is allocated.
//
//===----------------------------------------------------------------------===//

#include "tt/Runtime/Json.h"
#include "tt/Runtime/Runner.h"
#include "tt/Runtime/Spec.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>

using namespace tt::runtime;

namespace {

const char *kPtx = R"(.version 8.7
.target sm_90a
.address_size 64
.visible .entry k(
	.param .u64 .ptr .global .align 1 k_param_0,
	.param .u64 .ptr .global .align 1 k_param_1,
	.param .u32 k_param_2,
	.param .f32 k_param_3,
	.param .u64 .ptr .global .align 1 k_param_4,
	.param .u64 .ptr .global .align 1 k_param_5
)
{
	ret;
}
)";

bool writeFile(const std::string &path, const std::string &text) {
  FILE *f = std::fopen(path.c_str(), "wb");
  if (!f)
    return false;
  bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
  return std::fclose(f) == 0 && ok;
}

/// A private directory with the stand-in kernels, made once per process.
const std::string &workDir() {
  static std::string *dir = [] {
    const char *tmp = std::getenv("TMPDIR");
    std::string templ = std::string(tmp && *tmp ? tmp : "/tmp") +
                        "/tt-fuzz-runspec-XXXXXX";
    char *made = mkdtemp(templ.data());
    if (!made) {
      std::perror("mkdtemp");
      std::abort();
    }
    auto *d = new std::string(made);
    if (!writeFile(*d + "/k.so", "") || !writeFile(*d + "/k.ptx", kPtx) ||
        !writeFile(*d + "/k.json",
                   R"({"name": "k", "num_warps": 4, "shared": 0})")) {
      std::perror("writing the stand-in kernels");
      std::abort();
    }
    return d;
  }();
  return *dir;
}

bool isFile(const std::string &p) {
  struct stat st;
  return ::stat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

[[noreturn]] void bug(const std::string &what) {
  std::fprintf(stderr, "==tt-fuzz== BUG: %s\n", what.c_str());
  std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 16 * 1024)
    return -1;
  std::string text(reinterpret_cast<const char *>(data), size);
  const std::string &dir = workDir();
  RunSpec spec;
  std::string err;
  if (!parseRunSpecText(text, "fuzz.run.yaml", dir, spec, err)) {
    if (err.find("fuzz.run.yaml") != 0 || err.find('\n') != std::string::npos)
      bug("parse errors are one line that names the file; got: " + err);
    return 0;
  }
  // The dry run reads the spec from a file.
  std::string path = dir + "/fuzz.run.yaml";
  if (!writeFile(path, text))
    bug("cannot write " + path);
  RunOptions opts;
  opts.dryRun = true;
  opts.maxHostBytes = 64 << 20;
  bool allThere = !spec.kernels.empty();
  for (const KernelVariant &kv : spec.kernels)
    allThere &= isFile(kv.path);
  if (!allThere)
    opts.kernels.emplace_back(
        "", dir + (spec.target == Target::CPU ? "/k.so" : "/k.ptx"));
  Runner runner(opts);
  FileResult result;
  int code = runner.run(path, result, nullptr);
  if (code != ExitOk && result.error.empty())
    bug("tt-run failed without an error message");
  if (result.error.find('\n') != std::string::npos)
    bug("a tt-run error is more than one line: " + result.error);
  static FILE *devNull = std::fopen("/dev/null", "w");
  printReport(result, devNull);
  JsonWriter w;
  writeJson({result}, opts, nullptr, w);
  return 0;
}
