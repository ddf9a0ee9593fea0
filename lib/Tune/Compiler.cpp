//===- Compiler.cpp - compiling many configs at once ------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// A small scheduler of child processes: up to `jobs` chains run at once and
// are polled with waitpid(WNOHANG), which also lets a chain that runs past
// its time be killed. Only this code's own children are waited for (by
// pid), so it coexists with anything else the process runs.
//
//===----------------------------------------------------------------------===//

#include "tt/Tune/Compiler.h"
#include "tt/Compiler/Request.h"
#include "tt/Runtime/Files.h"
#include "tt/Support/Tools.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <spawn.h>
#include <sstream>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char **environ;

using namespace tt::tune;

namespace {

double now() {
  using namespace std::chrono;
  return duration<double>(steady_clock::now().time_since_epoch()).count();
}

/// The text of `path`; empty if it cannot be read.
std::string readText(const std::string &path) {
  std::string text, err;
  tt::runtime::readFile(path, text, err);
  return text;
}

/// The line of a log that says what went wrong: the first that mentions an
/// error, else the first non-empty one.
std::string firstErrorLine(const std::string &log) {
  std::stringstream ss(log);
  std::string line, first;
  while (std::getline(ss, line)) {
    if (first.empty() && line.find_first_not_of(" \t") != std::string::npos)
      first = line;
    if (line.find("error") != std::string::npos) {
      first = line;
      break;
    }
  }
  if (first.size() > 400)
    first = first.substr(0, 400) + "...";
  return first;
}

std::string describeStatus(int status) {
  if (WIFEXITED(status))
    return "exited with status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status))
    return std::string("was killed by signal ") +
           std::to_string(WTERMSIG(status)) + " (" +
           strsignal(WTERMSIG(status)) + ")";
  return "ended abnormally";
}

/// Starts argv with standard output to `out` and standard error to `errPath`
/// (the same file when equal), in directory `cwd` (empty: ours).
pid_t spawn(const std::vector<std::string> &args, const std::string &out,
            const std::string &errPath, const std::string &cwd, bool search,
            std::string &err) {
  std::vector<char *> argv;
  std::vector<std::string> copy = args;
  for (std::string &a : copy)
    argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 1, out.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (errPath == out)
    posix_spawn_file_actions_adddup2(&fa, 1, 2);
  else
    posix_spawn_file_actions_addopen(&fa, 2, errPath.c_str(),
                                     O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (!cwd.empty())
    posix_spawn_file_actions_addchdir_np(&fa, cwd.c_str());
  pid_t pid = -1;
  int rc = search
               ? posix_spawnp(&pid, argv[0], &fa, nullptr, argv.data(), environ)
               : posix_spawn(&pid, argv[0], &fa, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&fa);
  if (rc != 0) {
    err = "cannot run " + args[0] + ": " + std::strerror(rc);
    return -1;
  }
  return pid;
}

enum Step { NotStarted = 0, Generating = 1, Translating = 2, Finished = 3 };

void finish(CompileJob &j, bool ok, const std::string &error) {
  j.ok = ok;
  j.error = error;
  j.step = Finished;
  j.pid = -1;
  j.seconds = now() - j.started;
}

void startTranslate(CompileJob &j, const CompileSettings &s) {
  tt::compiler::CompileRequest req;
  req.input = j.ttirPath;
  req.target = s.target;
  req.numWarps = j.numWarps;
  if (s.gpu) {
    req.numStages = j.numStages;
    req.emit = tt::compiler::EmitKind::PTX;
  } else {
    req.emit = tt::compiler::EmitKind::Shared;
  }
  req.output = j.binaryPath;
  req.metadata = j.metaPath;
  std::vector<std::string> args = req.toTranslateArgs();
  args.insert(args.begin(), s.translate);
  std::string err;
  j.pid = spawn(args, j.logPath, j.logPath, "", false, err);
  if (j.pid < 0)
    return finish(j, false, err);
  j.step = Translating;
}

void start(CompileJob &j, const CompileSettings &s) {
  j.started = now();
  if (!j.generator.empty()) {
    std::string err;
    j.pid = spawn(j.generator, j.ttirPath, j.ttirPath + ".stderr",
                  s.generatorDir, true, err);
    if (j.pid < 0)
      return finish(j, false, err);
    j.step = Generating;
    return;
  }
  std::ofstream out(j.ttirPath, std::ios::binary);
  out << j.ttirText;
  out.close();
  if (!out)
    return finish(j, false,
                  "cannot write " + j.ttirPath + ": " + std::strerror(errno));
  startTranslate(j, s);
}

/// The running process of `j` ended with `status`.
void advance(CompileJob &j, int status, const CompileSettings &s) {
  if (j.step == Generating) {
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
      std::string line = firstErrorLine(readText(j.ttirPath + ".stderr"));
      std::string prog = j.generator[0].substr(j.generator[0].rfind('/') + 1);
      return finish(j, false,
                    prog + " " + describeStatus(status) +
                        (line.empty() ? "" : ": " + line));
    }
    struct stat st;
    if (::stat(j.ttirPath.c_str(), &st) != 0 || st.st_size == 0)
      return finish(j, false,
                    j.generator[0].substr(j.generator[0].rfind('/') + 1) +
                        " printed no kernel");
    return startTranslate(j, s);
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    std::string line = firstErrorLine(readText(j.logPath));
    return finish(j, false,
                  line.empty() ? "tt-translate " + describeStatus(status)
                               : line);
  }
  struct stat st;
  if (::stat(j.binaryPath.c_str(), &st) != 0)
    return finish(j, false, "tt-translate wrote no " + j.binaryPath);
  finish(j, true, "");
}

} // namespace

