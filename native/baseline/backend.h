// The one dispatch point of the trained baseline: a ComputeBackend is the CPU twin or
// the CUDA twin (baseline/logreg_twins.h); choose_backend picks CUDA when this build
// has it (CAQA_WITH_CUDA) and cudaGetDeviceCount finds a device, else the CPU, and
// says why.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "baseline/dataset.h"
#include "caqa/baseline/features.h"
#include "caqa/baseline/logreg.h"
#include "compute/backend_request.h"

namespace caqa::baseline {

class ComputeBackend {
 public:
  virtual ~ComputeBackend() = default;
  virtual std::string_view name() const = 0;  // "cpu" or "cuda"
  virtual bool train(const CsrView& x, const std::uint8_t* labels, const TrainOptions& options, LogRegModel& model,
                     std::string& error) = 0;
  virtual bool predict(const CsrView& x, const LogRegModel& model, float* probs, std::string& error) = 0;
};

using compute::BackendRequest;
using compute::parse_backend_request;

std::unique_ptr<ComputeBackend> make_cpu_backend();
// nullptr with the reason when CUDA cannot run here (not built, no driver, no device).
std::unique_ptr<ComputeBackend> make_cuda_backend(std::string& reason);

struct BackendChoice {
  std::unique_ptr<ComputeBackend> backend;
  std::string reason;  // one line: why this backend ran
};
// Auto: CUDA when available, else CPU. Cuda: error (nullptr backend, reason set) when unavailable.
BackendChoice choose_backend(BackendRequest request);

// Featurize + train / featurize + predict with a backend.
struct TrainResult {
  LogRegModel model;
  SparseRows features;  // the training rows, for scoring the fit without featurizing again
  double featurize_seconds = 0, train_seconds = 0;
};
std::optional<TrainResult> train_logreg(const Dataset& data, const FeatureConfig& features, const TrainOptions& options,
                                        ComputeBackend& backend, std::string& error);
struct PredictResult {
  std::vector<float> probs;  // size() * kClasses
  std::vector<Label> labels;
  double featurize_seconds = 0, predict_seconds = 0;
};
std::optional<PredictResult> predict_logreg(const Dataset& data, const LogRegModel& model, ComputeBackend& backend,
                                            std::string& error);
// Rows featurized already, with the model's feature configuration (TrainResult::features).
std::optional<PredictResult> predict_rows(const SparseRows& x, const LogRegModel& model, ComputeBackend& backend,
                                          std::string& error);

}  // namespace caqa::baseline
