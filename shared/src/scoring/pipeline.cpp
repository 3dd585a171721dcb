#include "caqa/scoring/pipeline.h"

#include <fmt/format.h>

#include "caqa/scoring/policy.h"

namespace caqa {

Diagnostics ScoredFile::blocking() const {
  Diagnostics out;
  for (const auto& d : validation.diagnostics.items)
    if (d.severity == Severity::Error) out.items.push_back(d);
  return out;
}

ScoredFile score_read(const GoldSet& gold, PredictionSet predictions, const ScoreRequest& request,
                      const ScoreSources& sources, std::vector<std::uint32_t> gold_of_row) {
  ScoredFile f;
  f.predictions = std::move(predictions);
  f.validation = validate(f.predictions, gold, request.duplicates, std::move(gold_of_row));
  apply_scoring_policy(f.validation.diagnostics, request.duplicates);
  if (f.validation.diagnostics.has_errors()) return f;
  GoldOutcomes outcomes = gold_outcomes(f.predictions, gold, f.validation);
  f.report = score(outcomes, f.predictions, gold, f.validation, request, sources);
  f.outcomes = std::move(outcomes.of_gold);
  return f;
}

ScoredFile score_file(const GoldSet& gold, const InputText& predictions, const ScoreRequest& request,
                      const ScoreSources& sources) {
  ScoreRequest as_gold = request;
  as_gold.scheme = &gold.scheme();  // the gold may name its own (ScoreRequest::adopt_gold_scheme)
  return score_read(gold, read_predictions(predictions, as_gold.prediction_options()), as_gold, sources);
}

ScoredBytes score_bytes(const InputText& gold, const InputText& predictions, const ScoreRequest& request,
                        const ScoreSources& sources) {
  ScoredBytes out{parse_gold(gold, request.gold_options()), std::nullopt};
  if (!out.gold.diagnostics.has_errors()) out.file = score_file(out.gold.gold, predictions, request, sources);
  return out;
}

PairedCounts paired_counts(const GoldSet& gold, const ScoredFile& a, const ScoredFile& b, bool ignore_missing) {
  const int missing = gold.scheme().size();
  PairedCounts counts(gold.scheme().size());
  for (std::uint32_t g = 0; g < gold.size(); ++g) {
    int oa = a.outcomes[g], ob = b.outcomes[g];
    if (ignore_missing && (oa == missing || ob == missing)) continue;
    counts.add(gold.label(g), oa, ob);
  }
  return counts;
}

std::string compare_signature(const CompareMetric& metric, const ScoreReport& a) {
  return fmt::format("caqa-compare:1|metric:{}|{}", metric.name(*a.options.scheme), a.signature);
}

}  // namespace caqa
