// CUDA twin of shared/src/baseline/logreg_cpu.cpp: same schedule (for_each_minibatch, batch_features
// on the host), same per-element math (caqa/baseline/logreg_kernels.h), run as kernels:
// one thread per sample for the forward pass and the gradient scatter (atomicAdd, so
// sums may round in a different order than on the CPU), one thread per touched
// parameter for the Adam step. tests/baseline checks it against the CPU twin.
#include <cuda_runtime.h>

#include <vector>

#include "baseline/logreg_twins.h"
#include "cuda/cuda_check.h"

namespace caqa::baseline::cuda {

namespace {

using caqa::cuda::DeviceBuffer;

__global__ void forward_scatter(const uint64_t* offsets, const uint32_t* indices, const float* values,
                                const uint8_t* labels, const uint32_t* rows, uint32_t n, const float* weights,
                                const float* bias, float scale, float* grad, float* grad_bias) {
  const uint32_t r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= n) return;
  const uint32_t row = rows[r];
  const uint64_t b = offsets[row], e = offsets[row + 1];
  float z[kClasses], delta[kClasses];
  row_logits(indices + b, values + b, e - b, RowMajorWeights<ClassArray>{weights}, ClassArray::load(bias)).store(z);
  softmax4(z);
  logit_gradient(z, labels[row], scale, delta);
  for (uint64_t j = b; j < e; ++j) {
    float* g = grad + static_cast<uint64_t>(indices[j]) * kClasses;
    for (int k = 0; k < kClasses; ++k) atomicAdd(g + k, values[j] * delta[k]);
  }
  for (int k = 0; k < kClasses; ++k) atomicAdd(grad_bias + k, delta[k]);
}

// Threads [0, nf*4): weights of the touched features; [nf*4, nf*4+4): the bias.
__global__ void adam_touched(const uint32_t* features, uint32_t nf, float* weights, float* m, float* v, float* grad,
                             float* bias, float* mb, float* vb, float* grad_bias, AdamStep step) {
  const uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < nf * kClasses) {
    const uint64_t p = static_cast<uint64_t>(features[i / kClasses]) * kClasses + i % kClasses;
    adam_update(weights[p], m[p], v[p], grad[p], step);
    grad[p] = 0.0f;
  } else if (i < nf * kClasses + kClasses) {
    const uint32_t k = i - nf * kClasses;
    step.l2 = 0;
    adam_update(bias[k], mb[k], vb[k], grad_bias[k], step);
    grad_bias[k] = 0.0f;
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
  DeviceBuffer<uint32_t> drows, dfeatures;
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
  CAQA_CUDA_TRY(drows.alloc(static_cast<std::size_t>(options.batch)));
  std::size_t features_capacity = 0;
  std::vector<std::uint32_t> features;
  constexpr int kThreads = 128;
  const bool trained =
      for_each_minibatch(x.rows, options, [&](const std::uint32_t* rows, std::size_t n, std::uint64_t t) {
        batch_features(x, rows, n, features);
        if (features.size() > features_capacity) {
          cudaFree(dfeatures.ptr);
          dfeatures.ptr = nullptr;
          features_capacity = features.size() * 2;
          CAQA_CUDA_TRY(dfeatures.alloc(features_capacity));
        }
        CAQA_CUDA_TRY(cudaMemcpy(drows.ptr, rows, n * sizeof(uint32_t), cudaMemcpyHostToDevice));
        CAQA_CUDA_TRY(
            cudaMemcpy(dfeatures.ptr, features.data(), features.size() * sizeof(uint32_t), cudaMemcpyHostToDevice));
        forward_scatter<<<static_cast<unsigned>((n + kThreads - 1) / kThreads), kThreads>>>(
            dx.offsets.ptr, dx.indices.ptr, dx.values.ptr, dlabels.ptr, drows.ptr, static_cast<uint32_t>(n), w.ptr,
            bias.ptr, 1.0f / static_cast<float>(n), g.ptr, gb.ptr);
        CAQA_CUDA_TRY(cudaGetLastError());
        const std::size_t updates = features.size() * kClasses + kClasses;
        adam_touched<<<static_cast<unsigned>((updates + kThreads - 1) / kThreads), kThreads>>>(
            dfeatures.ptr, static_cast<uint32_t>(features.size()), w.ptr, m.ptr, v.ptr, g.ptr, bias.ptr, mb.ptr, vb.ptr,
            gb.ptr, adam_step(options, t));
        CAQA_CUDA_TRY(cudaGetLastError());
        return true;
      });
  if (!trained) return false;
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
