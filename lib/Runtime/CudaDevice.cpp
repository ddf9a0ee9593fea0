//===- CudaDevice.cpp - launching on NVIDIA GPUs ----------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The CUDA driver API, reached through dlopen("libcuda.so.1") so that tt-run
// neither links against nor needs the driver to start. We declare the few
// types and entry points we use ourselves; the versioned symbol names
// (cuMemAlloc_v2, ...) are the ones cuda.h maps the plain names to. Every
// CUresult is checked and reported with cuGetErrorName's name for it.
//
//===----------------------------------------------------------------------===//

#include "tt/Runtime/Device.h"

#include <dlfcn.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>

using namespace tt::runtime;

namespace {

using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
struct CUctx_st;
struct CUmod_st;
struct CUfunc_st;
struct CUstream_st;
struct CUevent_st;
using CUcontext = CUctx_st *;
using CUmodule = CUmod_st *;
using CUfunction = CUfunc_st *;
using CUstream = CUstream_st *;
using CUevent = CUevent_st *;

constexpr CUresult CUDA_SUCCESS = 0;
constexpr CUresult CUDA_ERROR_NO_DEVICE = 100;
constexpr CUresult CUDA_ERROR_NOT_FOUND = 500;

// Values from cuda.h's enums.
constexpr int CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16;
constexpr int CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE = 38;
constexpr int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75;
constexpr int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76;
constexpr int CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97;
constexpr int CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 0;
constexpr int CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES = 1;
constexpr int CU_FUNC_ATTRIBUTE_NUM_REGS = 4;
constexpr int CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8;
constexpr int CU_JIT_INFO_LOG_BUFFER = 3;
constexpr int CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4;
constexpr int CU_JIT_ERROR_LOG_BUFFER = 5;
constexpr int CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6;
constexpr int CU_EVENT_DEFAULT = 0;
constexpr unsigned kStaticSharedLimit = 48 * 1024;

struct CudaApi {
  void *lib = nullptr;
  CUresult (*cuGetErrorName)(CUresult, const char **) = nullptr;
  CUresult (*cuGetErrorString)(CUresult, const char **) = nullptr;
  CUresult (*cuInit)(unsigned) = nullptr;
  CUresult (*cuDriverGetVersion)(int *) = nullptr;
  CUresult (*cuDeviceGetCount)(int *) = nullptr;
  CUresult (*cuDeviceGet)(CUdevice *, int) = nullptr;
  CUresult (*cuDeviceGetName)(char *, int, CUdevice) = nullptr;
  CUresult (*cuDeviceGetAttribute)(int *, int, CUdevice) = nullptr;
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *, CUdevice) = nullptr;
  CUresult (*cuDevicePrimaryCtxRelease)(CUdevice) = nullptr;
  CUresult (*cuCtxSetCurrent)(CUcontext) = nullptr;
  CUresult (*cuCtxSynchronize)() = nullptr;
  CUresult (*cuMemAlloc)(CUdeviceptr *, size_t) = nullptr;
  CUresult (*cuMemFree)(CUdeviceptr) = nullptr;
  CUresult (*cuMemcpyHtoD)(CUdeviceptr, const void *, size_t) = nullptr;
  CUresult (*cuMemcpyDtoH)(void *, CUdeviceptr, size_t) = nullptr;
  CUresult (*cuMemsetD32Async)(CUdeviceptr, unsigned, size_t,
                               CUstream) = nullptr;
  CUresult (*cuModuleLoadDataEx)(CUmodule *, const void *, unsigned, int *,
                                 void **) = nullptr;
  CUresult (*cuModuleUnload)(CUmodule) = nullptr;
  CUresult (*cuModuleGetFunction)(CUfunction *, CUmodule,
                                  const char *) = nullptr;
  CUresult (*cuFuncGetAttribute)(int *, int, CUfunction) = nullptr;
  CUresult (*cuFuncSetAttribute)(CUfunction, int, int) = nullptr;
  CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned,
                             unsigned, unsigned, unsigned, unsigned, CUstream,
                             void **, void **) = nullptr;
  CUresult (*cuEventCreate)(CUevent *, unsigned) = nullptr;
  CUresult (*cuEventDestroy)(CUevent) = nullptr;
  CUresult (*cuEventRecord)(CUevent, CUstream) = nullptr;
  CUresult (*cuEventSynchronize)(CUevent) = nullptr;
  CUresult (*cuEventElapsedTime)(float *, CUevent, CUevent) = nullptr;

  /// Resolves every entry point; the first name found of each list wins.
  bool resolve(std::string &missing) {
    struct Sym {
      void **slot;
      const char *names[2];
    } syms[] = {
        {(void **)&cuGetErrorName, {"cuGetErrorName", nullptr}},
        {(void **)&cuGetErrorString, {"cuGetErrorString", nullptr}},
        {(void **)&cuInit, {"cuInit", nullptr}},
        {(void **)&cuDriverGetVersion, {"cuDriverGetVersion", nullptr}},
        {(void **)&cuDeviceGetCount, {"cuDeviceGetCount", nullptr}},
        {(void **)&cuDeviceGet, {"cuDeviceGet", nullptr}},
        {(void **)&cuDeviceGetName, {"cuDeviceGetName", nullptr}},
        {(void **)&cuDeviceGetAttribute, {"cuDeviceGetAttribute", nullptr}},
        {(void **)&cuDevicePrimaryCtxRetain,
         {"cuDevicePrimaryCtxRetain", nullptr}},
        {(void **)&cuDevicePrimaryCtxRelease,
         {"cuDevicePrimaryCtxRelease_v2", "cuDevicePrimaryCtxRelease"}},
        {(void **)&cuCtxSetCurrent, {"cuCtxSetCurrent", nullptr}},
        {(void **)&cuCtxSynchronize, {"cuCtxSynchronize", nullptr}},
        {(void **)&cuMemAlloc, {"cuMemAlloc_v2", nullptr}},
        {(void **)&cuMemFree, {"cuMemFree_v2", nullptr}},
        {(void **)&cuMemcpyHtoD, {"cuMemcpyHtoD_v2", nullptr}},
        {(void **)&cuMemcpyDtoH, {"cuMemcpyDtoH_v2", nullptr}},
        {(void **)&cuMemsetD32Async, {"cuMemsetD32Async", nullptr}},
        {(void **)&cuModuleLoadDataEx, {"cuModuleLoadDataEx", nullptr}},
        {(void **)&cuModuleUnload, {"cuModuleUnload", nullptr}},
        {(void **)&cuModuleGetFunction, {"cuModuleGetFunction", nullptr}},
        {(void **)&cuFuncGetAttribute, {"cuFuncGetAttribute", nullptr}},
        {(void **)&cuFuncSetAttribute, {"cuFuncSetAttribute", nullptr}},
        {(void **)&cuLaunchKernel, {"cuLaunchKernel", nullptr}},
        {(void **)&cuEventCreate, {"cuEventCreate", nullptr}},
        {(void **)&cuEventDestroy, {"cuEventDestroy_v2", "cuEventDestroy"}},
        {(void **)&cuEventRecord, {"cuEventRecord", nullptr}},
        {(void **)&cuEventSynchronize, {"cuEventSynchronize", nullptr}},
        {(void **)&cuEventElapsedTime,
         {"cuEventElapsedTime_v2", "cuEventElapsedTime"}},
    };
    for (Sym &s : syms) {
      for (const char *n : s.names) {
        if (!n)
          break;
        if ((*s.slot = dlsym(lib, n)))
          break;
      }
      if (!*s.slot) {
        missing = s.names[0];
        return false;
      }
    }
    return true;
  }

  /// "CUDA_ERROR_OUT_OF_MEMORY (out of memory)".
  std::string describe(CUresult r) const {
    const char *name = nullptr, *text = nullptr;
    if (!cuGetErrorName || cuGetErrorName(r, &name) != CUDA_SUCCESS || !name)
      return "CUresult " + std::to_string(r);
    std::string s = name;
    if (cuGetErrorString && cuGetErrorString(r, &text) == CUDA_SUCCESS && text)
      s += std::string(" (") + text + ")";
    return s;
  }
};

