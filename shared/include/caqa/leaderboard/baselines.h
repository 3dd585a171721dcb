// The board's computed baselines, as prediction files scored like any submission:
// always supportive, the majority label of train, and a uniform random label per
// sample (caqa's Rng seeded 13, gold order).
#pragma once

#include <string>
#include <vector>

#include "caqa/gold_set.h"
#include "caqa/label.h"
#include "caqa/leaderboard/submission.h"

namespace caqa::leaderboard {

struct Baseline {
  SubmissionMeta meta;      // slug baseline-..., setting "baseline", no date
  std::string predictions;  // JSON Lines, one {"id", "label"} per test sample
};

// In board order; the majority baseline only when train has samples.
std::vector<Baseline> computed_baselines(const GoldSet& test, const GoldSet& train);

// One line {"id": ..., "label": label} per test sample, in gold order.
std::string constant_predictions(const GoldSet& test, Label label);

}  // namespace caqa::leaderboard
