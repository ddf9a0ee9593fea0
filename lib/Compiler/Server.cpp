//===- Server.cpp - the compile server: requests as JSON lines --*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Each request line becomes a CompileRequest for Compiler::compile; nothing
// here runs a stage. What a compilation prints is captured at the file
// descriptor level (1 and 2 point into an unlinked temporary file while it
// runs), so the response carries exactly what the tool would have printed,
// and a library write to stdout cannot break the protocol.
//
//===----------------------------------------------------------------------===//

#include "tt/Compiler/Server.h"
#include "tt/Compiler/Compiler.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Base64.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <iostream>
#include <optional>
#include <string>
#include <unistd.h>

using namespace llvm;
using namespace tt::compiler;

namespace {

//===----------------------------------------------------------------------===//
// Capturing what a request prints
//===----------------------------------------------------------------------===//

int captureFd = -1;   ///< the unlinked capture file
int realStderr = -1;  ///< fd 2 as the server found it
volatile sig_atomic_t inRequest = 0;

/// A request dies with the process (signal, LLVM ERROR): what it printed
/// goes to the real stderr, where the caller looks. Async-signal-safe.
void copyCaptureToStderr() {
  if (!inRequest || captureFd < 0 || realStderr < 0)
    return;
  inRequest = 0;
  char buf[4096];
  off_t off = 0;
  ssize_t n;
  while ((n = ::pread(captureFd, buf, sizeof buf, off)) > 0) {
    ssize_t done = 0;
    while (done < n) {
      ssize_t w = ::write(realStderr, buf + done, n - done);
      if (w <= 0)
        return;
      done += w;
    }
    off += n;
  }
}

void onFatalSignal(void *) { copyCaptureToStderr(); }
void onExit() { copyCaptureToStderr(); }

bool setUpCapture(std::string &error) {
  if (captureFd >= 0)
    return true;
  std::FILE *file = std::tmpfile();
  if (!file) {
    error = "cannot create the capture file";
    return false;
  }
  captureFd = ::dup(::fileno(file));
  std::fclose(file);
  realStderr = ::dup(2);
  if (captureFd < 0 || realStderr < 0) {
    error = "cannot duplicate file descriptors";
    return false;
  }
  ::fcntl(captureFd, F_SETFD, FD_CLOEXEC);
  ::fcntl(realStderr, F_SETFD, FD_CLOEXEC);
  // After InitLLVM's stack-trace printer: the trace is captured, then copied.
  sys::AddSignalHandler(onFatalSignal, nullptr);
  std::atexit(onExit);
  return true;
}

/// While alive, fds 1 and 2 write into the capture file and fd 0 reads
/// /dev/null (a child process must not eat the requests).
class CaptureScope {
public:
  CaptureScope() {
    outs().flush();
    errs().flush();
    std::fflush(stdout);
    std::fflush(stderr);
    if (::ftruncate(captureFd, 0) != 0) {
      // A stale capture only adds text; keep going.
    }
    ::lseek(captureFd, 0, SEEK_SET);
    savedIn = ::dup(0);
    savedOut = ::dup(1);
    savedErr = ::dup(2);
    int null = ::open("/dev/null", O_RDONLY);
    if (null >= 0) {
      ::dup2(null, 0);
      ::close(null);
    }
    ::dup2(captureFd, 1);
    ::dup2(captureFd, 2);
    inRequest = 1;
  }