/// Collapses a multi-line driver log into one line.
std::string oneLine(const char *log, size_t max = 400) {
  std::string s;
  for (const char *p = log; *p && s.size() < max; ++p) {
    if (*p == '\n') {
      if (!s.empty() && p[1])
        s += "; ";
    } else {
      s += *p;
    }
  }
  return s;
}

class CudaKernel : public Kernel {
public:
  CudaKernel(const CudaApi &api) : api(api) {}
  ~CudaKernel() override {
    if (module)
      api.cuModuleUnload(module);
  }
  const CudaApi &api;
  CUmodule module = nullptr;
  CUfunction function = nullptr;
  std::string name;
  int staticShared = 0;
  int maxThreads = 0;
  int numRegs = 0;
  unsigned dynamicSharedSet = 0;
};

class CudaDevice : public Device {
public:
  CudaApi api;
  CUdevice dev = 0;
  CUcontext ctx = nullptr;
  std::string desc;
  int ccMajor = 0, ccMinor = 0, smCount = 0, l2Bytes = 0, sharedOptin = 0;
  CUdeviceptr flushBuf = 0;
  size_t flushBytes = 0;

  ~CudaDevice() override {
    if (flushBuf)
      api.cuMemFree(flushBuf);
    if (ctx)
      api.cuDevicePrimaryCtxRelease(dev);
    // The library stays loaded: kernels' destructors may still call into it
    // during static destruction elsewhere, and unloading buys nothing.
  }

