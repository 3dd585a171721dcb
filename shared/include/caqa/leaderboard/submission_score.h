// Scoring one leaderboard entry (a submission or a computed baseline) with the
// defaults of `caqa score`: lenient labels, --dup error, a missing prediction is
// wrong, 1000 bootstrap resamples, seed 13, 95%. A file is refused only when
// blocks_scoring() says so, as `caqa score` does; invalid labels and unknown ids are
// scored as documented there.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "caqa/errors.h"
#include "caqa/gold_set.h"
#include "caqa/input_text.h"
#include "caqa/score.h"

namespace caqa::leaderboard {

// The benchmark the board is scored on: the default benchmark's splits and version.
struct BoardBenchmark {
  GoldSet test, train;
  std::string test_name = "benchmark/test.jsonl";
  std::string version;  // SHA-256 of test.jsonl
};

struct SubmissionScore {
  ScoreReport report;
  std::vector<std::uint8_t> outcomes;  // per gold sample: label index, kMissingColumn or kUnparseableColumn
};

struct SubmissionScoring {
  std::optional<SubmissionScore> scored;  // nullopt: blocked, see diagnostics
  Diagnostics diagnostics;
};

ScoreOptions board_score_options();

// name: the file as reports show it.
SubmissionScoring score_submission(const InputText& predictions, const std::string& name, const BoardBenchmark& b);

}  // namespace caqa::leaderboard
