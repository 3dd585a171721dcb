#include "caqa/baseline/evaluate.h"

#include <array>

namespace caqa::baseline {

ConfusionMatrix confusion_of(const std::vector<Label>& gold, const std::vector<Complexity>& complexity,
                             const std::vector<Label>& predicted) {
  ConfusionMatrix m(kLabelCount);
  for (std::size_t i = 0; i < gold.size(); ++i) m.add(complexity[i], index_of(gold[i]), index_of(predicted[i]));
  return m;
}

Label majority_label(const std::vector<Label>& labels) {
  std::array<std::size_t, kLabelCount> counts{};
  for (Label l : labels) ++counts[index_of(l)];
  int best = 0;
  for (int k = 1; k < kLabelCount; ++k)
    if (counts[k] > counts[best]) best = k;
  return kLabels[best];
}

}  // namespace caqa::baseline
