//===- HipDevice.cpp - launching on AMD GPUs --------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The HIP module API through dlopen("libamdhip64.so"), mirroring the CUDA
// path: load an HSACO with hipModuleLoadData, launch with
// hipModuleLaunchKernel, time with hipEvents. LDS that the code object
// allocates statically (tt's kernels) is not requested again at launch. No
// AMD GPU has been available to test this file; it compiles and reports a
// missing runtime, nothing more has been exercised.
//
//===----------------------------------------------------------------------===//

#include "tt/Runtime/Device.h"

#include <dlfcn.h>

#include <algorithm>

using namespace tt::runtime;

namespace {

using hipError_t = int;
using hipDevice_t = int;
struct ihipModule_t;
struct ihipModuleSymbol_t;
struct ihipStream_t;
struct ihipEvent_t;
using hipModule_t = ihipModule_t *;
using hipFunction_t = ihipModuleSymbol_t *;
using hipStream_t = ihipStream_t *;
using hipEvent_t = ihipEvent_t *;
using hipDeviceptr_t = void *;

constexpr hipError_t hipSuccess = 0;
constexpr hipError_t hipErrorNoDevice = 100;

struct HipApi {
  void *lib = nullptr;
  const char *(*hipGetErrorName)(hipError_t) = nullptr;
  const char *(*hipGetErrorString)(hipError_t) = nullptr;
  hipError_t (*hipInit)(unsigned) = nullptr;
  hipError_t (*hipGetDeviceCount)(int *) = nullptr;
  hipError_t (*hipSetDevice)(int) = nullptr;
  hipError_t (*hipDeviceGet)(hipDevice_t *, int) = nullptr;
  hipError_t (*hipDeviceGetName)(char *, int, hipDevice_t) = nullptr;
  hipError_t (*hipDriverGetVersion)(int *) = nullptr;
  hipError_t (*hipDeviceSynchronize)() = nullptr;
  hipError_t (*hipMalloc)(void **, size_t) = nullptr;
  hipError_t (*hipFree)(void *) = nullptr;
  hipError_t (*hipMemcpyHtoD)(hipDeviceptr_t, const void *, size_t) = nullptr;
  hipError_t (*hipMemcpyDtoH)(void *, hipDeviceptr_t, size_t) = nullptr;
  hipError_t (*hipMemsetD32Async)(hipDeviceptr_t, int, size_t,
                                  hipStream_t) = nullptr;
  hipError_t (*hipModuleLoadData)(hipModule_t *, const void *) = nullptr;
  hipError_t (*hipModuleUnload)(hipModule_t) = nullptr;
  hipError_t (*hipModuleGetFunction)(hipFunction_t *, hipModule_t,
                                     const char *) = nullptr;
  hipError_t (*hipModuleLaunchKernel)(hipFunction_t, unsigned, unsigned,
                                      unsigned, unsigned, unsigned, unsigned,
                                      unsigned, hipStream_t, void **,
                                      void **) = nullptr;
  hipError_t (*hipEventCreate)(hipEvent_t *) = nullptr;
  hipError_t (*hipEventDestroy)(hipEvent_t) = nullptr;
  hipError_t (*hipEventRecord)(hipEvent_t, hipStream_t) = nullptr;
  hipError_t (*hipEventSynchronize)(hipEvent_t) = nullptr;
  hipError_t (*hipEventElapsedTime)(float *, hipEvent_t, hipEvent_t) = nullptr;
  // Optional: the static LDS of a kernel (HIP_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES).
  hipError_t (*hipFuncGetAttribute)(int *, int, hipFunction_t) = nullptr;

  bool resolve(std::string &missing) {
    struct Sym {
      void **slot;
      const char *name;
    } syms[] = {
        {(void **)&hipGetErrorName, "hipGetErrorName"},
        {(void **)&hipGetErrorString, "hipGetErrorString"},
        {(void **)&hipInit, "hipInit"},
        {(void **)&hipGetDeviceCount, "hipGetDeviceCount"},
        {(void **)&hipSetDevice, "hipSetDevice"},
        {(void **)&hipDeviceGet, "hipDeviceGet"},
        {(void **)&hipDeviceGetName, "hipDeviceGetName"},
        {(void **)&hipDriverGetVersion, "hipDriverGetVersion"},
        {(void **)&hipDeviceSynchronize, "hipDeviceSynchronize"},
        {(void **)&hipMalloc, "hipMalloc"},
        {(void **)&hipFree, "hipFree"},
        {(void **)&hipMemcpyHtoD, "hipMemcpyHtoD"},
        {(void **)&hipMemcpyDtoH, "hipMemcpyDtoH"},
        {(void **)&hipMemsetD32Async, "hipMemsetD32Async"},
        {(void **)&hipModuleLoadData, "hipModuleLoadData"},
        {(void **)&hipModuleUnload, "hipModuleUnload"},
        {(void **)&hipModuleGetFunction, "hipModuleGetFunction"},
        {(void **)&hipModuleLaunchKernel, "hipModuleLaunchKernel"},
        {(void **)&hipEventCreate, "hipEventCreate"},
        {(void **)&hipEventDestroy, "hipEventDestroy"},
        {(void **)&hipEventRecord, "hipEventRecord"},
        {(void **)&hipEventSynchronize, "hipEventSynchronize"},
        {(void **)&hipEventElapsedTime, "hipEventElapsedTime"},
    };
    for (Sym &s : syms) {
      *s.slot = dlsym(lib, s.name);
      if (!*s.slot) {
        missing = s.name;
        return false;
      }
    }
    hipFuncGetAttribute = reinterpret_cast<decltype(hipFuncGetAttribute)>(
        dlsym(lib, "hipFuncGetAttribute"));
    return true;
  }

