//===- Collect.cpp - What a compilation produced, for the report -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The Recorder (tt/Report/Report.h) and the parts of the report that need
// MLIR: the TTGIR is parsed again from its dump to find its layouts, the
// layout conversions and the shared-memory accesses. Everything else is
// read from the stage files the session wrote.
//
//===----------------------------------------------------------------------===//

#include "Common.h"

#include "tt/Report/LayoutPicture.h"
#include "tt/Report/Report.h"

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"
#include "tt/LinearLayout/Conversion.h"
#include "tt/Compiler/Session.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <map>

using namespace llvm;
using namespace tt::report;
namespace ttg = mlir::triton::gpu;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

namespace {

/// $<env>, then <name> on PATH, then /usr/local/cuda/bin/<name>; empty if
/// none exists.
std::string findTool(StringRef env, StringRef name) {
  if (std::optional<std::string> v = tt::debug::getEnv(env))
    if (sys::fs::can_execute(*v))
      return *v;
  if (ErrorOr<std::string> p = sys::findProgramByName(name))
    return *p;
  std::string cuda = ("/usr/local/cuda/bin/" + name).str();
  if (sys::fs::can_execute(cuda))
    return cuda;
  return "";
}

struct ToolRun {
  int rc = -1;
  std::string output; ///< stdout and stderr together
};

/// Runs `tool` with `args` (argv[0] added), stdout and stderr captured.
ToolRun runTool(StringRef tool, ArrayRef<std::string> args) {
  ToolRun run;
  SmallString<128> log;
  if (sys::fs::createTemporaryFile("tt-report", "log", log))
    return run;
  SmallVector<StringRef, 8> argv = {tool};
  for (const std::string &a : args)
    argv.push_back(a);
  std::optional<StringRef> redirects[] = {std::nullopt, StringRef(log),
                                          StringRef(log)};
  std::string err;
  run.rc = sys::ExecuteAndWait(tool, argv, std::nullopt, redirects,
                               /*SecondsToWait=*/120, 0, &err);
  run.output = readFile(log).value_or("");
  if (!err.empty())
    run.output += err;
  sys::fs::remove(log);
  return run;
}

/// A temporary file holding `data`; empty on error.
std::string writeTemp(StringRef suffix, StringRef data) {
  SmallString<128> path;
  int fd;
  if (sys::fs::createTemporaryFile("tt-report", suffix, fd, path))
    return "";
  raw_fd_ostream os(fd, /*shouldClose=*/true);
  os << data;
  return std::string(path);
}

/// The architecture a PTX module targets (".target sm_90a").
std::string ptxArch(StringRef ptx) {
  size_t at = ptx.find(".target");
  if (at == StringRef::npos)
    return "";
  StringRef rest = ptx.substr(at + 7).ltrim();
  return rest.substr(0, rest.find_first_of(", \t\n")).str();
}

std::string shapeString(ArrayRef<int64_t> shape) {
  std::string s;
  for (unsigned i = 0; i < shape.size(); ++i)
    s += (i ? "x" : "") + std::to_string(shape[i]);
  return s;
}

std::string printAttr(mlir::Attribute a) {
  std::string s;
  raw_string_ostream os(s);
  a.print(os);
  return s;
}

unsigned elementBits(mlir::Type t) {
  if (t.isIntOrFloat())
    return t.getIntOrFloatBitWidth();
  return 64; // pointers
}

/// 1-based numbers of the lines of `text` containing `needle`.
std::vector<unsigned> linesContaining(StringRef text, StringRef needle) {
  std::vector<unsigned> out;
  unsigned n = 0;
  while (!text.empty()) {
    auto [line, rest] = text.split('\n');
    ++n;
    if (line.contains(needle))
      out.push_back(n);
    text = rest;
  }
  return out;
}

} // namespace

//===----------------------------------------------------------------------===//
// Recorder
//===----------------------------------------------------------------------===//

