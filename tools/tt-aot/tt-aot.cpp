//===- tt-aot.cpp - C launchers for kernels compiled ahead of time --------===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//   tt-aot [compile] k.ttir --grid 'cdiv(n, 1024)' --target cuda:90
//          --target cuda:80 --target cpu [--hint n=16] [--name N] [-o P]
//       compiles the kernel for each target with tt-translate (a child
//       process, no shell) and writes P.h and P.c (the CUDA binaries
//       embedded as byte arrays, the launchers) and, for the CPU, P.cpu.o.
//   tt-aot link a.h b.h --name N [-o P]
//       writes P.h and P.c: one entry point that dispatches to the most
//       specialized of a, b, ... whose conditions hold.
//
// The generated code is described in docs/aot.md. This file turns the
// flags into a tt::aot::CompileRequest or LinkRequest; lib/AOT does the
// rest (include/tt/AOT/Compile.h).
//
//===----------------------------------------------------------------------===//

#include "tt/AOT/Compile.h"
#include "tt/Support/CommandLine.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace tt::aot;

namespace {
cl::SubCommand compileCmd("compile",
                          "Compile a TTIR kernel and write its C launcher "
                          "(the default command)");
cl::SubCommand linkCmd("link", "Combine specializations into one dispatching "
                               "entry point");
cl::OptionCategory category("tt-aot options");

// compile
cl::opt<std::string> input(cl::Positional, cl::desc("<kernel.ttir>"),
                           cl::sub(compileCmd), cl::cat(category));
cl::list<std::string>
    targets("target",
            cl::desc("cpu, cuda:NN (cubin) or cuda:NN:ptx; TARGET=FILE takes "
                     "a binary compiled before (its metadata JSON beside it). "
                     "Repeatable"),
            cl::value_desc("target"), cl::sub(compileCmd), cl::cat(category));
cl::list<std::string>
    grid("grid",
         cl::desc("The grid: up to three comma-separated expressions over "
                  "the integer arguments, e.g. 'cdiv(n, 1024)'"),
         cl::value_desc("exprs"), cl::sub(compileCmd), cl::cat(category));
cl::opt<std::string> kernelName("kernel",
                                cl::desc("The kernel to compile (default: "
                                         "the module's only public tt.func)"),
                                cl::sub(compileCmd), cl::cat(category));
cl::opt<std::string>
    name("name",
         cl::desc("C name of the launchers (default: the kernel's name; for "
                  "link: required)"),
         cl::sub(compileCmd), cl::sub(linkCmd), cl::cat(category));
cl::opt<std::string> output("o",
                            cl::desc("Output prefix: writes PREFIX.h, "
                                     "PREFIX.c (and PREFIX.cpu.o) (default: "
                                     "the name, in the current directory)"),
                            cl::value_desc("prefix"), cl::sub(compileCmd),
                            cl::sub(linkCmd), cl::cat(category));
cl::list<std::string>
    hints("hint",
          cl::desc("ARG=D: compile assuming argument ARG (a pointer's byte "
                   "address) is a multiple of D, a power of two; D=1 drops "
                   "the TTIR's hint. Repeatable"),
          cl::value_desc("arg=D"), cl::sub(compileCmd), cl::cat(category));
cl::opt<bool> noHints("no-hints",
                      cl::desc("Drop the TTIR's divisibility hints first"),
                      cl::sub(compileCmd), cl::cat(category));
cl::list<std::string> defines("D",
                              cl::desc("NAME=VALUE: a constexpr of the kernel "
                                       "(an integer) that the grid expressions "
                                       "use; the TTIR has it folded in "
                                       "already. Repeatable"),
                              cl::value_desc("name=value"), cl::Prefix,
                              cl::sub(compileCmd), cl::cat(category));
cl::opt<int> numWarps("num-warps", cl::desc("Warps per program (CUDA)"),
                      cl::init(0), cl::sub(compileCmd), cl::cat(category));
cl::opt<int> numStages("num-stages",
                       cl::desc("Software pipelining depth (CUDA)"),
                       cl::init(0), cl::sub(compileCmd), cl::cat(category));
cl::opt<std::string> mcpu("mcpu",
                          cl::desc("CPU to compile for (default: the host)"),
                          cl::sub(compileCmd), cl::cat(category));
cl::opt<std::string> mattr("mattr", cl::desc("Extra CPU target features"),
                           cl::sub(compileCmd), cl::cat(category));
cl::opt<std::string>
    translateTool("tt-translate",
                  cl::desc("The tt-translate to run (default: "
                           "$TT_TRANSLATE, else the one beside tt-aot, else "
                           "PATH)"),
                  cl::value_desc("path"), cl::sub(compileCmd),
                  cl::cat(category));
cl::opt<bool> verbose("v", cl::desc("Print the commands tt-aot runs"),
                      cl::sub(compileCmd), cl::cat(category));

// link
cl::list<std::string> headers(cl::Positional, cl::desc("<specialization.h>..."),
                              cl::sub(linkCmd), cl::cat(category));

/// The tt-aot command line, quoted where a shell would need it, as the
/// generated files record it.
std::string quoteCommandLine(int argc, char **argv) {
  std::string line = "tt-aot";
  for (int i = 1; i < argc; ++i) {
    StringRef a(argv[i]);
    bool plain = all_of(a, [](char ch) {
      return isAlnum(ch) || StringRef("-_=./:,+%").contains(ch);
    });
    line += " " + (plain && !a.empty() ? a.str() : "'" + a.str() + "'");
  }
  return line;
}

/// 0, or 1 after printing the error (unless it was reported already).
int report(Error e) {
  int rc = 0;
  handleAllErrors(
      std::move(e), [&](const ReportedError &) { rc = 1; },
      [&](const ErrorInfoBase &info) {
        errs() << "tt-aot: error: " << info.message() << "\n";
        rc = 1;
      });
  return rc;
}

int compile(const std::string &commandLine) {
  CompileRequest request;
  request.input = input;
  request.targets.assign(targets.begin(), targets.end());
  request.grid.assign(grid.begin(), grid.end());
  request.kernel = kernelName;
  request.name = name;
  request.output = output;
  request.hints.assign(hints.begin(), hints.end());
  request.noHints = noHints;
  request.defines.assign(defines.begin(), defines.end());
  request.numWarps = numWarps;
  request.numStages = numStages;
  request.mcpu = mcpu;
  request.mattr = mattr;
  request.translateTool = translateTool;
  request.verbose = verbose;
  request.commandLine = commandLine;
  return report(compileKernel(request));
}

int link(const std::string &commandLine) {
  LinkRequest request;
  request.headers.assign(headers.begin(), headers.end());
  request.name = name;
  request.output = output;
  request.commandLine = commandLine;
  return report(linkSpecializations(request));
}
} // namespace

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  // `compile` is the default command.
  std::vector<const char *> args(argv, argv + argc);
  StringRef first = argc > 1 ? argv[1] : "";
  if (argc > 1 && first != "compile" && first != "link" &&
      !first.starts_with("--help") && first != "-help" && first != "-h" &&
      first != "--version" && first != "-version")
    args.insert(args.begin() + 1, "compile");
  std::string commandLine = quoteCommandLine(argc, argv);
  tt::cli::hideOtherOptions({&category});
  tt::cli::parseCommandLine(
      int(args.size()), args.data(),
      {"tt-aot",
       "C launchers for kernels compiled ahead of time\n\n"
       "  tt-aot [compile] add.ttir --grid 'cdiv(n, 1024)' --target cuda:90 "
       "\\\n"
       "         --target cuda:80 --target cpu --name add -o out/add\n"
       "  tt-aot link out/add16.h out/add1.h --name add -o out/add_all\n\n"
       "See docs/aot.md.\n",
       "tt-aot [compile] [options] <kernel.ttir>\n"
       "       tt-aot link [options] <specialization.h>...",
       {&category},
       {&compileCmd, &linkCmd}});
  if (linkCmd)
    return link(commandLine);
  return compile(commandLine);
}