  std::string describe(hipError_t r) const {
    const char *name = hipGetErrorName ? hipGetErrorName(r) : nullptr;
    std::string s = name ? name : "hipError_t " + std::to_string(r);
    const char *text = hipGetErrorString ? hipGetErrorString(r) : nullptr;
    if (text)
      s += std::string(" (") + text + ")";
    return s;
  }
};

class HipKernel : public Kernel {
public:
  explicit HipKernel(const HipApi &api) : api(api) {}
  ~HipKernel() override {
    if (module)
      api.hipModuleUnload(module);
  }
  const HipApi &api;
  hipModule_t module = nullptr;
  hipFunction_t function = nullptr;
  /// LDS the code object allocates statically (tt's kernels size their
  /// LDS array; upstream's leave it to the launch).
  unsigned staticShared = 0;
};

class HipDevice : public Device {
public:
  HipApi api;
  std::string desc;
  void *flushBuf = nullptr;
  size_t flushBytes = 0;

  ~HipDevice() override {
    if (flushBuf)
      api.hipFree(flushBuf);
  }

  bool check(hipError_t r, const char *what, std::string &err) const {
    if (r == hipSuccess)
      return true;
    err = std::string(what) + " failed: " + api.describe(r);
    return false;
  }

  std::string description() const override { return desc; }

  bool alloc(size_t bytes, DevicePtr &ptr, std::string &err) override {
    void *p = nullptr;
    if (!check(api.hipMalloc(&p, std::max<size_t>(bytes, 256)), "hipMalloc",
               err))
      return false;
    ptr = DevicePtr(reinterpret_cast<uintptr_t>(p));
    return true;
  }
  void release(DevicePtr ptr) override {
    if (ptr)
      api.hipFree(reinterpret_cast<void *>(uintptr_t(ptr)));
  }
  bool upload(DevicePtr dst, const void *src, size_t bytes,
              std::string &err) override {
    return !bytes ||
           check(api.hipMemcpyHtoD(reinterpret_cast<void *>(uintptr_t(dst)),
                                   src, bytes),
                 "hipMemcpyHtoD", err);
  }
  bool download(void *dst, DevicePtr src, size_t bytes,
                std::string &err) override {
    return !bytes ||
           check(api.hipMemcpyDtoH(
                     dst, reinterpret_cast<void *>(uintptr_t(src)), bytes),
                 "hipMemcpyDtoH", err);
  }

  bool load(const KernelImage &image, std::unique_ptr<Kernel> &out,
            std::string &err) override {
    if (image.format != KernelImage::Format::Hsaco) {
      err = "the HIP runtime loads .hsaco files";
      return false;
    }
    auto k = std::make_unique<HipKernel>(api);
    if (!check(api.hipModuleLoadData(&k->module, image.bytes.data()),
               "hipModuleLoadData", err))
      return false;
    hipError_t r =
        api.hipModuleGetFunction(&k->function, k->module, image.name.c_str());
    if (r != hipSuccess) {
      err = "no kernel named '" + image.name + "' in " + image.path + " (" +
            api.describe(r) + ")";
      return false;
    }
    constexpr int kSharedSizeBytes = 1; // HIP_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES
    int staticShared = 0;
    if (api.hipFuncGetAttribute &&
        api.hipFuncGetAttribute(&staticShared, kSharedSizeBytes, k->function) ==
            hipSuccess &&
        staticShared > 0)
      k->staticShared = unsigned(staticShared);
    out = std::move(k);
    return true;
  }

  bool launch(Kernel &kernel, const LaunchConfig &cfg, void **params,
              std::string &err) override {
    HipKernel &k = static_cast<HipKernel &>(kernel);
    // The metadata's "shared" is the kernel's whole LDS need; what the code
    // object already allocates is not asked for again at launch.
    unsigned dynamicShared =
        cfg.sharedBytes > k.staticShared ? cfg.sharedBytes - k.staticShared : 0;
    return check(api.hipModuleLaunchKernel(
                     k.function, cfg.grid[0], cfg.grid[1], cfg.grid[2],
                     cfg.blockThreads, 1, 1, dynamicShared, nullptr, params,
                     nullptr),
                 "hipModuleLaunchKernel", err);
  }

