// The meta track's bootstrap twins (caqa/meta/resampling.h, native/cuda/meta_resample.cu):
// the CPU twin's sums give the statistics that correlations() and one_vs_one_auc() give on
// the same replicate, on any thread count; the CUDA twin gives the CPU twin's bits
// (tolerance 0: both add in one fixed order and neither fuses multiply-adds), or the test
// is skipped when there is no GPU.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <map>
#include <vector>

#include "caqa/meta/lane_draw_counts.h"
#include "caqa/meta/resampling.h"
#include "caqa/rng.h"
#include "compute/cuda_status.h"
#include "meta/resample_backend.h"
#include "thread_runner.h"
#ifdef CAQA_WITH_CUDA
#include "cuda/meta_resample.h"
#endif

namespace caqa {
namespace {

using resample::RankSums;

// n pairs; scores rounded to `decimals` (-1 = full precision), so ties are as many as asked.
ScoreCells random_cells(std::uint64_t n, int decimals, std::uint64_t seed, int levels = 3) {
  Rng rng(seed);
  std::vector<double> scores(n);
  std::vector<SupportLevel> level(n);
  for (std::uint64_t i = 0; i < n; ++i) {
    const int l = static_cast<int>(rng.uniform() * levels);
    double s = 0.3 * l + rng.uniform();
    if (decimals >= 0) s = std::round(s * std::pow(10, decimals)) / std::pow(10, decimals);
    scores[i] = s;
    level[i] = static_cast<SupportLevel>(l);
  }
  return score_cells(scores, level);
}

std::vector<RankSums> run(const ResampleBackend& backend, const ResampleLayout& layout, std::uint64_t reps) {
  std::vector<RankSums> sums(reps);
  std::string error;
  EXPECT_TRUE(backend(layout, resample::stream_key(13, kCellStream), 0, reps, sums.data(), error)) << error;
  return sums;
}

// The cells of replicate r, counted from its draws without the twins' code.
ScoreCells replicate_cells(const ScoreCells& cells, const ResampleLayout& layout, std::uint64_t r) {
  const std::uint64_t n = layout.items();
  std::vector<std::uint32_t> cell_of_item;
  for (std::size_t cell = 0; cell + 1 < layout.cell_start.size(); ++cell)
    cell_of_item.insert(cell_of_item.end(), layout.cell_start[cell + 1] - layout.cell_start[cell],
                        static_cast<std::uint32_t>(cell));
  std::map<std::uint32_t, std::array<std::uint64_t, 3>> drawn;
  for (std::uint64_t k = 0; k < n; ++k) {
    const std::uint32_t cell = cell_of_item[resample::draw_index(resample::stream_key(13, kCellStream), r, k, n)];
    ++drawn[cell / 3][cell % 3];
  }
  ScoreCells out;
  for (const auto& [score, counts] : drawn) {
    out.scores.push_back(cells.scores[score]);
    out.counts.push_back(counts);
  }
  return out;
}

void expect_same(double want, double got, const char* what, std::uint64_t r) {
  if (std::isnan(want)) {
    EXPECT_TRUE(std::isnan(got)) << what << ", replicate " << r;
  } else {
    EXPECT_NEAR(want, got, 1e-12) << what << ", replicate " << r;
  }
}

TEST(ResampleCpu, ReplicateStatisticsEqualTheCellFormulas) {
  for (int decimals : {1, 2, -1}) {
    const ScoreCells cells = random_cells(700, decimals, 5 + decimals);
    const ResampleLayout layout = resample_layout(cells);
    const auto sums = run(cpu_resample_backend(), layout, 40);
    for (std::uint64_t r = 0; r < sums.size(); ++r) {
      const ScoreCells drawn = replicate_cells(cells, layout, r);
      const Correlations c = correlations(drawn);
      const OneVsOneAuc a = one_vs_one_auc(drawn);
      const ReplicateStats s = replicate_stats(sums[r], layout.items());
      expect_same(c.pearson, s.correlation.pearson, "pearson", r);
      expect_same(c.spearman, s.correlation.spearman, "spearman", r);
      expect_same(c.kendall_tau_b, s.correlation.kendall_tau_b, "kendall", r);
      for (int p = 0; p < 3; ++p) expect_same(a.auc[p], s.auc.auc[p], "auc", r);
      expect_same(a.mean, s.auc.mean, "auc mean", r);
    }
  }
}

TEST(ResampleCpu, SameBitsOnAnyThreadCount) {
  const ResampleLayout layout = resample_layout(random_cells(3000, -1, 9));
  const auto one = run(cpu_resample_backend(cli::thread_runner(1)), layout, 37);
  const auto two = run(cpu_resample_backend(cli::thread_runner(2)), layout, 37);
  const auto none = run(cpu_resample_backend(), layout, 37);
  EXPECT_EQ(std::memcmp(one.data(), two.data(), one.size() * sizeof(RankSums)), 0);
  EXPECT_EQ(std::memcmp(one.data(), none.data(), one.size() * sizeof(RankSums)), 0);
}

// The sums held in doubles (the default below 2^26 items) against int64 ones, bit for bit:
// all-distinct, tied and one-score inputs, whose counts wrap past a byte.
TEST(ResampleCpu, DoubleAndInt64SumsHaveTheSameBits) {
  ScoreCells one_score;
  one_score.scores = {0.25};
  one_score.counts = {{300, 500, 200}};
  for (const ScoreCells& cells : {random_cells(3000, -1, 21), random_cells(5000, 1, 22), one_score}) {
    const ResampleLayout layout = resample_layout(cells);
    const auto in_doubles = run(cpu_resample_backend({}, CpuIntegers::Double), layout, 23);
    const auto in_int64 = run(cpu_resample_backend({}, CpuIntegers::Int64), layout, 23);
    EXPECT_EQ(std::memcmp(in_doubles.data(), in_int64.data(), in_doubles.size() * sizeof(RankSums)), 0)
        << cells.scores.size() << " scores";
  }
}

TEST(ResampleCpu, UndefinedStatisticsAreNaN) {
  // One pair: nothing is defined. One score: no correlation, every AUC a tie (0.5).
  // One level: no correlation, no AUC.
  const ScoreCells one_pair = random_cells(1, -1, 1);
  const ReplicateStats a = replicate_stats(run(cpu_resample_backend(), resample_layout(one_pair), 1)[0], 1);
  EXPECT_TRUE(std::isnan(a.correlation.pearson) && std::isnan(a.correlation.kendall_tau_b));
  EXPECT_TRUE(std::isnan(a.auc.mean));

  ScoreCells one_score;
  one_score.scores = {0.5};
  one_score.counts = {{40, 30, 30}};
  const ResampleLayout layout = resample_layout(one_score);
  for (const RankSums& sums : run(cpu_resample_backend(), layout, 5)) {
    const ReplicateStats s = replicate_stats(sums, layout.items());
    EXPECT_TRUE(std::isnan(s.correlation.pearson) && std::isnan(s.correlation.spearman) &&
                std::isnan(s.correlation.kendall_tau_b));
    EXPECT_EQ(s.auc.auc[0], 0.5);
  }
  const ScoreCells one_level = random_cells(200, 2, 3, 1);
  for (const RankSums& sums : run(cpu_resample_backend(), resample_layout(one_level), 5)) {
    const ReplicateStats s = replicate_stats(sums, 200);
    EXPECT_TRUE(std::isnan(s.correlation.pearson) && std::isnan(s.auc.mean));
  }
}

TEST(ResampleCuda, MatchesCpuBitForBit) {
  std::string reason;
  if (!compute::cuda_usable(reason)) GTEST_SKIP() << "skipped: no GPU (" << reason << ")";
#ifdef CAQA_WITH_CUDA
  struct Case {
    std::uint64_t n;
    int decimals;
    std::uint64_t reps;
  };
  // Sizes around the chunk boundary (256 distinct scores), heavy ties, and a large all-distinct set.
  for (const Case c : {Case{1, -1, 3}, Case{7, 1, 50}, Case{255, -1, 20}, Case{257, -1, 20}, Case{769, -1, 20},
                       Case{2000, 1, 100}, Case{100000, -1, 40}, Case{100000, 2, 40}, Case{1000000, -1, 8}}) {
    const ResampleLayout layout = resample_layout(random_cells(c.n, c.decimals, c.n + 17));
    const auto cpu = run(cpu_resample_backend(cli::thread_runner(0)), layout, c.reps);
    const auto gpu = run(cuda::meta_resample, layout, c.reps);
    for (std::uint64_t r = 0; r < c.reps; ++r)
      EXPECT_EQ(std::memcmp(&cpu[r], &gpu[r], sizeof(RankSums)), 0)
          << "n " << c.n << ", decimals " << c.decimals << ", replicate " << r << ": pearson sums " << cpu[r].sx
          << " vs " << gpu[r].sx << ", twice U " << cpu[r].twice_u[0] << " vs " << gpu[r].twice_u[0];
  }
#endif
}

TEST(ResampleDispatch, AutoFallsBackToTheCpuWithAReason) {
  meta::ResamplerChoice choice = meta::choose_resampler(compute::BackendRequest::Auto, {});
  ASSERT_TRUE(choice.resampler);
  EXPECT_FALSE(choice.reason.empty());
  std::string why;
  if (!compute::cuda_usable(why)) {
    EXPECT_EQ(choice.resampler->name, "cpu");
    EXPECT_NE(choice.reason.find("GPU not used"), std::string::npos) << choice.reason;
    EXPECT_FALSE(meta::choose_resampler(compute::BackendRequest::Cuda, {}).resampler);
  }
  EXPECT_EQ(meta::choose_resampler(compute::BackendRequest::Cpu, {}).resampler->name, "cpu");
}

}  // namespace
}  // namespace caqa