/// "file:line:col: " of a diagnostic's location, when it has one.
static std::string where(mlir::Location loc) {
  while (true) {
    if (auto name = dyn_cast<mlir::NameLoc>(loc))
      loc = name.getChildLoc();
    else if (auto call = dyn_cast<mlir::CallSiteLoc>(loc))
      loc = call.getCallee();
    else
      break;
  }
  if (auto file = dyn_cast<mlir::FileLineColLoc>(loc))
    return formatv("{0}:{1}:{2}: ", file.getFilename().getValue(),
                   file.getLine(), file.getColumn())
        .str();
  return "";
}

struct Recorder::Impl {
  mlir::MLIRContext &context;
  tt::debug::KernelSession &session;
  mlir::DiagnosticEngine::HandlerID handler;
  std::vector<std::string> errors;
  std::vector<PassIR> passes;
  bool quiet = false; ///< ignore diagnostics (while parsing for ourselves)

  Impl(mlir::MLIRContext &context, tt::debug::KernelSession &session)
      : context(context), session(session) {
    session.setPassIRCallback(
        [this](StringRef stage, StringRef pass, StringRef ir, bool failed) {
          passes.push_back({stage.str(), pass.str(), ir.str(), failed});
        });
    handler = context.getDiagEngine().registerHandler(
        [this](mlir::Diagnostic &diag) -> mlir::LogicalResult {
          if (quiet)
            return mlir::success(); // swallowed
          if (diag.getSeverity() == mlir::DiagnosticSeverity::Error) {
            std::string s;
            raw_string_ostream os(s);
            os << where(diag.getLocation()) << "error: " << diag;
            for (const mlir::Diagnostic &note : diag.getNotes()) {
              // The pass manager's dump of the failing op is in the pass
              // list already.
              if (StringRef(note.str()).starts_with("see current operation"))
                continue;
              os << "\n" << where(note.getLocation()) << "note: " << note;
            }
            errors.push_back(s);
          }
          return mlir::failure(); // still printed as before
        });
  }
  ~Impl() {
    context.getDiagEngine().eraseHandler(handler);
    session.setPassIRCallback(nullptr);
  }

  void stageFiles(ReportData &d, const RecorderOptions &o,
                  std::map<std::string, std::string> &files);
  void statuses(ReportData &d, bool succeeded, const RecorderOptions &o,
                const std::map<std::string, std::string> &files,
                StringRef sassWhyNot);
  std::string disassemble(ReportData &d, StringRef ptx, StringRef cubinPath,
                          StringRef ptxasCubin);
  void ttgir(ReportData &d, StringRef text);
  void findings(ReportData &d);
  void python(ReportData &d, const RecorderOptions &o);
};

Recorder::Recorder(mlir::MLIRContext &context, tt::debug::KernelSession &s)
    : impl(std::make_unique<Impl>(context, s)) {}
Recorder::~Recorder() = default;

void Recorder::addError(StringRef message) {
  impl->errors.push_back(message.str());
}

/// ext -> path of every stage the session wrote.
void Recorder::Impl::stageFiles(ReportData &d, const RecorderOptions &o,
                                std::map<std::string, std::string> &files) {
  std::string prefix = (session.getKernelName() + ".").str();
  for (const std::string &path : session.getWrittenFiles()) {
    StringRef name = sys::path::filename(path);
    if (name.consume_front(prefix))
      files[name.str()] = path;
  }
  static const char *const textStages[] = {"source.ttir", "ttir", "ttgir",
                                           "llir",        "ptx",  "amdgcn"};
  for (const char *ext : textStages) {
    auto it = files.find(ext);
    if (it == files.end())
      continue;
    std::optional<std::string> text = readFile(it->second);
    if (!text)
      continue;
    StageText t;
    t.ext = ext;
    t.path = it->second;
    t.text = std::move(*text);
    d.texts.push_back(std::move(t));
  }
  if (auto it = files.find("json"); it != files.end())
    d.metadataJSON = readFile(it->second).value_or("");
}

