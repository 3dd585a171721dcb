#include "caqa/meta/ndcg.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace caqa {

namespace {

// DCG@k with tie-averaged gains over one group's items, by score descending.
double tie_averaged_dcg(const MetaItems& items, const std::uint32_t* ranked, std::size_t size, int k) {
  double dcg = 0;
  std::size_t p = 0;
  while (p < size && static_cast<int>(p) < k) {
    std::size_t end = p;
    double gain = 0;
    while (end < size && items.scores[ranked[end]] == items.scores[ranked[p]])
      gain += level_value(items.levels[ranked[end++]]);
    gain /= static_cast<double>(end - p);
    double discount = 0;
    for (std::size_t i = p; i < end && static_cast<int>(i) < k; ++i)
      discount += 1.0 / std::log2(static_cast<double>(i) + 2);
    dcg += gain * discount;
    p = end;
  }
  return dcg;
}

// The ideal DCG@k needs no sort: the best order is every full, then every partial item.
double ideal_dcg(const std::array<std::uint64_t, kSupportLevelCount>& level_counts, int k) {
  double dcg = 0;
  std::size_t position = 0;
  for (int level = kSupportLevelCount - 1; level > 0; --level)
    for (std::uint64_t i = 0; i < level_counts[level] && static_cast<int>(position) < k; ++i, ++position)
      dcg += level / std::log2(static_cast<double>(position) + 2);
  return dcg;
}

}  // namespace

std::vector<std::uint32_t> score_order(const std::vector<double>& scores) {
  std::vector<std::uint32_t> order(scores.size());
  for (std::uint32_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return scores[a] < scores[b]; });
  return order;
}

NdcgResult ndcg(const MetaItems& items) { return ndcg(items, score_order(items.scores)); }

NdcgResult ndcg(const MetaItems& items, const std::vector<std::uint32_t>& order) {
  // Each group's items by score descending, from the one sort: a counting sort by group.
  const std::size_t group_count = items.group_names.size();
  std::vector<std::uint32_t> start(group_count + 1, 0);
  for (std::uint32_t g : items.groups) ++start[g + 1];
  for (std::size_t g = 0; g < group_count; ++g) start[g + 1] += start[g];
  std::vector<std::uint32_t> ranked(items.size()), next(start.begin(), start.end() - 1);
  for (auto it = order.rbegin(); it != order.rend(); ++it) ranked[next[items.groups[*it]]++] = *it;

  NdcgResult out;
  std::array<double, 3> sum{};
  for (std::uint32_t g = 0; g < group_count; ++g) {
    const std::size_t size = start[g + 1] - start[g];
    if (size == 0) continue;
    if (size < 2) {
      ++out.skipped_lt2;
      continue;
    }
    const std::uint32_t* group = ranked.data() + start[g];
    std::array<std::uint64_t, kSupportLevelCount> level_counts{};
    for (std::size_t i = 0; i < size; ++i) ++level_counts[level_value(items.levels[group[i]])];
    GroupNdcg result{g, size, {}};
    out.all_irrelevant += level_counts[1] + level_counts[2] == 0;
    for (std::size_t c = 0; c < kNdcgCutoffs.size(); ++c) {
      const double ideal = ideal_dcg(level_counts, kNdcgCutoffs[c]);
      result.ndcg[c] = ideal == 0 ? 0 : tie_averaged_dcg(items, group, size, kNdcgCutoffs[c]) / ideal;
      sum[c] += result.ndcg[c];
    }
    out.groups.push_back(result);
  }
  for (std::size_t c = 0; c < kNdcgCutoffs.size(); ++c)
    out.mean[c] = out.groups.empty() ? std::numeric_limits<double>::quiet_NaN() : sum[c] / out.groups.size();
  return out;
}

}  // namespace caqa
