// AFLite's predictability scores for one round (private to shared/src/hardening).
#pragma once

#include <cstdint>
#include <vector>

#include "caqa/baseline/logreg.h"
#include "caqa/hardening/aflite.h"
#include "caqa/parallel.h"

namespace caqa::hardening::detail {

struct Predictability {
  std::uint32_t seen = 0, correct = 0;  // held-out appearances, correct predictions among them
  double gold_probability = 0;          // summed over the appearances: confidence, for ties
  double value() const { return seen == 0 ? 0.0 : static_cast<double>(correct) / seen; }
  double mean_gold_probability() const { return seen == 0 ? 0.0 : gold_probability / seen; }
};

// One entry per element of `kept` (row indices into x and labels): options.partitions
// random splits of `kept`, a model trained on each training part, its held-out part
// predicted. Seeds derive from (options.seed, round, partition); the partitions run in
// parallel where `parallel` runs them so, with the same result.
std::vector<Predictability> score_predictability(const baseline::SparseRows& x, const std::vector<std::uint8_t>& labels,
                                                 const std::vector<std::uint32_t>& kept, const AfliteOptions& options,
                                                 int round, const ParallelFor& parallel = {});

}  // namespace caqa::hardening::detail
