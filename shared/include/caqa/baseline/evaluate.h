// Scoring the baselines' predictions in memory with the core's metrics (confusion
// matrix and classification, as `caqa score` does), for `caqa audit` and the tests.
#pragma once

#include <vector>

#include "caqa/complexity.h"
#include "caqa/label.h"
#include "caqa/metrics/classification.h"
#include "caqa/metrics/confusion.h"

namespace caqa::baseline {

ConfusionMatrix confusion_of(const std::vector<Label>& gold, const std::vector<Complexity>& complexity,
                             const std::vector<Label>& predicted);
inline Classification classify_predictions(const std::vector<Label>& gold, const std::vector<Complexity>& complexity,
                                           const std::vector<Label>& predicted) {
  return classify(confusion_of(gold, complexity, predicted));
}
// Most frequent label (ties: lower label index).
Label majority_label(const std::vector<Label>& labels);

}  // namespace caqa::baseline