namespace caqa {
namespace {

TEST(LaneDrawCounts, CountsPastTheByteExactly) {
  resample::LaneDrawCounts counts;
  counts.reset(10);
  for (int i = 0; i < 600; ++i) counts.add(3, 1);  // wraps twice in lane 1
  for (int i = 0; i < 2; ++i) counts.add(5, 0);
  counts.add(9, 3);
  counts.finish();
  EXPECT_TRUE(counts.any_wrapped());
  using resample::Ints;
  using resample::LaneDrawCounts;
  auto lanes = [](Ints v) { return std::vector<std::int64_t>{v[0], v[1], v[2], v[3]}; };
  std::uint8_t* bytes = counts.data();
  EXPECT_EQ(lanes(LaneDrawCounts::take_sum<Ints>(bytes, 0, 3) + counts.wraps_before(3)),
            (std::vector<std::int64_t>{0, 0, 0, 0}));
  EXPECT_EQ(lanes(LaneDrawCounts::take_sum<Ints>(bytes, 3, 4) + counts.wraps_before(4)),
            (std::vector<std::int64_t>{0, 600, 0, 0}));
  EXPECT_EQ(lanes(LaneDrawCounts::take_sum<Ints>(bytes, 4, 9) + counts.wraps_before(9)),
            (std::vector<std::int64_t>{2, 0, 0, 0}));
  EXPECT_EQ(lanes(LaneDrawCounts::take<Ints>(bytes, 9)), (std::vector<std::int64_t>{0, 0, 0, 1}));
  const auto as_reals = LaneDrawCounts::take<resample::Reals>(bytes, 9);  // taken: zero now
  EXPECT_EQ(as_reals[3], 0.0);
}

// Counts start at zero after a pass that took every item (nothing cleared) and after one
// that did not (cleared).
TEST(LaneDrawCounts, StartAtZeroAfterAnyPass) {
  using resample::Ints;
  using resample::LaneDrawCounts;
  LaneDrawCounts counts;
  for (bool take_all : {true, false, true}) {
    counts.reset(4);
    for (std::uint64_t item = 0; item < 4; ++item) EXPECT_EQ(LaneDrawCounts::take<Ints>(counts.data(), item)[0], 0);
    counts.reset(4);
    counts.add(1, 0);
    counts.add(2, 2);
    counts.finish();
    if (take_all) {
      LaneDrawCounts::take_sum<Ints>(counts.data(), 0, 4);
      counts.all_taken();
    } else {
      LaneDrawCounts::take<Ints>(counts.data(), 1);
    }
  }
  counts.reset(4);
  EXPECT_EQ(LaneDrawCounts::take_sum<Ints>(counts.data(), 0, 4)[2], 0);
}

}  // namespace
}  // namespace caqa
