//===- Tuner.cpp - a tuning run from start to finish ------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The order of work: everything that can be wrong with the input is found
// before anything is compiled (the tune file, the launch, the template, the
// key and sizes, pruning expressions), the cache is consulted before
// anything is compiled, and every config is compiled before any is timed,
// so timings are not disturbed by compilers running on the same machine.
//
// Timing reuses tt-run's runner (lib/Runtime) as it is: each config's
// binary is a kernel variant of the launch, so inputs, references, checks,
// device handling and the benchmark method are exactly tt-run's. Configs
// whose launch-visible parameters are equal (same grid, same sizes) share
// one runner call, and with it one computation of the host references.
// A config is timed only after its output checked: in-process
// (--no-isolate) each group is run twice, once to check every config, once
// to time the configs that passed. By default the runner runs the variants
// in a child process, restarted after a config that fails, so a config
// that crashes or leaves the CUDA context unusable fails alone (this
// process never opens a GPU itself); then a group is one runner call (one
// child) that checks each config and times it right after.
//
//===----------------------------------------------------------------------===//

#include "tt/Tune/Tuner.h"
#include "tt/Runtime/AtomicFile.h"
#include "tt/Runtime/DType.h"
#include "tt/Runtime/Files.h"
#include "tt/Runtime/Metadata.h"
#include "tt/Runtime/Runner.h"
#include "tt/Runtime/TempDir.h"
#include "tt/Tune/Cache.h"
#include "tt/Tune/Compiler.h"
#include "tt/Tune/Hash.h"
#include "tt/Tune/Results.h"
#include "tt/Tune/Template.h"
#include "tt/Tune/TuneSpec.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstring>
#include <map>
#include <mutex>
#include <set>
#include <thread>
#include <unistd.h>

using namespace tt::tune;
using namespace tt::runtime;

namespace {

double now() {
  using namespace std::chrono;
  return duration<double>(steady_clock::now().time_since_epoch()).count();
}

std::string fmtMs(double ms) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", ms);
  return buf;
}

std::string fmtSeconds(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", s);
  return buf;
}

void replaceAll(std::string &s, const std::string &from,
                const std::string &to) {
  if (from.empty())
    return;
  for (size_t p = 0; (p = s.find(from, p)) != std::string::npos; p += to.size())
    s.replace(p, from.size(), to);
}

/// Writes the reports the options ask for ('-': `out`); ExitBadInput when
/// one cannot be written (said on `diag`), else ExitOk.
int writeReports(const TuneResults &results, const TuneOptions &opts, FILE *out,
                 FILE *diag) {
  int code = ExitOk;
  auto write = [&](const std::string &path, const std::string &text) {
    if (path.empty())
      return;
    std::string e;
    if (path == "-")
      std::fputs(text.c_str(), out);
    else if (!writeFileAtomic(path, text.data(), text.size(), e)) {
      std::fprintf(diag, "tt-tune: error: %s\n", e.c_str());
      code = ExitBadInput;
    }
  };
  write(opts.reportJson, resultsToJson(results));
  write(opts.reportCsv, resultsToCsv(results));
  write(opts.reportSvg, resultsToSvg(results));
  return code;
}

/// The name of the kernel a TTIR text defines (its first public function).
std::string kernelNameOf(const std::string &ttir) {
  for (const char *marker : {"tt.func public @", "tt.func @"}) {
    size_t p = ttir.find(marker);
    if (p == std::string::npos)
      continue;
    p += std::strlen(marker);
    size_t e = p;
    while (e < ttir.size() &&
           (std::isalnum((unsigned char)ttir[e]) || ttir[e] == '_' ||
            ttir[e] == '.' || ttir[e] == '$'))
      ++e;
    if (e > p)
      return ttir.substr(p, e - p);
  }
  return "";
}

/// `path` made absolute against the working directory.
std::string absolutePath(const std::string &path) {
  if (!path.empty() && path[0] == '/')
    return path;
  char cwd[4096];
  if (!::getcwd(cwd, sizeof cwd))
    return path;
  return std::string(cwd) + "/" + path;
}

//===----------------------------------------------------------------------===//
// Progress: a bar on a terminal, plain lines otherwise
//===----------------------------------------------------------------------===//

class Progress {
public:
  Progress(FILE *f, bool bar, bool quiet) : f(f), bar(bar), quiet(quiet) {}

  void begin(const std::string &phase, size_t total) {
    std::lock_guard<std::mutex> g(m);
    this->phase = phase;
    this->total = total;
    done = 0;
    started = now();
    if (bar && !quiet)
      draw("");
  }
  /// One unit of work finished; `line` describes it.
  void step(const std::string &line, size_t units = 1) {
    std::lock_guard<std::mutex> g(m);
    done += units;
    if (quiet)
      return;
    if (bar)
      draw(line);
    else if (!line.empty())
      std::fprintf(f, "tt-tune: %s\n", line.c_str());
    std::fflush(f);
  }
  /// A line that must be seen even on a terminal (failures).
  void note(const std::string &line) {
    std::lock_guard<std::mutex> g(m);
    if (quiet && !bar)
      return;
    if (bar)
      std::fprintf(f, "\r\x1b[K");
    std::fprintf(f, "tt-tune: %s\n", line.c_str());
    if (bar && total && !quiet)
      draw("");
    std::fflush(f);
  }
  void end() {
    std::lock_guard<std::mutex> g(m);
    if (bar && !quiet && total) {
      std::fprintf(f, "\r\x1b[K  %-10s %zu/%zu in %s s\n", phase.c_str(), done,
                   total, fmtSeconds(now() - started).c_str());
      std::fflush(f);
    }
    total = 0;
  }

private:
  void draw(const std::string &what) {
    const int width = 28;
    int filled = total ? int(double(done) / double(total) * width) : 0;
    std::string b(size_t(filled), '#');
    b += std::string(size_t(width - filled), '-');
    std::string tail = what.size() > 60 ? what.substr(0, 57) + "..." : what;
    std::fprintf(f, "\r\x1b[K  %-10s [%s] %zu/%zu %s", phase.c_str(), b.c_str(),
                 done, total, tail.c_str());
    std::fflush(f);
  }
  FILE *f;
  bool bar, quiet;
  std::mutex m;
  std::string phase;
  size_t total = 0, done = 0;
  double started = 0;
};

//===----------------------------------------------------------------------===//
// The run
//===----------------------------------------------------------------------===//

