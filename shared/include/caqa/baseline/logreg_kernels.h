// Per-element math of the trained baseline (multinomial logistic regression over
// hashed sparse features), written once and compiled for both backends: the CPU twin
// (shared/src/baseline/logreg_cpu.cpp) and the CUDA twin (native/cuda/logreg.cu) call these
// same functions, so they differ only in how the loops are scheduled.
#pragma once

#include <math.h>
#include <stdint.h>

#include "caqa/host_device.h"

namespace caqa::baseline {

inline constexpr int kClasses = 4;  // the four CAQA labels, in caqa::Label order

// z[k] = b[k] + sum_j values[j] * W[indices[j] * 4 + k]  (row-major: feature, class)
CAQA_HD inline void row_logits(const uint32_t* indices, const float* values, uint64_t nnz, const float* weights,
                               const float* bias, float* z) {
  for (int k = 0; k < kClasses; ++k) z[k] = bias[k];
  for (uint64_t j = 0; j < nnz; ++j) {
    const float* w = weights + static_cast<uint64_t>(indices[j]) * kClasses;
    const float x = values[j];
    for (int k = 0; k < kClasses; ++k) z[k] += x * w[k];
  }
}

// In place: logits to probabilities (max subtracted first, so no overflow).
CAQA_HD inline void softmax4(float* z) {
  float m = z[0];
  for (int k = 1; k < kClasses; ++k) m = z[k] > m ? z[k] : m;
  float sum = 0;
  for (int k = 0; k < kClasses; ++k) {
    z[k] = expf(z[k] - m);
    sum += z[k];
  }
  for (int k = 0; k < kClasses; ++k) z[k] /= sum;
}

// Gradient of the mean cross-entropy with respect to the logits of one sample:
// (p - onehot(label)) * scale, scale = 1 / batch size.
CAQA_HD inline void logit_gradient(const float* p, int label, float scale, float* delta) {
  for (int k = 0; k < kClasses; ++k) delta[k] = (p[k] - (k == label ? 1.0f : 0.0f)) * scale;
}

// First label with the highest probability (ties go to the lower index).
CAQA_HD inline int argmax4(const float* p) {
  int best = 0;
  for (int k = 1; k < kClasses; ++k)
    if (p[k] > p[best]) best = k;
  return best;
}

struct AdamStep {
  float lr, beta1, beta2, eps;
  float correction1, correction2;  // 1 - beta1^t, 1 - beta2^t
  float l2;                        // added to the gradient as l2 * w
};

// One Adam update of one parameter (lazy Adam: only parameters with a gradient in the
// minibatch are visited).
CAQA_HD inline void adam_update(float& w, float& m, float& v, float g, const AdamStep& s) {
  g += s.l2 * w;
  m = s.beta1 * m + (1.0f - s.beta1) * g;
  v = s.beta2 * v + (1.0f - s.beta2) * g * g;
  const float mhat = m / s.correction1;
  const float vhat = v / s.correction2;
  w -= s.lr * mhat / (sqrtf(vhat) + s.eps);
}

}  // namespace caqa::baseline