void Recorder::Impl::statuses(ReportData &d, bool succeeded,
                              const RecorderOptions &o,
                              const std::map<std::string, std::string> &files,
                              StringRef sassWhyNot) {
  bool cpu = o.target == "cpu";
  std::vector<std::string> expected;
  // A TTGIR input has no TTIR stage.
  bool ttgirInput = files.count("ttgir") && !files.count("ttir");
  if (!ttgirInput)
    expected.push_back("ttir");
  if (cpu) {
    expected.insert(expected.end(), {"llir", "o", "json"});
  } else {
    expected.insert(expected.end(), {"ttgir", "llir", "ptx", "cubin", "json"});
  }
  bool failedSeen = false;
  // The first error says most (a diagnostic); later ones are the tool's
  // summary ("the TTGIR stage failed").
  std::string why = errors.empty() ? "" : errors.front();
  // The first line of the last error is enough for a chip.
  why = StringRef(why).split('\n').first.str();
  for (const std::string &ext : expected) {
    StageStatus s;
    s.stage = ext;
    if (files.count(ext)) {
      s.status = "ok";
    } else if (ext == "cubin" && findTool("TRITON_PTXAS_PATH", "ptxas").empty()) {
      s.status = "skipped";
      s.message = "no ptxas";
    } else if (!succeeded && !failedSeen) {
      s.status = "failed";
      s.message = why;
      failedSeen = true;
    } else if (!succeeded) {
      s.status = "not reached";
    } else {
      s.status = "skipped";
    }
    d.stages.push_back(s);
    if (ext == "cubin" && !cpu) {
      StageStatus sass;
      sass.stage = "sass";
      bool have = llvm::any_of(d.texts, [](const StageText &t) {
        return t.ext == "sass";
      });
      sass.status = have ? "ok" : "skipped";
      sass.message = have ? "" : sassWhyNot.str();
      d.stages.push_back(sass);
    }
  }
}

std::string Recorder::Impl::disassemble(ReportData &d, StringRef ptx,
                                        StringRef cubinPath,
                                        StringRef ptxasCubin) {
  StringRef cubin = !cubinPath.empty() ? cubinPath : ptxasCubin;
  if (cubin.empty())
    return "no cubin";
  std::string nvdisasm = findTool("TRITON_NVDISASM_PATH", "nvdisasm");
  std::string cuobjdump = findTool("TRITON_CUOBJDUMP_PATH", "cuobjdump");
  StageText t;
  t.ext = "sass";
  if (!nvdisasm.empty()) {
    // -gi: source lines (from ptxas -lineinfo) with inlining; -c: code only.
    for (std::vector<std::string> flags :
         {std::vector<std::string>{"-c", "-gi"}, {"-c", "-g"}, {"-c"}}) {
      flags.push_back(cubin.str());
      ToolRun run = runTool(nvdisasm, flags);
      if (run.rc == 0 && !run.output.empty()) {
        t.path = "nvdisasm " + join(flags, " ");
        t.text = std::move(run.output);
        break;
      }
    }
  }
  if (t.text.empty() && !cuobjdump.empty()) {
    ToolRun run = runTool(cuobjdump, {"-sass", cubin.str()});
    if (run.rc == 0 && !run.output.empty()) {
      t.path = "cuobjdump -sass " + cubin.str();
      t.text = std::move(run.output);
    }
  }
  if (t.text.empty())
    return nvdisasm.empty() && cuobjdump.empty()
               ? "no nvdisasm or cuobjdump (TRITON_NVDISASM_PATH, PATH, "
                 "/usr/local/cuda/bin)"
               : "the disassembler failed";
  d.texts.push_back(std::move(t));
  return "";
}

namespace {
/// Encoding use counts of the TTGIR: encoding -> shape -> (count, bits).
struct EncodingUse {
  std::map<std::vector<int64_t>, std::pair<unsigned, unsigned>> shapes;
};
} // namespace

