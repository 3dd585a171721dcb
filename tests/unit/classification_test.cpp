// Values checked by hand in ../shared/tools/ORACLE.md ("Edge fixture").
#include <gtest/gtest.h>

#include <cmath>

#include "test_support.h"

using caqa::ExtractMode;

namespace {
caqa::ScoreRequest strict_options() {
  caqa::ScoreRequest o;
  o.extract = ExtractMode::Strict;  // the oracle reads "Supportive" as invalid
  o.bootstrap.resamples = 0;
  return o;
}
}  // namespace

TEST(Classification, EdgeFixtureAsWrong) {
  auto s = caqa::test::score_texts(caqa::test::edge_gold(), caqa::test::edge_predictions(), strict_options());
  const auto& c = s.report.classification;
  EXPECT_EQ(c.n, 18u);
  EXPECT_DOUBLE_EQ(c.value("micro_f1"), 8.0 / 18);
  EXPECT_NEAR(c.value("macro_f1"), (4.0 / 6 + 8.0 / 11) / 4, 1e-15);
  EXPECT_NEAR(c.value("weighted_f1"), (6 * 4.0 / 6 + 5 * 8.0 / 11) / 18, 1e-15);
  EXPECT_NEAR(c.per_label[0].f1, 4.0 / 6, 1e-15);
  EXPECT_NEAR(c.per_label[1].f1, 8.0 / 11, 1e-15);
  EXPECT_EQ(c.per_label[2].f1, 0);         // absent from gold
  EXPECT_EQ(c.per_label[3].precision, 0);  // never predicted: 0/0 -> 0
  EXPECT_NEAR(c.micro_over_labels.f1, 16.0 / 33, 1e-15);
  EXPECT_NEAR(c.complexity_micro_f1[0], 4.0 / 7, 1e-15);
  EXPECT_NEAR(c.complexity_micro_f1[1], 1.0 / 3, 1e-15);
  EXPECT_EQ(c.complexity_micro_f1[2], 0);
  EXPECT_NEAR(c.complexity_micro_f1[3], 3.0 / 5, 1e-15);
  auto cells = s.report.confusion.overall();
  std::array<std::array<std::uint64_t, 4>, 4> four{};
  std::array<std::uint64_t, 4> sentinel{};
  for (int g = 0; g < 4; ++g) {
    for (int p = 0; p < 4; ++p) four[g][p] = cells[g][p];
    sentinel[g] = cells[g][4] + cells[g][5];
  }
  EXPECT_EQ(four,
            (std::array<std::array<std::uint64_t, 4>, 4>{{{4, 0, 0, 0}, {1, 4, 0, 0}, {0, 0, 0, 0}, {1, 2, 3, 0}}}));
  EXPECT_EQ(sentinel, (std::array<std::uint64_t, 4>{2, 0, 0, 1}));
  EXPECT_NEAR(s.report.binary->supportive.f1, 4.0 / 6, 1e-15);
}

TEST(Classification, LenientReadsCapitalisedLabel) {
  auto o = strict_options();
  o.extract = ExtractMode::Lenient;
  auto s = caqa::test::score_texts(caqa::test::edge_gold(), caqa::test::edge_predictions(), o);
  EXPECT_EQ(s.report.counts.invalid_label, 0u);
  EXPECT_EQ(s.report.classification.correct, 8u);  // e07 is gold irrelevant: still wrong, now as supportive
  EXPECT_EQ(s.report.classification.per_label[0].predicted, 7u);
}

TEST(Classification, IgnoreMissingDropsOnlyAbsentPredictions) {
  auto o = strict_options();
  o.ignore_missing = true;
  auto s = caqa::test::score_texts(caqa::test::edge_gold(), caqa::test::edge_predictions(), o);
  // Two absent predictions dropped; the invalid label stays a wrong answer.
  EXPECT_EQ(s.report.classification.n, 16u);
  EXPECT_DOUBLE_EQ(s.report.classification.value("micro_f1"), 8.0 / 16);
}

TEST(Classification, DuplicatePolicies) {
  std::string predictions = caqa::test::edge_predictions();
  predictions += "{\"id\":\"e01\",\"label\":\"irrelevant\"}\n";
  auto o = strict_options();
  o.duplicates = caqa::DuplicatePolicy::First;
  EXPECT_EQ(caqa::test::score_texts(caqa::test::edge_gold(), predictions, o).report.classification.correct, 8u);
  o.duplicates = caqa::DuplicatePolicy::Last;
  EXPECT_EQ(caqa::test::score_texts(caqa::test::edge_gold(), predictions, o).report.classification.correct, 7u);
}

TEST(Classification, EmptyComplexityLevelIsUndefined) {
  auto s = caqa::test::score_texts(caqa::test::gold_line("a", "supportive", "single"),
                                   "{\"id\":\"a\",\"label\":\"supportive\"}\n", strict_options());
  EXPECT_TRUE(std::isnan(s.report.classification.complexity_micro_f1[1]));
  EXPECT_EQ(s.report.classification.value("micro_f1"), 1.0);
}

TEST(Classification, BinaryCountsMissingAsRest) {
  auto s = caqa::test::score_texts(caqa::test::edge_gold(), caqa::test::edge_predictions(), strict_options());
  const auto& b = *s.report.binary;
  // supportive: TP 4, FP 2 (e02, e11), FN 2; rest: TP 10, FP 2, FN 2
  EXPECT_EQ(b.rest.support, 12u);
  EXPECT_NEAR(b.rest.f1, 20.0 / 24, 1e-15);
  EXPECT_NEAR(b.micro_f1, 14.0 / 18, 1e-15);
}
