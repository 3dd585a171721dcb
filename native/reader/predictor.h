// Running a trained reader over samples: class probabilities in batches of similar length.
#pragma once

#include <functional>
#include <vector>

#include "reader/engine.h"

namespace caqa::reader {

struct ReaderPredictions {
  int classes = 0;
  std::vector<int> predicted;  // per requested sample, in the order asked
  std::vector<float> probs;    // per requested sample, `classes` probabilities
};

// `progress(done, total)` after each batch, if given.
ReaderPredictions predict_samples(ReaderEngine& engine, const std::vector<ReaderExample>& examples,
                                  const std::vector<std::size_t>& samples, int batch,
                                  const std::function<void(std::size_t, std::size_t)>& progress = {});

// Share of samples whose predicted class is the gold one: micro-F1 for single-label
// classification (every sample has one gold class and one predicted).
double micro_f1(const std::vector<ReaderExample>& examples, const std::vector<std::size_t>& samples,
                const ReaderPredictions& predictions);

}  // namespace caqa::reader