void Recorder::Impl::ttgir(ReportData &d, StringRef text) {
  // Aliases: the attribute as printed -> its name.
  std::map<std::string, std::string> aliases;
  for (StringRef line : split(text, '\n')) {
    if (!line.starts_with("#") || line.starts_with("#loc"))
      continue;
    auto [lhs, rhs] = line.split(" = ");
    if (!rhs.empty())
      aliases[rhs.trim().str()] = lhs.trim().str();
  }
  quiet = true;
  mlir::ParserConfig config(&context);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(text, config, "ttgir");
  quiet = false;
  if (!module) {
    d.layoutsNote = "The TTGIR could not be parsed again for its layouts.";
    return;
  }
  // An attribute by its alias, or as printed with the aliases of the
  // attributes inside it (#ttg.slice<{dim = 1, parent = #blocked1}>).
  auto nameOf = [&](mlir::Attribute a) {
    std::string s = printAttr(a);
    auto it = aliases.find(s);
    if (it != aliases.end())
      return it->second;
    for (const auto &[text, name] : aliases)
      for (size_t at = s.find(text); at != std::string::npos;
           at = s.find(text, at + name.size()))
        s.replace(at, text.size(), name);
    return s;
  };

  MapVector<mlir::Attribute, EncodingUse> uses;
  // A tensor or a memory descriptor: one more value of its shape under its
  // encoding.
  auto noteEncoded = [&](auto type) {
    if (!type.getEncoding())
      return;
    auto &u = uses[type.getEncoding()].shapes[std::vector<int64_t>(
        type.getShape().begin(), type.getShape().end())];
    ++u.first;
    u.second = elementBits(type.getElementType());
  };
  auto note = [&](mlir::Type type) {
    if (auto t = dyn_cast<mlir::RankedTensorType>(type))
      noteEncoded(t);
    else if (auto m = dyn_cast<ttg::MemDescType>(type))
      noteEncoded(m);
  };
  std::vector<unsigned> convertLines = linesContaining(text, "ttg.convert_layout ");
  std::vector<unsigned> loadLines = linesContaining(text, "ttg.local_load ");
  std::vector<unsigned> storeLines = linesContaining(text, "ttg.local_store ");
  std::vector<unsigned> allocLines = linesContaining(text, "ttg.local_alloc ");
  std::vector<unsigned> dotLines = linesContaining(text, "tt.dot ");
  unsigned convertIdx = 0, loadIdx = 0, storeIdx = 0, allocIdx = 0,
           dotIdx = 0;
  auto lineAt = [](const std::vector<unsigned> &v, unsigned i) {
    return i < v.size() ? v[i] : 0u;
  };
  Finding viaShared{"warning", "", "", {}};
  unsigned viaSharedCount = 0;
  std::vector<std::string> convertKinds;
  Finding conflicts{"warning", "", "", {}};
  unsigned conflictCount = 0;
  Finding fmaDot{"warning", "", "", {}};

  // Bank conflicts of a register tensor going to / coming from a buffer.
  auto checkShared = [&](mlir::RankedTensorType regs, ttg::MemDescType mem,
                         StringRef what, unsigned line) {
    if (!regs || !mem || !regs.getEncoding() || !mem.getEncoding())
      return;
    // Compare the layouts on the register tensor's shape (a view of one
    // buffer).
    std::optional<LinearLayout> r =
        encodingToLinearLayout(regs.getShape(), regs.getEncoding());
    std::optional<LinearLayout> s =
        encodingToLinearLayout(regs.getShape(), mem.getEncoding());
    if (!r || !s)
      return;
    unsigned bits = elementBits(regs.getElementType());
    std::optional<unsigned> vec = tt::sharedAccessVectorWidth(*r, *s, bits);
    if (!vec)
      return;
    std::optional<tt::BankConflictStats> stats =
        tt::countBankConflicts(*r, *s, bits, *vec);
    if (!stats || stats->conflicts() <= 0)
      return;
    ++conflictCount;
    conflicts.detail += formatv("{0} {1} <-> {2} ({3}x{4}-bit vectors): {5} "
                                "wavefronts per warp where {6} would do. ",
                                what, nameOf(regs.getEncoding()),
                                nameOf(mem.getEncoding()), *vec, bits,
                                stats->wavefronts, stats->idealWavefronts)
                            .str();
    if (line)
      conflicts.places.push_back({"ttgir", line});
  };

  module->walk([&](mlir::Operation *op) {
    for (mlir::Type t : op->getResultTypes())
      note(t);
    for (mlir::Type t : op->getOperandTypes())
      note(t);
    for (mlir::Region &region : op->getRegions())
      for (mlir::Block &block : region)
        for (mlir::BlockArgument arg : block.getArguments())
          note(arg.getType());
    if (auto cvt = dyn_cast<ttg::ConvertLayoutOp>(op)) {
      unsigned line = lineAt(convertLines, convertIdx++);
      auto src = dyn_cast<mlir::RankedTensorType>(cvt->getOperand(0).getType());
      auto dst = dyn_cast<mlir::RankedTensorType>(cvt->getResult(0).getType());
      if (!src || !dst)
        return;
      std::optional<LinearLayout> a =
          encodingToLinearLayout(src.getShape(), src.getEncoding());
      std::optional<LinearLayout> b =
          encodingToLinearLayout(dst.getShape(), dst.getEncoding());
      std::optional<tt::ConversionAnalysis> kind;
      if (a && b)
        kind = tt::analyzeConversion(*a, *b);
      std::string desc = nameOf(src.getEncoding()) + " -> " +
                         nameOf(dst.getEncoding()) + " (" +
                         shapeString(src.getShape()) + "): " +
                         (kind ? tt::stringifyConversionKind(kind->kind).str()
                               : std::string("unknown"));
      convertKinds.push_back(desc);
      if (kind && kind->kind >= tt::ConversionKind::SharedMemory) {
        ++viaSharedCount;
        viaShared.detail += desc + ". ";
        if (line)
          viaShared.places.push_back({"ttgir", line});
      }
    } else if (auto load = dyn_cast<ttg::LocalLoadOp>(op)) {
      checkShared(dyn_cast<mlir::RankedTensorType>(load.getResult().getType()),
                  dyn_cast<ttg::MemDescType>(load.getSrc().getType()),
                  "ttg.local_load", lineAt(loadLines, loadIdx++));
    } else if (auto store = dyn_cast<ttg::LocalStoreOp>(op)) {
      checkShared(dyn_cast<mlir::RankedTensorType>(store.getSrc().getType()),
                  dyn_cast<ttg::MemDescType>(store.getDst().getType()),
                  "ttg.local_store", lineAt(storeLines, storeIdx++));
    } else if (auto alloc = dyn_cast<ttg::LocalAllocOp>(op)) {
      unsigned line = lineAt(allocLines, allocIdx++);
      if (alloc.getSrc())
        checkShared(
            dyn_cast<mlir::RankedTensorType>(alloc.getSrc().getType()),
            dyn_cast<ttg::MemDescType>(alloc.getResult().getType()),
            "ttg.local_alloc", line);
    } else if (op->getName().getStringRef() == "tt.dot") {
      unsigned line = lineAt(dotLines, dotIdx++);
      auto type = dyn_cast<mlir::RankedTensorType>(op->getResult(0).getType());
      if (type && isa_and_nonnull<ttg::BlockedEncodingAttr>(type.getEncoding())) {
        fmaDot.title = "tt.dot is lowered to FMA: its TTGIR result layout is "
                       "a blocked one, not an MMA layout";
        fmaDot.detail = "The TTGIR stage chose " + nameOf(type.getEncoding()) +
                        " for the accumulator, so the dot runs on the FMA "
                        "units without tensor-core instructions "
                        "(mma/wgmma).";
        if (line)
          fmaDot.places.push_back({"ttgir", line});
      }
    }
  });

  // A finding about `count` places, titled by `format` ({0}: the count);
  // none when there are no such places.
  auto addCounted = [&](Finding f, size_t count, const char *format) {
    if (!count)
      return;
    f.title = formatv(format, count).str();
    d.findings.push_back(std::move(f));
  };
  addCounted(viaShared, viaSharedCount,
             "{0} layout conversion(s) go through shared memory");
  if (!convertKinds.empty() && viaSharedCount < convertKinds.size()) {
    Finding f{"note", "", "", {}};
    f.title = formatv("{0} layout conversion(s) stay within a warp",
                      convertKinds.size() - viaSharedCount)
                  .str();
    for (const std::string &k : convertKinds)
      if (!StringRef(k).ends_with("SharedMemory") &&
          !StringRef(k).ends_with("DistributedSharedMemory"))
        f.detail += k + ". ";
    d.findings.push_back(f);
  }
  addCounted(conflicts, conflictCount,
             "{0} shared-memory access(es) have bank conflicts");
  if (!fmaDot.title.empty())
    d.findings.push_back(fmaDot);

  for (auto &[encoding, use] : uses) {
    // The shape to draw: highest rank, then most uses, then most elements.
    const std::vector<int64_t> *best = nullptr;
    std::pair<unsigned, unsigned> bestUse{0, 0};
    auto numel = [](const std::vector<int64_t> &s) {
      int64_t n = 1;
      for (int64_t v : s)
        n *= v;
      return n;
    };
    for (const auto &[shape, u] : use.shapes) {
      if (!best ||
          std::make_tuple(shape.size(), u.first, numel(shape)) >
              std::make_tuple(best->size(), bestUse.first, numel(*best))) {
        best = &shape;
        bestUse = u;
      }
    }
    LayoutFigure fig;
    fig.name = nameOf(encoding);
    fig.attr = printAttr(encoding);
    if (!StringRef(fig.name).starts_with("#") ||
        StringRef(fig.name).contains('<'))
      fig.attr.clear(); // no alias: the name is the attribute already
    std::optional<Picture> pic =
        best ? drawEncoding(encoding, *best, bestUse.second) : std::nullopt;
    if (!pic) {
      fig.caption = "no picture: this encoding has no linear layout here";
    } else {
      fig.svg = std::move(pic->svg);
      fig.caption = pic->caption;
      fig.notes = std::move(pic->notes);
      SmallVector<int64_t, 4> drawn(best->begin(), best->end());
      if (isSharedEncoding(encoding) && drawn.size() > 2)
        drawn.erase(drawn.begin(), drawn.end() - 2);
      if (std::optional<LinearLayout> ll =
              encodingToLinearLayout(drawn, encoding))
        fig.bases = ll->toString();
    }
    std::string others;
    for (const auto &[shape, u] : use.shapes)
      if (&shape != best)
        others += (others.empty() ? "" : ", ") + shapeString(shape);
    if (!others.empty())
      fig.notes.push_back("also used with " + others);
    d.layouts.push_back(std::move(fig));
  }
  if (d.layouts.empty())
    d.layoutsNote = "The TTGIR has no tensor with a layout.";
}

