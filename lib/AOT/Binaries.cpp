//===- Binaries.cpp - tt-aot's per-target compile steps ---------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "Binaries.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

using namespace llvm;
using namespace tt::aot;
using namespace tt::aot::detail;

//===----------------------------------------------------------------------===//
// Files
//===----------------------------------------------------------------------===//

Error tt::aot::detail::makeError(const Twine &msg) {
  return createStringError(inconvertibleErrorCode(), msg);
}

Error tt::aot::detail::writeFile(StringRef path, StringRef data) {
  StringRef dir = sys::path::parent_path(path);
  if (!dir.empty())
    if (std::error_code ec = sys::fs::create_directories(dir))
      return makeError("cannot create directory '" + dir +
                       "': " + ec.message());
  if (Error e = writeToOutput(path, [&](raw_ostream &os) {
        os << data;
        return Error::success();
      }))
    return makeError("cannot write '" + path + "': " + toString(std::move(e)));
  return Error::success();
}

Expected<std::string> tt::aot::detail::readFile(StringRef path,
                                                StringRef what) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> buf =
      MemoryBuffer::getFile(path, /*IsText=*/false);
  if (!buf)
    return makeError("cannot read " + what + " '" + path +
                     "': " + buf.getError().message());
  return (*buf)->getBuffer().str();
}

std::string BuildContext::tmp(StringRef leaf) const {
  SmallString<128> p(tmpDir);
  sys::path::append(p, leaf);
  return std::string(p);
}

//===----------------------------------------------------------------------===//
// Targets
//===----------------------------------------------------------------------===//

namespace {
Expected<TargetRequest> parseTarget(StringRef s) {
  TargetRequest t;
  t.spelling = s.str();
  auto [spec, file] = s.split('=');
  t.prebuilt = file.str();
  if (s.contains('=') && file.empty())
    return makeError("--target " + s + ": no file after '='");
  if (spec == "cpu") {
    t.target = "cpu";
    t.kind = BinaryKind::Object;
    return t;
  }
  StringRef rest = spec;
  if (!rest.consume_front("cuda:"))
    return makeError("unknown target '" + spec +
                     "' (expected cpu, cuda:NN or cuda:NN:ptx)");
  auto [ccText, format] = rest.split(':');
  if (ccText.getAsInteger(10, t.cc) || t.cc < 50 || t.cc > 199)
    return makeError("bad CUDA target '" + spec +
                     "' (expected cuda:NN, e.g. cuda:90 or cuda:80)");
  t.target = ("cuda:" + ccText).str();
  if (format == "ptx")
    t.kind = BinaryKind::PTX;
  else if (!format.empty() && format != "cubin")
    return makeError("bad CUDA target '" + spec +
                     "': the format after the compute capability is cubin "
                     "or ptx");
  if (!t.prebuilt.empty()) {
    StringRef ext = sys::path::extension(t.prebuilt);
    if (ext == ".ptx")
      t.kind = BinaryKind::PTX;
    else if (ext == ".cubin")
      t.kind = BinaryKind::Cubin;
    else
      return makeError("--target " + s +
                       ": a CUDA binary must be a .cubin or a .ptx file");
  }
  return t;
}
} // namespace

Expected<std::vector<TargetRequest>>
tt::aot::detail::parseTargets(const CompileRequest &request) {
  std::vector<TargetRequest> requests;
  for (const std::string &s : request.targets) {
    Expected<TargetRequest> t = parseTarget(s);
    if (!t)
      return t.takeError();
    for (const TargetRequest &r : requests)
      if (r.target == t->target && r.kind == t->kind)
        return makeError("target '" + s + "' is given twice");
    if (t->kind == BinaryKind::Object &&
        any_of(requests, [](const TargetRequest &r) {
          return r.kind == BinaryKind::Object;
        }))
      return makeError("target '" + s + "' is given twice");
    requests.push_back(*t);
  }
  if (!request.hints.empty() || request.noHints)
    for (const TargetRequest &r : requests)
      if (!r.prebuilt.empty())
        return makeError("--hint and --no-hints change how the kernel is "
                         "compiled; they cannot apply to the binary given by "
                         "--target " + r.spelling);
  return requests;
}

//===----------------------------------------------------------------------===//
// Binaries
//===----------------------------------------------------------------------===//

