// Per-label precision/recall/F1 and their micro, macro and weighted averages over
// the four labels, computed from confusion counts (README "Metrics").
#pragma once

#include <array>
#include <cstdint>

#include "caqa/metrics/confusion.h"

namespace caqa {

struct LabelScores {
  double precision = 0, recall = 0, f1 = 0;
  std::uint64_t support = 0;    // gold count
  std::uint64_t predicted = 0;  // times this label was predicted
};

struct PrecisionRecallF1 {
  double precision = 0, recall = 0, f1 = 0;
};

struct Classification {
  std::array<LabelScores, kLabelCount> per_label{};
  std::uint64_t n = 0;        // scored gold samples
  std::uint64_t correct = 0;
  double micro_f1 = 0;        // pooled over the labels and the missing/unparseable outcomes = accuracy
  double macro_f1 = 0;        // mean over all four labels, absent ones included with F1 0
  double weighted_f1 = 0;     // weighted by gold support
  double macro_f1_present = 0;            // mean over labels present in gold
  PrecisionRecallF1 micro_over_labels{};  // sklearn average="micro", labels=[0..3]
  std::array<double, kComplexityCount> complexity_micro_f1{};  // NaN when a level has no samples
  std::array<std::uint64_t, kComplexityCount> complexity_n{};
};

Classification classify(const ConfusionMatrix& m);

// Supportive vs. the rest (the three negative labels, missing and unparseable).
struct BinaryClassification {
  LabelScores supportive{};
  LabelScores rest{};
  double micro_f1 = 0;  // = binary accuracy
  double macro_f1 = 0;
};

BinaryClassification classify_binary(const ConfusionMatrix& m);

// 0/0 is 0, as in scikit-learn's zero_division=0.
inline double ratio_or_zero(double num, double den) { return den == 0 ? 0.0 : num / den; }
inline double f1_from_counts(double tp, double fp, double fn) { return ratio_or_zero(2 * tp, 2 * tp + fp + fn); }

}  // namespace caqa
