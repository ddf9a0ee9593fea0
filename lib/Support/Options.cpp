//===- Options.cpp - tt's command-line convention in plain C++ --*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The help layout is LLVM's (an option, padded to the longest one, then
// " - " and its description; named values under it as "=value"), so that
// tt-run and tt-tune look like the tools built on LLVM's option library.
//
//===----------------------------------------------------------------------===//

#include "tt/Support/Options.h"

#include "tt/Support/Version.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>

using namespace tt::support;

std::string tt::support::spellOption(const std::string &name,
                                     const std::string &value) {
  bool shortName = name.size() == 1;
  std::string s = (shortName ? "-" : "--") + name;
  if (!value.empty())
    s += (shortName ? " <" : "=<") + value + ">";
  return s;
}

size_t tt::support::getHelpColumn(const std::vector<HelpSection> &sections) {
  size_t width = 0;
  for (const HelpSection &s : sections)
    for (const HelpEntry &e : s.entries)
      width = std::max(width, 2 + e.flag.size());
  return width + 3;
}

std::string tt::support::formatHelpHeader(const std::string &overview,
                                          const std::string &usage) {
  std::string text;
  std::string o = overview;
  while (!o.empty() && o.back() == '\n')
    o.pop_back();
  if (!o.empty())
    text += "OVERVIEW: " + o + "\n\n";
  return text + "USAGE: " + usage + "\n\nOPTIONS:\n";
}

namespace {
/// `text`'s lines, the first after `first`, the others indented to `column`.
void appendDescription(std::string &out, const std::string &first,
                       const std::string &text, size_t column) {
  size_t start = 0;
  bool firstLine = true;
  do {
    size_t nl = text.find('\n', start);
    std::string line = text.substr(
        start, nl == std::string::npos ? std::string::npos : nl - start);
    out += firstLine ? first : std::string(column, ' ');
    out += line + "\n";
    firstLine = false;
    start = nl == std::string::npos ? text.size() + 1 : nl + 1;
  } while (start <= text.size());
}
} // namespace

std::string tt::support::formatHelpSection(const HelpSection &section,
                                           size_t column) {
  std::string out = "\n" + section.title + ":\n\n";
  size_t pad = column >= 3 ? column - 3 : 0;
  for (const HelpEntry &e : section.entries) {
    std::string flag = "  " + e.flag;
    flag.resize(std::max(pad, flag.size()), ' ');
    appendDescription(out, flag + " - ", e.description, column);
    for (const auto &[value, what] : e.values) {
      std::string v = "    =" + value;
      v.resize(std::max(pad, v.size()), ' ');
      appendDescription(out, v + " -   ", what, column + 2);
    }
  }
  return out;
}

HelpSection tt::support::getGenericHelpSection() {
  // LLVM's own descriptions of these options, so that every tool reads the
  // same.
  return {"Generic Options",
          {{"--help", "Display available options (--help-hidden for more)", {}},
           {"--help-hidden",
            "Display all available options, LLVM's own and aliases included",
            {}},
           {"--version", "Display the version of this program", {}}}};
}

OptionParser::OptionParser(std::string tool, std::string overview,
                           std::string usage)
    : tool(std::move(tool)), overview(std::move(overview)),
      usage(std::move(usage)) {
  sections.push_back("Options");
}

void OptionParser::addSection(const std::string &title) {
  if (options.empty() && sections.size() == 1)
    sections[0] = title;
  else
    sections.push_back(title);
}

void OptionParser::addFlag(const std::string &name,
                           const std::string &description) {
  options.push_back({name, "", description, false, "", sections.size() - 1});
}

void OptionParser::addValue(const std::string &name,
                            const std::string &valueName,
                            const std::string &description, bool repeatable) {
  options.push_back(
      {name, valueName, description, repeatable, "", sections.size() - 1});
}

void OptionParser::addAlias(const std::string &alias,
                            const std::string &name) {
  const Option *target = find(name);
  Option o;
  o.name = alias;
  o.aliasOf = name;
  o.valueName = target ? target->valueName : "";
  o.description = "Alias for " + spellOption(name, "");
  o.section = target ? target->section : 0;
  options.push_back(o);
}

const OptionParser::Option *OptionParser::find(const std::string &name) const {
  for (const Option &o : options)
    if (o.name == name)
      return &o;
  return nullptr;
}

