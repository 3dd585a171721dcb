// The reader's per-element maths, written once for both twins (issue 34): the CPU device
// calls these in loops, the CUDA kernels call the same functions per thread. Nothing here
// allocates or touches memory beyond its arguments.
#pragma once

#include <cmath>
#include <cstdint>

#include "caqa/host_device.h"

namespace caqa::reader::ops {

CAQA_HD inline float relu(float x) { return x > 0.0f ? x : 0.0f; }
// The gradient through relu, given the value it produced.
CAQA_HD inline float relu_grad(float out, float grad) { return out > 0.0f ? grad : 0.0f; }

// Softmax of the first `valid` of `n` values (the other text's real tokens); the padding
// gets probability 0, as a mask of -inf would give it.
CAQA_HD inline void masked_softmax(const float* in, float* out, int n, int valid) {
  float top = in[0];
  for (int i = 1; i < valid; ++i) top = in[i] > top ? in[i] : top;
  float sum = 0.0f;
  for (int i = 0; i < valid; ++i) {
    out[i] = expf(in[i] - top);
    sum += out[i];
  }
  for (int i = 0; i < valid; ++i) out[i] /= sum;
  for (int i = valid; i < n; ++i) out[i] = 0.0f;
}

// d(score) from d(probability) through a softmax row: p * (dp - sum(dp * p)).
CAQA_HD inline void masked_softmax_grad(const float* p, const float* dp, float* ds, int n, int valid) {
  float dot = 0.0f;
  for (int i = 0; i < valid; ++i) dot += dp[i] * p[i];
  for (int i = 0; i < valid; ++i) ds[i] = p[i] * (dp[i] - dot);
  for (int i = valid; i < n; ++i) ds[i] = 0.0f;
}

// Cross-entropy of one row of logits against `label`: returns the loss and writes
// scale * (softmax - onehot), the gradient of scale * loss.
CAQA_HD inline float cross_entropy(const float* logits, int classes, int label, float scale, float* grad) {
  float top = logits[0];
  for (int c = 1; c < classes; ++c) top = logits[c] > top ? logits[c] : top;
  float sum = 0.0f;
  for (int c = 0; c < classes; ++c) sum += expf(logits[c] - top);
  const float log_sum = logf(sum) + top;
  for (int c = 0; c < classes; ++c) grad[c] = (expf(logits[c] - log_sum) - (c == label ? 1.0f : 0.0f)) * scale;
  return log_sum - logits[label];
}

// SplitMix64's finaliser: the counter-based generator behind dropout and initialisation,
// so that a value depends on (seed, stream, index) only, never on which thread drew it.
CAQA_HD inline std::uint64_t mix64(std::uint64_t z) {
  z += 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
// Uniform in [0, 1) with 24 random bits (exact in a float).
CAQA_HD inline float counter_uniform(std::uint64_t seed, std::uint64_t stream, std::uint64_t index) {
  return static_cast<float>(mix64(mix64(seed ^ mix64(stream)) ^ index) >> 40) * (1.0f / 16777216.0f);
}
// Inverted dropout: the factor an element is multiplied by (0 or 1 / (1 - rate)).
CAQA_HD inline float dropout_factor(float rate, std::uint64_t seed, std::uint64_t stream, std::uint64_t index) {
  return counter_uniform(seed, stream, index) < rate ? 0.0f : 1.0f / (1.0f - rate);
}

struct AdamW {
  float lr = 1e-3f, beta1 = 0.9f, beta2 = 0.999f, eps = 1e-8f, weight_decay = 0.01f;
};

// What one AdamW step shares across parameters, worked out once per step in double as
// PyTorch works out its scalars; `step` counts from 1.
struct AdamWScalars {
  float decay, step_size, root_c2;
};
inline AdamWScalars adamw_scalars(const AdamW& h, std::int64_t step) {
  const double c1 = 1.0 - std::pow(static_cast<double>(h.beta1), static_cast<double>(step));
  const double c2 = 1.0 - std::pow(static_cast<double>(h.beta2), static_cast<double>(step));
  return {static_cast<float>(1.0 - static_cast<double>(h.lr) * h.weight_decay), static_cast<float>(h.lr / c1),
          static_cast<float>(std::sqrt(c2))};
}

// One AdamW step of one parameter, as torch.optim.AdamW does it (decoupled weight decay,
// bias-corrected moments), in its order of operations so that the CPU twin meets its goldens.
CAQA_HD inline void adamw_step(float& param, float grad, float& m, float& v, const AdamW& h, const AdamWScalars& s) {
  param *= s.decay;
  m = h.beta1 * m + (1.0f - h.beta1) * grad;
  v = h.beta2 * v + (1.0f - h.beta2) * grad * grad;
  param -= s.step_size * (m / (sqrtf(v) / s.root_c2 + h.eps));
}

}  // namespace caqa::reader::ops
