// The feature rows a trained probe learns from (private to shared/src/audit).
#pragma once

#include <cstdint>
#include <span>

#include "caqa/audit/audit.h"
#include "caqa/baseline/logreg.h"

namespace caqa::audit::detail {

struct ProbeRows {
  baseline::SparseRows train, test;
  std::uint32_t dim_bits = 4;
};

// Rows of train and test for a trained probe (not majority or lexical); encoders that
// need fitting (bins, standardisation) are fit on train only.
ProbeRows probe_rows(Probe probe, std::span<const AuditSample> train, std::span<const AuditSample> test,
                     const AuditOptions& options);

}  // namespace caqa::audit::detail
