// CPU twin of native/cuda/logreg.cu, single-threaded: a seed fixes the model bytes, and
// the core also runs in the browser, which has no threads. A feature's weights, Adam
// moments and gradient share one cache line (FeatureState), so the forward pass, the
// gradient scatter and the Adam step of a minibatch miss the cache once per feature, not
// once per array; its four classes are one SIMD operation (ClassVector). Per parameter
// the arithmetic and the order of the sums are those of four scalar loops.
#include <algorithm>
#include <bit>
#include <vector>

#include "caqa/baseline/logreg_cpu.h"

namespace caqa::baseline::cpu {

namespace {

struct alignas(64) FeatureState {
  ClassVector w, m, v, g;
};

struct StateWeights {
  const FeatureState* state;
  ClassVector operator()(std::uint32_t f) const { return state[f].w; }
};

}  // namespace

bool logreg_train(const CsrView& x, const std::uint8_t* labels, const TrainOptions& options, LogRegModel& model,
                  std::string& error) {
  if (options.batch <= 0 || options.epochs < 0) {
    error = "batch must be positive and epochs non-negative";
    return false;
  }
  const ClassVector zero{};
  std::vector<FeatureState> state(model.dim(), FeatureState{zero, zero, zero, zero});
  for (std::size_t f = 0; f < state.size(); ++f) state[f].w = ClassVector::load(model.weights.data() + f * kClasses);
  ClassVector bias = ClassVector::load(model.bias.data()), mb = zero, vb = zero, gb = zero;
  const StateWeights weights_of{state.data()};
  // The minibatch's features, marked in a bitmap as the gradient is scattered (the CUDA twin
  // lists them with batch_features: the same set, a fifth of this loop's time when apart).
  std::vector<std::uint64_t> touched(state.size() / 64 + 1, 0);
  float z[kClasses], delta[kClasses];
  for_each_minibatch(x.rows, options, [&](const std::uint32_t* rows, std::size_t n, std::uint64_t t) {
    const float scale = 1.0f / static_cast<float>(n);
    for (std::size_t r = 0; r < n; ++r) {
      const std::uint64_t b = x.offsets[rows[r]], e = x.offsets[rows[r] + 1];
      row_logits(x.indices + b, x.values + b, e - b, weights_of, bias).store(z);
      softmax4(z);
      logit_gradient(z, labels[rows[r]], scale, delta);
      const ClassVector d = ClassVector::load(delta);
      for (std::uint64_t j = b; j < e; ++j) {
        const std::uint32_t f = x.indices[j];
        ClassVector& g = state[f].g;
        g = g + x.values[j] * d;
        touched[f / 64] |= std::uint64_t{1} << (f % 64);
      }
      gb = gb + d;
    }
    const AdamStep step = adam_step(options, t);
    for (std::size_t w = 0; w < touched.size(); ++w) {
      for (std::uint64_t bits = touched[w]; bits != 0; bits &= bits - 1) {
        FeatureState& s = state[w * 64 + static_cast<std::size_t>(std::countr_zero(bits))];
        adam_update(s.w, s.m, s.v, s.g, step);
        s.g = zero;
      }
      touched[w] = 0;
    }
    AdamStep bias_step = step;
    bias_step.l2 = 0;
    adam_update(bias, mb, vb, gb, bias_step);
    gb = zero;
    return true;
  });
  for (std::size_t f = 0; f < state.size(); ++f) state[f].w.store(model.weights.data() + f * kClasses);
  bias.store(model.bias.data());
  return true;
}

bool logreg_predict(const CsrView& x, const LogRegModel& model, float* probs, std::string&) {
  const RowMajorWeights<ClassVector> weights_of{model.weights.data()};
  const ClassVector bias = ClassVector::load(model.bias.data());
  for (std::size_t r = 0; r < x.rows; ++r) {
    const std::uint64_t b = x.offsets[r], e = x.offsets[r + 1];
    float* p = probs + r * kClasses;
    row_logits(x.indices + b, x.values + b, e - b, weights_of, bias).store(p);
    softmax4(p);
  }
  return true;
}

}  // namespace caqa::baseline::cpu
