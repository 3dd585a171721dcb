// Paired significance of the difference between two evaluators scored on the
// same gold samples: a paired bootstrap and an approximate randomization test,
// both over joint cells (gold, outcome A, outcome B), so cost is independent of n.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "caqa/metrics/bootstrap.h"

namespace caqa {

// Metric compared: micro_f1, macro_f1, weighted_f1 or f1:<label>.
struct CompareMetric {
  enum class Kind : std::uint8_t { MicroF1, MacroF1, WeightedF1, LabelF1 } kind = Kind::MicroF1;
  Label label = Label::Supportive;
  std::string name() const;
};
std::optional<CompareMetric> parse_compare_metric(std::string_view text);
double metric_value(const Classification& c, const CompareMetric& metric);

// joint[gold][outcome_a][outcome_b]
struct PairedCounts {
  std::array<std::array<std::array<std::uint64_t, kOutcomeCount>, kOutcomeCount>, kLabelCount> joint{};
  std::uint64_t total() const;
};

struct PairedResult {
  double value_a = 0, value_b = 0, difference = 0;  // difference = a - b
  Interval difference_ci{};
  double p_bootstrap = 1;     // two-sided, from the share of replicates on either side of 0
  double p_randomization = 1; // (1 + #|d*| >= |d|) / (1 + R), swapping A and B per sample
  std::uint64_t n = 0;
};

PairedResult compare_paired(const PairedCounts& counts, const CompareMetric& metric,
                            const BootstrapOptions& options);

}  // namespace caqa
