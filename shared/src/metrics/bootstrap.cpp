#include "caqa/metrics/bootstrap.h"

#include <algorithm>
#include <cmath>

#include "caqa/rng.h"

namespace caqa {

double percentile(std::vector<double>& values, double q) {
  if (values.empty()) return std::nan("");
  std::sort(values.begin(), values.end());
  double pos = q / 100.0 * static_cast<double>(values.size() - 1);
  auto lo = static_cast<std::size_t>(std::floor(pos));
  std::size_t hi = std::min(lo + 1, values.size() - 1);
  double frac = pos - static_cast<double>(lo);
  return values[lo] + (values[hi] - values[lo]) * frac;
}

void draw_multinomial(Rng& rng, const std::vector<std::uint64_t>& weights, std::uint64_t n,
                      std::vector<std::uint64_t>& out) {
  out.assign(weights.size(), 0);
  std::uint64_t weight_left = 0;
  for (auto w : weights) weight_left += w;
  std::uint64_t left = n;
  for (std::size_t i = 0; i < weights.size() && left > 0; ++i) {
    if (weights[i] == 0) continue;
    std::uint64_t x = weights[i] >= weight_left
                          ? left
                          : rng.binomial(left, static_cast<double>(weights[i]) / static_cast<double>(weight_left));
    out[i] = x;
    left -= x;
    weight_left -= weights[i];
  }
}

BootstrapIntervals bootstrap_intervals(const ConfusionMatrix& m, const BootstrapOptions& options) {
  // Non-empty cells only: their number, not n, sets the cost of a replicate.
  struct Cell {
    int complexity, gold, outcome;
  };
  std::vector<Cell> cells;
  std::vector<std::uint64_t> weights;
  for (int c = 0; c < kComplexityCount; ++c)
    for (int g = 0; g < kLabelCount; ++g)
      for (int o = 0; o < kOutcomeCount; ++o)
        if (m.counts[c][g][o] > 0) {
          cells.push_back({c, g, o});
          weights.push_back(m.counts[c][g][o]);
        }
  std::uint64_t n = m.total();
  const std::uint32_t reps = options.resamples;
  std::vector<double> micro(reps), macro(reps);
  std::array<std::vector<double>, kLabelCount> label_f1;
  std::array<std::vector<double>, kComplexityCount> level;
  for (auto& v : label_f1) v.resize(reps);
  for (auto& v : level) v.reserve(reps);
  Rng rng(options.seed);
  std::vector<std::uint64_t> draw;
  for (std::uint32_t r = 0; r < reps; ++r) {
    draw_multinomial(rng, weights, n, draw);
    std::array<std::uint64_t, kLabelCount> tp{}, support{}, predicted{};
    std::array<std::uint64_t, kComplexityCount> level_n{}, level_correct{};
    for (std::size_t i = 0; i < cells.size(); ++i) {
      const Cell& cell = cells[i];
      std::uint64_t x = draw[i];
      support[cell.gold] += x;
      level_n[cell.complexity] += x;
      if (cell.outcome < kLabelCount) predicted[cell.outcome] += x;
      if (cell.outcome == cell.gold) tp[cell.gold] += x, level_correct[cell.complexity] += x;
    }
    std::uint64_t correct = 0;
    double f1_sum = 0;
    for (int l = 0; l < kLabelCount; ++l) {
      double f1 = f1_from_counts(tp[l], predicted[l] - tp[l], support[l] - tp[l]);
      label_f1[l][r] = f1;
      f1_sum += f1;
      correct += tp[l];
    }
    micro[r] = ratio_or_zero(correct, n);
    macro[r] = f1_sum / kLabelCount;
    for (int c = 0; c < kComplexityCount; ++c)
      if (level_n[c] > 0) level[c].push_back(static_cast<double>(level_correct[c]) / level_n[c]);
  }
  double lo = (1 - options.level) / 2 * 100, hi = 100 - lo;
  auto interval = [&](std::vector<double>& v) { return Interval{percentile(v, lo), percentile(v, hi)}; };
  BootstrapIntervals out;
  out.micro_f1 = interval(micro);
  out.macro_f1 = interval(macro);
  for (int l = 0; l < kLabelCount; ++l) out.label_f1[l] = interval(label_f1[l]);
  for (int c = 0; c < kComplexityCount; ++c) out.complexity_micro_f1[c] = interval(level[c]);
  return out;
}

}  // namespace caqa
