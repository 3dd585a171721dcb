// The lexical baseline: one BM25-style score of how much of question + answer the
// citation covers, cut into the four labels by three thresholds (and an assignment of
// labels to the four score intervals) fit on train by exhaustive grid search for the
// highest train micro-F1. Deterministic; no I/O.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "caqa/baseline/features.h"
#include "caqa/label.h"

namespace caqa::baseline {

struct LexicalModel {
  std::vector<float> df;  // document frequency of hashed terms over train citations
  std::uint32_t documents = 0;
  double average_length = 1;
  std::array<double, 3> thresholds{};      // interval i: thresholds[i-1] <= s < thresholds[i]
  std::array<Label, 4> interval_labels{};  // label of each interval, lowest scores first
  double train_micro_f1 = 0;
};

// Fits the term statistics on the citations, then the thresholds on the scores.
LexicalModel fit_lexical(const std::vector<TextFields>& train, const std::vector<Label>& labels);
double lexical_score(const LexicalModel& model, const TextFields& fields);  // in [0, 1]
Label lexical_label(const LexicalModel& model, double score);

}  // namespace caqa::baseline
