//===- RunIsolation.cpp - kernel variants in child processes ----*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// --isolate (and tt-tune): the variants run in child processes forked from
// the process that built the inputs, so that one that crashes (a signal on
// the CPU) or faults (a sticky CUDA error) fails alone. A child sends each
// variant's result through a pipe as a message; the device is opened in
// the child, never in the process that forks.
//
//===----------------------------------------------------------------------===//

#include "FileRun.h"

#include "tt/Runtime/CrashNote.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <mutex>
#include <type_traits>

using namespace tt::runtime;
using namespace tt::runtime::runner;

namespace {

/// Bytes in, bytes out: the parent and the child are the same program, so
/// numbers travel as their memory images.
class Packer {
public:
  std::string bytes;
  template <typename T> void put(T v) {
    static_assert(std::is_trivially_copyable_v<T>);
    bytes.append(reinterpret_cast<const char *>(&v), sizeof v);
  }
  void put(const std::string &s) {
    put(uint64_t(s.size()));
    bytes += s;
  }
};

class Unpacker {
public:
  explicit Unpacker(const std::string &s) : s(s) {}
  bool ok = true;
  template <typename T> void get(T &v) {
    static_assert(std::is_trivially_copyable_v<T>);
    if (!ok || s.size() - pos < sizeof v) {
      ok = false;
      return;
    }
    std::memcpy(&v, s.data() + pos, sizeof v);
    pos += sizeof v;
  }
  void get(std::string &v) {
    uint64_t n = 0;
    get(n);
    if (!ok || s.size() - pos < n) {
      ok = false;
      return;
    }
    v.assign(s, pos, n);
    pos += n;
  }

private:
  const std::string &s;
  size_t pos = 0;
};

/// What a child says after each variant: its result, and what running it
/// added to the file's result.
struct VariantMessage {
  size_t index = 0;
  VariantResult result;
  std::string device;
  int exitCode = 0;
  std::string error;
};

std::string encodeMessage(const VariantMessage &m) {
  Packer p;
  p.put(uint64_t(m.index));
  const VariantResult &v = m.result;
  for (const std::string *s : {&v.label, &v.path, &v.key, &v.kernelName,
                               &v.status, &v.error})
    p.put(*s);
  p.put(v.numWarps);
  p.put(v.shared);
  p.put(uint64_t(v.checks.size()));
  for (const CheckResult &c : v.checks) {
    p.put(c.output);
    p.put(c.against);
    p.put(c.passed);
    p.put(c.elements);
    p.put(c.mismatches);
    p.put(c.nans);
    p.put(c.maxAbsErr);
    p.put(c.maxRelErr);
    p.put(c.rtol);
    p.put(c.atol);
    p.put(uint64_t(c.samples.size()));
    for (const std::string &s : c.samples)
      p.put(s);
    p.put(c.afterBench);
  }
  p.put(v.bench); // plain numbers and flags
  p.put(m.device);
  p.put(m.exitCode);
  p.put(m.error);
  return p.bytes;
}

bool decodeMessage(const std::string &bytes, VariantMessage &m) {
  static_assert(std::is_trivially_copyable_v<BenchStats>);
  Unpacker u(bytes);
  uint64_t index = 0, n = 0;
  u.get(index);
  m.index = size_t(index);
  VariantResult &v = m.result;
  for (std::string *s : {&v.label, &v.path, &v.key, &v.kernelName,
                         &v.status, &v.error})
    u.get(*s);
  u.get(v.numWarps);
  u.get(v.shared);
  u.get(n);
  for (uint64_t i = 0; i < n && u.ok; ++i) {
    CheckResult c;
    u.get(c.output);
    u.get(c.against);
    u.get(c.passed);
    u.get(c.elements);
    u.get(c.mismatches);
    u.get(c.nans);
    u.get(c.maxAbsErr);
    u.get(c.maxRelErr);
    u.get(c.rtol);
    u.get(c.atol);
    uint64_t k = 0;
    u.get(k);
    for (uint64_t j = 0; j < k && u.ok; ++j) {
      std::string s;
      u.get(s);
      c.samples.push_back(s);
    }
    u.get(c.afterBench);
    v.checks.push_back(c);
  }
  u.get(v.bench);
  u.get(m.device);
  u.get(m.exitCode);
  u.get(m.error);
  return u.ok;
}

bool writeAll(int fd, const char *p, size_t n) {
  while (n > 0) {
    ssize_t w = ::write(fd, p, n);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0)
      return false;
    p += w;
    n -= size_t(w);
  }
  return true;
}

