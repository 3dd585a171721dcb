#include "caqa/meta/resampling.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace caqa {

namespace {

using resample::kChunkCells;
using resample::kLevels;
using resample::RankSums;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// One replicate on this thread: n draws into per-item weights, then the cells in chunk order.
void cpu_replicate(const ResampleLayout& layout, std::uint64_t key, std::uint64_t replicate,
                   std::vector<std::uint32_t>& weights, RankSums& out) {
  const std::uint64_t n = layout.items();
  std::fill(weights.begin(), weights.end(), 0u);
  for (std::uint64_t k = 0; k < n; ++k) ++weights[resample::draw_index(key, replicate, k, n)];
  resample::clear(out);
  std::uint64_t lower[kLevels] = {0, 0, 0};
  const std::size_t scores = layout.scores();
  for (std::size_t first = 0; first < scores; first += kChunkCells) {
    RankSums chunk;
    resample::clear(chunk);
    const std::size_t last = std::min(scores, first + kChunkCells);
    for (std::size_t b = first; b < last; ++b) {
      std::uint32_t m[kLevels];
      for (int l = 0; l < kLevels; ++l) {
        std::uint32_t sum = 0;
        for (std::uint32_t i = layout.cell_start[b * kLevels + l]; i < layout.cell_start[b * kLevels + l + 1]; ++i)
          sum += weights[i];
        m[l] = sum;
      }
      resample::add_cell(chunk, m, layout.dx[b], lower, n);
      for (int l = 0; l < kLevels; ++l) lower[l] += m[l];
    }
    resample::add_sums(out, chunk);
  }
}

}  // namespace

ResampleLayout resample_layout(const ScoreCells& cells) {
  ResampleLayout layout;
  const std::size_t scores = cells.scores.size();
  double sum = 0;
  std::uint64_t n = 0;
  for (std::size_t b = 0; b < scores; ++b) {
    const std::uint64_t m = cells.counts[b][0] + cells.counts[b][1] + cells.counts[b][2];
    sum += static_cast<double>(m) * cells.scores[b];
    n += m;
  }
  const double mean = n == 0 ? 0 : sum / static_cast<double>(n);
  layout.dx.resize(scores);
  layout.cell_start.resize(scores * kLevels + 1);
  std::uint32_t start = 0;
  for (std::size_t b = 0; b < scores; ++b) {
    layout.dx[b] = cells.scores[b] - mean;
    for (int l = 0; l < kLevels; ++l) {
      layout.cell_start[b * kLevels + l] = start;
      start += static_cast<std::uint32_t>(cells.counts[b][l]);
    }
  }
  layout.cell_start.back() = start;
  return layout;
}

ResampleBackend cpu_resample_backend(ParallelFor runner) {
  return [runner](const ResampleLayout& layout, std::uint64_t key, std::uint64_t first, std::uint64_t count,
                  RankSums* sums, std::string&) {
    // Replicates in blocks, one weight buffer per block: few allocations, any thread count.
    constexpr std::uint64_t kBlock = 16;
    const std::uint64_t blocks = (count + kBlock - 1) / kBlock;
    run_each(runner, blocks, [&](std::size_t block) {
      std::vector<std::uint32_t> weights(layout.items());
      const std::uint64_t end = std::min(count, (block + 1) * kBlock);
      for (std::uint64_t i = block * kBlock; i < end; ++i) cpu_replicate(layout, key, first + i, weights, sums[i]);
    });
    return true;
  };
}

ReplicateStats replicate_stats(const RankSums& s, std::uint64_t n) {
  ReplicateStats out{};
  const double dn = static_cast<double>(n);
  const std::uint64_t all_pairs = n < 2 ? 0 : n * (n - 1) / 2;
  std::uint64_t tied_level_pairs = 0;
  int levels_present = 0;
  for (int l = 0; l < kLevels; ++l) {
    tied_level_pairs += s.level[l] < 2 ? 0 : s.level[l] * (s.level[l] - 1) / 2;
    levels_present += s.level[l] > 0;
  }
  // One drawn score, or one drawn level: the correlations are undefined (decided on the
  // exact counts, never on a float that rounding left near zero).
  const bool constant = n < 2 || s.tied_score_pairs == all_pairs || levels_present < 2;
  if (constant) {
    out.correlation = {kNaN, kNaN, kNaN};
  } else {
    const double mean_level = static_cast<double>(s.level[1] + 2 * s.level[2]) / dn;
    double syy = 0;
    for (int l = 0; l < kLevels; ++l) syy += static_cast<double>(s.level[l]) * (l - mean_level) * (l - mean_level);
    const double sxx = s.sxx - s.sx * s.sx / dn, sxy = s.sxy - mean_level * s.sx;
    out.correlation.pearson = sxx <= 0 ? kNaN : std::max(-1.0, std::min(1.0, sxy / std::sqrt(sxx * syy)));

    // Doubled, centred level ranks: 2 * below + N - n.
    double rank_syy = 0, rank_sxy = 0;
    std::uint64_t below = 0;
    for (int l = 0; l < kLevels; ++l) {
      const double rank =
          static_cast<double>(static_cast<std::int64_t>(2 * below + s.level[l]) - static_cast<std::int64_t>(n));
      rank_syy += static_cast<double>(s.level[l]) * rank * rank;
      rank_sxy += rank * static_cast<double>(s.rank_by_level[l]);
      below += s.level[l];
    }
    out.correlation.spearman = std::max(-1.0, std::min(1.0, rank_sxy / std::sqrt(s.rank_sq * rank_syy)));

    std::int64_t concordance = s.kendall;
    for (int l = 1; l < kLevels; ++l)
      for (int lo = 0; lo < l; ++lo) concordance -= static_cast<std::int64_t>(s.level[l] * s.level[lo]);
    const double n0 = static_cast<double>(all_pairs);
    const double denominator =
        (n0 - static_cast<double>(s.tied_score_pairs)) * (n0 - static_cast<double>(tied_level_pairs));
    out.correlation.kendall_tau_b = static_cast<double>(concordance) / std::sqrt(denominator);
  }
  double auc_sum = 0;
  for (std::size_t p = 0; p < OneVsOneAuc::kPairs.size(); ++p) {
    const std::uint64_t pos = s.level[level_value(OneVsOneAuc::kPairs[p][0])];
    const std::uint64_t neg = s.level[level_value(OneVsOneAuc::kPairs[p][1])];
    if (pos == 0 || neg == 0) {
      out.auc.auc[p] = kNaN;
      continue;
    }
    out.auc.auc[p] = static_cast<double>(s.twice_u[p]) / (2.0 * static_cast<double>(pos) * static_cast<double>(neg));
    auc_sum += out.auc.auc[p];
    ++out.auc.defined;
  }
  out.auc.mean = out.auc.defined == 0 ? kNaN : auc_sum / out.auc.defined;
  return out;
}

}  // namespace caqa