void Recorder::Impl::findings(ReportData &d) {
  const StageText *ptx = nullptr, *sass = nullptr, *ttir = nullptr,
                  *ttgirText = nullptr;
  for (const StageText &t : d.texts) {
    if (t.ext == "ptx")
      ptx = &t;
    else if (t.ext == "sass")
      sass = &t;
    else if (t.ext == "ttir")
      ttir = &t;
    else if (t.ext == "ttgir")
      ttgirText = &t;
  }

  // Global loads narrower than 128 bits.
  if (ptx) {
    std::map<unsigned, unsigned> widths;
    Finding f{"warning", "", "", {}};
    unsigned n = 0, count = 0;
    for (StringRef line : split(ptx->text, '\n')) {
      ++n;
      StringRef s = line.trim();
      if (s.starts_with("@")) // predicate
        s = s.split(' ').second.ltrim();
      if (!s.starts_with("ld.global"))
        continue;
      StringRef opcode = s.substr(0, s.find_first_of(" \t"));
      SmallVector<StringRef, 6> parts;
      opcode.split(parts, '.');
      unsigned vec = 1, bits = 0;
      for (StringRef p : parts) {
        if (p.size() >= 2 && p[0] == 'v' && isDigit(p[1]))
          p.drop_front().getAsInteger(10, vec);
        else if (p.size() >= 2 && (p[0] == 'b' || p[0] == 'f' ||
                                   p[0] == 'u' || p[0] == 's') &&
                 isDigit(p[1]))
          p.drop_front().getAsInteger(10, bits);
      }
      unsigned width = vec * bits;
      if (width == 0 || width >= 128)
        continue;
      ++widths[width];
      ++count;
      if (f.places.size() < 12)
        f.places.push_back({"ptx", n});
    }
    if (count) {
      f.title = formatv("{0} global load(s) narrower than 128 bits", count)
                    .str();
      f.detail = "Widths:";
      for (auto [w, c] : widths)
        f.detail += formatv(" {0} bits x{1}", w, c).str();
      f.detail += ". Wide (128-bit) loads need contiguous, aligned elements "
                  "per thread: check the layout's sizePerThread along the "
                  "contiguous dim and the pointers' divisibility hints.";
      d.findings.push_back(f);
    }
  }

  // Spills and local memory.
  const Resources &r = d.resources;
  if (r.valid && (r.spillStores > 0 || r.spillLoads > 0)) {
    d.findings.push_back(
        {"warning",
         formatv("register spills: {0} bytes stored, {1} bytes loaded",
                 r.spillStores, r.spillLoads)
             .str(),
         formatv("ptxas used {0} registers per thread and spilled the rest "
                 "to local memory.",
                 r.registers)
             .str(),
         {}});
  } else if (r.valid && r.stackFrame > 0) {
    d.findings.push_back(
        {"note", formatv("{0} bytes of stack frame", r.stackFrame).str(),
         "Local memory without spills: arrays indexed dynamically.", {}});
  }

  // A dot without tensor-core instructions.
  StringRef dotSource = ttgirText ? StringRef(ttgirText->text)
                        : ttir    ? StringRef(ttir->text)
                                  : StringRef();
  bool hasDot = dotSource.contains("tt.dot ") ||
                dotSource.contains("ttng.warp_group_dot") ||
                dotSource.contains("tt.dot_scaled");
  if (hasDot) {
    bool fmaNoted = llvm::any_of(d.findings, [](const Finding &f) {
      return StringRef(f.title).starts_with("tt.dot is lowered to FMA");
    });
    if (ptx) {
      bool tc = StringRef(ptx->text).contains("mma.sync") ||
                StringRef(ptx->text).contains("wgmma.mma_async") ||
                StringRef(ptx->text).contains("tcgen05.mma");
      bool sassTC = sass && (StringRef(sass->text).contains("HMMA") ||
                             StringRef(sass->text).contains("HGMMA") ||
                             StringRef(sass->text).contains("IMMA") ||
                             StringRef(sass->text).contains("QGMMA"));
      if (!tc && !sassTC)
        d.findings.push_back(
            {"warning",
             "a dot kernel without tensor-core instructions",
             std::string("The PTX has no mma.sync, wgmma or tcgen05.mma") +
                 (sass ? " and the SASS no HMMA/HGMMA" : "") + ".",
             {}});
    } else if (!fmaNoted) {
      d.findings.push_back(
          {"note",
           "a dot kernel whose tensor-core use cannot be checked: there is "
           "no PTX",
           "The compilation stopped before PTX; see the stage list.",
           {}});
    }
  }
}