int OptionParser::error(const std::string &message) const {
  std::fprintf(stderr, "%s: error: %s\n", tool.c_str(), message.c_str());
  return kUsageErrorExit;
}

int OptionParser::parse(int argc, const char *const *argv, int first) {
  bool optionsEnded = false;
  for (int i = first; i < argc; ++i) {
    std::string arg = argv[i];
    if (optionsEnded || arg.size() < 2 || arg[0] != '-') {
      positionals.push_back(arg);
      continue;
    }
    if (arg == "--") {
      optionsEnded = true;
      continue;
    }
    std::string body = arg.substr(arg[1] == '-' ? 2 : 1);
    std::string name = body, value;
    bool hasValue = false;
    if (size_t eq = body.find('='); eq != std::string::npos) {
      name = body.substr(0, eq);
      value = body.substr(eq + 1);
      hasValue = true;
    }
    if (name == "help" || name == "h" || name == "help-hidden") {
      std::fputs(getHelp(name == "help-hidden").c_str(), stdout);
      return 0;
    }
    if (name == "version") {
      std::fputs(getVersionText(tool).c_str(), stdout);
      return 0;
    }
    const Option *o = find(name);
    // -DNAME=VALUE, -ofile: a one-letter option with its value attached.
    if (!o && arg[1] != '-') {
      const Option *shortOpt = find(body.substr(0, 1));
      if (shortOpt && !shortOpt->valueName.empty()) {
        o = shortOpt;
        value = body.substr(1);
        hasValue = true;
      }
    }
    if (!o)
      return error("unknown option '" + arg + "' (try '" + tool +
                   " --help')");
    if (!o->aliasOf.empty())
      o = find(o->aliasOf);
    std::string shown = spellOption(o->name, "");
    if (o->valueName.empty()) {
      if (hasValue && value != "true" && value != "1") {
        if (value == "false" || value == "0") {
          values.erase(o->name);
          continue;
        }
        return error(shown + " takes no value, got '" + arg + "'");
      }
      values[o->name].push_back("");
      continue;
    }
    if (!hasValue) {
      if (i + 1 >= argc)
        return error(shown + " needs a value (" +
                     spellOption(o->name, o->valueName) + ")");
      value = argv[++i];
    }
    std::vector<std::string> &v = values[o->name];
    if (!o->repeatable)
      v.clear();
    v.push_back(value);
  }
  return -1;
}

bool OptionParser::has(const std::string &name) const {
  return values.count(name) != 0;
}

std::string OptionParser::get(const std::string &name,
                              const std::string &otherwise) const {
  auto it = values.find(name);
  return it == values.end() || it->second.empty() ? otherwise
                                                  : it->second.back();
}

const std::vector<std::string> &
OptionParser::getAll(const std::string &name) const {
  static const std::vector<std::string> none;
  auto it = values.find(name);
  return it == values.end() ? none : it->second;
}

bool OptionParser::getInt(const std::string &name, int &out) const {
  std::string text = get(name);
  char *end = nullptr;
  errno = 0;
  long v = std::strtol(text.c_str(), &end, 10);
  if (text.empty() || *end || errno == ERANGE || v < -2147483647L - 1 ||
      v > 2147483647L) {
    error(spellOption(name, "") + " takes an integer, got '" + text + "'");
    return false;
  }
  out = int(v);
  return true;
}

bool OptionParser::getDouble(const std::string &name, double &out) const {
  std::string text = get(name);
  char *end = nullptr;
  errno = 0;
  double v = std::strtod(text.c_str(), &end);
  if (text.empty() || *end || errno == ERANGE) {
    error(spellOption(name, "") + " takes a number, got '" + text + "'");
    return false;
  }
  out = v;
  return true;
}

std::string OptionParser::getHelp(bool hidden) const {
  std::vector<HelpSection> shown;
  for (const std::string &title : sections)
    shown.push_back({title, {}});
  for (const Option &o : options) {
    if (!o.aliasOf.empty() && !hidden)
      continue;
    shown[o.section].entries.push_back(
        {spellOption(o.name, o.valueName), o.description, {}});
  }
  shown.push_back(getGenericHelpSection());
  size_t column = getHelpColumn(shown);
  std::string text = formatHelpHeader(overview, usage);
  for (const HelpSection &s : shown)
    if (!s.entries.empty())
      text += formatHelpSection(s, column);
  return text;
}
