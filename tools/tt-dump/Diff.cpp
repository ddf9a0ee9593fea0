//===- Diff.cpp - stage-by-stage comparison of two dumps --------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "Diff.h"

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
using namespace tt::dump;

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
      size_t j = i + 4;
      int depth = 1;
      bool quoted = false;
      for (; j < line.size() && depth > 0; ++j) {
        char c = line[j];
        if (quoted) {
          if (c == '\\')
            ++j;
          else if (c == '"')
            quoted = false;
        } else if (c == '"') {
          quoted = true;
        } else if (c == '(') {
          ++depth;
        } else if (c == ')') {
          --depth;
        }
      }
      while (!out.empty() && out.back() == ' ')
        out.pop_back();
      i = j;
      continue;
    }
    out += line[i++];
  }
  return out;
}

/// `%anything` -> `%_` and `^bbN` -> `^bb_`, keeping result numbers (`#1`).
std::string eraseMLIRNames(StringRef line) {
  std::string out;
  for (size_t i = 0; i < line.size();) {
    char c = line[i];
    if ((c == '%' || c == '^') && i + 1 < line.size() &&
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
  for (; i < line.size();) {
    char c = line[i];
    if (c == '%' && i + 1 < line.size() && isMLIRIdChar(line[i + 1])) {
      out += "%_";
      ++i;
      while (i < line.size() && isMLIRIdChar(line[i]))
        ++i;
      continue;
    }
    out += c;
    ++i;
  }
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

std::vector<Line> normalizeJSON(StringRef text) {
  Expected<json::Value> value = json::parse(text);
  std::vector<Line> lines;
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

std::vector<Line> tt::dump::normalize(StringRef stage, StringRef text) {
  if (stage == "json")
    return normalizeJSON(text);
  bool mlir = stage == "ttir" || stage == "ttgir" || stage == "source.ttir";
  bool llir = stage == "llir";
  bool ptx = stage == "ptx";
  std::vector<Line> lines;
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
// Myers diff
//===----------------------------------------------------------------------===//

namespace {
enum class Edit : char { Equal, Delete, Insert };

/// The shortest edit script from `a` to `b` (Myers 1986). Past `maxD` edits
/// the middle is reported as all deleted then all inserted.
std::vector<Edit> shortestEdit(ArrayRef<unsigned> a, ArrayRef<unsigned> b,
                               int maxD = 4000) {
  // Common prefix and suffix first: dumps mostly agree.
  size_t pre = 0;
  while (pre < a.size() && pre < b.size() && a[pre] == b[pre])
    ++pre;
  size_t suf = 0;
  while (suf < a.size() - pre && suf < b.size() - pre &&
         a[a.size() - 1 - suf] == b[b.size() - 1 - suf])
    ++suf;
  ArrayRef<unsigned> x = a.slice(pre, a.size() - pre - suf);
  ArrayRef<unsigned> y = b.slice(pre, b.size() - pre - suf);
  std::vector<Edit> middle;
  int n = x.size(), m = y.size();
  int offset = n + m + 1;
  std::vector<int> v(2 * offset + 1, 0);
  std::vector<std::vector<int>> trace; // v[-d..d] before step d
  bool found = n == 0 && m == 0;
  int d = 0;
  for (; !found && d <= std::min(n + m, maxD); ++d) {
    trace.emplace_back(v.begin() + offset - d, v.begin() + offset + d + 1);
    for (int k = -d; k <= d; k += 2) {
      int px;
      if (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]))
        px = v[offset + k + 1];
      else
        px = v[offset + k - 1] + 1;
      int py = px - k;
      while (px < n && py < m && x[px] == y[py])
        ++px, ++py;
      v[offset + k] = px;
      if (px >= n && py >= m) {
        found = true;
        break;
      }
    }
  }
  if (!found) {
    middle.assign(n, Edit::Delete);
    middle.insert(middle.end(), m, Edit::Insert);
  } else if (n + m > 0) {
    // Walk back from (n, m) through the saved frontiers.
    int px = n, py = m;
    for (int step = int(trace.size()) - 1; step >= 0; --step) {
      const std::vector<int> &prev = trace[step]; // indices -step..step
      auto at = [&](int k) { return prev[k + step]; };
      int k = px - py;
      int prevK;
      if (step == 0)
        prevK = 0;
      else if (k == -step || (k != step && at(k - 1) < at(k + 1)))
        prevK = k + 1;
      else
        prevK = k - 1;
      int prevX = step == 0 ? 0 : at(prevK);
      int prevY = prevX - prevK;
      while (px > prevX && py > prevY) {
        middle.push_back(Edit::Equal);
        --px, --py;
      }
      if (step > 0)
        middle.push_back(px == prevX ? Edit::Insert : Edit::Delete);
      px = prevX;
      py = prevY;
    }
    std::reverse(middle.begin(), middle.end());
  }
  std::vector<Edit> script(pre, Edit::Equal);
  script.insert(script.end(), middle.begin(), middle.end());
  script.insert(script.end(), suf, Edit::Equal);
  return script;
}

struct DiffResult {
  unsigned deleted = 0, inserted = 0;
};

/// Prints unified-diff hunks of the normalized lines, at most
/// `options.maxLines` of them; @@ numbers are lines of the original files.
DiffResult printDiff(const std::vector<Line> &a, const std::vector<Line> &b,
                     StringRef nameA, StringRef nameB,
                     const DiffOptions &options, raw_ostream &os) {
  StringMap<unsigned> ids;
  auto intern = [&](const std::vector<Line> &lines) {
    std::vector<unsigned> out;
    for (const Line &l : lines)
      out.push_back(ids.try_emplace(l.text, ids.size()).first->second);
    return out;
  };
  std::vector<unsigned> ia = intern(a), ib = intern(b);
  std::vector<Edit> script = shortestEdit(ia, ib);

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
  unsigned printed = 0, hunks = 0, skippedHunks = 0;
  size_t idx = 0;
  while (idx < pos.size()) {
    if (pos[idx].e == Edit::Equal) {
      ++idx;
      continue;
    }
    // A hunk: changes separated by at most 2*context equal lines.
    size_t begin = idx >= options.context ? idx - options.context : 0;
    size_t end = idx;
    while (end < pos.size()) {
      if (pos[end].e != Edit::Equal) {
        ++end;
        continue;
      }
      size_t run = end;
      while (run < pos.size() && pos[run].e == Edit::Equal)
        ++run;
      if (run == pos.size() || run - end > 2 * options.context) {
        end = std::min(run, end + options.context);
        break;
      }
      end = run;
    }
    if (printed >= options.maxLines) {
      ++skippedHunks;
      idx = end;
      continue;
    }
    unsigned countA = 0, countB = 0;
    for (size_t k = begin; k < end; ++k) {
      countA += pos[k].e != Edit::Insert;
      countB += pos[k].e != Edit::Delete;
    }
    auto lineNo = [](const std::vector<Line> &lines, unsigned at) {
      if (lines.empty())
        return 0u;
      return at < lines.size() ? lines[at].number : lines.back().number + 1;
    };
    os << formatv("@@ -{0},{1} +{2},{3} @@\n", lineNo(a, pos[begin].i), countA,
                  lineNo(b, pos[begin].j), countB);
    ++hunks;
    for (size_t k = begin; k < end; ++k) {
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
    idx = end;
  }
  if (skippedHunks)
    os << "  ... " << skippedHunks << " more hunk"
       << (skippedHunks == 1 ? "" : "s") << "\n";
  return result;
}

std::optional<std::string> readFile(StringRef path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> buf =
      MemoryBuffer::getFile(path, /*IsText=*/false);
  if (!buf)
    return std::nullopt;
  return (*buf)->getBuffer().str();
}
} // namespace

int tt::dump::diffDumps(StringRef dirA, StringRef dirB,
                        const DiffOptions &options, raw_ostream &os) {
  std::string error;
  std::optional<std::string> a = resolveDump(dirA, error);
  if (!a) {
    errs() << "tt-dump: " << error << "\n";
    return 2;
  }
  std::optional<std::string> b = resolveDump(dirB, error);
  if (!b) {
    errs() << "tt-dump: " << error << "\n";
    return 2;
  }
  DumpFiles filesA = listDump(*a), filesB = listDump(*b);

  // Pair kernels by name; two single-kernel dumps pair whatever the names.
  std::vector<std::pair<std::string, std::string>> pairs;
  if (filesA.size() == 1 && filesB.size() == 1) {
    pairs.push_back({filesA.begin()->first, filesB.begin()->first});
  } else {
    for (const auto &[k, _] : filesA)
      pairs.push_back({k, filesB.count(k) ? k : std::string()});
    for (const auto &[k, _] : filesB)
      if (!filesA.count(k))
        pairs.push_back({std::string(), k});
  }

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
      std::string label = formatv("{0,-12}", s.ext).str();
      if (!inA || !inB) {
        os << label << "only in " << (inA ? "A" : "B") << "\n";
        differs = true;
        continue;
      }
      std::optional<std::string> ta = readFile(pa->second),
                                 tb = readFile(pb->second);
      if (!ta || !tb) {
        errs() << "tt-dump: cannot read " << (ta ? pb->second : pa->second)
               << "\n";
        return 2;
      }
      if (s.binary) {
        if (*ta == *tb) {
          os << label << "same\n";
        } else {
          os << label << "differs (binary: " << ta->size() << " vs "
             << tb->size() << " bytes)\n";
          differs = true;
        }
        continue;
      }
      std::vector<Line> la, lb;
      if (options.raw) {
        unsigned n = 0;
        for (StringRef l : split(*ta, '\n'))
          la.push_back({l.str(), ++n});
        n = 0;
        for (StringRef l : split(*tb, '\n'))
          lb.push_back({l.str(), ++n});
      } else {
        la = normalize(s.ext, *ta);
        lb = normalize(s.ext, *tb);
      }
      std::string hunks;
      raw_string_ostream hs(hunks);
      DiffResult r = printDiff(la, lb, pa->second, pb->second, options, hs);
      if (r.deleted == 0 && r.inserted == 0) {
        os << label << "same" << (*ta == *tb ? "" : " (after normalization)")
           << "\n";
        continue;
      }
      differs = true;
      os << label
         << formatv("differs: {0} line{1} only in A, {2} only in B "
                    "(of {3} and {4})\n",
                    r.deleted, r.deleted == 1 ? "" : "s", r.inserted, la.size(),
                    lb.size());
      os << hunks;
    }
  }
  return differs ? 1 : 0;
}
