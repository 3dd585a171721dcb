// The shallow cues the audit's dense probes read (lengths, and how much of the question
// and answer the citation repeats: caqa/audit), as sparse features beside the n-grams.
// With them AFLite also removes the samples those cues give away, not only the ones
// words do; binned, and binned in pairs, so a linear model can use them non-linearly.
#pragma once

#include <cstdint>
#include <vector>

#include "caqa/baseline/logreg.h"
#include "caqa/hardening/aflite.h"

namespace caqa::hardening::detail {

// The cue features of `sample`, hashed into 2^dim_bits buckets (each of value 1).
std::vector<std::uint32_t> cue_features(const FilterSample& sample, std::uint32_t dim_bits);

}  // namespace caqa::hardening::detail
