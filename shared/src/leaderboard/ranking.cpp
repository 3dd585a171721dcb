#include "caqa/leaderboard/ranking.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace caqa::leaderboard {

PairwiseP::PairwiseP(std::size_t n) : n_(n), p_(n * n, std::numeric_limits<double>::quiet_NaN()) {}

void PairwiseP::set(std::size_t i, std::size_t j, double p) {
  p_[i * n_ + j] = p;
  p_[j * n_ + i] = p;
}

double PairwiseP::get(std::size_t i, std::size_t j) const { return p_[i * n_ + j]; }

bool beats(const RankInput& a, const RankInput& b, double p, const RankOptions& options) {
  if (!(a.score > b.score)) return false;
  bool paired = !std::isnan(p) && p < options.alpha;
  bool separated = a.ci.low > b.ci.high;
  return paired || separated;
}

std::vector<RankedEntry> rank_entries(const std::vector<RankInput>& inputs, const PairwiseP& p,
                                      const RankOptions& options) {
  std::vector<std::size_t> order(inputs.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    if (inputs[a].score != inputs[b].score) return inputs[a].score > inputs[b].score;
    if (inputs[a].key != inputs[b].key) return inputs[a].key < inputs[b].key;
    return a < b;
  });
  std::vector<RankedEntry> out;
  out.reserve(order.size());
  int group = 0;
  for (std::size_t pos = 0; pos < order.size(); ++pos) {
    RankedEntry e;
    e.index = order[pos];
    const RankInput& me = inputs[e.index];
    for (std::size_t other = 0; other < inputs.size(); ++other)
      if (other != e.index && beats(inputs[other], me, p.get(other, e.index), options)) ++e.beaten_by;
    e.rank = 1 + static_cast<int>(e.beaten_by);
    e.p_vs_above = std::numeric_limits<double>::quiet_NaN();
    if (pos > 0) {
      std::size_t above = order[pos - 1];
      e.has_above = true;
      e.p_vs_above = p.get(above, e.index);
      e.cis_overlap_above = !(inputs[above].ci.low > me.ci.high);
      e.beaten_by_above = beats(inputs[above], me, e.p_vs_above, options);
    }
    if (pos == 0 || e.beaten_by_above) ++group;
    e.tie_group = group;
    out.push_back(e);
  }
  return out;
}

}  // namespace caqa::leaderboard