void Recorder::Impl::python(ReportData &d, const RecorderOptions &o) {
  std::string path = o.pythonSource;
  if (path.empty()) {
    // A .py file named by the first MLIR stage's locations.
    const StageText *mlir = nullptr;
    for (const StageText &t : d.texts)
      if (t.ext == "source.ttir" || t.ext == "ttir" || t.ext == "ttgir") {
        mlir = &t;
        break;
      }
    if (!mlir)
      return;
    std::vector<std::string> names;
    StringRef text = mlir->text;
    for (size_t at = text.find("loc(\""); at != StringRef::npos;
         at = text.find("loc(\"", at + 5)) {
      StringRef rest = text.substr(at + 5);
      StringRef name = rest.substr(0, rest.find('"'));
      if (name.ends_with(".py") && !llvm::is_contained(names, name.str()))
        names.push_back(name.str());
    }
    SmallString<128> inputDir(o.inputPath);
    sys::path::remove_filename(inputDir);
    for (const std::string &name : names) {
      SmallVector<std::string, 3> candidates = {name};
      if (!inputDir.empty()) {
        SmallString<128> p(inputDir);
        sys::path::append(p, sys::path::filename(name));
        candidates.push_back(std::string(p));
      }
      for (const std::string &c : candidates)
        if (sys::fs::is_regular_file(c)) {
          path = c;
          break;
        }
      if (!path.empty())
        break;
    }
    if (path.empty())
      return;
  }
  std::optional<std::string> text = readFile(path);
  if (!text) {
    errors.push_back("tt-dump: cannot read the Python source " + path);
    return;
  }
  StageText t;
  t.ext = "py";
  t.title = "Python";
  t.path = path;
  t.text = std::move(*text);
  d.texts.insert(d.texts.begin(), std::move(t));
}

