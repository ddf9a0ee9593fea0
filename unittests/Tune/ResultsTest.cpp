//===- ResultsTest.cpp - reports, winners and merging shards ----*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Tune/Results.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace tt::tune;

namespace {

/// Four configs, one size; config c's time is `times[c]` (negative: failed).
TuneResults run(std::vector<double> times, int shard = 0, int count = 1) {
  TuneResults r;
  r.file = "add.tune.yaml";
  r.kernel = "add_kernel";
  r.kernelHash = "kh";
  r.optionsHash = "oh";
  r.target = "cpu";
  r.device = "host CPU (2 threads)";
  r.shardIndex = shard;
  r.shardCount = count;
  for (size_t c = 0; c < times.size(); ++c) {
    Config cfg;
    cfg.params.emplace_back("BLOCK", ParamValue::fromText(std::to_string(
                                         c < 10 ? 64 << c : int(c))));
    cfg.params.emplace_back("num_warps", ParamValue::fromText("4"));
    cfg.params.emplace_back("num_stages", ParamValue::fromText("3"));
    r.configs.push_back(cfg);
  }
  SizeResult s;
  s.keyValues = {{"n", "4096"}};
  s.sets = {{"n", "4096"}};
  s.cacheKey = cacheKey(r.kernelHash, r.optionsHash, r.device, s.keyValues);
  for (size_t c = 0; c < times.size(); ++c) {
    ConfigResult cr;
    if (int(c % size_t(count)) != shard) {
      cr.status = Status::OtherShard;
    } else if (times[c] < 0) {
      cr.status = Status::CompileFailed;
      cr.error = "k.ttir.in:3:5: error: bad, \"quoted\"";
    } else {
      cr.status = Status::Ok;
      cr.medianMs = cr.p20Ms = cr.p80Ms = cr.minMs = cr.maxMs = cr.meanMs =
          times[c];
      cr.reps = 10;
    }
    s.configs.push_back(cr);
  }
  r.sizes.push_back(s);
  chooseWinners(r);
  return r;
}

} // namespace

TEST(Results, Winner) {
  TuneResults r = run({0.5, 0.25, -1, 0.3});
  EXPECT_EQ(r.sizes[0].best, 1);
  EXPECT_DOUBLE_EQ(r.sizes[0].bestMs, 0.25);
  CacheEntry e = winnerEntry(r, 0);
  EXPECT_EQ(e.key, r.sizes[0].cacheKey);
  EXPECT_EQ(e.config[0],
            std::make_pair(std::string("BLOCK"), std::string("128")));
  EXPECT_EQ(e.configsTimed, 3);
  TuneResults none = run({-1, -1});
  EXPECT_EQ(none.sizes[0].best, -1);
}

TEST(Results, JsonRoundTrip) {
  TuneResults r = run({0.5, 0.25, -1, 0.3});
  r.sizes[0].configs[3].hasCost = true;
  r.sizes[0].configs[3].cost = 7;
  TuneResults back;
  std::string err;
  ASSERT_TRUE(resultsFromJson(resultsToJson(r), back, err)) << err;
  EXPECT_EQ(back.kernelHash, "kh");
  ASSERT_EQ(back.configs.size(), 4u);
  EXPECT_EQ(back.configs[2].label(), "BLOCK=256 num_warps=4 num_stages=3");
  ASSERT_EQ(back.sizes.size(), 1u);
  EXPECT_EQ(back.sizes[0].best, 1);
  EXPECT_EQ(back.sizes[0].configs[2].status, Status::CompileFailed);
  EXPECT_EQ(back.sizes[0].configs[2].error, r.sizes[0].configs[2].error);
  EXPECT_TRUE(back.sizes[0].configs[3].hasCost);
  EXPECT_DOUBLE_EQ(back.sizes[0].configs[3].cost, 7);
  EXPECT_DOUBLE_EQ(back.sizes[0].configs[0].medianMs, 0.5);
  EXPECT_FALSE(resultsFromJson("{\"tool\": \"tt-tune\", \"kind\": \"cache\"}",
                               back, err));
}

