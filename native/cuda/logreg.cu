// CUDA twin of shared/src/baseline/logreg_cpu.cpp: same schedule (for_each_minibatch), same
// per-element math (caqa/baseline/logreg_kernels.h), run as kernels. The row ids of many
// steps go up in one copy, then each step is two launches with no host round trip: one warp
// per sample for the forward pass and the gradient scatter (lanes split the sample's
// features, so its logit sums, and the atomicAdd scatter, may round in another order than on
// the CPU), marking each touched feature; then one thread per feature for the Adam step of
// the marked ones (lazy Adam, as on the CPU). tests/baseline checks it against the CPU twin.
#include <cuda_runtime.h>

#include <algorithm>
#include <vector>

#include "baseline/logreg_twins.h"
#include "cuda/cuda_check.h"

namespace caqa::baseline::cuda {

namespace {

using caqa::cuda::DeviceBuffer;

constexpr unsigned kWarp = 32;

// Warp w of the grid takes sample rows[w]; afterwards grad holds the minibatch's gradient
// and touched[f] is 1 for every feature f of its samples.
__global__ void forward_scatter(const uint64_t* offsets, const uint32_t* indices, const float* values,
                                const uint8_t* labels, const uint32_t* rows, uint32_t n, const float* weights,
                                const float* bias, float scale, float* grad, float* grad_bias, uint8_t* touched) {
  const uint32_t r = (blockIdx.x * blockDim.x + threadIdx.x) / kWarp;
  const unsigned lane = threadIdx.x % kWarp;
  if (r >= n) return;  // r is the same on the whole warp: it leaves together
  const uint32_t row = rows[r];
  const uint64_t b = offsets[row], e = offsets[row + 1];
  const RowMajorWeights<ClassArray> weights_of{weights};
  ClassArray part{};
  for (uint64_t j = b + lane; j < e; j += kWarp) part = part + values[j] * weights_of(indices[j]);
  // A butterfly sum: every lane ends with the same bits (each step adds the same two values).
  float z[kClasses], delta[kClasses];
  for (int k = 0; k < kClasses; ++k) {
    float sum = part.lane[k];
    for (unsigned step = kWarp / 2; step > 0; step /= 2) sum = sum + __shfl_xor_sync(0xffffffffu, sum, step);
    z[k] = bias[k] + sum;
  }
  softmax4(z);
  logit_gradient(z, labels[row], scale, delta);
  for (uint64_t j = b + lane; j < e; j += kWarp) {
    const uint32_t f = indices[j];
    float* g = grad + static_cast<uint64_t>(f) * kClasses;
    for (int k = 0; k < kClasses; ++k) atomicAdd(g + k, values[j] * delta[k]);
    touched[f] = 1;
  }
  if (lane == 0)
    for (int k = 0; k < kClasses; ++k) atomicAdd(grad_bias + k, delta[k]);
}

// Thread f: feature f's four weights, if the minibatch touched it; thread 0 also the bias.
// Gradients and marks are cleared for the next step.
__global__ void adam_touched(uint32_t features, uint8_t* touched, float* weights, float* m, float* v, float* grad,
                             float* bias, float* mb, float* vb, float* grad_bias, AdamStep step) {
  const uint32_t f = blockIdx.x * blockDim.x + threadIdx.x;
  if (f < features && touched[f]) {
    const uint64_t p = static_cast<uint64_t>(f) * kClasses;
    ClassArray w = ClassArray::load(weights + p), mf = ClassArray::load(m + p), vf = ClassArray::load(v + p);
    adam_update(w, mf, vf, ClassArray::load(grad + p), step);
    w.store(weights + p);
    mf.store(m + p);
    vf.store(v + p);
    ClassArray{}.store(grad + p);
    touched[f] = 0;
  }
  if (f == 0) {
    step.l2 = 0;
    for (int k = 0; k < kClasses; ++k) {
      adam_update(bias[k], mb[k], vb[k], grad_bias[k], step);
      grad_bias[k] = 0.0f;
    }
  }
}

__global__ void predict_rows(const uint64_t* offsets, const uint32_t* indices, const float* values, uint64_t rows,
                             const float* weights, const float* bias, float* probs) {
  const uint64_t r = static_cast<uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  const uint64_t b = offsets[r], e = offsets[r + 1];
  float* p = probs + r * kClasses;
  row_logits(indices + b, values + b, e - b, RowMajorWeights<ClassArray>{weights}, ClassArray::load(bias)).store(p);
  softmax4(p);
}

struct DeviceCsr {
  DeviceBuffer<uint64_t> offsets;
  DeviceBuffer<uint32_t> indices;
  DeviceBuffer<float> values;
};

bool upload(const CsrView& x, DeviceCsr& d, std::string& error) {
  CAQA_CUDA_TRY(d.offsets.alloc(x.rows + 1));
  CAQA_CUDA_TRY(d.indices.alloc(x.nnz));
  CAQA_CUDA_TRY(d.values.alloc(x.nnz));
  CAQA_CUDA_TRY(cudaMemcpy(d.offsets.ptr, x.offsets, (x.rows + 1) * sizeof(uint64_t), cudaMemcpyHostToDevice));
  CAQA_CUDA_TRY(cudaMemcpy(d.indices.ptr, x.indices, x.nnz * sizeof(uint32_t), cudaMemcpyHostToDevice));
  CAQA_CUDA_TRY(cudaMemcpy(d.values.ptr, x.values, x.nnz * sizeof(float), cudaMemcpyHostToDevice));
  return true;
}

}  // namespace

bool logreg_train(const CsrView& x, const std::uint8_t* labels, const TrainOptions& options, LogRegModel& model,
                  std::string& error) {
  if (options.batch <= 0 || options.epochs < 0) {
    error = "batch must be positive and epochs non-negative";
    return false;
  }
  DeviceCsr dx;
  if (!upload(x, dx, error)) return false;
  const std::size_t params = model.weights.size();
  DeviceBuffer<uint8_t> dlabels;
  DeviceBuffer<float> w, m, v, g, bias, mb, vb, gb;
  DeviceBuffer<uint32_t> drows;
  CAQA_CUDA_TRY(dlabels.alloc(x.rows));
  CAQA_CUDA_TRY(cudaMemcpy(dlabels.ptr, labels, x.rows, cudaMemcpyHostToDevice));
  for (auto* b : {&w, &m, &v, &g}) {
    CAQA_CUDA_TRY(b->alloc(params));
    CAQA_CUDA_TRY(cudaMemset(b->ptr, 0, params * sizeof(float)));
  }
  for (auto* b : {&bias, &mb, &vb, &gb}) {
    CAQA_CUDA_TRY(b->alloc(kClasses));
    CAQA_CUDA_TRY(cudaMemset(b->ptr, 0, kClasses * sizeof(float)));
  }
  CAQA_CUDA_TRY(cudaMemcpy(w.ptr, model.weights.data(), params * sizeof(float), cudaMemcpyHostToDevice));
  CAQA_CUDA_TRY(cudaMemcpy(bias.ptr, model.bias.data(), kClasses * sizeof(float), cudaMemcpyHostToDevice));
  DeviceBuffer<uint8_t> touched;
  const std::size_t features = model.dim();
  CAQA_CUDA_TRY(touched.alloc(features));
  CAQA_CUDA_TRY(cudaMemset(touched.ptr, 0, features));
  // Row ids of up to kChunk rows' worth of steps travel in one copy; the copy waits for the
  // launches before it, which read the previous chunk.
  constexpr std::size_t kChunk = std::size_t{1} << 20;
  const std::size_t chunk = std::max(kChunk, static_cast<std::size_t>(options.batch));
  CAQA_CUDA_TRY(drows.alloc(chunk));
  struct Step {
    std::size_t first, n;
    std::uint64_t t;
  };
  std::vector<std::uint32_t> ids;
  std::vector<Step> steps;
  constexpr unsigned kThreads = 256;
  const auto run_steps = [&]() -> bool {
    if (steps.empty()) return true;
    CAQA_CUDA_TRY(cudaMemcpy(drows.ptr, ids.data(), ids.size() * sizeof(uint32_t), cudaMemcpyHostToDevice));
    for (const Step& s : steps) {
      forward_scatter<<<static_cast<unsigned>((s.n * kWarp + kThreads - 1) / kThreads), kThreads>>>(
          dx.offsets.ptr, dx.indices.ptr, dx.values.ptr, dlabels.ptr, drows.ptr + s.first, static_cast<uint32_t>(s.n),
          w.ptr, bias.ptr, 1.0f / static_cast<float>(s.n), g.ptr, gb.ptr, touched.ptr);
      CAQA_CUDA_TRY(cudaGetLastError());
      adam_touched<<<static_cast<unsigned>((features + kThreads - 1) / kThreads), kThreads>>>(
          static_cast<uint32_t>(features), touched.ptr, w.ptr, m.ptr, v.ptr, g.ptr, bias.ptr, mb.ptr, vb.ptr, gb.ptr,
          adam_step(options, s.t));
      CAQA_CUDA_TRY(cudaGetLastError());
    }
    ids.clear();
    steps.clear();
    return true;
  };
  const auto queue_step = [&](const std::uint32_t* rows, std::size_t n, std::uint64_t t) {
    if (ids.size() + n > chunk && !run_steps()) return false;
    steps.push_back({ids.size(), n, t});
    ids.insert(ids.end(), rows, rows + n);
    return true;
  };
  if (!for_each_minibatch(x.rows, options, queue_step) || !run_steps()) return false;
  CAQA_CUDA_TRY(cudaMemcpy(model.weights.data(), w.ptr, params * sizeof(float), cudaMemcpyDeviceToHost));
  CAQA_CUDA_TRY(cudaMemcpy(model.bias.data(), bias.ptr, kClasses * sizeof(float), cudaMemcpyDeviceToHost));
  return true;
}

bool logreg_predict(const CsrView& x, const LogRegModel& model, float* probs, std::string& error) {
  DeviceCsr dx;
  if (!upload(x, dx, error)) return false;
  DeviceBuffer<float> w, bias, p;
  CAQA_CUDA_TRY(w.alloc(model.weights.size()));
  CAQA_CUDA_TRY(bias.alloc(kClasses));
  CAQA_CUDA_TRY(p.alloc(x.rows * kClasses));
  CAQA_CUDA_TRY(cudaMemcpy(w.ptr, model.weights.data(), model.weights.size() * sizeof(float), cudaMemcpyHostToDevice));
  CAQA_CUDA_TRY(cudaMemcpy(bias.ptr, model.bias.data(), kClasses * sizeof(float), cudaMemcpyHostToDevice));
  constexpr int kThreads = 256;
  predict_rows<<<static_cast<unsigned>((x.rows + kThreads - 1) / kThreads), kThreads>>>(
      dx.offsets.ptr, dx.indices.ptr, dx.values.ptr, x.rows, w.ptr, bias.ptr, p.ptr);
  CAQA_CUDA_TRY(cudaGetLastError());
  CAQA_CUDA_TRY(cudaMemcpy(probs, p.ptr, x.rows * kClasses * sizeof(float), cudaMemcpyDeviceToHost));
  return true;
}

}  // namespace caqa::baseline::cuda
