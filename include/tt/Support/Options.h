//===- Options.h - tt's command-line convention in plain C++ ----*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Every tool follows one command-line convention (docs/cli.md). The tools
// built on MLIR use LLVM's option library (tt/Support/CommandLine.h);
// tt-run and tt-tune link no LLVM and use OptionParser, which accepts the
// same syntax and prints the same help:
//
//   -name and --name; --name=VALUE and --name VALUE; -xVALUE for a
//   one-letter option that takes a value (-DBLOCK=64, -ofile); '--' ends
//   the options; '-' is an argument (standard input or output);
//   --help (-h, -help), --help-hidden (aliases too), --version.
//
// A usage error prints "<tool>: error: ..." and is exit code 2
// (kUsageErrorExit) in every tool.
//
//===----------------------------------------------------------------------===//

#ifndef TT_SUPPORT_OPTIONS_H
#define TT_SUPPORT_OPTIONS_H

#include <map>
#include <string>
#include <vector>

namespace tt::support {

/// The exit code of a bad command line, in every tool.
constexpr int kUsageErrorExit = 2;

/// One line of --help: the option as it is written ("--bench",
/// "--json-file=<FILE>", "-D <NAME=EXPR>"), its description (lines after
/// the first continue under it) and, for an option with named values,
/// those values and what each means.
struct HelpEntry {
  std::string flag;
  std::string description;
  std::vector<std::pair<std::string, std::string>> values;
};

struct HelpSection {
  std::string title;
  std::vector<HelpEntry> entries;
};

/// How --help spells an option: "--name", "--name=<value>", "-o <value>".
std::string spellOption(const std::string &name, const std::string &value);

/// The column where descriptions start, for these sections.
size_t getHelpColumn(const std::vector<HelpSection> &sections);

/// "OVERVIEW: ...\n\nUSAGE: ...\n\nOPTIONS:\n": the start of every help.
std::string formatHelpHeader(const std::string &overview,
                             const std::string &usage);

/// One section as --help prints it (title, blank line, entries), with
/// descriptions starting at `column`.
std::string formatHelpSection(const HelpSection &section, size_t column);

/// The section every tool's help ends with: --help, --help-hidden,
/// --version.
HelpSection getGenericHelpSection();

/// The command-line parser of the tools that link no LLVM.
class OptionParser {
public:
  /// `usage` is what follows "USAGE: " ("tt-run [options] <FILE.run.yaml>...").
  OptionParser(std::string tool, std::string overview, std::string usage);

  /// Starts a section of --help; the options added next belong to it.
  void addSection(const std::string &title);
  /// An option without a value.
  void addFlag(const std::string &name, const std::string &description);
  /// An option with a value; `valueName` names it in --help. A repeatable
  /// one keeps every value, another its last.
  void addValue(const std::string &name, const std::string &valueName,
                const std::string &description, bool repeatable = false);
  /// Another spelling of option `name`, listed by --help-hidden only.
  void addAlias(const std::string &alias, const std::string &name);

  /// Parses argv[first..argc). -1: go on; else the exit code to return
  /// (0 after --help or --version, kUsageErrorExit after printing the
  /// error).
  int parse(int argc, const char *const *argv, int first = 1);

  bool has(const std::string &name) const;
  /// The last value of `name`, or `otherwise`.
  std::string get(const std::string &name,
                  const std::string &otherwise = "") const;
  const std::vector<std::string> &getAll(const std::string &name) const;
  /// `name`'s value as an integer: false after printing the error.
  bool getInt(const std::string &name, int &out) const;
  bool getDouble(const std::string &name, double &out) const;
  const std::vector<std::string> &getPositionals() const {
    return positionals;
  }

  /// Prints "<tool>: error: <message>" on stderr; returns kUsageErrorExit.
  int error(const std::string &message) const;

  std::string getHelp(bool hidden) const;

private:
  struct Option {
    std::string name;
    std::string valueName;
    std::string description;
    bool repeatable = false;
    std::string aliasOf;
    size_t section = 0;
  };
  const Option *find(const std::string &name) const;

  std::string tool, overview, usage;
  std::vector<std::string> sections;
  std::vector<Option> options;
  std::map<std::string, std::vector<std::string>> values;
  std::vector<std::string> positionals;
};

} // namespace tt::support

#endif // TT_SUPPORT_OPTIONS_H
