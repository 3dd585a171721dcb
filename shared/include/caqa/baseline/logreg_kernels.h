// Per-element math of the trained baseline (multinomial logistic regression over
// hashed sparse features), written once and compiled for both backends: the CPU twin
// (shared/src/baseline/logreg_cpu.cpp) and the CUDA twin (native/cuda/logreg.cu) call these
// same functions, so they differ only in how the loops are scheduled. The functions over
// several classes are templates over how the classes are held (class_lanes.h): the CPU
// twin passes ClassVector (four classes in one SIMD operation), the CUDA twin ClassArray
// or a single float (one thread per parameter); the operations per lane and their order
// are the same, so are the bits.
#pragma once

#include <stdint.h>

#include "caqa/baseline/class_lanes.h"

namespace caqa::baseline {

// Feature f's class weights in the model's row-major (feature, class) matrix.
template <class Lanes>
struct RowMajorWeights {
  const float* weights;
  CAQA_HD Lanes operator()(uint32_t f) const { return Lanes::load(weights + static_cast<uint64_t>(f) * kClasses); }
};

// bias + sum_j values[j] * W[indices[j]], summed in j order; weights_of(f) gives feature
// f's class weights (RowMajorWeights, or a backend's own layout of the same numbers).
template <class Lanes, class WeightsOf>
CAQA_HD inline Lanes row_logits(const uint32_t* indices, const float* values, uint64_t nnz, const WeightsOf& weights_of,
                                Lanes bias) {
  Lanes z = bias;
  for (uint64_t j = 0; j < nnz; ++j) z = z + values[j] * weights_of(indices[j]);
  return z;
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

// One Adam update of one parameter, or of lanes of parameters at once (lazy Adam: only
// parameters with a gradient in the minibatch are visited).
template <class F>
CAQA_HD inline void adam_update(F& w, F& m, F& v, F g, const AdamStep& s) {
  g = g + s.l2 * w;
  m = s.beta1 * m + (1.0f - s.beta1) * g;
  v = s.beta2 * v + (1.0f - s.beta2) * g * g;
  const F mhat = m / s.correction1;
  const F vhat = v / s.correction2;
  w = w - s.lr * mhat / (sqrt_of(vhat) + s.eps);
}

}  // namespace caqa::baseline
