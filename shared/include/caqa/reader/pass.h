// The reader's forward and backward pass, written once over a Device: the CPU twin
// (OpenBLAS, kernels in a loop) and the CUDA twin (cuBLAS, a thread per element)
// instantiate this same code. A Device provides
//   template <class T> T* scratch(std::size_t n)   memory valid until the next rewind()
//   void rewind()
//   template <class T> void upload(T* dst, const std::vector<T>& src)
//   template <class T> void download(T* dst, const T* src, std::size_t n)
//   template <class F> void each(std::size_t n, const F& f)     f(i) for i < n
//   void gemm(const GemmCall& g, const float* a, const float* b, float* c)
// Parameters, gradients and scratch are the device's memory.
#pragma once

#include <cstdint>
#include <vector>

#include "caqa/reader/batch.h"
#include "caqa/reader/kernels.h"
#include "caqa/reader/model.h"

namespace caqa::reader {

// C = alpha op(A) op(B) + beta C, row-major (cblas_sgemm's meaning of every argument),
// `batch` times with the given strides between the matrices of A, B and C.
struct GemmCall {
  bool trans_a = false, trans_b = false;
  int m = 0, n = 0, k = 0;
  float alpha = 1.0f;
  int lda = 0, ldb = 0;
  float beta = 0.0f;
  int ldc = 0;
  int batch = 1;
  long long stride_a = 0, stride_b = 0, stride_c = 0;
};

struct PassOptions {
  bool train = false;      // dropout on, gradients accumulated into `grads`
  std::uint64_t seed = 0;  // dropout's counter-based mask: (seed, step, stream, element)
  std::uint64_t step = 0;
};

struct PassResult {
  std::vector<float> logits;  // batch x classes
  double loss = 0;            // mean cross-entropy (0 when the batch has no labels to read)
};

namespace pass_detail {

// One text's activations, kept for the backward pass.
struct SideState {
  int rows = 0, length = 0;
  const int* lengths = nullptr;
  const float* mask = nullptr;
  float *u = nullptr, *h = nullptr, *c = nullptr, *q = nullptr, *v = nullptr;
  float* p = nullptr;  // B x L x L_other attention weights
  int* argmax = nullptr;
};

template <class Device, class T>
T* put(Device& dev, const std::vector<T>& host) {
  T* out = dev.template scratch<T>(host.size());
  dev.upload(out, host);
  return out;
}

}  // namespace pass_detail

// Runs the batch; with options.train, adds the gradient of the mean loss to `grads`
// (the caller zeroes it) and applies dropout. `params` and `grads` are flat vectors in
// parameter_layout's order, in the device's memory.
template <class Device>
PassResult run_pass(Device& dev, const ReaderConfig& config, const float* params, float* grads, const HostBatch& batch,
                    const PassOptions& options) {
  using namespace kernels;
  using pass_detail::put;
  using pass_detail::SideState;
  const auto layout = parameter_layout(config);
  auto P = [&](ParamIndex i) { return params + layout[i].offset; };
  auto G = [&](ParamIndex i) { return grads + layout[i].offset; };
  const int B = batch.size, d = config.dim, H = config.hidden, K = config.classes, w = config.window;
  const bool drop = options.train && config.dropout > 0.0f;
  const std::uint64_t drop_seed = ops::mix64(options.seed ^ ops::mix64(options.step));
  dev.rewind();

  SideState a, b;
  float* x = nullptr;  // both sides' token vectors, hypotheses first (the scatter's slots)
  {
    const int rows = B * (batch.hypothesis.length + batch.premise.length);
    x = dev.template scratch<float>(static_cast<std::size_t>(rows) * d);
  }
  float* xs[2] = {x, x + static_cast<std::size_t>(B) * batch.hypothesis.length * d};
  SideState* sides[2] = {&a, &b};
  const SideBatch* inputs[2] = {&batch.hypothesis, &batch.premise};
  for (int s = 0; s < 2; ++s) {
    SideState& side = *sides[s];
    const SideBatch& in = *inputs[s];
    side.length = in.length;
    side.rows = B * in.length;
    side.lengths = put(dev, in.lengths);
    side.mask = put(dev, in.mask);
    dev.each(static_cast<std::size_t>(side.rows) * d,
             Gather{put(dev, in.offsets), put(dev, in.ids), put(dev, in.weights), P(kEmbedding), d, xs[s]});
    side.u = dev.template scratch<float>(static_cast<std::size_t>(side.rows) * w * d);
    dev.each(static_cast<std::size_t>(side.rows) * w * d, WindowGather{xs[s], side.length, d, w, side.u});
    side.h = dev.template scratch<float>(static_cast<std::size_t>(side.rows) * H);
    dev.gemm({false, true, side.rows, H, w * d, 1.0f, w * d, w * d, 0.0f, H}, side.u, P(kProjectW), side.h);
    dev.each(static_cast<std::size_t>(side.rows) * H, BiasRelu{side.h, P(kProjectB), side.mask, H});
  }
  // Align: each side's scores against the other's tokens, then what each token aligns to.
  for (int s = 0; s < 2; ++s) {
    SideState& me = *sides[s];
    SideState& other = *sides[1 - s];
    const std::size_t cells = static_cast<std::size_t>(B) * me.length * other.length;
    me.p = dev.template scratch<float>(cells);
    dev.gemm({false, true, me.length, other.length, H, 1.0f, H, H, 0.0f, other.length, B,
              static_cast<long long>(me.length) * H, static_cast<long long>(other.length) * H,
              static_cast<long long>(me.length) * other.length},
             me.h, other.h, me.p);
    dev.each(static_cast<std::size_t>(me.rows), SoftmaxRows{me.p, me.p, me.length, other.length, other.lengths});
  }
  for (int s = 0; s < 2; ++s) {
    SideState& me = *sides[s];
    SideState& other = *sides[1 - s];
    me.c = dev.template scratch<float>(static_cast<std::size_t>(me.rows) * H);
    dev.gemm({false, false, me.length, H, other.length, 1.0f, other.length, H, 0.0f, H, B,
              static_cast<long long>(me.length) * other.length, static_cast<long long>(other.length) * H,
              static_cast<long long>(me.length) * H},
             me.p, other.h, me.c);
  }
  // Compare, then pool each text: mean and max over its real tokens.
  float* pool = dev.template scratch<float>(static_cast<std::size_t>(B) * 4 * H);
  for (int s = 0; s < 2; ++s) {
    SideState& me = *sides[s];
    const std::size_t cells = static_cast<std::size_t>(me.rows) * H;
    me.q = dev.template scratch<float>(cells * 4);
    dev.each(cells, Compose{me.h, me.c, H, me.q});
    if (drop) dev.each(cells * 4, Dropout{me.q, config.dropout, drop_seed, static_cast<std::uint64_t>(1 + s)});
    me.v = dev.template scratch<float>(cells);
    dev.gemm({false, true, me.rows, H, 4 * H, 1.0f, 4 * H, 4 * H, 0.0f, H}, me.q, P(kCompareW), me.v);
    dev.each(cells, BiasRelu{me.v, P(kCompareB), me.mask, H});
    me.argmax = dev.template scratch<int>(static_cast<std::size_t>(B) * H);
    dev.each(static_cast<std::size_t>(B) * H, Pool{me.v, me.lengths, me.length, H, 2 * H * s, pool, me.argmax});
  }
  if (drop) dev.each(static_cast<std::size_t>(B) * 4 * H, Dropout{pool, config.dropout, drop_seed, 3});
  // Aggregate and classify.
  float* z = dev.template scratch<float>(static_cast<std::size_t>(B) * H);
  dev.gemm({false, true, B, H, 4 * H, 1.0f, 4 * H, 4 * H, 0.0f, H}, pool, P(kAggregateW), z);
  dev.each(static_cast<std::size_t>(B) * H, BiasRelu{z, P(kAggregateB), nullptr, H});
  float* logits = dev.template scratch<float>(static_cast<std::size_t>(B) * K);
  dev.gemm({false, true, B, K, H, 1.0f, H, H, 0.0f, K}, z, P(kClassifyW), logits);
  dev.each(static_cast<std::size_t>(B) * K, BiasAdd{logits, P(kClassifyB), K});

  PassResult out;
  out.logits.resize(static_cast<std::size_t>(B) * K);
  dev.download(out.logits.data(), logits, out.logits.size());
  if (!options.train) return out;

  // The loss, then backward in the reverse order.
  float* dlogits = dev.template scratch<float>(static_cast<std::size_t>(B) * K);
  float* losses = dev.template scratch<float>(static_cast<std::size_t>(B));
  dev.each(static_cast<std::size_t>(B),
           CrossEntropy{logits, put(dev, batch.labels), K, 1.0f / static_cast<float>(B), dlogits, losses});
  std::vector<float> host_losses(static_cast<std::size_t>(B));
  dev.download(host_losses.data(), losses, host_losses.size());
  for (float l : host_losses) out.loss += l;
  out.loss /= B;

  dev.gemm({true, false, K, H, B, 1.0f, K, H, 1.0f, H}, dlogits, z, G(kClassifyW));
  dev.each(static_cast<std::size_t>(K), ColumnSum{dlogits, B, K, G(kClassifyB)});
  float* dz = dev.template scratch<float>(static_cast<std::size_t>(B) * H);
  dev.gemm({false, false, B, H, K, 1.0f, K, H, 0.0f, H}, dlogits, P(kClassifyW), dz);
  dev.each(static_cast<std::size_t>(B) * H, ReluGrad{z, dz});
  dev.gemm({true, false, H, 4 * H, B, 1.0f, H, 4 * H, 1.0f, 4 * H}, dz, pool, G(kAggregateW));
  dev.each(static_cast<std::size_t>(H), ColumnSum{dz, B, H, G(kAggregateB)});
  float* dpool = dev.template scratch<float>(static_cast<std::size_t>(B) * 4 * H);
  dev.gemm({false, false, B, 4 * H, H, 1.0f, H, 4 * H, 0.0f, 4 * H}, dz, P(kAggregateW), dpool);
  if (drop) dev.each(static_cast<std::size_t>(B) * 4 * H, Dropout{dpool, config.dropout, drop_seed, 3});
  float* dh[2];
  float* dc[2];
  for (int s = 0; s < 2; ++s) {
    SideState& me = *sides[s];
    const std::size_t cells = static_cast<std::size_t>(me.rows) * H;
    float* dv = dev.template scratch<float>(cells);
    dev.each(cells, PoolGrad{dpool, me.v, me.lengths, me.argmax, me.length, H, 2 * H * s, dv});
    dev.gemm({true, false, H, 4 * H, me.rows, 1.0f, H, 4 * H, 1.0f, 4 * H}, dv, me.q, G(kCompareW));
    dev.each(static_cast<std::size_t>(H), ColumnSum{dv, me.rows, H, G(kCompareB)});
    float* dq = dev.template scratch<float>(cells * 4);
    dev.gemm({false, false, me.rows, 4 * H, H, 1.0f, H, 4 * H, 0.0f, 4 * H}, dv, P(kCompareW), dq);
    if (drop) dev.each(cells * 4, Dropout{dq, config.dropout, drop_seed, static_cast<std::uint64_t>(1 + s)});
    dh[s] = dev.template scratch<float>(cells);
    dc[s] = dev.template scratch<float>(cells);
    dev.each(cells, Fill{dh[s], 0.0f});
    dev.each(cells, ComposeGrad{dq, me.h, me.c, H, dh[s], dc[s]});
  }
  // Through the alignment: C = P H_other, P = softmax(S), S = H H_other'.
  for (int s = 0; s < 2; ++s) {
    SideState& me = *sides[s];
    SideState& other = *sides[1 - s];
    const long long lm = me.length, lo = other.length;
    const std::size_t cells = static_cast<std::size_t>(B) * lm * lo;
    float* dp = dev.template scratch<float>(cells);
    dev.gemm({false, true, me.length, other.length, H, 1.0f, H, H, 0.0f, other.length, B, lm * H, lo * H, lm * lo},
             dc[s], other.h, dp);
    dev.gemm({true, false, other.length, H, me.length, 1.0f, other.length, H, 1.0f, H, B, lm * lo, lm * H, lo * H},
             me.p, dc[s], dh[1 - s]);
    float* ds = dev.template scratch<float>(cells);
    dev.each(static_cast<std::size_t>(me.rows), SoftmaxRowsGrad{me.p, dp, ds, me.length, other.length, other.lengths});
    dev.gemm({false, false, me.length, H, other.length, 1.0f, other.length, H, 1.0f, H, B, lm * lo, lo * H, lm * H}, ds,
             other.h, dh[s]);
    dev.gemm({true, false, other.length, H, me.length, 1.0f, other.length, H, 1.0f, H, B, lm * lo, lm * H, lo * H}, ds,
             me.h, dh[1 - s]);
  }
  // Through the projection and the window to the table rows.
  float* dx = dev.template scratch<float>(static_cast<std::size_t>(B) * (a.length + b.length) * d);
  float* dxs[2] = {dx, dx + static_cast<std::size_t>(B) * a.length * d};
  for (int s = 0; s < 2; ++s) {
    SideState& me = *sides[s];
    const std::size_t cells = static_cast<std::size_t>(me.rows) * H;
    dev.each(cells, ReluGrad{me.h, dh[s]});
    dev.gemm({true, false, H, w * d, me.rows, 1.0f, H, w * d, 1.0f, w * d}, dh[s], me.u, G(kProjectW));
    dev.each(static_cast<std::size_t>(H), ColumnSum{dh[s], me.rows, H, G(kProjectB)});
    float* du = dev.template scratch<float>(static_cast<std::size_t>(me.rows) * w * d);
    dev.gemm({false, false, me.rows, w * d, H, 1.0f, H, w * d, 0.0f, w * d}, dh[s], P(kProjectW), du);
    dev.each(static_cast<std::size_t>(me.rows) * d, WindowScatter{du, me.length, d, w, dxs[s]});
  }
  const TableScatter& sc = batch.scatter;
  dev.each(sc.rows.size() * d, Scatter{put(dev, sc.rows), put(dev, sc.offsets), put(dev, sc.slots),
                                       put(dev, sc.weights), dx, d, G(kEmbedding)});
  return out;
}

}  // namespace caqa::reader
