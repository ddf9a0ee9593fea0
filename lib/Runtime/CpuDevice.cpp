//===- CpuDevice.cpp - running kernels on the host CPU ----------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// "Device" memory is host memory; a kernel is a function in a shared object
// following CpuKernelABI.h, called once per program from a pool of threads
// that take programs from a shared counter.
//
// Bounds check (setBoundsCheck, on when tt-run checks results): each buffer
// gets a mapping of its own with an inaccessible page before and after it.
// The buffer ends as close to the page after as its 256-byte alignment
// allows; the few bytes in between (and those before it) hold a known
// pattern. An access that reaches a guard page faults, and the fault
// handler writes the buffer's name and the offset into the CrashNote
// before the process dies; a write into the pattern is found after the
// launch and fails it with the same words. Before dlopen a shared object's
// ELF headers are checked against its size: a truncated file would be
// mapped past its end and die with SIGBUS on first use.
//
//===----------------------------------------------------------------------===//

#include "tt/Runtime/CpuKernelABI.h"
#include "tt/Runtime/CrashNote.h"
#include "tt/Runtime/Device.h"

#include <dlfcn.h>
#include <elf.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <thread>

using namespace tt::runtime;

namespace {

//===----------------------------------------------------------------------===//
// Guarded buffers
//===----------------------------------------------------------------------===//

constexpr size_t kAlign = 256;
constexpr unsigned char kPattern = 0xa5;

/// One bounds-checked buffer. `mapStart` is non-zero while the slot is in
/// use; the fault handler reads the slots without a lock.
struct Guarded {
  std::atomic<uintptr_t> mapStart{0};
  size_t mapLen = 0;
  uintptr_t base = 0;
  size_t bytes = 0;
  size_t page = 0;
  char name[64] = "a buffer";
};
constexpr size_t kMaxGuarded = 4096;
Guarded guarded[kMaxGuarded];
std::mutex guardedMutex;
struct sigaction previousSegv, previousBus;
std::once_flag handlerOnce;

/// Appends `v` in decimal; async-signal-safe.
char *putInt(char *p, char *end, int64_t v) {
  char digits[24];
  int n = 0;
  uint64_t u = v < 0 ? 0 - uint64_t(v) : uint64_t(v);
  do
    digits[n++] = char('0' + u % 10);
  while ((u /= 10) != 0);
  if (v < 0 && p < end)
    *p++ = '-';
  while (n > 0 && p < end)
    *p++ = digits[--n];
  return p;
}

char *putStr(char *p, char *end, const char *s) {
  while (*s && p < end)
    *p++ = *s++;
  return p;
}

/// "out-of-bounds read or write of 'out' at byte offset 4100 (it has 4096
/// bytes)"; async-signal-safe.
void describe(char *buf, size_t size, const char *access, const Guarded &g,
              int64_t offset) {
  char *p = buf, *end = buf + size - 1;
  p = putStr(p, end, access);
  p = putStr(p, end, " '");
  p = putStr(p, end, g.name);
  p = putStr(p, end, "' at byte offset ");
  p = putInt(p, end, offset);
  p = putStr(p, end, " (it has ");
  p = putInt(p, end, int64_t(g.bytes));
  p = putStr(p, end, " bytes)");
  *p = '\0';
}

/// SIGSEGV / SIGBUS: if the address is in a guarded mapping, note which
/// buffer and where; then put the previous action back and return, so the
/// access runs again and ends the process as it would have.
void onFault(int sig, siginfo_t *info, void *) {
  uintptr_t a = reinterpret_cast<uintptr_t>(info->si_addr);
  for (const Guarded &g : guarded) {
    uintptr_t start = g.mapStart.load(std::memory_order_acquire);
    if (!start || a < start || a - start >= g.mapLen)
      continue;
    char msg[256];
    describe(msg, sizeof msg, "out-of-bounds access to", g,
             int64_t(a) - int64_t(g.base));
    tt::runtime::crashnote::setFault(msg);
    break;
  }
  ::sigaction(sig, sig == SIGBUS ? &previousBus : &previousSegv, nullptr);
}

void installFaultHandler() {
  std::call_once(handlerOnce, [] {
    struct sigaction sa;
    std::memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = onFault;
    sa.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigemptyset(&sa.sa_mask);
    ::sigaction(SIGSEGV, &sa, &previousSegv);
    ::sigaction(SIGBUS, &sa, &previousBus);
  });
}

/// A buffer of `bytes` between two guard pages, or false (no slot, no
/// memory): the caller then allocates it without guards.
bool allocGuarded(size_t bytes, uintptr_t &out) {
  size_t page = size_t(::sysconf(_SC_PAGESIZE));
  size_t region = (bytes + kAlign - 1 + page - 1) / page * page;
  if (region == 0)
    region = page;
  size_t len = region + 2 * page;
  void *m = ::mmap(nullptr, len, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (m == MAP_FAILED)
    return false;
  auto start = reinterpret_cast<uintptr_t>(m);
  uintptr_t end = start + page + region;
  uintptr_t base = (end - bytes) & ~uintptr_t(kAlign - 1);
  if (::mprotect(m, page, PROT_NONE) != 0 ||
      ::mprotect(reinterpret_cast<void *>(end), page, PROT_NONE) != 0) {
    ::munmap(m, len);
    return false;
  }
  std::lock_guard<std::mutex> lock(guardedMutex);
  for (Guarded &g : guarded) {
    if (g.mapStart.load(std::memory_order_relaxed))
      continue;
    g.mapLen = len;
    g.base = base;
    g.bytes = bytes;
    g.page = page;
    std::strcpy(g.name, "a buffer");
    // The pattern before and after the buffer.
    std::memset(reinterpret_cast<void *>(start + page), kPattern,
                base - (start + page));
    std::memset(reinterpret_cast<void *>(base + bytes), kPattern,
                end - (base + bytes));
    g.mapStart.store(start, std::memory_order_release);
    installFaultHandler();
    out = base;
    return true;
  }
  ::munmap(m, len);
  return false;
}

Guarded *findGuarded(uintptr_t base) {
  for (Guarded &g : guarded)
    if (g.mapStart.load(std::memory_order_relaxed) && g.base == base)
      return &g;
  return nullptr;
}

/// The first byte around a guarded buffer that is no longer the pattern,
/// as "out-of-bounds write to ..."; empty if all are intact.
std::string findOverwrite() {
  std::lock_guard<std::mutex> lock(guardedMutex);
  for (Guarded &g : guarded) {
    uintptr_t start = g.mapStart.load(std::memory_order_relaxed);
    if (!start)
      continue;
    auto check = [&](uintptr_t from, uintptr_t to) -> int64_t {
      for (uintptr_t a = from; a < to; ++a)
        if (*reinterpret_cast<const unsigned char *>(a) != kPattern)
          return int64_t(a) - int64_t(g.base);
      return INT64_MIN;
    };
    uintptr_t end = start + g.mapLen - g.page;
    int64_t at = check(g.base + g.bytes, end);
    if (at == INT64_MIN) {
      // Before the buffer: the write nearest to it, from its first byte
      // (out[-1] of floats is offset -4).
      auto changed = [](uintptr_t a) {
        return *reinterpret_cast<const unsigned char *>(a) != kPattern;
      };
      uintptr_t low = start + g.page;
      for (uintptr_t a = g.base; a > low; --a)
        if (changed(a - 1)) {
          uintptr_t first = a - 1;
          while (first > low && changed(first - 1))
            --first;
          at = int64_t(first) - int64_t(g.base);
          break;
        }
    }
    if (at == INT64_MIN)
      continue;
    char msg[256];
    describe(msg, sizeof msg, "out-of-bounds write to", g, at);
    return msg;
  }
  return "";
}

//===----------------------------------------------------------------------===//
// Shared objects
//===----------------------------------------------------------------------===//

/// Checks that the ELF headers of `path` describe no more bytes than the
/// file has: dlopen maps a truncated shared object as if it were whole,
/// and the first touch past the end is a SIGBUS.
bool checkSharedObject(const std::string &path, std::string &err) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return true; // dlopen says why
  struct stat st;
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    return true; // dlopen says why
  }
  uint64_t size = uint64_t(st.st_size), need = 0;
  Elf64_Ehdr eh;
  if (::pread(fd, &eh, sizeof eh, 0) != ssize_t(sizeof eh) ||
      std::memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0 ||
      eh.e_ident[EI_CLASS] != ELFCLASS64) {
    ::close(fd);
    err = "cannot load " + path + ": not a 64-bit ELF shared object (" +
          std::to_string(size) + " bytes)";
    return false;
  }
  auto needs = [&](uint64_t off, uint64_t n) {
    if (off + n >= off)
      need = std::max(need, off + n);
    else
      need = UINT64_MAX;
  };
  needs(eh.e_phoff, uint64_t(eh.e_phnum) * eh.e_phentsize);
  if (eh.e_shoff)
    needs(eh.e_shoff, uint64_t(eh.e_shnum) * eh.e_shentsize);
  if (need <= size && eh.e_phentsize == sizeof(Elf64_Phdr))
    for (unsigned i = 0; i < eh.e_phnum; ++i) {
      Elf64_Phdr ph;
      if (::pread(fd, &ph, sizeof ph, off_t(eh.e_phoff + i * sizeof ph)) !=
          ssize_t(sizeof ph))
        break;
      if (ph.p_type == PT_LOAD || ph.p_type == PT_DYNAMIC)
        needs(ph.p_offset, ph.p_filesz);
    }
  ::close(fd);
  if (need <= size)
    return true;
  err = "cannot load " + path + ": truncated shared object (" +
        std::to_string(size) + " bytes; its headers describe " +
        (need == UINT64_MAX ? std::string("more than fit 64 bits")
                            : std::to_string(need)) +
        ")";
  return false;
}

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

  bool boundsCheck = false;

  void setBoundsCheck(bool on) override { boundsCheck = on; }

  void nameBuffer(DevicePtr ptr, const std::string &name) override {
    std::lock_guard<std::mutex> lock(guardedMutex);
    if (Guarded *g = findGuarded(uintptr_t(ptr))) {
      size_t n = std::min(name.size(), sizeof g->name - 1);
      std::memcpy(g->name, name.data(), n);
      g->name[n] = '\0';
    }
  }

  bool alloc(size_t bytes, DevicePtr &ptr, std::string &err) override {
    uintptr_t guardedBase;
    if (boundsCheck && allocGuarded(bytes, guardedBase)) {
      ptr = DevicePtr(guardedBase);
      return true;
    }
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
    {
      std::lock_guard<std::mutex> lock(guardedMutex);
      if (Guarded *g = findGuarded(uintptr_t(ptr))) {
        uintptr_t start = g->mapStart.exchange(0);
        ::munmap(reinterpret_cast<void *>(start), g->mapLen);
        return;
      }
    }
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
    if (!checkSharedObject(image.path, err))
      return false;
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
              std::string &err) override {
    runPrograms(kernel, cfg, params);
    if (boundsCheck) {
      std::string overwrite = findOverwrite();
      if (!overwrite.empty()) {
        err = overwrite;
        return false;
      }
    }
    return true;
  }

  void runPrograms(Kernel &kernel, const LaunchConfig &cfg, void **params) {
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
      return;
    }
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < n; ++t)
      pool.emplace_back(worker);
    for (std::thread &t : pool)
      t.join();
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
      runPrograms(kernel, cfg, params);
      auto t1 = std::chrono::steady_clock::now();
      ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    }
    // The bounds check of the timed launches, outside the timed region.
    if (boundsCheck) {
      err = findOverwrite();
      if (!err.empty())
        return false;
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
    if (ordinal != 0) {
      why = OpenFailure::Other;
      err = "the host CPU is device 0 (--device " + std::to_string(ordinal) +
            " names none)";
      return nullptr;
    }
    return openCpuDevice(why, err);
  }
  why = OpenFailure::Other;
  err = "unknown target";
  return nullptr;
}

Kernel::~Kernel() = default;
Device::~Device() = default;
