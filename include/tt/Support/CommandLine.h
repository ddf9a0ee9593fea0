//===- CommandLine.h - the tools' shared command line (LLVM) ----*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The part of tt's command-line convention (docs/cli.md) that the tools
// built on LLVM's option library share; tt-run and tt-tune, which link no
// LLVM, get the same behaviour from tt/Support/Options.h. A tool's main():
//
//   InitLLVM init(argc, argv);
//   tt::cli::hideOtherOptions({&category});  // before registering MLIR's
//   mlir::registerPassManagerCLOptions(); ...
//   tt::cli::parseCommandLine(argc, argv, help);
//
// Debian's libLLVM.so registers every LLVM backend's options (--aarch64-*,
// --amdgpu-*, --x86-*, ...) in every program that loads it: hideOtherOptions
// moves them to --help-hidden, where they keep working. parseCommandLine
// prints tt's --help (the tool's options first, then the other visible ones,
// the MLIR debugging flags together, the generic ones last), tt's
// --version, and makes a bad command line exit with code 2.
//
// Header-only: every tool that includes it links LLVM already.
//
//===----------------------------------------------------------------------===//

#ifndef TT_SUPPORT_COMMANDLINE_H
#define TT_SUPPORT_COMMANDLINE_H

#include "tt/Support/Options.h"
#include "tt/Support/Version.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

namespace tt {

/// Moves every option registered so far to --help-hidden, except --help
/// and --version (tt-opt: before MLIR registers its options).
inline void hideLLVMOptions() {
  for (auto &entry : llvm::cl::getRegisteredOptions()) {
    llvm::cl::Option *opt = entry.second;
    if (opt->ArgStr.starts_with("help") || opt->ArgStr == "version")
      continue;
    if (opt->getOptionHiddenFlag() == llvm::cl::NotHidden)
      opt->setHiddenFlag(llvm::cl::Hidden);
  }
}

namespace cli {

/// What a tool's --help says besides its options.
struct ToolHelp {
  /// "tt-translate".
  std::string tool;
  /// One line, then paragraphs ("\n\n") of detail.
  std::string overview;
  /// What follows "USAGE: ", e.g. "tt-translate [options] <input>".
  std::string usage;
  /// The tool's own option categories, listed first, in this order.
  std::vector<llvm::cl::OptionCategory *> categories;
  /// Subcommands whose options --help lists too (tt-aot's compile, link).
  std::vector<llvm::cl::SubCommand *> subcommands;
};

/// The category --help lists MLIR's debugging flags under.
inline llvm::cl::OptionCategory &getMLIRDebugCategory() {
  static llvm::cl::OptionCategory category(
      "MLIR debugging options",
      "MLIR's flags, accepted by this tool (docs/environment.md has the "
      "environment variables that do the same)");
  return category;
}

/// Hides every option registered so far that belongs to none of
/// `categories` (LLVM's backend flags among them), except --help and
/// --version. Call it first in main(), before registering MLIR's options.
inline void
hideOtherOptions(llvm::ArrayRef<const llvm::cl::OptionCategory *> categories) {
  for (auto &entry : llvm::cl::getRegisteredOptions()) {
    llvm::cl::Option *opt = entry.second;
    if (opt->ArgStr.starts_with("help") || opt->ArgStr == "version")
      continue;
    bool ours = llvm::any_of(opt->Categories, [&](auto *c) {
      return llvm::is_contained(categories, c);
    });
    if (!ours && opt->getOptionHiddenFlag() == llvm::cl::NotHidden)
      opt->setHiddenFlag(llvm::cl::Hidden);
  }
}

/// Lists the visible --mlir-* flags (registered after hideOtherOptions)
/// under "MLIR debugging options".
inline void groupMLIRDebugOptions() {
  for (auto &entry : llvm::cl::getRegisteredOptions()) {
    llvm::cl::Option *opt = entry.second;
    if (!opt->ArgStr.starts_with("mlir-") ||
        opt->getOptionHiddenFlag() != llvm::cl::NotHidden)
      continue;
    opt->Categories.assign({&getMLIRDebugCategory()});
  }
}

/// Prints `help` on stdout, the tool's options first.
inline void printHelp(const ToolHelp &help) {
  using namespace llvm;
  // The visible options, once each, with their category.
  std::vector<cl::Option *> options;
  SmallPtrSet<cl::Option *, 32> seen;
  auto collect = [&](cl::SubCommand &sub) {
    for (auto &entry : cl::getRegisteredOptions(sub)) {
      cl::Option *opt = entry.second;
      if (opt->getOptionHiddenFlag() != cl::NotHidden ||
          opt->ArgStr.starts_with("help") || opt->ArgStr == "version" ||
          !seen.insert(opt).second)
        continue;
      options.push_back(opt);
    }
  };
  collect(cl::SubCommand::getTopLevel());
  for (cl::SubCommand *sub : help.subcommands)
    collect(*sub);
  std::sort(options.begin(), options.end(),
            [](cl::Option *a, cl::Option *b) { return a->ArgStr < b->ArgStr; });

  std::vector<cl::OptionCategory *> order(help.categories.begin(),
                                          help.categories.end());
  std::vector<cl::OptionCategory *> others;
  for (cl::Option *opt : options)
    for (cl::OptionCategory *c : opt->Categories)
      if (!is_contained(order, c) && !is_contained(others, c) &&
          c != &getMLIRDebugCategory())
        others.push_back(c);
  std::sort(others.begin(), others.end(),
            [](cl::OptionCategory *a, cl::OptionCategory *b) {
              return a->getName() < b->getName();
            });
  order.insert(order.end(), others.begin(), others.end());
  order.push_back(&getMLIRDebugCategory());

  // One column for every section, LLVM's and the generic one alike.
  support::HelpSection generic = support::getGenericHelpSection();
  size_t width = 0;
  for (cl::Option *opt : options)
    width = std::max(width, opt->getOptionWidth());
  // LLVM's option widths count two more than the spelled option.
  width = std::max(width, support::getHelpColumn({generic}) - 1);

  outs() << support::formatHelpHeader(help.overview, help.usage);
  for (cl::OptionCategory *category : order) {
    bool any = false;
    for (cl::Option *opt : options) {
      if (!is_contained(opt->Categories, category))
        continue;
      if (!any) {
        outs() << "\n" << category->getName() << ":\n\n";
        any = true;
      }
      opt->printOptionInfo(width);
    }
  }
  outs() << support::formatHelpSection(generic, width + 1);
  outs().flush();
}

/// Parses the command line as every tool does: --help (-h, -help) prints
/// printHelp's text, --version tt's version (support::getVersionText), and
/// a bad command line prints LLVM's message and exits with code 2.
inline void parseCommandLine(int argc, const char *const *argv,
                             const ToolHelp &help) {
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg(argv[i]);
    if (arg == "--")
      break;
    if (arg == "--help" || arg == "-help" || arg == "-h") {
      printHelp(help);
      std::exit(0);
    }
  }
  std::string tool = help.tool;
  llvm::cl::SetVersionPrinter([tool](llvm::raw_ostream &os) {
    os << support::getVersionText(tool);
  });
  // Messages name the tool, not the path it was started from ("Try:
  // 'tt-opt --help'").
  std::vector<const char *> args(argv, argv + argc);
  if (!args.empty())
    args[0] = help.tool.c_str();
  if (!llvm::cl::ParseCommandLineOptions(int(args.size()), args.data(),
                                         help.overview, &llvm::errs()))
    std::exit(support::kUsageErrorExit);
}

} // namespace cli
} // namespace tt

#endif // TT_SUPPORT_COMMANDLINE_H
