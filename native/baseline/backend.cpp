#include "baseline/backend.h"

#include <chrono>

#include "baseline/logreg_twins.h"
#include "compute/cuda_status.h"

namespace caqa::baseline {

namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// A backend over one pair of twin functions with the same signatures (cpu:: or cuda::).
template <auto train_fn, auto predict_fn>
class TwinBackend : public ComputeBackend {
 public:
  explicit TwinBackend(std::string_view name) : name_(name) {}
  std::string_view name() const override { return name_; }
  bool train(const CsrView& x, const std::uint8_t* labels, const TrainOptions& options, LogRegModel& model,
             std::string& error) override {
    return train_fn(x, labels, options, model, error);
  }
  bool predict(const CsrView& x, const LogRegModel& model, float* probs, std::string& error) override {
    return predict_fn(x, model, probs, error);
  }

 private:
  std::string_view name_;
};

}  // namespace

std::unique_ptr<ComputeBackend> make_cpu_backend() {
  return std::make_unique<TwinBackend<cpu::logreg_train, cpu::logreg_predict>>("cpu");
}

std::unique_ptr<ComputeBackend> make_cuda_backend(std::string& reason) {
  if (!compute::cuda_usable(reason)) return nullptr;
#ifdef CAQA_WITH_CUDA
  return std::make_unique<TwinBackend<cuda::logreg_train, cuda::logreg_predict>>("cuda");
#else
  return nullptr;
#endif
}

BackendChoice choose_backend(BackendRequest request) {
  BackendChoice choice;
  if (request == BackendRequest::Cpu) {
    choice.backend = make_cpu_backend();
    choice.reason = "CPU requested with --backend cpu";
    return choice;
  }
  std::string why;
  choice.backend = make_cuda_backend(why);
  if (choice.backend) {
    choice.reason = why;
  } else if (request == BackendRequest::Cuda) {
    choice.reason = "--backend cuda, but " + why;
  } else {
    choice.backend = make_cpu_backend();
    choice.reason = "GPU not used: " + why;
  }
  return choice;
}

std::optional<TrainResult> train_logreg(const Dataset& data, const FeatureConfig& features, const TrainOptions& options,
                                        ComputeBackend& backend, std::string& error) {
  TrainResult result;
  auto start = std::chrono::steady_clock::now();
  SparseRows x = featurize_all(data, features);
  result.featurize_seconds = seconds_since(start);
  const auto labels = data.label_indices();
  result.model.reset(features.dim_bits, static_cast<std::uint8_t>(features.view));
  start = std::chrono::steady_clock::now();
  if (!backend.train(view_of(x), labels.data(), options, result.model, error)) return std::nullopt;
  result.train_seconds = seconds_since(start);
  result.features = std::move(x);
  return result;
}

std::optional<PredictResult> predict_logreg(const Dataset& data, const LogRegModel& model, ComputeBackend& backend,
                                            std::string& error) {
  const auto start = std::chrono::steady_clock::now();
  const SparseRows x = featurize_all(data, FeatureConfig{model.dim_bits, static_cast<InputView>(model.view)});
  const double featurize_seconds = seconds_since(start);
  auto result = predict_rows(x, model, backend, error);
  if (result) result->featurize_seconds = featurize_seconds;
  return result;
}

std::optional<PredictResult> predict_rows(const SparseRows& x, const LogRegModel& model, ComputeBackend& backend,
                                          std::string& error) {
  PredictResult result;
  const auto start = std::chrono::steady_clock::now();
  result.probs.assign(x.rows() * kClasses, 0.0f);
  if (!backend.predict(view_of(x), model, result.probs.data(), error)) return std::nullopt;
  result.labels.reserve(x.rows());
  for (std::size_t i = 0; i < x.rows(); ++i) result.labels.push_back(kLabels[argmax4(&result.probs[i * kClasses])]);
  result.predict_seconds = seconds_since(start);
  return result;
}

}  // namespace caqa::baseline
