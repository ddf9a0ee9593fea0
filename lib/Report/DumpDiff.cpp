//===- DumpDiff.cpp - stage-by-stage comparison of two dumps ----*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// What `tt-dump --diff` does: pair the kernels and stages of two dump
// directories, normalize each text stage, and print a summary line per
// stage with a unified diff (tt::support's edit script) where they differ.
//
//===----------------------------------------------------------------------===//

#include "tt/Report/DumpDiff.h"
#include "Common.h"

#include "tt/Support/TextDiff.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <map>
#include <optional>

using namespace llvm;
using namespace tt::report;

//===----------------------------------------------------------------------===//
// Stages
//===----------------------------------------------------------------------===//

namespace {
/// The stages a dump may hold, in pipeline order; binary ones compare bytes.
struct StageInfo {
  const char *ext;
  bool binary;
};
const StageInfo kStages[] = {
    {"source.ttir", false}, {"ttir", false}, {"ttgir", false},
    {"llir", false},        {"ptx", false},  {"amdgcn", false},
    {"cubin", true},        {"hsaco", true}, {"o", true},
    {"sass", false},        {"json", false},
};

/// The stage of a dump file name, and its kernel ("add_kernel.ttgir" ->
/// ttgir, add_kernel); std::nullopt for other files.
std::optional<std::pair<std::string, std::string>>
classify(StringRef fileName) {
  if (fileName.starts_with("tmp.") || fileName.starts_with("."))
    return std::nullopt;
  for (const StageInfo &s : kStages) {
    std::string suffix = std::string(".") + s.ext;
    if (fileName.ends_with(suffix) && fileName.size() > suffix.size()) {
      StringRef kernel = fileName.drop_back(suffix.size());
      // "k.source.ttir" is the source stage, not ttir of kernel "k.source".
      if (StringRef(s.ext) == "ttir" && kernel.ends_with(".source"))
        continue;
      return std::make_pair(std::string(s.ext), kernel.str());
    }
  }
  return std::nullopt;
}

/// kernel -> stage -> path.
using DumpFiles = std::map<std::string, std::map<std::string, std::string>>;

DumpFiles listDump(StringRef dir) {
  DumpFiles files;
  std::error_code ec;
  for (sys::fs::directory_iterator it(dir, ec), end; !ec && it != end;
       it.increment(ec)) {
    if (it->type() != sys::fs::file_type::regular_file &&
        it->type() != sys::fs::file_type::symlink_file)
      continue;
    if (auto c = classify(sys::path::filename(it->path())))
      files[c->second][c->first] = it->path();
  }
  return files;
}

/// A dump directory itself, or a directory holding exactly one (the
/// TRITON_DUMP_DIR root after one compilation).
std::optional<std::string> resolveDump(StringRef dir, std::string &error) {
  if (!sys::fs::is_directory(dir)) {
    error = ("'" + dir + "' is not a directory").str();
    return std::nullopt;
  }
  if (!listDump(dir).empty())
    return dir.str();
  std::vector<std::string> candidates;
  std::error_code ec;
  for (sys::fs::directory_iterator it(dir, ec), end; !ec && it != end;
       it.increment(ec))
    if (sys::fs::is_directory(it->path()) && !listDump(it->path()).empty())
      candidates.push_back(it->path());
  if (candidates.size() == 1)
    return candidates.front();
  error = candidates.empty()
              ? ("'" + dir + "' holds no dump files").str()
              : ("'" + dir + "' holds " + Twine(candidates.size()) +
                 " dumps; name one of its subdirectories")
                    .str();
  return std::nullopt;
}
} // namespace

//===----------------------------------------------------------------------===//
// Normalization
//===----------------------------------------------------------------------===//

