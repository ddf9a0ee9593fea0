//===- ExternalTool.cpp - run a toolchain program on temporary files -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Target/ExternalTool.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

using namespace llvm;

Expected<std::string> tt::target::runExternalTool(
    const ExternalToolRun &run,
    function_ref<SmallVector<StringRef>(StringRef, StringRef)> makeArgs) {
  auto fail = [](const Twine &msg) {
    return createStringError(inconvertibleErrorCode(), msg);
  };
  SmallString<128> in, out, log;
  if (sys::fs::createTemporaryFile(run.filePrefix, run.inputSuffix, in) ||
      sys::fs::createTemporaryFile(run.filePrefix, run.outputSuffix, out) ||
      sys::fs::createTemporaryFile(run.logPrefix, "log", log))
    return fail("cannot create temporary files for " + run.name);
  scope_exit cleanup([&] {
    sys::fs::remove(in);
    sys::fs::remove(out);
    sys::fs::remove(log);
  });
  {
    std::error_code ec;
    raw_fd_ostream os(in, ec);
    if (ec)
      return fail("cannot write " + in + ": " + ec.message());
    os << run.input;
  }
  SmallVector<StringRef> args = makeArgs(in, out);
  std::optional<StringRef> redirects[] = {std::nullopt, StringRef(log),
                                          StringRef(log)};
  int rc = sys::ExecuteAndWait(run.program, args, std::nullopt, redirects);
  if (rc != 0) {
    std::string msg =
        run.name.str() + " failed (exit " + std::to_string(rc) + ")";
    if (auto buf = MemoryBuffer::getFile(log))
      msg += ":\n" + (*buf)->getBuffer().str();
    return fail(msg);
  }
  auto buf = MemoryBuffer::getFile(out, /*IsText=*/false);
  if (!buf)
    return fail(run.name + " wrote no " + run.product);
  return (*buf)->getBuffer().str();
}