/// A batch of configs of one size that share their launch (one runner call
/// per pass), on one device.
struct WorkItem {
  size_t size = 0;
  std::vector<size_t> configs;
  NameValues sets; // size, --set and the configs' launch parameters
};

class TuneRun {
public:
  TuneRun(const TuneOptions &opts, FILE *out, FILE *diag)
      : opts(opts), out(out), diag(diag),
        progress(diag, opts.progressBar, opts.quiet) {}
  ~TuneRun() { cleanup(); }

  int run(const std::string &path);

private:
  // Set-up; each returns false after reporting an input error.
  bool readSpec(const std::string &path);
  bool prepareWorkDir();
  bool readLaunch();
  bool prepareKernel();
  bool checkNames();
  bool evaluateSizes();
  bool openDevices();
  void computeHashes();
  bool prune();

  // The work.
  void compile();
  void benchmark();
  void runItem(const WorkItem &item, int device);
  void sizeDone(size_t size);
  void record(size_t size, size_t config, Status st, const std::string &error,
              const BenchStats *bench);
  int finish();

  bool evalLaunchScope(const NameValues &sets, Scope &scope, std::string &err,
                       int &line, bool &inLaunch) const;
  NameValues launchSets(size_t size, const Config &c) const;
  int inputError(const std::string &file, int line, const std::string &msg);
  /// inputError, for the set-up steps that return false.
  bool refuse(const std::string &file, int line, const std::string &msg) {
    inputError(file, line, msg);
    return false;
  }
  std::string mapPaths(std::string s) const;
  void cleanup();

  const TuneOptions &opts;
  FILE *out, *diag;
  Progress progress;
  double startTime = now();

  TuneSpec spec;
  Target target = Target::CPU;
  std::string targetText, arch;
  std::string translate;

  std::string workDir;
  /// The temporary work folder when there is no --work-dir: removed with
  /// everything in it at the end, even if tt-tune is killed (TempDir.h).
  TempDir ownDir;

  std::string launchFile;  // what the runner reads
  std::string launchShown; // the file its errors should name
  RunSpec launch;
  std::set<std::string> launchNames;
  bool launchChecks = false;

  std::vector<Config> configs;
  Template kernelTemplate;
  std::string templateText;
  std::vector<Template> generatorArgs;
  std::string frontend, signature; // python kernels: tt-py and --signature
  std::string kernelName;

  std::vector<NameValues> sizeSets;
  std::vector<int> sizeLines;

  std::vector<std::string> deviceNames;
  TuneResults results;
  TuneCache cache{""};
  bool cacheOn = false;

  std::vector<CompileJob> jobs;
  std::map<size_t, size_t> jobOf; // config -> index in jobs
  std::mutex resultsMutex;
  double compileSeconds = 0;
  /// Per size: work items not yet run; whether its winner is in the cache
  /// already (stored as soon as the size finished).
  std::vector<size_t> itemsLeft;
  std::vector<bool> storedSize;
};

int TuneRun::inputError(const std::string &file, int line,
                        const std::string &msg) {
  progress.end();
  std::fprintf(diag, "%s\n", formatError(file, line, msg).c_str());
  return ExitBadInput;
}

/// Error text from the runner names the derived launch file and the
/// compiled kernels' temporary paths; say what the user wrote instead.
std::string TuneRun::mapPaths(std::string s) const {
  if (spec.launchInline)
    replaceAll(s, launchFile, spec.file);
  return s;
}

void TuneRun::cleanup() {
  ownDir.remove(); // a --work-dir of the user's is left as it is
}

bool TuneRun::readSpec(const std::string &path) {
  std::string err;
  if (!parseTuneSpec(path, spec, err)) {
    std::fprintf(diag, "%s\n", err.c_str());
    return false;
  }
  if (!opts.target.empty()) {
    targetText = opts.target;
    if (!parseTargetName(targetText, target, arch)) {
      std::fprintf(diag,
                   "tt-tune: error: unknown --target '%s' (expected cpu, "
                   "cuda, cuda:NN, hip or hip:gfxNNN)\n",
                   targetText.c_str());
      return false;
    }
  } else if (spec.hasTarget) {
    targetText = spec.target;
    parseTargetName(targetText, target, arch);
  }
  return true;
}

bool TuneRun::prepareWorkDir() {
  std::string err;
  if (!opts.workDir.empty()) {
    workDir = opts.workDir;
    if (!makeDirectories(workDir, err)) {
      std::fprintf(diag, "tt-tune: error: %s\n", err.c_str());
      return false;
    }
    return true;
  }
  if (!ownDir.create("tt-tune", err)) {
    std::fprintf(diag, "tt-tune: error: %s\n", err.c_str());
    return false;
  }
  workDir = ownDir.path();
  return true;
}

bool TuneRun::readLaunch() {
  std::string err;
  if (spec.launchInline) {
    launchFile = workDir + "/launch.run.yaml";
    launchShown = spec.file;
    if (!writeFileAtomic(launchFile, spec.launchText.data(),
                         spec.launchText.size(), err)) {
      std::fprintf(diag, "tt-tune: error: %s\n", err.c_str());
      return false;
    }
  } else {
    launchFile = launchShown = spec.launchPath;
  }
  if (!parseRunSpec(launchFile, launch, err)) {
    std::fprintf(diag, "%s\n", mapPaths(err).c_str());
    return false;
  }
  for (const auto &p : launch.params)
    launchNames.insert(p.first);
  for (const ArgSpec &a : launch.args) {
    if (!a.isTensor)
      launchNames.insert(a.name);
    launchChecks |= a.isTensor && a.check.kind != CheckSpec::Kind::None;
  }
  // The target: --target, the tune file, else the launch's.
  if (targetText.empty()) {
    if (!launch.hasTarget) {
      inputError(spec.file, 0,
                 "no target: add 'target: cpu' (or cuda, cuda:90, ...) to "
                 "the tune file or the launch, or pass --target");
      return false;
    }
    targetText = targetName(launch.target);
    target = launch.target;
  }
  if (target == Target::HIP) {
    inputError(spec.file, spec.targetLine,
               "tuning for HIP is not supported yet: tt-translate compiles "
               "HSACO, but tt-run's HIP path has never run on an AMD GPU");
    return false;
  }
  if (launch.shared.present() && target != Target::CPU) {
    inputError(launchShown, launch.shared.line,
               "remove 'shared:' from the launch: each config's shared "
               "memory comes from its compiled kernel");
    return false;
  }
  kernelName = launch.name;
  return true;
}

