// Leaderboard ranking: ranks with ties from paired p-values and interval overlap.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "caqa/leaderboard/ranking.h"

namespace caqa::leaderboard {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

RankInput entry(const char* key, double score, double low, double high) { return {key, score, {low, high}}; }

TEST(LeaderboardRanking, NotSignificantMeansTiedAtRankOne) {
  std::vector<RankInput> in{entry("b", 0.50, 0.45, 0.55), entry("a", 0.52, 0.47, 0.57)};
  PairwiseP p(2);
  p.set(0, 1, 0.40);
  auto r = rank_entries(in, p);
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r[0].index, 1u);  // higher score listed first
  EXPECT_EQ(r[0].rank, 1);
  EXPECT_EQ(r[1].rank, 1);
  EXPECT_EQ(r[0].tie_group, 1);
  EXPECT_EQ(r[1].tie_group, 1);
  EXPECT_FALSE(r[0].has_above);
  EXPECT_TRUE(r[1].has_above);
  EXPECT_DOUBLE_EQ(r[1].p_vs_above, 0.40);
  EXPECT_TRUE(r[1].cis_overlap_above);
  EXPECT_FALSE(r[1].beaten_by_above);
}

TEST(LeaderboardRanking, PairedTestBelowAlphaSeparatesOverlappingIntervals) {
  std::vector<RankInput> in{entry("a", 0.60, 0.55, 0.65), entry("b", 0.57, 0.52, 0.62)};
  PairwiseP p(2);
  p.set(0, 1, 0.01);
  auto r = rank_entries(in, p);
  EXPECT_EQ(r[0].rank, 1);
  EXPECT_EQ(r[1].rank, 2);
  EXPECT_TRUE(r[1].cis_overlap_above);
  EXPECT_TRUE(r[1].beaten_by_above);
  EXPECT_EQ(r[1].tie_group, 2);
}

TEST(LeaderboardRanking, AlphaIsStrict) {
  std::vector<RankInput> in{entry("a", 0.60, 0.55, 0.65), entry("b", 0.57, 0.52, 0.62)};
  PairwiseP p(2);
  p.set(0, 1, 0.05);
  auto r = rank_entries(in, p);
  EXPECT_EQ(r[1].rank, 1);
}

TEST(LeaderboardRanking, DisjointIntervalsWinWithoutPairedTest) {
  std::vector<RankInput> in{entry("a", 0.80, 0.75, 0.85), entry("b", 0.50, 0.45, 0.55)};
  PairwiseP p(2);  // NaN: no paired test
  auto r = rank_entries(in, p);
  EXPECT_EQ(r[1].rank, 2);
  EXPECT_FALSE(r[1].cis_overlap_above);
  EXPECT_TRUE(std::isnan(r[1].p_vs_above));
  // Touching intervals overlap.
  in[0].ci.low = 0.55;
  r = rank_entries(in, p);
  EXPECT_EQ(r[1].rank, 1);
  EXPECT_TRUE(r[1].cis_overlap_above);
}

TEST(LeaderboardRanking, NonTransitiveTiesCountEveryBetterEntry) {
  // a ~ b, b ~ c, but a beats c: c gets rank 2, b stays tied with a.
  std::vector<RankInput> in{entry("a", 0.70, 0.64, 0.76), entry("b", 0.66, 0.60, 0.72), entry("c", 0.62, 0.56, 0.68)};
  PairwiseP p(3);
  p.set(0, 1, 0.20);
  p.set(1, 2, 0.20);
  p.set(0, 2, 0.001);
  auto r = rank_entries(in, p);
  EXPECT_EQ(r[0].rank, 1);
  EXPECT_EQ(r[1].rank, 1);
  EXPECT_EQ(r[2].rank, 2);
  EXPECT_EQ(r[2].beaten_by, 1u);
  // Adjacent pairs are not significant: one tie group.
  EXPECT_EQ(r[2].tie_group, 1);
}

TEST(LeaderboardRanking, GroupsAndRanksOverFourEntries) {
  std::vector<RankInput> in{entry("d", 0.30, 0.25, 0.35), entry("c", 0.31, 0.26, 0.36), entry("b", 0.60, 0.55, 0.65),
                            entry("a", 0.61, 0.56, 0.66)};
  PairwiseP p(4);
  for (std::size_t i = 0; i < 4; ++i)
    for (std::size_t j = i + 1; j < 4; ++j) p.set(i, j, 0.5);
  auto r = rank_entries(in, p);
  std::vector<std::string> keys;
  for (const auto& e : r) keys.push_back(in[e.index].key);
  EXPECT_EQ(keys, (std::vector<std::string>{"a", "b", "c", "d"}));
  EXPECT_EQ(r[0].rank, 1);
  EXPECT_EQ(r[1].rank, 1);
  EXPECT_EQ(r[2].rank, 3);  // beaten by a and b (disjoint intervals)
  EXPECT_EQ(r[3].rank, 3);
  EXPECT_EQ(r[0].tie_group, 1);
  EXPECT_EQ(r[1].tie_group, 1);
  EXPECT_EQ(r[2].tie_group, 2);
  EXPECT_EQ(r[3].tie_group, 2);
}

TEST(LeaderboardRanking, EqualScoresNeverBeatEachOtherAndSortByKey) {
  std::vector<RankInput> in{entry("z", 0.5, 0.5, 0.5), entry("y", 0.5, 0.5, 0.5)};
  PairwiseP p(2);
  p.set(0, 1, 0.0);
  auto r = rank_entries(in, p);
  EXPECT_EQ(in[r[0].index].key, "y");
  EXPECT_EQ(r[0].rank, 1);
  EXPECT_EQ(r[1].rank, 1);
  EXPECT_FALSE(beats(in[0], in[1], 0.0));
}

TEST(LeaderboardRanking, EmptyInput) {
  EXPECT_TRUE(rank_entries({}, PairwiseP(0)).empty());
}

}  // namespace
}  // namespace caqa::leaderboard