  bool check(CUresult r, const char *what, std::string &err) const {
    if (r == CUDA_SUCCESS)
      return true;
    err = std::string(what) + " failed: " + api.describe(r);
    return false;
  }

  std::string description() const override { return desc; }

  bool alloc(size_t bytes, DevicePtr &ptr, std::string &err) override {
    CUdeviceptr p = 0;
    CUresult r = api.cuMemAlloc(&p, std::max<size_t>(bytes, 256));
    if (r != CUDA_SUCCESS) {
      err = "cuMemAlloc of " + std::to_string(bytes) +
            " bytes failed: " + api.describe(r);
      return false;
    }
    ptr = p;
    return true;
  }

  void release(DevicePtr ptr) override {
    if (ptr)
      api.cuMemFree(CUdeviceptr(ptr));
  }

  bool upload(DevicePtr dst, const void *src, size_t bytes,
              std::string &err) override {
    if (!bytes)
      return true;
    return check(api.cuMemcpyHtoD(CUdeviceptr(dst), src, bytes),
                 "cuMemcpyHtoD", err);
  }

  bool download(void *dst, DevicePtr src, size_t bytes,
                std::string &err) override {
    if (!bytes)
      return true;
    return check(api.cuMemcpyDtoH(dst, CUdeviceptr(src), bytes),
                 "cuMemcpyDtoH", err);
  }

  bool load(const KernelImage &image, std::unique_ptr<Kernel> &out,
            std::string &err) override {
    if (image.format != KernelImage::Format::PTX &&
        image.format != KernelImage::Format::Cubin) {
      err = "the CUDA runtime loads .ptx or .cubin files";
      return false;
    }
    auto k = std::make_unique<CudaKernel>(api);
    k->name = image.name;
    static char errorLog[16384], infoLog[4096];
    errorLog[0] = infoLog[0] = 0;
    int opts[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
                  CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES};
    void *vals[] = {errorLog, (void *)(uintptr_t)sizeof errorLog, infoLog,
                    (void *)(uintptr_t)sizeof infoLog};
    CUresult r =
        api.cuModuleLoadDataEx(&k->module, image.bytes.data(), 4, opts, vals);
    if (r != CUDA_SUCCESS) {
      err = "cuModuleLoadDataEx of " + image.path +
            " failed: " + api.describe(r);
      if (errorLog[0])
        err += ": " + oneLine(errorLog);
      return false;
    }
    r = api.cuModuleGetFunction(&k->function, k->module, image.name.c_str());
    if (r == CUDA_ERROR_NOT_FOUND) {
      err = "no kernel named '" + image.name + "' in " + image.path;
      return false;
    }
    if (!check(r, "cuModuleGetFunction", err))
      return false;
    if (!check(api.cuFuncGetAttribute(&k->staticShared,
                                      CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES,
                                      k->function),
               "cuFuncGetAttribute(SHARED_SIZE_BYTES)", err) ||
        !check(api.cuFuncGetAttribute(&k->maxThreads,
                                      CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
                                      k->function),
               "cuFuncGetAttribute(MAX_THREADS_PER_BLOCK)", err) ||
        !check(api.cuFuncGetAttribute(&k->numRegs, CU_FUNC_ATTRIBUTE_NUM_REGS,
                                      k->function),
               "cuFuncGetAttribute(NUM_REGS)", err))
      return false;
    out = std::move(k);
    return true;
  }

