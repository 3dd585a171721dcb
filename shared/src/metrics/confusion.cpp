#include "caqa/metrics/confusion.h"

namespace caqa {

std::array<std::array<std::uint64_t, kOutcomeCount>, kLabelCount> ConfusionMatrix::overall() const {
  std::array<std::array<std::uint64_t, kOutcomeCount>, kLabelCount> out{};
  for (const auto& level : counts)
    for (int g = 0; g < kLabelCount; ++g)
      for (int o = 0; o < kOutcomeCount; ++o) out[g][o] += level[g][o];
  return out;
}

std::uint64_t ConfusionMatrix::total(Complexity c) const {
  std::uint64_t n = 0;
  for (const auto& row : counts[index_of(c)])
    for (auto x : row) n += x;
  return n;
}

std::uint64_t ConfusionMatrix::total() const {
  std::uint64_t n = 0;
  for (Complexity c : kComplexities) n += total(c);
  return n;
}

std::uint64_t ConfusionMatrix::correct(Complexity c) const {
  std::uint64_t n = 0;
  for (int g = 0; g < kLabelCount; ++g) n += counts[index_of(c)][g][g];
  return n;
}

ConfusionMatrix ConfusionMatrix::without_missing() const {
  ConfusionMatrix out = *this;
  for (auto& level : out.counts)
    for (auto& row : level) row[kMissingColumn] = 0;
  return out;
}

}  // namespace caqa
