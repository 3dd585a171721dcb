#include "caqa/hardening/probe.h"

#include <cmath>
#include <limits>
#include <string>

#include "caqa/baseline/evaluate.h"
#include "caqa/baseline/logreg_cpu.h"

namespace caqa::hardening {

double full_input_micro_f1(const std::vector<FilterSample>& samples, const std::vector<bool>& is_test,
                           const std::vector<bool>& keep, const ProbeOptions& options) {
  baseline::SparseRows train_x, test_x;
  std::vector<std::uint8_t> train_labels;
  std::vector<Label> gold;
  std::vector<Complexity> complexity;
  for (std::size_t i = 0; i < samples.size(); ++i) {
    if (!keep.empty() && !keep[i]) continue;
    const FilterSample& s = samples[i];
    const baseline::TextFields fields{s.question, s.answer, s.citation};
    if (is_test[i]) {
      baseline::featurize(fields, options.features, test_x);
      gold.push_back(s.label);
      complexity.push_back(s.complexity);
    } else {
      baseline::featurize(fields, options.features, train_x);
      train_labels.push_back(static_cast<std::uint8_t>(index_of(s.label)));
    }
  }
  if (train_labels.empty() || gold.empty()) return std::numeric_limits<double>::quiet_NaN();
  baseline::LogRegModel model;
  model.reset(options.features.dim_bits, static_cast<std::uint8_t>(options.features.view));
  std::string error;
  if (!baseline::cpu::logreg_train(baseline::view_of(train_x), train_labels.data(), options.train, model, error))
    return std::numeric_limits<double>::quiet_NaN();
  std::vector<float> probs(gold.size() * baseline::kClasses);
  baseline::cpu::logreg_predict(baseline::view_of(test_x), model, probs.data(), error);
  std::vector<Label> predicted(gold.size());
  for (std::size_t i = 0; i < gold.size(); ++i)
    predicted[i] = kLabels[baseline::argmax4(probs.data() + i * baseline::kClasses)];
  return baseline::classify_predictions(gold, complexity, predicted).value("micro_f1");
}

}  // namespace caqa::hardening
