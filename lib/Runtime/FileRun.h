//===- FileRun.h - one YAML file's run, phase by phase ----------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Private to lib/Runtime. Runner::run hands each file to a FileRun, which
// goes through these phases in order, each defined in the file named beside
// it. The order is chosen so that every input error shows up before a
// device is touched:
//
//   readSpec         the YAML; --kernel, --target, -D         Runner.cpp
//   evaluate         parameters, scalars, shapes, grid, ...   RunEvaluate.cpp
//   resolveKernels   each variant read or compiled on the
//                    fly, its signature checked; the CPU
//                    references of `check: {cpu: true}`       RunKernels.cpp
//   checkHostLimits  host memory, programs of a CPU launch    RunInputs.cpp
//   prepareInputs    inputs, check references                 RunInputs.cpp
//                    the CPU references run                   RunCheck.cpp
//   saveInputs       --save-inputs                            RunInputs.cpp
//   describePlan     --dry-run: one line per argument         RunReport.cpp
//   runVariant       open, load, allocate, launch             RunVariant.cpp
//                    read back, compare, --save-outputs       RunCheck.cpp
//                    time, check the restored outputs again   RunTiming.cpp
//   runIsolated      the same, in child processes             RunIsolation.cpp
//
// The table, the JSON and the baseline comparison of the results are in
// RunReport.cpp, RunJson.cpp and RunBaseline.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef TT_LIB_RUNTIME_FILERUN_H
#define TT_LIB_RUNTIME_FILERUN_H

#include "tt/Runtime/Files.h"
#include "tt/Runtime/Runner.h"

#include <cstdint>
#include <functional>
#include <list>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace tt::runtime::runner {

//===----------------------------------------------------------------------===//
// Small helpers
//===----------------------------------------------------------------------===//

/// Programs one CPU launch may have: the runtime calls the kernel once per
/// program, so a grid of 2^40 would run for days.
constexpr int64_t kMaxCpuPrograms = (int64_t(1) << 31) - 1;

/// An error that names a line of the YAML file and the exit code it means.
struct Failure {
  int line = 0;
  std::string message;
  int code = ExitBadInput;
};

