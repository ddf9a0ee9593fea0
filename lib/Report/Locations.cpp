//===- Locations.cpp - Source positions of the lines of each stage -------===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "Locations.h"
#include "Common.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Path.h"

#include <functional>

using namespace llvm;
using namespace tt::report;

unsigned PositionTable::getFile(StringRef path) {
  std::string base = sys::path::filename(path).str();
  auto [it, inserted] = fileIds.try_emplace(base, unsigned(fileNames.size()));
  if (inserted)
    fileNames.push_back(base);
  return it->second;
}

unsigned PositionTable::get(StringRef path, unsigned line, unsigned col) {
  Position p{getFile(path), line, col};
  auto [it, inserted] = ids.try_emplace(p, unsigned(list.size()));
  if (inserted)
    list.push_back(p);
  return it->second;
}

std::vector<StringRef> tt::report::splitLines(StringRef text) {
  std::vector<StringRef> lines;
  while (!text.empty()) {
    auto [line, rest] = text.split('\n');
    lines.push_back(line);
    text = rest;
  }
  return lines;
}

static void addUnique(SmallVectorImpl<unsigned> &to, ArrayRef<unsigned> ids) {
  for (unsigned id : ids)
    if (!llvm::is_contained(to, id))
      to.push_back(id);
}

//===----------------------------------------------------------------------===//
// MLIR
//===----------------------------------------------------------------------===//

namespace {
/// Parses MLIR location syntax (the inside of loc(...)); aliases are
/// resolved through `resolve`.
class LocParser {
public:
  LocParser(StringRef text, PositionTable &table,
            std::function<SmallVector<unsigned, 2>(StringRef)> resolve)
      : s(text), table(table), resolve(std::move(resolve)) {}

  /// Parses one location at the current position into `out`.
  bool parse(SmallVectorImpl<unsigned> &out) {
    skipSpace();
    if (consume("unknown"))
      return true;
    if (peek() == '#') {
      size_t start = pos++;
      while (pos < s.size() && (isAlnum(s[pos]) || s[pos] == '_'))
        ++pos;
      addUnique(out, resolve(s.slice(start, pos)));
      return true;
    }
    if (consume("callsite(")) {
      if (!parse(out))
        return false;
      skipSpace();
      if (!consume("at"))
        return false;
      if (!parse(out))
        return false;
      skipSpace();
      return consume(")");
    }
    if (consume("fused")) {
      if (peek() == '<' && !skipBalanced('<', '>'))
        return false;
      if (!consume("["))
        return false;
      while (true) {
        if (!parse(out))
          return false;
        skipSpace();
        if (consume("]"))
          return true;
        if (!consume(","))
          return false;
      }
    }
    if (peek() == '"') {
      std::string str;
      if (!parseString(str))
        return false;
      if (peek() == ':') {
        // "file":line:col, maybe followed by " to [line]:col".
        ++pos;
        unsigned line = parseInt(), col = 0;
        if (consume(":"))
          col = parseInt();
        size_t save = pos;
        skipSpace();
        if (consume("to")) {
          skipSpace();
          parseInt();
          if (consume(":"))
            parseInt();
        } else {
          pos = save;
        }
        out.push_back(table.get(str, line, col));
        return true;
      }
      if (peek() == '(') {
        ++pos;
        if (!parse(out))
          return false;
        skipSpace();
        return consume(")");
      }
      return true; // a name without a child location
    }
    return false;
  }

