#include "caqa/score.h"

#include <fmt/format.h>

#include "caqa/version.h"

namespace caqa {

namespace {

// The confusion counts in gold order (sequential reads only): one matrix per gold group
// too when the gold has groups (groups is left empty otherwise).
ConfusionMatrix tally(const GoldOutcomes& outcomes, const GoldSet& gold, std::vector<ConfusionMatrix>& groups) {
  const int classes = gold.scheme().size();
  ConfusionMatrix m(classes);
  if (gold.has_groups()) groups.assign(gold.group_names().size(), ConfusionMatrix(classes));
  for (std::uint32_t g = 0; g < gold.size(); ++g) {
    m.add(gold.complexity(g), gold.label(g), outcomes.of_gold[g]);
    if (!groups.empty()) groups[gold.group(g)].add(gold.complexity(g), gold.label(g), outcomes.of_gold[g]);
  }
  return m;
}

}  // namespace

GoldOutcomes gold_outcomes(const PredictionSet& predictions, const GoldSet& gold, const Validation& validation) {
  const auto missing = static_cast<std::uint8_t>(gold.scheme().size());
  const auto unparseable = static_cast<std::uint8_t>(missing + 1);
  GoldOutcomes out;
  out.of_gold.assign(gold.size(), missing);
  // Rows in file order (sequential reads); the gold arrays are small enough to stay in cache.
  for (std::uint32_t r = 0; r < predictions.rows.size(); ++r) {
    std::uint32_t g = validation.gold_of_row[r];
    if (g == IdIndex::kAbsent || validation.row_of_gold[g] != r) continue;
    const PredictionRow& row = predictions.rows[r];
    out.of_gold[g] = row.kind == PredictedKind::Label ? static_cast<std::uint8_t>(row.label) : unparseable;
    out.invalid_label += row.kind == PredictedKind::InvalidLabel;
    out.unparseable += row.kind == PredictedKind::Unparseable;
    out.scores += row.has_score;
  }
  return out;
}

ScoreReport score(const PredictionSet& predictions, const GoldSet& gold, const Validation& validation,
                  const ScoreRequest& options, const ScoreSources& sources) {
  return score(gold_outcomes(predictions, gold, validation), predictions, gold, validation, options, sources);
}

ScoreReport score(const GoldOutcomes& outcomes, const PredictionSet& predictions, const GoldSet& gold,
                  const Validation& validation, const ScoreRequest& options, const ScoreSources& sources) {
  ScoreReport r;
  r.sources = sources;
  r.options = options;
  r.options.scheme = &gold.scheme();  // the gold's, when it named its own (ScoreRequest::adopt_gold_scheme)
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
  c.invalid_label = outcomes.invalid_label;
  c.unparseable = outcomes.unparseable;
  c.scores = outcomes.scores;
  std::vector<ConfusionMatrix> groups;
  ConfusionMatrix all = tally(outcomes, gold, groups);
  r.confusion = options.ignore_missing ? all.without_missing() : all;
  r.classification = classify(r.confusion);
  if (r.confusion.classes() > 2) r.binary = classify_binary(r.confusion);
  if (options.bootstrap.resamples > 0 && r.classification.n > 0)
    r.intervals = bootstrap_intervals(r.confusion, options.bootstrap);
  r.has_complexity = gold.has_complexity();
  std::array<std::uint64_t, kComplexityCount> per_level{};
  for (std::uint32_t i = 0; i < gold.size(); ++i) ++per_level[static_cast<std::size_t>(index_of(gold.complexity(i)))];
  r.levels = shown_levels(per_level);
  r.group_field = gold.group_field();
  for (std::size_t i = 0; i < groups.size(); ++i) {
    GroupScore g;
    g.name = gold.group_names()[i];
    g.gold = groups[i].total();
    g.matched = g.gold;
    for (const auto& row : groups[i].overall()) g.matched -= row[groups[i].missing_column()];
    g.confusion = options.ignore_missing ? groups[i].without_missing() : groups[i];
    g.classification = classify(g.confusion);
    // The same seed as the overall row: each group's interval is reproducible on its own.
    if (options.bootstrap.resamples > 0 && g.classification.n > 0)
      g.intervals = bootstrap_intervals(g.confusion, options.bootstrap);
    r.groups.push_back(std::move(g));
  }
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
  if (!r.group_field.empty()) s += fmt::format("|group:{}", r.group_field);
  if (r.options.threshold) s += fmt::format("|threshold:{}", *r.options.threshold);
  if (r.intervals)
    s += fmt::format("|boot:{}|seed:{}|level:{}", r.options.bootstrap.resamples, r.options.bootstrap.seed,
                     r.options.bootstrap.level);
  else
    s += "|boot:0";
  return s + fmt::format("|version:{}", kVersion);
}

}  // namespace caqa
