// Scores one validated prediction file against gold: the classification track.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "caqa/gold_set.h"
#include "caqa/metrics/bootstrap.h"
#include "caqa/metrics/classification.h"
#include "caqa/metrics/confusion.h"
#include "caqa/prediction.h"
#include "caqa/validate.h"

namespace caqa {

inline constexpr int kScoreSchemaVersion = 1;

// Everything that decides how a prediction file is read and scored, with the defaults
// of every front end (caqa score, the leaderboard, the browser, the explorer).
struct ScoreRequest {
  const LabelScheme* scheme = &caqa_scheme();
  bool scheme_given = false;      // chosen by the user (--scheme): a gold "scheme" does not replace it
  bool gold_scheme_read = false;  // adopt_gold_scheme has run: scheme is the gold's own when it names one
  PredictionFormat format = PredictionFormat::Auto;
  ExtractMode extract = ExtractMode::Lenient;
  DuplicatePolicy duplicates = DuplicatePolicy::Error;
  bool ignore_missing = false;
  BootstrapOptions bootstrap{};      // resamples = 0 turns intervals off
  std::optional<std::string> split;  // gold samples of this split only
  std::size_t max_line_bytes = kDefaultMaxLineBytes;
  std::string group_by;             // a gold field: per-group rows beside the overall one ("" = none)
  std::optional<double> threshold;  // two-class schemes: labels from scores (PredictionOptions)

  PredictionOptions prediction_options() const { return {format, extract, scheme, max_line_bytes, threshold}; }
  GoldOptions gold_options() const {
    GoldOptions o;
    o.scheme = scheme;
    o.scheme_given = scheme_given || gold_scheme_read;  // the gold is not scanned twice
    o.split = split;
    o.max_line_bytes = max_line_bytes;
    o.group_by = group_by;
    return o;
  }
  // Takes the scheme the gold file names unless the user chose one; call before the
  // predictions are read (they are read through the scheme).
  void adopt_gold_scheme(const InputText& gold) {
    if (scheme_given) return;
    if (const LabelScheme* declared = declared_gold_scheme(gold, max_line_bytes)) scheme = declared;
    gold_scheme_read = true;
  }
};

// What a front end knows about the files; the core does no I/O.
struct ScoreSources {
  std::string prediction_name;
  std::string gold_name;
  std::string gold_sha256;
  // The day the report was made, YYYY-MM-DD in UTC, from the front end's clock (the CLI
  // honours SOURCE_DATE_EPOCH); "" when the front end gives none. Beside the signature,
  // never in it: the signature says what decides the numbers, and a date does not.
  std::string date{};
};

struct ScoreCounts {
  std::uint64_t gold = 0, prediction_lines = 0, matched = 0, missing = 0, invalid_label = 0, unparseable = 0,
                extra_lines = 0, duplicate_lines = 0, responses = 0, responses_parsed = 0, scores = 0;
};

// The rows of one value of ScoreRequest::group_by, scored like the overall row.
struct GroupScore {
  std::string name;
  std::uint64_t gold = 0, matched = 0;  // the group's gold samples, those with a prediction
  ConfusionMatrix confusion;
  Classification classification;
  std::optional<BootstrapIntervals> intervals;
};

struct ScoreReport {
  ScoreSources sources;
  ScoreRequest options;
  std::string split;
  ScoreCounts counts;
  ConfusionMatrix confusion;  // as scored (missing column emptied with ignore_missing)
  Classification classification;
  std::optional<BinaryClassification> binary;  // first class vs. rest, for schemes of three or more classes
  std::optional<BootstrapIntervals> intervals;
  bool has_complexity = true;  // false: the gold has no complexity levels ("not in this benchmark")
  std::vector<Complexity> levels = std::vector<Complexity>(
      kComplexities.begin(), kComplexities.begin() + kPaperComplexityCount);  // shown_levels of the gold
  std::string group_field;                                                    // the --group-by field, "" when none
  std::vector<GroupScore> groups;
  std::string signature;
  // The evaluator that made the predictions: caqa eval's OUT.meta.json (model, prompt set
  // and its SHA-256, settings) as a JSON object, when the front end found one; "" when none.
  std::string evaluator_json;
};

// What each gold sample got: the predicted class, else the scheme's ConfusionMatrix
// missing_column (no prediction) or unparseable_column; and the counts of the rows that
// were scored. One pass over the rows in file order, one over the gold.
struct GoldOutcomes {
  std::vector<std::uint8_t> of_gold;
  std::uint64_t invalid_label = 0, unparseable = 0, scores = 0;
};
GoldOutcomes gold_outcomes(const PredictionSet& predictions, const GoldSet& gold, const Validation& validation);

ScoreReport score(const GoldOutcomes& outcomes, const PredictionSet& predictions, const GoldSet& gold,
                  const Validation& validation, const ScoreRequest& request, const ScoreSources& sources);
ScoreReport score(const PredictionSet& predictions, const GoldSet& gold, const Validation& validation,
                  const ScoreRequest& request, const ScoreSources& sources);

// The signature's and report's "mode": "four-way" for the CAQA scheme (as before
// schemes existed), else the scheme's name.
std::string scheme_mode_name(const LabelScheme& scheme);

// "caqa-score:1|split:test|n:23963|missing:wrong|dup:error|extract:lenient|mode:four-way|boot:1000|seed:13|
//  level:0.95|version:0.2.0": sacrebleu's shape, the scorer's version last.
std::string score_signature(const ScoreReport& report);

}  // namespace caqa
