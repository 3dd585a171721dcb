#include "stratified_removal.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace caqa::hardening::detail {

namespace {

std::size_t total(const StratumCounts& c) {
  std::size_t n = 0;
  for (const auto& row : c) n = std::accumulate(row.begin(), row.end(), n);
  return n;
}

std::size_t count_at(const StratumCounts& c, int stratum) {
  return c[stratum / kComplexityCount][stratum % kComplexityCount];
}

}  // namespace

std::vector<std::size_t> stratum_quotas(const StratumCounts& input, const StratumCounts& current, std::size_t k) {
  const double n_input = static_cast<double>(total(input));
  const std::size_t n_current = total(current);
  k = std::min(k, n_current);
  // Excess of each stratum over its input share of the size after the round. The
  // excesses sum to k; a stratum already below its share wants nothing, and then the
  // others are scaled down to k together.
  std::vector<double> want(kStrata);
  double sum = 0;
  for (int s = 0; s < kStrata; ++s) {
    const double target = count_at(input, s) / n_input * static_cast<double>(n_current - k);
    want[s] = std::max(0.0, static_cast<double>(count_at(current, s)) - target);
    sum += want[s];
  }
  std::vector<std::size_t> quota(kStrata, 0);
  if (sum <= 0) return quota;
  // Largest remainder: floors first, then one more to the largest fractions (ties: lower stratum).
  std::vector<double> fraction(kStrata);
  std::size_t given = 0;
  for (int s = 0; s < kStrata; ++s) {
    const double exact = want[s] * static_cast<double>(k) / sum;
    quota[s] = std::min(static_cast<std::size_t>(std::floor(exact)), count_at(current, s));
    fraction[s] = exact - std::floor(exact);
    given += quota[s];
  }
  std::vector<int> order(kStrata);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return fraction[a] > fraction[b]; });
  for (int s : order) {
    if (given >= k) break;
    if (quota[s] < count_at(current, s)) {
      ++quota[s];
      ++given;
    }
  }
  return quota;
}

std::vector<std::size_t> select_removals(const std::vector<FilterSample>& samples,
                                         const std::vector<std::uint32_t>& kept,
                                         const std::vector<Predictability>& scores, double tau,
                                         const std::vector<std::size_t>& quotas) {
  std::vector<std::vector<std::size_t>> candidates(kStrata);
  for (std::size_t i = 0; i < kept.size(); ++i)
    if (scores[i].seen > 0 && scores[i].value() >= tau) candidates[stratum_of(samples[kept[i]])].push_back(i);
  std::vector<std::size_t> out;
  for (int s = 0; s < kStrata; ++s) {
    auto& c = candidates[s];
    const std::size_t take = std::min(quotas[s], c.size());
    std::partial_sort(c.begin(), c.begin() + static_cast<std::ptrdiff_t>(take), c.end(),
                      [&](std::size_t a, std::size_t b) {
                        if (scores[a].value() != scores[b].value()) return scores[a].value() > scores[b].value();
                        if (scores[a].mean_gold_probability() != scores[b].mean_gold_probability())
                          return scores[a].mean_gold_probability() > scores[b].mean_gold_probability();
                        return a < b;
                      });
    out.insert(out.end(), c.begin(), c.begin() + static_cast<std::ptrdiff_t>(take));
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace caqa::hardening::detail
