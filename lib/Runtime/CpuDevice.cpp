//===- CpuDevice.cpp - running kernels on the host CPU ----------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// "Device" memory is host memory; a kernel is a function in a shared object
// following CpuKernelABI.h, called once per program from a pool of threads
// that take programs from a shared counter.
//
//===----------------------------------------------------------------------===//

#include "tt/Runtime/CpuKernelABI.h"
#include "tt/Runtime/Device.h"

#include <dlfcn.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <thread>

using namespace tt::runtime;

namespace {

class CpuKernel : public Kernel {
public:
  ~CpuKernel() override {
    if (handle)
      dlclose(handle);
  }
  void *handle = nullptr;
  tt_cpu_kernel_fn fn = nullptr;
};

class CpuDevice : public Device {
public:
  unsigned threads;
  std::vector<char> flushBuf;

  CpuDevice() {
    threads = std::max(1u, std::thread::hardware_concurrency());
    if (const char *env = std::getenv("TT_CPU_THREADS")) {
      int n = std::atoi(env);
      if (n > 0)
        threads = unsigned(n);
    }
  }

  std::string description() const override {
    return "host CPU (" + std::to_string(threads) + " threads)";
  }

  bool alloc(size_t bytes, DevicePtr &ptr, std::string &err) override {
    size_t size = (std::max<size_t>(bytes, 256) + 255) / 256 * 256;
    void *p = std::aligned_alloc(256, size);
    if (!p) {
      err = "cannot allocate " + std::to_string(bytes) + " bytes";
      return false;
    }
    ptr = DevicePtr(reinterpret_cast<uintptr_t>(p));
    return true;
  }
  void release(DevicePtr ptr) override {
    std::free(reinterpret_cast<void *>(uintptr_t(ptr)));
  }
  bool upload(DevicePtr dst, const void *src, size_t bytes,
              std::string &) override {
    if (bytes)
      std::memcpy(reinterpret_cast<void *>(uintptr_t(dst)), src, bytes);
    return true;
  }
  bool download(void *dst, DevicePtr src, size_t bytes,
                std::string &) override {
    if (bytes)
      std::memcpy(dst, reinterpret_cast<const void *>(uintptr_t(src)), bytes);
    return true;
  }

  bool load(const KernelImage &image, std::unique_ptr<Kernel> &out,
            std::string &err) override {
    if (image.format != KernelImage::Format::SharedObject) {
      err = "the CPU runtime loads shared objects (.so)";
      return false;
    }
    auto k = std::make_unique<CpuKernel>();
    // dlopen needs a path with a slash to skip the library search.
    std::string path = image.path.find('/') == std::string::npos
                           ? "./" + image.path
                           : image.path;
    k->handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!k->handle) {
      const char *e = dlerror();
      err = "cannot load " + image.path + ": " + (e ? e : "dlopen failed");
      return false;
    }
    // tt-translate --target cpu exports `<kernel>__packed`
    // (docs/cpu-backend.md); hand-written kernels may use the bare name.
    k->fn = reinterpret_cast<tt_cpu_kernel_fn>(
        dlsym(k->handle, (image.name + "__packed").c_str()));
    if (!k->fn)
      k->fn = reinterpret_cast<tt_cpu_kernel_fn>(
          dlsym(k->handle, image.name.c_str()));
    if (!k->fn) {
      err = "no kernel named '" + image.name + "' in " + image.path;
      return false;
    }
    out = std::move(k);
    return true;
  }

  bool launch(Kernel &kernel, const LaunchConfig &cfg, void **params,
              std::string &) override {
    tt_cpu_kernel_fn fn = static_cast<CpuKernel &>(kernel).fn;
    int64_t gx = cfg.grid[0], gy = cfg.grid[1], gz = cfg.grid[2];
    int64_t total = gx * gy * gz;
    std::atomic<int64_t> next{0};
    auto worker = [&] {
      const int64_t chunk = 16;
      while (true) {
        int64_t b = next.fetch_add(chunk);
        if (b >= total)
          return;
        int64_t e = std::min(total, b + chunk);
        for (int64_t p = b; p < e; ++p) {
          int32_t x = int32_t(p % gx), y = int32_t((p / gx) % gy),
                  z = int32_t(p / (gx * gy));
          fn(params, x, y, z, int32_t(gx), int32_t(gy), int32_t(gz));
        }
      }
    };
    unsigned n = unsigned(std::min<int64_t>(threads, (total + 15) / 16));
    if (n <= 1) {
      worker();
      return true;
    }
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < n; ++t)
      pool.emplace_back(worker);
    for (std::thread &t : pool)
      t.join();
    return true;
  }

  bool synchronize(std::string &) override { return true; }

  bool benchmark(Kernel &kernel, const LaunchConfig &cfg, void **params,
                 const BenchConfig &bench, std::vector<double> &ms,
                 std::string &err) override {
    auto before = [&] { return !bench.beforeLaunch || bench.beforeLaunch(err); };
    for (int i = 0; i < bench.warmup; ++i)
      if (!before() || !launch(kernel, cfg, params, err))
        return false;
    if (bench.flushL2 && flushBuf.size() < bench.flushBytes)
      flushBuf.assign(bench.flushBytes, 0);
    ms.clear();
    for (int i = 0; i < bench.reps; ++i) {
      if (!before())
        return false;
      if (bench.flushL2)
        std::memset(flushBuf.data(), i & 0xff, bench.flushBytes);
      auto t0 = std::chrono::steady_clock::now();
      if (!launch(kernel, cfg, params, err))
        return false;
      auto t1 = std::chrono::steady_clock::now();
      ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    }
    return true;
  }
};

} // namespace

std::unique_ptr<Device> tt::runtime::openCpuDevice(OpenFailure &why,
                                                   std::string &) {
  why = OpenFailure::None;
  return std::make_unique<CpuDevice>();
}

std::unique_ptr<Device> tt::runtime::openDevice(Target target, int ordinal,
                                                OpenFailure &why,
                                                std::string &err) {
  switch (target) {
  case Target::CUDA:
    return openCudaDevice(ordinal, why, err);
  case Target::HIP:
    return openHipDevice(ordinal, why, err);
  case Target::CPU:
    return openCpuDevice(why, err);
  }
  why = OpenFailure::Other;
  err = "unknown target";
  return nullptr;
}

Kernel::~Kernel() = default;
Device::~Device() = default;