  bool prepare(CudaKernel &k, const LaunchConfig &cfg, std::string &err) {
    if (int(cfg.blockThreads) > k.maxThreads) {
      err = "kernel '" + k.name + "' can run at most " +
            std::to_string(k.maxThreads) + " threads per block (" +
            std::to_string(k.numRegs) + " registers per thread); the launch "
            "asks for " + std::to_string(cfg.blockThreads);
      return false;
    }
    unsigned total = cfg.sharedBytes + unsigned(k.staticShared);
    if (total > kStaticSharedLimit && cfg.sharedBytes > k.dynamicSharedSet) {
      if (total > unsigned(sharedOptin)) {
        err = "kernel '" + k.name + "' needs " + std::to_string(total) +
              " bytes of shared memory; the device allows " +
              std::to_string(sharedOptin) + " per block";
        return false;
      }
      const int attr = CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES;
      if (!check(api.cuFuncSetAttribute(k.function, attr,
                                        int(cfg.sharedBytes)),
                 "cuFuncSetAttribute(MAX_DYNAMIC_SHARED_SIZE_BYTES)", err))
        return false;
      k.dynamicSharedSet = cfg.sharedBytes;
    }
    return true;
  }

  bool launchRaw(CudaKernel &k, const LaunchConfig &cfg, void **params,
                 std::string &err) {
    return check(api.cuLaunchKernel(k.function, cfg.grid[0], cfg.grid[1],
                                    cfg.grid[2], cfg.blockThreads, 1, 1,
                                    cfg.sharedBytes, nullptr, params, nullptr),
                 "cuLaunchKernel", err);
  }

  bool launch(Kernel &kernel, const LaunchConfig &cfg, void **params,
              std::string &err) override {
    CudaKernel &k = static_cast<CudaKernel &>(kernel);
    return prepare(k, cfg, err) && launchRaw(k, cfg, params, err);
  }

  bool synchronize(std::string &err) override {
    return check(api.cuCtxSynchronize(), "cuCtxSynchronize", err);
  }

  bool benchmark(Kernel &kernel, const LaunchConfig &cfg, void **params,
                 const BenchConfig &bench, std::vector<double> &ms,
                 std::string &err) override {
    CudaKernel &k = static_cast<CudaKernel &>(kernel);
    if (!prepare(k, cfg, err))
      return false;
    if (bench.flushL2 && flushBytes < bench.flushBytes) {
      if (flushBuf)
        api.cuMemFree(flushBuf);
      flushBuf = 0;
      flushBytes = 0;
      if (!check(api.cuMemAlloc(&flushBuf, bench.flushBytes),
                 "cuMemAlloc (L2 flush buffer)", err))
        return false;
      flushBytes = bench.flushBytes;
    }
    auto before = [&] { return !bench.beforeLaunch || bench.beforeLaunch(err); };
    for (int i = 0; i < bench.warmup; ++i)
      if (!before() || !launchRaw(k, cfg, params, err))
        return false;
    if (!synchronize(err))
      return false;

    struct Events {
      const CudaApi &api;
      std::vector<CUevent> ev;
      ~Events() {
        for (CUevent e : ev)
          if (e)
            api.cuEventDestroy(e);
      }
    } events{api, std::vector<CUevent>(size_t(2 * bench.reps), nullptr)};
    for (CUevent &e : events.ev)
      if (!check(api.cuEventCreate(&e, CU_EVENT_DEFAULT), "cuEventCreate", err))
        return false;
    for (int i = 0; i < bench.reps; ++i) {
      if (!before())
        return false;
      if (bench.flushL2 &&
          !check(api.cuMemsetD32Async(flushBuf, 0, bench.flushBytes / 4,
                                      nullptr),
                 "cuMemsetD32Async (L2 flush)", err))
        return false;
      if (!check(api.cuEventRecord(events.ev[2 * i], nullptr), "cuEventRecord",
                 err) ||
          !launchRaw(k, cfg, params, err) ||
          !check(api.cuEventRecord(events.ev[2 * i + 1], nullptr),
                 "cuEventRecord", err))
        return false;
    }
    if (!check(api.cuEventSynchronize(events.ev.back()), "cuEventSynchronize",
               err) ||
        !synchronize(err))
      return false;
    ms.clear();
    for (int i = 0; i < bench.reps; ++i) {
      float t = 0;
      if (!check(api.cuEventElapsedTime(&t, events.ev[2 * i],
                                        events.ev[2 * i + 1]),
                 "cuEventElapsedTime", err))
        return false;
      ms.push_back(t);
    }
    return true;
  }
};

} // namespace

