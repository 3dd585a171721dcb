#include "cue_features.h"

#include <cmath>
#include <string>

#include <fmt/format.h>

#include "../audit/numeric_cues.h"
#include "caqa/hash.h"

namespace caqa::hardening::detail {

namespace {

// Lengths on a log scale, fractions in eighths, undefined (-1) apart.
int bin(double value, bool is_length) {
  if (value < 0) return -1;
  return is_length ? static_cast<int>(std::log2(value + 1) * 2) : static_cast<int>(value * 8);
}

}  // namespace

void append_cue_features(const FilterSample& sample, std::uint32_t dim_bits, baseline::SparseRows& x) {
  const audit::AuditSample view{{}, sample.question, sample.answer, sample.citation, sample.label, sample.complexity,
                                {}};
  std::vector<int> bins;
  for (double v : audit::detail::length_cues(view)) bins.push_back(bin(v, true));
  for (double v : audit::detail::presence_cues(view)) bins.push_back(bin(v, false));
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