TEST(Results, MergeShards) {
  std::vector<double> times = {0.5, 0.25, -1, 0.2, 0.9};
  TuneResults a = run(times, 0, 2), b = run(times, 1, 2);
  EXPECT_EQ(a.sizes[0].best, 0); // c0 is the best of shard 0's c0, c2, c4
  EXPECT_EQ(b.sizes[0].best, 3);
  TuneResults m;
  std::vector<int> missing;
  std::string err;
  ASSERT_TRUE(mergeResults({b, a}, m, missing, err)) << err;
  EXPECT_TRUE(missing.empty());
  EXPECT_EQ(m.shardCount, 1);
  EXPECT_EQ(m.sizes[0].best, 3);
  for (const ConfigResult &c : m.sizes[0].configs)
    EXPECT_NE(c.status, Status::OtherShard);

  ASSERT_TRUE(mergeResults({a}, m, missing, err));
  EXPECT_EQ(missing, std::vector<int>{1});

  TuneResults other = b;
  other.kernelHash = "changed";
  EXPECT_FALSE(mergeResults({a, other}, m, missing, err));
  EXPECT_NE(err.find("differs from shard 0 in its kernel"), std::string::npos)
      << err;
  EXPECT_FALSE(mergeResults({a, a}, m, missing, err));
  EXPECT_NE(err.find("given twice"), std::string::npos) << err;
  TuneResults three = run(times, 1, 3);
  EXPECT_FALSE(mergeResults({a, three}, m, missing, err));
}

TEST(Results, Csv) {
  TuneResults r = run({0.5, 0.25, -1});
  std::string csv = resultsToCsv(r);
  std::vector<std::string> lines;
  size_t p = 0, q;
  while ((q = csv.find('\n', p)) != std::string::npos) {
    lines.push_back(csv.substr(p, q - p));
    p = q + 1;
  }
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[0], "size,key,config,BLOCK,num_warps,num_stages,status,"
                      "median_ms,p20_ms,p80_ms,min_ms,max_ms,mean_ms,reps,"
                      "cost,compile_s,best,error");
  EXPECT_EQ(lines[2], "0,n=4096,c1,128,4,3,ok,0.25,0.25,0.25,0.25,0.25,0.25,"
                      "10,,,1,");
  EXPECT_EQ(lines[3], "0,n=4096,c2,256,4,3,compile failed,,,,,,,,,,0,"
                      "\"k.ttir.in:3:5: error: bad, \"\"quoted\"\"\"");
}

TEST(Results, Svg) {
  TuneResults r = run({0.5, 0.25, -1, 0.3});
  std::string svg = resultsToSvg(r);
  EXPECT_EQ(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0u);
  EXPECT_NE(svg.find("</svg>"), std::string::npos);
  // Three timed bars, the winner in its own color, one failure marker.
  size_t bars = 0;
  for (size_t p = 0; (p = svg.find("<rect x=", p)) != std::string::npos; ++p)
    ++bars;
  EXPECT_EQ(bars, 3u + 2u); // + the two legend swatches
  EXPECT_NE(svg.find("fill=\"#2e8b57\"><title>c1 BLOCK=128"),
            std::string::npos);
  EXPECT_NE(svg.find("&#215;<title>c2 BLOCK=256 num_warps=4 num_stages=3: "
                     "compile failed: k.ttir.in:3:5: error: bad, "
                     "&quot;quoted&quot;</title>"),
            std::string::npos);
  EXPECT_NE(svg.find("<polyline"), std::string::npos);
  // Angle brackets of the text are escaped.
  EXPECT_EQ(svg.find("<title>c2 BLOCK=256 num_warps=4 num_stages=3: compile "
                     "failed: k.ttir.in:3:5: error: bad, \""),
            std::string::npos);
}

TEST(Results, SvgOfManyConfigs) {
  std::vector<double> times;
  for (int i = 0; i < 60; ++i)
    times.push_back(1.0 + (i * 37 % 11));
  TuneResults r = run(times);
  std::string svg = resultsToSvg(r);
  size_t p = svg.find("<polyline points=\"");
  ASSERT_NE(p, std::string::npos);
  size_t e = svg.find('"', p + 18);
  ASSERT_NE(e, std::string::npos);
  std::string after = "\" fill=\"none\"";
  EXPECT_EQ(svg.compare(e, after.size(), after), 0);
  std::string points = svg.substr(p + 18, e - p - 18);
  EXPECT_EQ(std::count(points.begin(), points.end(), ','), 120);
  EXPECT_EQ(svg.substr(svg.size() - 7), "</svg>\n");
}
