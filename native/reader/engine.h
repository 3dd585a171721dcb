// A reader model living on one backend: its parameters and AdamW moments in the device's
// memory, a training step and a prediction pass. The CPU twin and the CUDA twin are the
// same template (reader/device_engine.h) over their devices.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "caqa/reader/batch.h"
#include "caqa/reader/model.h"
#include "caqa/reader/ops.h"
#include "caqa/reader/pass.h"
#include "compute/backend_request.h"

namespace caqa::reader {

// The optimiser's state besides the parameters, as checkpoints store it.
struct OptimizerState {
  std::vector<float> m, v;
  std::int64_t step = 0;  // AdamW steps taken
};

class ReaderEngine {
 public:
  virtual ~ReaderEngine() = default;
  virtual std::string_view name() const = 0;  // "cpu" or "cuda"
  virtual const ReaderConfig& config() const = 0;
  virtual void set_parameters(const std::vector<float>& params) = 0;
  virtual std::vector<float> parameters() = 0;
  virtual void set_optimizer(const OptimizerState& state) = 0;
  virtual OptimizerState optimizer() = 0;
  // One AdamW step on the batch's mean loss (dropout from `seed` and the step number);
  // returns that loss.
  virtual double train_step(const HostBatch& batch, const ops::AdamW& hyper, std::uint64_t seed) = 0;
  // Logits, batch x classes, without dropout.
  virtual std::vector<float> predict(const HostBatch& batch) = 0;
  // The mean loss, the logits and the gradient of the loss (dropout as a training step
  // `step` would draw it), without changing anything: what the goldens check.
  virtual PassResult gradients(const HostBatch& batch, std::uint64_t seed, std::uint64_t step,
                               std::vector<float>& grads) = 0;
};

std::unique_ptr<ReaderEngine> make_cpu_engine(const ReaderConfig& config);
// nullptr with the reason when CUDA cannot run here (not built, no driver, no device).
std::unique_ptr<ReaderEngine> make_cuda_engine(const ReaderConfig& config, std::string& reason);

struct EngineChoice {
  std::unique_ptr<ReaderEngine> engine;
  std::string reason;  // one line: why this backend runs
};
// Auto: CUDA when usable, else the CPU. Cuda: no engine (reason set) when unusable.
EngineChoice choose_engine(const ReaderConfig& config, compute::BackendRequest request);

}  // namespace caqa::reader
