// Counts of (complexity, gold label, predicted outcome). Every metric of the
// classification track is a function of these counts, which is also what lets the
// bootstrap resample cells instead of samples.
#pragma once

#include <array>
#include <cstdint>

#include "caqa/complexity.h"
#include "caqa/label.h"

namespace caqa {

// Predicted-outcome columns: the four labels, then a missing prediction, then an
// unparseable response or invalid label string.
inline constexpr int kMissingColumn = 4;
inline constexpr int kUnparseableColumn = 5;
inline constexpr int kOutcomeCount = 6;

struct ConfusionMatrix {
  // counts[complexity][gold][outcome]
  std::array<std::array<std::array<std::uint64_t, kOutcomeCount>, kLabelCount>, kComplexityCount> counts{};

  void add(Complexity c, Label gold, int outcome, std::uint64_t n = 1) {
    counts[index_of(c)][index_of(gold)][outcome] += n;
  }
  // Summed over complexity levels: [gold][outcome].
  std::array<std::array<std::uint64_t, kOutcomeCount>, kLabelCount> overall() const;
  std::uint64_t total() const;
  std::uint64_t total(Complexity c) const;
  std::uint64_t correct(Complexity c) const;
  // Drops the missing column (scoring with --ignore-missing).
  ConfusionMatrix without_missing() const;
};

}  // namespace caqa
