// Which samples one AFLite round removes (private to shared/src/hardening): the k most
// predictable, spread over the label x complexity strata so that after the round each
// stratum holds (as near as whole samples allow) its share of the input.
#pragma once

#include <cstdint>
#include <vector>

#include "caqa/hardening/aflite.h"
#include "predictability.h"

namespace caqa::hardening::detail {

inline constexpr int kStrata = kLabelCount * kComplexityCount;
inline int stratum_of(const FilterSample& s) { return index_of(s.label) * kComplexityCount + index_of(s.complexity); }

// How many to take from each stratum: sum k, none above a stratum's current count.
std::vector<std::size_t> stratum_quotas(const StratumCounts& input, const StratumCounts& current, std::size_t k);

// Positions in `kept` to remove: per stratum, up to its quota of the samples with
// predictability >= tau, highest first (then higher mean gold probability, then input order).
std::vector<std::size_t> select_removals(const std::vector<FilterSample>& samples,
                                         const std::vector<std::uint32_t>& kept,
                                         const std::vector<Predictability>& scores, double tau,
                                         const std::vector<std::size_t>& quotas);

}  // namespace caqa::hardening::detail
