// Paired significance of the difference between two evaluators scored on the
// same gold samples: a paired bootstrap and an approximate randomization test,
// both over joint cells (gold, outcome A, outcome B), so cost is independent of n.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "caqa/metrics/bootstrap.h"
#include "caqa/vocab/label_scheme.h"

namespace caqa {

// Metric compared: a registered measure (measure.h) by name, or f1:<class> for one
// class of the scheme.
struct CompareMetric {
  int measure = 0;    // index in measures(), or -1 for a class F1
  ClassId label = 0;  // with measure == -1
  std::string name(const LabelScheme& scheme) const;
};
std::optional<CompareMetric> parse_compare_metric(std::string_view text, const LabelScheme& scheme);
double metric_value(const Classification& c, const CompareMetric& metric);
// "micro_f1, macro_f1, ... or f1:<class>": the values --metric takes.
std::string compare_metric_names();

// joint[(gold * outcomes + a) * outcomes + b] over a scheme's classes and outcomes.
struct PairedCounts {
  explicit PairedCounts(int classes)
      : classes(classes), joint(static_cast<std::size_t>(classes) * (classes + 2) * (classes + 2), 0) {}
  int classes;
  std::vector<std::uint64_t> joint;
  void add(int gold, int a, int b) {
    joint[(static_cast<std::size_t>(gold) * (classes + 2) + a) * (classes + 2) + b] += 1;
  }
  std::uint64_t total() const;
};

struct PairedResult {
  double value_a = 0, value_b = 0, difference = 0;  // difference = a - b
  Interval difference_ci{};
  double p_bootstrap = 1;      // two-sided, from the share of replicates on either side of 0
  double p_randomization = 1;  // (1 + #|d*| >= |d|) / (1 + R), swapping A and B per sample
  std::uint64_t n = 0;
};

PairedResult compare_paired(const PairedCounts& counts, const CompareMetric& metric, const BootstrapOptions& options);

}  // namespace caqa
