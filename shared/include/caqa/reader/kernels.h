// The reader's element-wise steps as functors: `operator()(i)` does element i, so that the
// CPU device runs them in a loop and the CUDA device as one thread each (reader/pass.h
// says which step runs over how many elements). Row-major buffers throughout; a batch of
// B texts padded to L tokens is B * L rows, sample n's token t at row n * L + t.
#pragma once

#include <cstddef>
#include <cstdint>

#include "caqa/reader/ops.h"

namespace caqa::reader::kernels {

using std::size_t;
using std::uint32_t;

// out[r] = sum of weight * table row over token r's features (its hashed words and
// n-grams, and its exact-match row); element i = (r, j).
struct Gather {
  const uint32_t *offsets, *ids;
  const float *weights, *table;
  int dim;
  float* out;
  CAQA_HD void operator()(size_t i) const {
    const size_t r = i / dim, j = i % dim;
    float sum = 0.0f;
    for (uint32_t f = offsets[r]; f < offsets[r + 1]; ++f)
      sum += weights[f] * table[static_cast<size_t>(ids[f]) * dim + j];
    out[i] = sum;
  }
};

// The table's gradient, one row per thread in a fixed order (no atomics, so it is the same
// on every run): rows[u] gets the weighted sum of the token gradients of its uses.
struct Scatter {
  const uint32_t *rows, *offsets, *slots;
  const float *weights, *grad_out;
  int dim;
  float* table_grad;
  CAQA_HD void operator()(size_t i) const {
    const size_t u = i / dim, j = i % dim;
    float sum = 0.0f;
    for (uint32_t e = offsets[u]; e < offsets[u + 1]; ++e)
      sum += weights[e] * grad_out[static_cast<size_t>(slots[e]) * dim + j];
    table_grad[static_cast<size_t>(rows[u]) * dim + j] += sum;
  }
};

// u[r] = [x[t - w/2], ..., x[t + w/2]] within the sample (zeros past its ends): each token
// with its neighbours, so that "directed by X" and "written by X" embed apart.
struct WindowGather {
  const float* x;
  int length, dim, window;
  float* u;
  CAQA_HD void operator()(size_t i) const {
    const size_t width = static_cast<size_t>(window) * dim;
    const size_t r = i / width, rem = i % width;
    const int k = static_cast<int>(rem / dim), t = static_cast<int>(r % length);
    const int src = t + k - window / 2;
    u[i] = src >= 0 && src < length ? x[(r - t + src) * dim + rem % dim] : 0.0f;
  }
};

// WindowGather's gradient: dx[r] sums the window slots that copied x[r].
struct WindowScatter {
  const float* du;
  int length, dim, window;
  float* dx;
  CAQA_HD void operator()(size_t i) const {
    const size_t r = i / dim, j = i % dim;
    const int t = static_cast<int>(r % length);
    float sum = 0.0f;
    for (int k = 0; k < window; ++k) {
      const int dst = t - k + window / 2;
      if (dst >= 0 && dst < length) sum += du[((r - t + dst) * window + k) * dim + j];
    }
    dx[i] = sum;
  }
};

// y = relu(y + bias) on real tokens, 0 on padding (mask null: every row is real).
struct BiasRelu {
  float* y;
  const float *bias, *mask;
  int cols;
  CAQA_HD void operator()(size_t i) const {
    const bool real = mask == nullptr || mask[i / cols] != 0.0f;
    y[i] = real ? ops::relu(y[i] + bias[i % cols]) : 0.0f;
  }
};

struct BiasAdd {
  float* y;
  const float* bias;
  int cols;
  CAQA_HD void operator()(size_t i) const { y[i] += bias[i % cols]; }
};

struct ReluGrad {
  const float* y;
  float* dy;
  CAQA_HD void operator()(size_t i) const { dy[i] = ops::relu_grad(y[i], dy[i]); }
};

// Row i of a B x Lq x Lk score block: softmax over the other text's real tokens.
struct SoftmaxRows {
  const float* s;
  float* p;
  int rows_per_sample, cols;
  const int* valid;  // per sample
  CAQA_HD void operator()(size_t i) const {
    ops::masked_softmax(s + i * cols, p + i * cols, cols, valid[i / rows_per_sample]);
  }
};

struct SoftmaxRowsGrad {
  const float *p, *dp;
  float* ds;
  int rows_per_sample, cols;
  const int* valid;
  CAQA_HD void operator()(size_t i) const {
    ops::masked_softmax_grad(p + i * cols, dp + i * cols, ds + i * cols, cols, valid[i / rows_per_sample]);
  }
};

// q = [h, c, h * c, h - c]: each token beside what it aligned to in the other text.
struct Compose {
  const float *h, *c;
  int hidden;
  float* q;
  CAQA_HD void operator()(size_t i) const {
    const size_t r = i / hidden, j = i % hidden;
    float* o = q + r * 4 * hidden;
    o[j] = h[i];
    o[hidden + j] = c[i];
    o[2 * hidden + j] = h[i] * c[i];
    o[3 * hidden + j] = h[i] - c[i];
  }
};

// Compose's gradient: dh += its share, dc = its share.
struct ComposeGrad {
  const float *dq, *h, *c;
  int hidden;
  float *dh, *dc;
  CAQA_HD void operator()(size_t i) const {
    const size_t r = i / hidden, j = i % hidden;
    const float* g = dq + r * 4 * hidden;
    dh[i] += g[j] + g[2 * hidden + j] * c[i] + g[3 * hidden + j];
    dc[i] = g[hidden + j] + g[2 * hidden + j] * h[i] - g[3 * hidden + j];
  }
};

// pool[n, base + j] = mean of v over sample n's real tokens, pool[n, base + H + j] = max
// (argmax kept for the gradient); element i = (n, j). pool rows are 4 * hidden wide.
struct Pool {
  const float* v;
  const int* lengths;
  int length, hidden, base;
  float* pool;
  int* argmax;
  CAQA_HD void operator()(size_t i) const {
    const size_t n = i / hidden, j = i % hidden;
    const int len = lengths[n];
    const float* col = v + n * length * hidden + j;
    float sum = 0.0f, top = col[0];
    int at = 0;
    for (int t = 0; t < len; ++t) {
      const float x = col[static_cast<size_t>(t) * hidden];
      sum += x;
      if (x > top) {
        top = x;
        at = t;
      }
    }
    pool[n * 4 * hidden + base + j] = sum / static_cast<float>(len);
    pool[n * 4 * hidden + base + hidden + j] = top;
    argmax[i] = at;
  }
};

// Pool's gradient through relu back to v's pre-activation; element i = (n * L + t, j).
struct PoolGrad {
  const float *dpool, *v;
  const int *lengths, *argmax;
  int length, hidden, base;
  float* dv;
  CAQA_HD void operator()(size_t i) const {
    const size_t r = i / hidden, j = i % hidden, n = r / length;
    const int t = static_cast<int>(r % length), len = lengths[n];
    float g = 0.0f;
    if (t < len) {
      const float* d = dpool + n * 4 * hidden + base;
      g = d[j] / static_cast<float>(len) + (argmax[n * hidden + j] == t ? d[hidden + j] : 0.0f);
    }
    dv[i] = ops::relu_grad(v[i], g);
  }
};

// out[j] += the sum of column j over the rows (a bias's gradient), rows in order.
struct ColumnSum {
  const float* y;
  int rows, cols;
  float* out;
  CAQA_HD void operator()(size_t j) const {
    float sum = 0.0f;
    for (int r = 0; r < rows; ++r) sum += y[static_cast<size_t>(r) * cols + j];
    out[j] += sum;
  }
};

// Inverted dropout with a counter-based mask: the same call scales the forward values and,
// later, their gradients.
struct Dropout {
  float* x;
  float rate;
  std::uint64_t seed, stream;
  CAQA_HD void operator()(size_t i) const { x[i] *= ops::dropout_factor(rate, seed, stream, i); }
};

// Per sample: the loss of its logits row and the gradient of the batch's mean loss.
struct CrossEntropy {
  const float* logits;
  const int* labels;
  int classes;
  float scale;
  float *grad, *loss;
  CAQA_HD void operator()(size_t n) const {
    loss[n] = ops::cross_entropy(logits + n * classes, classes, labels[n], scale, grad + n * classes);
  }
};

struct Fill {
  float* x;
  float value;
  CAQA_HD void operator()(size_t i) const { x[i] = value; }
};

struct AdamWStep {
  float *params, *m, *v;
  const float* grads;
  ops::AdamW hyper;
  ops::AdamWScalars scalars;
  CAQA_HD void operator()(size_t i) const { ops::adamw_step(params[i], grads[i], m[i], v[i], hyper, scalars); }
};

}  // namespace caqa::reader::kernels
