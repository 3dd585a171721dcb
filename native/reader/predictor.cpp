#include "reader/predictor.h"

#include <cmath>
#include <unordered_map>

#include "reader/schedule.h"

namespace caqa::reader {

ReaderPredictions predict_samples(ReaderEngine& engine, const std::vector<ReaderExample>& examples,
                                  const std::vector<std::size_t>& samples, int batch,
                                  const std::function<void(std::size_t, std::size_t)>& progress) {
  ReaderPredictions out;
  const int k = engine.config().classes;
  out.classes = k;
  out.predicted.assign(samples.size(), 0);
  out.probs.assign(samples.size() * static_cast<std::size_t>(k), 0.0f);
  std::unordered_map<std::size_t, std::size_t> position;
  for (std::size_t i = 0; i < samples.size(); ++i) position.emplace(samples[i], i);
  std::size_t done = 0;
  for (const auto& group : length_batches(samples, examples, batch)) {
    const HostBatch b = assemble_batch(examples, group.data(), group.size(), engine.config().buckets);
    const std::vector<float> logits = engine.predict(b);
    for (std::size_t n = 0; n < group.size(); ++n) {
      const float* row = &logits[n * k];
      const std::size_t at = position.at(group[n]);
      float top = row[0];
      int best = 0;
      for (int c = 1; c < k; ++c)
        if (row[c] > top) top = row[c], best = c;
      double sum = 0;
      for (int c = 0; c < k; ++c) sum += std::exp(static_cast<double>(row[c] - top));
      for (int c = 0; c < k; ++c)
        out.probs[at * k + c] = static_cast<float>(std::exp(static_cast<double>(row[c] - top)) / sum);
      out.predicted[at] = best;
    }
    done += group.size();
    if (progress) progress(done, samples.size());
  }
  return out;
}

double micro_f1(const std::vector<ReaderExample>& examples, const std::vector<std::size_t>& samples,
                const ReaderPredictions& predictions) {
  if (samples.empty()) return std::nan("");
  std::size_t right = 0;
  for (std::size_t i = 0; i < samples.size(); ++i) right += predictions.predicted[i] == examples[samples[i]].label;
  return static_cast<double>(right) / static_cast<double>(samples.size());
}

}  // namespace caqa::reader
