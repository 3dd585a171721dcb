#include "caqa/meta/score_cells.h"

#include "caqa/meta/ndcg.h"

namespace caqa {

std::uint64_t ScoreCells::total() const {
  std::uint64_t n = 0;
  for (const auto& c : counts)
    for (auto x : c) n += x;
  return n;
}

ScoreCells score_cells(const std::vector<double>& scores, const std::vector<SupportLevel>& levels) {
  return score_cells(scores, levels, score_order(scores));
}

ScoreCells score_cells(const std::vector<double>& scores, const std::vector<SupportLevel>& levels,
                       const std::vector<std::uint32_t>& order) {
  ScoreCells cells;
  for (std::uint32_t i : order) {
    if (cells.scores.empty() || cells.scores.back() != scores[i]) {
      cells.scores.push_back(scores[i]);
      cells.counts.push_back({});
    }
    ++cells.counts.back()[level_value(levels[i])];
  }
  return cells;
}

}  // namespace caqa
