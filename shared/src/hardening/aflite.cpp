#include "caqa/hardening/aflite.h"

#include <algorithm>
#include <cmath>

#include "caqa/baseline/features.h"
#include "cue_features.h"
#include "predictability.h"
#include "stratified_removal.h"

namespace caqa::hardening {

std::size_t Amount::of(std::size_t input_size) const {
  if (value >= 1) return static_cast<std::size_t>(value);
  return static_cast<std::size_t>(std::llround(value * static_cast<double>(input_size)));
}

std::string_view aflite_error_message(AfliteError error) {
  switch (error) {
    case AfliteError::None: return "";
    case AfliteError::BadOptions:
      return "adversarial filtering options out of range: partitions >= 1, 0 < train share < 1, epochs >= 1, "
             "8 <= dim bits <= 24, 0 <= tau <= 1, remove per round > 0, min size >= 0, max rounds >= 0";
    case AfliteError::SingleLabel:
      return "adversarial filtering needs samples of at least two labels (with one, every sample is predictable)";
  }
  return "";
}

std::size_t AfliteResult::kept() const { return static_cast<std::size_t>(std::count(keep.begin(), keep.end(), true)); }

namespace {

bool valid(const AfliteOptions& o) {
  return o.partitions >= 1 && o.train_share > 0 && o.train_share < 1 && o.epochs >= 1 && o.dim_bits >= 8 &&
         o.dim_bits <= 24 && o.tau >= 0 && o.tau <= 1 && o.remove_per_round.value > 0 && o.min_size.value >= 0 &&
         o.max_rounds >= 0;
}

bool has_two_labels(const std::vector<FilterSample>& samples) {
  for (const auto& s : samples)
    if (s.label != samples.front().label) return true;
  return false;
}

}  // namespace

AfliteResult aflite_filter(const std::vector<FilterSample>& samples, const AfliteOptions& options,
                           const ParallelFor& parallel) {
  AfliteResult result;
  result.keep.assign(samples.size(), true);
  if (!valid(options)) {
    result.error = AfliteError::BadOptions;
    return result;
  }
  if (samples.empty()) return result;
  if (!has_two_labels(samples)) {
    result.error = AfliteError::SingleLabel;
    return result;
  }
  for (const auto& s : samples) ++result.input[index_of(s.label)][index_of(s.complexity)];

  // Features once; every model of every round reads these rows.
  // Two views with cue features: n-grams and cues together, and the cues alone, whose
  // few features a model over thousands of n-grams would drown.
  baseline::SparseRows x, cues;
  cues.offsets.assign(1, 0);
  const baseline::FeatureConfig features{options.dim_bits, baseline::InputView::Full};
  std::vector<std::uint8_t> labels(samples.size());
  for (std::size_t i = 0; i < samples.size(); ++i) {
    baseline::featurize({samples[i].question, samples[i].answer, samples[i].citation}, features, x);
    if (options.cue_features) {
      // The same features end the n-gram row and make the cue row.
      const auto features = detail::cue_features(samples[i], options.dim_bits);
      for (baseline::SparseRows* rows : {&x, &cues}) {
        rows->indices.insert(rows->indices.end(), features.begin(), features.end());
        rows->values.resize(rows->indices.size(), 1.0f);
      }
      x.offsets.back() = x.indices.size();
      cues.offsets.push_back(cues.indices.size());
    }
    labels[i] = static_cast<std::uint8_t>(index_of(samples[i].label));
  }

  const std::size_t floor = options.min_size.of(samples.size());
  const std::size_t k_max = options.remove_per_round.of(samples.size());
  std::vector<std::uint32_t> kept(samples.size());
  for (std::size_t i = 0; i < kept.size(); ++i) kept[i] = static_cast<std::uint32_t>(i);
  StratumCounts current = result.input;
  for (int round = 0; round < options.max_rounds && kept.size() > floor && kept.size() >= 2; ++round) {
    const std::size_t k = std::min(k_max, kept.size() - floor);
    if (k == 0) break;
    auto scores = detail::score_predictability(x, labels, kept, options, round, parallel);
    if (options.cue_features) {
      // A sample is as predictable as the view that predicts it best.
      const auto by_cues = detail::score_predictability(cues, labels, kept, options, round, parallel);
      for (std::size_t i = 0; i < scores.size(); ++i)
        if (by_cues[i].value() > scores[i].value()) scores[i] = by_cues[i];
    }
    AfliteRound r;
    r.remaining = kept.size();
    double sum = 0;
    std::size_t scored = 0;
    for (const auto& s : scores) {
      if (s.seen == 0) continue;
      ++scored;
      sum += s.value();
      r.qualifying += s.value() >= options.tau ? 1 : 0;
    }
    r.mean_predictability = scored == 0 ? 0.0 : sum / static_cast<double>(scored);
    const auto removals =
        detail::select_removals(samples, kept, scores, options.tau, detail::stratum_quotas(result.input, current, k));
    r.removed = removals.size();
    for (std::size_t pos : removals) {
      const FilterSample& s = samples[kept[pos]];
      result.keep[kept[pos]] = false;
      --current[index_of(s.label)][index_of(s.complexity)];
      ++result.removed[index_of(s.label)][index_of(s.complexity)];
    }
    kept.erase(std::remove_if(kept.begin(), kept.end(), [&](std::uint32_t i) { return !result.keep[i]; }), kept.end());
    result.rounds.push_back(r);
    // AFLite stops once fewer than k samples are predictable enough to go.
    if (r.qualifying < k || r.removed == 0) break;
  }
  return result;
}

}  // namespace caqa::hardening
