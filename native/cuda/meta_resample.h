// The CUDA twin of the meta track's bootstrap (caqa/meta/resampling.h): the same
// signature as cpu_resample_backend's function and the same bits in every RankSums.
#pragma once

#include <cstdint>
#include <string>

#include "caqa/meta/resampling.h"

namespace caqa::cuda {

bool meta_resample(const ResampleLayout& layout, std::uint64_t key, std::uint64_t first, std::uint64_t count,
                   resample::RankSums* sums, std::string& error);

}  // namespace caqa::cuda