  /// Restores the descriptors; what was printed.
  std::string finish() {
    outs().flush();
    errs().flush();
    std::fflush(stdout);
    std::fflush(stderr);
    inRequest = 0;
    ::dup2(savedIn, 0);
    ::dup2(savedOut, 1);
    ::dup2(savedErr, 2);
    ::close(savedIn);
    ::close(savedOut);
    ::close(savedErr);
    std::string text;
    char buf[8192];
    off_t off = 0;
    ssize_t n;
    while ((n = ::pread(captureFd, buf, sizeof buf, off)) > 0) {
      text.append(buf, n);
      off += n;
    }
    return text;
  }

private:
  int savedIn, savedOut, savedErr;
};

//===----------------------------------------------------------------------===//
// Requests
//===----------------------------------------------------------------------===//

std::string utf8(std::string s) {
  return json::isUTF8(s) ? s : json::fixUTF8(s);
}

/// The stages whose bytes are binary: base64 in the response.
bool isBinaryStage(StringRef ext) {
  return ext == "cubin" || ext == "o" || ext == "so" || ext == "hsaco";
}

const char *const knownFields[] = {
    "id",        "input",      "ir",          "target",        "emit",
    "num_warps", "num_stages", "num_ctas",    "maxnreg",       "fp_fusion",
    "reflect_ftz", "ptxas_options", "stages", "dump_dir", "no_ttir_stage"};

struct Parsed {
  CompileRequest request;
  /// Stages to return; empty: every stage produced.
  std::vector<std::string> stages;
};

/// `request` from the JSON object; an error message otherwise.
std::optional<std::string> parseRequest(const json::Object &obj,
                                        const ServeOptions &options,
                                        Parsed &out) {
  for (const auto &kv : obj)
    if (!is_contained(knownFields, StringRef(kv.first)))
      return "unknown field '" + kv.first.str() + "'";
  CompileRequest &req = out.request;
  req.tool = options.tool;

  auto getString = [&](StringRef key, std::string &into) -> std::optional<std::string> {
    if (const json::Value *v = obj.get(key)) {
      std::optional<StringRef> s = v->getAsString();
      if (!s)
        return "field '" + key.str() + "' must be a string";
      into = s->str();
    }
    return std::nullopt;
  };
  auto getInt = [&](StringRef key, int &into, int min) -> std::optional<std::string> {
    if (const json::Value *v = obj.get(key)) {
      std::optional<int64_t> i = v->getAsInteger();
      if (!i || *i < min || *i > (1 << 20))
        return "field '" + key.str() + "' must be an integer >= " +
               std::to_string(min);
      into = static_cast<int>(*i);
    }
    return std::nullopt;
  };
  auto getBool = [&](StringRef key, bool &into) -> std::optional<std::string> {
    if (const json::Value *v = obj.get(key)) {
      std::optional<bool> b = v->getAsBoolean();
      if (!b)
        return "field '" + key.str() + "' must be true or false";
      into = *b;
    }
    return std::nullopt;
  };

  bool hasInput = obj.get("input") != nullptr, hasIR = obj.get("ir") != nullptr;
  if (!hasInput && !hasIR)
    return std::string("missing field: give 'input' (a TTIR, TTGIR or LLVM "
                       "dialect file) or 'ir' (the IR text)");
  std::string emitName = "all";
  std::optional<std::string> err;
  if ((err = getString("input", req.input)) || (err = getString("target", req.target)) ||
      (err = getString("emit", emitName)) ||
      (err = getString("ptxas_options", req.ptxasOptions)) ||
      (err = getString("dump_dir", req.dumpRoot)) ||
      (err = getInt("num_warps", req.numWarps, 0)) ||
      (err = getInt("num_stages", req.numStages, 0)) ||
      (err = getInt("num_ctas", req.numCtas, 0)) ||
      (err = getInt("maxnreg", req.maxNumRegs, 0)) ||
      (err = getBool("fp_fusion", req.enableFPFusion)) ||
      (err = getBool("reflect_ftz", req.enableReflectFtz)) ||
      (err = getBool("no_ttir_stage", req.skipTTIRStage)))
    return err;
  if (hasIR) {
    if ((err = getString("ir", req.inputText)))
      return err;
    req.hasInputText = true;
    if (!hasInput)
      req.input = "<request>";
  } else if (req.input.find("::") != std::string::npos) {
    return std::string("field 'input': Python kernels (FILE.py::KERNEL) are "
                       "not served; give TTIR, TTGIR or LLVM dialect IR");
  }
  req.emit = parseEmitName(emitName);
  if (req.emit == EmitKind::None && emitName == "all")
    req.emit = EmitKind::All;
  if (req.emit == EmitKind::None)
    return "field 'emit': unknown '" + emitName +
           "' (all, llvmir, obj, so, ptx, cubin, amdgcn, hsaco)";
  // Every stage, as tt-dump: the GPU target tt-dump defaults to.
  if (req.target.empty() && req.emit == EmitKind::All)
    req.target = "cuda:90";

  if (const json::Value *v = obj.get("stages")) {
    const json::Array *list = v->getAsArray();
    if (!list)
      return std::string("field 'stages' must be a list of stage names");
    for (const json::Value &s : *list) {
      std::optional<StringRef> name = s.getAsString();
      if (!name)
        return std::string("field 'stages' must be a list of stage names");
      out.stages.push_back(name->str());
    }
  }
  for (const char *mlirStage : {"ttir", "ttgir", "llir"})
    if (out.stages.empty() || is_contained(out.stages, mlirStage))
      req.keepStages.push_back(mlirStage);
  req.output.clear(); // the response carries the outputs
  return std::nullopt;
}

json::Object invalid(std::optional<json::Value> id, const Twine &msg,
                     const ServeOptions &options) {
  json::Object response;
  if (id)
    response["id"] = std::move(*id);
  response["status"] = "invalid";
  response["diagnostic"] = utf8(options.tool + ": invalid request: " + msg.str() + "\n");
  return response;
}

std::string toLine(json::Object response) {
  std::string out;
  raw_string_ostream os(out);
  os << json::Value(std::move(response));
  return out;
}

} // namespace

