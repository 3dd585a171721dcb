// The meta-evaluation metrics against brute-force O(n^2) definitions on random data,
// and NDCG against a hand-computed example.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "caqa/meta/meta_report.h"

namespace {

using caqa::SupportLevel;

struct Data {
  std::vector<double> scores;
  std::vector<SupportLevel> levels;
};

// Scores on a coarse grid, so that ties in score happen often.
Data random_pairs(int n, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_int_distribution<int> level(0, 2), grid(0, 9);
  Data d;
  for (int i = 0; i < n; ++i) {
    int l = level(gen);
    d.levels.push_back(static_cast<SupportLevel>(l));
    d.scores.push_back((grid(gen) + 3 * l) / 10.0);
  }
  return d;
}

int sign(double x) { return (x > 0) - (x < 0); }

}  // namespace

TEST(MetaRank, KendallTauBMatchesPairCounting) {
  for (unsigned seed : {1u, 2u, 3u}) {
    Data d = random_pairs(300, seed);
    double concordant_minus_discordant = 0, tied_x = 0, tied_y = 0, pairs = 0;
    for (std::size_t i = 0; i < d.scores.size(); ++i)
      for (std::size_t j = i + 1; j < d.scores.size(); ++j) {
        int sx = sign(d.scores[i] - d.scores[j]), sy = sign(level_value(d.levels[i]) - level_value(d.levels[j]));
        concordant_minus_discordant += sx * sy;
        tied_x += sx == 0;
        tied_y += sy == 0;
        pairs += 1;
      }
    double want = concordant_minus_discordant / std::sqrt((pairs - tied_x) * (pairs - tied_y));
    auto got = caqa::correlations(caqa::score_cells(d.scores, d.levels));
    EXPECT_NEAR(got.kendall_tau_b, want, 1e-12) << seed;
  }
}

TEST(MetaRank, AucCountsTiesAsHalf) {
  Data d = random_pairs(400, 7);
  auto auc = caqa::one_vs_one_auc(caqa::score_cells(d.scores, d.levels));
  for (std::size_t p = 0; p < 3; ++p) {
    int pos = level_value(caqa::OneVsOneAuc::kPairs[p][0]), neg = level_value(caqa::OneVsOneAuc::kPairs[p][1]);
    double wins = 0, total = 0;
    for (std::size_t i = 0; i < d.scores.size(); ++i)
      for (std::size_t j = 0; j < d.scores.size(); ++j)
        if (level_value(d.levels[i]) == pos && level_value(d.levels[j]) == neg) {
          wins += d.scores[i] > d.scores[j] ? 1 : d.scores[i] == d.scores[j] ? 0.5 : 0;
          total += 1;
        }
    EXPECT_NEAR(auc.auc[p], wins / total, 1e-12) << p;
  }
  EXPECT_EQ(auc.defined, 3);
}

TEST(MetaRank, SpearmanIsPearsonOfAverageRanks) {
  // Scores 0.1 0.5 0.5 0.9 with levels 0 1 2 2: score ranks 1, 2.5, 2.5, 4; level ranks 1, 2, 3.5, 3.5.
  std::vector<double> s{0.1, 0.5, 0.5, 0.9};
  std::vector<SupportLevel> l{SupportLevel::No, SupportLevel::Partial, SupportLevel::Full, SupportLevel::Full};
  auto c = caqa::correlations(caqa::score_cells(s, l));
  // Deviations (-1.5, 0, 0, 1.5) and (-1.5, -0.5, 1, 1): r = 3.75 / sqrt(4.5 * 4.5)
  EXPECT_NEAR(c.spearman, 3.75 / 4.5, 1e-12);
  std::vector<double> constant{0.5, 0.5};
  EXPECT_TRUE(
      std::isnan(caqa::correlations(caqa::score_cells(constant, {SupportLevel::No, SupportLevel::Full})).pearson));
}

TEST(MetaNdcg, TiesShareTheirMeanGain) {
  // One group, scores 0.9 0.9 0.2 with relevance 0 2 1: the tied top block has mean gain 1,
  // so DCG@1 = 1 / log2(2) = 1 whatever the order of the tied items; IDCG@1 = 2.
  caqa::MetaItems items;
  items.scores = {0.9, 0.9, 0.2};
  items.levels = {SupportLevel::No, SupportLevel::Full, SupportLevel::Partial};
  items.groups = {0, 0, 0};
  items.group_names = {"q"};
  auto r = caqa::ndcg(items);
  ASSERT_EQ(r.groups.size(), 1u);
  // @5: DCG = 1/log2(2) + 1/log2(3) + 1/log2(4); IDCG = 2 + 1/log2(3)
  double dcg = 1 + 1 / std::log2(3.0) + 1 / std::log2(4.0), idcg = 2 + 1 / std::log2(3.0);
  EXPECT_NEAR(r.groups[0].ndcg[0], dcg / idcg, 1e-12);
  std::swap(items.levels[0], items.levels[1]);
  EXPECT_NEAR(caqa::ndcg(items).groups[0].ndcg[0], dcg / idcg, 1e-12);  // renaming tied items changes nothing
}

TEST(MetaNdcg, SmallAndIrrelevantGroups) {
  caqa::MetaItems items;
  items.scores = {0.3, 0.5, 0.4};
  items.levels = {SupportLevel::No, SupportLevel::No, SupportLevel::Full};
  items.groups = {0, 0, 1};
  items.group_names = {"all-no", "single"};
  auto r = caqa::ndcg(items);
  EXPECT_EQ(r.skipped_lt2, 1u);
  EXPECT_EQ(r.all_irrelevant, 1u);
  EXPECT_EQ(r.mean[0], 0.0);
}