bool TuneRun::prepareKernel() {
  std::string err;
  int line = 0;
  if (!expandSpace(spec.space, configs, err, line)) {
    inputError(spec.file, line ? line : spec.spaceLine, err);
    return false;
  }
  std::set<std::string> configNames;
  for (const Config &c : configs)
    for (const auto &p : c.params)
      configNames.insert(p.first);
  auto checkFree = [&](const Template &t, const std::string &file) {
    for (const auto &n : t.freeNames())
      if (!configNames.count(n.first)) {
        inputError(file, n.second,
                   "the placeholder uses '" + n.first +
                       "', which no config sets");
        return false;
      }
    return true;
  };
  switch (spec.kind) {
  case KernelKind::Template: {
    if (!readFile(spec.templatePath, templateText, err)) {
      inputError(spec.file, spec.kernelLine,
                 "cannot read template '" + spec.templateWritten + "': " + err);
      return false;
    }
    if (!kernelTemplate.parse(templateText, spec.templateWritten, 1, err)) {
      std::fprintf(diag, "%s\n", err.c_str());
      return false;
    }
    if (!checkFree(kernelTemplate, spec.templateWritten))
      return false;
    if (kernelName.empty())
      kernelName = kernelNameOf(templateText);
    break;
  }
  case KernelKind::Generator:
    for (const std::string &a : spec.generator) {
      Template t;
      if (!t.parse(a, spec.file, spec.kernelLine, err)) {
        std::fprintf(diag, "%s\n", err.c_str());
        return false;
      }
      if (!checkFree(t, spec.file))
        return false;
      generatorArgs.push_back(std::move(t));
    }
    break;
  case KernelKind::Python: {
    // tt-py compiles the kernel per config: the config's parameters (all but
    // num_warps and num_stages, which are launch options) are constexprs.
    if (!readFile(spec.pythonFile, templateText, err)) {
      inputError(spec.file, spec.kernelLine,
                 "cannot read '" + spec.pythonFile + "': " + err);
      return false;
    }
    frontend = findTool("tt-py", "TT_PY");
    if (frontend.empty()) {
      inputError(spec.file, spec.kernelLine,
                 "python kernels are compiled by tt-py, the Triton-Python "
                 "frontend, which was not found (next to tt-tune, on PATH, "
                 "or in $TT_PY)");
      return false;
    }
    signature = spec.pythonSignature;
    if (signature.empty())
      signature = deriveSignature(launch);
    kernelName = spec.pythonKernel;
    break;
  }
  }
  if (kernelName.empty())
    kernelName = "kernel";
  translate = findTranslate();
  return true;
}

bool TuneRun::checkNames() {
  auto known = [&](const std::string &n) { return launchNames.count(n) > 0; };
  // "<what> '<name>', which is not a <kind> of the launch".
  auto notInLaunch = [&](int line, const std::string &what,
                         const std::string &name, const char *kind) {
    return refuse(spec.file, line,
                  what + " '" + name + "', which is not a " + kind +
                      " of the launch");
  };
  for (const std::string &k : spec.key)
    if (!known(k))
      return refuse(spec.file, spec.keyLine,
                    "key '" + k +
                        "' is not a parameter or scalar argument of the "
                        "launch");
  for (const SizeSpec &s : spec.sizes)
    for (const auto &nv : s.sets)
      if (!known(nv.first))
        return notInLaunch(s.line, "size sets", nv.first,
                           "parameter or scalar argument");
  for (const auto &set : opts.sets)
    if (!known(set.first)) {
      std::fprintf(diag,
                   "tt-tune: error: --set %s: no parameter or scalar "
                   "argument named '%s' in the launch\n",
                   set.first.c_str(), set.first.c_str());
      return false;
    }
  auto tensor = [&](const std::string &n) -> const ArgSpec * {
    for (const ArgSpec &a : launch.args)
      if (a.isTensor && a.name == n)
        return &a;
    return nullptr;
  };
  for (const auto &r : spec.resetToZero) {
    const ArgSpec *a = tensor(r.first);
    if (!a)
      return notInLaunch(r.second, "reset_to_zero names", r.first,
                         "tensor argument");
    if (a->init.kind != InitSpec::Kind::Zeros)
      return refuse(launchShown, a->init.line ? a->init.line : a->line,
                    "'" + r.first +
                        "' is in reset_to_zero, so it must start as "
                        "'init: zeros'");
  }
  for (const auto &r : spec.restoreValue)
    if (!tensor(r.first))
      return notInLaunch(r.second, "restore_value names", r.first,
                         "tensor argument");
  return true;
}

/// The launch's parameters and scalars, evaluated in order with `sets`
/// applied (later entries win).
bool TuneRun::evalLaunchScope(const NameValues &sets, Scope &scope,
                              std::string &err, int &line,
                              bool &inLaunch) const {
  std::map<std::string, Expression> overrides;
  inLaunch = false;
  line = 0;
  for (const auto &s : sets) {
    Expression e;
    if (!Expression::parse(s.second, e, err)) {
      err = s.first + " = " + s.second + ": " + err;
      return false;
    }
    overrides[s.first] = e;
  }
  auto value = [&](const std::string &name, const ExprSrc &src) {
    auto it = overrides.find(name);
    Value v;
    std::string why;
    bool ok = it != overrides.end() ? it->second.evaluate(scope, v, why)
                                    : src.expr.evaluate(scope, v, why);
    if (!ok || v.isTensor()) {
      if (it == overrides.end()) {
        inLaunch = true;
        line = src.line;
      }
      err = "'" + name + "': " + (ok ? "must be a number" : why);
      return false;
    }
    scope[name] = v;
    return true;
  };
  for (const auto &p : launch.params)
    if (!value(p.first, p.second))
      return false;
  for (const ArgSpec &a : launch.args)
    if (!a.isTensor && !value(a.name, a.value))
      return false;
  return true;
}

NameValues TuneRun::launchSets(size_t size, const Config &c) const {
  NameValues s = sizeSets[size];
  for (const auto &p : c.params)
    if (launchNames.count(p.first))
      s.emplace_back(p.first, p.second.text);
  return s;
}

