#include "caqa/leaderboard/baselines.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <numeric>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "caqa/rng.h"

namespace caqa::leaderboard {

namespace {

constexpr std::uint64_t kRandomBaselineSeed = 13;

std::string predictions_of(const GoldSet& test, const std::function<Label(std::uint32_t)>& label_of) {
  std::string text;
  for (std::uint32_t g = 0; g < test.size(); ++g)
    text += nlohmann::ordered_json{{"id", test.ids().id(g)}, {"label", label_name(label_of(g))}}.dump() + "\n";
  return text;
}

Baseline baseline(std::string slug, std::string evaluator, std::string description, std::string predictions) {
  SubmissionMeta m;
  m.slug = std::move(slug);
  m.evaluator = std::move(evaluator);
  m.setting = "baseline";
  m.organisation = "caqa";
  m.description = std::move(description);
  return {std::move(m), std::move(predictions)};
}

}  // namespace

std::string constant_predictions(const GoldSet& test, Label label) {
  return predictions_of(test, [label](std::uint32_t) { return label; });
}

std::vector<Baseline> computed_baselines(const GoldSet& test, const GoldSet& train) {
  std::vector<Baseline> out;
  out.push_back(baseline("baseline-always-supportive", "Always supportive", "predicts supportive for every sample",
                         constant_predictions(test, Label::Supportive)));
  if (train.size() > 0) {
    std::array<std::uint64_t, kLabelCount> counts{};
    for (std::uint32_t i = 0; i < train.size(); ++i) ++counts[train.label(i)];
    // Ties go to the first label in canonical order.
    auto majority = static_cast<Label>(std::max_element(counts.begin(), counts.end()) - counts.begin());
    out.push_back(baseline(
        "baseline-majority-train", fmt::format("Majority class of train ({})", label_name(majority)),
        fmt::format("predicts the most frequent train label, {} ({} of {} train samples)", label_name(majority),
                    counts[index_of(majority)], std::accumulate(counts.begin(), counts.end(), std::uint64_t{0})),
        constant_predictions(test, majority)));
  }
  Rng rng(kRandomBaselineSeed);
  std::vector<Label> random(test.size());
  for (auto& l : random)
    l = static_cast<Label>(std::min<std::uint64_t>(3, static_cast<std::uint64_t>(rng.uniform() * 4)));
  out.push_back(baseline("baseline-uniform-random", "Uniform random (seed 13)",
                         "a label drawn uniformly from the four, per sample in gold order, with caqa's Rng seeded 13",
                         predictions_of(test, [&random](std::uint32_t g) { return random[g]; })));
  return out;
}

}  // namespace caqa::leaderboard
