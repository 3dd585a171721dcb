// Counts of (complexity, gold class, predicted outcome) under a label scheme. Every
// metric of the classification track is a function of these counts, which is also what
// lets the bootstrap resample cells instead of samples. The outcome columns are the
// scheme's classes, then a missing prediction, then an unparseable response or invalid
// label: a scheme of k classes has k + 2 columns.
#pragma once

#include <cstdint>
#include <vector>

#include "caqa/complexity.h"

namespace caqa {

class ConfusionMatrix {
 public:
  ConfusionMatrix() = default;
  explicit ConfusionMatrix(int classes)
      : classes_(classes), counts_(static_cast<std::size_t>(kComplexityCount) * classes * (classes + 2), 0) {}

  int classes() const { return classes_; }
  int outcomes() const { return classes_ + 2; }
  int missing_column() const { return classes_; }
  int unparseable_column() const { return classes_ + 1; }

  void add(Complexity c, int gold, int outcome, std::uint64_t n = 1) { counts_[index(c, gold, outcome)] += n; }
  std::uint64_t at(Complexity c, int gold, int outcome) const { return counts_[index(c, gold, outcome)]; }
  // Summed over complexity levels: [gold][outcome].
  std::vector<std::vector<std::uint64_t>> overall() const;
  std::uint64_t total() const;
  std::uint64_t total(Complexity c) const;
  std::uint64_t correct(Complexity c) const;
  // Drops the missing column (scoring with --ignore-missing).
  ConfusionMatrix without_missing() const;

 private:
  std::size_t index(Complexity c, int gold, int outcome) const {
    return (static_cast<std::size_t>(index_of(c)) * classes_ + gold) * (classes_ + 2) + outcome;
  }
  int classes_ = 0;
  std::vector<std::uint64_t> counts_;
};

}  // namespace caqa
