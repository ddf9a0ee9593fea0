//===- Device.h - the devices tt-run launches kernels on --------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// One interface over the three runtimes: CUDA and HIP (driver libraries
// opened with dlopen, so tt-run starts on machines without them) and the CPU
// (kernels in a shared object, programs spread over threads). A Device
// moves bytes, loads a kernel image and launches it with a packed argument
// list in the layout of cuLaunchKernel's kernelParams: one pointer per
// parameter, pointing at the parameter's value.
//
//===----------------------------------------------------------------------===//

#ifndef TT_RUNTIME_DEVICE_H
#define TT_RUNTIME_DEVICE_H

#include "tt/Runtime/Metadata.h"
#include "tt/Runtime/Spec.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace tt::runtime {

using DevicePtr = uint64_t;

/// What a loader needs to make a kernel callable.
struct KernelImage {
  Target target = Target::CUDA;
  enum class Format { PTX, Cubin, Hsaco, SharedObject };
  Format format = Format::PTX;
  std::string path;
  std::vector<char> bytes; // file contents (PTX text is NUL-terminated)
  std::string name;        // entry point
  KernelMetadata meta;
  bool hasMeta = false;
};

struct LaunchConfig {
  uint32_t grid[3] = {1, 1, 1};
  uint32_t blockThreads = 128; // num_warps * warp size
  uint32_t sharedBytes = 0;    // dynamic shared memory
};

struct BenchConfig {
  int warmup = 10;
  int reps = 100;
  bool flushL2 = true;
  size_t flushBytes = size_t(256) << 20;
  /// Called before every launch (warm-up and timed), outside the timed
  /// region: puts buffers back to their initial contents. Empty: nothing.
  std::function<bool(std::string &err)> beforeLaunch;
};

/// A loaded kernel; owned by the Device that made it.
class Kernel {
public:
  virtual ~Kernel();
};

class Device {
public:
  virtual ~Device();

  /// "NVIDIA H200 (sm_90, driver 13.0)".
  virtual std::string description() const = 0;

  virtual bool alloc(size_t bytes, DevicePtr &ptr, std::string &err) = 0;
  virtual void release(DevicePtr ptr) = 0;
  virtual bool upload(DevicePtr dst, const void *src, size_t bytes,
                      std::string &err) = 0;
  virtual bool download(void *dst, DevicePtr src, size_t bytes,
                        std::string &err) = 0;

  virtual bool load(const KernelImage &image, std::unique_ptr<Kernel> &out,
                    std::string &err) = 0;
  /// Launches asynchronously; errors of the kernel itself surface at
  /// synchronize().
  virtual bool launch(Kernel &k, const LaunchConfig &cfg, void **params,
                      std::string &err) = 0;
  virtual bool synchronize(std::string &err) = 0;

  /// Times `reps` launches one by one (each between two device events),
  /// after `warmup` untimed launches, overwriting a buffer larger than the
  /// last-level cache before each timed launch when asked. Milliseconds.
  virtual bool benchmark(Kernel &k, const LaunchConfig &cfg, void **params,
                         const BenchConfig &bench, std::vector<double> &ms,
                         std::string &err) = 0;

  /// Bounds checking of the buffers allocated from now on, where the
  /// device can do it (the CPU: guard pages before and after each buffer,
  /// and a check of the bytes between its end and the page after a launch).
  /// An access out of bounds then fails the launch, or ends the process
  /// with a fault whose CrashNote names the buffer and the offset.
  virtual void setBoundsCheck(bool on) { (void)on; }
  /// The name bounds-check messages give the buffer at `ptr` ("out").
  virtual void nameBuffer(DevicePtr ptr, const std::string &name) {
    (void)ptr;
    (void)name;
  }
};

/// Why opening a device failed.
enum class OpenFailure {
  None,
  NoDriver, // the driver library is not there
  NoDevice, // it is, but reports no usable device
  Other,
};

/// Opens device `ordinal` of `target`. The CUDA driver is found as
/// libcuda.so.1 (in $TRITON_LIBCUDA_PATH when set, else the loader's path),
/// the HIP runtime as libamdhip64.so.
std::unique_ptr<Device> openDevice(Target target, int ordinal,
                                   OpenFailure &why, std::string &err);

std::unique_ptr<Device> openCudaDevice(int ordinal, OpenFailure &why,
                                       std::string &err);
std::unique_ptr<Device> openHipDevice(int ordinal, OpenFailure &why,
                                      std::string &err);
std::unique_ptr<Device> openCpuDevice(OpenFailure &why, std::string &err);

} // namespace tt::runtime

#endif // TT_RUNTIME_DEVICE_H