bool TuneRun::evaluateSizes() {
  std::vector<SizeSpec> sizes = spec.sizes;
  if (sizes.empty())
    sizes.push_back(SizeSpec());
  std::vector<std::string> key = spec.key;
  if (key.empty())
    for (const SizeSpec &s : sizes)
      for (const auto &nv : s.sets)
        if (std::find(key.begin(), key.end(), nv.first) == key.end())
          key.push_back(nv.first);
  std::map<std::string, int> seen;
  for (const SizeSpec &s : sizes) {
    NameValues sets = s.sets;
    for (const auto &set : opts.sets)
      sets.push_back(set);
    Scope scope;
    std::string err;
    int line;
    bool inLaunch;
    if (!evalLaunchScope(sets, scope, err, line, inLaunch)) {
      inputError(inLaunch ? launchShown : spec.file, inLaunch ? line : s.line,
                 "cannot evaluate " + err);
      return false;
    }
    // A scalar argument must fit its type before anything is compiled for
    // it (n = 2**31 for an i32 would otherwise fail every config).
    for (const ArgSpec &a : launch.args) {
      uint64_t bits;
      Value seen;
      std::string why;
      if (a.isTensor || scalarBits(a.dtype, scope[a.name], bits, seen, why))
        continue;
      bool fromSize =
          std::any_of(sets.begin(), sets.end(),
                      [&](const auto &nv) { return nv.first == a.name; });
      inputError(fromSize ? spec.file : launchShown, fromSize ? s.line : a.line,
                 "argument '" + a.name + "': " + why);
      return false;
    }
    SizeResult r;
    r.sets = sets;
    for (const std::string &k : key)
      r.keyValues.emplace_back(k, scope[k].str());
    std::string label = r.label();
    if (seen.count(label)) {
      progress.note("the size on line " + std::to_string(s.line) +
                    " has the same key values (" + label +
                    ") as the one on line " + std::to_string(seen[label]) +
                    "; tuned once");
      continue;
    }
    seen[label] = s.line;
    r.configs.assign(configs.size(), ConfigResult());
    results.sizes.push_back(r);
    sizeSets.push_back(sets);
    sizeLines.push_back(s.line);
  }
  return true;
}

bool TuneRun::openDevices() {
  if (opts.dryRun) {
    deviceNames.push_back("(dry run)");
    return true;
  }
  std::vector<int> ordinals = opts.devices;
  if (target == Target::CPU && ordinals.size() > 1) {
    std::fprintf(diag, "tt-tune: error: --devices spreads configs over GPUs; "
                       "the CPU target has one device\n");
    return false;
  }
  for (int d : ordinals) {
    OpenFailure why;
    std::string err;
    // Isolated, the device is opened in the children only: a process that
    // initialized the CUDA driver cannot use it in the children it forks.
    std::unique_ptr<Device> dev;
    std::string description;
    bool opened = opts.isolate && target != Target::CPU
                      ? describeDeviceIsolated(target, d, description, why, err)
                      : bool(dev = openDevice(target, d, why, err));
    if (!opened) {
      if (!opts.target.empty()) // the command line chose the target
        std::fprintf(diag, "tt-tune: error: %s\n", err.c_str());
      else
        inputError(spec.targetLine ? spec.file : launchShown,
                   spec.targetLine ? spec.targetLine : launch.targetLine, err);
      return false;
    }
    deviceNames.push_back(dev ? dev->description() : description);
  }
  for (size_t i = 1; i < deviceNames.size(); ++i)
    if (deviceNames[i] != deviceNames[0]) {
      std::fprintf(diag,
                   "tt-tune: error: --devices mixes different devices (%s "
                   "and %s); tune each kind on its own\n",
                   deviceNames[0].c_str(), deviceNames[i].c_str());
      return false;
    }
  return true;
}

void TuneRun::computeHashes() {
  Sha256 k;
  switch (spec.kind) {
  case KernelKind::Template:
    k.field("template");
    k.field(templateText);
    break;
  case KernelKind::Generator:
    k.field("generator");
    for (const std::string &a : spec.generator) {
      k.field(a);
      // The generator's own files (scripts, sources it reads by name).
      std::string p = a.empty() || a[0] == '/' ? a : spec.dir + "/" + a;
      std::string text, err;
      if (a.find("{{") == std::string::npos && isRegularFile(p) &&
          readFile(p, text, err))
        k.field(text);
    }
    break;
  case KernelKind::Python:
    k.field("python");
    k.field(templateText); // the source file
    k.field(spec.pythonKernel);
    k.field(signature);
    break;
  }
  results.kernelHash = k.hex();

  Sha256 o;
  o.field("target");
  o.field(arch.empty() ? targetText : arch);
  o.field("compiler");
  o.field(compilerIdentity(translate));
  if (!frontend.empty())
    o.field(compilerIdentity(frontend));
  o.field("configs");
  for (const Config &c : configs)
    o.field(c.label());
  o.field("prune");
  for (const LineExpr &r : spec.prune.rules)
    o.field(r.expr.text());
  o.field(spec.prune.hasCost ? spec.prune.cost.expr.text() : "");
  o.field(std::to_string(spec.prune.topK));
  o.field("launch");
  std::string launchText, err;
  readFile(launchFile, launchText, err);
  o.field(launchText);
  results.optionsHash = o.hex();

  results.file = spec.file;
  results.kernel = kernelName;
  results.target = arch.empty() ? targetText : arch;
  results.device = deviceNames.empty() ? "" : deviceNames[0];
  results.shardIndex = opts.shardIndex;
  results.shardCount = opts.shardCount;
  results.date = utcNow();
  results.configs = configs;
  for (SizeResult &s : results.sizes)
    s.cacheKey = cacheKey(results.kernelHash, results.optionsHash,
                          results.device, s.keyValues);
}