namespace {
/// Runs tt-translate with `args` (no shell); its diagnostics go to our
/// stderr.
Error runTranslate(StringRef tool, ArrayRef<std::string> args, StringRef what,
                   bool verbose) {
  std::vector<StringRef> argv{tool};
  for (const std::string &a : args)
    argv.push_back(a);
  if (verbose) {
    for (StringRef a : argv)
      errs() << a << " ";
    errs() << "\n";
  }
  std::string err;
  bool notRun = false;
  int rc =
      sys::ExecuteAndWait(tool, argv, std::nullopt, {}, 0, 0, &err, &notRun);
  if (notRun)
    return makeError("cannot run '" + tool + "': " + err);
  if (rc < 0)
    return makeError("tt-translate crashed compiling " + what + ": " + err);
  if (rc != 0)
    return makeError("tt-translate failed to compile " + what + " (exit code " +
                     Twine(rc) + ")");
  return Error::success();
}

/// Fills a CUDA binary's launch parameters from its metadata JSON (ours or
/// upstream Triton's) and refuses what the launchers cannot do.
Error readCUDAMetadata(StringRef text, StringRef path, const TargetRequest &t,
                       Binary &b) {
  Expected<json::Value> doc = json::parse(text);
  if (!doc)
    return makeError("bad metadata JSON '" + path +
                     "': " + toString(doc.takeError()));
  const json::Object *o = doc->getAsObject();
  if (!o)
    return makeError("bad metadata JSON '" + path + "': not an object");
  if (std::optional<StringRef> n = o->getString("name"))
    b.entry = n->str();
  b.numWarps = int(o->getInteger("num_warps").value_or(4));
  b.threadsPerWarp = int(o->getInteger("warp_size").value_or(32));
  b.shared = o->getInteger("shared").value_or(0);
  b.globalScratchSize = o->getInteger("global_scratch_size").value_or(0);
  b.globalScratchAlign = o->getInteger("global_scratch_align").value_or(1);
  b.profileScratchSize = o->getInteger("profile_scratch_size").value_or(0);
  b.profileScratchAlign = o->getInteger("profile_scratch_align").value_or(1);
  if (b.numWarps <= 0 || b.threadsPerWarp <= 0 ||
      int64_t(b.numWarps) * b.threadsPerWarp > 1024)
    return makeError(path + ": num_warps " + Twine(b.numWarps) +
                     " is not a valid number of warps");
  if (b.shared < 0 || b.shared > (1 << 30) || b.globalScratchSize < 0 ||
      b.profileScratchSize < 0)
    return makeError(path + ": negative or huge memory sizes");
  if (o->getInteger("num_ctas").value_or(1) != 1)
    return makeError(path + ": clusters (num_ctas > 1) are not supported by "
                            "tt-aot's launchers");
  if (o->getBoolean("launch_cooperative_grid").value_or(false) ||
      o->getBoolean("launch_pdl").value_or(false))
    return makeError(path + ": cooperative and PDL launches are not "
                            "supported by tt-aot's launchers");
  if (const json::Array *td = o->getArray("tensordesc_meta");
      td && !td->empty())
    return makeError(path + ": tensor-descriptor (TMA) arguments are not "
                            "supported by tt-aot's launchers");
  if (const json::Object *tgt = o->getObject("target"))
    if (std::optional<int64_t> arch = tgt->getInteger("arch");
        arch && *arch != t.cc)
      return makeError(path + ": the binary was compiled for sm_" +
                       Twine(*arch) + ", not " + t.target);
  return Error::success();
}

/// For a PTX image: the entry exists and takes the user arguments and the
/// two scratch pointers.
Error checkPTX(StringRef ptx, StringRef entry, size_t numArgs, StringRef path) {
  std::string head = (".entry " + entry + "(").str();
  size_t at = ptx.find(head);
  if (at == StringRef::npos)
    return makeError(path + ": no .entry named '" + entry + "'");
  StringRef params = ptx.drop_front(at + head.size());
  params = params.take_until([](char c) { return c == ')'; });
  size_t count = 0;
  for (size_t p = params.find(".param"); p != StringRef::npos;
       p = params.find(".param", p + 1))
    ++count;
  if (count != numArgs + 2)
    return makeError(path + ": '" + entry + "' has " + Twine(count) +
                     " parameters, but the kernel's " + Twine(numArgs) +
                     " arguments and 2 scratch pointers make " +
                     Twine(numArgs + 2));
  return Error::success();
}

} // namespace

namespace {
/// Checks a prebuilt CPU object's metadata against the kernel's signature
/// and takes its entry symbol.
Error readCPUMetadata(StringRef meta, StringRef obj, const BuildContext &ctx,
                      const KernelSpec &spec, Binary &b) {
  Expected<std::string> text = readFile(meta, "metadata");
  if (!text)
    return text.takeError();
  Expected<json::Value> doc = json::parse(*text);
  const json::Object *o = doc ? doc->getAsObject() : nullptr;
  if (!doc)
    consumeError(doc.takeError());
  if (!o)
    return makeError("bad metadata JSON '" + meta + "'");
  if (std::optional<StringRef> e = o->getString("entry"))
    b.entry = e->str();
  if (const json::Array *margs = o->getArray("args")) {
    bool same = margs->size() == spec.args.size();
    for (size_t k = 0; same && k < margs->size(); ++k) {
      const json::Object *a = (*margs)[k].getAsObject();
      same = a && a->getString("type") == StringRef(spec.args[k].type);
    }
    if (!same)
      return makeError("'" + obj + "' was compiled from a kernel with other "
                       "arguments than '" + ctx.kernel + "' in '" +
                       ctx.request.input + "' (see '" + meta + "')");
  }
  return Error::success();
}
} // namespace

