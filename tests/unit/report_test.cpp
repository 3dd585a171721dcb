#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "caqa/report.h"
#include "caqa/version.h"
#include "test_support.h"

TEST(Report, JsonIsDeterministicAndCarriesTheSignature) {
  caqa::ScoreRequest o;
  o.bootstrap.resamples = 200;
  auto a = caqa::test::score_texts(caqa::test::edge_gold(), caqa::test::edge_predictions(), o);
  auto b = caqa::test::score_texts(caqa::test::edge_gold(), caqa::test::edge_predictions(), o);
  std::string text = caqa::report_json(a.report);
  EXPECT_EQ(text, caqa::report_json(b.report));
  auto j = nlohmann::json::parse(text);
  EXPECT_EQ(
      j["signature"],
      "caqa-score:1|split:all|n:18|missing:wrong|dup:error|extract:lenient|mode:four-way|boot:200|seed:13|level:0.95|"
      "version:" +
          std::string(caqa::kVersion));
  EXPECT_TRUE(j["date"].is_null()) << "no date unless the front end gives one";
  EXPECT_EQ(j["gold_sha256"], "sha");
  EXPECT_EQ(j["confusion_matrix"]["columns"].size(), 6u);
  EXPECT_EQ(j["micro_f1_ci"]["level"], 0.95);
  EXPECT_LE(j["micro_f1_ci"]["low"].get<double>(), j["micro_f1_ci"]["high"].get<double>());
  EXPECT_FALSE(j.contains("micro_f1_ci95"));
}

// Issue 12: --level 0.9 printed "95% CI" and wrote *_ci95 keys.
TEST(Report, TheIntervalsSayTheirLevel) {
  caqa::ScoreRequest o;
  o.bootstrap = {200, 13, 0.9};
  auto s = caqa::test::score_texts(caqa::test::edge_gold(), caqa::test::edge_predictions(), o);
  auto j = nlohmann::json::parse(caqa::report_json(s.report));
  EXPECT_EQ(j["micro_f1_ci"]["level"], 0.9);
  EXPECT_EQ(j["per_label"]["supportive"]["f1_ci"]["level"], 0.9);
  std::string table = caqa::render_table({s.report});
  EXPECT_NE(table.find("90% CI"), std::string::npos);
  EXPECT_EQ(table.find("95%"), std::string::npos);
}

TEST(Report, UndefinedValuesAreNullInJsonAndDashInTables) {
  caqa::ScoreRequest o;
  o.bootstrap.resamples = 0;
  auto s = caqa::test::score_texts(caqa::test::gold_line("a", "supportive", "single"),
                                   "{\"id\":\"a\",\"label\":\"supportive\"}\n", o);
  auto j = nlohmann::json::parse(caqa::report_json(s.report));
  EXPECT_TRUE(j["per_complexity"]["union"]["micro_f1"].is_null());
  EXPECT_EQ(caqa::format_metric(std::nan("")), "-");
  EXPECT_NE(caqa::render_table({s.report}).find("1.000"), std::string::npos);
}

TEST(Report, SeveralFilesGiveOneRowEach) {
  caqa::ScoreRequest o;
  o.bootstrap.resamples = 0;
  auto s = caqa::test::score_texts(caqa::test::edge_gold(), caqa::test::edge_predictions(), o);
  std::string md = caqa::render_markdown({s.report, s.report});
  std::size_t rows = 0;
  for (std::size_t at = md.find("\n| pred |"); at != std::string::npos; at = md.find("\n| pred |", at + 1)) ++rows;
  EXPECT_EQ(rows, 2u);
}

// Issue 12: compare --bootstrap 0 printed a CI and p = 1.0 from zero resamples, and always
// tested at the 0.05 level.
TEST(Report, CompareSaysOnlyWhatItComputed) {
  caqa::ScoreRequest o;
  o.bootstrap.resamples = 0;
  auto s = caqa::test::score_texts(caqa::test::edge_gold(), caqa::test::edge_predictions(), o);
  caqa::CompareReport r{"a", "b", s.report, s.report, {}, {}, "sig"};
  auto j = nlohmann::json::parse(caqa::compare_json(r));
  EXPECT_TRUE(j["difference_ci"].is_null());
  EXPECT_TRUE(j["p_paired_bootstrap"].is_null());
  EXPECT_TRUE(j["p_approximate_randomization"].is_null());
  std::string text = caqa::render_compare(r);
  EXPECT_EQ(text.find("CI ["), std::string::npos);
  EXPECT_EQ(text.find("significant"), std::string::npos);
  EXPECT_NE(text.find("no CI and no p-value"), std::string::npos);

  r.a.options.bootstrap = {100, 13, 0.9};
  r.result.p_randomization = 0.07;
  text = caqa::render_compare(r);
  EXPECT_NE(text.find("90% CI ["), std::string::npos);
  EXPECT_NE(text.find("is significant at the 0.1 level"), std::string::npos);
  EXPECT_EQ(nlohmann::json::parse(caqa::compare_json(r))["difference_ci"]["level"], 0.9);
}