bool TuneRun::prune() {
  std::vector<LineExpr> require;
  for (const ExprSrc &r : launch.require)
    require.push_back({r.expr, r.line});
  for (size_t si = 0; si < results.sizes.size(); ++si) {
    SizeResult &s = results.sizes[si];
    if (s.cached)
      continue;
    std::vector<Scope> scopes(configs.size());
    for (size_t c = 0; c < configs.size(); ++c) {
      std::string err;
      int line;
      bool inLaunch;
      if (!evalLaunchScope(launchSets(si, configs[c]), scopes[c], err, line,
                           inLaunch)) {
        inputError(inLaunch ? launchShown : spec.file,
                   inLaunch ? line : sizeLines[si],
                   "cannot evaluate " + err + " (for c" + std::to_string(c) +
                       " " + configs[c].label() + ")");
        return false;
      }
      configs[c].bind(scopes[c]);
      // A launch that says num_warps must agree with every config.
      if (launch.numWarps.present()) {
        Value v;
        if (!launch.numWarps.expr.evaluate(scopes[c], v, err) || !v.isInt() ||
            v.i != configs[c].numWarps()) {
          inputError(launchShown, launch.numWarps.line,
                     "the launch sets num_warps to '" +
                         launch.numWarps.expr.text() + "' but c" +
                         std::to_string(c) + " uses " +
                         std::to_string(configs[c].numWarps()) +
                         "; remove num_warps from the launch (tt-tune sets "
                         "it per config)");
          return false;
        }
      }
    }
    // The launch's requirements, then the tune file's rules and cost model.
    std::vector<PruneDecision> dec;
    std::string err;
    int line = 0;
    bool inLaunch = false;
    if (!pruneConfigs(configs, scopes, spec.prune, require, dec, err, line,
                      &inLaunch)) {
      inputError(inLaunch ? launchShown : spec.file, line, err);
      return false;
    }
    for (size_t c = 0; c < configs.size(); ++c) {
      ConfigResult &cr = s.configs[c];
      cr.hasCost = dec[c].hasCost;
      cr.cost = dec[c].cost;
      if (!dec[c].kept) {
        cr.status = Status::Pruned;
        cr.error = dec[c].reason;
      } else if (int(c % size_t(opts.shardCount)) != opts.shardIndex) {
        cr.status = Status::OtherShard;
      }
    }
  }
  return true;
}

void TuneRun::compile() {
  std::set<size_t> needed;
  for (const SizeResult &s : results.sizes)
    for (size_t c = 0; c < s.configs.size(); ++c)
      if (!s.cached && s.configs[c].status == Status::NotRun)
        needed.insert(c);
  if (needed.empty())
    return;
  bool gpu = target != Target::CPU;
  // What tt-translate compiles for: a bare `cuda` means tt-run's default.
  std::string targetArg = "cpu";
  if (gpu) {
    const char *env = std::getenv("TT_RUN_CUDA_TARGET");
    targetArg = !arch.empty() ? arch : env && *env ? env : "cuda:90";
  }
  // Jobs whose kernel cannot be rendered fail before the pool starts.
  std::vector<bool> renderFailed;
  for (size_t c : needed) {
    CompileJob j;
    j.config = int(c);
    std::string stem = workDir + "/c" + std::to_string(c);
    j.ttirPath = stem + ".ttir";
    j.binaryPath = stem + (gpu ? ".ptx" : ".so");
    j.metaPath = stem + ".json";
    j.logPath = stem + ".log";
    j.numWarps = configs[c].numWarps();
    j.numStages = configs[c].numStages();
    std::string err;
    bool failed = false;
    if (spec.kind == KernelKind::Template) {
      if (!kernelTemplate.render(configs[c], j.ttirText, err)) {
        failed = true;
        j.error = err;
      }
    } else if (spec.kind == KernelKind::Python) {
      j.generator = {frontend,
                     absolutePath(spec.pythonFile) + "::" + spec.pythonKernel,
                     "--signature", signature};
      for (const auto &p : configs[c].params)
        if (p.first != "num_warps" && p.first != "num_stages")
          j.generator.push_back("-D" + p.first + "=" + p.second.text);
    } else {
      for (const Template &t : generatorArgs) {
        std::string a;
        if (!t.render(configs[c], a, err)) {
          failed = true;
          j.error = err;
          break;
        }
        j.generator.push_back(a);
      }
    }
    jobOf[c] = jobs.size();
    jobs.push_back(std::move(j));
    renderFailed.push_back(failed);
  }
  CompileSettings cs;
  cs.translate = translate;
  cs.target = targetArg;
  cs.gpu = gpu;
  cs.generatorDir = spec.dir;
  cs.jobs = opts.jobs > 0
                ? opts.jobs
                : int(std::max(1u, std::thread::hardware_concurrency()));
  std::vector<CompileJob> todo;
  std::vector<size_t> todoIndex;
  double t0 = now();
  progress.begin("compiling", jobs.size());
  for (size_t i = 0; i < jobs.size(); ++i) {
    if (!renderFailed[i]) {
      todo.push_back(jobs[i]);
      todoIndex.push_back(i);
      continue;
    }
    progress.note("c" + std::to_string(jobs[i].config) + " " +
                  configs[size_t(jobs[i].config)].label() +
                  ": compile failed: " + jobs[i].error);
    progress.step("", 1);
  }
  compileAll(todo, cs, [&](CompileJob &j) {
    std::string label = "c" + std::to_string(j.config) + " " +
                        configs[size_t(j.config)].label();
    // The template's lines are the rendered kernel's: point errors at them.
    if (!j.ok && spec.kind == KernelKind::Template)
      replaceAll(j.error, j.ttirPath, spec.templateWritten);
    if (j.ok) {
      progress.step("compiled " + label + " (" + fmtSeconds(j.seconds) + " s)");
    } else {
      progress.note(label + ": compile failed: " + j.error);
      progress.step("", 1);
    }
  });
  progress.end();
  compileSeconds = now() - t0;
  for (size_t k = 0; k < todo.size(); ++k)
    jobs[todoIndex[k]] = todo[k];
  for (CompileJob &j : jobs) {
    if (j.ok)
      continue;
    for (SizeResult &s : results.sizes) {
      ConfigResult &cr = s.configs[size_t(j.config)];
      if (cr.status == Status::NotRun && !s.cached) {
        cr.status = Status::CompileFailed;
        cr.error = j.error;
      }
    }
  }
  for (CompileJob &j : jobs)
    for (SizeResult &s : results.sizes)
      s.configs[size_t(j.config)].compileSeconds = j.seconds;
  // The kernel's name, as the compiler saw it.
  if (kernelName == "kernel")
    for (const CompileJob &j : jobs)
      if (j.ok) {
        KernelMetadata m;
        std::string err;
        if (readKernelMetadata(j.metaPath, m, err) && !m.name.empty()) {
          kernelName = results.kernel = m.name;
          break;
        }
      }
}

