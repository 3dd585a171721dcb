// The CPU twin of the trained baseline: the same schedule (logreg.h) and per-element math
// (logreg_kernels.h) as the CUDA twin (native/cuda/logreg.cu). It lives in the core so that
// in-process work (the build's audit probes and adversarial filtering) trains the same
// model as `caqa train`. `model` arrives reset to its shape (LogRegModel::reset); labels
// are class indices. Errors come back as false plus a message.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "caqa/baseline/logreg.h"

namespace caqa::baseline::cpu {
bool logreg_train(const CsrView& x, const std::uint8_t* labels, const TrainOptions& options, LogRegModel& model,
                  std::string& error);
// probs: x.rows * kClasses, row-major.
bool logreg_predict(const CsrView& x, const LogRegModel& model, float* probs, std::string& error);
// The same over n of x's rows, row_ids[0..n), as if they had been copied out first; labels
// and probs follow row_ids' order.
bool logreg_train_rows(const CsrView& x, const std::uint32_t* row_ids, std::size_t n, const std::uint8_t* labels,
                       const TrainOptions& options, LogRegModel& model, std::string& error);
void logreg_predict_rows(const CsrView& x, const std::uint32_t* row_ids, std::size_t n, const LogRegModel& model,
                         float* probs);
}  // namespace caqa::baseline::cpu