  size_t position() const { return pos; }

private:
  char peek() const { return pos < s.size() ? s[pos] : '\0'; }
  void skipSpace() {
    while (pos < s.size() && (s[pos] == ' ' || s[pos] == '\t'))
      ++pos;
  }
  bool consume(StringRef word) {
    if (!s.substr(pos).starts_with(word))
      return false;
    pos += word.size();
    return true;
  }
  unsigned parseInt() {
    unsigned v = 0;
    while (pos < s.size() && isDigit(s[pos]))
      v = v * 10 + unsigned(s[pos++] - '0');
    return v;
  }
  bool parseString(std::string &out) {
    if (peek() != '"')
      return false;
    ++pos;
    while (pos < s.size() && s[pos] != '"') {
      if (s[pos] == '\\' && pos + 1 < s.size())
        ++pos;
      out += s[pos++];
    }
    if (pos >= s.size())
      return false;
    ++pos;
    return true;
  }
  bool skipBalanced(char open, char close) {
    int depth = 0;
    while (pos < s.size()) {
      char c = s[pos++];
      if (c == '"') {
        --pos;
        std::string ignored;
        if (!parseString(ignored))
          return false;
        continue;
      }
      if (c == open)
        ++depth;
      else if (c == close && --depth == 0)
        return true;
    }
    return false;
  }

  StringRef s;
  size_t pos = 0;
  PositionTable &table;
  std::function<SmallVector<unsigned, 2>(StringRef)> resolve;
};

bool isAliasDefinition(StringRef line, StringRef &name, StringRef &body) {
  if (!line.starts_with("#loc"))
    return false;
  auto [lhs, rhs] = line.split(" = ");
  rhs = rhs.trim();
  if (!rhs.starts_with("loc(") || !rhs.ends_with(")"))
    return false;
  name = lhs.trim();
  body = rhs.drop_front(4).drop_back();
  return true;
}
} // namespace

LinePositions tt::report::mapMLIR(StringRef text, PositionTable &table,
                                  std::vector<LocSpans> *spans) {
  std::vector<StringRef> lines = splitLines(text);
  // Aliases first: they are printed after their uses.
  StringMap<StringRef> aliasBodies;
  for (StringRef line : lines) {
    StringRef name, body;
    if (isAliasDefinition(line, name, body))
      aliasBodies[name] = body;
  }
  StringMap<SmallVector<unsigned, 2>> resolved;
  StringMap<bool> inProgress;
  std::function<SmallVector<unsigned, 2>(StringRef)> resolve =
      [&](StringRef alias) -> SmallVector<unsigned, 2> {
    auto done = resolved.find(alias);
    if (done != resolved.end())
      return done->second;
    auto body = aliasBodies.find(alias);
    if (body == aliasBodies.end() || inProgress.lookup(alias))
      return {};
    inProgress[alias] = true;
    SmallVector<unsigned, 2> ids;
    LocParser(body->second, table, resolve).parse(ids);
    inProgress[alias] = false;
    resolved[alias] = ids;
    return ids;
  };

  LinePositions result(lines.size());
  if (spans)
    spans->assign(lines.size(), {});
  for (size_t i = 0; i < lines.size(); ++i) {
    StringRef line = lines[i];
    StringRef name, body;
    if (isAliasDefinition(line, name, body)) {
      addUnique(result[i], resolve(name));
      if (spans)
        (*spans)[i].push_back({0, line.size()});
      continue;
    }
    size_t from = 0;
    while (true) {
      size_t at = line.find("loc(", from);
      if (at == StringRef::npos)
        break;
      from = at + 4;
      if (at > 0 && (isAlnum(line[at - 1]) || line[at - 1] == '_' ||
                     line[at - 1] == '.'))
        continue;
      size_t end = matchParen(line, at + 3);
      if (end == StringRef::npos)
        break;
      SmallVector<unsigned, 2> ids;
      LocParser(line.slice(at + 4, end - 1), table, resolve).parse(ids);
      addUnique(result[i], ids);
      if (spans)
        (*spans)[i].push_back({at > 0 && line[at - 1] == ' ' ? at - 1 : at,
                               end});
      from = end;
    }
  }
  return result;
}

//===----------------------------------------------------------------------===//
// LLVM IR
//===----------------------------------------------------------------------===//

