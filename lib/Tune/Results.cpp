//===- Results.cpp - what a tuning run measured -----------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Reading the JSON report back (for `tt-tune merge`) goes through yaml-cpp,
// so this file is built with -fexceptions; nothing is thrown out of it.
//
//===----------------------------------------------------------------------===//

#include "tt/Tune/Results.h"
#include "TuneJson.h"
#include "tt/Runtime/Json.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>

using namespace tt::tune;
using tt::runtime::JsonWriter;
using namespace tt::tune::json;

static constexpr int kResultsFormat = 1;

static const char *const kStatusNames[] = {
    "not run",      "other shard", "pruned", "compile failed",
    "check failed", "failed",      "ok"};

const char *tt::tune::statusName(Status s) { return kStatusNames[int(s)]; }

bool tt::tune::parseStatus(const std::string &name, Status &s) {
  for (int i = 0; i <= int(Status::Ok); ++i)
    if (name == kStatusNames[i]) {
      s = Status(i);
      return true;
    }
  return false;
}

std::string SizeResult::label() const {
  std::string s;
  for (const auto &kv : keyValues)
    s += (s.empty() ? "" : " ") + kv.first + "=" + kv.second;
  return s.empty() ? "(no key)" : s;
}

void tt::tune::chooseWinners(TuneResults &r) {
  for (SizeResult &s : r.sizes) {
    if (s.cached)
      continue;
    s.best = -1;
    for (size_t c = 0; c < s.configs.size(); ++c) {
      const ConfigResult &cr = s.configs[c];
      if (cr.status == Status::Ok &&
          (s.best < 0 || cr.medianMs < s.configs[size_t(s.best)].medianMs))
        s.best = int(c);
    }
    s.bestMs = s.best >= 0 ? s.configs[size_t(s.best)].medianMs : 0;
  }
}

/// The fields of a cache entry that come from the run and the size.
static CacheEntry entryOf(const TuneResults &r, const SizeResult &s) {
  CacheEntry e;
  static_cast<KernelIdentity &>(e) = r;
  e.key = s.cacheKey;
  e.keyValues = s.keyValues;
  e.source = r.file;
  return e;
}

CacheEntry tt::tune::winnerEntry(const TuneResults &r, size_t si) {
  const SizeResult &s = r.sizes[si];
  if (s.cached)
    return s.cachedEntry;
  CacheEntry e = entryOf(r, s);
  for (const auto &p : r.configs[size_t(s.best)].params)
    e.config.emplace_back(p.first, p.second.text);
  e.medianMs = s.bestMs;
  for (const ConfigResult &c : s.configs)
    e.configsTimed += c.status == Status::Ok;
  e.date = r.date;
  return e;
}

//===----------------------------------------------------------------------===//
// JSON
//===----------------------------------------------------------------------===//

namespace {

std::string configId(size_t i) { return "c" + std::to_string(i); }

int configIndex(const std::string &id) {
  if (id.size() < 2 || id[0] != 'c')
    return -1;
  char *end = nullptr;
  long v = std::strtol(id.c_str() + 1, &end, 10);
  return *end ? -1 : int(v);
}

} // namespace

std::string tt::tune::resultsToJson(const TuneResults &r) {
  JsonWriter w;
  beginFile(w, "results", kResultsFormat);
  w.key("file").value(r.file);
  w.fields(r, kKernelFields).fields(r, kTargetDevice);
  w.key("shard").beginObject();
  w.key("index").value(r.shardIndex);
  w.key("count").value(r.shardCount);
  w.endObject();
  w.key("date").value(r.date);
  w.key("seconds").value(r.seconds);
  w.key("configs").beginArray();
  for (size_t i = 0; i < r.configs.size(); ++i) {
    w.beginObject();
    w.key("id").value(configId(i));
    w.key("params").beginObject();
    for (const auto &p : r.configs[i].params)
      w.key(p.first).value(p.second.text);
    w.endObject();
    w.endObject();
  }
  w.endArray();
  w.key("sizes").beginArray();
  for (const SizeResult &s : r.sizes) {
    w.beginObject();
    writeNameValues(w, "sets", s.sets);
    writeNameValues(w, "key", s.keyValues);
    w.key("cache_key").value(s.cacheKey);
    w.key("cached").value(s.cached);
    if (s.cached) {
      writeNameValues(w, "cached_config", s.cachedEntry.config);
      w.key("cached_ms").value(s.cachedEntry.medianMs);
      w.key("cached_date").value(s.cachedEntry.date);
      w.key("cached_configs_timed").value(s.cachedEntry.configsTimed);
    }
    w.key("best");
    if (s.best >= 0)
      w.value(configId(size_t(s.best)));
    else
      w.null();
    w.key("best_ms");
    if (s.best >= 0 || s.cached)
      w.value(s.cached ? s.cachedEntry.medianMs : s.bestMs);
    else
      w.null();
    w.key("results").beginArray();
    for (size_t c = 0; c < s.configs.size(); ++c) {
      const ConfigResult &cr = s.configs[c];
      w.beginObject();
      w.key("config").value(configId(c));
      w.key("status").value(statusName(cr.status));
      w.key("error");
      if (cr.error.empty())
        w.null();
      else
        w.value(cr.error);
      if (cr.hasCost)
        w.key("cost").value(cr.cost);
      if (cr.compileSeconds > 0)
        w.key("compile_s").value(cr.compileSeconds);
      if (cr.status == Status::Ok) {
        w.fields(cr, tt::runtime::kTimingFields);
        w.key("reps").value(cr.reps);
      }
      w.endObject();
    }
    w.endArray();
    w.endObject();
  }
  w.endArray();
  w.endObject();
  return w.str() + "\n";
}