TEST(MetaPairs, ReadsJsonLinesAndCsvWithDiagnostics) {
  auto read = caqa::read_meta_pairs(
      "{\"id\":\"a\",\"level\":\"FS\",\"score\":0.9,\"group\":\"q1\"}\n"
      "{\"id\":\"b\",\"level\":1,\"score\":0.4,\"group\":\"q1\"}\n"
      "{\"id\":\"c\",\"level\":\"Not supported\",\"score\":null}\n"
      "{\"id\":\"d\",\"level\":\"maybe\",\"score\":0.1}\n");
  EXPECT_EQ(read.items.size(), 2u);
  EXPECT_EQ(read.items.without_score, 1u);
  ASSERT_EQ(read.diagnostics.items.size(), 1u);
  EXPECT_EQ(read.diagnostics.items[0].line, 4u);
  auto csv = caqa::read_meta_pairs("id,level,score,group\na,full,0.9,q\nb,no,0.1,q\n");
  EXPECT_TRUE(csv.diagnostics.items.empty());
  EXPECT_EQ(csv.items.size(), 2u);
  EXPECT_EQ(csv.items.group_by, "group");
}

// ALCE-style 1/0 levels are not silently read as partial/no: refused until --levels says
// which coding is meant; binary reads 1 as full support.
TEST(MetaPairs, BinaryLookingLevelsNeedAStatedCoding) {
  const char* jsonl =
      "{\"id\":\"a\",\"level\":1,\"score\":0.9}\n"
      "{\"id\":\"b\",\"level\":0,\"score\":0.2}\n"
      "{\"id\":\"c\",\"level\":\"1\",\"score\":0.6}\n";
  auto unstated = caqa::read_meta_pairs(jsonl);
  ASSERT_EQ(unstated.diagnostics.items.size(), 1u);
  const auto& d = unstated.diagnostics.items[0];
  EXPECT_EQ(d.code, caqa::ErrorCode::InvalidLabel);
  EXPECT_EQ(d.line, 0u);
  EXPECT_NE(d.message.find("looks binary"), std::string::npos) << d.message;
  EXPECT_NE(d.hint.find("--levels binary"), std::string::npos) << d.hint;

  auto binary = caqa::read_meta_pairs(jsonl, caqa::kDefaultMaxLineBytes, caqa::LevelCoding::Binary);
  EXPECT_TRUE(binary.diagnostics.items.empty());
  ASSERT_EQ(binary.items.size(), 3u);
  EXPECT_EQ(binary.items.levels[0], caqa::SupportLevel::Full);
  EXPECT_EQ(binary.items.levels[1], caqa::SupportLevel::No);
  auto graded = caqa::read_meta_pairs(jsonl, caqa::kDefaultMaxLineBytes, caqa::LevelCoding::Graded);
  EXPECT_TRUE(graded.diagnostics.items.empty());
  EXPECT_EQ(graded.items.levels[0], caqa::SupportLevel::Partial);

  // A 2 anywhere, or levels written as names, say the file is graded: no refusal.
  EXPECT_TRUE(caqa::read_meta_pairs("id,level,score\na,1,0.9\nb,0,0.1\nc,2,0.5\n").diagnostics.items.empty());
  EXPECT_TRUE(caqa::read_meta_pairs("id,level,score\na,partial,0.9\nb,0,0.1\n").diagnostics.items.empty());
  // Under binary a 2 is no level.
  auto two = caqa::read_meta_pairs("id,level,score\na,2,0.9\n", caqa::kDefaultMaxLineBytes, caqa::LevelCoding::Binary);
  ASSERT_EQ(two.diagnostics.items.size(), 1u);
  EXPECT_EQ(two.diagnostics.items[0].line, 2u);
  EXPECT_EQ(caqa::parse_level_coding("binary"), caqa::LevelCoding::Binary);
  EXPECT_EQ(caqa::parse_level_coding("01"), std::nullopt);
}

TEST(MetaReport, BootstrapIsSeededAndBracketsTheEstimate) {
  Data d = random_pairs(2000, 11);
  caqa::MetaItems items;
  items.scores = d.scores;
  items.levels = d.levels;
  items.groups.assign(d.scores.size(), 0);
  for (std::size_t i = 0; i < items.groups.size(); ++i) items.groups[i] = static_cast<std::uint32_t>(i % 40);
  for (int g = 0; g < 40; ++g) items.group_names.push_back("q" + std::to_string(g));
  auto a = caqa::meta_report(items, {500, 3, 0.95}, "x");
  auto b = caqa::meta_report(items, {500, 3, 0.95}, "x");
  EXPECT_EQ(caqa::meta_report_json(a), caqa::meta_report_json(b));
  ASSERT_TRUE(a.intervals);
  EXPECT_LT(a.intervals->kendall_tau_b.low, a.correlation.kendall_tau_b);
  EXPECT_GT(a.intervals->kendall_tau_b.high, a.correlation.kendall_tau_b);
  EXPECT_LT(a.intervals->auc_mean.low, a.auc.mean);
  EXPECT_GT(a.intervals->ndcg[0].high, a.ndcg.mean[0]);
}