namespace {
bool isMLIRIdChar(char c) {
  return isAlnum(c) || c == '_' || c == '$' || c == '.' || c == '-';
}

/// Removes every ` loc(...)` (balanced parentheses, quoted strings skipped).
std::string stripLocations(StringRef line) {
  std::string out;
  size_t i = 0;
  while (i < line.size()) {
    if (line.substr(i).starts_with("loc(") &&
        (i == 0 || line[i - 1] == ' ' || line[i - 1] == '(')) {
      size_t end = matchParen(line, i + 3);
      while (!out.empty() && out.back() == ' ')
        out.pop_back();
      i = end == StringRef::npos ? line.size() : end;
      continue;
    }
    out += line[i++];
  }
  return out;
}

/// Appends line[i..] to `out` with every `%name` as `%_` and, when
/// `blocks`, every `^name` as `^bb_`.
void appendErasingNames(StringRef line, size_t i, bool blocks,
                        std::string &out) {
  while (i < line.size()) {
    char c = line[i];
    if ((c == '%' || (blocks && c == '^')) && i + 1 < line.size() &&
        isMLIRIdChar(line[i + 1])) {
      out += c;
      out += c == '^' ? "bb_" : "_";
      ++i;
      while (i < line.size() && isMLIRIdChar(line[i]))
        ++i;
      continue;
    }
    out += c;
    ++i;
  }
}

/// `%anything` -> `%_` and `^bbN` -> `^bb_`, keeping result numbers (`#1`).
std::string eraseMLIRNames(StringRef line) {
  std::string out;
  appendErasingNames(line, 0, /*blocks=*/true, out);
  return out;
}

/// LLVM IR: `%12`, `%name` -> `%_`; a leading `12:` label -> `_:`.
std::string eraseLLVMNames(StringRef line) {
  std::string out;
  size_t i = 0;
  // A numbered or named block label at the start of a line.
  size_t colon = line.find(':');
  if (colon != StringRef::npos && colon > 0 &&
      all_of(line.take_front(colon), [](char c) { return isMLIRIdChar(c); }) &&
      (colon + 1 == line.size() || line[colon + 1] == ' ')) {
    out = "_:";
    i = colon + 1;
  }
  appendErasingNames(line, i, /*blocks=*/false, out);
  return out;
}

/// Cuts a trailing `; comment` (LLVM IR) outside quoted strings.
StringRef cutComment(StringRef line, StringRef marker) {
  bool quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '"')
      quoted = !quoted;
    else if (!quoted && line.substr(i).starts_with(marker))
      return line.take_front(i);
  }
  return line;
}

/// Removes every `, !dbg !N` / ` !dbg !N` attachment.
std::string stripDbg(StringRef line) {
  std::string out = line.str();
  for (size_t pos; (pos = out.find("!dbg !")) != std::string::npos;) {
    size_t end = pos + 6;
    while (end < out.size() && isDigit(out[end]))
      ++end;
    size_t begin = pos;
    while (begin > 0 && out[begin - 1] == ' ')
      --begin;
    if (begin > 0 && out[begin - 1] == ',')
      --begin;
    out.erase(begin, end - begin);
  }
  return out;
}

/// PTX: `%r12` -> `%r_`, `$L__BB0_3` -> `$L__BB_`; whitespace collapsed.
std::string normalizePTXLine(StringRef line) {
  std::string out;
  for (size_t i = 0; i < line.size();) {
    char c = line[i];
    if (c == '%' && i + 1 < line.size() && isAlpha(line[i + 1])) {
      size_t j = i + 1;
      while (j < line.size() && isAlpha(line[j]))
        ++j;
      size_t k = j;
      while (k < line.size() && isDigit(line[k]))
        ++k;
      out += line.substr(i, j - i).str();
      if (k > j && (k == line.size() || !isAlnum(line[k]))) {
        out += "_";
        i = k;
      } else {
        i = j;
      }
      continue;
    }
    if (line.substr(i).starts_with("$L__")) {
      size_t j = i + 4;
      while (j < line.size() && isAlpha(line[j]))
        ++j;
      size_t k = j;
      while (k < line.size() && (isDigit(line[k]) || line[k] == '_'))
        ++k;
      out += line.substr(i, j - i).str();
      out += "_";
      i = k;
      continue;
    }
    if (isSpace(c)) {
      if (!out.empty() && out.back() != ' ')
        out += ' ';
      ++i;
      continue;
    }
    out += c;
    ++i;
  }
  return StringRef(out).trim().str();
}

std::vector<DumpLine> normalizeJSON(StringRef text) {
  Expected<json::Value> value = json::parse(text);
  std::vector<DumpLine> lines;
  if (!value || !value->getAsObject()) {
    consumeError(value.takeError());
    unsigned n = 0;
    for (StringRef l : split(text, '\n'))
      lines.push_back({l.rtrim().str(), ++n});
    return lines;
  }
  // One line per top-level key, sorted; "hash" names the run, not the code.
  std::map<std::string, std::string> entries;
  for (const auto &[key, v] : *value->getAsObject()) {
    if (key == "hash")
      continue;
    std::string s;
    raw_string_ostream os(s);
    os << v;
    entries[key.str()] = s;
  }
  for (const auto &[key, v] : entries)
    lines.push_back({"\"" + key + "\": " + v, 1});
  return lines;
}
} // namespace

