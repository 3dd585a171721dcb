// The one dispatch point of caqa meta's bootstrap: the CUDA twin when this build has it and
// a device answers, else the CPU twin on the given threads, with the reason in one line.
#pragma once

#include <optional>
#include <string>

#include "caqa/meta/meta_report.h"
#include "compute/backend_request.h"

namespace caqa::meta {

struct ResamplerChoice {
  std::optional<MetaResampler> resampler;  // nullopt: CUDA was required and is not usable
  std::string reason;                      // why this backend (or why none)
};

ResamplerChoice choose_resampler(compute::BackendRequest request, ParallelFor runner);

}  // namespace caqa::meta
