#include <gtest/gtest.h>

#include "caqa/metrics/paired.h"

namespace {
caqa::PairedCounts counts(std::uint64_t both_right, std::uint64_t only_a, std::uint64_t only_b,
                          std::uint64_t both_wrong) {
  caqa::PairedCounts c(4);
  auto at = [&](int a, int b) -> std::uint64_t& { return c.joint[static_cast<std::size_t>(a) * 6 + b]; };  // gold 0
  at(0, 0) = both_right;
  at(0, 2) = only_a;
  at(2, 0) = only_b;
  at(2, 2) = both_wrong;
  return c;
}
}  // namespace

TEST(Paired, IdenticalEvaluatorsDoNotDiffer) {
  auto r = caqa::compare_paired(counts(700, 0, 0, 300), {}, {1000, 13, 0.95});
  EXPECT_EQ(r.difference, 0);
  EXPECT_EQ(r.p_bootstrap, 1);
  EXPECT_EQ(r.p_randomization, 1);
}

TEST(Paired, ClearWinnerIsSignificant) {
  auto r = caqa::compare_paired(counts(600, 150, 30, 220), {}, {2000, 13, 0.95});
  EXPECT_NEAR(r.difference, 0.12, 1e-12);
  EXPECT_GT(r.difference_ci.low, 0);
  EXPECT_LT(r.p_bootstrap, 0.01);
  EXPECT_LT(r.p_randomization, 0.01);
}

TEST(Paired, SmallDifferenceIsNot) {
  // McNemar-like: 52 vs 48 discordant samples, p about 0.76.
  auto r = caqa::compare_paired(counts(600, 52, 48, 300), {}, {4000, 13, 0.95});
  EXPECT_LT(r.difference_ci.low, 0);
  EXPECT_GT(r.p_bootstrap, 0.3);
  EXPECT_GT(r.p_randomization, 0.3);
}

TEST(Paired, MetricNames) {
  const auto& caqa4 = caqa::caqa_scheme();
  EXPECT_EQ(caqa::parse_compare_metric("f1:contradictory", caqa4)->name(caqa4), "f1:contradictory");
  EXPECT_EQ(caqa::parse_compare_metric("macro_f1", caqa4)->measure, caqa::measure_index("macro_f1"));
  EXPECT_EQ(caqa::parse_compare_metric("macro_recall", caqa4)->name(caqa4), "macro_recall");
  EXPECT_FALSE(caqa::parse_compare_metric("f1:Supportive", caqa4));
  const auto& attrscore = *caqa::find_label_scheme("attrscore");
  EXPECT_EQ(caqa::parse_compare_metric("f1:extrapolatory", attrscore)->label, 1);
}