void TuneRun::record(size_t size, size_t config, Status st,
                     const std::string &error, const BenchStats *bench) {
  std::string line;
  {
    std::lock_guard<std::mutex> g(resultsMutex);
    ConfigResult &cr = results.sizes[size].configs[config];
    cr.status = st;
    cr.error = error;
    if (bench) {
      static_cast<Timings &>(cr) = *bench;
      cr.reps = bench->reps;
    }
    line = "[" + results.sizes[size].label() + "] c" + std::to_string(config) +
           " " + configs[config].label() + ": " +
           (st == Status::Ok ? fmtMs(cr.medianMs) + " ms"
                             : std::string(statusName(st)) + ": " + error);
    if (opts.printAutotuning) {
      std::fprintf(out, "tt-tune: %s\n", line.c_str());
      std::fflush(out);
    }
  }
  if (st == Status::Ok)
    progress.step("timed " + line);
  else {
    progress.note(line);
    progress.step("", 1);
  }
}

/// One line saying why the checks of a variant failed.
std::string describeChecks(const VariantResult &vr) {
  for (const CheckResult &c : vr.checks) {
    if (c.passed)
      continue;
    std::string s = "'" + c.output + "'" +
                    (c.afterBench ? " after the timed launches" : "") +
                    " differs from " + c.against + " in " +
                    std::to_string(c.mismatches) + " of " +
                    std::to_string(c.elements) + " elements";
    if (c.nans)
      s += " (" + std::to_string(c.nans) + " NaN)";
    if (!c.samples.empty())
      s += ", e.g. " + c.samples[0];
    return s;
  }
  return "check failed";
}

void TuneRun::runItem(const WorkItem &item, int device) {
  RunOptions base;
  base.sets = item.sets;
  base.hasTarget = true;
  base.target = target;
  base.device = device;
  base.flushL2 = opts.flushL2;
  base.isolate = opts.isolate ? RunOptions::Isolation::Reuse
                              : RunOptions::Isolation::Off;
  base.warmup = opts.warmup >= 0 ? opts.warmup : spec.warmup;
  base.reps = opts.reps >= 1 ? opts.reps : spec.reps;
  // Tensors that accumulate start every timed launch from their initial
  // contents, as upstream's autotuner resets them before each call.
  for (const auto &r : spec.resetToZero)
    base.restore.push_back(r.first);
  for (const auto &r : spec.restoreValue)
    base.restore.push_back(r.first);
  auto kernelsOf = [&](const std::vector<size_t> &cs) {
    std::vector<std::pair<std::string, std::string>> ks;
    for (size_t c : cs)
      ks.emplace_back("c" + std::to_string(c), jobs[jobOf.at(c)].binaryPath);
    return ks;
  };
  auto configOf = [&](const VariantResult &vr) {
    return size_t(std::stoul(vr.label.substr(1)));
  };
  // A failure of the whole call (the grid of these parameters evaluates to
  // zero, too much memory, no device) is every config's failure.
  auto failAll = [&](const std::vector<size_t> &cs, const FileResult &fr) {
    std::string e = mapPaths(fr.error);
    for (size_t c : cs)
      record(item.size, c, Status::Failed, e, nullptr);
  };

  // Isolated, every runner call costs a child process and a device context,
  // so one call checks each config and times it right after its check
  // passed; in-process, the configs are all checked first.
  bool onePass = opts.isolate && launchChecks;
  std::vector<size_t> toTime = item.configs;
  if (launchChecks && !onePass) {
    RunOptions o = base;
    o.bench = false;
    o.kernels = kernelsOf(item.configs);
    Runner runner(o);
    FileResult fr;
    runner.run(launchFile, fr, nullptr);
    if (fr.variants.empty()) {
      failAll(item.configs, fr);
      return;
    }
    toTime.clear();
    for (const VariantResult &vr : fr.variants) {
      size_t c = configOf(vr);
      if (vr.status == "ok")
        toTime.push_back(c);
      else if (vr.status == "check failed")
        record(item.size, c, Status::CheckFailed, describeChecks(vr), nullptr);
      else
        record(item.size, c, Status::Failed,
               mapPaths(vr.error.empty() ? vr.status : vr.error), nullptr);
    }
  }
  if (toTime.empty())
    return;
  RunOptions o = base;
  o.bench = true;
  // Checked above (in one pass: by this call, before timing); when tensors
  // are restored between launches the runner also checks the result of the
  // last timed launch, which shows that each launch started from the
  // initial contents.
  o.noCheck = base.restore.empty() && !onePass;
  o.benchOnlyChecked = onePass;
  o.kernels = kernelsOf(toTime);
  Runner runner(o);
  FileResult fr;
  runner.run(launchFile, fr, nullptr);
  if (fr.variants.empty()) {
    failAll(toTime, fr);
    return;
  }
  for (const VariantResult &vr : fr.variants) {
    size_t c = configOf(vr);
    if (vr.status == "ok" && vr.bench.ran)
      record(item.size, c, Status::Ok, "", &vr.bench);
    else if (vr.status == "check failed")
      record(item.size, c, Status::CheckFailed, describeChecks(vr), nullptr);
    else
      record(item.size, c, Status::Failed,
             mapPaths(vr.error.empty() ? vr.status : vr.error), nullptr);
  }
}

void TuneRun::benchmark() {
  // Group each size's compiled configs by the launch they need.
  size_t ndev = opts.devices.size();
  std::vector<std::vector<WorkItem>> perDevice(ndev);
  size_t rotate = 0, total = 0;
  for (size_t si = 0; si < results.sizes.size(); ++si) {
    SizeResult &s = results.sizes[si];
    if (s.cached)
      continue;
    std::map<std::string, WorkItem> groups;
    std::vector<std::string> order;
    for (size_t c = 0; c < configs.size(); ++c) {
      if (s.configs[c].status != Status::NotRun)
        continue;
      NameValues sets = launchSets(si, configs[c]);
      std::string key;
      for (const auto &nv : sets)
        key += nv.first + "=" + nv.second + ";";
      auto [it, inserted] = groups.try_emplace(key);
      if (inserted) {
        it->second.size = si;
        it->second.sets = sets;
        order.push_back(key);
      }
      it->second.configs.push_back(c);
      ++total;
    }
    for (const std::string &key : order) {
      const WorkItem &g = groups[key];
      size_t chunks = std::min(ndev, g.configs.size());
      std::vector<WorkItem> parts(chunks);
      for (size_t k = 0; k < chunks; ++k) {
        parts[k].size = g.size;
        parts[k].sets = g.sets;
      }
      for (size_t k = 0; k < g.configs.size(); ++k)
        parts[k % chunks].configs.push_back(g.configs[k]);
      for (size_t k = 0; k < chunks; ++k)
        perDevice[(rotate + k) % ndev].push_back(parts[k]);
      rotate += chunks;
    }
  }
  if (total == 0)
    return;
  itemsLeft.assign(results.sizes.size(), 0);
  storedSize.assign(results.sizes.size(), false);
  for (const std::vector<WorkItem> &items : perDevice)
    for (const WorkItem &item : items)
      ++itemsLeft[item.size];
  progress.begin("tuning", total);
  if (!launchChecks)
    progress.note("the launch checks no output: configs are timed unchecked");
  std::vector<std::thread> threads;
  for (size_t d = 0; d < ndev; ++d) {
    if (perDevice[d].empty())
      continue;
    int ordinal = opts.devices[d];
    auto work = [this, &perDevice, d, ordinal] {
      // Holding the device open for the whole run keeps its context (and
      // the driver's state) alive between the runner calls.
      OpenFailure why;
      std::string err;
      std::unique_ptr<Device> keep;
      if (target != Target::CPU && !opts.isolate)
        keep = openDevice(target, ordinal, why, err);
      for (const WorkItem &item : perDevice[d]) {
        runItem(item, ordinal);
        sizeDone(item.size);
      }
    };
    if (ndev == 1)
      work();
    else
      threads.emplace_back(work);
  }
  for (std::thread &t : threads)
    t.join();
  progress.end();
}

