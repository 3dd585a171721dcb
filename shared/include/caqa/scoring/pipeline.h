// The classification track's one front door: read a prediction file, validate it
// against gold, apply the blocking rule (policy.h), score it. caqa validate, score,
// compare and meta, the leaderboard, the wasm module and the explorer all call this and
// differ only in how they print the result.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "caqa/gold_set.h"
#include "caqa/metrics/paired.h"
#include "caqa/prediction.h"
#include "caqa/score.h"
#include "caqa/validate.h"

namespace caqa {

struct ScoredFile {
  PredictionSet predictions;
  Validation validation;              // every problem, severities set by the blocking rule
  std::optional<ScoreReport> report;  // nullopt when a problem blocks scoring
  // Outcome per gold sample: the predicted class, then missing_column / unparseable_column
  // of the scheme's ConfusionMatrix (classes, classes + 1).
  std::vector<std::uint8_t> outcomes;

  bool blocked() const { return !report.has_value(); }
  Diagnostics blocking() const;  // the errors that stopped scoring
};

// predictions: already read with request.prediction_options(). gold_of_row: match_ids
// over every row when the caller computed it (the CLI does, on two threads).
ScoredFile score_read(const GoldSet& gold, PredictionSet predictions, const ScoreRequest& request,
                      const ScoreSources& sources, std::vector<std::uint32_t> gold_of_row = {});

ScoredFile score_file(const GoldSet& gold, const InputText& predictions, const ScoreRequest& request,
                      const ScoreSources& sources);

// Both files as bytes (the wasm module): file is nullopt when the gold file is unusable.
struct ScoredBytes {
  GoldParse gold;
  std::optional<ScoredFile> file;
};
ScoredBytes score_bytes(const InputText& gold, const InputText& predictions, const ScoreRequest& request,
                        const ScoreSources& sources);

// Joint outcomes of two files scored on the same gold (caqa compare, the leaderboard's
// paired tests, the explorer); with ignore_missing only samples both predicted count.
PairedCounts paired_counts(const GoldSet& gold, const ScoredFile& a, const ScoredFile& b, bool ignore_missing);

// "caqa-compare:1|metric:micro_f1|<score signature>"
std::string compare_signature(const CompareMetric& metric, const ScoreReport& a);

}  // namespace caqa
