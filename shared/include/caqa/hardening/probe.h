// "Probe before and after" for the hardened build: the full-input trained baseline
// (caqa/baseline: features.h, logreg_cpu.h) trained on the kept train samples and scored
// on the kept test samples. Only this one probe: the partial-input and shallow probes
// belong to the audit (caqa/audit).
#pragma once

#include <vector>

#include "caqa/baseline/features.h"
#include "caqa/baseline/logreg.h"
#include "caqa/hardening/aflite.h"

namespace caqa::hardening {

struct ProbeOptions {
  baseline::TrainOptions train;      // caqa train's defaults
  baseline::FeatureConfig features;  // full input, 2^18 buckets
};

// Micro-F1 on samples with keep && is_test of a model trained on keep && !is_test (keep
// empty: every sample). NaN when either side is empty.
double full_input_micro_f1(const std::vector<FilterSample>& samples, const std::vector<bool>& is_test,
                           const std::vector<bool>& keep = {}, const ProbeOptions& options = {});

}  // namespace caqa::hardening
