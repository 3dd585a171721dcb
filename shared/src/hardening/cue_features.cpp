#include "cue_features.h"

#include <cmath>
#include <string>

#include <fmt/format.h>

#include "caqa/audit/surface_cues.h"
#include "caqa/hash.h"

namespace caqa::hardening::detail {

namespace {

// Counts on a log scale, fractions in sixteenths (the share of distinct words moves by a
// few hundredths between labels), undefined (-1) apart.
int bin(double value, bool is_count) {
  if (value < 0) return -1;
  return is_count ? static_cast<int>(std::log2(value + 1) * 2) : static_cast<int>(value * 16);
}

}  // namespace

void append_cue_features(const FilterSample& sample, std::uint32_t dim_bits, baseline::SparseRows& x) {
  const audit::AuditSample view{{}, sample.question, sample.answer, sample.citation, sample.label, sample.complexity,
                                {}};
  std::vector<int> bins;
  const auto lengths = audit::length_cues(view);
  for (std::size_t i = 0; i < lengths.size(); ++i) bins.push_back(bin(lengths[i], i != audit::kDistinctShareCue));
  for (double v : audit::presence_cues(view)) bins.push_back(bin(v, false));
  const std::uint32_t mask = (1u << dim_bits) - 1;
  auto add = [&](const std::string& token) {
    x.indices.push_back(static_cast<std::uint32_t>(fnv1a64(token)) & mask);
    x.values.push_back(1.0f);
  };
  for (std::size_t i = 0; i < bins.size(); ++i) {
    add(fmt::format("cue{}={}", i, bins[i]));
    for (std::size_t j = i + 1; j < bins.size(); ++j)
      add(fmt::format("cue{}={}&cue{}={}", i, bins[i] / 2, j, bins[j] / 2));
  }
  x.offsets.back() = x.indices.size();
}

}  // namespace caqa::hardening::detail