std::vector<DumpLine> tt::report::normalizeStage(StringRef stage,
                                                 StringRef text) {
  if (stage == "json")
    return normalizeJSON(text);
  bool mlir = stage == "ttir" || stage == "ttgir" || stage == "source.ttir";
  bool llir = stage == "llir";
  bool ptx = stage == "ptx";
  std::vector<DumpLine> lines;
  unsigned number = 0;
  bool inDebugSection = false;
  for (StringRef raw : split(text, '\n')) {
    ++number;
    StringRef line = raw.rtrim();
    StringRef trimmed = line.ltrim();
    std::string out;
    if (mlir) {
      if (trimmed.starts_with("#loc"))
        continue;
      out = eraseMLIRNames(stripLocations(line));
    } else if (llir) {
      if (trimmed.starts_with("!") || trimmed.starts_with("#dbg_") ||
          trimmed.starts_with("source_filename") || trimmed.starts_with(";"))
        continue;
      out = eraseLLVMNames(stripDbg(cutComment(line, ";").rtrim()));
    } else if (ptx) {
      if (inDebugSection) {
        if (trimmed == "}")
          inDebugSection = false;
        continue;
      }
      if (trimmed.starts_with(".section") && trimmed.contains(".debug")) {
        inDebugSection = !trimmed.contains("}");
        continue;
      }
      if (trimmed.starts_with("//") || trimmed.starts_with(".loc") ||
          trimmed.starts_with(".file"))
        continue;
      // Labels that only debug information refers to.
      if ((trimmed.starts_with("$L__func_begin") ||
           trimmed.starts_with("$L__func_end") ||
           trimmed.starts_with("$L__tmp")) &&
          trimmed.ends_with(":"))
        continue;
      out = normalizePTXLine(cutComment(line, "//"));
    } else {
      out = line.str();
    }
    if (StringRef(out).trim().empty())
      continue;
    lines.push_back({StringRef(out).rtrim().str(), number});
  }
  return lines;
}

//===----------------------------------------------------------------------===//
// Unified diff
//===----------------------------------------------------------------------===//