namespace {
/// The value of `field: ` in a metadata node's text ("line: 34" -> "34",
/// "scope: !3" -> "!3", "filename: \"a.py\"" -> "a.py").
StringRef fieldOf(StringRef node, StringRef field) {
  std::string key = (field + ": ").str();
  size_t at = StringRef::npos;
  for (size_t from = 0;;) {
    at = node.find(key, from);
    if (at == StringRef::npos)
      return "";
    // A whole word: "line:" must not match "scopeLine:".
    if (at == 0 || !isAlnum(node[at - 1]))
      break;
    from = at + 1;
  }
  StringRef v = node.substr(at + key.size());
  if (v.starts_with("\"")) {
    v = v.drop_front();
    return v.substr(0, v.find('"'));
  }
  return v.substr(0, v.find_first_of(",)"));
}

unsigned toUnsigned(StringRef s) {
  unsigned v = 0;
  s.trim().getAsInteger(10, v);
  return v;
}
} // namespace

LinePositions tt::report::mapLLVMIR(StringRef text, PositionTable &table) {
  std::vector<StringRef> lines = splitLines(text);
  StringMap<StringRef> nodes; // "!7" -> its definition
  StringRef anyFile;
  for (StringRef line : lines) {
    if (!line.starts_with("!"))
      continue;
    auto [lhs, rhs] = line.split(" = ");
    nodes[lhs.trim()] = rhs;
    if (rhs.contains("!DIFile(") && anyFile.empty())
      anyFile = lhs.trim();
  }
  // The file name of a scope (DISubprogram, DILexicalBlock, ...).
  std::function<std::string(StringRef, int)> fileOf =
      [&](StringRef scope, int depth) -> std::string {
    if (depth > 32)
      return "";
    StringRef node = nodes.lookup(scope);
    if (node.contains("!DIFile("))
      return fieldOf(node, "filename").str();
    StringRef file = fieldOf(node, "file");
    if (!file.empty())
      return fileOf(file, depth + 1);
    StringRef parent = fieldOf(node, "scope");
    if (!parent.empty())
      return fileOf(parent, depth + 1);
    return "";
  };
  DenseMap<unsigned, SmallVector<unsigned, 2>> cache;
  std::function<void(StringRef, SmallVectorImpl<unsigned> &, int)> positions =
      [&](StringRef ref, SmallVectorImpl<unsigned> &out, int depth) {
        if (depth > 32)
          return;
        StringRef node = nodes.lookup(ref);
        if (node.contains("!DILocation(")) {
          std::string file = fileOf(fieldOf(node, "scope"), 0);
          if (file.empty() && !anyFile.empty())
            file = fileOf(anyFile, 0);
          unsigned id = table.get(file, toUnsigned(fieldOf(node, "line")),
                                  toUnsigned(fieldOf(node, "column")));
          addUnique(out, {id});
          StringRef inlinedAt = fieldOf(node, "inlinedAt");
          if (!inlinedAt.empty())
            positions(inlinedAt, out, depth + 1);
        } else if (node.contains("!DISubprogram(")) {
          std::string file = fileOf(ref, 0);
          addUnique(out, {table.get(file, toUnsigned(fieldOf(node, "line")),
                                    0)});
        }
      };
  LinePositions result(lines.size());
  for (size_t i = 0; i < lines.size(); ++i) {
    StringRef line = lines[i];
    if (line.starts_with("!"))
      continue;
    size_t at = line.rfind("!dbg !");
    if (at == StringRef::npos)
      continue;
    StringRef ref = line.substr(at + 5);
    ref = ref.substr(0, ref.find_first_not_of("!0123456789"));
    positions(ref, result[i], 0);
  }
  return result;
}

//===----------------------------------------------------------------------===//
// Assembly: PTX, AMDGCN, SASS
//===----------------------------------------------------------------------===//