  bool synchronize(std::string &err) override {
    return check(api.hipDeviceSynchronize(), "hipDeviceSynchronize", err);
  }

  bool benchmark(Kernel &kernel, const LaunchConfig &cfg, void **params,
                 const BenchConfig &bench, std::vector<double> &ms,
                 std::string &err) override {
    if (bench.flushL2 && flushBytes < bench.flushBytes) {
      if (flushBuf)
        api.hipFree(flushBuf);
      flushBuf = nullptr;
      flushBytes = 0;
      if (!check(api.hipMalloc(&flushBuf, bench.flushBytes),
                 "hipMalloc (cache flush buffer)", err))
        return false;
      flushBytes = bench.flushBytes;
    }
    auto before = [&] { return !bench.beforeLaunch || bench.beforeLaunch(err); };
    for (int i = 0; i < bench.warmup; ++i)
      if (!before() || !launch(kernel, cfg, params, err))
        return false;
    if (!synchronize(err))
      return false;
    struct Events {
      const HipApi &api;
      std::vector<hipEvent_t> ev;
      ~Events() {
        for (hipEvent_t e : ev)
          if (e)
            api.hipEventDestroy(e);
      }
    } events{api, std::vector<hipEvent_t>(size_t(2 * bench.reps), nullptr)};
    for (hipEvent_t &e : events.ev)
      if (!check(api.hipEventCreate(&e), "hipEventCreate", err))
        return false;
    for (int i = 0; i < bench.reps; ++i) {
      if (!before())
        return false;
      if (bench.flushL2 &&
          !check(api.hipMemsetD32Async(flushBuf, 0, bench.flushBytes / 4,
                                       nullptr),
                 "hipMemsetD32Async (cache flush)", err))
        return false;
      if (!check(api.hipEventRecord(events.ev[2 * i], nullptr),
                 "hipEventRecord", err) ||
          !launch(kernel, cfg, params, err) ||
          !check(api.hipEventRecord(events.ev[2 * i + 1], nullptr),
                 "hipEventRecord", err))
        return false;
    }
    if (!check(api.hipEventSynchronize(events.ev.back()),
               "hipEventSynchronize", err))
      return false;
    ms.clear();
    for (int i = 0; i < bench.reps; ++i) {
      float t = 0;
      if (!check(api.hipEventElapsedTime(&t, events.ev[2 * i],
                                         events.ev[2 * i + 1]),
                 "hipEventElapsedTime", err))
        return false;
      ms.push_back(t);
    }
    return true;
  }
};

} // namespace

std::unique_ptr<Device> tt::runtime::openHipDevice(int ordinal,
                                                   OpenFailure &why,
                                                   std::string &err) {
  void *lib = dlopen("libamdhip64.so", RTLD_NOW | RTLD_LOCAL);
  if (!lib)
    lib = dlopen("/opt/rocm/lib/libamdhip64.so", RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    why = OpenFailure::NoDriver;
    err = "no HIP runtime (libamdhip64.so not found): AMD GPUs cannot be "
          "used on this machine";
    return nullptr;
  }
  auto d = std::make_unique<HipDevice>();
  d->api.lib = lib;
  std::string missing;
  if (!d->api.resolve(missing)) {
    why = OpenFailure::NoDriver;
    err = "the HIP runtime libamdhip64.so lacks " + missing;
    return nullptr;
  }
  HipApi &api = d->api;
  hipError_t r = api.hipInit(0);
  if (r != hipSuccess) {
    why = OpenFailure::NoDevice;
    err = (r == hipErrorNoDevice ? "no HIP device (hipInit: "
                                 : "HIP runtime unusable (hipInit: ") +
          api.describe(r) + ")";
    return nullptr;
  }
  int count = 0;
  why = OpenFailure::Other;
  if (!d->check(api.hipGetDeviceCount(&count), "hipGetDeviceCount", err))
    return nullptr;
  if (ordinal < 0 || ordinal >= count) {
    why = OpenFailure::NoDevice;
    err = count == 0 ? "no HIP device"
                     : "no HIP device " + std::to_string(ordinal) + " (" +
                           std::to_string(count) + " found)";
    return nullptr;
  }
  hipDevice_t dev = 0;
  char name[256] = {0};
  int version = 0;
  if (!d->check(api.hipSetDevice(ordinal), "hipSetDevice", err) ||
      !d->check(api.hipDeviceGet(&dev, ordinal), "hipDeviceGet", err) ||
      !d->check(api.hipDeviceGetName(name, sizeof name - 1, dev),
                "hipDeviceGetName", err) ||
      !d->check(api.hipDriverGetVersion(&version), "hipDriverGetVersion", err))
    return nullptr;
  d->desc = std::string(name) + " (HIP driver " + std::to_string(version) + ")";
  why = OpenFailure::None;
  return d;
}