/// One message: its length, then its bytes.
bool writeMessage(int fd, const std::string &payload) {
  uint64_t n = payload.size();
  return writeAll(fd, reinterpret_cast<const char *>(&n), sizeof n) &&
         writeAll(fd, payload.data(), payload.size());
}

std::string signalName(int sig) {
  switch (sig) {
  case SIGSEGV: return "SIGSEGV";
  case SIGBUS: return "SIGBUS";
  case SIGABRT: return "SIGABRT";
  case SIGFPE: return "SIGFPE";
  case SIGILL: return "SIGILL";
  case SIGTRAP: return "SIGTRAP";
  case SIGKILL: return "SIGKILL";
  case SIGTERM: return "SIGTERM";
  case SIGSYS: return "SIGSYS";
  case SIGXCPU: return "SIGXCPU";
  default: return "signal " + std::to_string(sig);
  }
}

struct ChildOutcome {
  bool started = false; // the fork and the pipe worked
  bool clean = false;   // the child ended with exit status 0
  std::string problem;  // why not: "crashed: SIGSEGV", or the fork's error
  /// From the CrashNote of a child that did not end cleanly: what it was
  /// doing ("running k.so") and what its fault handler found.
  std::string doing, fault;
};

/// Forks; the child runs `body` with the write end of a pipe and ends with
/// _exit (no destructors, no atexit handlers: they belong to the parent).
/// The parent hands each message the child writes to `onMessage`, then
/// reaps the child.
ChildOutcome runInChild(const std::function<void(int)> &body,
                        const std::function<void(const std::string &)>
                            &onMessage) {
  ChildOutcome r;
  // Threads that fork at once (tt-tune --devices) must not leak the write
  // end of one pipe into another's child: that child would hold it open
  // and the reader would wait for it to end.
  static std::mutex forkMutex;
  std::unique_lock<std::mutex> forking(forkMutex);
  // Buffered output would otherwise be written twice, once by each.
  std::fflush(nullptr);
  crashnote::prepare();
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) {
    r.problem = std::string("cannot create a pipe: ") + std::strerror(errno);
    return r;
  }
  pid_t parent = ::getpid();
  pid_t pid = ::fork();
  if (pid < 0) {
    r.problem = std::string("cannot fork: ") + std::strerror(errno);
    ::close(fds[0]);
    ::close(fds[1]);
    return r;
  }
  if (pid == 0) {
    ::close(fds[0]);
    // A kernel's process ends with the tool (killed, say): it must not go
    // on running, nor keep the tool's temporary folder (TempDir.h) alive.
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent)
      ::_exit(1);
    body(fds[1]);
    std::fflush(nullptr);
    ::_exit(0);
  }
  r.started = true;
  ::close(fds[1]);
  forking.unlock();
  std::string buf;
  char chunk[1 << 16];
  for (;;) {
    ssize_t n = ::read(fds[0], chunk, sizeof chunk);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    buf.append(chunk, size_t(n));
    uint64_t len;
    while (buf.size() >= sizeof len) {
      std::memcpy(&len, buf.data(), sizeof len);
      if (buf.size() - sizeof len < len)
        break;
      onMessage(buf.substr(sizeof len, len));
      buf.erase(0, sizeof len + len);
    }
  }
  ::close(fds[0]);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFSIGNALED(status)) {
    r.problem = "crashed: " + signalName(WTERMSIG(status));
  } else if (WIFEXITED(status) && WEXITSTATUS(status) != 0) {
    r.problem = "crashed: its process exited with status " +
                std::to_string(WEXITSTATUS(status));
  } else {
    r.clean = true;
  }
  if (!r.clean) {
    r.doing = crashnote::doing();
    r.fault = crashnote::fault();
  }
  return r;
}

} // namespace