bool tt::tune::resultsFromJson(const std::string &text, TuneResults &r,
                               std::string &err) {
  r = TuneResults();
  return readJson(text, err, [&](YAML::Node root) {
    if (!checkHeader(root, "results", kResultsFormat,
                     "tt-tune results file (--report-json)", err))
      return false;
    r.file = str(root["file"]);
    readFields(root, r, kKernelFields);
    readFields(root, r, kTargetDevice);
    r.shardIndex = std::atoi(str(root["shard"]["index"]).c_str());
    r.shardCount = std::atoi(str(root["shard"]["count"]).c_str());
    r.date = str(root["date"]);
    r.seconds = num(root["seconds"]);
    if (r.shardCount < 1 || r.shardIndex < 0 || r.shardIndex >= r.shardCount) {
      err = "bad shard " + std::to_string(r.shardIndex) + "/" +
            std::to_string(r.shardCount);
      return false;
    }
    for (const YAML::Node &c : root["configs"]) {
      Config cfg;
      for (const auto &nv : nameValues(c["params"]))
        cfg.params.emplace_back(nv.first, ParamValue::fromText(nv.second));
      if (configIndex(str(c["id"])) != int(r.configs.size())) {
        err = "configs are not numbered c0, c1, ...";
        return false;
      }
      r.configs.push_back(cfg);
    }
    for (const YAML::Node &sn : root["sizes"]) {
      SizeResult s;
      s.sets = nameValues(sn["sets"]);
      s.keyValues = nameValues(sn["key"]);
      s.cacheKey = str(sn["cache_key"]);
      s.cached = str(sn["cached"]) == "true";
      if (s.cached) {
        s.cachedEntry = entryOf(r, s);
        CacheEntry &e = s.cachedEntry;
        e.config = nameValues(sn["cached_config"]);
        e.medianMs = num(sn["cached_ms"]);
        e.date = str(sn["cached_date"]);
        e.configsTimed = int(num(sn["cached_configs_timed"]));
      }
      std::string best = str(sn["best"]);
      s.best = best.empty() || best == "null" ? -1 : configIndex(best);
      s.bestMs = num(sn["best_ms"]);
      s.configs.resize(r.configs.size());
      for (const YAML::Node &cn : sn["results"]) {
        int c = configIndex(str(cn["config"]));
        if (c < 0 || c >= int(r.configs.size())) {
          err = "result for unknown config '" + str(cn["config"]) + "'";
          return false;
        }
        ConfigResult &cr = s.configs[size_t(c)];
        if (!parseStatus(str(cn["status"]), cr.status)) {
          err = "unknown status '" + str(cn["status"]) + "'";
          return false;
        }
        std::string e = str(cn["error"]);
        cr.error = e == "null" ? "" : e;
        if (cn["cost"]) {
          cr.hasCost = true;
          cr.cost = num(cn["cost"]);
        }
        cr.compileSeconds = num(cn["compile_s"]);
        readFields(cn, cr, tt::runtime::kTimingFields);
        cr.reps = int(num(cn["reps"]));
      }
      r.sizes.push_back(s);
    }
    return true;
  });
}

//===----------------------------------------------------------------------===//
// CSV
//===----------------------------------------------------------------------===//

