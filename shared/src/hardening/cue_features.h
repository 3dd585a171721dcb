// The shallow cues the audit's dense probes read (lengths, and how much of the question
// and answer the citation repeats: caqa/audit), as sparse features beside the n-grams.
// With them AFLite also removes the samples those cues give away, not only the ones
// words do; binned, and binned in pairs, so a linear model can use them non-linearly.
#pragma once

#include "caqa/baseline/logreg.h"
#include "caqa/hardening/aflite.h"

namespace caqa::hardening::detail {

// Appends the cue features of `sample` to the last row of `x` (hashed into 2^dim_bits).
void append_cue_features(const FilterSample& sample, std::uint32_t dim_bits, baseline::SparseRows& x);

}  // namespace caqa::hardening::detail
