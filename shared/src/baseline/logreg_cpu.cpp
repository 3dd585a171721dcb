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

// Row r of the rows being trained on or predicted: x's own row, or row_ids[r] of x.
struct RowOf {
  const std::uint32_t* row_ids;
  std::uint32_t operator()(std::size_t r) const { return row_ids ? row_ids[r] : static_cast<std::uint32_t>(r); }
};

// The logits of x's rows a and b (row_logits of each, the two sums interleaved).
template <class WeightsOf>
void two_row_logits(const CsrView& x, std::uint32_t a, std::uint32_t b, const WeightsOf& weights_of, ClassVector bias,
                    float* za, float* zb) {
  const std::uint32_t* ia = x.indices + x.offsets[a];
  const float* va = x.values + x.offsets[a];
  const std::uint32_t* ib = x.indices + x.offsets[b];
  const float* vb = x.values + x.offsets[b];
  const std::uint64_t na = x.offsets[a + 1] - x.offsets[a], nb = x.offsets[b + 1] - x.offsets[b];
  const std::uint64_t both = na < nb ? na : nb;
  ClassVector sa = bias, sb = bias;
  for (std::uint64_t j = 0; j < both; ++j) {
    sa = sa + va[j] * weights_of(ia[j]);
    sb = sb + vb[j] * weights_of(ib[j]);
  }
  for (std::uint64_t j = both; j < na; ++j) sa = sa + va[j] * weights_of(ia[j]);
  for (std::uint64_t j = both; j < nb; ++j) sb = sb + vb[j] * weights_of(ib[j]);
  sa.store(za);
  sb.store(zb);
}

// Logits of the given rows of x into z (n * kClasses), two rows at a time.
template <class WeightsOf>
void logits_of_rows(const CsrView& x, const std::uint32_t* rows, std::size_t n, const WeightsOf& weights_of,
                    ClassVector bias, float* z) {
  std::size_t r = 0;
  for (; r + 1 < n; r += 2)
    two_row_logits(x, rows[r], rows[r + 1], weights_of, bias, z + r * kClasses, z + (r + 1) * kClasses);
  if (r < n) {
    const std::uint64_t b = x.offsets[rows[r]], e = x.offsets[rows[r] + 1];
    row_logits(x.indices + b, x.values + b, e - b, weights_of, bias).store(z + r * kClasses);
  }
}

bool train(const CsrView& x, RowOf row_of, std::size_t rows, const std::uint8_t* labels, const TrainOptions& options,
           LogRegModel& model, std::string& error) {
  if (options.batch <= 0 || options.epochs < 0) {
    error = "batch must be positive and epochs non-negative";
    return false;
  }
  const ClassVector zero{};
  // Kept between calls on a thread: AFLite trains hundreds of models, and a fresh 4 MiB
  // (at 2^16 features) each time cost more in page faults than the training of a small one.
  thread_local std::vector<FeatureState> state;
  state.assign(model.dim(), FeatureState{zero, zero, zero, zero});
  for (std::size_t f = 0; f < state.size(); ++f) state[f].w = ClassVector::load(model.weights.data() + f * kClasses);
  ClassVector bias = ClassVector::load(model.bias.data()), mb = zero, vb = zero, gb = zero;
  const StateWeights weights_of{state.data()};
  // The minibatch's features, marked in a bitmap as the gradient is scattered (the CUDA twin
  // marks them too, one byte per feature).
  std::vector<std::uint64_t> touched(state.size() / 64 + 1, 0);
  std::vector<std::uint32_t> batch_rows(static_cast<std::size_t>(options.batch));
  float z[2 * kClasses], delta[kClasses];
  for_each_minibatch(rows, options, [&](const std::uint32_t* positions, std::size_t n, std::uint64_t t) {
    const float scale = 1.0f / static_cast<float>(n);
    for (std::size_t r = 0; r < n; ++r) batch_rows[r] = row_of(positions[r]);
    // Two rows' logits, then their gradients while their features' lines are still cached.
    for (std::size_t pair = 0; pair < n; pair += 2) {
      const std::size_t in_pair = std::min<std::size_t>(2, n - pair);
      logits_of_rows(x, batch_rows.data() + pair, in_pair, weights_of, bias, z);
      for (std::size_t k = 0; k < in_pair; ++k) {
        const std::size_t r = pair + k;
        float* zr = z + k * kClasses;
        softmax4(zr);
        logit_gradient(zr, labels[positions[r]], scale, delta);
        const ClassVector d = ClassVector::load(delta);
        const std::uint64_t b = x.offsets[batch_rows[r]], e = x.offsets[batch_rows[r] + 1];
        for (std::uint64_t j = b; j < e; ++j) {
          const std::uint32_t f = x.indices[j];
          ClassVector& g = state[f].g;
          g = g + x.values[j] * d;
          touched[f / 64] |= std::uint64_t{1} << (f % 64);
        }
        gb = gb + d;
      }
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

void predict(const CsrView& x, RowOf row_of, std::size_t rows, const LogRegModel& model, float* probs) {
  const RowMajorWeights<ClassVector> weights_of{model.weights.data()};
  const ClassVector bias = ClassVector::load(model.bias.data());
  constexpr std::size_t kChunk = 64;
  std::uint32_t chunk_rows[kChunk];
  for (std::size_t start = 0; start < rows; start += kChunk) {
    const std::size_t n = std::min(kChunk, rows - start);
    for (std::size_t r = 0; r < n; ++r) chunk_rows[r] = row_of(start + r);
    float* p = probs + start * kClasses;
    logits_of_rows(x, chunk_rows, n, weights_of, bias, p);
    for (std::size_t r = 0; r < n; ++r) softmax4(p + r * kClasses);
  }
}

}  // namespace

bool logreg_train(const CsrView& x, const std::uint8_t* labels, const TrainOptions& options, LogRegModel& model,
                  std::string& error) {
  return train(x, RowOf{nullptr}, x.rows, labels, options, model, error);
}

bool logreg_predict(const CsrView& x, const LogRegModel& model, float* probs, std::string&) {
  predict(x, RowOf{nullptr}, x.rows, model, probs);
  return true;
}

bool logreg_train_rows(const CsrView& x, const std::uint32_t* row_ids, std::size_t n, const std::uint8_t* labels,
                       const TrainOptions& options, LogRegModel& model, std::string& error) {
  return train(x, RowOf{row_ids}, n, labels, options, model, error);
}

void logreg_predict_rows(const CsrView& x, const std::uint32_t* row_ids, std::size_t n, const LogRegModel& model,
                         float* probs) {
  predict(x, RowOf{row_ids}, n, model, probs);
}

}  // namespace caqa::baseline::cpu