bool tt::runtime::isStickyDeviceError(const std::string &err) {
  // CUDA's errors after which the context cannot be used again, and HIP's
  // counterparts.
  static const char *const sticky[] = {
      "CUDA_ERROR_ILLEGAL_ADDRESS",    "CUDA_ERROR_MISALIGNED_ADDRESS",
      "CUDA_ERROR_ILLEGAL_INSTRUCTION", "CUDA_ERROR_HARDWARE_STACK_ERROR",
      "CUDA_ERROR_INVALID_ADDRESS_SPACE", "CUDA_ERROR_INVALID_PC",
      "CUDA_ERROR_LAUNCH_FAILED",      "CUDA_ERROR_ASSERT",
      "CUDA_ERROR_LAUNCH_TIMEOUT",     "hipErrorIllegalAddress",
      "hipErrorLaunchFailure",         "hipErrorAssert"};
  for (const char *s : sticky)
    if (err.find(s) != std::string::npos)
      return true;
  return false;
}

bool tt::runtime::describeDeviceIsolated(Target target, int ordinal,
                                         std::string &description,
                                         OpenFailure &why, std::string &err) {
  bool answered = false, opened = false;
  ChildOutcome child = runInChild(
      [&](int fd) {
        OpenFailure w = OpenFailure::None;
        std::string e;
        std::unique_ptr<Device> dev = openDevice(target, ordinal, w, e);
        Packer p;
        p.put(bool(dev));
        p.put(w);
        p.put(dev ? dev->description() : e);
        writeMessage(fd, p.bytes);
      },
      [&](const std::string &payload) {
        Unpacker u(payload);
        std::string text;
        u.get(opened);
        u.get(why);
        u.get(text);
        if (!u.ok)
          return;
        answered = true;
        (opened ? description : err) = text;
      });
  if (!answered) {
    why = OpenFailure::Other;
    err = child.clean ? "opening the device: its process ended without "
                        "an answer"
          : child.started ? "opening the device " + child.problem
                          : "opening the device: " + child.problem;
    return false;
  }
  return opened;
}

//===----------------------------------------------------------------------===//
// A file's variants
//===----------------------------------------------------------------------===//

void FileRun::runIsolated() {
  // The variants run in child processes forked from here, which share the
  // inputs and references built before (copy on write). A child
  // sends each variant's result through a pipe as soon as it has it; one
  // that dies (a signal) or ends without a result fails the variant it was
  // running, and a fresh child goes on with the next.
  bool each = opts.isolate == RunOptions::Isolation::EachVariant;
  size_t next = 0;
  while (next < prepared.size()) {
    size_t first = next;
    ChildOutcome child = runInChild(
        [&](int fd) {
          for (size_t vi = first; vi < prepared.size(); ++vi) {
            runVariant(vi);
            VariantMessage m{vi, out.variants[vi], out.device, out.exitCode,
                             out.error};
            if (!writeMessage(fd, encodeMessage(m)))
              return;
            // A variant that did not run to the end may have left the
            // device unusable: the next one gets a fresh process.
            const std::string &st = out.variants[vi].status;
            if (each || (st != "ok" && st != "check failed"))
              return;
          }
        },
        [&](const std::string &payload) {
          VariantMessage m;
          if (!decodeMessage(payload, m) || m.index < next ||
              m.index >= prepared.size())
            return;
          out.variants[m.index] = m.result;
          if (!m.device.empty())
            out.device = m.device;
          out.exitCode = std::max(out.exitCode, m.exitCode);
          if (out.error.empty())
            out.error = m.error;
          next = m.index + 1;
        });
    if (!child.started) {
      report(0, child.problem, ExitBadInput);
      for (size_t vi = next; vi < prepared.size(); ++vi) {
        out.variants[vi].status = "error";
        out.variants[vi].error = out.error;
      }
      break;
    }
    if (next > first && child.clean)
      continue;
    if (next >= prepared.size())
      break;
    // The child died while it ran variant `next` (or said nothing).
    const PreparedVariant &pv = prepared[next];
    VariantResult &vr = out.variants[next];
    std::string msg = "kernel '" + pv.image.name + "' " +
                      (child.clean ? "ended without a result" : child.problem);
    if (!child.doing.empty())
      msg += " while " + child.doing;
    if (!child.fault.empty())
      msg += ": " + child.fault;
    vr.status = "failed";
    vr.error = formatError(path, pv.variant->line, msg);
    vr.checks.clear();
    vr.bench = BenchStats();
    report(pv.variant->line, msg, ExitFailed);
    ++next;
  }
}