inline bool endsWith(const std::string &s, const std::string &suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

inline std::string baseName(const std::string &p) {
  size_t s = p.rfind('/');
  return s == std::string::npos ? p : p.substr(s + 1);
}

/// printf of one number; NaN is "nan" whatever its sign (RunCheck.cpp).
std::string fmt(double v, const char *f = "%g");

/// Runs body(b, e) over [0, n), on several threads when n is large
/// (RunInputs.cpp).
void parallelFor(int64_t n, const std::function<void(int64_t, int64_t)> &body);

//===----------------------------------------------------------------------===//
// The evaluated launch
//===----------------------------------------------------------------------===//

struct TensorArg {
  const ArgSpec *spec = nullptr;
  DType dtype = DType::F32;
  std::vector<int64_t> shape, strides;
  int64_t numel = 0;
  int64_t storageElems = 0;
  bool contiguous = true;
  bool isOutput = false;
  std::vector<uint8_t> host; // the initial storage, uploaded for each variant
  std::shared_ptr<const Array> ref; // the check reference, in `shape`
  double rtol = 0, atol = 0;
  std::string against;

  size_t storageBytes() const {
    return size_t(storageElems) * dtypeSize(dtype);
  }
};

struct ScalarArg {
  const ArgSpec *spec = nullptr;
  uint64_t bits = 0; // the value's bytes, little-endian, zero-extended
  Value value;
};

struct Launch {
  Scope scope;
  std::vector<std::pair<std::string, std::string>> shownParams;
  std::vector<TensorArg> tensors;
  std::vector<ScalarArg> scalars;
  /// Per argument of the spec: index into tensors or scalars.
  std::vector<std::pair<bool, size_t>> order;
  int64_t grid[3] = {1, 1, 1};
  bool hasNumWarps = false, hasShared = false, hasNumStages = false,
       hasNumCtas = false;
  int64_t numWarps = 0, shared = 0, numStages = 3, numCtas = 1;
  bool hasBytes = false, hasFlops = false;
  double bytes = 0, flops = 0;

  int64_t programs() const { return grid[0] * grid[1] * grid[2]; }
};

struct PreparedVariant {
  const KernelVariant *variant = nullptr;
  KernelImage image;
  Target target = Target::CUDA;
  int numWarps = 4;
  int warpSize = 32;
  int64_t shared = 0;
  /// Upstream 3.6's ABI: after the user arguments, a global-scratch and a
  /// profile-scratch pointer (checked against the PTX signature).
  int trailingPointers = 2;
};

/// The logical values of a tensor's storage, in double (RunInputs.cpp).
std::shared_ptr<Array> gather(const TensorArg &t, const uint8_t *storage);

/// Writes the logical values of a tensor's storage to a .npy file
/// (RunInputs.cpp).
bool saveTensor(const TensorArg &t, const uint8_t *storage,
                const std::string &file, std::string &err);

/// Compares an output with its reference (RunCheck.cpp).
CheckResult compare(const TensorArg &t, const Array &ref, const Array &got);

//===----------------------------------------------------------------------===//
// Launching (RunVariant.cpp)
//===----------------------------------------------------------------------===//

/// Device memory, released when this goes.
class DeviceBuffers {
public:
  explicit DeviceBuffers(Device *dev = nullptr) : dev(dev) {}
  DeviceBuffers(const DeviceBuffers &) = delete;
  DeviceBuffers &operator=(const DeviceBuffers &) = delete;
  ~DeviceBuffers() {
    for (DevicePtr p : ptrs)
      dev->release(p);
  }
  void setDevice(Device *d) { dev = d; }
  void keep(DevicePtr p) { ptrs.push_back(p); }

private:
  Device *dev;
  std::vector<DevicePtr> ptrs;
};

/// cuLaunchKernel's kernelParams values for a launch: the arguments not
/// specialized away (tensors as device pointers, scalars by value), then
/// the trailing scratch pointers.
std::vector<uint64_t> kernelSlots(const RunSpec &spec, const Launch &L,
                                  const std::vector<DevicePtr> &tensorPtrs,
                                  const DevicePtr scratch[2], int trailing);

/// kernelParams: a pointer to each of `slots`.
std::vector<void *> kernelParams(std::vector<uint64_t> &slots);

/// The grid of the launch and the block of the variant.
LaunchConfig launchConfig(const Launch &L, const PreparedVariant &pv);

//===----------------------------------------------------------------------===//
// One file's run
//===----------------------------------------------------------------------===//

class VariantRun;

class FileRun {
public:
  using DeviceGetter = std::function<Device *(Target, std::string &)>;

  FileRun(const std::string &path, const RunOptions &opts, FileResult &out,
          FILE *diag, DeviceGetter getDevice);

  /// Every phase in order; returns the file's exit code.
  int run();

private:
  friend class VariantRun;
  using Overrides = std::map<std::string, Expression>;
  using TensorValues = std::map<std::string, std::shared_ptr<const Array>>;

  /// Records an error of the file: printed to `diag`, the first kept in
  /// `out.error`, the exit code raised to `code`. Returns the exit code.
  int report(int line, const std::string &msg, int code);
  /// report(), then false: a phase that stops the file.
  bool fail(int line, const std::string &msg, int code);
  bool fail(const Failure &f) { return fail(f.line, f.message, f.code); }

  // Runner.cpp
  bool readSpec();
  /// One VariantResult per prepared variant, keyed for --baseline.
  void recordVariants();

  // RunEvaluate.cpp
  bool evaluate();
  bool parseOverrides(Overrides &overrides, Failure &f);
  bool valueOf(const Overrides &overrides, const std::string &name,
               const ExprSrc &src, const std::string &what, Value &v,
               Failure &f);
  bool evaluateParams(const Overrides &overrides, Failure &f);
  bool evaluateScalars(const Overrides &overrides, Failure &f);
  bool checkRequirements(Failure &f);
  bool evaluateTensor(const ArgSpec &a, TensorArg &t, Failure &f);
  bool evaluateStrides(const ArgSpec &a, TensorArg &t, Failure &f);
  bool evaluateGrid(Failure &f);
  bool evaluateLaunchParams(Failure &f);
  bool evalExpr(const ExprSrc &e, const Scope &scope, const std::string &what,
                Value &v, Failure &f);
  bool evalInt(const ExprSrc &e, const Scope &scope, const std::string &what,
               int64_t &out, Failure &f);

  // RunKernels.cpp
  bool resolveKernels();
  bool resolveCpuReferences();
  /// `forceTarget`: compile for this target whatever the YAML says (the
  /// CPU reference of `check: {cpu: true}`).
  bool prepare(const KernelVariant &kv, PreparedVariant &pv, Failure &f,
               const Target *forceTarget = nullptr);
  bool kernelTarget(const KernelVariant &kv, const Target *forceTarget,
                    bool compile, PreparedVariant &pv, Failure &f);
  bool compileVariant(const KernelVariant &kv, const Target *forceTarget,
                      PreparedVariant &pv, Failure &f);
  bool readKernel(const KernelVariant &kv, PreparedVariant &pv, Failure &f);
  bool resolveEntry(const KernelVariant &kv, const Target *forceTarget,
                    bool compile, PreparedVariant &pv, Failure &f);
  bool checkSignature(const PreparedVariant &pv, const PtxEntry &entry,
                      Failure &f);
  bool resolveLaunchParams(const KernelVariant &kv, PreparedVariant &pv,
                           Failure &f);
  /// The kernel `check: {cpu: true}` runs on the CPU for variant `kv` (see
  /// docs/tt-run.md); prepare it with the CPU as `forceTarget`.
  bool findCpuReference(const KernelVariant &kv, KernelVariant &refKv,
                        Failure &f);

  // RunInputs.cpp
  bool checkHostLimits();
  /// The shapes of the check expressions, inferred (Expression::inferShape)
  /// before any input is filled.
  bool checkCheckShapes();
  bool prepareInputs();
  bool fillTensor(TensorArg &t, Failure &f);
  bool buildInputs(Failure &f);
  bool buildReferences(Failure &f);
  bool npyReference(TensorArg &t, Failure &f);
  bool exprReference(TensorArg &t, TensorValues &values, Failure &f);
  bool saveInputs();

  // RunCheck.cpp
  bool runCpuReferences();
  /// Runs CPU reference `r` with the launch's inputs and keeps the values
  /// of every output checked that way (null for the other tensors).
  bool runCpuReference(Device &dev, size_t r, std::string &err);

  // RunReport.cpp
  void describePlan();

  // RunVariant.cpp, RunIsolation.cpp
  void runVariant(size_t vi);
  void runIsolated();

  const std::string &path;
  const RunOptions &opts;
  FileResult &out;
  FILE *diag;
  DeviceGetter getDevice;

  RunSpec spec;
  /// The launch the spec evaluates to, shared by every variant.
  Launch L;
  std::vector<PreparedVariant> prepared;
  /// check: {cpu: true}: the kernel each variant is compared with on the
  /// CPU, prepared once per distinct file (refs[refOf[variant]]), and the
  /// values it computed.
  bool cpuChecks = false;
  std::list<KernelVariant> refVariants;
  std::vector<PreparedVariant> refs;
  std::vector<size_t> refOf;
  std::vector<std::vector<std::shared_ptr<const Array>>> cpuRefValues;
  /// After a fault that leaves the device's context unusable, the variants
  /// after it in the same process cannot run: the label of the one that
  /// faulted.
  std::string poisonedBy;
};

/// One variant on its device: open, load, allocate, launch, check, time.
class VariantRun {
public:
  VariantRun(FileRun &file, size_t index);
  void run();

private:
  /// Sets the variant's status and error, and reports the error for the
  /// file. Returns the file's exit code.
  int fail(int line, const std::string &msg, int code, const char *status);

  // RunVariant.cpp
  bool open();
  bool allocate();
  bool allocateScratch();
  bool launch();

  // RunCheck.cpp
  bool checkOutputs();
  /// The reference of tensor `ti` for this variant and what it is called.
  std::shared_ptr<const Array> referenceOf(size_t ti, std::string &against);
  /// Downloads tensor `ti`; a failure is the variant's.
  bool readBack(size_t ti, std::vector<uint8_t> &storage);
  void checkAfterBench(const std::vector<size_t> &restored);

  // RunTiming.cpp
  void benchmark();
  bool restoredTensors(std::vector<size_t> &restored);
  void recordBench(const BenchConfig &bc, const std::vector<double> &ms);

  FileRun &file;
  const RunOptions &opts;
  size_t index;
  const PreparedVariant &pv;
  VariantResult &vr;

  Device *dev = nullptr;
  std::unique_ptr<Kernel> kernel;
  // After `kernel`, so that the buffers go first.
  DeviceBuffers bufs;
  std::vector<DevicePtr> tensorPtrs;
  DevicePtr scratch[2] = {0, 0};
  std::vector<uint64_t> slots;
  std::vector<void *> params;
  LaunchConfig cfg;
  bool checksPassed = true;
  /// The reference each tensor was checked against (checked again after a
  /// benchmark that restores it).
  std::vector<std::pair<std::shared_ptr<const Array>, std::string>>
      checkedAgainst;
};

} // namespace tt::runtime::runner

#endif // TT_LIB_RUNTIME_FILERUN_H
