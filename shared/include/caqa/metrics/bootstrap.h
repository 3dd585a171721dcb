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
#include "caqa/rng.h"

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

// Multinomial samples over cells with the given counts as weights, drawn cell by cell:
// each cell's count is Binomial(what is left, its weight over its own and the later
// cells' weight). Those probabilities are the same in every sample, so they are worked
// out once; a bootstrap draws thousands of samples from one set of weights.
class MultinomialDraws {
 public:
  explicit MultinomialDraws(const std::vector<std::uint64_t>& weights);
  // A sample of n: out[i] for cell i.
  void draw(Rng& rng, std::uint64_t n, std::vector<std::uint64_t>& out) const;

 private:
  struct Cell {
    std::size_t index;               // among the weights (cells of weight 0 are never drawn)
    BinomialProbability given_left;  // its weight over the weight from it on
  };
  static constexpr std::size_t kNone = static_cast<std::size_t>(-1);
  std::size_t size_;
  std::vector<Cell> cells_;   // every cell of non-zero weight but the last
  std::size_t last_ = kNone;  // the last, which takes what is left
};

}  // namespace caqa