ReportData Recorder::collect(bool succeeded, const RecorderOptions &o) {
  Impl &m = *impl;
  ReportData d;
  d.kernelName = m.session.getKernelName().str();
  d.inputPath = o.inputPath;
  d.options = o.options;
  d.options.push_back({"dump directory", m.session.getDumpDir()});

  std::map<std::string, std::string> files;
  m.stageFiles(d, o, files);

  std::string sassWhyNot = "no cubin";
  const StageText *ptx = nullptr;
  for (const StageText &t : d.texts)
    if (t.ext == "ptx")
      ptx = &t;
  if (ptx && o.runTools) {
    std::string ptxas = findTool("TRITON_PTXAS_PATH", "ptxas");
    std::string ptxasCubin;
    if (ptxas.empty()) {
      d.resources.log = "no ptxas (TRITON_PTXAS_PATH, PATH, "
                        "/usr/local/cuda/bin): no resource report";
    } else {
      std::string in = writeTemp("ptx", ptx->text);
      SmallString<128> out;
      sys::fs::createTemporaryFile("tt-report", "cubin", out);
      std::string arch = ptxArch(ptx->text);
      ToolRun run = runTool(ptxas, {"-v", "-lineinfo", "-arch=" + arch, in,
                                    "-o", std::string(out)});
      d.resources = parsePtxasInfo(run.output);
      if (run.rc != 0)
        d.resources.log = "ptxas -v failed:\n" + run.output;
      else
        ptxasCubin = std::string(out);
      sys::fs::remove(in);
      auto cubin = files.find("cubin");
      sassWhyNot = m.disassemble(
          d, ptx->text, cubin != files.end() ? cubin->second : "", ptxasCubin);
      sys::fs::remove(out);
    }
  } else if (ptx) {
    sassWhyNot = "not run";
  }

  for (StageText &t : d.texts)
    if (t.title.empty())
      t.title = t.ext == "source.ttir" ? "source TTIR"
                : t.ext == "ttir"      ? "TTIR"
                : t.ext == "ttgir"     ? "TTGIR"
                : t.ext == "llir"      ? "LLVM IR"
                : t.ext == "ptx"       ? "PTX"
                : t.ext == "sass"      ? "SASS"
                : t.ext == "amdgcn"    ? "AMDGCN"
                                       : t.ext;

  const StageText *ttgirText = nullptr;
  for (const StageText &t : d.texts)
    if (t.ext == "ttgir")
      ttgirText = &t;
  if (ttgirText)
    m.ttgir(d, ttgirText->text);
  else
    d.layoutsNote = o.target == "cpu"
                        ? "The CPU pipeline has no TTGIR stage, hence no "
                          "layouts."
                        : "There is no TTGIR (the compilation stopped "
                          "before it).";
  m.findings(d);
  m.python(d, o);

  if (!o.tuneChart.empty()) {
    if (std::optional<std::string> svg = readFile(o.tuneChart)) {
      d.tuneChartSVG = std::move(*svg);
      d.tuneChartPath = o.tuneChart;
    } else {
      m.errors.push_back("tt-dump: cannot read the tuning chart " +
                         o.tuneChart);
    }
  }
  m.statuses(d, succeeded, o, files, sassWhyNot);
  d.errors = m.errors;
  d.passes = m.passes;
  return d;
}

Error Recorder::write(StringRef path, bool succeeded,
                      const RecorderOptions &options) {
  ReportData data = collect(succeeded, options);
  return tt::debug::writeFileAtomically(path, renderHTML(data));
}