/// A size whose configs have all run: its winner goes into the cache now,
/// so a run that is killed later keeps the sizes it finished.
void TuneRun::sizeDone(size_t si) {
  std::lock_guard<std::mutex> g(resultsMutex);
  if (--itemsLeft[si] != 0 || !cacheOn || opts.shardCount != 1)
    return;
  chooseWinners(results);
  results.kernel = kernelName;
  if (results.sizes[si].best < 0)
    return;
  // A failure here is retried, and reported, by finish().
  std::string err;
  storedSize[si] = cache.store({winnerEntry(results, si)}, err);
}

int TuneRun::finish() {
  chooseWinners(results);
  results.kernel = kernelName;
  results.seconds = now() - startTime;
  int code = ExitOk;
  std::vector<CacheEntry> entries;
  for (size_t si = 0; si < results.sizes.size(); ++si) {
    const SizeResult &s = results.sizes[si];
    if (s.cached)
      continue;
    if (s.best >= 0)
      entries.push_back(winnerEntry(results, si));
    else if (opts.shardCount == 1)
      code = ExitFailed;
  }
  // Stored as each size finished; a size whose store failed then is tried
  // once more with the rest.
  std::vector<CacheEntry> unstored;
  for (const CacheEntry &e : entries) {
    bool stored = false;
    for (size_t si = 0; si < storedSize.size(); ++si)
      stored |= storedSize[si] && results.sizes[si].cacheKey == e.key;
    if (!stored)
      unstored.push_back(e);
  }
  std::string err;
  bool storeFailed = false;
  if (cacheOn && opts.shardCount == 1 && !unstored.empty() &&
      !cache.store(unstored, err)) {
    std::fprintf(diag, "tt-tune: error: cannot store the winners: %s\n",
                 err.c_str());
    code = std::max(code, int(ExitFailed));
    storeFailed = true;
  }

  // The summary.
  size_t compiled = 0, compileFailed = 0;
  for (const CompileJob &j : jobs)
    (j.ok ? compiled : compileFailed)++;
  std::fprintf(out, "%s: %s on %s, target %s\n", spec.file.c_str(),
               kernelName.c_str(), results.device.c_str(),
               results.target.c_str());
  if (!jobs.empty())
    std::fprintf(out,
                 "  %zu config%s, %zu compiled in %s s, %zu failed to "
                 "compile\n",
                 configs.size(), configs.size() == 1 ? "" : "s", compiled,
                 fmtSeconds(compileSeconds).c_str(), compileFailed);
  size_t cachedSizes = 0;
  for (const SizeResult &s : results.sizes) {
    int counts[int(Status::Ok) + 1] = {};
    for (const ConfigResult &c : s.configs)
      counts[int(c.status)]++;
    if (s.cached) {
      ++cachedSizes;
      std::string cfg;
      for (const auto &p : s.cachedEntry.config)
        cfg += (cfg.empty() ? "" : " ") + p.first + "=" + p.second;
      std::fprintf(out, "  [%s] cached: %s  %s ms (tuned %s)\n",
                   s.label().c_str(), cfg.c_str(),
                   fmtMs(s.cachedEntry.medianMs).c_str(),
                   s.cachedEntry.date.c_str());
      continue;
    }
    std::string tally = std::to_string(counts[int(Status::Ok)]) + " timed, " +
                        std::to_string(counts[int(Status::Pruned)]) +
                        " pruned, " +
                        std::to_string(counts[int(Status::CompileFailed)] +
                                       counts[int(Status::CheckFailed)] +
                                       counts[int(Status::Failed)]) +
                        " failed";
    if (counts[int(Status::OtherShard)])
      tally += ", " + std::to_string(counts[int(Status::OtherShard)]) +
               " in other shards";
    if (s.best >= 0)
      std::fprintf(out, "  [%s] best: c%d %s  %s ms (%s)\n", s.label().c_str(),
                   s.best, configs[size_t(s.best)].label().c_str(),
                   fmtMs(s.bestMs).c_str(), tally.c_str());
    else
      std::fprintf(out, "  [%s] no config ran (%s)\n", s.label().c_str(),
                   tally.c_str());
    if (opts.printAutotuning && s.best >= 0)
      std::fprintf(out,
                   "tt-tune: %s [%s]: chose c%d %s (%s ms) out of %d timed "
                   "configs in %s s\n",
                   kernelName.c_str(), s.label().c_str(), s.best,
                   configs[size_t(s.best)].label().c_str(),
                   fmtMs(s.bestMs).c_str(), counts[int(Status::Ok)],
                   fmtSeconds(results.seconds).c_str());
  }
  if (cachedSizes == results.sizes.size() && cacheOn)
    std::fprintf(out,
                 "  all %zu size%s found in the cache (%s): nothing "
                 "compiled\n",
                 cachedSizes, cachedSizes == 1 ? "" : "s",
                 cache.path().c_str());
  else if (cacheOn && opts.shardCount == 1 && !entries.empty() && !storeFailed)
    std::fprintf(out, "  winners stored in %s\n", cache.path().c_str());
  else if (opts.shardCount > 1)
    std::fprintf(out,
                 "  shard %d/%d: results in %s; combine the shards with "
                 "tt-tune merge\n",
                 opts.shardIndex, opts.shardCount, opts.reportJson.c_str());

  return std::max(code, writeReports(results, opts, out, diag));
}