namespace {
using tt::support::Edit;

struct DiffResult {
  unsigned deleted = 0, inserted = 0;
};

/// Prints unified-diff hunks of the normalized lines, at most
/// `options.maxLines` of them; @@ numbers are lines of the original files.
DiffResult printDiff(const std::vector<DumpLine> &a,
                     const std::vector<DumpLine> &b, StringRef nameA,
                     StringRef nameB, const DumpDiffOptions &options,
                     raw_ostream &os) {
  auto texts = [](const std::vector<DumpLine> &lines) {
    std::vector<std::string_view> out;
    for (const DumpLine &l : lines)
      out.push_back(l.text);
    return out;
  };
  std::vector<Edit> script =
      tt::support::diffLines(texts(a), texts(b), /*maxEdits=*/4000);

  DiffResult result;
  // Positions (in a and b) of each script entry.
  struct Pos {
    Edit e;
    unsigned i, j;
  };
  std::vector<Pos> pos;
  unsigned i = 0, j = 0;
  for (Edit e : script) {
    pos.push_back({e, i, j});
    if (e == Edit::Equal)
      ++i, ++j;
    else if (e == Edit::Delete)
      ++i, ++result.deleted;
    else
      ++j, ++result.inserted;
  }
  if (result.deleted == 0 && result.inserted == 0)
    return result;

  os << "--- " << nameA << "\n+++ " << nameB << "\n";
  unsigned printed = 0, skippedHunks = 0;
  auto lineNo = [](const std::vector<DumpLine> &lines, unsigned at) {
    if (lines.empty())
      return 0u;
    return at < lines.size() ? lines[at].number : lines.back().number + 1;
  };
  for (tt::support::Hunk h : tt::support::findHunks(script, options.context)) {
    if (printed >= options.maxLines) {
      ++skippedHunks;
      continue;
    }
    unsigned countA = 0, countB = 0;
    for (size_t k = h.begin; k < h.end; ++k) {
      countA += pos[k].e != Edit::Insert;
      countB += pos[k].e != Edit::Delete;
    }
    os << formatv("@@ -{0},{1} +{2},{3} @@\n", lineNo(a, pos[h.begin].i),
                  countA, lineNo(b, pos[h.begin].j), countB);
    for (size_t k = h.begin; k < h.end; ++k) {
      if (printed >= options.maxLines) {
        os << "  ...\n";
        break;
      }
      const Pos &p = pos[k];
      if (p.e == Edit::Equal)
        os << " " << a[p.i].text << "\n";
      else if (p.e == Edit::Delete)
        os << "-" << a[p.i].text << "\n";
      else
        os << "+" << b[p.j].text << "\n";
      ++printed;
    }
  }
  if (skippedHunks)
    os << "  ... " << skippedHunks << " more hunk"
       << (skippedHunks == 1 ? "" : "s") << "\n";
  return result;
}

/// The lines of a file as they are, numbered.
std::vector<DumpLine> rawLines(StringRef text) {
  std::vector<DumpLine> lines;
  unsigned n = 0;
  for (StringRef l : split(text, '\n'))
    lines.push_back({l.str(), ++n});
  return lines;
}

/// Compares one stage present on both sides and prints its summary line
/// (and diff): 1 when it differs, 0 when not, 2 when a file cannot be read.
int diffStage(const StageInfo &s, const std::string &pathA,
              const std::string &pathB, const DumpDiffOptions &options,
              raw_ostream &os, std::string &error) {
  std::string label = formatv("{0,-12}", s.ext).str();
  std::optional<std::string> ta = readFile(pathA), tb = readFile(pathB);
  if (!ta || !tb) {
    error = "cannot read " + (ta ? pathB : pathA);
    return 2;
  }
  if (s.binary) {
    if (*ta == *tb) {
      os << label << "same\n";
      return 0;
    }
    os << label << "differs (binary: " << ta->size() << " vs " << tb->size()
       << " bytes)\n";
    return 1;
  }
  std::vector<DumpLine> la =
      options.raw ? rawLines(*ta) : normalizeStage(s.ext, *ta);
  std::vector<DumpLine> lb =
      options.raw ? rawLines(*tb) : normalizeStage(s.ext, *tb);
  std::string hunks;
  raw_string_ostream hs(hunks);
  DiffResult r = printDiff(la, lb, pathA, pathB, options, hs);
  if (r.deleted == 0 && r.inserted == 0) {
    os << label << "same" << (*ta == *tb ? "" : " (after normalization)")
       << "\n";
    return 0;
  }
  os << label
     << formatv("differs: {0} line{1} only in A, {2} only in B "
                "(of {3} and {4})\n",
                r.deleted, r.deleted == 1 ? "" : "s", r.inserted, la.size(),
                lb.size());
  os << hunks;
  return 1;
}

/// Pairs kernels by name; two single-kernel dumps pair whatever the names.
/// An empty name: the kernel is only on the other side.
std::vector<std::pair<std::string, std::string>>
pairKernels(const DumpFiles &filesA, const DumpFiles &filesB) {
  std::vector<std::pair<std::string, std::string>> pairs;
  if (filesA.size() == 1 && filesB.size() == 1) {
    pairs.push_back({filesA.begin()->first, filesB.begin()->first});
    return pairs;
  }
  for (const auto &[k, _] : filesA)
    pairs.push_back({k, filesB.count(k) ? k : std::string()});
  for (const auto &[k, _] : filesB)
    if (!filesA.count(k))
      pairs.push_back({std::string(), k});
  return pairs;
}
} // namespace

int tt::report::diffDumps(StringRef dirA, StringRef dirB,
                          const DumpDiffOptions &options, raw_ostream &os,
                          std::string &error) {
  std::optional<std::string> a = resolveDump(dirA, error);
  if (!a)
    return 2;
  std::optional<std::string> b = resolveDump(dirB, error);
  if (!b)
    return 2;
  DumpFiles filesA = listDump(*a), filesB = listDump(*b);
  std::vector<std::pair<std::string, std::string>> pairs =
      pairKernels(filesA, filesB);

  os << "A: " << *a << "\nB: " << *b << "\n";
  bool differs = false;
  for (const auto &[ka, kb] : pairs) {
    if (ka.empty() || kb.empty()) {
      os << "kernel " << (ka.empty() ? kb : ka) << ": only in "
         << (ka.empty() ? "B" : "A") << "\n";
      differs = true;
      continue;
    }
    if (pairs.size() > 1 || ka != kb)
      os << "kernel " << ka << (ka == kb ? "" : " vs " + kb) << "\n";
    for (const StageInfo &s : kStages) {
      auto pa = filesA[ka].find(s.ext), pb = filesB[kb].find(s.ext);
      bool inA = pa != filesA[ka].end(), inB = pb != filesB[kb].end();
      if (!inA && !inB)
        continue;
      if (!inA || !inB) {
        os << formatv("{0,-12}", s.ext) << "only in " << (inA ? "A" : "B")
           << "\n";
        differs = true;
        continue;
      }
      int rc = diffStage(s, pa->second, pb->second, options, os, error);
      if (rc == 2)
        return 2;
      differs |= rc == 1;
    }
  }
  return differs ? 1 : 0;
}
