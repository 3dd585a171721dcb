#include "caqa/kg/citation_drafts.h"

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
