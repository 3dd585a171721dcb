#include "caqa/metrics/bootstrap.h"

#include <algorithm>
#include <cmath>

#include "caqa/rng.h"

namespace caqa {

double percentile(std::vector<double>& values, double q) {
  if (values.empty()) return std::nan("");
  double pos = q / 100.0 * static_cast<double>(values.size() - 1);
  auto lo = static_cast<std::size_t>(std::floor(pos));
  std::size_t hi = std::min(lo + 1, values.size() - 1);
  double frac = pos - static_cast<double>(lo);
  // The two order statistics only, not a whole sort: the same values, a fraction of the work.
  std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(lo), values.end());
  double low = values[lo];
  double high = hi == lo ? low : *std::min_element(values.begin() + static_cast<std::ptrdiff_t>(hi), values.end());
  return low + (high - low) * frac;
}

MultinomialDraws::MultinomialDraws(const std::vector<std::uint64_t>& weights) : size_(weights.size()) {
  std::uint64_t weight_left = 0;
  for (auto w : weights) weight_left += w;
  for (std::size_t i = 0; i < weights.size(); ++i) {
    if (weights[i] == 0) continue;
    // Its weight is all that is left: the cells after it weigh nothing.
    if (weights[i] >= weight_left) {
      last_ = i;
      break;
    }
    cells_.push_back({i, BinomialProbability(static_cast<double>(weights[i]) / static_cast<double>(weight_left))});
    weight_left -= weights[i];
  }
}

void MultinomialDraws::draw(Rng& rng, std::uint64_t n, std::vector<std::uint64_t>& out) const {
  out.assign(size_, 0);
  std::uint64_t left = n;
  for (const Cell& cell : cells_) {
    if (left == 0) return;
    const std::uint64_t x = rng.binomial(left, cell.given_left);
    out[cell.index] = x;
    left -= x;
  }
  if (last_ != kNone) out[last_] = left;
}

BootstrapIntervals bootstrap_intervals(const ConfusionMatrix& m, const BootstrapOptions& options) {
  // Non-empty cells only: their number, not n, sets the cost of a replicate.
  struct Cell {
    Complexity complexity;
    int gold, outcome;
  };
  std::vector<Cell> cells;
  std::vector<std::uint64_t> weights;
  // Cells in enum order, not print order: the order of the draws fixes the intervals.
  for (int level_index = 0; level_index < kComplexityCount; ++level_index)
    for (int g = 0; g < m.classes(); ++g)
      for (int o = 0; o < m.outcomes(); ++o)
        if (auto x = m.at(static_cast<Complexity>(level_index), g, o); x > 0) {
          cells.push_back({static_cast<Complexity>(level_index), g, o});
          weights.push_back(x);
        }
  const int k = m.classes();
  const auto all = measures();
  std::uint64_t n = m.total();
  const std::uint32_t reps = options.resamples;
  std::vector<std::vector<double>> measure_values(all.size()), label_f1(k);
  for (std::size_t i = 0; i < all.size(); ++i)
    if (all[i].interval) measure_values[i].resize(reps);
  for (auto& v : label_f1) v.resize(reps);
  std::array<std::vector<double>, kComplexityCount> level;
  for (auto& v : level) v.reserve(reps);
  Rng rng(options.seed);
  std::vector<std::uint64_t> draw;
  const MultinomialDraws draws(weights);
  ClassCounts counts;
  for (std::uint32_t r = 0; r < reps; ++r) {
    draws.draw(rng, n, draw);
    counts.tp.assign(k, 0);
    counts.support.assign(k, 0);
    counts.predicted.assign(k, 0);
    counts.n = n;
    counts.correct = 0;
    std::array<std::uint64_t, kComplexityCount> level_n{}, level_correct{};
    for (std::size_t i = 0; i < cells.size(); ++i) {
      const Cell& cell = cells[i];
      std::uint64_t x = draw[i];
      counts.support[cell.gold] += x;
      level_n[index_of(cell.complexity)] += x;
      if (cell.outcome < k) counts.predicted[cell.outcome] += x;
      if (cell.outcome == cell.gold) counts.tp[cell.gold] += x, level_correct[index_of(cell.complexity)] += x;
    }
    for (int l = 0; l < k; ++l) counts.correct += counts.tp[l], label_f1[l][r] = class_f1(counts, l);
    for (std::size_t i = 0; i < all.size(); ++i)
      if (all[i].interval) measure_values[i][r] = all[i].compute(counts);
    for (int c = 0; c < kComplexityCount; ++c)
      if (level_n[c] > 0) level[c].push_back(static_cast<double>(level_correct[c]) / level_n[c]);
  }
  double lo = (1 - options.level) / 2 * 100, hi = 100 - lo;
  auto interval = [&](std::vector<double>& v) { return Interval{percentile(v, lo), percentile(v, hi)}; };
  BootstrapIntervals out;
  out.measures.resize(all.size());
  for (std::size_t i = 0; i < all.size(); ++i)
    if (all[i].interval) out.measures[i] = interval(measure_values[i]);
  for (int l = 0; l < k; ++l) out.label_f1.push_back(interval(label_f1[l]));
  for (int c = 0; c < kComplexityCount; ++c) out.complexity_micro_f1[c] = interval(level[c]);
  return out;
}

}  // namespace caqa