namespace {

std::string csvField(const std::string &s) {
  if (s.find_first_of(",\"\n\r") == std::string::npos)
    return s;
  std::string q = "\"";
  for (char c : s)
    q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

std::string fmt(double v, const char *f = "%.6g") {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

} // namespace

std::string tt::tune::resultsToCsv(const TuneResults &r) {
  std::vector<std::string> names;
  for (const Config &c : r.configs)
    for (const auto &p : c.params)
      if (std::find(names.begin(), names.end(), p.first) == names.end())
        names.push_back(p.first);
  std::string out = "size,key,config";
  for (const std::string &n : names)
    out += "," + csvField(n);
  out += ",status,median_ms,p20_ms,p80_ms,min_ms,max_ms,mean_ms,reps,cost,"
         "compile_s,best,error\n";
  for (size_t si = 0; si < r.sizes.size(); ++si) {
    const SizeResult &s = r.sizes[si];
    for (size_t c = 0; c < s.configs.size(); ++c) {
      const ConfigResult &cr = s.configs[c];
      out += std::to_string(si) + "," + csvField(s.label()) + ",c" +
             std::to_string(c);
      for (const std::string &n : names) {
        const ParamValue *v = r.configs[c].find(n);
        out += "," + (v ? csvField(v->text) : std::string());
      }
      out += std::string(",") + statusName(cr.status);
      if (cr.status == Status::Ok)
        out += "," + fmt(cr.medianMs) + "," + fmt(cr.p20Ms) + "," +
               fmt(cr.p80Ms) + "," + fmt(cr.minMs) + "," + fmt(cr.maxMs) + "," +
               fmt(cr.meanMs) + "," + std::to_string(cr.reps);
      else
        out += ",,,,,,,";
      out += "," + (cr.hasCost ? fmt(cr.cost) : std::string());
      out += "," + (cr.compileSeconds > 0 ? fmt(cr.compileSeconds, "%.3f")
                                          : std::string());
      out += std::string(",") + (int(c) == s.best ? "1" : "0");
      out += "," + csvField(cr.error) + "\n";
    }
  }
  return out;
}

//===----------------------------------------------------------------------===//
// SVG
//===----------------------------------------------------------------------===//

namespace {

std::string xml(const std::string &s) {
  std::string o;
  for (char c : s) {
    switch (c) {
    case '<':
      o += "&lt;";
      break;
    case '>':
      o += "&gt;";
      break;
    case '&':
      o += "&amp;";
      break;
    case '"':
      o += "&quot;";
      break;
    default:
      o += c;
    }
  }
  return o;
}

/// Tick spacing of 1, 2 or 5 times a power of ten giving about `n` ticks.
double niceStep(double range, int n) {
  double raw = range / n;
  double p = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * p >= raw)
      return m * p;
  return 10 * p;
}

} // namespace

std::string tt::tune::resultsToSvg(const TuneResults &r) {
  size_t n = std::max<size_t>(1, r.configs.size());
  double slot = std::clamp(600.0 / double(n), 3.0, 64.0);
  const double left = 78, right = 24, plotH = 170, panelH = 290;
  double plotW = slot * double(n);
  double width = std::max(720.0, left + plotW + right);
  double height = 36 + panelH * double(std::max<size_t>(1, r.sizes.size()));
  std::string o;
  char buf[128];
  // printf into `o`, whatever the length (a polyline of many configs is long).
  auto add = [&](const char *f, auto... args) {
    int n = std::snprintf(nullptr, 0, f, args...);
    std::string s(size_t(n) + 1, '\0');
    std::snprintf(s.data(), s.size(), f, args...);
    s.pop_back();
    o += s;
  };
  add("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" "
      "height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
      "font-family=\"sans-serif\" font-size=\"11\">\n",
      width, height, width, height);
  o += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  add("<text x=\"12\" y=\"22\" font-size=\"15\" font-weight=\"bold\">%s",
      xml("tt-tune: " + r.kernel + " on " + r.device).c_str());
  o += "</text>\n";

  for (size_t si = 0; si < r.sizes.size(); ++si) {
    const SizeResult &s = r.sizes[si];
    double top = 36 + panelH * double(si);
    double y0 = top + 44, yBase = y0 + plotH;
    std::string title = s.label();
    if (s.cached) {
      std::string cfg;
      for (const auto &p : s.cachedEntry.config)
        cfg += (cfg.empty() ? "" : " ") + p.first + "=" + p.second;
      title += ": from the cache, " + cfg + " (" + fmt(s.cachedEntry.medianMs) +
               " ms)";
    } else if (s.best >= 0) {
      title += ": best c" + std::to_string(s.best) + " " +
               r.configs[size_t(s.best)].label() + " (" + fmt(s.bestMs) +
               " ms)";
    } else {
      title += ": no config ran";
    }
    add("<text x=\"12\" y=\"%.1f\" font-size=\"12\" font-weight=\"bold\">%s"
        "</text>\n",
        top + 18, xml(title).c_str());
    int counts[int(Status::Ok) + 1] = {};
    for (const ConfigResult &c : s.configs)
      counts[int(c.status)]++;
    std::string tally;
    for (int k = int(Status::Ok); k >= 0; --k)
      if (counts[k])
        tally += (tally.empty() ? "" : ", ") + std::to_string(counts[k]) + " " +
                 statusName(Status(k));
    add("<text x=\"12\" y=\"%.1f\" fill=\"#555\">%s</text>\n", top + 34,
        xml(tally).c_str());

    double maxMs = 0;
    for (const ConfigResult &c : s.configs)
      if (c.status == Status::Ok)
        maxMs = std::max(maxMs, std::max(c.medianMs, c.p80Ms));
    // Axes and ticks.
    add("<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
        "stroke=\"#333\"/>\n",
        left, y0, left, yBase);
    add("<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
        "stroke=\"#333\"/>\n",
        left, yBase, left + plotW, yBase);
    add("<text x=\"14\" y=\"%.1f\" transform=\"rotate(-90 14 %.1f)\" "
        "text-anchor=\"middle\">median ms</text>\n",
        y0 + plotH / 2, y0 + plotH / 2);
    double scale = 0;
    if (maxMs > 0) {
      double step = niceStep(maxMs * 1.05, 4);
      double top = std::ceil(maxMs * 1.05 / step) * step;
      scale = plotH / top;
      for (double t = 0; t <= top * 1.0001; t += step) {
        double y = yBase - t * scale;
        add("<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
            "stroke=\"#e4e4e4\"/>\n",
            left + 1, y, left + plotW, y);
        add("<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
            left - 4, y + 4, fmt(t, "%.4g").c_str());
      }
    }
    // Bars, whiskers and markers.
    std::string bestLine;
    double bestSoFar = 0;
    for (size_t c = 0; c < s.configs.size(); ++c) {
      const ConfigResult &cr = s.configs[c];
      double x = left + slot * double(c);
      std::string tip = "c" + std::to_string(c) + " " + r.configs[c].label();
      if (cr.status == Status::Ok && scale > 0) {
        double h = cr.medianMs * scale;
        bool win = int(c) == s.best;
        tip += ": " + fmt(cr.medianMs) + " ms (p20 " + fmt(cr.p20Ms) +
               ", p80 " + fmt(cr.p80Ms) + ")";
        add("<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
            "fill=\"%s\"><title>%s</title></rect>\n",
            x + slot * 0.12, yBase - h, slot * 0.76, h,
            win ? "#2e8b57" : "#7aa6d8", xml(tip).c_str());
        if (cr.p80Ms > cr.p20Ms)
          add("<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
              "stroke=\"#333\" stroke-width=\"1\"/>\n",
              x + slot / 2, yBase - cr.p80Ms * scale, x + slot / 2,
              yBase - cr.p20Ms * scale);
        if (bestLine.empty() || cr.medianMs < bestSoFar)
          bestSoFar = cr.medianMs;
        std::snprintf(buf, sizeof buf, "%s%.1f,%.1f %.1f,%.1f",
                      bestLine.empty() ? "" : " ", x, yBase - bestSoFar * scale,
                      x + slot, yBase - bestSoFar * scale);
        bestLine += buf;
      } else if (cr.status == Status::CompileFailed ||
                 cr.status == Status::CheckFailed ||
                 cr.status == Status::Failed) {
        tip += ": " + std::string(statusName(cr.status)) +
               (cr.error.empty() ? "" : ": " + cr.error);
        add("<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" "
            "fill=\"#c0392b\" font-weight=\"bold\">&#215;<title>%s</title>"
            "</text>\n",
            x + slot / 2, yBase + 13, xml(tip).c_str());
      } else if (cr.status == Status::Pruned) {
        tip += ": pruned" + (cr.error.empty() ? "" : " (" + cr.error + ")");
        add("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"1.8\" fill=\"#999\">"
            "<title>%s</title></circle>\n",
            x + slot / 2, yBase + 9, xml(tip).c_str());
      }
    }
    if (!bestLine.empty())
      add("<polyline points=\"%s\" fill=\"none\" stroke=\"#e67e22\" "
          "stroke-width=\"1.5\"/>\n",
          bestLine.c_str());
    // Config ids along the axis, as many as fit.
    size_t every = size_t(std::ceil(26.0 / slot));
    for (size_t c = 0; c < s.configs.size(); c += every)
      add("<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" "
          "fill=\"#555\">c%zu</text>\n",
          left + slot * (double(c) + 0.5), yBase + 27, c);
    // Legend.
    double lx = left, ly = yBase + 46;
    add("<rect x=\"%.1f\" y=\"%.1f\" width=\"10\" height=\"10\" "
        "fill=\"#7aa6d8\"/><text x=\"%.1f\" y=\"%.1f\">median (p20-p80)"
        "</text>\n",
        lx, ly - 9, lx + 14, ly);
    add("<rect x=\"%.1f\" y=\"%.1f\" width=\"10\" height=\"10\" "
        "fill=\"#2e8b57\"/><text x=\"%.1f\" y=\"%.1f\">winner</text>\n",
        lx + 130, ly - 9, lx + 144, ly);
    add("<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
        "stroke=\"#e67e22\" stroke-width=\"1.5\"/><text x=\"%.1f\" "
        "y=\"%.1f\">best so far</text>\n",
        lx + 200, ly - 4, lx + 214, ly - 4, lx + 218, ly);
    add("<text x=\"%.1f\" y=\"%.1f\" fill=\"#c0392b\" "
        "font-weight=\"bold\">&#215;</text><text x=\"%.1f\" y=\"%.1f\">"
        "failed</text>\n",
        lx + 296, ly, lx + 308, ly);
    add("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"1.8\" fill=\"#999\"/><text "
        "x=\"%.1f\" y=\"%.1f\">pruned</text>\n",
        lx + 360, ly - 4, lx + 368, ly);
  }
  o += "</svg>\n";
  return o;
}

//===----------------------------------------------------------------------===//
// Merging shards
//===----------------------------------------------------------------------===//

bool tt::tune::mergeResults(const std::vector<TuneResults> &shards,
                            TuneResults &out, std::vector<int> &missing,
                            std::string &err) {
  if (shards.empty()) {
    err = "nothing to merge";
    return false;
  }
  const TuneResults &first = shards[0];
  out = first;
  int count = first.shardCount;
  std::set<int> seen;
  auto sameConfigs = [](const TuneResults &a, const TuneResults &b) {
    if (a.configs.size() != b.configs.size())
      return false;
    for (size_t i = 0; i < a.configs.size(); ++i)
      if (a.configs[i].label() != b.configs[i].label())
        return false;
    return true;
  };
  out.seconds = 0;
  for (size_t k = 0; k < shards.size(); ++k) {
    const TuneResults &s = shards[k];
    std::string which = "shard " + std::to_string(s.shardIndex) + "/" +
                        std::to_string(s.shardCount);
    if (s.shardCount != count) {
      err = which + " belongs to a run split " + std::to_string(s.shardCount) +
            " ways, not " + std::to_string(count);
      return false;
    }
    if (!seen.insert(s.shardIndex).second) {
      err = which + " is given twice";
      return false;
    }
    const char *what = s.kernelHash != first.kernelHash       ? "kernel"
                       : s.optionsHash != first.optionsHash   ? "options"
                       : s.device != first.device             ? "device"
                       : !sameConfigs(s, first)               ? "configs"
                       : s.sizes.size() != first.sizes.size() ? "sizes"
                                                              : nullptr;
    if (!what) {
      for (size_t z = 0; z < s.sizes.size() && !what; ++z)
        if (s.sizes[z].cacheKey != first.sizes[z].cacheKey)
          what = "sizes";
    }
    if (what) {
      err = which + " differs from shard " + std::to_string(first.shardIndex) +
            " in its " + what + ": the shards are not of one tuning run";
      return false;
    }
    out.seconds = std::max(out.seconds, s.seconds);
    if (k == 0)
      continue;
    for (size_t z = 0; z < s.sizes.size(); ++z) {
      SizeResult &dst = out.sizes[z];
      const SizeResult &src = s.sizes[z];
      if (src.cached && !dst.cached) {
        dst.cached = true;
        dst.cachedEntry = src.cachedEntry;
      }
      for (size_t c = 0; c < src.configs.size(); ++c) {
        Status d = dst.configs[c].status, n = src.configs[c].status;
        if (d == Status::OtherShard ||
            (d == Status::NotRun && n != Status::OtherShard))
          dst.configs[c] = src.configs[c];
      }
    }
  }
  for (int i = 0; i < count; ++i)
    if (!seen.count(i))
      missing.push_back(i);
  out.shardIndex = 0;
  out.shardCount = 1;
  if (!missing.empty())
    out.shardCount = count; // still partial
  chooseWinners(out);
  return true;
}
