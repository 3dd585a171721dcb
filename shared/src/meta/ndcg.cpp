#include "caqa/meta/ndcg.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace caqa {

namespace {

struct Ranked {
  double score;
  int relevance;
};

// DCG@k with tie-averaged gains; items sorted by score, descending.
double tie_averaged_dcg(const std::vector<Ranked>& items, int k) {
  double dcg = 0;
  std::size_t p = 0;
  while (p < items.size() && static_cast<int>(p) < k) {
    std::size_t end = p;
    double gain = 0;
    while (end < items.size() && items[end].score == items[p].score) gain += items[end++].relevance;
    gain /= static_cast<double>(end - p);
    double discount = 0;
    for (std::size_t i = p; i < end && static_cast<int>(i) < k; ++i)
      discount += 1.0 / std::log2(static_cast<double>(i) + 2);
    dcg += gain * discount;
    p = end;
  }
  return dcg;
}

double ideal_dcg(std::vector<int> relevance, int k) {
  std::sort(relevance.begin(), relevance.end(), std::greater<>());
  double dcg = 0;
  for (std::size_t i = 0; i < relevance.size() && static_cast<int>(i) < k; ++i)
    dcg += relevance[i] / std::log2(static_cast<double>(i) + 2);
  return dcg;
}

}  // namespace

NdcgResult ndcg(const MetaItems& items) {
  std::vector<std::vector<Ranked>> by_group(items.group_names.size());
  for (std::size_t i = 0; i < items.size(); ++i)
    by_group[items.groups[i]].push_back({items.scores[i], level_value(items.levels[i])});
  NdcgResult out;
  std::array<double, 3> sum{};
  for (std::uint32_t g = 0; g < by_group.size(); ++g) {
    auto& group = by_group[g];
    if (group.empty()) continue;
    if (group.size() < 2) {
      ++out.skipped_lt2;
      continue;
    }
    std::sort(group.begin(), group.end(), [](const Ranked& a, const Ranked& b) { return a.score > b.score; });
    std::vector<int> relevance(group.size());
    for (std::size_t i = 0; i < group.size(); ++i) relevance[i] = group[i].relevance;
    GroupNdcg result{g, group.size(), {}};
    bool any_relevant = std::any_of(relevance.begin(), relevance.end(), [](int r) { return r > 0; });
    out.all_irrelevant += !any_relevant;
    for (std::size_t c = 0; c < kNdcgCutoffs.size(); ++c) {
      double ideal = ideal_dcg(relevance, kNdcgCutoffs[c]);
      result.ndcg[c] = ideal == 0 ? 0 : tie_averaged_dcg(group, kNdcgCutoffs[c]) / ideal;
      sum[c] += result.ndcg[c];
    }
    out.groups.push_back(result);
  }
  for (std::size_t c = 0; c < kNdcgCutoffs.size(); ++c)
    out.mean[c] = out.groups.empty() ? std::numeric_limits<double>::quiet_NaN() : sum[c] / out.groups.size();
  return out;
}

}  // namespace caqa
