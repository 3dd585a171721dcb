#include "cue_features.h"

#include <array>
#include <cmath>
#include <string_view>

#include "caqa/audit/surface_cues.h"
#include "caqa/hash.h"

namespace caqa::hardening::detail {

namespace {

// Small counts exactly (three sentences against four is a cue a log scale would hide),
// larger ones on a log scale; fractions in sixteenths (the share of distinct words moves
// by a few hundredths between labels); undefined (-1) apart.
int bin(double value, bool is_count) {
  if (value < 0) return -1;
  if (!is_count) return static_cast<int>(value * 16);
  constexpr double kExact = 8;
  return value < kExact ? static_cast<int>(value) : static_cast<int>(kExact + std::log2(value + 1 - kExact) * 2);
}

}  // namespace

std::vector<std::uint32_t> cue_features(const FilterSample& sample, std::uint32_t dim_bits) {
  const audit::AuditSample view{{}, sample.question, sample.answer, sample.citation, sample.label, sample.complexity,
                                {}};
  std::vector<int> bins;
  const auto lengths = audit::length_cues(view);
  for (std::size_t i = 0; i < lengths.size(); ++i) bins.push_back(bin(lengths[i], i != audit::kDistinctShareCue));
  for (double v : audit::presence_cues(view)) bins.push_back(bin(v, false));
  const std::uint32_t mask = (1u << dim_bits) - 1;
  std::vector<std::uint32_t> out;
  // A feature is a few small numbers (what it crosses, which cues, their bins), hashed.
  auto add = [&](std::array<int, 5> key) {
    const std::string_view bytes(reinterpret_cast<const char*>(key.data()), sizeof(key));
    out.push_back(static_cast<std::uint32_t>(fnv1a64(bytes)) & mask);
  };
  // A cue may tell labels apart within one level only (a single question has no partial
  // answer), so each cue is also crossed with the level.
  const int level = 1 + static_cast<int>(index_of(sample.complexity));
  const int cues = static_cast<int>(bins.size());
  for (int i = 0; i < cues; ++i) {
    add({0, i, bins[i], -1, 0});
    add({level, i, bins[i], -1, 0});
    for (int j = i + 1; j < cues; ++j) add({0, i, bins[i] / 2, j, bins[j] / 2});
  }
  return out;
}

}  // namespace caqa::hardening::detail