void tt::tune::compileAll(std::vector<CompileJob> &jobs,
                          const CompileSettings &settings,
                          const std::function<void(CompileJob &)> &done) {
  int width = std::max(1, settings.jobs);
  size_t next = 0;
  std::vector<size_t> running;
  while (next < jobs.size() || !running.empty()) {
    while (running.size() < size_t(width) && next < jobs.size()) {
      CompileJob &j = jobs[next];
      start(j, settings);
      if (j.step == Finished)
        done(j);
      else
        running.push_back(next);
      ++next;
    }
    bool progressed = false;
    for (size_t r = 0; r < running.size();) {
      CompileJob &j = jobs[running[r]];
      int status = 0;
      pid_t got = ::waitpid(j.pid, &status, WNOHANG);
      if (got == 0 && now() - j.started > settings.timeoutSeconds) {
        ::kill(j.pid, SIGKILL);
        while (::waitpid(j.pid, &status, 0) < 0 && errno == EINTR) {
        }
        finish(j, false,
               (j.step == Generating
                    ? j.generator[0].substr(j.generator[0].rfind('/') + 1)
                    : std::string("tt-translate")) +
                   " ran longer than " +
                   std::to_string(int(settings.timeoutSeconds)) +
                   " s and was stopped");
      } else if (got == j.pid) {
        advance(j, status, settings);
      } else if (got < 0 && errno != EINTR) {
        finish(j, false, std::string("waitpid: ") + std::strerror(errno));
      }
      if (j.step == Finished) {
        progressed = true;
        done(j);
        running.erase(running.begin() + long(r));
      } else {
        ++r;
      }
    }
    if (!progressed && !running.empty())
      std::this_thread::sleep_for(std::chrono::milliseconds(3));
  }
}

std::string tt::tune::findTool(const std::string &name, const char *envVar) {
  return tt::support::findTool(name, envVar);
}

std::string tt::tune::findTranslate() {
  return findTool("tt-translate", "TT_TRANSLATE");
}

std::string tt::tune::compilerIdentity(const std::string &tool) {
  struct stat st;
  if (::stat(tool.c_str(), &st) != 0)
    return tool;
  return tool.substr(tool.rfind('/') + 1) + " " + std::to_string(st.st_size) +
         " " + std::to_string(st.st_mtim.tv_sec) + "." +
         std::to_string(st.st_mtim.tv_nsec);
}
