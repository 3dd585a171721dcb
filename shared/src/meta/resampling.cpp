#include "caqa/meta/resampling.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

#include "caqa/meta/lane_draw_counts.h"
#include "caqa/workspace_pool.h"

namespace caqa {

namespace {

using resample::kChunkCells;
using resample::kLaneCount;
using resample::kLevels;
using resample::LaneDrawCounts;
using resample::RankSums;
using Ints = resample::Ints;
using Reals = resample::Reals;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// The n draws of each lane's replicate, the lanes side by side (four independent draws a
// step: a sixth faster than one lane after the other). The indices of step k + kAhead are
// computed, and their counts fetched, while step k is counted: the counts are hit at random.
void draw(std::uint64_t n, std::uint64_t key, std::uint64_t first_replicate, LaneDrawCounts& counts) {
  counts.reset(n);
  std::uint8_t* const bytes = counts.data();
  constexpr std::uint64_t kAhead = 8;
  std::uint64_t ahead[kAhead][kLaneCount];
  auto fetch = [&](std::uint64_t k) {
    for (int lane = 0; lane < kLaneCount; ++lane) {
      ahead[k % kAhead][lane] = resample::draw_index(key, first_replicate + lane, k, n);
      __builtin_prefetch(bytes + ahead[k % kAhead][lane] * kLaneCount, 1);
    }
  };
  for (std::uint64_t k = 0; k < kAhead && k < n; ++k) fetch(k);
  for (std::uint64_t k = 0; k < n; ++k) {
    std::uint64_t items[kLaneCount];
    for (int lane = 0; lane < kLaneCount; ++lane) items[lane] = ahead[k % kAhead][lane];
    if (k + kAhead < n) fetch(k + kAhead);
    for (int lane = 0; lane < kLaneCount; ++lane)
      if (++bytes[items[lane] * kLaneCount + lane] == 0) counts.note_wrap(items[lane], lane);
  }
  counts.finish();
}

// Below this many items every integer sum of a replicate stays below 2^53 (the largest,
// twice_u, is at most 2 n^2), so doubles hold them exactly.
constexpr std::uint64_t kExactInDoubles = std::uint64_t{1} << 26;

// Replicates first .. first + kLaneCount - 1 on this thread: their draws, then the cells in
// chunk order, the chunk sums folded in chunk order. I: the lanes holding the integer sums.
template <class I>
void cpu_replicates(const ResampleLayout& layout, std::uint64_t key, std::uint64_t first, LaneDrawCounts& counts,
                    RankSums* out) {
  using Sums = resample::RankSumsOf<I, Reals>;
  using N = std::conditional_t<std::is_same_v<I, Ints>, std::int64_t, double>;
  const std::uint64_t n = layout.items();
  draw(n, key, first, counts);
  const bool wraps = counts.any_wrapped();
  // Locals, not the layout's members: the byte stores of take() could alias those.
  std::uint8_t* const bytes = counts.data();
  const std::uint32_t* const cell_start = layout.cell_start.data();
  const std::uint8_t* const item_level = layout.item_level.data();
  const double* const dx = layout.dx.data();
  Sums total;
  resample::clear(total);
  I lower[kLevels] = {};
  const std::size_t scores = layout.scores();
  for (std::size_t begin = 0; begin < scores; begin += kChunkCells) {
    Sums chunk;
    resample::clear(chunk);
    const std::size_t end = std::min(scores, begin + kChunkCells);
    for (std::size_t b = begin; b < end; ++b) {
      const std::uint32_t* start = cell_start + b * kLevels;
      I m[kLevels];
      if (start[kLevels] - start[0] == 1) {  // a score of one item: no loop, no unpredictable branch
        // Its level's counts by masks: an indexed store, or zeroing m first, cost a tenth of
        // the pass (GCC zeroes it with rep stos).
        const I drawn = LaneDrawCounts::take<I>(bytes, start[0]);
        const int level = item_level[start[0]];
        for (int l = 0; l < kLevels; ++l) m[l] = resample::only_if(drawn, level == l);
      } else {
        for (int l = 0; l < kLevels; ++l) m[l] = LaneDrawCounts::take_sum<I>(bytes, start[l], start[l + 1]);
      }
      if (wraps)
        for (int l = 0; l < kLevels; ++l) m[l] += resample::lanes_of<I>(counts.wraps_before(start[l + 1]));
      resample::add_cell(chunk, m, dx[b], lower, static_cast<N>(n));
      for (int l = 0; l < kLevels; ++l) lower[l] += m[l];
    }
    resample::add_sums(total, chunk);
  }
  counts.all_taken();  // the cells hold every item once

  auto integer = [](auto x) { return static_cast<std::int64_t>(x); };  // exact: x is an integer
  for (int lane = 0; lane < kLaneCount; ++lane) {
    RankSums& s = out[lane];
    for (int l = 0; l < kLevels; ++l)
      s.level[l] = integer(total.level[l][lane]), s.rank_by_level[l] = integer(total.rank_by_level[l][lane]);
    s.sx = total.sx[lane];
    s.sxx = total.sxx[lane];
    s.sxy = total.sxy[lane];
    s.rank_sq = total.rank_sq[lane];
    s.tied_score_pairs = integer(total.tied_score_pairs[lane]);
    for (int p = 0; p < 3; ++p) s.twice_u[p] = integer(total.twice_u[p][lane]);
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
  layout.item_level.resize(start);
  for (std::size_t cell = 0; cell + 1 < layout.cell_start.size(); ++cell)
    std::fill(layout.item_level.begin() + layout.cell_start[cell],
              layout.item_level.begin() + layout.cell_start[cell + 1], static_cast<std::uint8_t>(cell % kLevels));
  return layout;
}

ResampleBackend cpu_resample_backend(ParallelFor runner, CpuIntegers integers) {
  return [runner, integers](const ResampleLayout& layout, std::uint64_t key, std::uint64_t first, std::uint64_t count,
                            RankSums* sums, std::string&) {
    // A task per lane group; a last, partial group computes replicates past count and drops
    // them. Count buffers are reused, one per thread at work: a fresh one per group would
    // cost its page faults and its zeroing (a sixth of the time at a million items).
    const std::uint64_t groups = (count + kLaneCount - 1) / kLaneCount;
    WorkspacePool<LaneDrawCounts> pool;
    run_each(runner, groups, [&](std::size_t g) {
      std::unique_ptr<LaneDrawCounts> counts = pool.take();
      RankSums lanes[kLaneCount];
      if (integers != CpuIntegers::Int64 && layout.items() < kExactInDoubles)
        cpu_replicates<Reals>(layout, key, first + g * kLaneCount, *counts, lanes);
      else
        cpu_replicates<Ints>(layout, key, first + g * kLaneCount, *counts, lanes);
      for (std::uint64_t lane = 0; lane < kLaneCount && g * kLaneCount + lane < count; ++lane)
        sums[g * kLaneCount + lane] = lanes[lane];
      pool.give_back(std::move(counts));
    });
    return true;
  };
}

ReplicateStats replicate_stats(const RankSums& s, std::uint64_t n) {
  ReplicateStats out{};
  const double dn = static_cast<double>(n);
  const std::int64_t all_pairs = n < 2 ? 0 : static_cast<std::int64_t>(n * (n - 1) / 2);
  std::int64_t tied_level_pairs = 0;
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
    std::int64_t below = 0;
    for (int l = 0; l < kLevels; ++l) {
      const double rank = static_cast<double>(2 * below + s.level[l] - static_cast<std::int64_t>(n));
      rank_syy += static_cast<double>(s.level[l]) * rank * rank;
      rank_sxy += rank * static_cast<double>(s.rank_by_level[l]);
      below += s.level[l];
    }
    out.correlation.spearman = std::max(-1.0, std::min(1.0, rank_sxy / std::sqrt(s.rank_sq * rank_syy)));

    // P - Q: every pair of different levels counted once from its higher-level item.
    std::int64_t concordance = s.twice_u[0] + s.twice_u[1] + s.twice_u[2];
    for (int l = 1; l < kLevels; ++l)
      for (int lo = 0; lo < l; ++lo) concordance -= s.level[l] * s.level[lo];
    const double n0 = static_cast<double>(all_pairs);
    const double denominator =
        (n0 - static_cast<double>(s.tied_score_pairs)) * (n0 - static_cast<double>(tied_level_pairs));
    out.correlation.kendall_tau_b = static_cast<double>(concordance) / std::sqrt(denominator);
  }
  double auc_sum = 0;
  for (std::size_t p = 0; p < OneVsOneAuc::kPairs.size(); ++p) {
    const std::int64_t pos = s.level[level_value(OneVsOneAuc::kPairs[p][0])];
    const std::int64_t neg = s.level[level_value(OneVsOneAuc::kPairs[p][1])];
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
