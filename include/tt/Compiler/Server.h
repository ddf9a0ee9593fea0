//===- Server.h - the compile server: requests as JSON lines ----*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// `tt-translate --serve` (and `tt-dump --serve`) stay alive and compile one
// request per line of standard input, a JSON object, answering each with
// one JSON line on standard output. A thin driver over Compiler::compile:
// each line becomes a CompileRequest, the one Compiler (its MLIRContext,
// registered dialects and initialized LLVM targets) serves them all, so a
// caller that compiles thousands of kernels (the Python plugin) pays the
// start-up once. The protocol is in docs/tt-translate.md.
//
//===----------------------------------------------------------------------===//

#ifndef TT_COMPILER_SERVER_H
#define TT_COMPILER_SERVER_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace tt::compiler {

class Compiler;

struct ServeOptions {
  /// The tool's name, for messages and the requests' `tool`.
  std::string tool = "tt-translate";
};

/// Answers one request line (without its newline): the JSON response,
/// one line. Everything the compilation prints (its located diagnostics,
/// warnings) goes into the response's "diagnostic".
std::string serveRequest(Compiler &compiler, llvm::StringRef line,
                         const ServeOptions &options);

/// Reads request lines from standard input until it ends and writes each
/// response to standard output, flushed. While a request compiles, file
/// descriptors 1 and 2 point into a capture file, so nothing the library
/// prints can corrupt the protocol; should the process die in a request
/// (a signal, LLVM ERROR), what was captured is copied to the real
/// standard error first. Returns the exit status (0 at end of input).
int serve(Compiler &compiler, const ServeOptions &options);

} // namespace tt::compiler

#endif // TT_COMPILER_SERVER_H
