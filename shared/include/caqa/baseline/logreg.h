// The trained baseline's model and training schedule: multinomial logistic regression
// (4 labels) over hashed sparse features, trained by minibatch lazy Adam. No I/O; the
// backends (CPU: shared/src/baseline/logreg_cpu.cpp, CUDA: native/cuda/logreg.cu) share the
// plan below, so a seed fixes the visiting order on both.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "caqa/baseline/logreg_kernels.h"

namespace caqa::baseline {

// Rows of hashed features (compressed sparse rows); built by featurize().
struct SparseRows {
  std::vector<std::uint64_t> offsets{0};
  std::vector<std::uint32_t> indices;
  std::vector<float> values;
  std::size_t rows() const { return offsets.size() - 1; }
  std::uint64_t nnz() const { return offsets.back(); }
};

// A read-only view the backends take (the CUDA twin copies it to the device).
struct CsrView {
  const std::uint64_t* offsets = nullptr;
  const std::uint32_t* indices = nullptr;
  const float* values = nullptr;
  std::size_t rows = 0;
  std::uint64_t nnz = 0;
};
inline CsrView view_of(const SparseRows& r) {
  return {r.offsets.data(), r.indices.data(), r.values.data(), r.rows(), r.nnz()};
}

struct TrainOptions {
  std::uint64_t seed = 13;
  int epochs = 6;
  int batch = 64;
  float lr = 0.02f;
  float beta1 = 0.9f, beta2 = 0.999f, eps = 1e-7f;
  float l2 = 0.0f;
};

struct LogRegModel {
  std::uint32_t dim_bits = 18;  // feature space: 2^dim_bits hashed buckets
  std::uint8_t view = 0;        // caqa::baseline::InputView the features were built with
  std::vector<float> weights;   // (1 << dim_bits) * kClasses, row-major (feature, class)
  std::array<float, kClasses> bias{};
  std::uint32_t dim() const { return 1u << dim_bits; }
  void reset(std::uint32_t bits, std::uint8_t input_view) {
    dim_bits = bits;
    view = input_view;
    weights.assign(static_cast<std::size_t>(dim()) * kClasses, 0.0f);
    bias = {};
  }
};

// Visiting order of epoch `epoch` (Fisher-Yates with caqa::Rng seeded from seed and epoch).
std::vector<std::uint32_t> epoch_order(std::size_t rows, std::uint64_t seed, int epoch);

AdamStep adam_step(const TrainOptions& options, std::uint64_t t);  // t counts steps from 1

// The schedule both twins run: options.epochs passes over the rows in epoch_order, one
// minibatch of up to options.batch rows a step. step(rows, n, t) gets the minibatch's row
// ids and the step number t (from 1); returning false stops, and so does this (false).
template <class Step>
bool for_each_minibatch(std::size_t rows, const TrainOptions& options, Step step) {
  std::uint64_t t = 0;
  for (int epoch = 0; epoch < options.epochs; ++epoch) {
    const std::vector<std::uint32_t> order = epoch_order(rows, options.seed, epoch);
    for (std::size_t start = 0; start < rows; start += static_cast<std::size_t>(options.batch))
      if (!step(order.data() + start, std::min<std::size_t>(static_cast<std::size_t>(options.batch), rows - start),
                ++t))
        return false;
  }
  return true;
}

// Model file: "CAQALR01", dim_bits, view, bias[4], weights (little-endian float32).
std::string serialize_model(const LogRegModel& model);
std::optional<LogRegModel> deserialize_model(std::string_view bytes, std::string& error);

}  // namespace caqa::baseline