int TuneRun::run(const std::string &path) {
  if (!readSpec(path) || !prepareWorkDir() || !readLaunch() ||
      !prepareKernel() || !checkNames() || !evaluateSizes() || !openDevices())
    return ExitBadInput;
  computeHashes();

  // The cache.
  cacheOn = opts.useCache && !opts.dryRun;
  if (cacheOn) {
    cache =
        TuneCache(opts.cachePath.empty() ? defaultCachePath() : opts.cachePath);
    std::map<std::string, CacheEntry> known;
    std::string warning, err;
    if (!cache.read(known, warning, err)) {
      std::fprintf(diag, "tt-tune: error: %s\n", err.c_str());
      return ExitBadInput;
    }
    if (!warning.empty())
      progress.note(warning);
    // Where the winners will go must take them, before any tuning.
    if (opts.shardCount == 1 && !cache.checkWritable(err)) {
      std::fprintf(diag, "tt-tune: error: %s\n", err.c_str());
      return ExitBadInput;
    }
    if (!opts.force)
      for (SizeResult &s : results.sizes) {
        auto it = known.find(s.cacheKey);
        if (it == known.end())
          continue;
        s.cached = true;
        s.cachedEntry = it->second;
        for (ConfigResult &c : s.configs)
          c.status = Status::NotRun;
      }
  }

  if (!prune())
    return ExitBadInput;

  if (opts.dryRun) {
    std::fprintf(out, "%s: %s, target %s, %zu configs, %zu size%s\n",
                 spec.file.c_str(), kernelName.c_str(), results.target.c_str(),
                 configs.size(), results.sizes.size(),
                 results.sizes.size() == 1 ? "" : "s");
    for (size_t c = 0; c < configs.size(); ++c)
      std::fprintf(out, "  c%zu %s\n", c, configs[c].label().c_str());
    for (const SizeResult &s : results.sizes) {
      size_t kept = 0;
      for (const ConfigResult &c : s.configs)
        kept += c.status == Status::NotRun;
      std::fprintf(out, "  [%s] %zu to compile and time\n", s.label().c_str(),
                   kept);
      for (size_t c = 0; c < s.configs.size(); ++c)
        if (s.configs[c].status == Status::Pruned)
          std::fprintf(out, "    c%zu pruned: %s\n", c,
                       s.configs[c].error.c_str());
    }
    return ExitOk;
  }

  bool anything = false;
  for (const SizeResult &s : results.sizes)
    for (const ConfigResult &c : s.configs)
      anything |= !s.cached && c.status == Status::NotRun;
  if (anything && translate.empty()) {
    std::fprintf(diag, "tt-tune: error: tt-translate not found (next to "
                       "tt-tune, on PATH, or in $TT_TRANSLATE)\n");
    return ExitBadInput;
  }
  compile();
  benchmark();
  return finish();
}

} // namespace

int tt::tune::runTune(const std::string &path, const TuneOptions &opts,
                      FILE *out, FILE *diag) {
  if (opts.shardCount > 1 && opts.reportJson.empty()) {
    std::fprintf(diag, "tt-tune: error: --shard needs --report-json FILE (the "
                       "shard's results, for tt-tune merge)\n");
    return ExitBadInput;
  }
  TuneRun run(opts, out, diag);
  return run.run(path);
}

int tt::tune::runMerge(const std::vector<std::string> &files,
                       const TuneOptions &opts, FILE *out, FILE *diag) {
  std::vector<TuneResults> shards;
  for (const std::string &f : files) {
    std::string text, err;
    if (!readFile(f, text, err)) {
      std::fprintf(diag, "%s: error: cannot read: %s\n", f.c_str(),
                   err.c_str());
      return ExitBadInput;
    }
    TuneResults r;
    if (!resultsFromJson(text, r, err)) {
      std::fprintf(diag, "%s: error: %s\n", f.c_str(), err.c_str());
      return ExitBadInput;
    }
    shards.push_back(std::move(r));
  }
  TuneResults merged;
  std::vector<int> missing;
  std::string err;
  if (!mergeResults(shards, merged, missing, err)) {
    std::fprintf(diag, "tt-tune: error: %s\n", err.c_str());
    return ExitBadInput;
  }
  int code = ExitOk;
  if (!missing.empty()) {
    std::string list;
    for (int m : missing)
      list += (list.empty() ? "" : ", ") + std::to_string(m);
    std::fprintf(diag,
                 "tt-tune: error: shard%s %s of %d missing: the winners "
                 "would be chosen among part of the configs; nothing stored\n",
                 missing.size() == 1 ? "" : "s", list.c_str(),
                 shards[0].shardCount);
    code = ExitBadInput;
  }
  std::vector<CacheEntry> entries;
  std::fprintf(out, "merged %zu shard%s of %s: %s on %s\n", shards.size(),
               shards.size() == 1 ? "" : "s", merged.file.c_str(),
               merged.kernel.c_str(), merged.device.c_str());
  for (size_t si = 0; si < merged.sizes.size(); ++si) {
    const SizeResult &s = merged.sizes[si];
    if (s.cached) {
      std::fprintf(out, "  [%s] cached\n", s.label().c_str());
      continue;
    }
    if (s.best < 0) {
      std::fprintf(out, "  [%s] no config ran\n", s.label().c_str());
      code = std::max(code, int(ExitFailed));
      continue;
    }
    size_t timed = 0;
    for (const ConfigResult &c : s.configs)
      timed += c.status == Status::Ok;
    std::fprintf(out, "  [%s] best: c%d %s  %s ms (%zu timed)\n",
                 s.label().c_str(), s.best,
                 merged.configs[size_t(s.best)].label().c_str(),
                 fmtMs(s.bestMs).c_str(), timed);
    entries.push_back(winnerEntry(merged, si));
  }
  if (code == ExitOk && opts.useCache && !entries.empty()) {
    TuneCache cache(opts.cachePath.empty() ? defaultCachePath()
                                           : opts.cachePath);
    if (!cache.store(entries, err)) {
      std::fprintf(diag, "tt-tune: error: cannot store the winners: %s\n",
                   err.c_str());
      return ExitFailed;
    }
    std::fprintf(out, "  winners stored in %s\n", cache.path().c_str());
  }
  return std::max(code, writeReports(merged, opts, out, diag));
}
