// The two backends of the trained baseline, with one signature: the CPU twin
// (shared/src/baseline/logreg_cpu.cpp) and the CUDA twin (native/cuda/logreg.cu, built when
// CAQA_WITH_CUDA). Both run the same schedule (caqa/baseline/logreg.h) and the same
// per-element math (caqa/baseline/logreg_kernels.h). `model` arrives reset to its
// shape (LogRegModel::reset); labels are caqa::Label indices. Errors come back as
// false plus a message.
#pragma once

#include <cstdint>
#include <string>

#include "caqa/baseline/logreg_cpu.h"

namespace caqa::baseline::cuda {
bool logreg_train(const CsrView& x, const std::uint8_t* labels, const TrainOptions& options, LogRegModel& model,
                  std::string& error);
bool logreg_predict(const CsrView& x, const LogRegModel& model, float* probs, std::string& error);
}  // namespace caqa::baseline::cuda
