#include "caqa/kg/citation_drafts.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace caqa::kg {

namespace {

// The scale of one unit of difference, cue by cue (caqa/audit/surface_cues.h): 200
// characters, two sentences, four distinct words, a whole fraction; question and answer
// lengths are the same for every label of a question. The share of distinct words and
// the words new to the citation weigh three times: the strongest cues padding leaves.
constexpr std::array<double, 12> kWeights = {1.0 / 200, 3.0, 0, 0, 0.5, 3, 1, 1, 1, 1, 1, 3};

double distance(const std::vector<double>& a, const std::vector<double>& b) {
  double d = 0;
  for (std::size_t i = 0; i < a.size() && i < b.size() && i < kWeights.size(); ++i)
    d += kWeights[i] * std::abs(a[i] - b[i]);
  return d;
}

}  // namespace

std::vector<double> shared_target(const std::vector<const std::vector<CitationDraft>*>& pools) {
  std::vector<double> target, lo, hi;
  std::size_t labels = 0;
  for (const auto* pool : pools)
    if (!pool->empty()) ++labels;
  for (const auto* pool : pools) {
    if (pool->empty()) continue;
    const std::size_t n = pool->front().cues.size();
    if (target.empty()) {
      target.assign(n, 0.0);
      lo.assign(n, -std::numeric_limits<double>::infinity());
      hi.assign(n, std::numeric_limits<double>::infinity());
    }
    for (std::size_t i = 0; i < n; ++i) {
      double sum = 0, least = std::numeric_limits<double>::infinity(), most = -least;
      for (const CitationDraft& d : *pool) {
        sum += d.cues[i];
        least = std::min(least, d.cues[i]);
        most = std::max(most, d.cues[i]);
      }
      target[i] += sum / static_cast<double>(pool->size()) / static_cast<double>(labels);
      lo[i] = std::max(lo[i], least);
      hi[i] = std::min(hi[i], most);
    }
  }
  for (std::size_t i = 0; i < target.size(); ++i)
    if (lo[i] <= hi[i]) target[i] = std::clamp(target[i], lo[i], hi[i]);
  return target;
}

std::size_t nearest_draft(const std::vector<CitationDraft>& drafts, const std::vector<double>& target) {
  std::size_t best = 0;
  double best_distance = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < drafts.size(); ++i)
    if (double d = distance(drafts[i].cues, target); d < best_distance) {
      best = i;
      best_distance = d;
    }
  return best;
}

}  // namespace caqa::kg
