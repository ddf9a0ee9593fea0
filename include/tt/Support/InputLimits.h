//===- InputLimits.h - keeping hostile IR from crashing the tools -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// MLIR parses, verifies, prints, walks and destroys nested regions by
// recursion, about 2 KiB of stack per level (more under sanitizers), so a
// file of 10000 nested `scf.if` overflows a default 8 MiB stack. The tools
// that read IR therefore
//  - run their work on a thread with a large stack (runWithLargeStack), and
//    give the threads MLIR starts for parallel passes a large stack too;
//  - refuse input nested deeper than kMaxIRNesting before parsing it
//    (checkIRNesting), with one error line that says where.
// Together these bound the recursion: kMaxIRNesting levels fit the stacks
// with room to spare. See docs/reliability.md.
//
//===----------------------------------------------------------------------===//

#ifndef TT_SUPPORT_INPUTLIMITS_H
#define TT_SUPPORT_INPUTLIMITS_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <pthread.h>

#include <cstddef>
#include <string>

namespace tt {

/// The deepest nesting of regions, types and attributes the tools read.
/// Triton kernels nest a few dozen levels.
constexpr unsigned kMaxIRNesting = 16384;

/// Stack of the thread that does a tool's work, and of the threads it
/// starts (MLIR's pass threads). Only what is used is ever committed.
constexpr size_t kMainStackBytes = size_t(1) << 30;
constexpr size_t kWorkerStackBytes = size_t(256) << 20;

/// Runs `fn` on a thread with a kMainStackBytes stack and returns its
/// result; threads created from then on get kWorkerStackBytes. Runs `fn`
/// on the calling thread if no such thread can be made.
inline int runWithLargeStack(llvm::function_ref<int()> fn) {
  pthread_attr_t attr;
  if (pthread_attr_init(&attr) != 0)
    return fn();
  if (pthread_attr_setstacksize(&attr, kWorkerStackBytes) == 0)
    (void)pthread_setattr_default_np(&attr);
  struct Job {
    llvm::function_ref<int()> fn;
    int result = 0;
  } job{fn};
  pthread_t thread;
  bool started =
      pthread_attr_setstacksize(&attr, kMainStackBytes) == 0 &&
      pthread_create(
          &thread, &attr,
          [](void *p) -> void * {
            auto *j = static_cast<Job *>(p);
            j->result = j->fn();
            return nullptr;
          },
          &job) == 0;
  pthread_attr_destroy(&attr);
  if (!started)
    return fn();
  pthread_join(thread, nullptr);
  return job.result;
}

/// Checks that the brackets of MLIR text ({ ( [ <, outside string literals
/// and comments) nest at most `maxDepth` deep. On failure `err` names the
/// line and column where the limit is passed.
inline bool checkIRNesting(llvm::StringRef text, unsigned maxDepth,
                           std::string &err) {
  unsigned depth = 0, line = 1;
  size_t lineStart = 0;
  for (size_t i = 0, n = text.size(); i < n; ++i) {
    char c = text[i];
    switch (c) {
    case '\n':
      ++line;
      lineStart = i + 1;
      break;
    case '"': // a string literal, with backslash escapes
      for (++i; i < n && text[i] != '"' && text[i] != '\n'; ++i)
        if (text[i] == '\\')
          ++i;
      if (i < n && text[i] == '\n')
        --i; // let the newline be counted
      break;
    case '/':
      if (i + 1 < n && text[i + 1] == '/')
        while (i + 1 < n && text[i + 1] != '\n')
          ++i;
      break;
    case '{':
    case '(':
    case '[':
    case '<':
      if (++depth > maxDepth) {
        err = "line " + std::to_string(line) + ", column " +
              std::to_string(i - lineStart + 1) + ": brackets nest more than " +
              std::to_string(maxDepth) + " levels deep; refusing the input";
        return false;
      }
      break;
    case '>':
      if (i > 0 && text[i - 1] == '-') // `->`
        break;
      [[fallthrough]];
    case '}':
    case ')':
    case ']':
      if (depth > 0)
        --depth;
      break;
    default:
      break;
    }
  }
  return true;
}

} // namespace tt

#endif // TT_SUPPORT_INPUTLIMITS_H