std::unique_ptr<Device> tt::runtime::openCudaDevice(int ordinal,
                                                    OpenFailure &why,
                                                    std::string &err) {
  why = OpenFailure::None;
  std::string libPath = "libcuda.so.1";
  const char *dir = std::getenv("TRITON_LIBCUDA_PATH");
  if (dir && *dir)
    libPath = std::string(dir) + "/libcuda.so.1";
  void *lib = dlopen(libPath.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    why = OpenFailure::NoDriver;
    err = "no CUDA driver (libcuda.so.1 not found";
    if (dir && *dir)
      err += std::string(" in $TRITON_LIBCUDA_PATH=") + dir;
    err += ")";
    return nullptr;
  }
  auto d = std::make_unique<CudaDevice>();
  d->api.lib = lib;
  std::string missing;
  if (!d->api.resolve(missing)) {
    why = OpenFailure::NoDriver;
    err = "the CUDA driver " + libPath + " lacks " + missing +
          " (driver too old?)";
    return nullptr;
  }
  CudaApi &api = d->api;
  CUresult r = api.cuInit(0);
  if (r != CUDA_SUCCESS) {
    why = OpenFailure::NoDevice;
    err = (r == CUDA_ERROR_NO_DEVICE ? "no CUDA device (cuInit: "
                                     : "CUDA driver unusable (cuInit: ") +
          api.describe(r) + ")";
    return nullptr;
  }
  int count = 0;
  if (!d->check(api.cuDeviceGetCount(&count), "cuDeviceGetCount", err)) {
    why = OpenFailure::Other;
    return nullptr;
  }
  if (ordinal < 0 || ordinal >= count) {
    why = OpenFailure::NoDevice;
    err = count == 0 ? "no CUDA device"
                     : "no CUDA device " + std::to_string(ordinal) + " (" +
                           std::to_string(count) + " found)";
    return nullptr;
  }
  char name[256] = {0};
  int driver = 0;
  why = OpenFailure::Other;
  if (!d->check(api.cuDeviceGet(&d->dev, ordinal), "cuDeviceGet", err) ||
      !d->check(api.cuDeviceGetName(name, sizeof name - 1, d->dev),
                "cuDeviceGetName", err) ||
      !d->check(api.cuDriverGetVersion(&driver), "cuDriverGetVersion", err) ||
      !d->check(api.cuDeviceGetAttribute(
                    &d->ccMajor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR,
                    d->dev),
                "cuDeviceGetAttribute", err) ||
      !d->check(api.cuDeviceGetAttribute(
                    &d->ccMinor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR,
                    d->dev),
                "cuDeviceGetAttribute", err) ||
      !d->check(api.cuDeviceGetAttribute(
                    &d->smCount, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
                    d->dev),
                "cuDeviceGetAttribute", err) ||
      !d->check(api.cuDeviceGetAttribute(
                    &d->l2Bytes, CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE, d->dev),
                "cuDeviceGetAttribute", err) ||
      !d->check(api.cuDeviceGetAttribute(
                    &d->sharedOptin,
                    CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
                    d->dev),
                "cuDeviceGetAttribute", err))
    return nullptr;
  if (!d->check(api.cuDevicePrimaryCtxRetain(&d->ctx, d->dev),
                "cuDevicePrimaryCtxRetain", err))
    return nullptr;
  if (!d->check(api.cuCtxSetCurrent(d->ctx), "cuCtxSetCurrent", err))
    return nullptr;
  d->desc = std::string(name) + " (sm_" + std::to_string(d->ccMajor) +
            std::to_string(d->ccMinor) + ", " + std::to_string(d->smCount) +
            " SMs, " + std::to_string(d->l2Bytes >> 20) + " MiB L2, driver " +
            std::to_string(driver / 1000) + "." +
            std::to_string((driver % 1000) / 10) + ")";
  why = OpenFailure::None;
  return d;
}