LinePositions tt::report::mapAssembly(StringRef text, PositionTable &table) {
  std::vector<StringRef> lines = splitLines(text);
  std::map<unsigned, std::string> files;
  // .file directives first: LLVM prints them after the code that uses them.
  for (StringRef l : lines) {
    StringRef line = l.trim();
    if (line.starts_with(".file")) {
      // .file N "path"  or  .file N "dir" "name"
      StringRef rest = line.drop_front(5).trim();
      unsigned n = 0;
      StringRef num = rest.substr(0, rest.find_first_of(" \t"));
      if (num.getAsInteger(10, n))
        continue;
      size_t q = rest.rfind('"');
      if (q == StringRef::npos || q == 0)
        continue;
      size_t p = rest.rfind('"', q - 1);
      if (p == StringRef::npos)
        continue;
      files[n] = rest.slice(p + 1, q).str();
    }
  }
  LinePositions result(lines.size());
  SmallVector<unsigned, 2> current;
  for (size_t i = 0; i < lines.size(); ++i) {
    StringRef line = lines[i].trim();
    if (line.starts_with(".file"))
      continue;
    if (line.starts_with(".loc")) {
      current.clear();
      // .loc F L C[, function_name X, inlined_at F L C]
      SmallVector<StringRef, 4> parts;
      line.split(parts, ',');
      auto addPos = [&](StringRef spec) {
        SmallVector<StringRef, 4> f;
        spec.trim().split(f, ' ', -1, /*KeepEmpty=*/false);
        SmallVector<StringRef, 4> words;
        for (StringRef w : f) {
          SmallVector<StringRef, 2> tabs;
          w.split(tabs, '\t', -1, false);
          words.append(tabs.begin(), tabs.end());
        }
        if (words.size() < 3)
          return;
        unsigned fn = toUnsigned(words[0]), ln = toUnsigned(words[1]),
                 col = toUnsigned(words[2]);
        if (ln == 0)
          return;
        addUnique(current, {table.get(files.count(fn) ? files[fn] : "?", ln,
                                      col)});
      };
      addPos(parts[0].drop_front(4));
      for (StringRef p : ArrayRef<StringRef>(parts).drop_front()) {
        p = p.trim();
        if (p.consume_front("inlined_at"))
          addPos(p);
      }
      result[i] = current;
      continue;
    }
    if (line.starts_with("}") || line.starts_with(".section") ||
        line.starts_with(".end_amdgpu") || line.starts_with(".Lfunc_end")) {
      current.clear();
      continue;
    }
    if (line.empty() || line.starts_with("//") || line.starts_with(";"))
      continue;
    result[i] = current;
  }
  return result;
}

LinePositions tt::report::mapSASS(StringRef text, PositionTable &table) {
  std::vector<StringRef> lines = splitLines(text);
  LinePositions result(lines.size());
  SmallVector<unsigned, 2> current;
  for (size_t i = 0; i < lines.size(); ++i) {
    StringRef line = lines[i].trim();
    if (line.starts_with("//## File")) {
      // //## File "a.py", line 12 inlined at "a.py", line 30
      current.clear();
      StringRef rest = line;
      while (true) {
        size_t q = rest.find('"');
        if (q == StringRef::npos)
          break;
        size_t e = rest.find('"', q + 1);
        if (e == StringRef::npos)
          break;
        StringRef file = rest.slice(q + 1, e);
        rest = rest.substr(e + 1);
        size_t l = rest.find("line ");
        if (l == StringRef::npos)
          break;
        rest = rest.substr(l + 5);
        unsigned ln = 0;
        StringRef num = rest.substr(0, rest.find_first_not_of("0123456789"));
        num.getAsInteger(10, ln);
        if (ln)
          addUnique(current, {table.get(file, ln, 0)});
      }
      result[i] = current;
      continue;
    }
    if (line.starts_with(".") || line.empty() || line.starts_with("//"))
      continue;
    result[i] = current;
  }
  return result;
}

LinePositions tt::report::mapPython(StringRef text, StringRef path,
                                    PositionTable &table) {
  std::vector<StringRef> lines = splitLines(text);
  LinePositions result(lines.size());
  for (size_t i = 0; i < lines.size(); ++i)
    if (!lines[i].trim().empty())
      result[i].push_back(table.get(path, unsigned(i + 1), 0));
  return result;
}
