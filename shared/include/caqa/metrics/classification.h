// Per-class precision/recall/F1, the registered summary measures (measure.h) and
// micro-F1 per complexity level, computed from confusion counts (README "Metrics").
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "caqa/metrics/confusion.h"
#include "caqa/metrics/measure.h"

namespace caqa {

struct LabelScores {
  double precision = 0, recall = 0, f1 = 0;
  std::uint64_t support = 0;    // gold count
  std::uint64_t predicted = 0;  // times this class was predicted
};

struct PrecisionRecallF1 {
  double precision = 0, recall = 0, f1 = 0;
};

struct Classification {
  std::vector<LabelScores> per_label;  // one per class of the scheme
  std::uint64_t n = 0;                 // scored gold samples
  std::uint64_t correct = 0;
  std::vector<double> values;                                  // one per entry of measures()
  double macro_f1_present = 0;                                 // mean over classes present in gold
  PrecisionRecallF1 micro_over_labels{};                       // sklearn average="micro" over the classes
  std::array<double, kComplexityCount> complexity_micro_f1{};  // NaN when a level has no samples
  std::array<std::uint64_t, kComplexityCount> complexity_n{};

  // A registered measure's value by name ("micro_f1").
  double value(std::string_view measure) const { return values[measure_index(measure)]; }
};

Classification classify(const ConfusionMatrix& m);

// The first class (supportive, attributable, full) vs. the rest: the other classes,
// missing and unparseable.
struct BinaryClassification {
  LabelScores supportive{};
  LabelScores rest{};
  double micro_f1 = 0;
  double macro_f1 = 0;
};

BinaryClassification classify_binary(const ConfusionMatrix& m);

}  // namespace caqa
