// CPU twin of native/cuda/logreg.cu, single-threaded: a seed fixes the model bytes, and
// the core also runs in the browser, which has no threads.
#include <algorithm>
#include <vector>

#include "caqa/baseline/logreg_cpu.h"

namespace caqa::baseline::cpu {

bool logreg_train(const CsrView& x, const std::uint8_t* labels, const TrainOptions& options, LogRegModel& model,
                  std::string& error) {
  if (options.batch <= 0 || options.epochs < 0) {
    error = "batch must be positive and epochs non-negative";
    return false;
  }
  const std::size_t params = model.weights.size();
  std::vector<float> m(params, 0.0f), v(params, 0.0f), grad(params, 0.0f);
  std::array<float, kClasses> mb{}, vb{}, gb{};
  std::vector<std::uint32_t> features;
  std::uint64_t t = 0;
  float z[kClasses], delta[kClasses];
  for (int epoch = 0; epoch < options.epochs; ++epoch) {
    const auto order = epoch_order(x.rows, options.seed, epoch);
    for (std::size_t start = 0; start < x.rows; start += static_cast<std::size_t>(options.batch)) {
      const std::size_t n = std::min<std::size_t>(options.batch, x.rows - start);
      const std::uint32_t* rows = order.data() + start;
      batch_features(x, rows, n, features);
      const float scale = 1.0f / static_cast<float>(n);
      for (std::size_t r = 0; r < n; ++r) {
        const std::uint64_t b = x.offsets[rows[r]], e = x.offsets[rows[r] + 1];
        row_logits(x.indices + b, x.values + b, e - b, model.weights.data(), model.bias.data(), z);
        softmax4(z);
        logit_gradient(z, labels[rows[r]], scale, delta);
        for (std::uint64_t j = b; j < e; ++j) {
          float* g = grad.data() + static_cast<std::size_t>(x.indices[j]) * kClasses;
          for (int k = 0; k < kClasses; ++k) g[k] += x.values[j] * delta[k];
        }
        for (int k = 0; k < kClasses; ++k) gb[k] += delta[k];
      }
      const AdamStep step = adam_step(options, ++t);
      for (std::uint32_t f : features)
        for (int k = 0; k < kClasses; ++k) {
          const std::size_t p = static_cast<std::size_t>(f) * kClasses + k;
          adam_update(model.weights[p], m[p], v[p], grad[p], step);
          grad[p] = 0.0f;
        }
      AdamStep bias_step = step;
      bias_step.l2 = 0;
      for (int k = 0; k < kClasses; ++k) {
        adam_update(model.bias[k], mb[k], vb[k], gb[k], bias_step);
        gb[k] = 0.0f;
      }
    }
  }
  return true;
}

bool logreg_predict(const CsrView& x, const LogRegModel& model, float* probs, std::string&) {
  for (std::size_t r = 0; r < x.rows; ++r) {
    const std::uint64_t b = x.offsets[r], e = x.offsets[r + 1];
    float* p = probs + r * kClasses;
    row_logits(x.indices + b, x.values + b, e - b, model.weights.data(), model.bias.data(), p);
    softmax4(p);
  }
  return true;
}

}  // namespace caqa::baseline::cpu
