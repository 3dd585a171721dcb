// Percentile bootstrap confidence intervals. Every classification metric is a
// function of the confusion cells, so a replicate draws multinomial cell counts
// (n draws over the observed cell frequencies) instead of re-indexing n samples:
// the cost depends on the number of cells, not on n.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "caqa/metrics/classification.h"
#include "caqa/metrics/confusion.h"

namespace caqa {

struct Interval {
  double low = 0, high = 0;
};

// The defaults of every front end (caqa score, compare, leaderboard, browser, explorer).
inline constexpr std::uint32_t kDefaultResamples = 1000;
inline constexpr std::uint64_t kDefaultSeed = 13;
inline constexpr double kDefaultLevel = 0.95;

struct BootstrapIntervals {
  std::vector<Interval> measures;  // per entry of measures(); meaningful where Measure::interval
  std::vector<Interval> label_f1;  // per class
  std::array<Interval, kComplexityCount> complexity_micro_f1{};
  const Interval& measure(std::string_view name) const { return measures[measure_index(name)]; }
};

struct BootstrapOptions {
  std::uint32_t resamples = kDefaultResamples;
  std::uint64_t seed = kDefaultSeed;
  double level = kDefaultLevel;
};

BootstrapIntervals bootstrap_intervals(const ConfusionMatrix& m, const BootstrapOptions& options);

// numpy.percentile(values, q) with linear interpolation; reorders values.
double percentile(std::vector<double>& values, double q);

// Draws a multinomial sample of n over cells with the given counts as weights.
void draw_multinomial(class Rng& rng, const std::vector<std::uint64_t>& weights, std::uint64_t n,
                      std::vector<std::uint64_t>& out);

}  // namespace caqa
