// Percentile bootstrap confidence intervals. Every classification metric is a
// function of the confusion cells, so a replicate draws multinomial cell counts
// (n draws over the observed cell frequencies) instead of re-indexing n samples:
// the cost depends on the number of cells, not on n.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "caqa/metrics/classification.h"
#include "caqa/metrics/confusion.h"

namespace caqa {

struct Interval {
  double low = 0, high = 0;
};

struct BootstrapOptions {
  std::uint32_t resamples = 1000;
  std::uint64_t seed = 13;
  double level = 0.95;
};

struct BootstrapIntervals {
  Interval micro_f1, macro_f1;
  std::array<Interval, kLabelCount> label_f1{};
  std::array<Interval, kComplexityCount> complexity_micro_f1{};
};

BootstrapIntervals bootstrap_intervals(const ConfusionMatrix& m, const BootstrapOptions& options);

// numpy.percentile(values, q) with linear interpolation; sorts values.
double percentile(std::vector<double>& values, double q);

// Draws a multinomial sample of n over cells with the given counts as weights.
void draw_multinomial(class Rng& rng, const std::vector<std::uint64_t>& weights, std::uint64_t n,
                      std::vector<std::uint64_t>& out);

}  // namespace caqa
