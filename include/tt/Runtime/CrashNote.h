//===- CrashNote.h - what a dead child process was doing --------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// tt-run and tt-tune run kernels in child processes (RunIsolation.cpp). A
// child that dies by a signal cannot send a message any more, so before it
// forks the parent maps one page shared with the child: the child writes
// what it is doing ("running kernel 'add_kernel'") as it goes, and a fault
// handler (the CPU device's bounds check) writes what it found; the parent
// reads both after the child is gone and puts them into its report.
//
// The setters are async-signal-safe (fixed buffers, no allocation), so
// signal handlers may call them. Without a shared page (a process that
// forks nothing) they write to a private one nobody reads.
//
//===----------------------------------------------------------------------===//

#ifndef TT_RUNTIME_CRASHNOTE_H
#define TT_RUNTIME_CRASHNOTE_H

#include <string>

namespace tt::runtime::crashnote {

/// Maps the shared page (once per process) and clears it; call before fork.
void prepare();
/// The child: what it does from now on; replaces the previous text.
void setDoing(const char *what);
void setDoing(const std::string &what);
/// The child's fault handler: what the fault was.
void setFault(const char *what);
/// The parent, after the child ended: the last texts written ("" if none).
std::string doing();
std::string fault();

} // namespace tt::runtime::crashnote

#endif // TT_RUNTIME_CRASHNOTE_H
