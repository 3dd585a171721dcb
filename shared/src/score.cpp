#include "caqa/score.h"

#include <fmt/format.h>

namespace caqa {

namespace {

// One pass over the rows for the confusion counts and the per-row counts.
ConfusionMatrix tally(const PredictionSet& predictions, const GoldSet& gold, const Validation& validation,
                      ScoreCounts& counts) {
  const int classes = gold.scheme().size();
  ConfusionMatrix m(classes);
  // Rows in file order (sequential reads); the gold arrays are small enough to stay in cache.
  for (std::uint32_t r = 0; r < predictions.rows.size(); ++r) {
    std::uint32_t g = validation.gold_of_row[r];
    if (g == IdIndex::kAbsent || validation.row_of_gold[g] != r) continue;
    const PredictionRow& row = predictions.rows[r];
    m.add(gold.complexity(g), gold.label(g), row.kind == PredictedKind::Label ? row.label : m.unparseable_column());
    counts.invalid_label += row.kind == PredictedKind::InvalidLabel;
    counts.unparseable += row.kind == PredictedKind::Unparseable;
    counts.scores += row.has_score;
  }
  for (std::uint32_t g = 0; g < gold.size(); ++g)
    if (validation.row_of_gold[g] == IdIndex::kAbsent) m.add(gold.complexity(g), gold.label(g), m.missing_column());
  return m;
}

}  // namespace

ScoreReport score(const PredictionSet& predictions, const GoldSet& gold, const Validation& validation,
                  const ScoreRequest& options, const ScoreSources& sources) {
  ScoreReport r;
  r.sources = sources;
  r.options = options;
  r.split = gold.split().empty() ? "all" : gold.split();
  ScoreCounts& c = r.counts;
  c.gold = gold.size();
  c.prediction_lines = predictions.lines_read;
  c.missing = validation.missing;
  c.matched = gold.size() - validation.missing;
  c.extra_lines = validation.unknown_id_lines;
  c.duplicate_lines = validation.duplicate_lines;
  c.responses = predictions.responses;
  c.responses_parsed = predictions.responses_parsed;
  ConfusionMatrix all = tally(predictions, gold, validation, c);
  r.confusion = options.ignore_missing ? all.without_missing() : all;
  r.classification = classify(r.confusion);
  if (r.confusion.classes() > 2) r.binary = classify_binary(r.confusion);
  if (options.bootstrap.resamples > 0 && r.classification.n > 0)
    r.intervals = bootstrap_intervals(r.confusion, options.bootstrap);
  r.signature = score_signature(r);
  return r;
}

std::string scheme_mode_name(const LabelScheme& scheme) {
  return &scheme == &caqa_scheme() ? "four-way" : std::string(scheme.name);
}

std::string score_signature(const ScoreReport& r) {
  std::string s = fmt::format("caqa-score:{}|split:{}|n:{}|missing:{}|dup:{}|extract:{}|mode:{}", kScoreSchemaVersion,
                              r.split, r.classification.n, r.options.ignore_missing ? "ignore" : "wrong",
                              duplicate_policy_name(r.options.duplicates), extract_mode_name(r.options.extract),
                              scheme_mode_name(*r.options.scheme));
  if (r.intervals)
    s += fmt::format("|boot:{}|seed:{}|level:{}", r.options.bootstrap.resamples, r.options.bootstrap.seed,
                     r.options.bootstrap.level);
  else
    s += "|boot:0";
  return s;
}

}  // namespace caqa