std::string tt::compiler::serveRequest(Compiler &compiler, StringRef line,
                                       const ServeOptions &options) {
  Expected<json::Value> value = json::parse(line);
  if (!value)
    return toLine(invalid(std::nullopt,
                          "malformed JSON: " + toString(value.takeError()),
                          options));
  const json::Object *obj = value->getAsObject();
  if (!obj)
    return toLine(invalid(std::nullopt, "a request is a JSON object", options));
  std::optional<json::Value> id;
  if (const json::Value *v = obj->get("id"))
    id = *v;
  Parsed parsed;
  if (std::optional<std::string> err = parseRequest(*obj, options, parsed))
    return toLine(invalid(id, *err, options));
  const CompileRequest &req = parsed.request;

  std::string setupError;
  if (!setUpCapture(setupError))
    return toLine(invalid(id, setupError, options));
  auto start = std::chrono::steady_clock::now();
  std::string printed;
  std::optional<CompileResult> result;
  std::string failure;
  {
    CaptureScope capture;
    Expected<CompileResult> compiled = compiler.compile(req);
    if (compiled) {
      result = std::move(*compiled);
    } else {
      std::string msg = toString(compiled.takeError());
      if (!isReportedError(msg))
        errs() << options.tool << ": " << msg << "\n";
      failure = msg;
    }
    printed = capture.finish();
  }
  double totalMs = std::chrono::duration<double, std::milli>(
                       std::chrono::steady_clock::now() - start)
                       .count();

  json::Object response;
  if (id)
    response["id"] = std::move(*id);
  response["status"] = result ? "ok" : "error";
  response["diagnostic"] = utf8(printed);
  json::Object ms;
  if (result) {
    response["kernel"] = utf8(result->kernelName);
    if (result->fromCache)
      response["from_cache"] = true;
    json::Object stages;
    for (auto &[ext, data] : result->stages) {
      if (!parsed.stages.empty() && !is_contained(parsed.stages, ext))
        continue;
      stages[ext] = isBinaryStage(ext) ? encodeBase64(data) : utf8(data);
    }
    // CPU modules: each kernel's metadata.
    if (result->metadata.size() > 1 &&
        (parsed.stages.empty() || is_contained(parsed.stages, "json"))) {
      json::Object all;
      for (auto &[name, text] : result->metadata)
        all[name] = utf8(text);
      response["metadata"] = std::move(all);
    }
    response["stages"] = std::move(stages);
    for (auto &[stage, t] : result->stageMs)
      ms[stage] = t;
  }
  ms["total"] = totalMs;
  response["ms"] = std::move(ms);
  return toLine(std::move(response));
}

int tt::compiler::serve(Compiler &compiler, const ServeOptions &options) {
  std::ios::sync_with_stdio(false);
  std::string line;
  while (std::getline(std::cin, line)) {
    if (!line.empty() && line.back() == '\r')
      line.pop_back();
    if (StringRef(line).trim().empty())
      continue;
    std::string response = serveRequest(compiler, line, options);
    outs() << response << "\n";
    outs().flush();
  }
  return 0;
}
