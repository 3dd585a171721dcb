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

struct ScoreOptions {
  DuplicatePolicy duplicates = DuplicatePolicy::Error;
  bool ignore_missing = false;
  ExtractMode extract = ExtractMode::Lenient;
  bool binary = false;  // two-way evaluator: report supportive vs. rest only
  BootstrapOptions bootstrap{};  // resamples = 0 turns intervals off
};

// What a front end knows about the files; the core does no I/O.
struct ScoreSources {
  std::string prediction_name;
  std::string gold_name;
  std::string gold_sha256;
};

struct ScoreCounts {
  std::uint64_t gold = 0, prediction_lines = 0, matched = 0, missing = 0, invalid_label = 0,
                unparseable = 0, extra_lines = 0, duplicate_lines = 0, responses = 0,
                responses_parsed = 0, scores = 0;
};

struct ScoreReport {
  ScoreSources sources;
  ScoreOptions options;
  std::string split;
  ScoreCounts counts;
  ConfusionMatrix confusion;  // as scored (missing column emptied with ignore_missing)
  Classification classification;
  BinaryClassification binary;
  std::optional<BootstrapIntervals> intervals;
  std::string signature;
};

ScoreReport score(const PredictionSet& predictions, const GoldSet& gold, const Validation& validation,
                  const ScoreOptions& options, const ScoreSources& sources);

// "caqa-score:1|split:test|n:23963|missing:wrong|dup:error|extract:lenient|boot:1000|seed:13"
std::string score_signature(const ScoreReport& report);

// True when these problems stop a file from being scored (malformed lines, wrong
// types); invalid labels, unparseable responses and unknown ids are scored as
// documented instead.
bool blocks_scoring(ErrorCode code, DuplicatePolicy policy);
bool blocks_scoring(const Diagnostics& diagnostics, DuplicatePolicy policy);

}  // namespace caqa
