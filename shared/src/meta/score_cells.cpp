#include "caqa/meta/score_cells.h"

#include <algorithm>

namespace caqa {

std::uint64_t ScoreCells::total() const {
  std::uint64_t n = 0;
  for (const auto& c : counts)
    for (auto x : c) n += x;
  return n;
}

ScoreCells score_cells(const std::vector<double>& scores, const std::vector<SupportLevel>& levels) {
  struct Item {
    double score;
    SupportLevel level;
  };
  std::vector<Item> items(scores.size());
  for (std::size_t i = 0; i < scores.size(); ++i) items[i] = {scores[i], levels[i]};
  std::sort(items.begin(), items.end(), [](const Item& a, const Item& b) { return a.score < b.score; });
  ScoreCells cells;
  for (const Item& item : items) {
    if (cells.scores.empty() || cells.scores.back() != item.score) {
      cells.scores.push_back(item.score);
      cells.counts.push_back({});
    }
    ++cells.counts.back()[level_value(item.level)];
  }
  return cells;
}

}  // namespace caqa