namespace {
/// A Binary of target `t`, its entry and contents still to fill.
Binary newBinary(const TargetRequest &t) {
  Binary b;
  b.target = t.target;
  b.kind = t.kind;
  b.computeCapability = t.cc;
  return b;
}

/// Runs tt-translate to compile the kernel for `t`.
Error translate(const BuildContext &ctx, const TargetRequest &t,
                ArrayRef<std::string> args) {
  return runTranslate(ctx.tool, args, "'" + ctx.kernel + "' for " + t.spelling,
                      ctx.request.verbose);
}

/// The metadata JSON beside a prebuilt binary: the same name, .json.
std::string getMetadataPath(StringRef binary) {
  SmallString<128> m(binary);
  sys::path::replace_extension(m, ".json");
  return std::string(m);
}

/// ELF files start with 0x7f 'E' 'L' 'F'.
bool isELF(StringRef bytes) { return bytes.starts_with("\177ELF"); }
} // namespace

Expected<Binary> tt::aot::detail::buildCPUBinary(const BuildContext &ctx,
                                                 const TargetRequest &t,
                                                 const KernelSpec &spec) {
  const CompileRequest &request = ctx.request;
  Binary b = newBinary(t);
  std::string obj = t.prebuilt, meta;
  b.entry = ctx.cpuEntry + "__packed";
  if (t.prebuilt.empty()) {
    obj = ctx.tmp("k.o");
    meta = ctx.tmp("k.cpu.json");
    std::vector<std::string> args{"--target", "cpu", "--emit=obj", ctx.cpuTTIR,
                                  "-o", obj, "--metadata", meta};
    if (!request.mcpu.empty())
      args.push_back("--mcpu=" + request.mcpu);
    if (!request.mattr.empty())
      args.push_back("--mattr=" + request.mattr);
    if (Error e = translate(ctx, t, args))
      return std::move(e);
  } else {
    b.entry = ctx.kernel + "__packed";
    if (std::string m = getMetadataPath(obj); sys::fs::exists(m))
      meta = m;
  }
  Expected<std::string> bytes = readFile(obj, "object");
  if (!bytes)
    return bytes.takeError();
  if (!isELF(*bytes))
    return makeError("'" + obj + "' is not an ELF object");
  if (!meta.empty())
    if (Error e = readCPUMetadata(meta, obj, ctx, spec, b))
      return std::move(e);
  if (Error e = writeFile(ctx.objectPath, *bytes))
    return std::move(e);
  b.objectFile = ctx.base + ".cpu.o";
  return b;
}

Expected<Binary> tt::aot::detail::buildCUDABinary(const BuildContext &ctx,
                                                  const TargetRequest &t,
                                                  size_t index,
                                                  const KernelSpec &spec) {
  const CompileRequest &request = ctx.request;
  Binary b = newBinary(t);
  std::string image = t.prebuilt, meta;
  bool ptx = t.kind == BinaryKind::PTX;
  if (t.prebuilt.empty()) {
    std::string stem = "k" + std::to_string(index);
    image = ctx.tmp(stem + (ptx ? ".ptx" : ".cubin"));
    meta = ctx.tmp(stem + ".json");
    std::vector<std::string> args{"--target", t.target,
                                  ptx ? "--ptx" : "--cubin", ctx.cudaTTIR,
                                  "-o", image, "--metadata", meta};
    if (request.numWarps > 0)
      args.push_back("--num-warps=" + std::to_string(request.numWarps));
    if (request.numStages > 0)
      args.push_back("--num-stages=" + std::to_string(request.numStages));
    if (Error e = translate(ctx, t, args))
      return std::move(e);
  } else {
    meta = getMetadataPath(image);
    if (!sys::fs::exists(meta))
      return makeError("--target " + t.spelling + ": the binary's metadata "
                       "JSON '" + meta + "' is missing (it gives num_warps "
                       "and shared memory)");
  }
  Expected<std::string> bytes = readFile(image, "binary");
  if (!bytes)
    return bytes.takeError();
  Expected<std::string> metaText = readFile(meta, "metadata");
  if (!metaText)
    return metaText.takeError();
  b.entry = ctx.kernel;
  if (Error e = readCUDAMetadata(*metaText, meta, t, b))
    return std::move(e);
  b.image = std::move(*bytes);
  if (t.kind == BinaryKind::Cubin && !isELF(b.image))
    return makeError("'" + image + "' is not a cubin (no ELF header)");
  if (ptx)
    if (Error e = checkPTX(b.image, b.entry, spec.args.size(), image))
      return std::move(e);
  return b;
}
