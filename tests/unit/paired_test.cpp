#include <gtest/gtest.h>

#include "caqa/metrics/paired.h"

namespace {
caqa::PairedCounts counts(std::uint64_t both_right, std::uint64_t only_a, std::uint64_t only_b, std::uint64_t both_wrong) {
  caqa::PairedCounts c;
  c.joint[0][0][0] = both_right;
  c.joint[0][0][2] = only_a;
  c.joint[0][2][0] = only_b;
  c.joint[0][2][2] = both_wrong;
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
  EXPECT_EQ(caqa::parse_compare_metric("f1:contradictory")->name(), "f1:contradictory");
  EXPECT_EQ(caqa::parse_compare_metric("macro_f1")->kind, caqa::CompareMetric::Kind::MacroF1);
  EXPECT_FALSE(caqa::parse_compare_metric("f1:Supportive"));
}
