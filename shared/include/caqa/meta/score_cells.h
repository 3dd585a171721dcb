// Meta-evaluation items compressed to their distinct scores: for each distinct score,
// in ascending order, how many items of each support level have it. Correlations,
// ROC-AUC and Kendall's tau-b are all computed in one pass over these cells, and the
// bootstrap resamples cell counts, so costs grow with the number of distinct scores.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "caqa/meta/support_level.h"

namespace caqa {

struct ScoreCells {
  std::vector<double> scores;                                         // distinct, ascending
  std::vector<std::array<std::uint64_t, kSupportLevelCount>> counts;  // per score, per level
  std::uint64_t total() const;
};

ScoreCells score_cells(const std::vector<double>& scores, const std::vector<SupportLevel>& levels);
// With the indices in ascending score order (ndcg.h's score_order): no sort of its own.
ScoreCells score_cells(const std::vector<double>& scores, const std::vector<SupportLevel>& levels,
                       const std::vector<std::uint32_t>& order);

}  // namespace caqa
