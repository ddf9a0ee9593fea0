//===- Compile.cpp - compiling kernels on the fly for tt-run ----*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// tt-run stays free of LLVM and MLIR: a .ttir/.ttgir kernel is compiled by
// running `tt-translate` (the one pipeline library behind it) as a child
// process, without a shell, into a private temporary directory. The
// tt-translate used is $TT_TRANSLATE, else the one next to tt-run's own
// binary, else the first on PATH.
//
//===----------------------------------------------------------------------===//

#include "tt/Runtime/Compile.h"
#include "tt/Compiler/Request.h"
#include "tt/Runtime/Files.h"
#include "tt/Runtime/Metadata.h"
#include "tt/Runtime/TempDir.h"
#include "tt/Support/Tools.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

extern char **environ;

using namespace tt::runtime;

static bool endsWith(const std::string &s, const char *suffix) {
  std::string t(suffix);
  return s.size() >= t.size() &&
         s.compare(s.size() - t.size(), t.size(), t) == 0;
}

std::string tt::runtime::kernelFilePath(const std::string &path) {
  size_t sep = path.rfind("::");
  return sep == std::string::npos ? path : path.substr(0, sep);
}

bool tt::runtime::isPythonKernel(const std::string &path) {
  return endsWith(kernelFilePath(path), ".py");
}

bool tt::runtime::needsCompilation(const std::string &path) {
  return endsWith(path, ".ttir") || endsWith(path, ".ttgir") ||
         endsWith(path, ".mlir") || isPythonKernel(path);
}

static std::string findTranslate() {
  return tt::support::findTool("tt-translate", "TT_TRANSLATE");
}

namespace {
/// The folder of the kernels compiled on the fly, removed when tt-run
/// exits (or dies: TempDir.h).
tt::runtime::TempDir tempDir;
int counter = 0;
} // namespace

bool tt::runtime::compileKernel(const CompileRequest &req, KernelImage &out,
                                std::string &err) {
  std::string translate = findTranslate();
  if (translate.empty()) {
    err = "compiling " + req.path +
          " needs tt-translate (not found next to tt-run, on PATH, or in "
          "$TT_TRANSLATE)";
    return false;
  }
  if (!tempDir.create("tt-run", err))
    return false;
  bool cuda = req.target == Target::CUDA;
  bool hip = req.target == Target::HIP;
  std::string stem = tempDir.path() + "/k" + std::to_string(counter++);
  std::string binary = stem + (cuda ? ".ptx" : hip ? ".hsaco" : ".so");
  std::string meta = stem + ".json";
  std::string log = stem + ".log";

  const char *arch = std::getenv("TT_RUN_CUDA_TARGET");
  // No GPU is queried for its architecture: $TT_RUN_HIP_TARGET names it.
  const char *hipArch = std::getenv("TT_RUN_HIP_TARGET");
  tt::compiler::CompileRequest compile;
  compile.input = req.path;
  compile.target = cuda  ? (arch ? arch : "cuda:90")
                   : hip ? (hipArch ? hipArch : "hip:gfx942")
                         : "cpu";
  compile.emit = cuda  ? tt::compiler::EmitKind::PTX
                 : hip ? tt::compiler::EmitKind::HSACO
                       : tt::compiler::EmitKind::Shared;
  compile.numWarps = req.numWarps;
  if (cuda || hip)
    compile.numStages = req.numStages;
  if (isPythonKernel(req.path)) {
    compile.signature = req.signature;
    compile.defines = req.defines;
  }
  compile.output = binary;
  compile.metadata = meta;
  std::vector<std::string> args = compile.toTranslateArgs();
  args.insert(args.begin(), translate);
  std::vector<char *> argv;
  for (std::string &a : args)
    argv.push_back(a.data());
  argv.push_back(nullptr);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, log.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  pid_t pid;
  int rc = posix_spawn(&pid, translate.c_str(), &actions, nullptr, argv.data(),
                       environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) {
    err = "cannot run " + translate + ": " + std::strerror(rc);
    return false;
  }
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    std::string first, readErr;
    readFile(log, first, readErr);
    first = first.substr(0, first.find('\n'));
    err = "compiling " + req.path + " failed: " +
          (first.empty() ? "tt-translate exited abnormally" : first);
    return false;
  }
  out.target = req.target;
  out.format = cuda  ? KernelImage::Format::PTX
               : hip ? KernelImage::Format::Hsaco
                     : KernelImage::Format::SharedObject;
  out.path = binary;
  std::string bytes, readErr;
  if (!readFile(binary, bytes, readErr)) {
    err = "tt-translate wrote no " + binary;
    return false;
  }
  out.bytes.assign(bytes.begin(), bytes.end());
  if (cuda)
    out.bytes.push_back('\0');
  if (!readKernelMetadata(meta, out.meta, err))
    return false;
  out.hasMeta = true;
  if (out.name.empty())
    out.name = req.name;
  return true;
}
