#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "caqa/report.h"
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
      "caqa-score:1|split:all|n:18|missing:wrong|dup:error|extract:lenient|mode:four-way|boot:200|seed:13|level:0.95");
  EXPECT_EQ(j["gold_sha256"], "sha");
  EXPECT_EQ(j["confusion_matrix"]["columns"].size(), 6u);
  EXPECT_EQ(j["micro_f1_ci95"].size(), 2u);
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
